#!/usr/bin/env python3
"""cuteref peer adapter for tensor-layouts (PyPI `tensor-layouts`, pure
Python, no GPU needed).

Reads one request per line on stdin, writes one answer line per request on
stdout (`ok <result>` or `error <text>`), flushing after each, until EOF.
Requests are parsed by our own parser (cuteref_notation); the algebra is
whatever the installed tensor-layouts computes.  Operations it does not
provide are answered `error UNSUPPORTED <name>`; argument forms it does not
take (a `_` in a tiler, a shape as shape_div's divisor) `error UNSUPPORTED`
too.  Its exceptions are answered `error <ExceptionName>: <message>`.

Notation mapping only, no algebra: a bare IntTuple where a layout is
expected is tensor-layouts' compact layout `Layout(shape)`; `<a, b>` is a
`Tile` of layouts; an integer `n` as composition's second argument or as a
tile element is the layout `Layout(n)` (= n:1, CuTe's meaning of an integer
tiler), since `compose` takes no integer.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import adapter_runtime as rt  # noqa: E402
from adapter_runtime import BadArg, Unsupported, literal_inttuple  # noqa: E402
from cuteref_notation import Call, Composed, Int, Lay, Swz, Tiler, Tup, Under, format_inttuple  # noqa: E402

try:
    import tensor_layouts as tl  # noqa: E402
except ImportError as exc:  # pragma: no cover - install problem
    sys.stderr.write("tensor_layouts_adapter: cannot import tensor_layouts "
                     "(pip install tensor-layouts==0.3.2): %s\n" % exc)
    sys.exit(2)

PIN = "0.3.2"


def format_value(v) -> str:
    if isinstance(v, tl.Layout):
        return format_inttuple(v.shape) + ":" + format_inttuple(v.stride)
    if isinstance(v, tl.Swizzle):  # spec/swizzle.md
        return f"Sw<{v.bits},{v.base},{v.shift}>"
    if isinstance(v, tl.ComposedLayout) and isinstance(v.inner, tl.Layout) and isinstance(v.offset, int):
        return f"{format_value(v.outer)} o {v.offset} o {format_value(v.inner)}"  # spec/composed.md
    if isinstance(v, tl.ComposedLayout):
        raise Unsupported("result is a ComposedLayout of another form")
    return format_inttuple(v)


def as_layout(node):
    if isinstance(node, Swz):  # spec/swizzle.md
        return tl.Swizzle(node.b, node.m, node.s)
    if isinstance(node, Composed):  # spec/composed.md
        return tl.ComposedLayout(as_layout(node.outer), as_layout(node.inner), offset=as_int(node.offset, "the offset"))
    if isinstance(node, Lay):
        return tl.Layout(literal_inttuple(node.shape), literal_inttuple(node.stride))
    if isinstance(node, (Int, Tup)):
        return tl.Layout(literal_inttuple(node))
    if isinstance(node, Call):
        v = evaluate(node)
        if isinstance(v, tl.Layout):
            return v
        if isinstance(v, (int, tuple)):
            return tl.Layout(v)
        raise BadArg(f"{node.name}(...) did not give a layout")
    raise BadArg(f"expected a layout, got {node}")


def tile_elem(node):
    """An element of `<...>`: tensor-layouts' Tile holds layouts only."""
    if isinstance(node, Under):
        raise Unsupported("`_` in a tiler")
    if isinstance(node, Int):
        return tl.Layout(node.value)
    if isinstance(node, Lay):
        return as_layout(node)
    raise Unsupported(f"tile element {node} (a Tile holds layouts)")


def as_tiler(node, int_as_layout=False):
    """Second argument of composition / *_divide / *_product: a Layout, a
    Tile, a by-mode tuple of integers, or an integer."""
    if isinstance(node, Under):
        raise Unsupported("`_` as a tiler")
    if isinstance(node, Int):
        return tl.Layout(node.value) if int_as_layout else node.value
    if isinstance(node, Tup):
        return literal_inttuple(node)
    if isinstance(node, Lay):
        return as_layout(node)
    if isinstance(node, Tiler):
        return tl.Tile(*[tile_elem(i) for i in node.items])
    if isinstance(node, Call):
        return evaluate(node)
    raise BadArg(f"expected a tiler, got {node}")


def as_inttuple(node):
    if isinstance(node, (Int, Tup)):
        return literal_inttuple(node)
    if isinstance(node, Call):
        v = evaluate(node)
        if isinstance(v, (int, tuple)):
            return v
        raise BadArg(f"{node.name}(...) did not give an IntTuple")
    raise BadArg(f"expected an integer or IntTuple, got {node}")


def as_int(node, what):
    v = as_inttuple(node)
    if not isinstance(v, int):
        raise Unsupported(f"{what} must be an integer")
    return v


