#!/usr/bin/env python3
"""`cuteref dot --atom / --tiled-mma / --tv2 / --partition / --partition-tv / --tiled-copy`
(cli/cmd_dot_atom.c) put every (thread, value) where the hardware or CuTe's
construction puts it. Every expected cell is computed here from the lane id,
independently of the reference and of CuTe's notation:
  - MMA atoms from the PTX ISA's fragment tables (9.7.14.5, "Matrix Fragments
    for mma.m16n8k16" .f16 and "for mma.m16n8k8" .tf32), with
    groupID = lane / 4, threadID_in_group = lane % 4;
  - ldmatrix from 9.7.14.5.15: register r_j of lane t holds elements
    (t/4, 2(t%4)) and (t/4, 2(t%4)+1) of matrix j; lane t addresses row t % 8
    of matrix (t / 8) mod N;
  - a tiled MMA of 2 x 2 warps (spec/tiled_mma.md, TMMA-3): warp g sits at
    atom (g % 2, g / 2) of the column-major atom layout (2,2,1);
  - SM100's UMMA atoms from spec/mma.md's MMA-UMMA: CTA c of the pair holds
    rows c*R/ctas .. (c+1)*R/ctas - 1 of each operand, column-major (a
    two-CTA atom drawn as each operand's two CTA parts, side by side);
  - a tiled MMA of SM70's quad-pair atoms (TMMA-QP): lane t is in quad-pair
    (t/4) % 4, which runs the atom of that group, its thread t%4 + 4(t/16);
  - a tiled MMA of 2x1SM UMMA atoms (TMMA-UMMA): thread t is CTA t % 2 of
    the pair that runs group t / 2;
  - local_partition with a row-major thread layout (2,4):(4,1)
    (spec/partition.md, PART-DEF) and make_layout_tv (TV-1).
It also checks the axis labels, the palette the legend names, the usage
errors, and, when Graphviz's dot is installed, that the rendered SVG keeps
its text at 8 pt or more (legible at its own size: docs/README.md).

usage: dot_atom_test.py CUTEREF
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PTX4 = ["#b7dfa5", "#a9cdee", "#f6cf99", "#e0b8e6"]  # lane mod 4 (cmd_dot_tv.c)
T8 = ["#afafff", "#afffaf", "#ffafaf", "#ffffaf", "#afffff", "#ffafff", "#d7d7d7", "#ffd7af"]
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def run(cuteref, *args):
    p = subprocess.run([cuteref, "dot"] + list(args), capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def panels(out):
    """{panel index: {"cells": {(r, c): (t, v or None, more, color)}, "head": corner text, "text": all}}"""
    res = {}
    cur = None
    for line in out.splitlines():
        m = re.match(r"\s*P(\d+) \[label=<", line)
        if m:
            cur = res.setdefault(int(m.group(1)), {"cells": {}, "head": "", "text": ""})
        if cur is None:
            continue
        cur["text"] += line + "\n"
        h = re.search(r'<TR><TD BORDER="0"><FONT[^>]*>([^<]*)</FONT></TD>', line)
        if h and not cur["head"]:
            cur["head"] = h.group(1)
        m = re.match(r'\s*<TR><TD BORDER="0" ALIGN="RIGHT"><FONT[^>]*>(\d+)</FONT></TD>(.*)</TR>$', line)
        if not m:
            continue
        row = int(m.group(1))
        for col, (color, td) in enumerate(re.findall(r'<TD BGCOLOR="([^"]*)"[^>]*>(.*?)</TD>', m.group(2))):
            lab = re.match(r"T(\d+)(?:<BR/>V(\d+))?(?:.*\+(\d+))?", td)
            cur["cells"][(row, col)] = ((int(lab.group(1)), int(lab.group(2)) if lab.group(2) else None,
                                         int(lab.group(3) or 0), color) if lab else None)
    return res


def expect_grid(name, cells, rows, cols, want):
    """want(r, c) -> (t, v or None, more)."""
    check(len(cells) == rows * cols, "%s: %d cells drawn, want %d x %d" % (name, len(cells), rows, cols))
    bad = 0
    for r in range(rows):
        for c in range(cols):
            got = cells.get((r, c))
            w = want(r, c)
            if got is None or got[:3] != w:
                bad += 1
                if bad <= 3:
                    failures.append("%s: cell (%d,%d) is %s, want T%s V%s +%s" % (name, r, c, got, w[0], w[1], w[2]))
    return bad == 0


def first_holder(pairs):
    """pairs [(t, v)]: what the cell shows, the first in the drawing's order (v, then t), and the others' count."""
    t, v = min(pairs, key=lambda p: (p[1], p[0]))
    return t, v, len(pairs) - 1


def invert(fn, T, V):
    """fn(t, v) -> (r, c): {(r, c): [(t, v)]}"""
    at = {}
    for t in range(T):
        for v in range(V):
            at.setdefault(fn(t, v), []).append((t, v))
    return at


# ---- PTX fragment tables, independent of the reference ----------------------
def m16n8k16_f16(which, lane, i):
    g, q = lane // 4, lane % 4
    if which == "A":  # (m, k)
        return g + 8 * (i in (2, 3, 6, 7)), 2 * q + i % 2 + 8 * (i >= 4)
    if which == "B":  # PTX (k, n), drawn as (n, k)
        return g, 2 * q + i % 2 + 8 * (i >= 2)
    return g + 8 * (i >= 2), 2 * q + i % 2  # C (m, n)


def m16n8k8_tf32(which, lane, i):
    g, q = lane // 4, lane % 4
    if which == "A":
        return g + 8 * (i % 2), q + 4 * (i >= 2)
    if which == "B":  # b_i: (k, n) = (q + 4i, g)
        return g, q + 4 * i
    return g + 8 * (i >= 2), 2 * q + i % 2


def test_mma_atom(cuteref, atom, table, mnk, nv):
    rc, out, err = run(cuteref, "--atom", atom)
    check(rc == 0, "--atom %s: exit %d: %s" % (atom, rc, err))
    ps = panels(out)
    check(sorted(ps) == [0, 1, 2], "--atom %s: panels %s, want A, B, C" % (atom, sorted(ps)))
    M, N, K = mnk
    for k, (which, rows, cols, head) in enumerate((("A", M, K, "m&#8595;k&#8594;"), ("B", N, K, "n&#8595;k&#8594;"),
                                                   ("C", M, N, "m&#8595;n&#8594;"))):
        if k not in ps:
            continue
        check(ps[k]["head"] == head, "--atom %s %s: axes %r, want %r" % (atom, which, ps[k]["head"], head))
        at = invert(lambda t, v: table(which, t, v), 32, nv[k])
        expect_grid("--atom %s %s" % (atom, which), ps[k]["cells"], rows, cols,
                    lambda r, c: first_holder(at[(r, c)]))
        for (r, c), cell in ps[k]["cells"].items():
            if cell and cell[3] != PTX4[cell[0] % 4]:
                failures.append("--atom %s %s: cell (%d,%d) of T%d colored %s, want %s (lane mod 4)"
                                % (atom, which, r, c, cell[0], cell[3], PTX4[cell[0] % 4]))
                break
    check("9.7.14.5" in out and "lane mod 4" in out, "--atom %s: the legend names PTX's figures and the palette" % atom)
    return out


# ---- SM100's UMMA (tcgen05.mma), spec/mma.md MMA-UMMA -------------------------
UMMA_NAME = "SM100_MMA_%s<%s, %d, %d, UMMA::Major::K, UMMA::Major::MN>"


def eval_int(cuteref, expr):
    p = subprocess.run([cuteref, "eval", expr], capture_output=True, text=True)
    m = re.fullmatch(r"(?:.*=\s*)?(-?\d+)", p.stdout.strip())
    return int(m.group(1)) if p.returncode == 0 and m else None


def test_umma(cuteref):
    """CTA c of .cta_group::ctas provides rows c*R/ctas .. of each operand's R x S tile, column-major within
    its part: the element (r, s) is CTA r // (R/ctas)'s value r % (R/ctas) + (R/ctas) * s, computed here
    from that sentence of the spec; a few cells are checked against `cuteref eval` of umma_tv_x too."""
    for kind, types, M, N, K, ctas in (("F16BF16_SS", "half_t, half_t, float", 64, 8, 16, 1),
                                       ("TF32_TS", "tfloat32_t, tfloat32_t, float", 128, 32, 8, 1),
                                       ("F16BF16_2x1SM_SS", "bfloat16_t, bfloat16_t, float", 128, 16, 16, 2),
                                       ("S8_2x1SM_SS", "int8_t, int8_t, int32_t", 256, 32, 32, 2),
                                       ("F16BF16_2x1SM_SS", "half_t, half_t, float", 256, 128, 16, 2),
                                       ("MXF4_SS", "float_e2m1_t, float_e2m1_t, float, float_ue8m0_t", 128, 16, 64, 1)):
        name = UMMA_NAME % (kind, types, M, N)
        if kind.startswith("MXF4"):  # VS, the scale vector size, follows N
            name = name.replace("%d, UMMA" % N, "%d, 32, UMMA" % N, 1)
        rc, out, err = run(cuteref, "--atom", name)
        check(rc == 0, "--atom %s: exit %d: %s" % (name, rc, err))
        ps = panels(out)
        want = list(range(3 * ctas))  # two CTAs: A, B, C each as CTA 0's and CTA 1's parts
        check(sorted(ps) == want, "--atom %s: panels %s, want %s" % (name, sorted(ps), want))
        if sorted(ps) != want:
            continue
        check("cta_group::%d of (M, N, K) = (%d, %d, %d)" % (ctas, M, N, K) in out,
              "--atom %s: the title names tcgen05.mma.cta_group::%d of (%d, %d, %d)" % (name, ctas, M, N, K))
        check("T# is the CTA" in out and "MMA-UMMA" in out, "--atom %s: the legend says T# is the CTA" % name)
        for k, (which, R, S, head) in enumerate((("a", M, K, "m&#8595;k&#8594;"), ("b", N, K, "n&#8595;k&#8594;"),
                                                ("c", M, N, "m&#8595;n&#8594;"))):
            per = R // ctas
            for c in range(ctas):  # panel of CTA c's part: its row r is the tile's row c*per + r
                n = ctas * k + c
                cells = ps[n]["cells"]
                nm = "--atom %s %s%s" % (name, which.upper(), " CTA %d" % c if ctas == 2 else "")
                check(ps[n]["head"] == head, "%s: axes %r, want %r" % (nm, ps[n]["head"], head))
                # the drawing's window: a two-CTA atom's whole half (up to 128 rows), else 64 rows; 64 columns
                rows, cols = per if ctas == 2 else min(R, 64), min(S, 64)
                base = c * per if ctas == 2 else 0
                expect_grid(nm, cells, rows, cols, lambda r, s: ((base + r) // per, (base + r) % per + per * s, 0))
                if ctas == 2:
                    check("CTA %d: rows %d..%d of %d x %d" % (c, c * per, c * per + per - 1, R, S) in out,
                          "%s: the caption names CTA %d's rows" % (nm, c))
                if S > 64:  # what is left out is said, not silently cut
                    check("columns 64..%d not drawn" % (S - 1) in ps[n]["text"],
                          "%s: the caption says columns 64..%d are not drawn" % (nm, S - 1))
                for (r, s), cell in cells.items():
                    if cell and cell[3] != T8[cell[0] % 8]:
                        failures.append("%s: cell (%d,%d) of CTA %d colored %s" % (nm, r, s, cell[0], cell[3]))
                        break
                for r, s in ((0, 0), (rows - 1, 0), (1, cols - 1), (rows - 1, cols - 1)):
                    cell = cells.get((r, s))
                    if not cell:
                        continue
                    got = eval_int(cuteref, "eval(umma_tv_%s(%d, %d, %d, %d), %d, %d)" % (which, M, N, K, ctas,
                                                                                           cell[0], cell[1]))
                    want_i = base + r + R * s
                    check(got == want_i, "%s: cell (%d,%d) shows T%dV%d, but eval(umma_tv_%s(...), %d, %d) = %s, "
                          "want %d" % (nm, r, s, cell[0], cell[1], which, cell[0], cell[1], got, want_i))
    # the bad names: a sparse atom, a shape PTX lacks, a misspelt kind, no M and N; each names the accepted forms
    for bad in ("SM100_MMA_F16BF16_SS_SPARSE<half_t, half_t, float, 128, 16, UMMA::Major::K, UMMA::Major::K>",
                "SM100_MMA_F16BF16_SS<half_t, half_t, float, 128, 24, UMMA::Major::K, UMMA::Major::K>",
                "SM100_MMA_F61_SS<half_t, half_t, float, 128, 16, UMMA::Major::K, UMMA::Major::K>",
                "SM100_MMA_F16BF16_SS<half_t, half_t, float>", "SM100_MMA_F16BF16_SS"):
        rc, out, err = run(cuteref, "--atom", bad)
        check(rc == 1 and not out.strip() and ("SM100_MMA_{" in err or "ARG_TYPE" in err),
              "dot --atom %s: exit %d (want 1), stderr %r" % (bad, rc, err[:160]))


def test_ldmatrix(cuteref, name, n):
    rc, out, err = run(cuteref, "--atom", name)
    check(rc == 0, "--atom %s: exit %d: %s" % (name, rc, err))
    ps = panels(out)
    check(sorted(ps) == [0, 1], "--atom %s: panels %s, want source and destination" % (name, sorted(ps)))
    if sorted(ps) != [0, 1]:
        return
    # source: lane t addresses row t % 8 of matrix (t // 8) % n, its 8 elements in order; lanes >= 8n repeat
    src = invert(lambda t, v: (t % 8, 8 * ((t // 8) % n) + v), 32, 8)
    expect_grid("--atom %s source" % name, ps[0]["cells"], 8, 8 * n, lambda r, c: first_holder(src[(r, c)]))
    # destination: element e of r_j of lane t is (t//4, 2(t%4) + e) of matrix j; its value index 2j + e
    dst = invert(lambda t, v: (t // 4, 8 * (v // 2) + 2 * (t % 4) + v % 2), 32, 2 * n)
    expect_grid("--atom %s destination" % name, ps[1]["cells"], 8, 8 * n, lambda r, c: first_holder(dst[(r, c)]))
    check("9.7.14.5.15" in out, "--atom %s: the legend cites ldmatrix's section" % name)


def test_tiled_mma(cuteref):
    atom = "SM80_16x8x16_F16F16F16F16_TN"
    rc, out, err = run(cuteref, "--tiled-mma", atom, "(2,2,1)")
    check(rc == 0, "--tiled-mma: exit %d: %s" % (rc, err))
    ps = panels(out)
    check(sorted(ps) == [0, 1, 2], "--tiled-mma: panels %s" % sorted(ps))
    if sorted(ps) != [0, 1, 2]:
        return

    def atom_of(g):  # column-major (2,2,1): warp g at (gm, gn)
        return g % 2, g // 2

    # C (32 x 16): every element once; A (32 x 16) held by the 2 warps of its gm, B (16 x 16) by the 2 of its gn
    fns = {
        "C": lambda t, v: (lambda gm, gn: (m16n8k16_f16("C", t % 32, v)[0] + 16 * gm,
                                           m16n8k16_f16("C", t % 32, v)[1] + 8 * gn))(*atom_of(t // 32)),
        "A": lambda t, v: (lambda gm, gn: (m16n8k16_f16("A", t % 32, v)[0] + 16 * gm,
                                           m16n8k16_f16("A", t % 32, v)[1]))(*atom_of(t // 32)),
        "B": lambda t, v: (lambda gm, gn: (m16n8k16_f16("B", t % 32, v)[0] + 8 * gn,
                                           m16n8k16_f16("B", t % 32, v)[1]))(*atom_of(t // 32)),
    }
    for k, (which, rows, cols, nv) in enumerate((("A", 32, 16, 8), ("B", 16, 16, 4), ("C", 32, 16, 4))):
        at = invert(fns[which], 128, nv)
        expect_grid("--tiled-mma %s" % which, ps[k]["cells"], rows, cols,
                    lambda r, c: (lambda h: (h[0], None, h[2]))(first_holder(at[(r, c)])))
        for (r, c), cell in ps[k]["cells"].items():  # the atom of warp g (32 threads an atom)
            if cell and cell[3] != T8[(cell[0] // 32) % 8]:
                failures.append("--tiled-mma %s: cell (%d,%d) of T%d colored %s, want atom %d's"
                                % (which, r, c, cell[0], cell[3], cell[0] // 32))
                break
        fills = set(cell[3] for cell in ps[k]["cells"].values() if cell)
        want = 2 if which in "AB" else 4  # A (B) shows its first holder: the atoms of lay N (M) coordinate 0
        check(len(fills) == want, "--tiled-mma %s: %d distinct fills, want %d" % (which, len(fills), want))
    check("T# only" in out or "T#:" in out, "--tiled-mma: the legend says the labels are T# only")
    # permutations: the tile grows to (64, 32, 32), C still held once
    rc, out, err = run(cuteref, "--tiled-mma", atom, "(2,2,1)", "64", "(8,2,2):(1,16,8)", "32")
    check(rc == 0, "--tiled-mma with permutations: exit %d: %s" % (rc, err))
    ps = panels(out)
    if 2 in ps:
        check(len(ps[2]["cells"]) == 64 * 32 and all(c and c[2] == 0 for c in ps[2]["cells"].values()),
              "--tiled-mma with permutations: C is 64 x 32, each element held once (TMMA-1)")
    # the atom as (M,N,K,bits) gives the same picture's cells
    rc2, out2, _ = run(cuteref, "--tiled-mma", "(16,8,16,16)", "(2,2,1)")
    check(rc2 == 0 and panels(out2)[2]["cells"] == panels(run(cuteref, "--tiled-mma", atom, "(2,2,1)")[1])[2]["cells"],
          "--tiled-mma (16,8,16,16) draws what the CuTe name draws")


def test_partition(cuteref):
    rc, out, err = run(cuteref, "--partition", "(8,16):(16,1)", "(2,4):(4,1)")
    check(rc == 0, "--partition: exit %d: %s" % (rc, err))
    ps = panels(out)
    # row-major threads: thread 4i + j holds rows = i mod 2, columns = j mod 4, its element (r//2) + 4 (c//4)
    if 0 in ps:
        expect_grid("--partition", ps[0]["cells"], 8, 16, lambda r, c: (4 * (r % 2) + c % 4, r // 2 + 4 * (c // 4), 0))
    rc, out, err = run(cuteref, "--partition-tv", "(2,3):(3,1)", "(2,2):(2,1)")
    check(rc == 0, "--partition-tv: exit %d: %s" % (rc, err))
    ps = panels(out)
    # TV-1: thread t = 3 ti + tj, value v = 2 vi + vj at (2 ti + vi, 2 tj + vj) of the 4 x 6 tile
    if 0 in ps:
        expect_grid("--partition-tv", ps[0]["cells"], 4, 6,
                    lambda r, c: (3 * (r // 2) + c // 2, 2 * (r % 2) + c % 2, 0))
    # --tv2: two layouts of one tile side by side, each as --tv draws it
    rc, out, err = run(cuteref, "--tv2", "(16,8)", "mma_tv_c(16,8,16,16)", "((4,8),(2,2)):((32,1),(16,8))")
    ps = panels(out)
    check(rc == 0 and sorted(ps) == [0, 1] and ps[0]["cells"] == ps[1]["cells"] and len(ps[0]["cells"]) == 128,
          "--tv2: two equal 16 x 8 panels")


def test_tiled_copy(cuteref):
    """--tiled-copy is --tv2 over tiled_copy_tile: the same cells; a copy moves each element of its tile once."""
    args = "SM75_U32x4_LDSM_N, 16, (32,1):(1,0), (1,8)"
    rc, out, err = run(cuteref, "--tiled-copy", args)
    if rc != 0 and "UNKNOWN_FUNCTION" in err:
        print("dot_atom_test: no tiled_copy_* operations in this build: --tiled-copy not checked")
        return
    check(rc == 0, "--tiled-copy: exit %d: %s" % (rc, err))
    ps = panels(out)
    rc2, out2, _ = run(cuteref, "--tv2", "(32,8)", "tiled_copy_s_tv(%s)" % args, "tiled_copy_d_tv(%s)" % args)
    ps2 = panels(out2)
    check(sorted(ps) == [0, 1] and [ps[k]["cells"] for k in (0, 1)] == [ps2[k]["cells"] for k in (0, 1)],
          "--tiled-copy draws what --tv2 draws of tiled_copy_s_tv and tiled_copy_d_tv over tiled_copy_tile")
    for k in ps:
        cells = ps[k]["cells"]
        check(len(cells) == 256 and all(c and c[2] == 0 for c in cells.values()),
              "--tiled-copy panel %d: each of the 32 x 8 elements moved once" % k)


def test_tiled_mma_qp(cuteref):
    """SM70's quad-pair atoms tiled (2,2,1): one warp; lane t (r = t%4, p = (t/4)%4, h = t/16) is thread r + 4h
    of the atom of quad-pair p, at (p%2, p//2); C .f16 (PTX 9.7.14.5.1): element i of thread (r, h) at (r + 4h, i)."""
    rc, out, err = run(cuteref, "--tiled-mma", "SM70_8x8x4_F16F16F16F16_TN", "(2,2,1)")
    check(rc == 0, "--tiled-mma SM70: exit %d: %s" % (rc, err))
    ps = panels(out)
    if 2 not in ps:
        failures.append("--tiled-mma SM70: no C panel")
        return
    at = invert(lambda t, i: ((t % 4) + 4 * (t // 16) + 8 * (((t // 4) % 4) % 2), i + 8 * (((t // 4) % 4) // 2)), 32, 8)
    expect_grid("--tiled-mma SM70 C", ps[2]["cells"], 16, 16, lambda r, c: first_holder(at[(r, c)]))
    # colored by the atom (quad-pair p = (t/4) % 4 runs atom p), not the warp: 4 fills, one per atom, and a key
    for (r, c), cell in ps[2]["cells"].items():
        if cell and cell[3] != T8[(cell[0] // 4) % 4]:
            failures.append("--tiled-mma SM70 C: cell (%d,%d) of T%d colored %s, want atom %d's %s"
                            % (r, c, cell[0], cell[3], (cell[0] // 4) % 4, T8[(cell[0] // 4) % 4]))
            break
    fills = set(cell[3] for cell in ps[2]["cells"].values() if cell)
    check(len(fills) == 4, "--tiled-mma SM70 C: %d distinct fills, want 4 (one per quad-pair atom)" % len(fills))
    key = re.findall(r'<TD BGCOLOR="([^"]*)"[^>]*><FONT[^>]*>atom (\d+): (\d+) threads', out)
    check(key == [(T8[g], str(g), "8") for g in range(4)], "--tiled-mma SM70: the key names atoms 0..3, 8 threads "
          "each, in their colors: %s" % key)
    # 8 atoms (2 warps): atom p + 4w, two warps of 4 colors each
    rc, out, err = run(cuteref, "--tiled-mma", "SM70_8x8x4_F16F16F16F16_TN", "(2,4,1)")
    ps = panels(out)
    if 2 in ps:
        for (r, c), cell in ps[2]["cells"].items():
            g = (cell[0] // 4) % 4 + 4 * (cell[0] // 32)
            if cell[3] != T8[g % 8]:
                failures.append("--tiled-mma SM70 (2,4,1) C: cell (%d,%d) of T%d colored %s, want atom %d's"
                                % (r, c, cell[0], cell[3], g))
                break
        check(len(set(cell[3] for cell in ps[2]["cells"].values())) == 8, "--tiled-mma SM70 (2,4,1): 8 fills")
    else:
        failures.append("--tiled-mma SM70 (2,4,1): exit %d: %s" % (rc, err[:160]))
    # UMMA atoms (TMMA-UMMA): 2x1SM atoms tiled (1,2,1); thread t = c + 2g is CTA c of the pair running group g,
    # the atom 16 columns of N to the right; CTA c holds rows 8c .. 8c+7 of each atom's 16 rows of B (N x K), and
    # rows 64c .. 64c+63 of C (M x N)
    rc, out, err = run(cuteref, "--tiled-mma", UMMA_NAME % ("F16BF16_2x1SM_SS", "half_t, half_t, float", 128, 16),
                       "(1,2,1)")
    check(rc == 0, "--tiled-mma of a 2x1SM UMMA atom: exit %d: %s" % (rc, err[:200]))
    ps = panels(out)
    if 1 not in ps or 2 not in ps:
        failures.append("--tiled-mma UMMA: no B or C panel")
        return
    expect_grid("--tiled-mma UMMA B", ps[1]["cells"], 32, 16, lambda r, c: ((r % 16) // 8 + 2 * (r // 16), None, 0))
    check(all(ps[2]["cells"].get((r, c), (None,))[0] == (r % 128) // 64 + 2 * (c // 16) for r in range(64)
              for c in range(32)), "--tiled-mma UMMA C: rows 0..63 are CTA 0 of groups 0 (N 0..15) and 1 (N 16..31)")


def test_errors(cuteref):
    for args, want in ((["--atom", "SM80_16x8x12_F16F16F16F16_TN"], 1), (["--atom", "NoSuchAtom"], 1),
                       (["--atom", "a", "b"], 2), (["--tiled-mma", "SM80_16x8x16_F16F16F16F16_TN"], 2),
                       (["--tiled-mma", "SM80_16x8x16_F16F16F16F16_TN", "(2,2):(1,1)"], 1),
                       (["--partition", "(8,8)"], 2), (["--tv2", "(4,4)", "(4,4):(1,4)"], 2),
                       (["--partition", "(8,6)", "(4,4)"], 1)):
        rc, out, err = run(cuteref, *args)
        check(rc == want and err.strip() and not out.strip(),
              "dot %s: exit %d (want %d), stderr %r, stdout %d bytes" % (" ".join(args), rc, want, err[:120], len(out)))


def test_legible(cuteref):
    dot = shutil.which("dot")
    if not dot:
        print("dot_atom_test: Graphviz's dot is not installed: the SVG sizes are not checked")
        return
    sys.path.insert(0, os.path.join(HERE, "..", "..", "docs"))
    try:
        import svg_sizes  # noqa: E402  (docs/svg_sizes.py, as the site sizes its pictures)
        least = lambda path: (svg_sizes.SvgSizes(path).least, svg_sizes.SvgSizes(path).natural_w,
                              svg_sizes.SvgSizes(path).natural_h)
    except ImportError:  # outside the checkout (a Bazel sandbox without //docs): Graphviz writes no scaled text
        def least(path):
            text = open(path, encoding="utf-8").read()
            sizes = [float(x) for x in re.findall(r'font-size="([0-9.]+)"', text)]
            w = re.search(r'<svg width="([0-9.]+)pt" height="([0-9.]+)pt"', text)
            return (min(sizes) if sizes else None, float(w.group(1)) * 4 / 3 if w else 0,
                    float(w.group(2)) * 4 / 3 if w else 0)
    with tempfile.TemporaryDirectory() as tmp:
        for args in (["--atom", "SM80_16x8x16_F32F16F16F32_TN"], ["--atom", "SM75_U32x4_LDSM_N"],
                     ["--tiled-mma", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)"],
                     ["--atom", UMMA_NAME % ("F16BF16_2x1SM_SS", "half_t, half_t, float", 128, 64)],
                     ["--partition", "(8,16):(16,1)", "(2,4):(4,1)"]):
            rc, out, err = run(cuteref, *args)
            path = os.path.join(tmp, "p.svg")
            p = subprocess.run([dot, "-Tsvg", "-o", path], input=out, text=True, capture_output=True)
            if p.returncode != 0:
                failures.append("dot -Tsvg failed on %s: %s" % (args, p.stderr))
                continue
            small, w, h = least(path)
            # 8 pt is 10.67 CSS px at the picture's own size: legible (docs/README.md)
            check(small is not None and small >= 8.0, "%s: smallest text %s pt, want 8 or more" % (args, small))
            print("dot_atom_test: %-60s %5d x %5d px, smallest text %.1f pt" % (" ".join(args), w, h, small or 0))


def main():
    cuteref = sys.argv[1]
    test_mma_atom(cuteref, "SM80_16x8x16_F32F16F16F32_TN", m16n8k16_f16, (16, 8, 16), (8, 4, 4))
    test_mma_atom(cuteref, "(16,8,8,32)", m16n8k8_tf32, (16, 8, 8), (4, 2, 4))
    test_ldmatrix(cuteref, "SM75_U32x4_LDSM_N", 4)
    test_ldmatrix(cuteref, "SM75_U32x1_LDSM_N", 1)
    test_umma(cuteref)
    test_tiled_mma(cuteref)
    test_tiled_mma_qp(cuteref)
    test_partition(cuteref)
    test_tiled_copy(cuteref)
    test_errors(cuteref)
    test_legible(cuteref)
    for f in failures:
        print("FAIL: " + f)
    print("dot_atom_test: %s" % ("%d failures" % len(failures) if failures else "ok"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
