#!/usr/bin/env python3
"""cuteref peer adapter for Triton's linear layouts (PyPI `triton` 3.9.0),
`triton._C.libtriton.linear_layout.LinearLayout`, on the CPU.

A linear layout is an F2-linear map: each input bit has an image (a basis
vector) and the image of an index is the xor of the images of its set bits.
A CuTe layout is one exactly when every shape entry is a power of two, every
stride of a mode larger than 1 is 0 or a power of two, and no two input bits
have the same nonzero image: then every image is one bit of the output, no
two overlap, and the sum of the strides is their xor.  Such a layout `L` of
size 2^n is passed to Triton as `from_bases([("i", [[b0], ..., [b_n-1]])],
["o"], [2^m], require_surjective=False)`: input dimension `i`, one basis
per input bit in CuTe's (colexicographic) order, the stride of the bit's
leaf times its place value; output dimension `o` of the least power of two
above every image.  Any other layout is answered `error UNSUPPORTED not a
linear layout ...`.

The operations are Triton's own:

- `composition(A, B)`: `B.compose(A)` (Triton's `x.compose(y)` runs x,
  then y), B's output dimension named A's input and sized size(A); a B
  whose image leaves [0, size(A)) reads A past its domain, which a linear
  layout does not have: UNSUPPORTED.  A by-mode tiler (`<...>`, a tuple) is
  no linear layout: UNSUPPORTED.
- `right_inverse(L)`: `L.invert()` when Triton says L is invertible,
  `L.pseudoinvert()` when it is only surjective (Triton's right inverse);
  Triton aborts on a layout that is not surjective, so that is UNSUPPORTED.
- `left_inverse(L)`: `L.invert()` when L is invertible; Triton's
  pseudoinvert of an injective layout needs it surjective too (it aborts),
  so the rest is UNSUPPORTED.
- `logical_product(A, B)`: Triton's product `A * B` (input dimensions `a`
  and `b`, one output dimension `o`: B's images above A's output).  That is
  CuTe's logical product exactly when A is surjective (its complement is
  then the stride 2^m); otherwise UNSUPPORTED.
- `eval(L, i)` / `L(i)` and `L(c0, c1, ...)`: `apply`, an integer index on
  the input `i`, a flat coordinate on one input dimension per top-level
  mode (`m0`, `m1`, ...); an index outside the domain is UNSUPPORTED.
- `size(L)`: the size of Triton's input, 2^(number of its bases).
- `notation(L)`, a bare layout: the round trip through Triton's bases.

Found in `linear_layout.pyi` and not mapped: `invert_and_compose`
(composition with an inverse, reachable as a nested request), `identity_1d`,
`strided_1d` and `zeros_1d` (constructors; a bare shape where a layout goes
is `identity_1d(size)`, CuTe's compact column-major function),
`get_matrix_view`, `get_shared_view`, `get_distributed_view`,
`is_injective`.  Triton has no complement, coalesce, divide or cosize:
those and every other operation are UNSUPPORTED.

Results come back as Triton's bases and are written in CuTe's notation in
the shape CuTe's contract gives them: B's shape for a composition, (A's
shape, B's shape) for a product, L's shape for the round trip and one mode
of the output size for an inverse.  A leaf of size 2^k takes the next k
bases; where they are no run d, 2d, 4d, ... (or all 0) the leaf is written
as the tuple of its runs, a refinement of the leaf (EQUIV-2 in
spec/layout.md).  A result with a basis of more than one bit, or two bits
with the same image, is no CuTe layout: `error NOT_CUTE ...`.

Triton ends the process on a precondition it asserts (`LLVM ERROR: ...`,
SIGABRT).  The requests run in a worker forked from this process; a request
the worker dies on is asked again alone in a fresh worker, and answered
`error CRASH <signal>` if that dies too (adapter_runtime.RetryingDriver).
"""

from __future__ import annotations

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import adapter_runtime as rt  # noqa: E402
from adapter_runtime import BadArg, Unsupported  # noqa: E402
from cuteref_notation import Call, Int, Lay, Tup, format_inttuple  # noqa: E402