def _complement(a):
    layout = as_layout(a[0])
    if len(a) == 1:
        return tl.complement(layout)
    return tl.complement(layout, as_inttuple(a[1]))


def _crd2idx(a):
    layout = as_layout(a[1])
    return tl.crd2idx(as_inttuple(a[0]), layout.shape, layout.stride)


def _two(fn, int_as_layout=False):
    return {2: lambda a: fn(as_layout(a[0]), as_tiler(a[1], int_as_layout))}


# name -> {arity: function(args)}; each function converts arguments and calls
# tensor-layouts, nothing else.
OPS = {
    # spec/swizzle.md, spec/composed.md
    "make_swizzle":      {2: lambda a: tl.make_swizzle(as_int(a[0], "Y"), as_int(a[1], "Z"))},
    "make_composed_layout": {3: lambda a: tl.ComposedLayout(as_layout(a[0]), as_layout(a[2]), offset=as_int(a[1], "the offset"))},
    "size":              {1: lambda a: tl.size(as_layout(a[0]))},
    "cosize":            {1: lambda a: tl.cosize(as_layout(a[0]))},
    "rank":              {1: lambda a: tl.rank(as_layout(a[0]))},
    "depth":             {1: lambda a: tl.depth(as_layout(a[0]))},
    "coalesce":          {1: lambda a: tl.coalesce(as_layout(a[0])),
                          2: lambda a: tl.coalesce(as_layout(a[0]), as_inttuple(a[1]))},
    "composition":       _two(tl.compose, int_as_layout=True),
    "complement":        {1: _complement, 2: _complement},
    "right_inverse":     {1: lambda a: tl.right_inverse(as_layout(a[0]))},
    "left_inverse":      {1: lambda a: tl.left_inverse(as_layout(a[0]))},
    "nullspace":         {1: lambda a: tl.nullspace(as_layout(a[0]))},
    "max_common_layout": {2: lambda a: tl.max_common_layout(as_layout(a[0]), as_layout(a[1]))},
    "max_common_vector": {2: lambda a: tl.max_common_vector(as_layout(a[0]), as_layout(a[1]))},
    "logical_divide":    _two(tl.logical_divide),
    "zipped_divide":     _two(tl.zipped_divide),
    "tiled_divide":      _two(tl.tiled_divide),
    "flat_divide":       _two(tl.flat_divide),
    "logical_product":   _two(tl.logical_product),
    "zipped_product":    _two(tl.zipped_product),
    "tiled_product":     _two(tl.tiled_product),
    "flat_product":      _two(tl.flat_product),
    "blocked_product":   _two(tl.blocked_product),
    "raked_product":     _two(tl.raked_product),
    "upcast":            {2: lambda a: tl.upcast(as_layout(a[0]), as_int(a[1], "upcast's factor"))},
    "downcast":          {2: lambda a: tl.downcast(as_layout(a[0]), as_int(a[1], "downcast's factor"))},
    "crd2idx":           {2: _crd2idx},
    "idx2crd":           {2: lambda a: tl.idx2crd(as_inttuple(a[0]), as_layout(a[1]).shape)},
    "eval":              {2: lambda a: as_layout(a[0])(as_inttuple(a[1]))},
    "inner_product":     {2: lambda a: tl.inner_product(as_inttuple(a[0]), as_inttuple(a[1]))},
    "prefix_product":    {1: lambda a: tl.prefix_product(as_inttuple(a[0])),
                          2: lambda a: tl.prefix_product(as_inttuple(a[0]), as_inttuple(a[1]))},
    "shape_div":         {2: lambda a: tl.shape_div(as_inttuple(a[0]), as_int(a[1], "shape_div's divisor"))},
    "elem_scale":        {2: lambda a: tl.elem_scale(as_inttuple(a[0]), as_inttuple(a[1]))},
    "congruent":         {2: lambda a: tl.congruent(as_inttuple(a[0]), as_inttuple(a[1]))},
    "weakly_congruent":  {2: lambda a: tl.weakly_congruent(as_inttuple(a[0]), as_inttuple(a[1]))},
    "compatible":        {2: lambda a: tl.compatible(as_inttuple(a[0]), as_inttuple(a[1]))},
}


def evaluate(call: Call):
    return rt.lookup(OPS, call)(call.args)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        description="cuteref peer adapter backed by tensor-layouts: one request per stdin line, "
                    "one 'ok <result>' / 'error <text>' line per request on stdout.")
    rt.timeout_option(ap)
    rt.info_options(ap, "print the tensor-layouts version in use and exit")
    args = ap.parse_args(argv)
    if rt.print_info(args, OPS, lambda: f"tensor-layouts {rt.dist_version('tensor-layouts')} "
                                        f"at {os.path.dirname(tl.__file__)}"):
        return 0
    return rt.serve(evaluate, format_value, args.timeout)


if __name__ == "__main__":
    with rt.quiet_end():
        sys.exit(main())
