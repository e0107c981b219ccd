#!/usr/bin/env python3
"""cuteref peer adapter for Mojo's `layout` package (`layout.mojoc` of PyPI
`max-mojo-libs` 26.7.0, compiled by `mojo-compiler` 1.2.0), on the CPU.

Mojo is compiled (`mojo build`, 10-15 s here for a small program; a
program with one function per request took about 0.1-0.2 s more per
request, minutes for a batch of 400).  So the adapter compiles ONE program
once, PROGRAM below, a stack machine over the package's functions, and
caches the binary (keyed by PROGRAM's sha256 and the driver's path) under
$CUTEREF_MOJO_CACHE or ~/.cache/cuteref/mojo-adapter.  Each request is
translated here to a line of postfix tokens (`i 4 i 6 t 2 i 1 i 4 t 2 L
i 3 i 2 L composition`); the lines available on stdin (at most --batch) are
written to a file, and one run of the binary prints `@@ <line> <value>`
(flushed) per request, in order.  Compile errors per request cannot happen:
the translation writes only the token forms PROGRAM reads, and forms it
does not map are answered here.

- A Mojo `debug_assert` or `abort` ends the whole process (SIGILL, e.g.
  `blocked_product` of layouts of different ranks).  The request after the
  last one printed is the one it died on: it is answered `error CRASH
  <signal> <Mojo's assert message>` and the binary is run again from the
  next request.  A run silent for --timeout seconds is killed the same way
  (`error TIMEOUT`).

Notation mapping only, no algebra: every integer is a Mojo `Int` (64-bit;
larger ones are UNSUPPORTED) and static marks are dropped; an IntTuple is
`IntTuple(...)` with each element wrapped (`IntTuple(IntTuple(3))` is the
1-tuple (3)); a bare shape where a layout is expected is Mojo's
`Layout(shape)`, the compact column-major layout; an integer tiler `n` is
`n:1`; a `<...>` or tuple tiler is a `LayoutList` of its items (`_` inside a
tiler is UNSUPPORTED); `L(c)` is Mojo's `Layout.__call__`; `crd2idx(c, L)`
and `idx2crd(i, L)` pass L's shape and stride / shape.  Mojo prints a layout
in parentheses with spaces, `((3, 2):(2, 12))`; the adapter removes the
spaces and the outer parentheses.  Operations and forms not mapped are
answered `error UNSUPPORTED ...`.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import adapter_runtime as rt  # noqa: E402
from adapter_runtime import BadArg, Unsupported, one_line  # noqa: E402
from cuteref_notation import (  # noqa: E402
    Call, Int, Lay, ParseError, Tiler, Tup, Under, parse_request,
)

PIN = "mojo-compiler 1.2.0, max-mojo-libs 26.7.0"
BATCH_MAX = 2000
INT64 = (-(1 << 63), (1 << 63) - 1)

# --------------------------------------------------------------------------
# Syntax tree -> postfix tokens for the interpreter (PROGRAM)
# --------------------------------------------------------------------------


def _no_new_forms(node):
    rt.refuse_new_forms(node, "Mojo's layout package has no swizzle in its Layout algebra", under=True)


def integer(node) -> int:
    if not isinstance(node, Int):
        raise Unsupported(f"{node} where Mojo takes an Int literal")
    if not INT64[0] <= node.value <= INT64[1]:
        raise Unsupported(f"the integer {node.value} (Mojo's Int is 64-bit)")
    return node.value


def tup(node) -> list:
    """An integer or IntTuple literal: `i N`, a tuple's items then `t n`."""
    _no_new_forms(node)
    if isinstance(node, Int):
        return ["i", str(integer(node))]
    if isinstance(node, Tup):
        return [t for i in node.items for t in tup(i)] + ["t", str(len(node.items))]
    raise BadArg(f"expected an integer or IntTuple, got {node}")


def inttuple(node) -> list:
    """An IntTuple argument: a literal or a call giving one."""
    if isinstance(node, Call):
        kind, toks = expr(node)
        if kind != "T":
            raise BadArg(f"{node.name}(...) did not give an IntTuple")
        return toks
    return tup(node)


