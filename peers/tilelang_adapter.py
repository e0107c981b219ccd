#!/usr/bin/env python3
"""cuteref peer adapter for tilelang's CuTe layout algebra (PyPI `tilelang`
0.1.15), `tilelang.layout.cute`, on the CPU.

tilelang re-implements CuTe's hierarchical layouts in C++ (`tl.cute.*`,
reached through TVM-FFI) to lower TMA copies; `tilelang.layout.cute` is its
Python face.  The adapter builds each request's layouts with its
`make_layout` and prints what its functions return (its `str` is CuTe's
notation).

- tilelang's import loads torch first ("preload torch to avoid dlopen
  errors", `tilelang/__init__.py`) and reads a few of its attributes
  (`torch.dtype` in a type union, `torch.cuda`, `torch.utils.dlpack`); the
  algebra never touches torch.  Where torch is not installed the adapter
  lends it a stand-in: a package whose every attribute is a class (so
  `ir.Type | torch.dtype` and `isinstance` work) and whose submodules are
  found by an import hook.  What tilelang then needs is apache-tvm-ffi
  0.1.12, z3-solver (its libz3 is loaded at import), numpy, ml-dtypes,
  psutil, tqdm, cloudpickle and typing-extensions (tools/setup.sh --peers
  installs them without dependencies).
- tilelang's C++ layer reports a failed check as an exception
  (`InternalError: Check failed: ...`), which is answered as an error; a
  crash of the process is survived all the same: the requests run in a
  worker forked from this process, a request the worker dies on is asked
  again alone in a fresh worker and answered `error CRASH <signal>` if that
  dies too (adapter_runtime.RetryingDriver).

Notation mapping only, no algebra: a bare shape where a layout goes is
tilelang's `make_layout(shape)` (column-major); an integer tiler `n` is the
layout `n:1` (tilelang's composition, divide and products take a layout
only: a by-mode tiler, `<...>` or a tuple, is UNSUPPORTED);
`complement(L)` passes tilelang's own `cosize(L)` as the cotarget (CuTe's
default; tilelang's complement requires one, an integer: a shape cotarget is
UNSUPPORTED); `make_layout(L0, L1, ...)` is tilelang's concatenation;
`L(c)` and `eval(L, c)` are tilelang's `Layout.__call__`.  Not mapped:
tilelang's `coalesce(L, max_extent)` (a bound on the merged extent, not
CuTe's `coalesce(L, profile)`: UNSUPPORTED), `make_column_major_layout` and
`make_row_major_layout` (layouts, where CuTe's `compact_col_major` and
`compact_row_major` are strides: a size-1 mode's stride, which no layout
reads, would differ),
`Layout.__getitem__` (the notation's `get<i>` has template arguments),
`restrict`, `Swizzle` and `ComposedLayout` (tilelang builds a composed layout
only from its own tilelang layouts, `ComposedLayout.from_tilelang`); every
operation it lacks (the zipped, tiled and flat divides, zipped, flat and
raked products, nullspace, upcast, ...) is UNSUPPORTED.
"""

from __future__ import annotations

import argparse
import importlib.abc
import importlib.machinery
import os
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import adapter_runtime as rt  # noqa: E402
from adapter_runtime import BadArg, Unsupported  # noqa: E402
from cuteref_notation import Call, Int, Lay, Tup, Under  # noqa: E402

PIN = "0.1.15"
BATCH_MAX = 512
INT64 = (-(1 << 63), (1 << 63) - 1)


# --------------------------------------------------------------------------
# A stand-in torch for tilelang's import
# --------------------------------------------------------------------------

class _StandInClass(type):
    """A class whose every attribute is another such class."""

    def __getattr__(cls, name):
        if name.startswith("__"):
            raise AttributeError(name)
        v = _StandInClass(name, (), {})
        setattr(cls, name, v)
        return v


