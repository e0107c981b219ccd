#!/usr/bin/env python3
"""`cuteref dot --tv` puts every (thread, value) of the SM80 16x8x16 MMA
(SM80_16x8x16_F32F16F16F32_TN, CUTLASS's mma_traits_sm80.hpp) where the
hardware keeps it: the fragment layouts of PTX's mma.m16n8k16 for .f16
(PTX ISA, "Matrix Fragments for mma.m16n8k16"), computed here from the lane
id independently of CuTe's notation:
  groupID = lane / 4, threadID_in_group = lane % 4
  A (16x16, M x K), a_i: row groupID + 8*[i in 2,3,6,7], col 2*tig + i%2 + 8*[i >= 4]
  B (8x16, N x K),  b_i: row (n) groupID, col (k) 2*tig + i%2 + 8*[i >= 2]
  C (16x8, M x N),  c_i: row groupID + 8*[i >= 2], col 2*tig + i%2
and the docs' examples (docs/figures.txt) draw exactly these layouts.

usage: tv_test.py CUTEREF
"""
import re
import subprocess
import sys

A = "((4,8),(2,2,2)):((32,1),(16,8,128))"
B = "((4,8),(2,2)):((16,1),(8,64))"
C = "((4,8),(2,2)):((32,1),(16,8))"


def ptx(which, lane, i):
    g, tig = lane // 4, lane % 4
    if which == "A":
        return g + 8 * (i in (2, 3, 6, 7)), 2 * tig + i % 2 + 8 * (i >= 4)
    if which == "B":
        return g, 2 * tig + i % 2 + 8 * (i >= 2)
    return g + 8 * (i >= 2), 2 * tig + i % 2


def grid(cuteref, tile, layout):
    p = subprocess.run([cuteref, "dot", "--tv", tile, layout], capture_output=True, text=True)
    cells = {}
    for line in p.stdout.splitlines():
        m = re.match(r'\s*<TR><TD BORDER="0" ALIGN="RIGHT"><FONT[^>]*>(\d+)</FONT></TD>(.*)</TR>$', line)
        if not m:
            continue
        row = int(m.group(1))
        for col, td in enumerate(re.findall(r"<TD BGCOLOR[^>]*>(.*?)</TD>", m.group(2))):
            lab = re.match(r"T(\d+)<BR/>V(\d+)", td)
            cells[(row, col)] = (int(lab.group(1)), int(lab.group(2))) if lab else None
    return p.returncode, cells, p.stdout, p.stderr


def main():
    cuteref = sys.argv[1]
    failures = []
    for which, tile, layout, nv, (rows, cols) in (("A", "(16,16)", A, 8, (16, 16)), ("B", "(8,16)", B, 4, (8, 16)),
                                                  ("C", "(16,8)", C, 4, (16, 8))):
        rc, cells, out, err = grid(cuteref, tile, layout)
        if rc != 0 or len(cells) != rows * cols:
            failures.append("%s: exit %d, %d cells, want %d: %s" % (which, rc, len(cells), rows * cols, err))
            continue
        want = {}
        for lane in range(32):
            for i in range(nv):
                want[ptx(which, lane, i)] = (lane, i)
        for rc_ in sorted(want):
            if cells.get(rc_) != want[rc_]:
                failures.append("%s: cell %s shows %s, PTX puts T%dV%d there" % ((which, rc_, cells.get(rc_)) + want[rc_]))
        if "+" in "".join(str(c) for c in cells.values()) or "White" in out:
            failures.append("%s: a cell shared or unreached in a bijective TV layout" % which)
    # spot checks named in the issue: C thread 0 value 0 at (0,0), thread 1 value 0 at (0,2)
    _, cells, _, _ = grid(cuteref, "(16,8)", C)
    if cells.get((0, 0)) != (0, 0) or cells.get((0, 2)) != (1, 0):
        failures.append("C: (0,0) holds %s and (0,2) %s" % (cells.get((0, 0)), cells.get((0, 2))))
    # a broadcast layout: shared cells are marked, unreached cells left white
    rc, cells, out, _ = grid(cuteref, "(4,2)", "(2,2):(0,1)")
    if rc != 0 or cells.get((0, 0)) != (0, 0) or cells.get((2, 0)) is not None or "+1" not in out or "White" not in out:
        failures.append("broadcast: exit %d, cells %s" % (rc, cells))
    # rejected: an offset outside the tile, one mode, a tile that is a layout
    for tile, layout, want in (("(4,4)", "(4,8):(1,4)", "outside the tile"), ("(16,8)", "32:1", "one mode"),
                               ("(4,4):(1,4)", "(4,4):(1,4)", "ARG_TYPE"), ("(16,8)", "(4,8", "PARSE")):
        p = subprocess.run([cuteref, "dot", "--tv", tile, layout], capture_output=True, text=True)
        if p.returncode != 1 or want not in p.stderr or p.stdout:
            failures.append("dot --tv %s %s: exit %d, stderr %r (want exit 1 and %r)" % (tile, layout, p.returncode, p.stderr, want))
    for f in failures:
        print("FAILED: " + f)
    print("%d failed" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
