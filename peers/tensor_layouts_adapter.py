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
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cuteref_notation import (  # noqa: E402
    Call, Int, Lay, ParseError, Tiler, Tup, Under, format_inttuple, parse_request,
)

try:
    import tensor_layouts as tl  # noqa: E402
except ImportError as exc:  # pragma: no cover - install problem
    sys.stderr.write("tensor_layouts_adapter: cannot import tensor_layouts "
                     "(pip install tensor-layouts==0.3.2): %s\n" % exc)
    sys.exit(2)

PIN = "0.3.2"


class BadArg(Exception):
    """The request is well formed but an argument has the wrong kind."""


class Unsupported(Exception):
    """tensor-layouts has no such operation, overload or argument form."""


def format_value(v) -> str:
    if isinstance(v, tl.Layout):
        return format_inttuple(v.shape) + ":" + format_inttuple(v.stride)
    if isinstance(v, tl.ComposedLayout):
        raise Unsupported("result is a ComposedLayout")
    return format_inttuple(v)


def literal_inttuple(node):
    if isinstance(node, Int):
        return node.value
    if isinstance(node, Tup):
        return tuple(literal_inttuple(i) for i in node.items)
    raise BadArg(f"expected an integer or IntTuple, got {node}")


def as_layout(node):
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
    table = OPS.get(call.name)
    if table is None:
        raise Unsupported(call.name)
    fn = table.get(len(call.args))
    if fn is None:
        arities = "/".join(str(k) for k in sorted(table))
        raise BadArg(f"{call.name} takes {arities} argument(s), got {len(call.args)}")
    return fn(call.args)


class _Timeout(Exception):
    pass


def _on_alarm(signum, frame):
    raise _Timeout()


def answer(line: str, timeout: float = 0) -> str:
    """Answer one request line; never raises."""
    try:
        call = parse_request(line)
    except ParseError as e:
        return f"error PARSE {e}"
    except RecursionError:
        return "error PARSE nesting too deep"
    if timeout > 0:
        signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        return "ok " + format_value(evaluate(call))
    except Unsupported as e:
        return f"error UNSUPPORTED {e}"
    except BadArg as e:
        return f"error BADARG {e}"
    except _Timeout:
        return f"error TIMEOUT after {timeout:g}s"
    except Exception as e:  # noqa: BLE001 - every peer failure is an answer
        msg = " ".join(str(e).split()) or "(no message)"
        return f"error {type(e).__name__}: {msg}"
    finally:
        if timeout > 0:
            signal.setitimer(signal.ITIMER_REAL, 0)


def installed_version() -> str:
    try:
        from importlib.metadata import version
        return version("tensor-layouts")
    except Exception:  # noqa: BLE001
        return "unknown"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        description="cuteref peer adapter backed by tensor-layouts: one request per stdin line, "
                    "one 'ok <result>' / 'error <text>' line per request on stdout.")
    ap.add_argument("--timeout", type=float, default=10.0,
                    help="seconds allowed per request before answering 'error TIMEOUT' (0 = none; default 10)")
    ap.add_argument("--list-ops", action="store_true",
                    help="print the operations this adapter passes on (comma-separated) and exit")
    ap.add_argument("--version", action="store_true", help="print the tensor-layouts version in use and exit")
    args = ap.parse_args(argv)
    if args.list_ops:
        print(",".join(OPS))
        return 0
    if args.version:
        print(f"tensor-layouts {installed_version()} at {os.path.dirname(tl.__file__)}")
        return 0
    if args.timeout > 0:
        signal.signal(signal.SIGALRM, _on_alarm)
    sys.setrecursionlimit(10000)
    sys.stdin.reconfigure(encoding="utf-8", errors="replace")
    out = sys.stdout
    for raw in sys.stdin:
        out.write(answer(raw.rstrip("\r\n"), args.timeout) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        try:
            sys.stdout.close()
        except Exception:  # noqa: BLE001
            pass
        sys.exit(0)