class _StandInModule(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        v = _StandInClass(name, (), {})
        setattr(self, name, v)
        return v


class _StandInFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds `torch` and `torch.*` as stand-in packages."""

    def find_spec(self, fullname, path, target=None):
        if fullname == "torch" or fullname.startswith("torch."):
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec):
        m = _StandInModule(spec.name)
        m.__path__ = []
        return m

    def exec_module(self, module):
        pass


cute = None              # tilelang.layout.cute, set by load()
TORCH = "torch"          # what tilelang's `import torch` got


def load():
    global cute, TORCH
    try:
        import torch  # noqa: F401
        TORCH = "torch " + getattr(torch, "__version__", "?")
    except Exception:  # noqa: BLE001 - not installed, or fails without a GPU stack
        for k in [k for k in sys.modules if k == "torch" or k.startswith("torch.")]:
            del sys.modules[k]
        sys.meta_path.insert(0, _StandInFinder())
        TORCH = "a stand-in torch module"
    import tilelang.layout.cute as _cute
    cute = _cute


# --------------------------------------------------------------------------
# Syntax tree -> tilelang values
# --------------------------------------------------------------------------

def _plain(node):
    if isinstance(node, Int):
        if not INT64[0] <= node.value <= INT64[1]:
            raise Unsupported(f"the integer {node.value} (tilelang's integers are 64-bit)")
        return
    if not isinstance(node, Tup):
        raise Unsupported(f"{node} (integer layouts only: basis strides, swizzles and composed layouts are not mapped)")


def literal(node):
    return rt.literal_inttuple(node, _plain)


def as_inttuple(node):
    if isinstance(node, Call):
        v = evaluate(node)
        if isinstance(v, (int, tuple)):
            return v
        raise BadArg(f"{node.name}(...) did not give an IntTuple")
    return literal(node)


def as_layout(node):
    if isinstance(node, Lay):
        return cute.make_layout(literal(node.shape), literal(node.stride))
    if isinstance(node, Call):
        v = evaluate(node)
        if isinstance(v, cute.Layout):
            return v
        if isinstance(v, (int, tuple)):
            return cute.make_layout(v)
        raise BadArg(f"{node.name}(...) did not give a layout")
    return cute.make_layout(literal(node))


def as_tiler(node):
    """A layout; an integer n is n:1."""
    if isinstance(node, Int):
        return cute.make_layout(literal(node), 1)
    if isinstance(node, (Lay, Call)):
        return as_layout(node)
    raise Unsupported(f"the tiler {node} (tilelang's composition, divide and products take a layout only)")


def as_coord(node):
    if isinstance(node, Under) or (isinstance(node, Tup) and any(isinstance(i, Under) for i in node.items)):
        raise Unsupported("a coordinate with `_` (tilelang has no slice)")
    return as_inttuple(node)


# --------------------------------------------------------------------------
# Operations
# --------------------------------------------------------------------------

def _complement(a):
    L = as_layout(a[0])
    if len(a) == 1:
        return cute.complement(L, cute.cosize(L))
    cotarget = as_inttuple(a[1])
    if not isinstance(cotarget, int):
        raise Unsupported("complement with a shape cotarget (tilelang's takes an integer)")
    return cute.complement(L, cotarget)


def _make_layout(a):
    """make_layout(shape[, stride]) of IntTuples (literals or computed), or
    make_layout(L0, L1, ...), tilelang's concatenation of layouts."""
    vals = [evaluate(x) if isinstance(x, Call) else x for x in a]
    if len(vals) <= 2 and all(isinstance(v, (Int, Tup, int, tuple)) for v in vals):
        return cute.make_layout(*[v if isinstance(v, (int, tuple)) else literal(v) for v in vals])
    return cute.make_layout([_layout_of(v) for v in vals])


def _layout_of(v):
    """A value of _make_layout's arguments as a layout."""
    if isinstance(v, cute.Layout):
        return v
    if isinstance(v, (int, tuple)):
        return cute.make_layout(v)
    return as_layout(v)


def _eval(a):
    coord = as_coord(a[1]) if len(a) == 2 else tuple(as_coord(x) for x in a[1:])
    return as_layout(a[0])(coord)


def _coalesce_profile(a):
    raise Unsupported("coalesce with a profile (tilelang's second argument is a bound on the merged extent)")


def _two(fn):
    return {2: lambda a: fn(as_layout(a[0]), as_tiler(a[1]))}


OPS = {
    "size":              {1: lambda a: cute.size(as_layout(a[0]))},
    "cosize":            {1: lambda a: cute.cosize(as_layout(a[0]))},
    "rank":              {1: lambda a: cute.rank(as_layout(a[0]))},
    "shape":             {1: lambda a: as_layout(a[0]).shape},
    "stride":            {1: lambda a: as_layout(a[0]).stride},
    "coshape":           {1: lambda a: cute.coshape(as_layout(a[0]))},
    "flatten":           {1: lambda a: cute.flatten(as_layout(a[0]))},
    "coalesce":          {1: lambda a: cute.coalesce(as_layout(a[0])), 2: _coalesce_profile},
    "filter":            {1: lambda a: cute.filter(as_layout(a[0]))},
    "composition":       _two(lambda A, B: cute.composition(A, B)),
    "with_shape":        {2: lambda a: as_layout(a[0]).with_shape(as_inttuple(a[1]))},
    "complement":        {1: _complement, 2: _complement},
    "right_inverse":     {1: lambda a: cute.right_inverse(as_layout(a[0]))},
    "left_inverse":      {1: lambda a: cute.left_inverse(as_layout(a[0]))},
    "logical_divide":    _two(lambda A, B: cute.logical_divide(A, B)),
    "logical_product":   _two(lambda A, B: cute.logical_product(A, B)),
    "tiled_product":     _two(lambda A, B: cute.tiled_product(A, B)),
    "blocked_product":   _two(lambda A, B: cute.blocked_product(A, B)),
    "make_layout":       {n: _make_layout for n in range(1, 33)},
    "make_identity_layout": {1: lambda a: cute.make_identity_layout(as_inttuple(a[0]))},
    "eval":              {n: _eval for n in range(2, 34)},
    "product":           {1: lambda a: cute.product(as_inttuple(a[0]))},
    "congruent":         {2: lambda a: cute.congruent(as_inttuple(a[0]), as_inttuple(a[1]))},
    "compatible":        {2: lambda a: cute.compatible(as_inttuple(a[0]), as_inttuple(a[1]))},
}


def evaluate(call: Call):
    if call.name == "notation" and len(call.args) == 1:   # a bare value, printed back
        node = call.args[0]
        return as_layout(node) if isinstance(node, Lay) else literal(node)
    return rt.lookup(OPS, call)(call.args)


def _text(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, tuple):
        return "(" + ",".join(_text(x) for x in v) + ")"
    if isinstance(v, cute.ScaledBasis):       # printed v@j@i, as cuteref writes a basis
        return repr(v)
    raise BadArg(f"a result of kind {type(v).__name__}")


def format_value(v) -> str:
    if isinstance(v, cute.Layout):
        return "".join(str(v).split())
    return _text(v)


def failure(e: Exception) -> str:
    if isinstance(e, RecursionError):
        return rt.NESTING[len("error "):]
    return f"{type(e).__name__}: {rt.one_line(e, 300) or '(no message)'}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        description="cuteref peer adapter backed by tilelang %s's CuTe layout algebra (tilelang.layout.cute) on "
                    "the CPU: one request per stdin line, one 'ok <result>' / 'error <text>' line per request on "
                    "stdout, in order; crashes are answered 'error CRASH <signal>'." % PIN)
    rt.worker_options(ap, BATCH_MAX)
    rt.info_options(ap, "print the tilelang version in use and exit")
    args = ap.parse_args(argv)
    try:
        load()
    except Exception as exc:  # noqa: BLE001 - install problem
        sys.stderr.write("tilelang_adapter: cannot import tilelang.layout.cute (tools/setup.sh --peers installs "
                         "tilelang==%s and what it imports): %s: %s\n" % (PIN, type(exc).__name__, exc))
        return 2
    if rt.print_info(args, OPS, lambda: f"tilelang {rt.dist_version('tilelang')} (tilelang.layout.cute, "
                                        f"apache-tvm-ffi {rt.dist_version('apache-tvm-ffi')}, with {TORCH})"):
        return 0
    loop = rt.line_worker(lambda line: rt.answer(line, evaluate, format_value, 0, failure))
    return rt.serve_batches(rt.RetryingDriver(args.timeout, loop), args.batch, "tilelang_adapter", args.stats)


if __name__ == "__main__":
    with rt.quiet_end():
        sys.exit(main())
