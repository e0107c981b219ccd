#!/usr/bin/env python3
"""cuteref peer adapter for PyTorch's port of pycute,
`torch.distributed._pycute` (torch 2.15.0), the layout algebra behind
DeviceMesh.

Reads one request per line on stdin, writes one answer line per request on
stdout (`ok <result>` or `error <text>`), flushing after each, until EOF.
Requests are parsed by our own parser (cuteref_notation); the algebra is
whatever torch's port computes.  Operations it does not provide are
answered `error UNSUPPORTED <name>`.

The port is lexicographic (row-major: the last mode of a shape is the
fastest) where CuTe is colexicographic (the first mode is the fastest).  The
adapter maps between the two by mode reversal, no algebra (peers/
torch_pycute.md states the mapping with an example):

* every layout, shape, stride, coordinate and tiler of a request is
  reversed at every level before it is passed on (`rev`), so that torch's
  lexicographic function of the reversed layout is CuTe's function of the
  request's layout.  The port pairs a by-mode tiler (a tuple, `<...>`) and
  a tuple profile of coalesce with its leading modes, which are CuTe's last
  ones once reversed, so a shorter tiler is first padded with `_` and a
  shorter profile with the shapes of the remaining modes: the port keeps a
  mode that a tiler or a profile does not reach as it is, and so does it
  with these;
* every result is reversed back, except the pair that a divide or a product
  builds with make_layout: the port keeps CuTe's positional order there
  (tile first, rest second; the layout first, its repetitions second), so
  each of the two is reversed and their order is kept (`--mapping reverse`
  reverses them too, which turns every divide and product into another
  function);
* torch's `shape_div` was not ported (it divides from the left, as CuTe's
  does) and is passed on as it is; its exclusive `suffix_product` is CuTe's
  `prefix_product` under reversal (CuTe's compact_col_major and
  compact_row_major give size-1 modes the stride 0, which no function of the
  port does: they are not answered).

torch's port is found, in this order: `--pycute-dir DIR` or
$CUTEREF_TORCH_PYCUTE_DIR (a directory holding `_pycute/`, as
peers/fetch_torch_pycute.sh extracts it from the pinned wheel), the default
directories of that script, then an installed `torch` (importing all of
torch).  The port imports `typing_extensions` for `TypeIs` and `Self`
(annotations only); where the installed one lacks them, the adapter lends
it `typing.TypeGuard` and `typing.Self` instead.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import types

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import adapter_runtime as rt  # noqa: E402
from adapter_runtime import BadArg, Unsupported  # noqa: E402
from cuteref_notation import Basis, Call, Composed, Int, Lay, Swz, Sym, Tiler, Tup, Under, format_inttuple  # noqa: E402

PIN = "2.15.0"
ENV_DIR = "CUTEREF_TORCH_PYCUTE_DIR"


def default_dirs():
    """Where peers/fetch_torch_pycute.sh puts the port (keep in step with it)."""
    dirs = ["/usr/local/lib/cuteref/torch-pycute-" + PIN]
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    dirs.append(os.path.join(cache, "cuteref", "torch-pycute-" + PIN))
    return dirs


def _ensure_typing_extensions():
    """The port's annotations need typing_extensions.TypeIs and .Self
    (typing_extensions >= 4.10; Debian 12's is 4.4.0)."""
    import typing
    try:
        import typing_extensions as te
        if hasattr(te, "TypeIs") and hasattr(te, "Self"):
            return "typing_extensions " + getattr(te, "__version__", "installed")
    except ImportError:
        te = types.ModuleType("typing_extensions")
        sys.modules["typing_extensions"] = te
    if not hasattr(te, "TypeIs"):
        te.TypeIs = typing.TypeGuard  # used in annotations only
    if not hasattr(te, "Self"):
        te.Self = typing.Self
    return "typing stand-ins for TypeIs/Self"


def load_port(pycute_dir=None):
    """Return (module, where, version)."""
    _ensure_typing_extensions()
    candidates = [pycute_dir] if pycute_dir else ([os.environ[ENV_DIR]] if os.environ.get(ENV_DIR) else default_dirs())
    for d in candidates:
        if d and os.path.isfile(os.path.join(d, "_pycute", "layout.py")):
            sys.path.insert(0, d)
            mod = importlib.import_module("_pycute")
            version = "unknown"
            vfile = os.path.join(d, "VERSION")
            if os.path.isfile(vfile):
                with open(vfile) as f:
                    version = f.readline().strip()
            return mod, os.path.join(d, "_pycute"), version
    if pycute_dir or os.environ.get(ENV_DIR):
        raise ImportError(f"no _pycute/layout.py under {candidates[0]} (bash peers/fetch_torch_pycute.sh {candidates[0]})")
    mod = importlib.import_module("torch.distributed._pycute")  # the whole of torch
    import torch
    return mod, os.path.dirname(mod.__file__), "torch " + torch.__version__


tp = None            # the port, set by main()
MAPPING = "roles"    # or "reverse" (--mapping)


# --------------------------------------------------------------------------
# Values on CuTe's side (colexicographic): a layout is CL(shape, stride),
# an IntTuple a Python int or tuple. Mode reversal carries them to torch.
# --------------------------------------------------------------------------

class CL:
    __slots__ = ("shape", "stride")

    def __init__(self, shape, stride):
        self.shape, self.stride = shape, stride


def rev(t):
    """Reverse a (nested) tuple at every level; ints and None stay."""
    if isinstance(t, tuple):
        return tuple(rev(x) for x in reversed(t))
    return t


def to_torch(layout: CL):
    return tp.Layout(rev(layout.shape), rev(layout.stride))


def from_torch(v):
    """A torch result back on CuTe's side, reversed at every level."""
    if isinstance(v, tp.Layout):
        return CL(rev(v.shape), rev(v.stride))
    if isinstance(v, (int, tuple)) or v is None:
        return rev(v)
    raise BadArg(f"unexpected result of type {type(v).__name__}")


def format_value(v) -> str:
    if isinstance(v, CL):
        return format_inttuple(v.shape) + ":" + format_inttuple(v.stride)
    return format_inttuple(v)


def _no_new_forms(node):
    if isinstance(node, Swz):
        raise Unsupported("swizzles (torch's port has none)")
    if isinstance(node, Composed):
        raise Unsupported("composed layouts (torch's port has none)")
    if isinstance(node, Basis):
        raise Unsupported("basis strides (torch's port has none)")
    if isinstance(node, Sym):
        raise Unsupported(f"the name {node.name}")


def literal_inttuple(node):
    return rt.literal_inttuple(node, _no_new_forms)


def literal_coord(node):
    """A coordinate; `_` is torch's None (a slice)."""
    if isinstance(node, Under):
        return None
    if isinstance(node, Tup):
        return tuple(literal_coord(i) for i in node.items)
    if isinstance(node, Call):
        return as_inttuple(node)
    return literal_inttuple(node)


def is_inttuple_node(node) -> bool:
    return isinstance(node, (Int, Tup))


def as_layout(node) -> CL:
    """A layout argument; a bare shape is the compact layout, which torch
    builds row-major: CuTe's column-major one under reversal."""
    _no_new_forms(node)
    if isinstance(node, Lay):
        return CL(literal_inttuple(node.shape), literal_inttuple(node.stride))
    if isinstance(node, (Int, Tup)):
        return from_torch(tp.Layout(rev(literal_inttuple(node))))
    if isinstance(node, Call):
        v = evaluate(node)
        if isinstance(v, CL):
            return v
        if isinstance(v, (int, tuple)):
            return from_torch(tp.Layout(rev(v)))
        raise BadArg(f"{node.name}(...) did not give a layout")
    raise BadArg(f"expected a layout, got {node}")


def as_inttuple(node):
    _no_new_forms(node)
    if is_inttuple_node(node):
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
        raise Unsupported(f"a tuple where torch's port takes an integer ({node})")
    return v


def _modes(shape):
    return list(shape) if isinstance(shape, tuple) else [shape]


# --------------------------------------------------------------------------
# Tilers: CuTe's by-mode tiler pairs its modes with A's leading modes; the
# reversed A has them last, so the tiler is padded with `_` (None) up to
# A's rank and reversed. The structure is kept (as the "plan") to map the
# result back.
# --------------------------------------------------------------------------

def tiler_plan(node, a_shape):
    """(torch tiler, plan): plan is None for `_`, ("leaf",) for a layout or
    an integer, ("modes", [plan_i...], k) for a by-mode tuple of k items
    (CuTe's order; the plans of the padding follow). An empty tuple is not
    padded: it pairs with nothing."""
    _no_new_forms(node)
    if isinstance(node, Under):
        return None, None
    if isinstance(node, Int):
        return node.value, ("leaf",)
    if isinstance(node, Lay):
        return to_torch(as_layout(node)), ("leaf",)
    if isinstance(node, (Tup, Tiler)):
        modes = _modes(a_shape)
        items = list(node.items)
        k = len(items)
        if 0 < k < len(modes):
            items += [Under()] * (len(modes) - k)   # the port keeps a mode under `_` as it is
        parts = [tiler_plan(it, modes[i] if i < len(modes) else 1) for i, it in enumerate(items)]
        return tuple(t for t, _ in reversed(parts)), ("modes", [p for _, p in parts], k)
    if isinstance(node, Call):
        v = evaluate(node)
        if isinstance(v, CL):
            return to_torch(v), ("leaf",)
        if isinstance(v, int):
            return v, ("leaf",)
        raise Unsupported(f"{node.name}(...) as a tiler")
    raise BadArg(f"expected a tiler, got {node}")


def _mode(layout, i):
    return layout[i]   # torch's Layout.__getitem__


def map_split(res, plan):
    """Map back a logical_divide / logical_product result: by-mode levels
    reversed, the (first, second) pair of a leaf kept in order, each part
    reversed at every level."""
    if MAPPING == "reverse" or plan is None:
        return from_torch(res)
    if plan[0] == "modes":
        n = len(plan[1])
        if len(res) != n:
            return from_torch(res)
        parts = [map_split(_mode(res, n - 1 - i), p) for i, p in enumerate(plan[1])]
        return CL(tuple(p.shape for p in parts), tuple(p.stride for p in parts))
    if not isinstance(res.shape, tuple) or len(res.shape) != 2:
        return from_torch(res)
    a, b = from_torch(_mode(res, 0)), from_torch(_mode(res, 1))
    return CL((a.shape, b.shape), (a.stride, b.stride))


def strip_padding(tiles: CL, plan) -> CL:
    """The group of tiles of a zipped or tiled divide or product without the
    1:0 tile that the port gives each `_` of the padding (tiler_plan): what
    the port answers where it pairs the modes itself."""
    if plan is None or plan[0] != "modes" or not isinstance(tiles.shape, tuple) or \
            len(tiles.shape) != len(plan[1]):
        return tiles
    plans, k = plan[1], plan[2]
    parts = [strip_padding(CL(tiles.shape[i], tiles.stride[i]), plans[i]) for i in range(k)]
    return CL(tuple(p.shape for p in parts), tuple(p.stride for p in parts))


def map_zipped(res, plan):
    """((firsts...), (seconds...)): the two groups kept in order, each
    reversed at every level."""
    if MAPPING == "reverse" or not isinstance(res.shape, tuple) or len(res.shape) != 2:
        return from_torch(res)
    a, b = strip_padding(from_torch(_mode(res, 0)), plan), from_torch(_mode(res, 1))
    return CL((a.shape, b.shape), (a.stride, b.stride))


def map_tiled(res, plan):
    """((firsts...), second0, second1, ...): mode 0 kept first, the other
    modes reversed as one tuple."""
    if MAPPING == "reverse" or not isinstance(res.shape, tuple) or len(res.shape) < 1:
        return from_torch(res)
    first = strip_padding(from_torch(_mode(res, 0)), plan)
    rest = [_mode(res, i) for i in range(1, len(res.shape))]
    rest_shape = rev(tuple(r.shape for r in rest))
    rest_stride = rev(tuple(r.stride for r in rest))
    return CL((first.shape,) + rest_shape, (first.stride,) + rest_stride)


def _split_op(fn, mapper):
    def run(a):
        A = as_layout(a[0])
        tiler, plan = tiler_plan(a[1], A.shape)
        return mapper(fn(to_torch(A), tiler), plan)
    return {2: run}


def _composition(a):
    A = as_layout(a[0])
    tiler, _ = tiler_plan(a[1], A.shape)
    return from_torch(tp.composition(to_torch(A), tiler))


def _profile(p, shape):
    """coalesce's profile, padded and reversed like a tiler: a missing mode
    is coalesced by its own shape, which leaves it as it is."""
    if not isinstance(p, tuple):
        return p
    modes = _modes(shape)
    items = list(p) + modes[len(p):]
    return tuple(_profile(x, modes[i] if i < len(modes) else 1) for i, x in reversed(list(enumerate(items))))


def _coalesce(a):
    A = as_layout(a[0])
    if len(a) == 1:
        return from_torch(tp.coalesce(to_torch(A)))
    return from_torch(tp.coalesce(to_torch(A), _profile(as_inttuple(a[1]), A.shape)))


def _complement(a):
    A = to_torch(as_layout(a[0]))
    if len(a) == 1:
        return from_torch(tp.complement(A))          # the port's default max_idx, 1
    cotarget = as_inttuple(a[1])
    if not isinstance(cotarget, int):
        raise Unsupported("complement (shape cotarget): the port takes an integer max_idx")
    return from_torch(tp.complement(A, cotarget))


def _crd2idx(a):
    crd = rev(literal_coord(a[0]))
    if len(a) == 2:
        L = to_torch(as_layout(a[1]))
        return tp.crd2idx(crd, L.shape, L.stride)
    return tp.crd2idx(crd, rev(as_inttuple(a[1])), rev(as_inttuple(a[2])))


def _idx2crd(a):
    node = a[1]
    shape = as_layout(node).shape if not is_inttuple_node(node) else literal_inttuple(node)
    return rev(tp.idx2crd(rev(as_inttuple(a[0])), rev(shape)))


def _eval(a):
    L = to_torch(as_layout(a[0]))
    coords = [literal_coord(c) for c in a[1:]]
    if len(coords) == 1:
        out = L(rev(coords[0]))
    else:
        out = L(*rev(tuple(coords)))
    return from_torch(out) if isinstance(out, tp.Layout) else out


def _slice(a):
    crd = rev(literal_coord(a[0]))
    return from_torch(tp.slice_and_offset(crd, to_torch(as_layout(a[1])))[0])


def _make_layout(a):
    """make_layout(shape), make_layout(shape, stride) (two IntTuples, as the
    reference reads them), or make_layout(L0, L1, ...): the modes in reverse
    order, each reversed."""
    for x in a:
        if isinstance(x, Sym):
            raise Unsupported(f"make_layout(shape, {x.name}): the port has no {x.name}")
    vals = [evaluate(x) if isinstance(x, Call) else (literal_inttuple(x) if is_inttuple_node(x) else as_layout(x))
            for x in a]
    if len(vals) == 1 and isinstance(vals[0], (int, tuple)):
        return from_torch(tp.Layout(rev(vals[0])))
    if len(vals) == 2 and all(isinstance(v, (int, tuple)) for v in vals):
        return from_torch(tp.Layout(rev(vals[0]), rev(vals[1])))
    layouts = [v if isinstance(v, CL) else from_torch(tp.Layout(rev(v))) for v in vals]
    return from_torch(tp.make_layout(*[to_torch(L) for L in reversed(layouts)]))


def _flatten(a):
    if not is_inttuple_node(a[0]) and not isinstance(a[0], Call):
        raise Unsupported("flatten of a layout: the port's flatten takes an IntTuple")
    t = as_inttuple(a[0])
    return rev(tp.flatten(rev(t)))


def _prefix_product(a):    # CuTe's exclusive colex prefix product = the port's suffix product, reversed
    t = rev(as_inttuple(a[0]))
    return rev(tp.suffix_product(t) if len(a) == 1 else tp.suffix_product(t, rev(as_inttuple(a[1]))))


def _t(fn):
    """A layout (or IntTuple) operation whose result is one layout: reversed there and back."""
    return lambda a: from_torch(fn(to_torch(as_layout(a[0]))))


OPS = {
    "size":            {1: lambda a: tp.size(to_torch(as_layout(a[0])))},
    "cosize":          {1: lambda a: tp.cosize(to_torch(as_layout(a[0])))},
    "rank":            {1: lambda a: len(to_torch(as_layout(a[0])))},
    "coalesce":        {1: _coalesce, 2: _coalesce},
    "filter":          {1: _t(lambda L: tp.filter(L))},
    "composition":     {2: _composition},
    "complement":      {1: _complement, 2: _complement},
    "right_inverse":   {1: _t(lambda L: tp.right_inverse(L))},
    "left_inverse":    {1: _t(lambda L: tp.left_inverse(L))},
    "logical_divide":  _split_op(lambda A, B: tp.logical_divide(A, B), map_split),
    "zipped_divide":   _split_op(lambda A, B: tp.zipped_divide(A, B), map_zipped),
    "tiled_divide":    _split_op(lambda A, B: tp.tiled_divide(A, B), map_tiled),
    "logical_product": _split_op(lambda A, B: tp.logical_product(A, B), map_split),
    "zipped_product":  _split_op(lambda A, B: tp.zipped_product(A, B), map_zipped),
    "tiled_product":   _split_op(lambda A, B: tp.tiled_product(A, B), map_tiled),
    "make_layout":     {n: _make_layout for n in range(1, 33)},
    "crd2idx":         {2: _crd2idx, 3: _crd2idx},
    "idx2crd":         {2: _idx2crd},
    "eval":            {n: _eval for n in range(2, 34)},
    "slice":           {2: _slice},
    "flatten":         {1: _flatten},
    "congruent":       {2: lambda a: tp.match_structure(rev(as_inttuple(a[0])), rev(as_inttuple(a[1])))},
    "product":         {1: lambda a: tp.product(rev(as_inttuple(a[0])))},
    "inner_product":   {2: lambda a: tp.inner_product(rev(as_inttuple(a[0])), rev(as_inttuple(a[1])))},
    "elem_scale":      {2: lambda a: rev(tp.elem_scale(rev(as_inttuple(a[0])), rev(as_inttuple(a[1]))))},
    "shape_div":       {2: lambda a: tp.shape_div(as_inttuple(a[0]), as_inttuple(a[1]))},   # not ported: as it is
    "prefix_product":  {1: _prefix_product, 2: _prefix_product},
}


def evaluate(call: Call):
    if call.name == "notation" and len(call.args) == 1:   # a bare value, printed back
        node = call.args[0]
        if isinstance(node, Lay):
            return from_torch(to_torch(as_layout(node)))
        return as_inttuple(node)
    return rt.lookup(OPS, call)(call.args)


def main(argv=None) -> int:
    global tp, MAPPING
    ap = argparse.ArgumentParser(
        description="cuteref peer adapter backed by torch.distributed._pycute (torch %s), "
                    "lexicographic, mapped to CuTe's order by mode reversal: one request per stdin line, "
                    "one 'ok <result>' / 'error <text>' line per request on stdout." % PIN)
    ap.add_argument("--pycute-dir", help="a directory holding the port's _pycute/ "
                    f"(default ${ENV_DIR}, then {', '.join(default_dirs())}, then an installed torch)")
    ap.add_argument("--mapping", choices=("roles", "reverse"), default="roles",
                    help="how a divide's or a product's result comes back: 'roles' (default) keeps its "
                         "(tile, rest) pair in order and reverses each part; 'reverse' reverses it all")
    rt.timeout_option(ap)
    rt.info_options(ap, "print where the port comes from and exit")
    args = ap.parse_args(argv)
    MAPPING = args.mapping
    try:
        tp, where, version = load_port(args.pycute_dir)
    except Exception as exc:  # noqa: BLE001 - install problem
        sys.stderr.write("torch_pycute_adapter: cannot load torch's _pycute (bash peers/fetch_torch_pycute.sh, "
                         "or pip install torch==%s): %s\n" % (PIN, exc))
        return 2
    # --list-ops fails above when the port is missing, as tools/peers.sh's check expects
    if rt.print_info(args, OPS, lambda: f"torch.distributed._pycute from {version} at {where}"):
        return 0
    # the port's asserts carry no text: an empty message says where it failed
    return rt.serve(evaluate, format_value, args.timeout, rt.message_or_where)


if __name__ == "__main__":
    with rt.quiet_end():
        sys.exit(main())
