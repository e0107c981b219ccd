#!/usr/bin/env python3
"""cuteref peer adapter for the CuTe Python DSL (PyPI `nvidia-cutlass-dsl`).

The DSL computes the layout algebra of static layouts while it traces a
`@cute.jit` function, with no GPU.  This adapter evaluates many requests in
one trace: a jit function whose body (a plain Python function, so the DSL's
AST rewriting leaves it alone) calls the DSL for each request of a batch and
keeps the printed result.

- A request the DSL rejects (an MLIR error, a Python exception) is
  evaluated again alone, in a trace of its own, once the trace it was in
  is over; that answer is the one given (`error <ExceptionName>:
  <message>`).  Answers are written as soon as they are final: up to the
  first rejection of a trace at once, the rest after those retries.
  (Answers in a batch and one request per trace, `--batch 1`, were the
  same on every vector; peers/adapters_check.sh checks it on a sample.)
- The DSL's C++ layer kills the process (SIGABRT from an uncaught C++
  exception, SIGFPE) on some inputs.  The traces therefore run in a worker
  process forked from this one; the worker writes one answer per request
  as soon as it has it.  When the worker dies, the request it was on is
  answered `error CRASH <signal>`, a new worker is forked, and it goes on
  with the next request: nothing is lost or reordered.
- A worker silent for --timeout seconds is killed: `error TIMEOUT`.

Lines are answered in order, one answer per line, as soon as the lines
available on stdin are evaluated (interactive and batch use both work).

The DSL's "Operand N of operation ... must be a Value" (its op builder
does not take that form of argument, e.g. an integer as zipped_divide's
tiler) is answered `error UNSUPPORTED argument form: ...`.

Notation mapping only, no algebra: a bare IntTuple where a layout is
expected is `make_layout(shape)`; `<a, b>` is a Python tuple of tilers,
`_` is None; complement with one argument passes the DSL's own
`cosize(A)` as the cotarget (CuTe's default; the DSL requires one).
"""

from __future__ import annotations

import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import adapter_runtime as rt  # noqa: E402
from adapter_runtime import BadArg, Unsupported, literal_inttuple, one_line  # noqa: E402
from cuteref_notation import (  # noqa: E402
    Basis, Call, Composed, Int, Lay, ParseError, Swz, Sym, Tiler, Tup, Under, format_inttuple, parse_request,
)

PIN = "4.8.1"
BATCH_MAX = 512      # requests per batch sent to the worker


def _import_dsl():
    try:
        import cutlass.cute as cute  # noqa: F401
        return cute
    except Exception as exc:  # noqa: BLE001 - install problem
        sys.stderr.write("cutedsl_adapter: cannot import cutlass.cute "
                         "(pip install nvidia-cutlass-dsl==%s): %s\n" % (PIN, exc))
        sys.exit(2)


cute = None   # set by main() (the import takes about half a second)


# --------------------------------------------------------------------------
# Syntax tree -> DSL values (called while tracing)
# --------------------------------------------------------------------------

def literal_stride(node):
    """A stride; a basis stride v@(i,j) is the DSL's ScaledBasis(v, [i, j])
    (spec/basis.md)."""
    if isinstance(node, Basis):
        return cute.ScaledBasis(node.value.value, list(node.path) if len(node.path) > 1 else node.path[0])
    if isinstance(node, Tup):
        return tuple(literal_stride(i) for i in node.items)
    return literal_inttuple(node)


def is_layout(v) -> bool:
    """A layout, or a composed layout (outer o offset o inner)."""
    if isinstance(v, (int, tuple)):
        return False
    return (hasattr(v, "shape") and hasattr(v, "stride")) or (hasattr(v, "inner") and hasattr(v, "outer"))


