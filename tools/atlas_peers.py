#!/usr/bin/env python3
"""The atom atlas judged in the peers (issue 41, item 4; docs/data/atlas-peers.md):
each peer's thread-value (TV) layouts of its NVIDIA MMA and copy atoms, and of
its tiled constructions, compared as functions with cuteref's atlas
(mma_tv_a/b/c and umma_tv_a/b/c of spec/mma.md, copy_tv_src/dst of spec/copy.md
with its TMEM and .b8 forms, tiled_mma_{a,b,c}_tv of spec/tiled_mma.md,
make_layout_tv of spec/partition.md, tiled_copy_* of spec/tiled_copy.md with
the partitions and retile, TCOPY-8..11).

  tools/atlas_peers.py CUTEREF [--peer=cutedsl|tensor-layouts|all] [--list] [--markdown] [--cpp]
  tools/atlas_peers.py CUTEREF --self-test     (the comparison tells equal from different: no peer needed)

Peers (pinned; each runs only where it is installed, and a peer that is not
installed is reported as NOT RUN with exit status 2: never a silent pass):
  cutedsl         nvidia-cutlass-dsl 4.8.1: its ops' atoms built inside @cute.jit
                  traces on the CPU, in two child processes (CUTE_DSL_ARCH=sm_90a
                  for warp, warpgroup and the tiled constructions; sm_100a for
                  tcgen05's UMMA and TMEM ops), so a crash of the DSL is
                  reported, not fatal;
  tensor-layouts  tensor-layouts 0.3.2: every MMAAtom and CopyAtom of its
                  tensor_layouts.atoms_nv module, by name.
CuTe C++ is compared by tools/atlas_count.py and tools/atlas_copy.py
(docs/data/atlas.md); pycute has no atoms.

Compared as functions: a peer's layout P and the atlas's A (a cuteref call)
agree when `coalesce(P, (1,1))` and `coalesce(A, (1,1))`, as `cuteref eval`
prints them, are the same text once static marks are dropped: by mode, the
coalesced layout is the canonical form of the mode's function
(spec/coalesce.md, COAL-4, COAL-6), so the two have the same thread count,
the same value count and the same value L(t, v) at every (thread, value).
A difference of rank or nesting alone (NVIDIA/cutlass #3254) is agreement.
A partition or retile (a tensor's layout, perhaps swizzled, with its offset)
is compared value by value at every index (`table`): the DSL's tensor over an
integer iterator (CuTe's counting tensor) against cuteref's answer.

Every disagreement must match a decision of DECISIONS (whose answer is right
by the PTX ISA and spec/principle.md, and the spec page that says so); one
that matches none is UNDECIDED and the exit status is 1.

--list prints every comparison; --markdown the tables of atlas-peers.md; --cpp
also compiles, with the host g++ against the installed CuTe C++ headers, each
atom that a decision says CuTe C++ rejects (CPP_CLAIMS), and wants it to fail
with the static_assert the decision quotes (about 4 s each).
"""
import json
import os
import re
import signal
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from atlas_count import atom_of  # noqa: E402  (CuTe's name -> (M, N, K, bits), as ct_mma_by_name)

PINS = {"cutedsl": ("nvidia-cutlass-dsl", "4.8.1"), "tensor-layouts": ("tensor-layouts", "0.3.2")}

# A disagreement's decision: (peer, family, regex on the atlas call, regex on the peer's
# layout or None, decision text). The first that matches decides it.
DECISIONS = [
    ("tensor-layouts", "MMA atoms", r"^mma_tv_b\(SM80_16x8x32_S32[SU]4[SU]4S32_TN(_SATURATE)?\)$", None,
     "CuTe 4.2's trait, copied: `((4,8),8):((32,1),8)` is no bijection (threads q = 1 and q = 0 share "
     "k = 4..7; rows k >= 20 of B never reached). PTX 9.7.14.5.10 (`.s4` B: row = 8q + i, col = g) gives "
     "the atlas's `((4,8),8):((64,1),8)`. The atlas is right: spec/mma.md, Differences, "
     "\"SM80_16x8x32_S32S4S4S32_TN's B\" (fixed upstream by NVIDIA/cutlass pull request 3140)."),
    ("cutedsl", "tiled MMA", r"^tiled_mma_c_tv\(\w+, \(\d+,\d+,[2-9]\d*\)", r"^\(",
     "An atom layout with a K mode (lK > 1): the DSL, like CuTe C++ 4.2's get_layoutC_TV, runs the K "
     "thread groups on past ThrN, to indices outside the TM x TN tile; cuteref gives them the C "
     "elements of the atom at K = 0 (what partition_C gives them; TMMA-1). Decided in "
     "spec/tiled_mma.md, Differences, \"C of an atom layout with a K mode\"."),
    ("cutedsl", "tiled MMA", r"^tiled_mma_a_tv\(SM90_64x\d+x\d+_\w+_SS(_TN)?, ", r"^\(\(?(128|256)\b",
     "wgmma's A from shared memory: the DSL's is CuTe's ABLayout<64,K> tiled (every thread sees the "
     "tile); cuteref builds tiled_mma_a_tv from the register-sourced A. Decided in spec/tiled_mma.md, "
     "Differences, \"wgmma's A from shared memory\" (the atom's own SS A agrees: mma_tv_b(64, 64, K, bits))."),
    ("cutedsl", "ldmatrix/stmatrix", r"^recast_layout<1,(32|64)>\(copy_tv_(src|dst)\(SM\d+_U(16|32)x\d_(LD|ST)SM_[NT]\)\)$",
     r"^accepted \(\(?(16|4|8)\b.*error NOT_DIVISIBLE",
     "An element wider than what one thread holds of it: a 64-bit element of ldmatrix/stmatrix (or a "
     "32-bit one with .trans, whose two 16-bit halves come from two rows) lies in two threads' registers. "
     "The DSL gives a 'TV layout' of 16 threads (8 for 64-bit .trans) for a 32-lane instruction, no "
     "thread-value layout of the atom; CuTe C++ rejects the same Copy_Atom at compile time "
     "(copy_atom.hpp: \"CopyOperation is not valid for Src/Dst of ValType\"); the atlas has no layout "
     "either: recast_layout<1,bits> of its bit layout is NOT_DIVISIBLE (spec/recast.md). The DSL is wrong "
     "to accept it; the atlas's rejection stands."),
    ("cutedsl", "tiled copy", r"^tiled_copy_", r"^accepted .*error ARG_TYPE .*no multiple of the atom's",
     "A tiled copy whose threads hold fewer values than the copy atom moves (ldmatrix.x4 moves 8 "
     "16-bit values a thread; make_tiled_copy_B/_C of a 16x8x16 tiled MMA give a thread 4): CuTe C++ "
     "rejects it at compile time (copy_atom.hpp, TiledCopy: \"TiledCopy uses too few vals for selected "
     "CopyAtom\"), the DSL builds it without a word, and the layout it gives has the atom's 8 values a "
     "thread over a tile whose threads own 4 each. cuteref rejects it as C++ does (ARG_TYPE, "
     "spec/tiled_copy.md); the DSL is wrong to accept it."),
    ("cutedsl", "ldmatrix/stmatrix", r"^recast_layout<1,8>\(copy_tv_(src|dst)\(SM100_U8x(8|16)_LDSM_T\)\)$",
     r"\[PTX's text \(COPY-7\): holds\]$",
     "ldmatrix.m16n16.xN.trans.b8: the DSL's pair and CuTe C++'s (the atlas's) both meet everything PTX's text "
     "says (checked here, COPY-7: each lane's bytes are bytes of stored rows 4q..4q+3 at columns g and g+8, "
     "each row addressed by one of lanes 0..16N-1, every byte once); they differ in how a lane's eight bytes "
     "fill r0 and r1, which only PTX's Figure 105 (an image) draws, and in the numbering of the rows (CuTe's "
     "rho; the DSL's lane i addresses row i). Not decided by PTX's text: neither is called wrong; the atlas "
     "keeps CuTe C++'s reading (spec/copy.md, COPY-B8 and Differences, \"ldmatrix.m16n16's row numbering\")."),
    ("cutedsl", "UMMA atoms", r"^umma_tv_[abc]\(128, \d+, \d+\)$",
     r"^accepted .*error ARG_TYPE umma_tv: no tcgen05\.mma\.cta_group::1 of M = 128",
     "tcgen05.mma of one CTA with M = 128 and N an odd multiple of 8: the DSL builds it (its docstring: "
     "CtaGroup.ONE, 8 <= N <= 256 step 8), and so does CuTe C++ 4.2's SM100_MMA_*_SS (static_assert N % 8 "
     "only; its _TS atoms want N % 16 at M = 128); the atlas takes PTX's shapes (M = 128: N a multiple of "
     "16) and rejects it (ARG_TYPE). A bound, not a function: the layout the DSL gives is MMA-UMMA's formula "
     "at that N. Neither is called wrong; spec/mma.md, Differences, \"UMMA\"."),
    ("cutedsl", "one-thread copy atoms",
     r"^recast_layout<1,\d+>\(copy_tv_(src|dst)\(SM80_CP_ASYNC_CACHE(ALWAYS|GLOBAL), \d+\)\)$",
     r"^accepted .*error ARG_TYPE",
     "The DSL builds cp.async atoms of widths PTX has no cp-size for (`.ca` of other than 4, 8, 16 bytes; "
     "`.cg` of other than 16): PTX's cp.async takes cp-size 4, 8 or 16, `.cg` only 16, and CuTe C++ "
     "static_asserts the same. The atlas rejects them (ARG_TYPE, COPY-PRE of spec/copy.md, "
     "\"Accepted widths\"); the layout the DSL gives, (1, bits), is the one-thread formula's."),
]


# What the decisions say CuTe C++ does with the atoms a peer accepts and the atlas rejects,
# checked by --cpp: each program must fail to compile with the static_assert quoted.
CPP_CLAIMS = [
    ("Copy_Atom<SM75_U32x1_LDSM_N, double> a;", "CopyOperation is not valid for Dst of ValType"),
    ("Copy_Atom<SM75_U16x2_LDSM_T, float> a;", "CopyOperation is not valid for Dst of ValType"),
    ("Copy_Atom<SM90_U32x4_STSM_N, double> a;", "CopyOperation is not valid for Src of ValType"),
    ("auto a = make_tiled_copy(Copy_Atom<SM75_U32x4_LDSM_N, half_t>{}, Layout<Shape<_16,_8>,Stride<_8,_1>>{}, "
     "Layout<Shape<_1,_4>>{});", "TiledCopy uses too few vals for selected CopyAtom"),
    ("SM80_CP_ASYNC_CACHEALWAYS<uint16_t> a;", "cp.async sizeof(TS) is not supported"),   # the op itself
    ("SM80_CP_ASYNC_CACHEGLOBAL<uint64_t> a;", "cp.async sizeof(TS) is not supported"),
]