def layout(node) -> list:
    _no_new_forms(node)
    if isinstance(node, Lay):
        return tup(node.shape) + tup(node.stride) + ["L"]
    if isinstance(node, (Int, Tup)):
        return tup(node) + ["S"]
    if isinstance(node, Call):
        kind, toks = expr(node)
        if kind == "L":
            return toks
        if kind == "T":
            return toks + ["S"]
        raise BadArg(f"{node.name}(...) did not give a layout")
    raise BadArg(f"expected a layout, got {node}")


def tiler(node):
    """('L', a Layout) or ('LL', a LayoutList of the items)."""
    _no_new_forms(node)
    if isinstance(node, Int):
        return "L", tup(node) + ["i", "1", "L"]
    if isinstance(node, (Tup, Tiler)):
        toks = []
        for i in node.items:
            if isinstance(i, Under):
                raise Unsupported("`_` in a tiler (Mojo's LayoutList holds layouts only)")
            if isinstance(i, Int):
                toks += tup(i) + ["i", "1", "L"]
            elif isinstance(i, (Tup, Tiler)):
                raise Unsupported("a tuple or tiler inside a tiler (not mapped)")
            else:
                toks += layout(i)
        if not node.items:
            raise Unsupported("an empty tiler")
        return "LL", toks + ["list", str(len(node.items))]
    return "L", layout(node)


def coord(node) -> list:
    if isinstance(node, Under) or (isinstance(node, Tup) and any(isinstance(i, Under) for i in node.items)):
        raise Unsupported("slicing with `_` (not mapped)")
    if isinstance(node, Tup):
        return [t for i in node.items for t in coord(i)] + ["t", str(len(node.items))]
    return inttuple(node)


def _complement(a):
    if len(a) == 1:
        return "L", layout(a[0]) + ["complement"]
    if not isinstance(a[1], Int):
        raise Unsupported("complement with a shape cotarget (Mojo's takes an Int)")
    return "L", layout(a[0]) + ["complement_n", str(integer(a[1]))]


def _two(fn, lists=True):
    def run(a):
        kind, t = tiler(a[1])
        if kind == "LL" and not lists:
            raise Unsupported(f"{fn} by a tiler of several modes (not mapped)")
        return "L", layout(a[0]) + t + [fn + ("_list" if kind == "LL" else "")]
    return {2: run}


def _make_layout(a):
    if len(a) <= 2 and all(isinstance(x, (Int, Tup)) for x in a):
        return "L", (tup(a[0]) + ["S"] if len(a) == 1 else tup(a[0]) + tup(a[1]) + ["L"])
    if len(a) == 1:
        return "L", layout(a[0])
    if len(a) == 2:
        return "L", layout(a[0]) + layout(a[1]) + ["make_layout"]
    raise Unsupported("make_layout of more than two layouts (not mapped)")


def _crd2idx(a):
    if len(a) == 3:
        return "T", coord(a[0]) + inttuple(a[1]) + inttuple(a[2]) + ["crd2idx3"]
    return "T", coord(a[0]) + layout(a[1]) + ["crd2idx"]


def _idx2crd(a):
    node = a[1]
    shape = tup(node) if isinstance(node, (Int, Tup)) else layout(node) + ["shape_of"]
    return "T", inttuple(a[0]) + shape + ["idx2crd"]


def _eval(a):
    c = coord(a[1]) if len(a) == 2 else [t for x in a[1:] for t in coord(x)] + ["t", str(len(a) - 1)]
    return "T", layout(a[0]) + c + ["eval"]


def _recast(fn):
    def run(a):
        n = integer(a[1])
        if n <= 0:
            raise BadArg(f"a recast by {n}")
        return "L", layout(a[0]) + [fn, str(n)]
    return {2: run}


def _tile_to_shape(a):
    if len(a) == 3:
        return "L", layout(a[0]) + inttuple(a[1]) + inttuple(a[2]) + ["tile_to_shape_order"]
    return "L", layout(a[0]) + inttuple(a[1]) + ["tile_to_shape"]


def _unary(fn, kind="L"):
    return {1: lambda a: (kind, layout(a[0]) + [fn])}