def as_layout(node):
    """A swizzle `Sw<B,M,S>` is the DSL's make_swizzle(B, M, S), a composed
    layout `A o O o B` its make_composed_layout(A, O, B) (spec/swizzle.md,
    spec/composed.md)."""
    if isinstance(node, Swz):
        return cute.make_swizzle(node.b, node.m, node.s)
    if isinstance(node, Composed):
        return cute.make_composed_layout(as_layout(node.outer), as_int(node.offset), as_layout(node.inner))
    if isinstance(node, Lay):
        return cute.make_layout(literal_inttuple(node.shape), stride=literal_stride(node.stride))
    if isinstance(node, (Int, Tup)):
        return cute.make_layout(literal_inttuple(node))
    if isinstance(node, Call):
        v = evaluate(node)
        if is_layout(v):
            return v
        if isinstance(v, (int, tuple)):
            return cute.make_layout(v)
        raise BadArg(f"{node.name}(...) did not give a layout")
    raise BadArg(f"expected a layout, got {node}")


def as_tiler(node):
    if isinstance(node, Under):
        return None
    if isinstance(node, Int):
        return node.value
    if isinstance(node, Tup):
        return tuple(as_tiler(i) for i in node.items)
    if isinstance(node, Lay):
        return as_layout(node)
    if isinstance(node, Tiler):
        return tuple(as_tiler(i) for i in node.items)
    if isinstance(node, Call):
        return evaluate(node)
    raise BadArg(f"expected a tiler, got {node}")


def as_inttuple(node):
    if isinstance(node, (Int, Tup)):
        return literal_inttuple(node)
    if isinstance(node, Call):
        v = evaluate(node)
        if not is_layout(v):
            return v
        raise BadArg(f"{node.name}(...) did not give an IntTuple")
    raise BadArg(f"expected an integer or IntTuple, got {node}")


def as_int(node):
    v = as_inttuple(node)
    if not isinstance(v, int):
        raise BadArg(f"expected an integer, got {node}")
    return v


def as_coord(node):
    """A coordinate: `_` is None (a slice), as the DSL spells it."""
    if isinstance(node, Under):
        return None
    if isinstance(node, Tup):
        return tuple(as_coord(i) for i in node.items)
    return as_inttuple(node)


def _eval(a):
    layout = as_layout(a[0])
    if isinstance(layout, cute.Swizzle):
        raise Unsupported("evaluating a swizzle (the DSL's Swizzle is not callable)")
    coord = as_coord(a[1]) if len(a) == 2 else tuple(as_coord(x) for x in a[1:])
    return layout(coord)


# gmma_atom(K|MN, R, bits): the DSL's own atoms (spec/atoms.md), the element
# type of `bits` bits an unsigned integer.
_ATOM_ROWS = {16: "INTER", 32: "SW32", 64: "SW64", 128: "SW128"}
_UINT = {4: "Int4", 8: "Uint8", 16: "Uint16", 32: "Uint32", 64: "Uint64"}


def _element_type(node):
    import cutlass
    if not isinstance(node, Int) or node.value not in _UINT:
        raise Unsupported(f"an element type of {node} bits")
    return getattr(cutlass, _UINT[node.value])


def _gmma_atom(a):
    from cutlass.cute.nvgpu import warpgroup
    if not isinstance(a[0], Sym) or a[0].name not in ("K", "MN") or not isinstance(a[1], Int) \
            or a[1].value not in _ATOM_ROWS:
        raise BadArg(f"the DSL has no atom {a[0]}, {a[1]}")
    kind = getattr(warpgroup.SmemLayoutAtomKind, f"{a[0].name}_{_ATOM_ROWS[a[1].value]}")
    return warpgroup.make_smem_layout_atom(kind, _element_type(a[2]))