PIN = "3.9.0"
BATCH_MAX = 512
BITS = 30           # Triton's dimension sizes are 32-bit ints: images below 2^30
LinearLayout = None  # triton's class, set by load()


def load():
    global LinearLayout
    from triton._C.libtriton.linear_layout import LinearLayout as _LL
    LinearLayout = _LL


class NotCute(Exception):
    """A linear layout Triton returned that no CuTe layout writes."""


class Linear:
    """A layout of the linear class: its CuTe shape (the nesting) and the
    image of each input bit, in CuTe's colexicographic order."""

    def __init__(self, shape, bases):
        self.shape, self.bases = shape, list(bases)


# --------------------------------------------------------------------------
# CuTe <-> Triton
# --------------------------------------------------------------------------

def leaves(t):
    if isinstance(t, tuple):
        return [x for i in t for x in leaves(i)]
    return [t]


def log2_exact(n: int):
    """k with n == 2^k, or None."""
    return n.bit_length() - 1 if n > 0 and n & (n - 1) == 0 else None


def linear_bases(shape, stride):
    """The images of the input bits of shape:stride, or UNSUPPORTED when it
    has no linear form (module docstring)."""
    if isinstance(shape, tuple) != isinstance(stride, tuple) or \
            (isinstance(shape, tuple) and len(shape) != len(stride)):
        raise BadArg(f"shape {format_inttuple(shape)} and stride {format_inttuple(stride)} are not congruent")
    bases = []
    for s, d in zip(leaves(shape), leaves(stride)):
        k = log2_exact(s)
        if k is None:
            raise Unsupported(f"not a linear layout: the shape entry {s} is no power of two")
        if k and d != 0 and log2_exact(d) is None:
            raise Unsupported(f"not a linear layout: the stride {d} is neither 0 nor a power of two")
        bases += [d << j for j in range(k)]
    images = [b for b in bases if b]
    if len(set(images)) != len(images):
        raise Unsupported("not a linear layout: two input bits have the same image (their sum is no xor)")
    if any(b >= 1 << BITS for b in bases) or len(bases) > BITS:
        raise Unsupported(f"sizes or images of 2^{BITS} and more (Triton's dimensions are 32-bit)")
    return bases


def out_size(bases) -> int:
    """The least power of two above every image (xor stays below it)."""
    return 1 << max([0] + [b.bit_length() for b in bases])


def to_triton(v: Linear, in_dim="i", out_dim="o", size=None):
    return LinearLayout.from_bases([(in_dim, [[b] for b in v.bases])], [out_dim],
                                   [size or out_size(v.bases)], False)


def bases_of(ll, in_dim: str):
    """Triton's bases of one input dimension, one integer each."""
    for name, vecs in ll.bases:
        if name == in_dim:
            return [vec[0] for vec in vecs]
    raise KeyError(in_dim)


def _runs(bits):
    """Maximal runs d, 2d, 4d, ... (or 0, 0, ...) as (size, stride)."""
    runs = []
    for b in bits:
        if runs:
            size, stride = runs[-1]
            last = stride * (size >> 1) if stride else 0
            if (stride == 0 and b == 0) or (stride and b == 2 * last):
                runs[-1] = (size * 2, stride)
                continue
        runs.append((2, b))
    return runs


def cute_of(v: Linear):
    """The CuTe layout (shape, stride) of a linear layout, in v.shape's
    nesting (a leaf whose bases are several runs becomes their tuple)."""
    images = [b for b in v.bases if b]
    if any(b & (b - 1) for b in images):
        raise NotCute(f"a basis of more than one bit ({[b for b in images if b & (b - 1)][0]:#b})")
    if len(set(images)) != len(images):
        raise NotCute("two input bits with the same image")
    it = iter(v.bases)

    def fit(shape):
        if isinstance(shape, tuple):
            parts = [fit(s) for s in shape]
            return tuple(p[0] for p in parts), tuple(p[1] for p in parts)
        runs = _runs([next(it) for _ in range(log2_exact(shape))])
        if not runs:
            return 1, 0
        if len(runs) == 1:
            return runs[0]
        return tuple(r[0] for r in runs), tuple(r[1] for r in runs)
    return fit(v.shape)