OPS = {
    "size":              _unary("size", "T"),
    "cosize":            _unary("cosize", "T"),
    "rank":              _unary("rank", "T"),
    "coalesce":          _unary("coalesce"),
    "composition":       _two("composition"),
    "complement":        {1: _complement, 2: _complement},
    "right_inverse":     _unary("right_inverse"),
    "logical_divide":    _two("logical_divide"),
    "zipped_divide":     _two("zipped_divide"),
    "logical_product":   _two("logical_product", lists=False),
    "blocked_product":   _two("blocked_product", lists=False),
    "tile_to_shape":     {2: _tile_to_shape, 3: _tile_to_shape},
    "make_layout":       {n: _make_layout for n in range(1, 4)},
    "make_ordered_layout": {2: lambda a: ("L", inttuple(a[0]) + inttuple(a[1]) + ["make_ordered_layout"])},
    "upcast":            _recast("upcast"),
    "downcast":          _recast("downcast"),
    "crd2idx":           {2: _crd2idx, 3: _crd2idx},
    "idx2crd":           {2: _idx2crd},
    "eval":              {n: _eval for n in range(2, 10)},
    "product":           {1: lambda a: ("T", inttuple(a[0]) + ["product"])},
    "prefix_product":    {1: lambda a: ("T", inttuple(a[0]) + ["prefix_product"])},
    "inner_product":     {2: lambda a: ("T", inttuple(a[0]) + inttuple(a[1]) + ["inner_product"])},
    "shape_div":         {2: lambda a: ("T", inttuple(a[0]) + inttuple(a[1]) + ["shape_div"])},
}


def expr(call: Call):
    """(kind, tokens): kind 'L' a Layout, 'T' an IntTuple (an Int is one)."""
    if call.name == "notation" and len(call.args) == 1:   # a bare value, printed back
        node = call.args[0]
        return ("L", layout(node)) if isinstance(node, Lay) else ("T", tup(node))
    return rt.lookup(OPS, call)(call.args)


# --------------------------------------------------------------------------
# The interpreter: one Mojo program, compiled once and cached
# --------------------------------------------------------------------------

