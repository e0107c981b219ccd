#!/usr/bin/env python3
"""cuteref peer adapter for AMD's FlyDSL (PyPI `flydsl` 0.4.2), the layout
algebra of its `fly` MLIR dialect, on the CPU.

FlyDSL computes static layouts while it builds the `fly` dialect's ops: each
op's result type carries its value, `!fly.layout<((2,2),3):((24,2),8)>` or
`!fly.int_tuple<10>`.  The adapter builds each request's ops in an MLIR
module of a bare context (no `@jit`, no GPU, no compilation) and prints the
value its result type carries.

- FlyDSL's import needs numpy and imports `torch` for its JIT arguments
  only (`flydsl/compiler/jit_argument.py`); where torch is not installed
  the adapter lends it a stand-in module whose attributes are dummies (the
  algebra never touches them), so torch need not be installed.
- FlyDSL's C++ layer ends the process on some inputs (a failed `assert`,
  SIGABRT, e.g. `composition((4,6):(1,10), 3:2)`).  The requests run in a
  worker forked from this process, which reports each answer as soon as it
  has it; when it dies, the request it was on is asked again alone in a
  fresh worker, and if that dies too the answer is `error CRASH <signal>`
  followed by FlyDSL's own last word (`LayoutUtils.h:762 compositionImpl:
  Assertion ... failed`: the worker's stderr goes to a file, read after a
  crash and then passed on to the adapter's stderr), listed on stderr with
  --stats, as the CuTe DSL's adapter does.
- A worker silent for --timeout seconds is killed: `error TIMEOUT`.

Notation mapping only, no algebra: every integer is static (FlyDSL's static
integers are 32-bit: an integer outside int32 is answered `UNSUPPORTED`,
FlyDSL would truncate it silently); a bare shape where a layout is expected
is FlyDSL's `make_ordered_layout(shape, (0, 1, ...))`, the compact
column-major layout; an integer tiler `n` is the layout `n:1`, a tuple or
`<...>` tiler FlyDSL's `make_tile` (`_` is None); `L(c)` is `crd2idx(c, L)`;
`upcast(L, n)` / `downcast(L, n)` are `recast_layout(L, 8, 8n)` /
`recast_layout(L, 8n, 8)`; `tile_to_shape(A, S)` passes CuTe's default
order `(0, 1, ...)`; `idx2crd(i, L)` passes the compact layout of L's
shape (CuTe's two-argument idx2crd reads the shape only; FlyDSL's inverts
through the strides); FlyDSL's basis strides `1E1E0` are printed `1@0@1`.
Operations and argument forms FlyDSL's builders do not take ("expected
LayoutType for tiler") are answered `error UNSUPPORTED ...`.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import types

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import adapter_runtime as rt  # noqa: E402
from adapter_runtime import BadArg, Unsupported, one_line  # noqa: E402
from cuteref_notation import (  # noqa: E402
    Call, Int, Lay, ParseError, Tiler, Tup, Under, format_inttuple, parse_request,
)

PIN = "0.4.2"
BATCH_MAX = 512        # requests handed to the worker at once
MODULE_OPS = 256       # requests per MLIR module before a fresh one
INT32 = (-(1 << 31), (1 << 31) - 1)


class _TorchStandIn(types.ModuleType):
    """`torch` for FlyDSL's import: any attribute is a dummy (a class for a
    capitalized name, another stand-in module otherwise)."""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        v = _TorchStandIn(self.__name__ + "." + name) if name[:1].islower() else type(name, (), {})
        setattr(self, name, v)
        return v


fx = ir = None          # flydsl.expr and its MLIR bindings, set by load()
TORCH = "torch"         # what FlyDSL's `import torch` got
WORKER_LOG = None       # the file a worker writes its stderr to (Driver sets it before the fork)


def load():
    global fx, ir, TORCH
    try:
        import torch  # noqa: F401
        TORCH = "torch " + getattr(torch, "__version__", "?")
    except Exception:  # noqa: BLE001 - not installed, or fails to import without a GPU stack
        for k in [k for k in sys.modules if k == "torch" or k.startswith("torch.")]:
            del sys.modules[k]
        sys.modules["torch"] = _TorchStandIn("torch")
        TORCH = "a stand-in torch module"
    import flydsl.expr as _fx
    from flydsl._mlir import ir as _ir
    fx, ir = _fx, _ir


# --------------------------------------------------------------------------
# Syntax tree -> FlyDSL values (inside the worker, in an MLIR module)
# --------------------------------------------------------------------------

def _no_new_forms(node):
    rt.refuse_new_forms(node, "not mapped: FlyDSL's swizzle type has no Python builder in fx")


def _mapped(node):
    _no_new_forms(node)
    if isinstance(node, Int) and not INT32[0] <= node.value <= INT32[1]:
        raise Unsupported(f"the integer {node.value} (FlyDSL's static integers are 32-bit)")


def literal_inttuple(node):
    return rt.literal_inttuple(node, _mapped)


def _leaves_order(shape, start=0):
    """(0, 1, ...) in the nesting of `shape`: the column-major order."""
    if isinstance(shape, tuple):
        out = []
        for s in shape:
            o, start = _leaves_order(s, start)
            out.append(o)
        return tuple(out), start
    return start, start + 1


def compact(shape):
    if isinstance(shape, int):
        return fx.make_layout(shape, 1)
    return fx.make_ordered_layout(shape, _leaves_order(shape)[0])


def is_layout(v) -> bool:
    return isinstance(v, fx.Layout) or isinstance(v, getattr(fx, "ComposedLayout", ()))


def as_layout(node):
    _no_new_forms(node)
    if isinstance(node, Lay):
        return fx.make_layout(literal_inttuple(node.shape), literal_inttuple(node.stride))
    if isinstance(node, (Int, Tup)):
        return compact(literal_inttuple(node))
    if isinstance(node, Call):
        v = evaluate(node)
        if is_layout(v):
            return v
        if isinstance(v, fx.IntTuple):
            return compact(py_value(v))
        if isinstance(v, (int, tuple)):
            return compact(v)
        raise BadArg(f"{node.name}(...) did not give a layout")
    raise BadArg(f"expected a layout, got {node}")


def as_inttuple(node):
    """A Python int or tuple."""
    _no_new_forms(node)
    if isinstance(node, (Int, Tup)):
        return literal_inttuple(node)
    if isinstance(node, Call):
        v = evaluate(node)
        if isinstance(v, fx.IntTuple):
            return py_value(v)
        if isinstance(v, (int, tuple)):
            return v
        raise BadArg(f"{node.name}(...) did not give an IntTuple")
    raise BadArg(f"expected an integer or IntTuple, got {node}")


def as_int(node):
    v = as_inttuple(node)
    if not isinstance(v, int):
        raise BadArg(f"expected an integer, got {node}")
    return v


def as_coord(node):
    """A coordinate: `_` is None, as FlyDSL spells it."""
    if isinstance(node, Under):
        return None
    if isinstance(node, Tup):
        return tuple(as_coord(i) for i in node.items)
    return as_inttuple(node)


def _tile_item(node):
    _no_new_forms(node)
    if isinstance(node, Under):
        return None
    if isinstance(node, Int):
        return literal_inttuple(node)
    if isinstance(node, Tup):
        return literal_inttuple(node)
    if isinstance(node, Lay):
        return as_layout(node)
    if isinstance(node, Tiler):
        raise Unsupported("a tiler inside a tiler (not mapped)")
    if isinstance(node, Call):
        v = evaluate(node)
        if is_layout(v):
            return v
        raise Unsupported(f"{node.name}(...) inside a tiler")
    raise BadArg(f"expected a tiler item, got {node}")


def as_tiler(node):
    """A layout (an integer n is n:1), or FlyDSL's make_tile of a tuple or
    `<...>`."""
    _no_new_forms(node)
    if isinstance(node, Int):
        return fx.make_layout(literal_inttuple(node), 1)
    if isinstance(node, Lay):
        return as_layout(node)
    if isinstance(node, (Tup, Tiler)):
        return fx.make_tile(*[_tile_item(i) for i in node.items])
    if isinstance(node, Under):
        raise Unsupported("`_` as a whole tiler")
    if isinstance(node, Call):
        v = evaluate(node)
        if is_layout(v):
            return v
        raise Unsupported(f"{node.name}(...) as a tiler")
    raise BadArg(f"expected a tiler, got {node}")


# --------------------------------------------------------------------------
# Results: the static value a result type carries
# --------------------------------------------------------------------------

_TYPE_RE = re.compile(r"^!fly\.(layout|int_tuple|composed_layout)<(.*)>$", re.S)


def type_text(v) -> str:
    t = str(v.type)
    m = _TYPE_RE.match(t)
    if not m:
        raise BadArg(f"a result of type {t}")
    return m.group(1), m.group(2)


def py_value(v):
    """An IntTuple result as a Python int or tuple."""
    kind, text = type_text(v)
    if kind != "int_tuple":
        raise BadArg(f"expected an IntTuple, got {kind}")
    if "?" in text:
        raise BadArg(f"a dynamic IntTuple {text}")
    return _parse_tuple(text.replace(" ", ""))


def _parse_tuple(s):
    def rd(i):
        if s[i] == "(":
            items, i = [], i + 1
            if s[i] == ")":
                return (), i + 1
            while True:
                x, i = rd(i)
                items.append(x)
                if s[i] == ",":
                    i += 1
                    continue
                if s[i] == ")":
                    return tuple(items), i + 1
                raise ValueError(s)
        m = re.compile(r"-?\d+").match(s, i)
        if not m:
            raise ValueError(s)
        return int(m.group(0)), m.end()
    v, i = rd(0)
    if i != len(s):
        raise ValueError(s)
    return v


def format_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, tuple)):
        return format_inttuple(v)
    if hasattr(v, "type"):
        kind, text = type_text(v)
        text = text.replace(" ", "") if kind != "composed_layout" else " ".join(text.split())
        # basis strides: FlyDSL's vEiEj (mode i, then its mode j) is cuteref's v@j@i
        return re.sub(r"(-?\d+)((?:E\d+)+)",
                      lambda m: m.group(1) + "".join("@" + k for k in reversed(m.group(2).split("E")[1:])), text)
    raise BadArg(f"a result of kind {type(v).__name__}")


# --------------------------------------------------------------------------
# Operations
# --------------------------------------------------------------------------

def _complement(a):
    L = as_layout(a[0])
    if len(a) == 1:
        return fx.complement(L)
    return fx.complement(L, as_inttuple(a[1]))


def _coalesce(a):
    L = as_layout(a[0])
    return fx.coalesce(L) if len(a) == 1 else fx.coalesce(L, as_inttuple(a[1]))


def _two(fn):
    return {2: lambda a: fn(as_layout(a[0]), as_tiler(a[1]))}


def _crd2idx(a):
    if len(a) == 3:
        L = fx.make_layout(as_inttuple(a[1]), as_inttuple(a[2]))
    else:
        L = as_layout(a[1])
    return fx.crd2idx(as_coord(a[0]), L)


def _idx2crd(a):
    """CuTe's idx2crd(i, shape) reads the shape only; FlyDSL's idx2crd(i, L)
    inverts L through its strides (CuTe's three-argument form), so it is
    given the compact layout of the shape."""
    node = a[1]
    shape = literal_inttuple(node) if isinstance(node, (Int, Tup)) else py_value(fx.get_shape(as_layout(node)))
    return fx.idx2crd(as_inttuple(a[0]), compact(shape))


def _eval(a):
    L = as_layout(a[0])
    coord = as_coord(a[1]) if len(a) == 2 else tuple(as_coord(x) for x in a[1:])
    if coord is None or (isinstance(coord, tuple) and _has_none(coord)):
        return fx.slice(L, coord)
    return fx.crd2idx(coord, L)


def _has_none(t):
    return t is None or (isinstance(t, tuple) and any(_has_none(x) for x in t))


def _make_layout(a):
    """make_layout(shape), make_layout(shape, stride), or make_layout(L0,
    L1, ...): a layout whose modes are L0, L1, ..., built with FlyDSL's
    make_layout from their shapes and strides (get_shape, get_stride)."""
    if len(a) <= 2 and all(isinstance(x, (Int, Tup)) for x in a):
        return compact(as_inttuple(a[0])) if len(a) == 1 else fx.make_layout(as_inttuple(a[0]), as_inttuple(a[1]))
    parts = [as_layout(x) for x in a]
    return fx.make_layout(tuple(py_value(fx.get_shape(L)) for L in parts),
                          tuple(py_value(fx.get_stride(L)) for L in parts))


def _tile_to_shape(a):
    shape = as_inttuple(a[1])
    order = as_inttuple(a[2]) if len(a) == 3 else _leaves_order(shape)[0]
    return fx.tile_to_shape(as_layout(a[0]), shape, order)


def _recast(up):
    def run(a):
        n = as_int(a[1])
        if n <= 0:
            raise BadArg(f"a recast by {n}")
        return fx.recast_layout(as_layout(a[0]), 8, 8 * n) if up else fx.recast_layout(as_layout(a[0]), 8 * n, 8)
    return {2: run}


def _ints(fn):
    return {2: lambda a: fn(fx.make_int_tuple(as_inttuple(a[0])), fx.make_int_tuple(as_inttuple(a[1])))}


OPS = {
    "size":              {1: lambda a: fx.size(as_layout(a[0]))},
    "cosize":            {1: lambda a: fx.cosize(as_layout(a[0]))},
    "rank":              {1: lambda a: fx.rank(as_layout(a[0]))},
    "depth":             {1: lambda a: fx.depth(as_layout(a[0]))},
    "coalesce":          {1: _coalesce, 2: _coalesce},
    "composition":       _two(lambda A, B: fx.composition(A, B)),
    "complement":        {1: _complement, 2: _complement},
    "right_inverse":     {1: lambda a: fx.right_inverse(as_layout(a[0]))},
    "left_inverse":      {1: lambda a: fx.left_inverse(as_layout(a[0]))},
    "logical_divide":    _two(lambda A, B: fx.logical_divide(A, B)),
    "zipped_divide":     _two(lambda A, B: fx.zipped_divide(A, B)),
    "tiled_divide":      _two(lambda A, B: fx.tiled_divide(A, B)),
    "flat_divide":       _two(lambda A, B: fx.flat_divide(A, B)),
    "logical_product":   _two(lambda A, B: fx.logical_product(A, B)),
    "zipped_product":    _two(lambda A, B: fx.zipped_product(A, B)),
    "tiled_product":     _two(lambda A, B: fx.tiled_product(A, B)),
    "flat_product":      _two(lambda A, B: fx.flat_product(A, B)),
    "blocked_product":   _two(lambda A, B: fx.blocked_product(A, B)),
    "raked_product":     _two(lambda A, B: fx.raked_product(A, B)),
    "tile_to_shape":     {2: _tile_to_shape, 3: _tile_to_shape},
    "make_layout":       {n: _make_layout for n in range(1, 33)},
    "make_ordered_layout": {2: lambda a: fx.make_ordered_layout(as_inttuple(a[0]), as_inttuple(a[1]))},
    "make_layout_like":  {1: lambda a: fx.make_layout_like(as_layout(a[0]))},
    "make_identity_layout": {1: lambda a: fx.make_identity_layout(as_inttuple(a[0]))},
    "coprofile":         {1: lambda a: fx.coprofile(as_layout(a[0]))},
    "coshape":           {1: lambda a: fx.coshape(as_layout(a[0]))},
    "crd2idx":           {2: _crd2idx, 3: _crd2idx},
    "idx2crd":           {2: _idx2crd},
    "eval":              {n: _eval for n in range(2, 34)},
    "slice":             {2: lambda a: fx.slice(as_layout(a[1]), as_coord(a[0]))},
    "upcast":            _recast(True),
    "downcast":          _recast(False),
    "product":           {1: lambda a: fx.int_tuple_product(fx.make_int_tuple(as_inttuple(a[0])))},
    "shape_div":         _ints(lambda x, y: fx.shape_div(x, y)),
    "ceil_div":          _ints(lambda x, y: fx.ceil_div(x, y)),
}


def evaluate(call: Call):
    if call.name == "notation" and len(call.args) == 1:   # a bare value, printed back
        node = call.args[0]
        if isinstance(node, Lay):
            return as_layout(node)
        return as_inttuple(node)
    return rt.lookup(OPS, call)(call.args)


def _mlir_message(text: str) -> str:
    """The message of an MLIRError without its Python call-site locations."""
    m = re.search(r"error: .*?\)\):\s*(.*)", text, re.S)
    if m:
        return m.group(1)
    m = re.search(r"error: (?:[^:]*:\d+:\d+:\s*)?(.*)", text, re.S)
    return m.group(1) if m else text


def failure(e: Exception) -> str:
    """The answer (after `error `) to a failure of FlyDSL."""
    if isinstance(e, RecursionError):
        return rt.NESTING[len("error "):]
    text = one_line(_mlir_message(str(e)), 300) or "(no message)"
    if re.search(r"expected (\w+ or )?\w*(LayoutType|TileType)\w* for", text) or \
            "make_tile: expected" in text:
        # the op's builder takes no such form of argument (an integer
        # or a tuple as a product's tiler): a form it does not provide
        return f"UNSUPPORTED argument form: {text}"
    return f"{type(e).__name__}: {text}"


# --------------------------------------------------------------------------
# The worker: evaluates requests in MLIR modules, one answer line each
# --------------------------------------------------------------------------

def worker_loop(rfd: int, wfd: int) -> None:
    """Reads batches ('N\\n' then N lines); writes `i answer` per request
    as soon as it has it."""
    from flydsl.compiler.jit_function import _create_mlir_context
    if WORKER_LOG:   # FlyDSL's assert messages, for the answer to a crash
        fd = os.open(WORKER_LOG, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(fd, 2)
        os.dup2(fd, 1)
        os.close(fd)
    rf = os.fdopen(rfd, "r", encoding="utf-8", errors="replace")
    ctx = _create_mlir_context()
    with ctx, ir.Location.unknown():
        module, used = ir.Module.create(), 0
        while True:
            head = rf.readline()
            if not head:
                return
            for i in range(int(head)):
                line = rf.readline().rstrip("\n")
                if used >= MODULE_OPS:
                    module, used = ir.Module.create(), 0
                used += 1
                try:   # rt.parse written out: no frame more under the parser than before it was shared
                    call = parse_request(line)
                except ParseError as e:
                    ans = f"error PARSE {e}"
                except RecursionError:
                    ans = rt.NESTING
                else:
                    with ir.InsertionPoint(module.body):
                        ans = rt.answer_call(call, evaluate, format_value, failure)
                os.write(wfd, (f"{i} {ans}\n").encode("utf-8", "replace"))


def last_word(text: str) -> str:
    """What FlyDSL said as it died: its failed assert (file:line, the
    function, the condition) or its last error line; '' when none."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    for ln in reversed(lines):
        m = re.search(r"([\w.]+\.\w+:\d+): (?:.*?::(operator\W+|\w+)\()?.*(Assertion .* failed\.?)", ln)
        if m:
            return f"{m.group(1)}" + (f" {m.group(2)}" if m.group(2) else "") + f": {m.group(3)}"
        if re.search(r"Assertion|ERROR|[Ee]rror:|terminate called", ln):
            return ln
    return ""


class Driver(rt.RetryingDriver):
    def __init__(self, timeout: float):
        global WORKER_LOG
        super().__init__(timeout, worker_loop)
        fd, self.log = tempfile.mkstemp(prefix="flydsl_adapter.", suffix=".stderr")
        os.close(fd)
        WORKER_LOG = self.log

    def _log(self) -> str:
        """The worker's stderr since it started, passed on to ours."""
        try:
            with open(self.log, encoding="utf-8", errors="replace") as f:
                text = f.read()
            open(self.log, "w").close()
        except OSError:
            return ""
        if text:
            sys.stderr.write(text)
            sys.stderr.flush()
        return text

    def close(self):
        super().close()
        self._log()
        try:
            os.unlink(self.log)
        except OSError:
            pass

    def _on_start(self):
        self._log()     # a fresh worker starts its file anew

    def _crash_detail(self):
        return one_line(last_word(self._log()), 240)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        description="cuteref peer adapter backed by FlyDSL (flydsl %s), its fly dialect's static layouts "
                    "on the CPU: one request per stdin line, one 'ok <result>' / 'error <text>' line per "
                    "request on stdout, in order; crashes are answered 'error CRASH <signal>'." % PIN)
    rt.worker_options(ap, BATCH_MAX)
    rt.info_options(ap, "print the FlyDSL version in use and exit")
    args = ap.parse_args(argv)
    try:
        load()
    except Exception as exc:  # noqa: BLE001 - install problem
        sys.stderr.write("flydsl_adapter: cannot import flydsl (pip install flydsl==%s numpy): %s\n" % (PIN, exc))
        return 2

    def version():
        import flydsl
        return f"flydsl {rt.dist_version('flydsl')} at {os.path.dirname(flydsl.__file__)} (with {TORCH})"
    if rt.print_info(args, OPS, version):
        return 0
    return rt.serve_batches(Driver(args.timeout), args.batch, "flydsl_adapter", args.stats)


if __name__ == "__main__":
    with rt.quiet_end():
        sys.exit(main())