# --------------------------------------------------------------------------
# Requests -> linear layouts
# --------------------------------------------------------------------------

def literal(node):
    return rt.literal_inttuple(node, _plain)


def _plain(node):
    if not isinstance(node, (Int, Tup)):
        raise Unsupported(f"not a linear layout: {node} (integer layouts only)")


def size_of(shape) -> int:
    n = 1
    for s in leaves(shape):
        n *= s
    return n


def as_linear(node) -> Linear:
    if isinstance(node, Lay):
        shape, stride = literal(node.shape), literal(node.stride)
        return Linear(shape, linear_bases(shape, stride))
    if isinstance(node, (Int, Tup)):
        # a bare shape is the compact column-major layout: the identity of
        # its size, Triton's identity_1d
        shape = literal(node)
        linear_bases(shape, shape)           # powers of two, 32-bit
        ll = LinearLayout.identity_1d(size_of(shape), "i", "o")
        return Linear(shape, bases_of(ll, "i"))
    if isinstance(node, Call):
        v = evaluate(node)
        if isinstance(v, Linear):
            return v
        raise BadArg(f"{node.name}(...) did not give a layout")
    raise Unsupported(f"not a linear layout: {node}")


def as_index(node) -> int:
    v = literal(node)
    if not isinstance(v, int):
        raise BadArg(f"expected an integer, got {node}")
    return v


# --------------------------------------------------------------------------
# Operations
# --------------------------------------------------------------------------

def _composition(a):
    A, B = as_linear(a[0]), as_linear(a[1])
    n = 1 << len(A.bases)
    if out_size(B.bases) > n:
        raise Unsupported(f"B's image leaves A's domain [0,{n}) (a linear layout has no extension past its size)")
    ll = to_triton(B, "j", "i", n).compose(to_triton(A, "i", "o"))
    return Linear(B.shape, bases_of(ll, "j"))


def _right_inverse(a):
    L = as_linear(a[0])
    ll = to_triton(L)
    if ll.is_invertible():
        inv = ll.invert()
    elif ll.is_surjective():
        inv = ll.pseudoinvert()
    else:
        raise Unsupported("right_inverse of a layout that is not surjective (Triton's invert and pseudoinvert "
                          "abort on it)")
    m = out_size(L.bases)
    return Linear(m, bases_of(inv, "o"))


def _left_inverse(a):
    L = as_linear(a[0])
    ll = to_triton(L)
    if not ll.is_invertible():
        raise Unsupported("left_inverse of a layout that is not invertible (Triton's pseudoinvert of an injective "
                          "layout needs it surjective too, and aborts)")
    return Linear(out_size(L.bases), bases_of(ll.invert(), "o"))


def _logical_product(a):
    A, B = as_linear(a[0]), as_linear(a[1])
    la = to_triton(A, "a", "o")
    if not la.is_surjective():
        raise Unsupported("logical_product with an A that is not surjective (Triton's A * B places B above "
                          "A's output, CuTe above A's complement)")
    ll = la * to_triton(B, "b", "o")
    return Linear((A.shape, B.shape), bases_of(ll, "a") + bases_of(ll, "b"))


def _eval(a):
    L = as_linear(a[0])
    coord = literal(a[1]) if len(a) == 2 else tuple(as_index(x) for x in a[1:])
    if isinstance(coord, int):
        if not 0 <= coord < 1 << len(L.bases):
            raise Unsupported(f"the index {coord} outside [0,{1 << len(L.bases)}) (a linear layout has no extension)")
        return to_triton(L).apply({"i": coord})["o"]
    modes = L.shape if isinstance(L.shape, tuple) else (L.shape,)
    if len(coord) != len(modes) or not all(isinstance(c, int) for c in coord):
        raise Unsupported(f"the coordinate {format_inttuple(coord)}: one integer per top-level mode only")
    dims, it = [], iter(L.bases)
    for k, (c, m) in enumerate(zip(coord, modes)):
        n = size_of(m)
        if not 0 <= c < n:
            raise Unsupported(f"the coordinate {c} of mode {k} outside [0,{n})")
        dims.append((f"m{k}", [[next(it)] for _ in range(log2_exact(n))]))
    ll = LinearLayout.from_bases(dims, ["o"], [out_size(L.bases)], False)
    return ll.apply({f"m{k}": c for k, c in enumerate(coord)})["o"]


