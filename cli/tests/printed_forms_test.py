#!/usr/bin/env python3
"""What other implementations print reads back as the value they print
(spec/notation.md, "Printed forms of other implementations").

For every layout, swizzle and composed layout among the expected values of
the conformance vectors (spec/vectors/), the value is built in pycute and in
tensor-layouts, printed by each (their own str() and repr()), and the
printed text is read by `cuteref eval -`: it must give the value the
vectors expect (static marks aside, which neither peer keeps). The CuTe
DSL's and CuTe C++'s forms of the composed values are added as they print
them (`S<B,M,S> o O o L`, `Sw<B,M,S> o smem_ptr[16b](unset) o L`), as is a
counting tensor's `ArithTuple(_0,...) o L`.

Both peers come from pip (tools/setup.sh installs them for CI); a missing
one fails the test, it is never skipped.

usage: printed_forms_test.py CUTEREF [ROOT]
"""
import glob
import os
import re
import subprocess
import sys


def parse_inttuple(text, pos=0):
    """Our IntTuple notation (spec/notation.md) -> (python value, next pos):
    an int, or a tuple; static marks are dropped."""
    while text[pos] == " ":
        pos += 1
    if text[pos] == "(":
        items, pos = [], pos + 1
        while text[pos] != ")":
            item, pos = parse_inttuple(text, pos)
            items.append(item)
            if text[pos] == ",":
                pos += 1
        return tuple(items), pos + 1
    m = re.compile(r"_?(-?\d+)").match(text, pos)
    if not m:
        raise ValueError("no IntTuple at %d of %r" % (pos, text))
    return int(m.group(1)), m.end()


def parse_layout(text):
    shape, pos = parse_inttuple(text)
    if text[pos] != ":":
        raise ValueError(text)
    stride, pos = parse_inttuple(text, pos + 1)
    if pos != len(text):
        raise ValueError(text)
    return shape, stride


SW_RE = re.compile(r"^Sw<(\d+),(\d+),(-?\d+)>$")
INT_RE = re.compile(r"^_?(-?\d+)$")


def strip_static(text):
    return re.sub(r"_(?=-?\d)", "", text)


def forms(value, pycute, pycute_swizzle, tl):
    """The texts pycute and tensor-layouts (and the DSL and C++, for the
    composed forms) print for our value `value`; [] where it is none of a
    layout, a swizzle or a composed layout they can hold."""
    if "@" in value or "<" in value and not value.startswith("Sw<"):
        return []  # basis strides and tilers: neither peer prints them
    parts = value.split(" o ")
    if len(parts) == 1:
        m = SW_RE.match(value)
        if m:
            b, mm, s = (int(g) for g in m.groups())
            return [("pycute str", str(pycute_swizzle.Swizzle(b, mm, s))),
                    ("pycute repr", repr(pycute_swizzle.Swizzle(b, mm, s))),
                    ("tensor-layouts str", str(tl.Swizzle(b, mm, s))),
                    ("CuTe DSL", "S<%d,%d,%d>" % (b, mm, s))]
        if ":" not in value:
            return []
        shape, stride = parse_layout(value)
        return [("pycute str", str(pycute.Layout(shape, stride))),
                ("pycute repr", repr(pycute.Layout(shape, stride))),
                ("tensor-layouts str", str(tl.Layout(shape, stride)))]
    if len(parts) != 3 or not INT_RE.match(parts[1]) or ":" not in parts[2]:
        return []
    offset = int(INT_RE.match(parts[1]).group(1))
    inner = parse_layout(parts[2])
    m = SW_RE.match(parts[0])
    if m:
        b, mm, s = (int(g) for g in m.groups())
        p_outer, t_outer, dsl_outer = pycute_swizzle.Swizzle(b, mm, s), tl.Swizzle(b, mm, s), "S<%d,%d,%d>" % (b, mm, s)
    elif ":" in parts[0]:
        outer = parse_layout(parts[0])
        p_outer, t_outer, dsl_outer = pycute.Layout(*outer), tl.Layout(*outer), strip_static(parts[0])
    else:
        return []
    out = [("pycute str", str(pycute_swizzle.ComposedLayout(p_outer, offset, pycute.Layout(*inner)))),
           ("tensor-layouts str", str(tl.ComposedLayout(t_outer, tl.Layout(*inner), offset=offset))),
           ("CuTe DSL", "%s o %d o %s" % (dsl_outer, offset, strip_static(parts[2])))]
    if offset == 0 and m:
        out.append(("CuTe C++ (an atom)", "%s o smem_ptr[16b](unset) o %s" % (parts[0], parts[2])))
    return out


def main():
    cuteref = os.path.abspath(sys.argv[1])
    root = sys.argv[2] if len(sys.argv) > 2 else os.getcwd()
    try:
        import pycute
        import pycute.swizzle as pycute_swizzle
        import tensor_layouts as tl
    except ImportError as exc:
        print("FAIL: printed_forms_test needs pycute and tensor-layouts (tools/setup.sh installs them): %s" % exc)
        return 1
    values = []
    for path in sorted(glob.glob(os.path.join(root, "spec", "vectors", "*.txt"))):
        with open(path) as f:
            for line in f:
                cols = line.rstrip("\n").split("\t")
                if len(cols) == 4 and cols[3].startswith("ok "):  # OP, ORIGIN, REQUEST, EXPECTED
                    values.append(cols[3][3:])
    values = sorted(set(values))
    cases = []  # (our value, who, printed text)
    for v in values:
        for who, text in forms(v, pycute, pycute_swizzle, tl):
            cases.append((v, who, text))
    # a counting tensor as CuTe prints it: its null origin, then its layout
    cases.append(("(_4,_2):(_1@0,_1@1)", "CuTe C++ (a counting tensor)", "ArithTuple(_0,_0) o (_4,_2):(_1@0,_1@1)"))
    lines = [v for v, _, _ in cases] + [t for _, _, t in cases]
    for text in lines:
        if "\n" in text:
            print("FAIL: a printed form spans lines: %r" % text)
            return 1
    out = subprocess.run([cuteref, "eval", "-"], input="\n".join(lines) + "\n", stdout=subprocess.PIPE,
                         universal_newlines=True).stdout.splitlines()  # exit 1 where a line fails
    n = len(cases)
    if len(out) != 2 * n:
        print("FAIL: %d answers to %d requests" % (len(out), 2 * n))
        return 1
    failures, by_who = 0, {}
    for k, (v, who, text) in enumerate(cases):
        want, got = out[k], out[n + k]
        by_who[who] = by_who.get(who, 0) + 1
        if not want.startswith("ok "):
            print("FAIL: the vectors' own value %r does not read back: %s" % (v, want))
            failures += 1
        elif strip_static(got) != strip_static(want):
            print("FAIL: %s prints %r for %s; cuteref reads it as: %s" % (who, text, v, got))
            failures += 1
    for who in sorted(by_who):
        print("read back: %d values as %s prints them" % (by_who[who], who))
    print("%d printed forms of %d values, %d failed" % (n, len(values), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