PROGRAM = r"""# cuteref's Mojo peer: a stack machine over Mojo's layout package, written by
# peers/mojo_adapter.py.  argv: FILE START.  Each line of FILE is one request
# in postfix tokens; `@@ <line> <value>` is printed (flushed) per request.
from std.sys import argv
from layout import Layout, IntTuple
from layout.layout import (composition, complement, coalesce, logical_divide, zipped_divide,
    logical_product, blocked_product, right_inverse, make_layout, make_ordered_layout, upcast,
    downcast, tile_to_shape, cosize, size, LayoutList)
from layout.int_tuple import crd2idx, idx2crd, shape_div, prefix_product, product, inner_product


def main() raises:
    var f = open(String(argv()[1]), "r")
    var text = f.read()
    f.close()
    var start = Int(argv()[2])
    var lines = text.split("\n")
    for k in range(start, len(lines)):
        if lines[k].byte_length() == 0:
            continue
        var toks = lines[k].split(" ")
        var ts = List[IntTuple]()
        var ls = List[Layout]()
        var lists = List[LayoutList]()
        var kind = String("")
        var last = 0
        var j = 0
        while j < len(toks):
            var op = String(toks[j])
            j += 1
            if op == "i":
                ts.append(IntTuple(Int(toks[j])))
                j += 1
                kind = "T"
            elif op == "t":
                var n = Int(toks[j])
                j += 1
                var items = List[IntTuple]()
                for _ in range(n):
                    items.append(ts.pop())
                var t = IntTuple()
                for m in range(n):
                    t.append(items[n - 1 - m].copy())
                ts.append(t^)
                kind = "T"
            elif op == "L":
                var d = ts.pop()
                var s = ts.pop()
                ls.append(Layout(s, d))
                kind = "L"
            elif op == "S":
                var s = ts.pop()
                ls.append(Layout(s))
                kind = "L"
            elif op == "list":
                var n = Int(toks[j])
                j += 1
                var items = List[Layout]()
                for _ in range(n):
                    items.append(ls.pop())
                var l = LayoutList()
                for m in range(n):
                    l.append(items[n - 1 - m].copy())
                lists.append(l^)
            elif op == "size":
                var a = ls.pop()
                last = size(a)
                ts.append(IntTuple(last))
                kind = "I"
            elif op == "cosize":
                var a = ls.pop()
                last = cosize(a)
                ts.append(IntTuple(last))
                kind = "I"
            elif op == "rank":
                var a = ls.pop()
                last = a.rank()
                ts.append(IntTuple(last))
                kind = "I"
            elif op == "coalesce":
                var a = ls.pop()
                ls.append(coalesce(a^))
                kind = "L"
            elif op == "complement":
                var a = ls.pop()
                ls.append(complement(a^))
                kind = "L"
            elif op == "complement_n":
                var n = Int(toks[j])
                j += 1
                var a = ls.pop()
                ls.append(complement(a^, n))
                kind = "L"
            elif op == "right_inverse":
                var a = ls.pop()
                ls.append(right_inverse(a^))
                kind = "L"
            elif op == "composition" or op == "logical_divide" or op == "zipped_divide" or op == "logical_product" or op == "blocked_product" or op == "make_layout":
                var b = ls.pop()
                var a = ls.pop()
                if op == "composition":
                    ls.append(composition(a^, b^))
                elif op == "logical_divide":
                    ls.append(logical_divide(a^, b^))
                elif op == "zipped_divide":
                    ls.append(zipped_divide(a^, b^))
                elif op == "logical_product":
                    ls.append(logical_product(a^, b^))
                elif op == "blocked_product":
                    ls.append(blocked_product(a^, b^))
                else:
                    ls.append(make_layout(a^, b^))
                kind = "L"
            elif op == "composition_list" or op == "logical_divide_list" or op == "zipped_divide_list":
                var b = lists.pop()
                var a = ls.pop()
                if op == "composition_list":
                    ls.append(composition(a^, b^))
                elif op == "logical_divide_list":
                    ls.append(logical_divide(a^, b^))
                else:
                    ls.append(zipped_divide(a^, b^))
                kind = "L"
            elif op == "upcast" or op == "downcast":
                var n = Int(toks[j])
                j += 1
                var a = ls.pop()
                if op == "upcast":
                    ls.append(upcast(a^, n))
                else:
                    ls.append(downcast(a^, n))
                kind = "L"
            elif op == "tile_to_shape":
                var s = ts.pop()
                var a = ls.pop()
                ls.append(tile_to_shape(a^, s))
                kind = "L"
            elif op == "tile_to_shape_order":
                var o = ts.pop()
                var s = ts.pop()
                var a = ls.pop()
                ls.append(tile_to_shape(a^, s, o))
                kind = "L"
            elif op == "make_ordered_layout":
                var o = ts.pop()
                var s = ts.pop()
                ls.append(make_ordered_layout(s, o))
                kind = "L"
            elif op == "crd2idx":
                var a = ls.pop()
                var c = ts.pop()
                last = crd2idx(c, a.shape, a.stride)
                ts.append(IntTuple(last))
                kind = "I"
            elif op == "crd2idx3":
                var d = ts.pop()
                var s = ts.pop()
                var c = ts.pop()
                last = crd2idx(c, s, d)
                ts.append(IntTuple(last))
                kind = "I"
            elif op == "idx2crd":
                var s = ts.pop()
                var i = ts.pop()
                ts.append(idx2crd(i, s))
                kind = "T"
            elif op == "eval":
                var c = ts.pop()
                var a = ls.pop()
                last = a(c)
                ts.append(IntTuple(last))
                kind = "I"
            elif op == "product":
                var a = ts.pop()
                last = product(a)
                ts.append(IntTuple(last))
                kind = "I"
            elif op == "prefix_product":
                var a = ts.pop()
                ts.append(prefix_product(a))
                kind = "T"
            elif op == "inner_product":
                var b = ts.pop()
                var a = ts.pop()
                last = inner_product(a, b)
                ts.append(IntTuple(last))
                kind = "I"
            elif op == "shape_div":
                var b = ts.pop()
                var a = ts.pop()
                ts.append(shape_div(a, b))
                kind = "T"
            elif op == "shape_of":
                var a = ls.pop()
                ts.append(a.shape.copy())
                kind = "T"
            else:
                raise Error("unknown token " + op)
        if kind == "L":
            print("@@", k, ls[len(ls) - 1], flush=True)
        elif kind == "I":
            print("@@", k, last, flush=True)
        else:
            print("@@", k, ts[len(ts) - 1], flush=True)
"""


def mojo_value(text: str) -> str:
    """Mojo's printed value in cuteref notation: no spaces, no outer
    parentheses around a layout."""
    s = "".join(text.split())
    if ":" in s and s.startswith("(") and s.endswith(")"):
        depth = 0
        for k, ch in enumerate(s):
            depth += ch == "("
            depth -= ch == ")"
            if depth == 0 and k < len(s) - 1:
                return s
        return s[1:-1]
    return s