def _gmma_sparse_atom(a):
    """gmma_sparse_atom(K|MN, R, bits, S): the DSL's sparse atom (tcgen05's;
    warpgroup has none), the same kinds (spec/atoms.md, ATOM-5)."""
    from cutlass.cute.nvgpu import tcgen05
    if not isinstance(a[0], Sym) or a[0].name not in ("K", "MN") or not isinstance(a[1], Int) \
            or a[1].value not in _ATOM_ROWS:
        raise BadArg(f"the DSL has no atom {a[0]}, {a[1]}")
    kind = getattr(tcgen05.SmemLayoutAtomKind, f"{a[0].name}_{_ATOM_ROWS[a[1].value]}")
    return tcgen05.make_sparse_smem_layout_atom(kind, _element_type(a[2]), as_int(a[3]))


def _umma_sparse_atom_32b(a):
    from cutlass.cute.nvgpu import tcgen05
    return tcgen05.make_sparse_smem_layout_atom(tcgen05.SmemLayoutAtomKind.MN_SW128_32B, _element_type(a[0]),
                                                as_int(a[1]))


def _umma_atom_32b(a):
    from cutlass.cute.nvgpu import tcgen05
    return tcgen05.make_smem_layout_atom(tcgen05.SmemLayoutAtomKind.MN_SW128_32B, _element_type(a[0]))


def _tile_to_shape2(a):
    """tile_to_shape(A, S): the DSL requires the order; CuTe's default is
    column-major, the order (0, 1, ...) of a flat shape."""
    shape = as_inttuple(a[1])
    if not isinstance(shape, tuple) or any(isinstance(x, tuple) for x in shape):
        raise Unsupported("tile_to_shape of a nested shape without its order (the DSL requires one)")
    return cute.tile_to_shape(as_layout(a[0]), shape, tuple(range(len(shape))))


def _value(a):
    node = a[0]
    if isinstance(node, (Swz, Composed, Lay)):
        return as_layout(node)
    if isinstance(node, (Int, Tup)):
        return literal_inttuple(node)
    raise Unsupported(f"the value {node}")


def _complement(a):
    layout = as_layout(a[0])
    cotarget = cute.cosize(layout) if len(a) == 1 else as_inttuple(a[1])
    return cute.complement(layout, cotarget)


def _two(fn):
    return {2: lambda a: fn(as_layout(a[0]), as_tiler(a[1]))}


def _two_layouts(fn):
    """Products whose second argument the DSL takes as a Layout only."""
    def run(a):
        if isinstance(a[1], (Tiler, Under)):
            raise Unsupported(f"{fn.__name__} with a tiler (the DSL takes a layout)")
        return fn(as_layout(a[0]), as_layout(a[1]))
    return {2: run}