def _notation(a):
    L = as_linear(a[0])
    return Linear(L.shape, bases_of(to_triton(L), "i"))


def _size(a):
    """Triton's input size: 2^(number of bases) of its one input dimension."""
    return 1 << len(bases_of(to_triton(as_linear(a[0])), "i"))


OPS = {
    "size":            {1: _size},
    "composition":     {2: _composition},
    "right_inverse":   {1: _right_inverse},
    "left_inverse":    {1: _left_inverse},
    "logical_product": {2: _logical_product},
    "eval":            {n: _eval for n in range(2, 34)},
}


def evaluate(call: Call):
    if call.name == "notation" and len(call.args) == 1:   # a bare value, through Triton and back
        if isinstance(call.args[0], Lay):
            return _notation(call.args)
        return literal(call.args[0])
    return rt.lookup(OPS, call)(call.args)


def format_value(v) -> str:
    if isinstance(v, Linear):
        shape, stride = cute_of(v)
        return format_inttuple(shape) + ":" + format_inttuple(stride)
    if isinstance(v, (int, tuple)):
        return format_inttuple(v)
    raise BadArg(f"a result of kind {type(v).__name__}")


def failure(e: Exception) -> str:
    if isinstance(e, NotCute):
        return f"NOT_CUTE Triton's result is no CuTe layout: {e}"
    if isinstance(e, RecursionError):
        return rt.NESTING[len("error "):]
    return rt.message(e)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        description="cuteref peer adapter backed by Triton's linear layouts (triton %s), for CuTe layouts with a "
                    "linear form (power-of-two shapes, strides 0 or powers of two, no two bits with one image): "
                    "one request per stdin line, one 'ok <result>' / 'error <text>' line per request on stdout, "
                    "in order; crashes are answered 'error CRASH <signal>'." % PIN)
    rt.worker_options(ap, BATCH_MAX)
    ap.add_argument("--linear-cases", action="store_true",
                    help="print the stdin requests whose layouts all have a linear form (the cases worth asking "
                         "this peer) instead of answering them")
    rt.info_options(ap, "print the Triton version in use and exit")
    args = ap.parse_args(argv)
    try:
        load()
    except Exception as exc:  # noqa: BLE001 - install problem
        sys.stderr.write("triton_adapter: cannot import triton's linear layouts (pip install --no-deps "
                         "triton==%s): %s\n" % (PIN, exc))
        return 2
    if rt.print_info(args, OPS, lambda: f"triton {rt.dist_version('triton')} (linear_layout.LinearLayout)"):
        return 0
    loop = rt.line_worker(lambda line: rt.answer(line, evaluate, format_value, 0, failure))
    driver = rt.RetryingDriver(args.timeout, loop)
    if args.linear_cases:
        return linear_cases(driver, args.batch)
    return rt.serve_batches(driver, args.batch, "triton_adapter", args.stats)


def linear_cases(driver, batch: int) -> int:
    """The requests of stdin not answered `not a linear layout` (nor PARSE)."""
    lines = [line.rstrip("\r\n") for line in sys.stdin]
    try:
        for k in range(0, len(lines), batch):
            chunk = lines[k:k + batch]
            for line, ans in zip(chunk, driver.answer_lines(chunk)):
                if not ans.startswith(("error UNSUPPORTED not a linear layout", "error PARSE")):
                    sys.stdout.write(line + "\n")
    finally:
        driver.close()
    return 0


if __name__ == "__main__":
    with rt.quiet_end():
        sys.exit(main())