def cache_dir() -> str:
    base = os.environ.get("CUTEREF_MOJO_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "cuteref", "mojo-adapter")
    return base


class Interp:
    """The compiled interpreter (built on first use, cached by the sha256 of
    PROGRAM and the driver's path) and the runs of a batch."""

    def __init__(self, mojo: str, timeout: float, workdir: str):
        self.mojo, self.timeout, self.workdir = mojo, timeout, workdir
        self.crashes = []
        self.compiles = 0
        key = hashlib.sha256((PROGRAM + "\0" + os.path.realpath(mojo)).encode()).hexdigest()[:16]
        self.exe = os.path.join(cache_dir(), key, "cuteref_mojo")

    def build(self):
        if os.path.exists(self.exe):
            return
        self.compiles += 1
        d = os.path.dirname(self.exe)
        os.makedirs(d, exist_ok=True)
        src = os.path.join(self.workdir, "cuteref_mojo.mojo")
        tmp = os.path.join(self.workdir, "cuteref_mojo")
        with open(src, "w") as f:
            f.write(PROGRAM)
        p = subprocess.run(["nice", self.mojo, "build", src, "-o", tmp], stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
        if p.returncode != 0 or not os.path.exists(tmp):
            errs = [ln for ln in p.stdout.splitlines() if "error:" in ln]
            raise RuntimeError("mojo build failed: " + (errs[0] if errs else f"exit {p.returncode}"))
        part = f"{self.exe}.{os.getpid()}"     # then renamed: a concurrent adapter never runs half a file
        shutil.copy2(tmp, part)
        os.replace(part, self.exe)

    def run(self, token_lines):
        """One answer per line (None for an empty one), running again after
        each crash from the request after the one it died on."""
        path = os.path.join(self.workdir, "requests.txt")
        with open(path, "w") as f:
            f.write("".join(t + "\n" for t in token_lines))
        order = [k for k, t in enumerate(token_lines) if t]
        got = {}
        start = 0
        while start < len(order):
            try:
                p = subprocess.run([self.exe, path, str(order[start])], stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   timeout=self.timeout or None, text=True, errors="replace")
                out, err, rc, hung = p.stdout, p.stderr, p.returncode, False
            except subprocess.TimeoutExpired as e:
                out = e.stdout.decode("utf-8", "replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
                err, rc, hung = "", None, True
            for line in out.splitlines():
                if line.startswith("@@ "):
                    _, idx, value = (line + " ").split(" ", 2)
                    got[int(idx)] = "ok " + mojo_value(value)
            while start < len(order) and order[start] in got:
                start += 1
            if start == len(order):
                break
            bad = order[start]
            if hung:
                got[bad] = f"error TIMEOUT no answer in {self.timeout:g}s"
            else:
                how = signal.Signals(-rc).name if rc is not None and rc < 0 else f"exit {rc}"
                # Mojo's assert message (`At: file:line:col: Assert Error: ...`), on either stream
                msg = next((ln for ln in (out + "\n" + err).splitlines()
                            if not ln.startswith("@@ ") and ("Error" in ln or "ABORT" in ln)), "")
                if msg.startswith("At: ") and msg.count(": ") >= 2:
                    msg = ": ".join(msg.split(": ")[-2:])
                got[bad] = f"error CRASH {how}" + (f" {one_line(msg, 200)}" if msg else "")
                self.crashes.append((bad, how))
            start += 1
        return [got.get(k) if t else None for k, t in enumerate(token_lines)]


class Driver(rt.WorkerDriver):
    """No forked worker: each batch is one run (or, after crashes, a few) of
    the compiled interpreter (`Interp`)."""

    def __init__(self, timeout: float, mojo: str):
        super().__init__(timeout, None)
        self.workdir = tempfile.mkdtemp(prefix="cuteref_mojo.")
        self.interp = Interp(mojo, timeout, self.workdir)

    def answer_lines(self, lines):
        answers = [None] * len(lines)
        tokens = [""] * len(lines)
        for k, line in enumerate(lines):
            try:
                call = parse_request(line)
            except ParseError as e:
                answers[k] = f"error PARSE {e}"
                continue
            except RecursionError:
                answers[k] = rt.NESTING
                continue
            try:
                tokens[k] = " ".join(expr(call)[1])
            except (Unsupported, BadArg) as e:
                answers[k] = rt.declined(e)
            except RecursionError:
                answers[k] = rt.NESTING
        if any(tokens):
            self.interp.build()
            n0 = len(self.interp.crashes)
            for k, a in enumerate(self.interp.run(tokens)):
                if tokens[k]:
                    answers[k] = a or "error CRASH no answer"
            for k, how in self.interp.crashes[n0:]:
                self.crashes.append((lines[k], how))
        return answers

    def close(self):
        shutil.rmtree(self.workdir, ignore_errors=True)


def fetched_venv() -> str:
    """fetch_mojo.sh's default DEST (tools/setup.sh --peers installs there)."""
    return os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "cuteref", "mojo-1.2.0")


def find_mojo(arg: str | None) -> str:
    for cand in (arg, os.environ.get("CUTEREF_MOJO"),
                 os.path.join(os.environ.get("CUTEREF_MOJO_VENV", ""), "bin", "mojo")
                 if os.environ.get("CUTEREF_MOJO_VENV") else None,
                 os.path.join(os.path.dirname(sys.executable), "mojo"), shutil.which("mojo"),
                 os.path.join(fetched_venv(), "bin", "mojo")):
        if cand and os.path.isfile(cand) and os.access(cand, os.X_OK):
            return cand
    return ""


def venv_version(mojo: str, dist: str) -> str:
    """The version of `dist` installed beside the driver (its venv's
    site-packages), whatever Python runs the adapter."""
    import glob
    venv = os.path.dirname(os.path.dirname(os.path.realpath(mojo))) if mojo else ""
    for d in glob.glob(os.path.join(venv, "lib", "python*", "site-packages", dist + "-*.dist-info")):
        return os.path.basename(d)[len(dist) + 1:-len(".dist-info")]
    return rt.dist_version(dist.replace("_", "-"))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        description="cuteref peer adapter backed by Mojo's layout package (%s): the lines available on "
                    "stdin (at most --batch) are run by one Mojo program, compiled once and cached; one 'ok <result>' / "
                    "'error <text>' line per request on stdout, in order; a request the program dies on is "
                    "answered 'error CRASH <signal> <message>'." % PIN)
    rt.timeout_option(ap, 30.0, "seconds one run of the interpreter may take before it is killed "
                                "(0 = none; default %g)")
    ap.add_argument("--batch", type=int, default=BATCH_MAX, metavar="N",
                    help=f"at most N requests per run of the interpreter (default {BATCH_MAX})")
    ap.add_argument("--mojo", metavar="PATH", help="the mojo driver (default: $CUTEREF_MOJO, "
                    "$CUTEREF_MOJO_VENV/bin/mojo, beside this Python, on PATH, or in fetch_mojo.sh's default "
                    "venv, ~/.cache/cuteref/mojo-1.2.0)")
    ap.add_argument("--stats", action="store_true", help="report compiles and crashes on stderr at exit")
    rt.info_options(ap, "print the Mojo and layout package versions in use and exit")
    args = ap.parse_args(argv)
    mojo = find_mojo(args.mojo)

    def version():
        return (f"mojo-compiler {venv_version(mojo, 'mojo_compiler')}, max-mojo-libs "
                f"{venv_version(mojo, 'max_mojo_libs')} (layout.mojoc), driver {mojo or 'not found'}")
    if rt.print_info(args, OPS, version):
        return 0
    if not mojo:
        sys.stderr.write("mojo_adapter: no mojo driver found (bash peers/fetch_mojo.sh, then --mojo or "
                         "$CUTEREF_MOJO_VENV)\n")
        return 2
    driver = Driver(args.timeout, mojo)
    try:
        rc = rt.serve_batches(driver, args.batch, "mojo_adapter", args.stats)
    except RuntimeError as e:     # the interpreter did not build
        sys.stderr.write(f"mojo_adapter: {e}\n")
        return 2
    if args.stats:
        sys.stderr.write(f"[mojo_adapter] {driver.interp.compiles} compile(s) of the interpreter "
                         f"({driver.interp.exe})\n")
    return rc


if __name__ == "__main__":
    with rt.quiet_end():
        sys.exit(main())