def _ops():
    c = cute
    return {
        "size":              {1: lambda a: c.size(as_layout(a[0]))},
        "cosize":            {1: lambda a: c.cosize(as_layout(a[0]))},
        "rank":              {1: lambda a: c.rank(as_layout(a[0]))},
        "depth":             {1: lambda a: c.depth(as_layout(a[0]))},
        "coalesce":          {1: lambda a: c.coalesce(as_layout(a[0])),
                              2: lambda a: c.coalesce(as_layout(a[0]), target_profile=as_inttuple(a[1]))},
        "filter":            {1: lambda a: c.filter(as_layout(a[0]))},
        "filter_zeros":      {1: lambda a: c.filter_zeros(as_layout(a[0]))},
        "composition":       _two(c.composition),
        "complement":        {1: _complement, 2: _complement},
        "right_inverse":     {1: lambda a: c.right_inverse(as_layout(a[0]))},
        "left_inverse":      {1: lambda a: c.left_inverse(as_layout(a[0]))},
        "nullspace":         {1: lambda a: c.nullspace(as_layout(a[0]))},
        "max_common_layout": {2: lambda a: c.max_common_layout(as_layout(a[0]), as_layout(a[1]))},
        "max_common_vector": {2: lambda a: c.max_common_vector(as_layout(a[0]), as_layout(a[1]))},
        "logical_divide":    _two(c.logical_divide),
        "zipped_divide":     _two(c.zipped_divide),
        "tiled_divide":      _two(c.tiled_divide),
        "flat_divide":       _two(c.flat_divide),
        "logical_product":   _two(c.logical_product),
        "zipped_product":    _two_layouts(c.zipped_product),
        "tiled_product":     _two_layouts(c.tiled_product),
        "flat_product":      _two_layouts(c.flat_product),
        "blocked_product":   _two_layouts(c.blocked_product),
        "raked_product":     _two_layouts(c.raked_product),
        "tile_to_shape":     {2: _tile_to_shape2,
                              3: lambda a: c.tile_to_shape(as_layout(a[0]), as_inttuple(a[1]), as_inttuple(a[2]))},
        "make_ordered_layout": {2: lambda a: c.make_ordered_layout(as_inttuple(a[0]), as_inttuple(a[1]))},
        "crd2idx":           {2: lambda a: c.crd2idx(as_inttuple(a[0]), as_layout(a[1]))},
        "idx2crd":           {2: lambda a: c.idx2crd(as_inttuple(a[0]), as_layout(a[1]).shape)},
        "eval":              {2: _eval, 3: _eval, 4: _eval, 5: _eval},
        "product":           {1: lambda a: c.product(as_inttuple(a[0]))},
        "shape_div":         {2: lambda a: c.shape_div(as_inttuple(a[0]), as_inttuple(a[1]))},
        "ceil_div":          {2: lambda a: c.ceil_div(as_inttuple(a[0]), as_inttuple(a[1]))},
        "flatten":           {1: lambda a: c.flatten(as_layout(a[0]))},
        "make_layout_like":  {1: lambda a: c.make_layout_like(as_layout(a[0]))},
        # spec/swizzle.md, spec/composed.md, spec/basis.md, spec/atoms.md
        "make_composed_layout": {3: lambda a: c.make_composed_layout(as_layout(a[0]), as_int(a[1]),
                                                                      as_layout(a[2]))},
        "make_identity_layout": {1: lambda a: c.make_identity_layout(as_inttuple(a[0]))},
        "gmma_atom":         {3: _gmma_atom},
        "umma_atom_32b":     {1: _umma_atom_32b},
        "gmma_sparse_atom":  {4: _gmma_sparse_atom},
        "umma_sparse_atom_32b": {2: _umma_sparse_atom_32b},
    }


OPS: dict = {}


def evaluate(call: Call):
    if call.name == "notation" and len(call.args) == 1:   # a bare value, printed back
        return _value(call.args)
    if call.name == "tile_to_shape" and len(call.args) not in OPS["tile_to_shape"]:
        raise Unsupported(f"{call.name} with {len(call.args)} argument(s) (the DSL requires an order)")
    return rt.lookup(OPS, call)(call.args)


def format_value(v) -> str:
    """The DSL prints a swizzle S<B,M,S>; cuteref writes Sw<B,M,S>."""
    if isinstance(v, cute.Swizzle) or is_layout(v):
        return re.sub(r"(?<![A-Za-z_])S<", "Sw<", " ".join(str(v).split()))
    return format_inttuple(v)


def failure(e: Exception) -> str:
    """The answer (after `error `) to a failure of the DSL."""
    if isinstance(e, RecursionError):
        return rt.NESTING[len("error "):]
    text = one_line(e, 300) or "(no message)"
    if "invalid type for the LHS, got '!cute.swizzle" in text:
        # composition(Sw, L): the DSL's composition takes no swizzle first
        return f"UNSUPPORTED argument form: {text}"
    if isinstance(e, ValueError) and " must be a Value " in text:
        # The DSL's op builder does not take this form of argument (an
        # integer or `_` as a divide's tiler): a form it does not provide.
        return f"UNSUPPORTED argument form: {text}"
    return f"{type(e).__name__}: {text}"


def final(answer: str) -> bool:
    """An answer that a trace of its own would give too: a result or a
    declined form.  A rejection by the DSL is evaluated again alone."""
    return answer.startswith(("ok ", "error UNSUPPORTED ", "error BADARG "))


