#!/usr/bin/env python3
"""cuteref peer adapter for pycute (the Python CuTe port shipped in the
nvidia-cutlass wheel).

Reads one request per line on stdin, writes one answer line per request on
stdout (`ok <result>` or `error <text>`), flushing after each, until EOF.
Requests are parsed by our own parser (cuteref_notation); the algebra is
whatever the installed pycute computes.  Operations pycute does not have are
answered `error UNSUPPORTED <name>`.
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
    import pycute  # noqa: E402
except ImportError as exc:  # pragma: no cover - install problem
    sys.stderr.write("pycute_adapter: cannot import pycute (pip install nvidia-cutlass): %s\n" % exc)
    sys.exit(2)


# --------------------------------------------------------------------------
# Printing pycute values in CuTe notation, no spaces
# --------------------------------------------------------------------------

def format_value(v) -> str:
    if isinstance(v, pycute.Swizzle):  # spec/swizzle.md: pycute prints SW_B_M_S
        return f"Sw<{v.bits},{v.base},{v.shift}>"
    if isinstance(v, pycute.ComposedLayout):  # spec/composed.md: outer o offset o inner
        return f"{format_value(v.layoutB)} o {format_value(v.offset)} o {format_value(v.layoutA)}"
    if isinstance(v, pycute.Layout):
        return format_inttuple(v.shape) + ":" + format_inttuple(v.stride)
    return format_inttuple(v)


# --------------------------------------------------------------------------
# Turning syntax-tree arguments into pycute arguments
# --------------------------------------------------------------------------

def as_layout(node):
    """Argument where a layout is expected: a bare IntTuple is pycute's
    compact (column-major) layout of that shape. A swizzle or a composed
    layout (spec/swizzle.md, spec/composed.md) is pycute's Swizzle or
    ComposedLayout(outer, offset, inner)."""
    if isinstance(node, Swz):
        try:
            return pycute.Swizzle(node.b, node.m, node.s)
        except AssertionError as exc:
            raise BadArg(f"pycute rejects {node}: {exc}")
    if isinstance(node, Composed):
        return pycute.ComposedLayout(as_layout(node.outer), as_int(node.offset), as_layout(node.inner))
    if isinstance(node, Lay):
        return pycute.Layout(literal_inttuple(node.shape), literal_inttuple(node.stride))
    if isinstance(node, (Int, Tup)):
        return pycute.Layout(literal_inttuple(node))
    if isinstance(node, Call):
        v = evaluate(node)
        if isinstance(v, pycute.Layout):
            return v
        if isinstance(v, (int, tuple)):
            return pycute.Layout(v)
        raise BadArg(f"{node.name}(...) did not give a layout")
    raise BadArg(f"expected a layout, got {node}")


def as_tiler(node):
    """Second argument of composition / *_divide / *_product.  pycute spells
    a by-mode tiler as a Python tuple, `_` as None and an integer n as n."""
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
        if isinstance(v, (int, tuple)):
            return v
        raise BadArg(f"{node.name}(...) did not give an IntTuple")
    raise BadArg(f"expected an integer or IntTuple, got {node}")


def as_int(node):
    v = as_inttuple(node)
    if not isinstance(v, int):
        raise BadArg(f"expected an integer, got {node}")
    return v


# --------------------------------------------------------------------------
# Operation table: name -> {arity: function(args)}.  Each function only
# converts arguments and calls pycute.
# --------------------------------------------------------------------------

def _complement(a):
    layout = as_layout(a[0])
    if len(a) == 1:
        return pycute.complement(layout)
    cotarget = as_inttuple(a[1])
    if not isinstance(cotarget, int):
        # pycute's complement takes an integer max_idx only.
        raise Unsupported("complement (shape cotarget)")
    return pycute.complement(layout, cotarget)


OPS = {
    "size":            {1: lambda a: pycute.size(as_layout(a[0]))},
    "cosize":          {1: lambda a: pycute.cosize(as_layout(a[0]))},
    "rank":            {1: lambda a: len(as_layout(a[0]))},
    "coalesce":        {1: lambda a: pycute.coalesce(as_layout(a[0])),
                        2: lambda a: pycute.coalesce(as_layout(a[0]), as_inttuple(a[1]))},
    "filter":          {1: lambda a: pycute.filter(as_layout(a[0]))},
    "composition":     {2: lambda a: pycute.composition(as_layout(a[0]), as_tiler(a[1]))},
    "complement":      {1: _complement, 2: _complement},
    "right_inverse":   {1: lambda a: pycute.right_inverse(as_layout(a[0]))},
    "left_inverse":    {1: lambda a: pycute.left_inverse(as_layout(a[0]))},
    "logical_divide":  {2: lambda a: pycute.logical_divide(as_layout(a[0]), as_tiler(a[1]))},
    "zipped_divide":   {2: lambda a: pycute.zipped_divide(as_layout(a[0]), as_tiler(a[1]))},
    "tiled_divide":    {2: lambda a: pycute.tiled_divide(as_layout(a[0]), as_tiler(a[1]))},
    "logical_product": {2: lambda a: pycute.logical_product(as_layout(a[0]), as_tiler(a[1]))},
    "zipped_product":  {2: lambda a: pycute.zipped_product(as_layout(a[0]), as_tiler(a[1]))},
    "tiled_product":   {2: lambda a: pycute.tiled_product(as_layout(a[0]), as_tiler(a[1]))},
    # coordinates: crd2idx(coord, L), idx2crd(i, L) (natural coord in L's shape), eval(L, c)
    "crd2idx":         {2: lambda a: (lambda L: pycute.crd2idx(as_inttuple(a[0]), L.shape, L.stride))(as_layout(a[1]))},
    "idx2crd":         {2: lambda a: pycute.idx2crd(as_inttuple(a[0]), as_layout(a[1]).shape)},
    "eval":            {2: lambda a: as_layout(a[0])(as_inttuple(a[1])),
                        3: lambda a: as_layout(a[0])(tuple(as_inttuple(x) for x in a[1:]))},
    # spec/composed.md
    "make_composed_layout": {3: lambda a: pycute.ComposedLayout(as_layout(a[0]), as_int(a[1]), as_layout(a[2]))},
    # IntTuple functions
    "product":         {1: lambda a: pycute.product(as_inttuple(a[0]))},
    "inner_product":   {2: lambda a: pycute.inner_product(as_inttuple(a[0]), as_inttuple(a[1]))},
    "prefix_product":  {1: lambda a: pycute.prefix_product(as_inttuple(a[0])),
                        2: lambda a: pycute.prefix_product(as_inttuple(a[0]), as_inttuple(a[1]))},
    "shape_div":       {2: lambda a: pycute.shape_div(as_inttuple(a[0]), as_inttuple(a[1]))},
    "elem_scale":      {2: lambda a: pycute.elem_scale(as_inttuple(a[0]), as_inttuple(a[1]))},
}

# Protocol operations that pycute (nvidia-cutlass 4.2.0.0) does not provide.
UNSUPPORTED = {
    "depth", "filter_zeros", "nullspace", "max_common_layout", "max_common_vector",
    "flat_divide", "flat_product", "blocked_product", "raked_product",
    "tile_to_shape", "make_ordered_layout", "upcast", "downcast", "sum", "ceil_div",
}


def evaluate(call: Call):
    if call.name == "notation" and len(call.args) == 1:   # a bare value, printed back
        node = call.args[0]
        return as_layout(node) if isinstance(node, (Swz, Composed, Lay)) else as_inttuple(node)
    return rt.lookup(OPS, call)(call.args)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        description="cuteref peer adapter backed by pycute: one request per stdin line, "
                    "one 'ok <result>' / 'error <text>' line per request on stdout.")
    rt.timeout_option(ap)
    rt.info_options(ap, "print the pycute / nvidia-cutlass version in use and exit")
    args = ap.parse_args(argv)
    if rt.print_info(args, OPS, lambda: f"pycute from nvidia-cutlass {rt.dist_version('nvidia-cutlass')} "
                                        f"at {os.path.dirname(pycute.__file__)}"):
        return 0
    # pycute's asserts carry no text: an empty message says where it failed.
    return rt.serve(evaluate, format_value, args.timeout, rt.message_or_where)


if __name__ == "__main__":
    with rt.quiet_end():
        sys.exit(main())