def cpp_include():
    for d in ("/usr/local/lib/python3.11/dist-packages/cutlass_library/source/include",):
        if os.path.isdir(d):
            return d
    import cutlass_library
    return os.path.join(os.path.dirname(cutlass_library.__file__), "source", "include")


def cpp_check():
    """Compiles each CPP_CLAIMS program with the host g++ (-fsyntax-only): (held, failed lines)."""
    import tempfile
    inc = cpp_include()
    gxx = os.environ.get("CXX", "g++")
    head = ["#include <cute/tensor.hpp>", "#include <cute/atom/copy_atom.hpp>",
            "#include <cute/atom/copy_traits_sm75.hpp>", "#include <cute/atom/copy_traits_sm80.hpp>",
            "#include <cute/atom/copy_traits_sm90.hpp>", "using namespace cute;"]
    held, bad = 0, []
    work = tempfile.mkdtemp()
    for body, want in CPP_CLAIMS:
        path = os.path.join(work, "claim.cpp")
        with open(path, "w") as f:
            f.write("\n".join(head + ["int main() { %s (void)a; return 0; }" % body]) + "\n")
        p = subprocess.run([gxx, "-std=c++17", "-fsyntax-only", "-w", "-I" + inc, "-I/usr/local/cuda/include",
                            "-I/usr/local/cuda/include/cccl", path],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
        if p.returncode != 0 and ("static assertion failed: " + want) in p.stdout:
            held += 1
        else:
            bad.append("%s: %s" % (body, "compiles" if p.returncode == 0 else "fails otherwise: " +
                                   " ".join(p.stdout.split())[:200]))
    return held, bad


# --------------------------------------------------------------------------
# The CuTe DSL (run in a child: CUTE_DSL_ARCH=sm_90a python3 atlas_peers.py --collect-cutedsl)
# --------------------------------------------------------------------------

WARP_SHAPES = [(8, 8, 4), (8, 8, 16), (8, 8, 32), (16, 8, 4), (16, 8, 8), (16, 8, 16), (16, 8, 32),
               (16, 8, 64), (16, 8, 128), (16, 8, 256)]
COPY_TYPES = ["Float16", "BFloat16", "Int16", "Float32", "Int32", "Int8", "Uint8", "Float8E4M3FN", "Float64"]


# The DSL's SM100 ldmatrix/stmatrix forms and CuTe C++'s name of each (copy_traits_sm100.hpp).
SM100_LDSM = [
    ("LdMatrix16x16x8bOp(True,1)", lambda w: w.LdMatrix16x16x8bOp(True, 1), "SM100_U8x8_LDSM_T"),
    ("LdMatrix16x16x8bOp(True,2)", lambda w: w.LdMatrix16x16x8bOp(True, 2), "SM100_U8x16_LDSM_T"),
] + [("LdMatrix8x16x8bOp(False,%d,%d)" % (n, u), (lambda w, n=n, u=u: w.LdMatrix8x16x8bOp(False, n, u)),
      "SM100_SU%d_DU8x16_x%d_LDSM_N" % (u, n)) for u in (4, 6) for n in (1, 2, 4)] + [
    ("StMatrix16x8x8bOp(True,%d)" % n, (lambda w, n=n: w.StMatrix16x8x8bOp(True, n)), "SM100_U8x%d_STSM_T" % (4 * n))
    for n in (1, 2, 4)]


def collect_cutedsl():
    """Every record the DSL gives (a list, written as JSON by --collect-cutedsl): the
    atoms are built while one @cute.jit function is traced, on the CPU."""
    import cutlass.cute as cute
    out = []

    part = _collect_cutedsl_sm100 if os.environ.get("ATLAS_PEERS_PART") == "sm100" else _collect_cutedsl

    @cute.jit
    def trace():
        out.extend(part(cute))
    trace()
    return out


def _collect_cutedsl(cute):
    import cutlass
    from cutlass.cute.nvgpu import warp, warpgroup, cpasync, CopyUniversalOp, OperandMajorMode

    recs = []
    T = {n: getattr(cutlass, n) for n in ["Float16", "BFloat16", "Float32", "TFloat32", "Float8E4M3FN",
                                          "Float8E5M2", "Int8", "Uint8", "Int32", "Int16", "Float64"]}

    def rec(family, item, call, layout, kind="compare", note=""):
        recs.append({"family": family, "item": item, "call": call, "layout": layout, "kind": kind, "note": note})
        if os.environ.get("ATLAS_PEERS_TRACE"):   # where a crash of the DSL's C++ layer happened
            sys.stderr.write("%s | %s\n" % (family, item))
            sys.stderr.flush()

    def err(e):
        text = re.sub(r"\x1b\[[0-9;]*m", "", " ".join(str(e).split()))
        return re.sub(r"^error: ", "", text.split(" --> ")[0])[:160]

    def mma_atom(family, item, make, calls):
        try:
            a = make()
            lays = (str(a.tv_layout_A), str(a.tv_layout_B), str(a.tv_layout_C))
        except Exception as e:  # noqa: BLE001 - the DSL rejects this op
            rec(family, item, None, None, "rejected", err(e))
            return
        for call, lay in zip(calls, lays):
            rec(family, item, call, lay)

    def copy_atom(family, item, make, calls):
        """A copy atom's source and destination TV layouts against the atlas's calls (src, dst);
        make() builds the atom, and its failure is recorded as the DSL's rejection."""
        try:
            c = make()
            lays = (str(c.layout_src_tv), str(c.layout_dst_tv))
        except Exception as e:  # noqa: BLE001 - the DSL rejects this op
            rec(family, item, None, None, "rejected", err(e))
            return
        for call, lay in zip(calls, lays):
            rec(family, item, call, lay)

    # warp-level mma.sync (cute.nvgpu.warp): every shape of WARP_SHAPES tried for each type
    warp_ops = [("MmaF16BF16Op", lambda ab, acc, s: warp.MmaF16BF16Op(T[ab], T[acc], s), 16,
                 [("Float16", "Float16"), ("Float16", "Float32"), ("BFloat16", "Float32"), ("BFloat16", "Float16")]),
                ("MmaTF32Op", lambda ab, acc, s: warp.MmaTF32Op(s), 32, [("TFloat32", "Float32")]),
                ("MmaFP8Op", lambda ab, acc, s: warp.MmaFP8Op(T[ab], T[acc], s), 8,
                 [(a, c) for a in ("Float8E4M3FN", "Float8E5M2") for c in ("Float16", "Float32")])]
    for name, mk, bits, types in warp_ops:
        for ab, acc in types:
            for s in WARP_SHAPES:
                M, N, K = s
                mma_atom("warp MMA", "%s(%s,%s,%s)" % (name, ab, acc, s),
                         lambda: cute.make_mma_atom(mk(ab, acc, s)),
                         ["mma_tv_%s(%d, %d, %d, %d)" % (x, M, N, K, bits) for x in "abc"])
    for name in sorted(n for n in dir(warp) if n.endswith("Op") and n.startswith("Mma")):
        if name not in ("MmaF16BF16Op", "MmaTF32Op", "MmaFP8Op", "MmaOp", "MmaSM120BlockScaledOp"):  # bases aside
            rec("warp MMA", name, None, None, "outside",
                "sparse or SM120 block-scaled: not in the atlas (spec/mma.md covers dense SM75..SM90)")

    # SM100 tcgen05 (UMMA, TMEM load/store): in the sm100 part (_collect_cutedsl_sm100)

    # warpgroup wgmma (cute.nvgpu.warpgroup): every N, A source, majors and types
    srcs = [("RMEM", warpgroup.OperandSource.RMEM), ("SMEM", warpgroup.OperandSource.SMEM)]
    majors = [("K", OperandMajorMode.K), ("MN", OperandMajorMode.MN)]
    wg_ops = [("MmaF16BF16Op", 16, 16, [("Float16", "Float16", "Float16"), ("Float16", "Float16", "Float32"),
                                        ("BFloat16", "BFloat16", "Float32")],
               lambda a, b, c, *r: warpgroup.MmaF16BF16Op(T[a], T[c], *r)),
              ("MmaF8Op", 8, 32, [(a, b, c) for a in ("Float8E4M3FN", "Float8E5M2") for b in ("Float8E4M3FN", "Float8E5M2")
                                  for c in ("Float16", "Float32")],
               lambda a, b, c, *r: warpgroup.MmaF8Op(T[a], T[b], T[c], *r)),
              ("MmaI8Op", 8, 32, [(a, b, "Int32") for a in ("Int8", "Uint8") for b in ("Int8", "Uint8")],
               lambda a, b, c, *r: warpgroup.MmaI8Op(T[a], T[b], T[c], *r))]
    for name, bits, K, types, mk in wg_ops:
        for a, b, c in types:
            for N in range(8, 257, 8):
                for sn, src in srcs:
                    for an, am in majors:
                        for bn, bm in majors:
                            ca = ("mma_tv_a(64, %d, %d, %d)" % (N, K, bits) if sn == "RMEM"
                                  else "mma_tv_b(64, 64, %d, %d)" % (K, bits))  # ABLayout<64,K>: the SS A
                            mma_atom("warpgroup MMA", "%s(%s,%s,%s,(64,%d,%d),%s,%s,%s)" % (name, a, b, c, N, K, sn, an, bn),
                                     lambda: cute.make_mma_atom(mk(a, b, c, (64, N, K), src, am, bm)),
                                     [ca, "mma_tv_b(64, %d, %d, %d)" % (N, K, bits), "mma_tv_c(64, %d, %d, %d)" % (N, K, bits)])

    # tiled MMAs: make_tiled_mma over atom layouts and permutation tiles
    tiled_atoms = [
        ("MmaF16BF16Op(Float16,Float32,(16,8,16))", lambda: warp.MmaF16BF16Op(T["Float16"], T["Float32"], (16, 8, 16)),
         "SM80_16x8x16_F32F16F16F32_TN", (16, 8, 16), "warp"),
        ("MmaF16BF16Op(BFloat16,Float32,(16,8,8))", lambda: warp.MmaF16BF16Op(T["BFloat16"], T["Float32"], (16, 8, 8)),
         "SM80_16x8x8_F32BF16BF16F32_TN", (16, 8, 8), "warp"),
        ("MmaTF32Op((16,8,8))", lambda: warp.MmaTF32Op((16, 8, 8)), "SM80_16x8x8_F32TF32TF32F32_TN", (16, 8, 8), "warp"),
        ("MmaTF32Op((16,8,4))", lambda: warp.MmaTF32Op((16, 8, 4)), "SM80_16x8x4_F32TF32TF32F32_TN", (16, 8, 4), "warp"),
        ("MmaFP8Op(Float8E4M3FN,Float32,(16,8,32))", lambda: warp.MmaFP8Op(T["Float8E4M3FN"], T["Float32"], (16, 8, 32)),
         "SM89_16x8x32_F32E4M3E4M3F32_TN", (16, 8, 32), "warp"),
        ("warpgroup.MmaF16BF16Op(Float16,Float32,(64,64,16),RMEM)",
         lambda: warpgroup.MmaF16BF16Op(T["Float16"], T["Float32"], (64, 64, 16), warpgroup.OperandSource.RMEM,
                                        OperandMajorMode.K, OperandMajorMode.K), "SM90_64x64x16_F32F16F16_RS", (64, 64, 16), "wg"),
        ("warpgroup.MmaF16BF16Op(Float16,Float32,(64,128,16),SMEM)",
         lambda: warpgroup.MmaF16BF16Op(T["Float16"], T["Float32"], (64, 128, 16), warpgroup.OperandSource.SMEM,
                                        OperandMajorMode.K, OperandMajorMode.K), "SM90_64x128x16_F32F16F16_SS", (64, 128, 16), "wg"),
        ("warpgroup.MmaI8Op(Int8,Int8,Int32,(64,32,32),RMEM)",
         lambda: warpgroup.MmaI8Op(T["Int8"], T["Int8"], T["Int32"], (64, 32, 32), warpgroup.OperandSource.RMEM,
                                   OperandMajorMode.K, OperandMajorMode.K), "SM90_64x32x32_S32S8S8_RS_TN", (64, 32, 32), "wg"),
    ]
    warp_lays = [((1, 1, 1), None), ((2, 2, 1), None), ((2, 2, 1), (2, 1, 0)), ((4, 2, 1), (2, 1, 0)), ((1, 4, 1), None),
                 ((2, 4, 1), None), ((4, 2, 1), None), ((2, 1, 2), None), ((2, 2, 2), None)]
    wg_lays = [((1, 1, 1), None), ((2, 1, 1), None), ((1, 2, 1), None)]

    def tup(t):
        return "(" + ",".join(str(x) for x in t) + ")"

    for label, mkop, cname, (aM, aN, aK), kind in tiled_atoms:
        for shp, strd in (warp_lays if kind == "warp" else wg_lays):
            lM, lN, lK = shp
            lay_txt = tup(shp) + ("" if strd is None else ":" + tup(strd))
            # permutations: none; M doubled; M interleaved (l_M > 1); N and K doubled; N interleaved in fours
            perms = [(None, None, None), (2 * aM * lM, None, None), (None, 2 * aN * lN, 2 * aK)]
            if lM > 1:
                perms.append((((aM, lM), (lM, 1)), None, None))
            if aN * lN % 4 == 0 and aN * lN >= 16:  # columns n, n + TN/2 paired: (2,q,2):(1,4,2)
                q = aN * lN // 4
                perms.append((None, ((2, q, 2), (1, 4, 2)), None))
            # spec/tiled_mma.md's example with all three permuted (its tf32 one is the M interleave above)
            if (aM, aN, aK, shp, strd) == (16, 8, 16, (2, 2, 1), None):
                perms.append((64, ((8, 2, 2), (1, 16, 8)), 32))
            for pm in perms:
                def ptxt(p):
                    if p is None:
                        return "_"
                    if isinstance(p, int):
                        return str(p)
                    return tup(p[0]) + ":" + tup(p[1])

                def pdsl(p):
                    if p is None or isinstance(p, int):
                        return p
                    return cute.make_layout(p[0], stride=p[1])
                args = "%s, %s" % (cname, lay_txt)
                if pm != (None, None, None):
                    args += ", " + ", ".join(ptxt(p) for p in pm)
                item = "make_tiled_mma(%s, %s%s)" % (label, lay_txt, "" if pm == (None, None, None)
                                                      else ", (" + ", ".join(ptxt(p) for p in pm) + ")")
                try:
                    lay = cute.make_layout(shp, stride=strd) if strd else cute.make_layout(shp)
                    perm = None if pm == (None, None, None) else tuple(pdsl(p) for p in pm)
                    t = cute.make_tiled_mma(cute.make_mma_atom(mkop()), lay, perm)
                    lays = (str(t.tv_layout_A_tiled), str(t.tv_layout_B_tiled), str(t.tv_layout_C_tiled))
                    tile = tuple(cute.size(t.get_tile_size(i)) for i in range(3))
                except Exception as e:  # noqa: BLE001
                    rec("tiled MMA", item, None, None, "rejected", err(e))
                    continue
                for x, L in zip("abc", lays):
                    rec("tiled MMA", item, "tiled_mma_%s_tv(%s)" % (x, args), L)
                rec("tiled MMA", item, "tiled_mma_shape(%s)" % args, tup(tile), kind="tuple")

    # ldmatrix / stmatrix (cute.nvgpu.warp), in units of the atom's element type
    for opname, base_n, base_t in (("LdMatrix8x8x16bOp", "SM75_U32x%d_LDSM_N", "SM75_U16x%d_LDSM_T"),
                                   ("StMatrix8x8x16bOp", "SM90_U32x%d_STSM_N", "SM90_U16x%d_STSM_T")):
        for trans in (False, True):
            for n in (1, 2, 4):
                cname = (base_t % (2 * n)) if trans else (base_n % n)
                for tn in COPY_TYPES:
                    item = "%s(%s,%d) of %s" % (opname, trans, n, tn)
                    bits = T[tn].width
                    copy_atom("ldmatrix/stmatrix", item,
                              lambda: cute.make_copy_atom(getattr(warp, opname)(trans, n), T[tn]),
                              ["recast_layout<1,%d>(copy_tv_%s(%s))" % (bits, side, cname) for side in ("src", "dst")])
    # SM100's 8-bit forms, by CuTe's name (copy_traits_sm100.hpp): compared where the atlas has the name
    names = set(os.environ.get("ATLAS_PEERS_NAMES", "").split())
    done = set()
    for label, mk, cname in SM100_LDSM:
        done.add(label.split("(")[0])
        item = "%s of Uint8" % label
        if cname not in names:
            rec("ldmatrix/stmatrix", item, None, None, "outside", "%s: not in this atlas (spec/copy.md)" % cname)
            continue
        copy_atom("ldmatrix/stmatrix", item, lambda: cute.make_copy_atom(mk(warp), T["Uint8"]),
                  ["recast_layout<1,8>(copy_tv_%s(%s))" % (side, cname) for side in ("src", "dst")])
    for name in sorted(n for n in dir(warp) if re.match(r"^(Ld|St)Matrix\w+Op$", n)):
        if name not in ("LdMatrix8x8x16bOp", "StMatrix8x8x16bOp") and name not in done:
            rec("ldmatrix/stmatrix", name, None, None, "outside",
                "no CuTe C++ atom of this form (copy_traits_sm100.hpp): not in the atlas")

    # one-thread copies: CopyUniversalOp and cp.async (cpasync.CopyG2SOp)
    ones = [("CopyUniversalOp()", lambda: CopyUniversalOp(), None)]
    ones += [("cpasync.CopyG2SOp(%s)" % m, (lambda m=m: cpasync.CopyG2SOp(getattr(cpasync.LoadCacheMode, m))),
              "SM80_CP_ASYNC_CACHE" + m) for m in ("ALWAYS", "GLOBAL")]
    for label, mk, cname in ones:
        for tn in ("Float16", "Float32", "Int8"):
            w = T[tn].width
            for nb in (0, 8, 16, 32, 64, 128, 256):
                if nb and nb % w:
                    continue
                item = "%s of %s, num_bits_per_copy=%d" % (label, tn, nb)
                b = nb or w
                calls = [("copy_tv_%s(%d)" % (side, b)) if cname is None else ("copy_tv_%s(%s, %d)" % (side, cname, b))
                         for side in ("src", "dst")]
                copy_atom("one-thread copy atoms", item,
                          lambda mk=mk, tn=tn, nb=nb: cute.make_copy_atom(mk(), T[tn], num_bits_per_copy=nb),
                          ["recast_layout<1,%d>(%s)" % (w, call) for call in calls])

    # make_tiled_copy_tv(atom, thr, val): its TV layout and tile, against make_layout_tv(_tiler)
    tvs = [(((4, 8), (8, 1)), ((1, 4), (1, 1))), (((32, 4), (1, 32)), ((4, 1), (1, 1))),
           (((8, 16), (16, 1)), ((1, 8), (1, 1))), (((16, 8), (1, 16)), ((2, 2), (1, 2))),
           (((2, 64), (64, 1)), ((4, 2), (2, 1))), (((8, 4), (4, 1)), ((2, 4), (4, 1))),
           (((32, 8), (8, 1)), ((1, 8), (1, 1))), (((16, 16), (1, 16)), ((8, 1), (1, 1)))]
    for (ts, td), (vs, vd) in tvs:
        thr, val = tup(ts) + ":" + tup(td), tup(vs) + ":" + tup(vd)
        item = "make_tiled_copy_tv(CopyUniversalOp of Float16, %s, %s)" % (thr, val)
        try:
            c = cute.make_copy_atom(CopyUniversalOp(), T["Float16"], num_bits_per_copy=16 * vs[0] * vs[1])
            t = cute.make_tiled_copy_tv(c, cute.make_layout(ts, stride=td), cute.make_layout(vs, stride=vd))
            L, tile = str(t.layout_tv_tiled), t.tiler_mn
            sizes = tuple(cute.size(x) for x in tile)
        except Exception as e:  # noqa: BLE001
            rec("make_tiled_copy_tv", item, None, None, "rejected", err(e))
            continue
        rec("make_tiled_copy_tv", item, "make_layout_tv(%s, %s)" % (thr, val), L)
        rec("make_tiled_copy_tv", item, "make_layout_tv_tiler(%s, %s)" % (thr, val), tup(sizes), kind="tuple")

    # TMA and bulk copies (cute.nvgpu.cpasync): one-thread atoms of a whole box. make_tiled_tma_atom
    # wants a global tensor: one on a made-up global pointer is enough to build the atom on the CPU.
    tmas = [("CopyBulkTensorTileG2SOp", "SM90_TMA_LOAD", lambda: cpasync.CopyBulkTensorTileG2SOp(), 1),
            ("CopyBulkTensorTileG2SMulticastOp", "SM90_TMA_LOAD_MULTICAST",
             lambda: cpasync.CopyBulkTensorTileG2SMulticastOp(), 2),
            ("CopyBulkTensorTileS2GOp", "SM90_TMA_STORE", lambda: cpasync.CopyBulkTensorTileS2GOp(), 1),
            ("CopyReduceBulkTensorTileS2GOp", "SM90_TMA_REDUCE_ADD", lambda: cpasync.CopyReduceBulkTensorTileS2GOp(), 1)]
    for label, cname, mk, mc in tmas:
        for tn in ("Float16", "Float32", "Int8"):
            for box in ((64, 32), (8, 64), (128, 16)):
                item = "make_tiled_tma_atom(%s, %s tensor, box %s)" % (label, tn, tup(box))

                def tma(mk=mk, tn=tn, box=box, mc=mc):
                    ptr = cute.make_ptr(T[tn], 0, cute.AddressSpace.gmem, assumed_align=16)
                    g = cute.make_tensor(ptr, cute.make_layout((256, 256), stride=(256, 1)))
                    return cpasync.make_tiled_tma_atom(mk(), g, cute.make_layout(box, stride=(box[1], 1)), box,
                                                       num_multicast=mc)[0]
                w = T[tn].width
                copy_atom("TMA and bulk copy atoms", item, tma,
                          ["recast_layout<1,%d>(copy_tv_%s(%s, %d))" % (w, side, cname, w * box[0] * box[1])
                           for side in ("src", "dst")])
    for label, cname, mk in (("CopyBulkG2SOp", "SM90_BULK_COPY_G2S", lambda: cpasync.CopyBulkG2SOp()),
                             ("CopyBulkS2GOp", "SM90_BULK_COPY_S2G", lambda: cpasync.CopyBulkS2GOp())):
        for tn in ("Float16", "Float32"):
            for nb in (128, 1024, 8192):
                item = "%s of %s, num_bits_per_copy=%d" % (label, tn, nb)
                w = T[tn].width
                copy_atom("TMA and bulk copy atoms", item,
                          lambda mk=mk, tn=tn, nb=nb: cute.make_copy_atom(mk(), T[tn], num_bits_per_copy=nb),
                          ["recast_layout<1,%d>(copy_tv_%s(%s, %d))" % (w, side, cname, nb) for side in ("src", "dst")])

    # tiled copies of ldmatrix/stmatrix atoms, where this cuteref has them (spec/tiled_copy.md)
    ops = set(os.environ.get("ATLAS_PEERS_OPS", "").split())
    ld = [("LdMatrix8x8x16bOp(False,4)", lambda: warp.LdMatrix8x8x16bOp(False, 4), "SM75_U32x4_LDSM_N"),
          ("LdMatrix8x8x16bOp(False,2)", lambda: warp.LdMatrix8x8x16bOp(False, 2), "SM75_U32x2_LDSM_N"),
          ("LdMatrix8x8x16bOp(True,4)", lambda: warp.LdMatrix8x8x16bOp(True, 4), "SM75_U16x8_LDSM_T"),
          ("StMatrix8x8x16bOp(False,4)", lambda: warp.StMatrix8x8x16bOp(False, 4), "SM90_U32x4_STSM_N")]
    if {"tiled_copy_s_tv", "tiled_copy_d_tv", "tiled_copy_tile"} <= ops:
        tvc = [(((32, 1), (1, 0)), ((1, 8), (1, 1))), (((16, 2), (1, 16)), ((1, 8), (1, 1))),
               (((8, 4), (4, 1)), ((2, 4), (4, 1))), (((32, 4), (1, 32)), ((1, 8), (1, 1))),
               (((16, 8), (8, 1)), ((1, 4), (1, 1))), (((4, 8), (8, 1)), ((4, 2), (2, 1)))]
        for label, mk, cname in ld:
            for (ts, td), (vs, vd) in tvc:
                thr, val = tup(ts) + ":" + tup(td), tup(vs) + ":" + tup(vd)
                item = "make_tiled_copy_tv(%s of Float16, %s, %s)" % (label, thr, val)
                try:
                    c = cute.make_copy_atom(mk(), T["Float16"])
                    t = cute.make_tiled_copy_tv(c, cute.make_layout(ts, stride=td), cute.make_layout(vs, stride=vd))
                    src, dst = str(t.layout_src_tv_tiled), str(t.layout_dst_tv_tiled)
                    sizes = tuple(cute.size(x) for x in t.tiler_mn)
                except Exception as e:  # noqa: BLE001
                    rec("tiled copy", item, None, None, "rejected", err(e))
                    continue
                args = "%s, 16, %s, %s" % (cname, thr, val)
                rec("tiled copy", item, "tiled_copy_s_tv(%s)" % args, src)
                rec("tiled copy", item, "tiled_copy_d_tv(%s)" % args, dst)
                rec("tiled copy", item, "tiled_copy_tile(%s)" % args, tup(sizes), kind="tuple")
    else:
        rec("tiled copy", "make_tiled_copy_tv / make_tiled_copy_A/B/C", None, None, "outside",
            "not compared: this cuteref has no tiled_copy_s_tv / _d_tv / _tile (spec/tiled_copy.md)")
    if {"tiled_copy_a_s_tv", "tiled_copy_b_s_tv"} <= ops:
        mmas = [("MmaF16BF16Op(Float16,Float32,(16,8,16))",
                 lambda: warp.MmaF16BF16Op(T["Float16"], T["Float32"], (16, 8, 16)), "SM80_16x8x16_F32F16F16F32_TN")]
        for label, mk, cname in ld:
            for mlabel, mkm, mname in mmas:
                for shp, pn in (((1, 1, 1), None), ((2, 2, 1), None), ((4, 1, 1), None), ((1, 4, 1), None),
                                ((1, 1, 1), 16), ((2, 2, 1), 32), ((4, 1, 1), 16), ((1, 4, 1), 64)):
                    perm = "" if pn is None else ", _, %d, _" % pn   # N doubled: 8 values of B and C a thread
                    for x in "abc":
                        fn = "tiled_copy_%s_s_tv" % x
                        if fn not in ops:
                            continue
                        item = "make_tiled_copy_%s(%s of Float16, make_tiled_mma(%s, %s%s))" % (
                            x.upper(), label, mlabel, tup(shp), "" if pn is None else ", (_, %d, _)" % pn)
                        try:
                            c = cute.make_copy_atom(mk(), T["Float16"])
                            tm = cute.make_tiled_mma(cute.make_mma_atom(mkm()), cute.make_layout(shp),
                                                     None if pn is None else (None, pn, None))
                            t = getattr(cute, "make_tiled_copy_" + x.upper())(c, tm)
                            src, dst = str(t.layout_src_tv_tiled), str(t.layout_dst_tv_tiled)
                            sizes = tuple(cute.size(y) for y in t.tiler_mn)
                        except Exception as e:  # noqa: BLE001
                            rec("tiled copy", item, None, None, "rejected", err(e))
                            continue
                        args = "%s, 16, %s, %s%s" % (cname, mname, tup(shp), perm)
                        rec("tiled copy", item, "tiled_copy_%s_s_tv(%s)" % (x, args), src)
                        rec("tiled copy", item, "tiled_copy_%s_d_tv(%s)" % (x, args), dst)
                        if "tiled_copy_%s_tile" % x in ops:
                            rec("tiled copy", item, "tiled_copy_%s_tile(%s)" % (x, args), tup(sizes), kind="tuple")

    # partitions: get_slice(t).partition_S/_D of tensors, every thread, and retile of fragments, against
    # tiled_copy_partition_s/_d and tiled_copy_retile (spec/tiled_copy.md, TCOPY-8..11). The tensors are
    # over an integer iterator (CuTe's counting tensor), so the DSL's offsets are static; a tensor over a
    # shared-memory pointer gives the same layout with a run-time offset (checked: PART_PTR below).
    if {"tiled_copy_partition_s", "tiled_copy_partition_d", "tiled_copy_retile"} <= ops:
        f16 = T["Float16"]
        pcopies = [("CopyUniversalOp 128 bits", lambda: cute.make_copy_atom(CopyUniversalOp(), f16, num_bits_per_copy=128),
                    "128", ((32, 4), (4, 1)), ((1, 8), (1, 1))),
                   ("cpasync.CopyG2SOp(GLOBAL) 128 bits",
                    lambda: cute.make_copy_atom(cpasync.CopyG2SOp(cpasync.LoadCacheMode.GLOBAL), f16, num_bits_per_copy=128),
                    "SM80_CP_ASYNC_CACHEGLOBAL, 128", ((32, 4), (4, 1)), ((1, 8), (1, 1))),
                   ("CopyUniversalOp 64 bits", lambda: cute.make_copy_atom(CopyUniversalOp(), f16, num_bits_per_copy=64),
                    "64", ((16, 8), (8, 1)), ((1, 4), (1, 1))),
                   ("CopyUniversalOp 16 bits", lambda: cute.make_copy_atom(CopyUniversalOp(), f16, num_bits_per_copy=16),
                    "16", ((16, 8), (8, 1)), ((1, 1), (1, 1))),
                   ("LdMatrix8x8x16bOp(False,4)", lambda: cute.make_copy_atom(warp.LdMatrix8x8x16bOp(False, 4), f16),
                    "SM75_U32x4_LDSM_N", ((32, 1), (1, 32)), ((1, 8), (1, 1)))]
        # (label, DSL layout maker, cuteref text): #3160's swizzled K-major 128 x 64 tile, a plain one, another swizzle
        tensors = [("Sw<3,3,3> 128x64", lambda: cute.tile_to_shape(cute.make_composed_layout(
                        cute.make_swizzle(3, 3, 3), 0, cute.make_layout((8, 64), stride=(64, 1))), (128, 64), (0, 1)),
                    "tile_to_shape(Sw<3,3,3> o _0 o (_8,_64):(_64,_1), (128,64))"),
                   ("(128,64):(64,1)", lambda: cute.make_layout((128, 64), stride=(64, 1)), "(128,64):(64,1)"),
                   ("Sw<2,3,3> 64x32", lambda: cute.tile_to_shape(cute.make_composed_layout(
                        cute.make_swizzle(2, 3, 3), 0, cute.make_layout((8, 32), stride=(32, 1))), (64, 32), (0, 1)),
                    "tile_to_shape(Sw<2,3,3> o _0 o (_8,_32):(_32,_1), (64,32))")]
        # fragments of rank 3: on one of rank 1 or 2 (cuteref: TOO_MANY_MODES) the DSL 4.8.1 aborts the process
        # (std::bad_variant_access in its C++ layer), so those are not asked here
        frags = ["(8,2,2):(1,8,16)", "(16,2,2):(1,16,32)", "(4,2,2):(1,4,8)", "(8,1,4):(1,0,8)"]
        for label, mk, cname, (ts, td), (vs, vd) in pcopies:
            thr, val = tup(ts) + ":" + tup(td), tup(vs) + ":" + tup(vd)
            try:
                tc = cute.make_tiled_copy_tv(mk(), cute.make_layout(ts, stride=td), cute.make_layout(vs, stride=vd))
            except Exception as e:  # noqa: BLE001
                rec("tiled copy partitions", label, None, None, "rejected", err(e))
                continue
            for tlabel, mkx, xtxt in tensors:
                X = mkx()
                xt = cute.make_tensor(0, X)
                for t in range(ts[0] * ts[1]):
                    th = tc.get_slice(t)
                    for side in ("S", "D"):
                        item = "%s, %s, %s: get_slice(%d).partition_%s(%s)" % (label, thr, val, t, side, tlabel)
                        try:
                            pt = getattr(th, "partition_" + side)(xt)
                            lay = "%s o %s" % (pt.iterator, pt.layout)
                        except Exception as e:  # noqa: BLE001
                            rec("tiled copy partitions", item, None, None, "rejected", err(e))
                            continue
                        args = "%s, 16, %s, %s, %d, %s" % (cname, thr, val, t, xtxt)
                        rec("tiled copy partitions", item, "tiled_copy_partition_%s(%s)" % (side.lower(), args), lay,
                            kind="function")
                        if "Sw<" not in xtxt:   # a plain X: the slice's offset is apart (TCOPY-9), added here
                            recs[-1]["offset"] = "tiled_copy_partition_%s_offset(%s)" % (side.lower(), args)
                        if t == 5 and side == "S":   # PART_PTR: over a shared-memory pointer, the same layout
                            ptr = cute.make_ptr(f16, 0, cute.AddressSpace.smem, assumed_align=16)
                            pp = th.partition_S(cute.make_tensor(ptr, X))
                            if str(pp.layout) != str(pt.layout):
                                rec("tiled copy partitions", item + " (smem pointer)", None, None, "outside",
                                    "over a smem pointer the DSL gives %s, over the counting tensor %s"
                                    % (pp.layout, pt.layout))
            for ftxt in frags:
                fs, fd = ftxt.split(":")
                item = "%s, %s, %s: retile(%s)" % (label, thr, val, ftxt)
                try:
                    F = cute.make_rmem_tensor(cute.make_layout(eval(fs), stride=eval(fd)), f16)
                    lay = str(tc.get_slice(0).retile(F).layout)
                except Exception as e:  # noqa: BLE001
                    rec("tiled copy partitions", item, None, None, "rejected", err(e))
                    continue
                rec("tiled copy partitions", item, "tiled_copy_retile(%s, 16, %s, %s, %s)" % (cname, thr, val, ftxt),
                    lay, kind="function")
    else:
        rec("tiled copy partitions", "partition_S/_D, retile", None, None, "outside",
            "not compared: this cuteref has no tiled_copy_partition_s / _d / retile (spec/tiled_copy.md)")
    return recs


# The DSL's SM100 ops (cute.nvgpu.tcgen05): TMEM loads and stores by CuTe's names, and the
# UMMA atoms' (CTA, value) layouts. Traced in a child of its own, CUTE_DSL_ARCH=sm_100a.
TMEM_SHAPES = [("Ld32x32bOp", "St32x32bOp", "32dp32b"), ("Ld16x64bOp", "St16x64bOp", "16dp64b"),
               ("Ld16x128bOp", "St16x128bOp", "16dp128b"), ("Ld16x256bOp", "St16x256bOp", "16dp256b"),
               ("Ld16x32bx2Op", "St16x32bx2Op", "16dp32b")]


def _collect_cutedsl_sm100(cute):
    import warnings
    import cutlass
    from cutlass.cute.nvgpu import tcgen05, OperandMajorMode
    warnings.simplefilter("ignore", DeprecationWarning)
    recs = []
    names = set(os.environ.get("ATLAS_PEERS_NAMES", "").split())

    def rec(family, item, call, layout, kind="compare", note=""):
        recs.append({"family": family, "item": item, "call": call, "layout": layout, "kind": kind, "note": note})

    def err(e):
        text = re.sub(r"\x1b\[[0-9;]*m", "", " ".join(str(e).split()))
        return re.sub(r"^error: ", "", text.split(" --> ")[0])[:160]

    # TMEM loads and stores: every shape, .num x1..x128, with and without the 16-bit packing;
    # the DSL's layouts are in units of the element type, the atlas's in bits
    for ld, st, shape in TMEM_SHAPES:
        for opname, kind, extra in ((ld, "LOAD", "Pack"), (st, "STORE", "Unpack")):
            for rep in tcgen05.Repetition:
                for packed in (False, True):
                    n = int(rep.name[1:])
                    cname = "SM100_TMEM_%s_%s%dx%s" % (kind, shape, n, "_16b" if packed else "")
                    types = ("Float16",) if packed else ("Float32", "Float16")
                    for tn in types:
                        item = "%s(%s%s) of %s" % (opname, rep.name, (", %s" % ("PACK_16b_IN_32b" if kind == "LOAD"
                                                                            else "UNPACK_32b_IN_16b")) if packed else "", tn)
                        # a .num PTX does not define (16x128b past x64, 16x256b past x32): asked of the DSL
                        # anyway, so that its acceptance (a disagreement) or rejection is on record
                        ptx_none = (shape == "16dp128b" and n > 64) or (shape == "16dp256b" and n > 32)
                        if cname not in names and not ptx_none:
                            rec("TMEM load/store", item, None, None, "outside",
                                "%s: not in this atlas (spec/copy.md, COPY-TMEM)" % cname)
                            continue
                        T = getattr(cutlass, tn)

                        def mk(opname=opname, rep=rep, packed=packed, extra=extra):
                            arg = getattr(getattr(tcgen05, extra), "PACK_16b_IN_32b" if extra == "Pack"
                                          else "UNPACK_32b_IN_16b") if packed else None
                            op = getattr(tcgen05, opname)(rep) if arg is None else getattr(tcgen05, opname)(rep, arg)
                            return cute.make_copy_atom(op, T)
                        try:
                            c = mk()
                            lays = (str(c.layout_src_tv), str(c.layout_dst_tv))
                        except Exception as e:  # noqa: BLE001
                            rec("TMEM load/store", item, None, None, "rejected", err(e))
                            continue
                        for side, lay in zip(("src", "dst"), lays):
                            rec("TMEM load/store", item, "recast_layout<1,%d>(copy_tv_%s(%s))" % (T.width, side, cname), lay)

    # UMMA (tcgen05.mma): every M, N of each CTA group, A from SMEM or TMEM, K- or MN-major
    T = cutlass
    ops = [("MmaF16BF16Op(Float16,Float32)", lambda *r: tcgen05.MmaF16BF16Op(T.Float16, T.Float32, *r), 16),
           ("MmaF16BF16Op(BFloat16,Float32)", lambda *r: tcgen05.MmaF16BF16Op(T.BFloat16, T.Float32, *r), 16),
           ("MmaTF32Op", lambda *r: tcgen05.MmaTF32Op(*r), 8),
           ("MmaI8Op(Int8)", lambda *r: tcgen05.MmaI8Op(T.Int8, *r), 32),
           ("MmaFP8Op(Float8E4M3FN,Float32)", lambda *r: tcgen05.MmaFP8Op(T.Float8E4M3FN, T.Float32, *r), 32)]
    srcs = [("SMEM", tcgen05.OperandSource.SMEM), ("TMEM", tcgen05.OperandSource.TMEM)]
    majors = [("K", OperandMajorMode.K, OperandMajorMode.K), ("MN", OperandMajorMode.MN, OperandMajorMode.MN)]
    for label, mk, K in ops:
        for cg, ctas, Ms in ((tcgen05.CtaGroup.ONE, 1, (64, 128)), (tcgen05.CtaGroup.TWO, 2, (128, 256))):
            for M in Ms:
                for N in range(8, 257, 8):
                    for sn, src in srcs:
                        for mn, am, bm in majors:
                            if sn == "TMEM" and mn == "MN":
                                continue       # A from TMEM is K-major (the DSL's docstring)
                            item = "%s((%d,%d,%d),%s,%s,%s)" % (label, M, N, K, cg.name, sn, mn)
                            try:
                                a = cute.make_mma_atom(mk((M, N, K), cg, src, am, bm))
                                lays = (str(a.tv_layout_A), str(a.tv_layout_B), str(a.tv_layout_C))
                            except Exception as e:  # noqa: BLE001
                                rec("UMMA atoms", item, None, None, "rejected", err(e))
                                continue
                            extra = "" if ctas == 1 else ", 2"
                            for x, lay in zip("abc", lays):
                                rec("UMMA atoms", item, "umma_tv_%s(%d, %d, %d%s)" % (x, M, N, K, extra), lay)
    done = {"MmaF16BF16Op", "MmaTF32Op", "MmaI8Op", "MmaFP8Op"} | {o for t in TMEM_SHAPES for o in t[:2]}
    bases = ("MmaOp", "CopyOp", "Tcgen05MmaOp", "SparseMmaOp", "BlockScaledMmaOp", "BlockScaledSparseMmaOp",
             "CollectorOp", "TmemLoadRedOp")
    for name in sorted(n for n in dir(tcgen05) if n.endswith("Op") and n not in bases and n not in done):
        rec("UMMA atoms" if name.startswith(("Mma", "SM10")) else "TMEM load/store", name, None, None, "outside",
            "sparse, block-scaled, F8F6F4, SM103/SM107, tcgen05.cp and ld.red forms: not in the atlas "
            "(spec/mma.md, spec/copy.md)")
    return recs


def cuteref_ops(cuteref):
    """The operations this cuteref has (`cuteref eval --list`)."""
    out = subprocess.run([cuteref, "eval", "--list"], stdout=subprocess.PIPE, universal_newlines=True).stdout
    return sorted(set(l.split()[0] for l in out.splitlines() if l.strip()))


def dsl_vs_cpp_sm100(cuteref):
    """The DSL's SM100 ldmatrix/stmatrix forms against CuTe C++'s traits (copy_traits_sm100.hpp, read
    as tools/atlas_copy.py reads the SM75/SM90 ones), where the atlas has no atom yet: lines
    (verdict, item, side, C++ text, DSL text), both in bytes (recast_layout<1,8> of C++'s bits)."""
    import atlas_copy
    files, atlas_copy.FILES = atlas_copy.FILES, ["copy_traits_sm100.hpp"]
    try:
        traits = atlas_copy.read_traits(atlas_copy.DEFAULT_DIR)
    finally:
        atlas_copy.FILES = files
    env = dict(os.environ, CUTE_DSL_ARCH="sm_90a", ATLAS_PEERS_OPS="",
               ATLAS_PEERS_NAMES=" ".join(c[2] for c in SM100_LDSM))
    p = subprocess.run([sys.executable, os.path.abspath(__file__), "--collect-cutedsl"], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True, env=env)
    if p.returncode != 0:
        raise RuntimeError("the DSL's collection died (status %d): %s" % (p.returncode, p.stderr.strip()[-600:]))
    recs = [r for r in json.loads(p.stdout) if r["call"] and "(SM100_" in r["call"]]
    reqs, rows = [], []
    for r in recs:
        m = re.match(r"^recast_layout<1,8>\(copy_tv_(src|dst)\((\w+)\)\)$", r["call"])
        cpp = atlas_copy.resolve(traits, m.group(2), "Src" if m.group(1) == "src" else "Dst")
        rows.append((r["item"], m.group(1), cpp, r["layout"]))
        reqs += ["coalesce(recast_layout<1,8>(%s), (1,1))" % cpp, "coalesce(%s, (1,1))" % r["layout"]]
    out = subprocess.run([cuteref, "eval", "-"], input="\n".join(reqs) + "\n", stdout=subprocess.PIPE,
                         universal_newlines=True).stdout.splitlines()
    return [("equal" if out[2 * i].startswith("ok ") and unmark(out[2 * i]) == unmark(out[2 * i + 1]) else "differ",
             item, side, out[2 * i][3:], out[2 * i + 1][3:]) for i, (item, side, cpp, dsl) in enumerate(rows)]


def tmem_names():
    """CuTe's names of the TMEM loads and stores (copy_traits_sm100.hpp) that the DSL has ops for."""
    return ["SM100_TMEM_%s_%s%dx%s" % (k, shape, 1 << i, p) for _, _, shape in TMEM_SHAPES for k in ("LOAD", "STORE")
            for i in range(8) for p in ("", "_16b")]


def run_cutedsl(cuteref):
    """The DSL's records, collected in two child processes (the DSL's C++ layer may kill one): the
    SM90 part under CUTE_DSL_ARCH=sm_90a (wgmma asks for it), the SM100 part under sm_100a (tcgen05).
    The atom names the atlas is asked for are the ones this cuteref answers (`accepted`), so atoms
    it gains later (e.g. the TMEM `_16b` forms) are compared from then on without an edit here."""
    names = [c[2] for c in SM100_LDSM] + tmem_names()
    have = accepted(cuteref, ["copy_tv_src(%s)" % n for n in names])
    recs = []
    for arch, part in (("sm_90a", "sm90"), ("sm_100a", "sm100")):
        env = dict(os.environ, CUTE_DSL_ARCH=arch, ATLAS_PEERS_PART=part, ATLAS_PEERS_OPS=" ".join(cuteref_ops(cuteref)),
                   ATLAS_PEERS_NAMES=" ".join(n for n in names if "copy_tv_src(%s)" % n in have))
        p = subprocess.run([sys.executable, os.path.abspath(__file__), "--collect-cutedsl"], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, universal_newlines=True, env=env)
        if p.returncode != 0:
            raise RuntimeError("the DSL's collection (%s) died (status %d): %s"
                               % (part, p.returncode, p.stderr.strip()[-600:]))
        recs += json.loads(p.stdout)
    return recs


# --------------------------------------------------------------------------
# tensor-layouts: its NVIDIA atoms (tensor_layouts.atoms_nv), by name
# --------------------------------------------------------------------------

def fmt_tl(t):
    if isinstance(t, tuple):
        return "(" + ",".join(fmt_tl(x) for x in t) + ")"
    return str(t)


def accepted(cuteref, calls):
    """The calls this cuteref answers `ok` (the atlas grows: what it has is compared)."""
    calls = sorted(set(calls))
    if not calls:
        return set()
    out = subprocess.run([cuteref, "eval", "-"], input="\n".join(calls) + "\n", stdout=subprocess.PIPE,
                         universal_newlines=True).stdout.splitlines()
    return set(c for c, a in zip(calls, out) if a.startswith("ok "))


def run_tensor_layouts(cuteref):
    from tensor_layouts import atoms_nv
    from tensor_layouts.atoms import CopyAtom, MMAAtom
    recs = []
    mma_names = [getattr(atoms_nv, n).name for n in dir(atoms_nv) if isinstance(getattr(atoms_nv, n), MMAAtom)]
    known = accepted(cuteref, ["mma_tv_c(%s)" % n for n in mma_names])

    def rec(family, item, call, layout, kind="compare", note=""):
        recs.append({"family": family, "item": item, "call": call, "layout": layout, "kind": kind, "note": note})

    def lay(L):
        return fmt_tl(L.shape) + ":" + fmt_tl(L.stride)

    for name in sorted(n for n in dir(atoms_nv) if isinstance(getattr(atoms_nv, n), MMAAtom)):
        a = getattr(atoms_nv, name)
        m = re.match(r"^SM100_(\d+)x(\d+)x(\d+)_\w+_SS$", a.name)
        if m and tuple(int(g) for g in m.groups()) == tuple(a.shape_mnk) and a.thr_id.shape == 1:
            # UMMA, one CTA: the (CTA, value) layouts of umma_tv_x(M, N, K) (spec/mma.md, MMA-UMMA)
            for x, L in zip("abc", (a.a_layout, a.b_layout, a.c_layout)):
                rec("UMMA atoms", a.name, "umma_tv_%s(%s, %s, %s)" % ((x,) + m.groups()), lay(L))
            continue
        if (re.match(r"^SM(61|70|100|120)_", a.name) or "SPARSE" in a.name) and "mma_tv_c(%s)" % a.name not in known:
            rec("MMA atoms", a.name, None, None, "outside",
                "SM61 dp4a, SM70 quad-pair, SM100 UMMA, SM120 and sparse atoms: not in this atlas (spec/mma.md)")
            continue
        calls = ["mma_tv_%s(%s)" % (x, a.name) for x in "abc"]
        if a.name.startswith("SM90_64x") and "_SS" in a.name:
            M, N, K, bits = atom_of(a.name)
            calls[0] = "mma_tv_b(64, 64, %d, %d)" % (K, bits)  # ABLayout<64,K>: the SS A (spec/mma.md)
        for call, L in zip(calls, (a.a_layout, a.b_layout, a.c_layout)):
            rec("MMA atoms", a.name, call, lay(L))
    for name in sorted(n for n in dir(atoms_nv) if isinstance(getattr(atoms_nv, n), CopyAtom)):
        a = getattr(atoms_nv, name)
        m = re.match(r"^(SM80_CP_ASYNC_CACHE(?:ALWAYS|GLOBAL))_(\d+)B$", a.name)
        if m:
            calls = ["copy_tv_%s(%s, %d)" % (s, m.group(1), 8 * int(m.group(2))) for s in ("src", "dst")]
            fam = "one-thread copy atoms"
        elif re.match(r"^SM(75|90)_U(32|16)x\d_(LD|ST)SM_[NT]$", a.name):
            calls = ["copy_tv_%s(%s)" % (s, a.name) for s in ("src", "dst")]
            fam = "ldmatrix/stmatrix"
        elif a.name.startswith("SM50_"):
            rec("copy atoms (other)", a.name, None, None, "outside", "SM50 shuffles: not in the atlas (spec/copy.md)")
            continue
        else:   # a name of no known family: asked by name, so that the atlas says what it is
            calls = ["copy_tv_%s(%s)" % (s, a.name) for s in ("src", "dst")]
            fam = "copy atoms (other)"
        for call, L in zip(calls, (a.src_layout_bits, a.dst_layout_bits)):
            rec(fam, a.name, call, lay(L))
    return recs


# --------------------------------------------------------------------------
# Judging, with cuteref
# --------------------------------------------------------------------------

def unmark(s):
    return re.sub(r"(?<![\w])_(?=\d)", "", s.replace(" ", ""))


def _tuple(text):
    """A nested tuple of ints from CuTe's text, `(8,(2,4))` or `8` (static marks already dropped)."""
    out, stack, num = [], [[]], ""
    for ch in text + ",":
        if ch.isdigit() or ch == "-":
            num += ch
            continue
        if num:
            stack[-1].append(int(num))
            num = ""
        if ch == "(":
            stack.append([])
        elif ch == ")":
            t = tuple(stack.pop())
            stack[-1].append(t)
        elif ch != ",":
            raise ValueError("not a tuple: %r" % text)
    out = stack[0]
    if len(out) != 1:
        raise ValueError("not a tuple: %r" % text)
    return out[0]


def _flat(t):
    return [x for y in t for x in _flat(y)] if isinstance(t, tuple) else [t]


def table(text):
    """The function a layout's text stands for, as the list of its values at 0 .. size-1 (colexicographic
    index): a layout `S:D`, or a chain `A o B o ... o L` of swizzles `S<b,m,s>`/`Sw<b,m,s>`, offsets (or an
    integer iterator) and layouts, applied from the right. None where the text is none of these. The
    partitions and retiles (kind "function") are compared this way: by value at every index, whatever
    the ranks and nesting."""
    try:
        parts = [p.strip() for p in unmark(text).replace("o", " o ").split(" o ") if p.strip()]
        *outer, inner = parts
        shape, stride = inner.split(":")
        sh, st = _flat(_tuple(shape)), _flat(_tuple(stride))
        if len(sh) != len(st):
            return None
        size = 1
        for n in sh:
            size *= n
        vals = []
        for i in range(size):
            v, r = 0, i
            for n, d in zip(sh, st):
                v += (r % n) * d
                r //= n
            vals.append(v)
        for p in reversed(outer):
            m = re.match(r"^Sw?<(\d+),(\d+),(-?\d+)>$", p)
            if m:
                b, mm, ss = (int(g) for g in m.groups())
                ymask = ((1 << b) - 1) << (mm + max(0, ss))
                vals = [x ^ ((x & ymask) >> ss) if ss >= 0 else x ^ ((x & ymask) << -ss) for x in vals]
            elif re.match(r"^-?\d+$", p):
                vals = [x + int(p) for x in vals]
            else:
                return None
        return vals
    except (ValueError, IndexError):
        return None


def judge(cuteref, recs):
    """Adds 'atlas' (the atlas's text or error) and 'verdict' (equal | differ | atlas-rejects) to each record."""
    reqs = []
    for r in recs:
        if r["kind"] in ("compare", "tuple", "function"):
            reqs.append(r["call"])
            if r.get("offset"):
                reqs.append(r["offset"])
            if r["kind"] == "compare":
                reqs += ["coalesce(%s, (1,1))" % r["call"], "coalesce(%s, (1,1))" % r["layout"]]
    uniq = sorted(set(reqs))
    if not uniq:
        return
    p = subprocess.run([cuteref, "eval", "-"], input="\n".join(uniq) + "\n", stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, universal_newlines=True)
    ans = p.stdout.splitlines()
    if len(ans) != len(uniq):
        raise RuntimeError("cuteref eval - gave %d answers to %d requests: %s" % (len(ans), len(uniq), p.stderr[-400:]))
    a = dict(zip(uniq, ans))
    for r in recs:
        if r["kind"] not in ("compare", "tuple", "function"):
            continue
        got = a[r["call"]]
        r["atlas"] = got[3:] if got.startswith("ok ") else got
        if not got.startswith("ok "):
            r["verdict"] = "atlas-rejects"
        elif r["kind"] == "function":
            if r.get("offset"):   # the atlas's answer is `offset o layout`, the offset asked apart
                off = a[r["offset"]]
                r["atlas"] = "%s o %s" % (off[3:] if off.startswith("ok ") else "(%s)" % off, r["atlas"])
            x, y = table(r["atlas"]), table(r["layout"])
            r["verdict"] = "equal" if x is not None and x == y else "differ"
            r["canon"] = str(y)
            if x is not None and y is not None and x != y:   # the first index where they part, for the page
                i = next((i for i in range(min(len(x), len(y))) if x[i] != y[i]), min(len(x), len(y)))
                r["layout"] += "  (at %d: %s, the atlas %s)" % (i, y[i] if i < len(y) else "-", x[i] if i < len(x) else "-")
        elif r["kind"] == "tuple":
            r["verdict"] = "equal" if unmark(got[3:]) == unmark(r["layout"]) else "differ"
        else:
            x, y = a["coalesce(%s, (1,1))" % r["call"]], a["coalesce(%s, (1,1))" % r["layout"]]
            if not y.startswith("ok "):   # no (thread, value) layout, or a text cuteref cannot read: never equal
                r["verdict"], r["canon"] = "differ", r["layout"]
                r["layout"] += "  (cuteref: %s)" % y
                continue
            r["verdict"] = "equal" if unmark(x) == unmark(y) else "differ"
            r["canon"] = unmark(y)[3:]   # the peer's layout by mode, canonical: one text per function
    mark_b8(recs)


def b8_text_holds(src, dst, n):
    """What PTX's text says of ldmatrix.m16n16.xN.trans.b8 (spec/copy.md, COPY-B8 and COPY-7), checked on a
    pair of byte layouts (thread mode first, 32 threads) whatever their numbering of the rows: lanes
    0 .. 16N-1 address distinct rows; the register side is a bijection; each byte a lane t (g = t / 4,
    q = t % 4) holds is a byte of the row some lane a addresses, with (a mod 16) / 4 == q, at column g or
    g + 8. Figure 105 (an image), which orders a lane's eight bytes in r0 and r1, is not checked."""
    S, D = table(src), table(dst)
    if S is None or D is None or len(S) % 32 or len(D) != 256 * n:
        return False
    rows = {}
    for a in range(16 * n):
        if S[a] % 16 or S[a] // 16 in rows:
            return False
        rows[S[a] // 16] = a
    if len(set(D)) != len(D):
        return False
    for k, x in enumerate(D):
        t = k % 32
        a = rows.get(x // 16)
        if a is None or (a % 16) // 4 != t % 4 or x % 16 not in (t // 4, t // 4 + 8):
            return False
    return True


def mark_b8(recs):
    """Marks the DSL's differing ldmatrix.m16n16 layouts with whether its pair meets PTX's text."""
    by = {}
    for r in recs:
        m = re.match(r"^recast_layout<1,8>\(copy_tv_(src|dst)\(SM100_U8x(8|16)_LDSM_T\)\)$", r.get("call") or "")
        if m:
            by.setdefault(r["item"], {})[m.group(1)] = (r, int(m.group(2)) // 8)
    for item, sides in by.items():
        if set(sides) != {"src", "dst"}:
            continue
        (rs, n), (rd, _) = sides["src"], sides["dst"]
        holds = b8_text_holds(rs["layout"], rd["layout"], n)
        for r in (rs, rd):
            if r.get("verdict") == "differ":
                r["layout"] += "  [PTX's text (COPY-7): %s]" % ("holds" if holds else "FAILS")


def decide(peer, r):
    for p, fam, call_re, lay_re, text in DECISIONS:
        if p != peer or fam != r["family"] or not re.search(call_re, r["call"]):
            continue
        what = ("accepted %s | %s" % (r["layout"], r["atlas"])) if r["verdict"] == "atlas-rejects" else r["layout"]
        if lay_re is None or re.search(lay_re, what):
            return text
    return None


# --self-test: the comparison must tell these apart (a rank difference is no difference, #3254)
SELF_TEST = [
    ("mma_tv_c(64, 8, 16, 16)", "((4,8,4),(2,2)):((128,1,16),(64,8))", "equal"),
    ("mma_tv_c(64, 8, 16, 16)", "((4,8,4),(2,2)):((128,1,16),(8,64))", "differ"),       # values swapped
    ("mma_tv_c(16, 8, 16, 16)", "(128):(1)", "differ"),                                 # no (thread, value) modes
    ("copy_tv_src(128)", "(128,1):(1,0)", "differ"),                                    # threads for values
    ("copy_tv_src(128)", "(1,(2,64)):(0,(1,2))", "equal"),
    ("tiled_mma_c_tv(SM80_16x8x16_F16F16F16F16_TN, (2,2,1))",
     "((4,8,2,2),((2,2),(1,1))):((64,1,16,256),((32,8),(0,0)))", "equal"),
    ("tiled_mma_c_tv(SM80_16x8x16_F16F16F16F16_TN, (2,2,1))",
     "((4,8,2,2),((2,2),(1,1))):((64,1,256,16),((32,8),(0,0)))", "differ"),            # warps transposed
    ("mma_tv_c(16, 8, 12, 16)", "((4,8),(2,2)):((32,1),(16,8))", "atlas-rejects"),
    # TMEM loads (in 32-bit units, as the DSL gives them), UMMA atoms (CTA, value)
    ("recast_layout<1,32>(copy_tv_dst(SM100_TMEM_LOAD_16dp64b2x))", "((2,2,8),(1,2)):((32,1,4),(1,2))", "equal"),
    ("recast_layout<1,32>(copy_tv_dst(SM100_TMEM_LOAD_16dp64b2x))", "((2,2,8),(1,2)):((1,32,4),(1,2))", "differ"),
    ("umma_tv_a(256, 64, 16, 2)", "(2,(128,16)):(128,(1,256))", "equal"),
    ("umma_tv_a(256, 64, 16, 2)", "(2,(128,16)):(1,(2,256))", "differ"),                  # CTAs interleaved
    ("umma_tv_c(128, 24, 16)", "(1,(128,24)):(128,(1,128))", "atlas-rejects"),
    # .b8 ldmatrix: CuTe's byte layout is the atlas's, the DSL's is not (decided by mark_b8 and DECISIONS)
    ("recast_layout<1,8>(copy_tv_dst(SM100_U8x8_LDSM_T))", "((4,8),(2,2,2)):((32,1),(16,8,128))", "equal"),
    ("recast_layout<1,8>(copy_tv_dst(SM100_U8x8_LDSM_T))", "((4,8),(1,4,2)):((64,1),(1,16,8))", "differ"),
]

# The partitions and retiles, compared value by value (kind "function"): #3160's construction, thread 16
# (row 4, where Sw<3,3,3> flips bit 5 of the offset): the DSL 4.8.1's answer (a negative stride), the
# swizzle dropped after the offset (the failure #3160 reported), a wrong offset; a plain tensor's offset
# is asked apart (TCOPY-9); a retile with two modes exchanged.
X3160 = "tile_to_shape(Sw<3,3,3> o _0 o (_8,_64):(_64,_1), (128,64))"
SELF_TEST_FUNCTION = [
    ("tiled_copy_partition_s(128, 16, (32,4):(4,1), (1,8), 16, %s)" % X3160, None,
     "288 o ((8,1),4,2):((1,0),2048,-32)", "equal"),
    ("tiled_copy_partition_s(128, 16, (32,4):(4,1), (1,8), 16, %s)" % X3160, None,
     "288 o ((8,1),4,2):((1,0),2048,32)", "differ"),
    ("tiled_copy_partition_d(128, 16, (32,4):(4,1), (1,8), 16, %s)" % X3160, None,
     "256 o ((8,1),4,2):((1,0),2048,32)", "differ"),
    ("tiled_copy_partition_s(128, 16, (32,4):(4,1), (1,8), 16, (128,64):(64,1))",
     "tiled_copy_partition_s_offset(128, 16, (32,4):(4,1), (1,8), 16, (128,64):(64,1))",
     "256 o ((8,1),4,2):((1,0),2048,32)", "equal"),
    ("tiled_copy_partition_s(128, 16, (32,4):(4,1), (1,8), 16, (128,64):(64,1))",
     "tiled_copy_partition_s_offset(128, 16, (32,4):(4,1), (1,8), 16, (128,64):(64,1))",
     "0 o ((8,1),4,2):((1,0),2048,32)", "differ"),
    ("tiled_copy_retile(128, 16, (32,4):(4,1), (1,8), (16,2,2):(1,16,32))", None, "((8,2),2,2):((1,8),16,32)", "equal"),
    ("tiled_copy_retile(128, 16, (32,4):(4,1), (1,8), (16,2,2):(1,16,32))", None, "((8,2),2,2):((1,16),8,32)", "differ"),
    ("tiled_copy_retile(128, 16, (32,4):(4,1), (1,8), (8,4):(1,8))", None, "((8,1),4):((1,0),8)", "atlas-rejects"),
]

# PTX's text of ldmatrix.m16n16.trans.b8 (b8_text_holds): CuTe's pair and the DSL's meet it; a pair whose
# lane t holds columns other than g, g + 8, or rows of another q, does not
SELF_TEST_B8 = [
    ("((2,2,4,2),16):((16,128,32,0),1)", "((4,8),(2,2,2)):((32,1),(16,8,128))", 1, True),
    ("((16,2),16):((16,0),1)", "((4,8),(1,4,2)):((64,1),(1,16,8))", 1, True),
    ("((16,2),16):((16,0),1)", "((4,8),(1,4,2)):((64,2),(1,16,1))", 1, False),
    ("((16,2),16):((16,0),1)", "((4,8),(1,4,2)):((16,1),(64,4,8))", 1, False),
    ("(32,16):(16,1)", "((4,8),(1,4,2,2)):((64,1),(1,16,8,256))", 2, True),
]


def self_test(cuteref):
    recs = [{"family": "self-test", "item": c, "call": c, "layout": l, "kind": "compare"} for c, l, _ in SELF_TEST]
    recs += [{"family": "self-test", "item": c, "call": c, "layout": l, "kind": "function", "offset": o}
             for c, o, l, _ in SELF_TEST_FUNCTION]
    wants = [w for _, _, w in SELF_TEST] + [w for _, _, _, w in SELF_TEST_FUNCTION]
    judge(cuteref, recs)
    bad = [(r["call"], r["layout"], r["verdict"], want) for r, want in zip(recs, wants) if r["verdict"] != want]
    for src, dst, n, want in SELF_TEST_B8:
        if b8_text_holds(src, dst, n) != want:
            bad.append(("ldmatrix.m16n16 text", "%s / %s" % (src, dst), "holds" if not want else "fails",
                        "holds" if want else "fails"))
    for b in bad:
        print("self-test: %s vs %s: %s, wanted %s" % b)
    n = len(wants) + len(SELF_TEST_B8)
    print("self-test: %d of %d comparisons as expected" % (n - len(bad), n))
    return 1 if bad else 0


def pycute_atoms():
    """What pycute offers of atoms: nothing (its modules, looked at, not assumed)."""
    try:
        import pkgutil
        import pycute
    except ImportError:
        return "not installed (nvidia-cutlass); it has no atoms in any version we know"
    mods = sorted(m.name for m in pkgutil.iter_modules(pycute.__path__))
    names = [n for m in mods for n in dir(__import__("pycute." + m, fromlist=["x"]))
             if re.search(r"(?i)mma|copy_atom|ldsm|tv_layout", n)]
    return ("no atoms: its modules are %s" % ", ".join(mods)) if not names else "names to look at: %s" % names


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)   # `| head` ends the listing quietly
    if "--collect-cutedsl" in sys.argv:
        json.dump(collect_cutedsl(), sys.stdout)
        return 0
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if not args or "--help" in sys.argv or "-h" in sys.argv:
        print(__doc__)
        return 0 if args or "--help" in sys.argv or "-h" in sys.argv else 2
    cuteref = os.path.abspath(args[0])
    if not os.access(cuteref, os.X_OK):
        sys.stderr.write("atlas_peers: %s: no cuteref binary there (nice make B=/tmp/b /tmp/b/cuteref)\n" % cuteref)
        return 2
    if "--self-test" in sys.argv:
        return self_test(cuteref)
    peer_opt = ([a.split("=", 1)[1] for a in sys.argv if a.startswith("--peer=")] or ["all"])[0]
    if peer_opt not in ("all",) + tuple(PINS):
        sys.stderr.write("atlas_peers: --peer=%s: no such peer (cutedsl, tensor-layouts, all)\n" % peer_opt)
        return 2
    peers = ["cutedsl", "tensor-layouts"] if peer_opt == "all" else [peer_opt]
    md, listing = "--markdown" in sys.argv, "--list" in sys.argv
    status = 0
    print("CuTe C++ 4.2.0: compared by tools/atlas_count.py and tools/atlas_copy.py (docs/data/atlas.md)")
    print("pycute: %s" % pycute_atoms())
    for peer in peers:
        dist, pin = PINS[peer]
        try:
            from importlib import metadata
            ver = metadata.version(dist)
        except Exception:  # noqa: BLE001
            ver = None
        if ver is None:
            print("%s: NOT RUN: %s is not installed (pip install %s==%s)" % (peer, dist, dist, pin))
            status = max(status, 2)
            continue
        if ver != pin:
            print("%s: note: %s %s installed, %s pinned" % (peer, dist, ver, pin))
        try:
            recs = run_cutedsl(cuteref) if peer == "cutedsl" else run_tensor_layouts(cuteref)
            judge(cuteref, recs)
        except Exception as e:  # noqa: BLE001
            print("%s: NOT RUN: %s" % (peer, e))
            status = max(status, 2)
            continue
        fams = []
        for r in recs:
            if r["family"] not in fams:
                fams.append(r["family"])
        print("\n%s %s" % (dist, ver))
        if md:
            print("\n| family | peer's atoms (configurations) | rejected by the peer | outside the atlas | "
                  "layouts compared | distinct functions | equal as functions | differing, decided | undecided |")
            print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        dis, tot = [], [0, 0, 0, 0]
        for fam in fams:
            rs = [r for r in recs if r["family"] == fam]
            items = sorted(set(r["item"] for r in rs if r["kind"] in ("compare", "tuple", "function")))
            rej = sorted(set(r["item"] for r in rs if r["kind"] == "rejected"))
            out = sorted(set(r["item"] for r in rs if r["kind"] == "outside"))
            cmp_ = [r for r in rs if r["kind"] in ("compare", "tuple", "function")]
            eq = [r for r in cmp_ if r["verdict"] == "equal"]
            bad = [r for r in cmp_ if r["verdict"] != "equal"]
            dec = [r for r in bad if decide(peer, r)]
            und = [r for r in bad if not decide(peer, r)]
            dis += bad
            nfun = len(set(r.get("canon", r["layout"]) for r in cmp_ if r["kind"] in ("compare", "function")))
            tot = [tot[0] + len(cmp_), tot[1] + len(eq), tot[2] + len(dec), tot[3] + len(und)]
            if und:
                status = max(status, 1)
            if md:
                print("| %s | %d | %d | %d | %d | %d | %d | %d | %d |" % (fam, len(items), len(rej), len(out), len(cmp_),
                                                                         nfun, len(eq), len(dec), len(und)))
            else:
                print("  %-24s atoms %4d  rejected %4d  outside %3d  layouts %5d (%4d functions)  equal %5d  "
                      "decided %3d  UNDECIDED %d" % (fam, len(items), len(rej), len(out), len(cmp_), nfun, len(eq),
                                                     len(dec), len(und)))
        print(("\n%s: %d layouts and tiles compared, %d equal as functions, %d differing and decided, %d UNDECIDED"
               if not md else "\n**%s**: %d layouts and tiles compared, %d equal as functions, %d differing and "
               "decided, %d undecided.") % ((dist,) + tuple(tot)))
        # the disagreements, grouped by decision
        groups = {}
        for r in dis:
            groups.setdefault(decide(peer, r) or "UNDECIDED", []).append(r)
        for text, rs in groups.items():
            r = rs[0]
            print("\n%s%d disagreement(s), e.g. %s:" % ("- " if md else "", len(rs), r["item"]))
            print("    atlas %s = %s" % (r["call"], r["atlas"]))
            print("    peer  %s" % ("accepts it: " + r["layout"] if r["verdict"] == "atlas-rejects" else r["layout"]))
            print("    decision: %s" % text)
            if text == "UNDECIDED" or listing:
                for r2 in rs[1:]:
                    print("    also: %s: %s vs %s" % (r2["item"], r2["call"], r2["layout"]))
        if listing:
            for r in recs:
                if r["kind"] in ("compare", "tuple", "function"):
                    print("%s | %s | %s | %s = %s | %s" % (r["verdict"], r["family"], r["item"], r["call"],
                                                          r.get("atlas"), r["layout"]))
                else:
                    print("%s | %s | %s | %s" % (r["kind"], r["family"], r["item"], r["note"]))
    if "--cpp" in sys.argv:
        held, bad = cpp_check()
        print("\nCuTe C++ (%s) rejects the atoms the decisions say it rejects: %d of %d"
              % (cpp_include(), held, held + len(bad)))
        for b in bad:
            print("  NOT AS DECIDED: " + b)
        if bad:
            status = max(status, 1)
        if "cutedsl" in peers:
            rows = dsl_vs_cpp_sm100(cuteref)
            print("\nThe DSL's SM100 ldmatrix/stmatrix forms against CuTe C++'s traits (whether or not the atlas "
                  "has them; in bytes): %d of %d layouts equal" % (sum(r[0] == "equal" for r in rows), len(rows)))
            for r in rows:
                if r[0] != "equal" or listing:
                    print("  %s %s %s: C++ %s, DSL %s" % r)
    why = {0: "every disagreement decided", 1: "UNDECIDED disagreements, or a --cpp claim that fails",
           2: "a peer NOT RUN"}
    print("\nexit status %d (%s)" % (status, why[status]))
    return status


if __name__ == "__main__":
    sys.exit(main())