# --------------------------------------------------------------------------
# Tracing a run of requests (inside the worker)
# --------------------------------------------------------------------------

class _Run:
    """The requests a trace evaluates; `put(i, kind, text)` reports each
    answer as soon as it is known."""
    calls: list = []
    first = 0             # index of calls[0] in the batch
    failed: list = []     # indices whose evaluation failed in this trace
    put = None
    jit = None            # one jit function, traced again at every call


def _trace_body():
    # A plain function: the DSL rewrites only the jit function's own body.
    for k, call in enumerate(_Run.calls):
        text = rt.answer_call(call, evaluate, format_value, failure)
        i = _Run.first + k
        if final(text):
            _Run.put(i, "F", text)
        else:
            _Run.put(i, "P", text)
            _Run.failed.append(i)


def trace(calls, first, put):
    """Evaluate `calls` (batch indices first, first+1, ...) in one jit
    trace; returns the indices that failed."""
    _Run.calls, _Run.first, _Run.failed, _Run.put = calls, first, [], put
    if _Run.jit is None:
        @cute.jit
        def cuteref_batch():
            _trace_body()
        _Run.jit = cuteref_batch
    try:
        _Run.jit()
    except Exception as e:  # noqa: BLE001 - a failure outside the requests
        sys.stderr.write(f"[cutedsl_adapter] trace failed after its requests: {one_line(e)}\n")
    return _Run.failed


def worker_loop(rfd: int, wfd: int) -> None:
    """Read batches ('N\\n' then N request lines) and report, for each
    request, as soon as it is known: `F i answer` (final), `P i answer`
    (a failure inside a trace of several requests, to be evaluated again
    alone), `R i` (that evaluation alone starts)."""
    rf = os.fdopen(rfd, "r", encoding="utf-8", errors="replace")

    def put(i, kind, text=""):
        os.write(wfd, (f"{kind} {i} {text}\n").encode("utf-8", "replace"))

    while True:
        head = rf.readline()
        if not head:
            return
        calls = []
        for _ in range(int(head)):
            line = rf.readline().rstrip("\n")
            try:   # rt.parse written out: no frame more under the parser than before it was shared
                calls.append(parse_request(line))
            except ParseError as e:
                calls.append(f"error PARSE {e}")
            except RecursionError:
                calls.append(rt.NESTING)
        i = 0
        while i < len(calls):
            if isinstance(calls[i], str):
                put(i, "F", calls[i])
                i += 1
                continue
            j = i
            while j < len(calls) and not isinstance(calls[j], str):
                j += 1
            if j - i == 1:
                # alone already: a failure is final
                trace(calls[i:j], i, lambda k, kind, text: put(k, "F", text))
            else:
                for k in trace(calls[i:j], i, put):
                    # A failure inside a trace that did other requests too:
                    # its answer is that of a trace of its own.
                    put(k, "R")
                    trace(calls[k:k + 1], k, lambda k2, kind, text: put(k2, "F", text))
            i = j


# --------------------------------------------------------------------------
# The parent: reads stdin, drives a forked worker, survives its crashes
# --------------------------------------------------------------------------

class Driver(rt.WorkerDriver):
    def __init__(self, timeout: float):
        super().__init__(timeout, worker_loop)
        self.debug = bool(os.environ.get("CUTEDSL_ADAPTER_DEBUG"))

    def _run(self, lines):
        """Send `lines` to a worker; returns ({index: final answer},
        {index: provisional answer}, culprit, failure): on a death or a hang,
        culprit is the index it happened on (None when it cannot be told)
        and failure ('hung' | 'died', how)."""
        if self.worker is None:
            self.worker = rt.Worker(self.loop)
            self.starts += 1
        final, prov = {}, {}
        seen = set()
        retrying = None
        try:
            self.worker.send(lines)
        except BrokenPipeError:
            pass   # it died before reading: read_message says so
        while len(final) < len(lines):
            msg, why = self.worker.read(self.timeout)
            if msg is None:
                how = self.kill()
                if retrying is not None and retrying not in final:
                    culprit = retrying
                else:
                    unseen = [i for i in range(len(lines)) if i not in seen]
                    culprit = unseen[0] if unseen and (not prov or unseen[0] < min(prov)) else None
                return final, prov, culprit, (why, how)
            kind, i, text = (msg.split(" ", 2) + ["", ""])[:3]
            i = int(i)
            seen.add(i)
            if kind == "F":
                final[i] = text
            elif kind == "P":
                prov[i] = text
            elif kind == "R":
                retrying = i
        return final, prov, None, None

    def _alone(self, line):
        """One request in a trace of its own: its answer, or, when the worker
        dies or hangs on it twice (a fresh worker the second time), CRASH /
        TIMEOUT."""
        for attempt in (0, 1):
            final, _, _, failure = self._run([line])
            if 0 in final:
                return final[0]
        if failure is not None and failure[0] == "hung":
            return f"error TIMEOUT no answer in {self.timeout:g}s"
        how = failure[1] if failure else "?"
        self.crashes.append((line, how))
        return f"error CRASH {how}"

    def answer_lines(self, lines):
        """One answer per line, in order, whatever the worker does."""
        answers = [None] * len(lines)
        todo = list(range(len(lines)))       # indices still without a final answer
        while todo:
            final, prov, culprit, failure = self._run([lines[i] for i in todo])
            if failure is not None and culprit is None:
                # It died after every request it started had an answer: at
                # the end of a trace.  Which request's operation that was
                # cannot be told, so the answers of that run are dropped and
                # the rest is asked again in halves (one by one when short).
                if self.debug:
                    sys.stderr.write(f"[cutedsl_adapter] worker {failure[0]} ({failure[1]}) after its "
                                     f"requests; {len(todo)} request(s) again, split\n")
                if len(todo) <= 4:
                    for i in todo:
                        answers[i] = self._alone(lines[i])
                else:
                    half = len(todo) // 2
                    for part in (todo[:half], todo[half:]):
                        for i, a in zip(part, self.answer_lines([lines[i] for i in part])):
                            answers[i] = a
                break
            for k, text in final.items():
                answers[todo[k]] = text
            if failure is None:
                break
            if self.debug:
                sys.stderr.write(f"[cutedsl_adapter] worker {failure[0]} ({failure[1]}) on: {lines[todo[culprit]]}\n")
            answers[todo[culprit]] = self._alone(lines[todo[culprit]])
            todo = [i for i in todo if answers[i] is None]
        return answers


def main(argv=None) -> int:
    global cute, OPS
    ap = argparse.ArgumentParser(
        description="cuteref peer adapter backed by the CuTe Python DSL (nvidia-cutlass-dsl): one "
                    "request per stdin line, one 'ok <result>' / 'error <text>' line per request on "
                    "stdout, in order; crashes of the DSL are answered 'error CRASH <signal>'.")
    rt.timeout_option(ap, 30.0, "seconds the worker may stay silent before it is killed and the request "
                                "answered 'error TIMEOUT' (0 = none; default %g)")
    ap.add_argument("--batch", type=int, default=BATCH_MAX, metavar="N",
                    help=f"at most N requests per batch handed to the worker (default {BATCH_MAX})")
    ap.add_argument("--stats", action="store_true",
                    help="report worker starts and crashes on stderr at exit")
    rt.info_options(ap, "print the DSL version in use and exit")
    args = ap.parse_args(argv)
    cute = _import_dsl()
    OPS = _ops()
    if rt.print_info(args, OPS, lambda: f"nvidia-cutlass-dsl {rt.dist_version('nvidia-cutlass-dsl')} "
                                        f"at {os.path.dirname(cute.__file__)}"):
        return 0
    return rt.serve_batches(Driver(args.timeout), args.batch, "cutedsl_adapter", args.stats)


if __name__ == "__main__":
    with rt.quiet_end():
        sys.exit(main())
