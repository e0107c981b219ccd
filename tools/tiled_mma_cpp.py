#!/usr/bin/env python3
"""Compare cuteref's tiled MMAs with CuTe C++ (spec/tiled_mma.md).

  tools/tiled_mma_cpp.py CUTEREF [CUTE_INCLUDE] [--keep DIR] [--list]

Builds, with nvcc (NVCC, default /usr/local/cuda/bin/nvcc; or the host
compiler CUTE_CXX with CCCL's headers at CCCL_INCLUDE: tools/cute_cpp.py,
shared with tools/tiled_copy_cpp.py), a host program against the installed CuTe headers
that prints get_layoutA_TV(), get_layoutB_TV(), get_layoutC_TV() and
tile_size_mnk of make_tiled_mma(ATOM{}, lay[, make_tile(perm_m, perm_n,
perm_k)]) for each of CASES (SM70's quad-pair atoms, TMMA-QP, SM80 atoms
beside them, and SM100's UMMA atoms of 1 and 2 CTAs, TMMA-UMMA, written
"CuTe's name|cuteref's (M, N, K, bits, ctas)"); then asks `cuteref examples` whether tiled_mma_a_tv /
_b_tv / _c_tv of the same arguments are the same functions of (thread,
value) (both coalesced mode by mode, compared with `=`) and tiled_mma_shape
the same tuple. Prints each layout that differs and "agree N of M".
--list prints the calls and C++'s answers; --keep keeps the program and its
output in DIR (a second run with the same DIR reuses the output). Not built
by Bazel: it needs nvcc.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cute_cpp import command_line, cpp_output, cxx_layout, examples_failures  # noqa: E402

UMMA = "SM100_MMA_%s, UMMA::Major::K, UMMA::Major::K>|(%s)"

# (atom, atom layout, permutations (perm_m, perm_n, perm_k) or None; a
# permutation is `_`, an integer or a layout of the notation)
CASES = [
    ("SM70_8x8x4_F32F16F16F32_TN", "(1,1,1)", None),
    ("SM70_8x8x4_F32F16F16F32_TN", "(2,1,1)", None),
    ("SM70_8x8x4_F32F16F16F32_TN", "(2,2,1)", None),
    ("SM70_8x8x4_F32F16F16F32_TN", "(4,2,1)", None),
    ("SM70_8x8x4_F16F16F16F16_NT", "(4,4,1):(4,1,0)", None),
    ("SM70_8x8x4_F16F16F16F16_TN", "(1,2,1)", None),
    ("SM70_8x8x4_F32F16F16F32_NN", "(2,4,1)", None),
    ("SM70_8x8x4_F32F16F16F32_TT", "(4,2,1):(2,1,0)", None),
    ("SM70_8x8x4_F32F16F16F32_NT", "(8,1,1)", None),
    ("SM70_8x8x4_F16F16F16F16_NN", "(4,1,1)", ("64", "_", "_")),
    ("SM70_8x8x4_F16F16F16F16_TT", "(2,2,1)", ("_", "_", "8")),
    ("SM70_8x8x4_F32F16F16F32_TN", "(2,2,1)", ("(8,2):(2,1)", "(4,4):(4,1)", "_")),
    ("SM70_8x8x4_F32F16F16F32_NT", "(2,2,1):(2,1,0)", None),
    ("SM70_8x8x4_F32F16F16F32_TN", "(2,2,2)", None),
    ("SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", None),
    ("SM80_16x8x8_F32TF32TF32F32_TN", "(4,2,1):(2,1,0)", ("(16,4):(4,1)", "_", "_")),
    # SM100's UMMA atoms (TMMA-UMMA): CuTe's name, then cuteref's (M, N, K, bits, ctas)
    (UMMA % ("F16BF16_SS<half_t, half_t, float, 64, 8", "64,8,16,16,1"), "(1,1,1)", None),
    (UMMA % ("F16BF16_SS<half_t, half_t, float, 128, 16", "128,16,16,16,1"), "(2,1,1)", None),
    (UMMA % ("TF32_SS<tfloat32_t, tfloat32_t, float, 64, 16", "64,16,8,32,1"), "(1,2,1):(2,1,0)", None),
    (UMMA % ("F16BF16_SS<half_t, half_t, float, 64, 8", "64,8,16,16,1"), "(2,2,1)", ("_", "(8,2):(2,1)", "_")),
    (UMMA % ("F16BF16_2x1SM_SS<half_t, half_t, float, 128, 16", "128,16,16,16,2"), "(1,1,1)", None),
    (UMMA % ("F16BF16_2x1SM_SS<half_t, half_t, float, 256, 32", "256,32,16,16,2"), "(1,1,1)", None),
    (UMMA % ("TF32_2x1SM_SS<tfloat32_t, tfloat32_t, float, 128, 16", "128,16,8,32,2"), "(2,1,1)", None),
    (UMMA % ("F16BF16_2x1SM_SS<half_t, half_t, float, 128, 16", "128,16,16,16,2"), "(1,2,1)", ("_", "_", "32")),
    (UMMA % ("F16BF16_2x1SM_SS<half_t, half_t, float, 128, 16", "128,16,16,16,2"), "(2,2,1):(2,1,0)",
     ("(128,2):(2,1)", "_", "_")),
]


def cxx_perm(p):
    if p == "_":
        return "Underscore{}"
    if re.match(r"^\d+$", p):
        return "Int<%s>{}" % p
    return cxx_layout(p)


def cxx_mma(mma, lay, perm):
    mma = mma.split("|")[0]  # a UMMA atom: CuTe's name | cuteref's (M, N, K, bits, ctas)
    if perm is None:
        return "make_tiled_mma(%s{}, %s)" % (mma, cxx_layout(lay))
    return "make_tiled_mma(%s{}, %s, make_tile(%s))" % (mma, cxx_layout(lay), ", ".join(cxx_perm(p) for p in perm))


def program():
    src = ["#include <cute/tensor.hpp>", "#include <cute/atom/mma_atom.hpp>",
           "#include <cute/atom/mma_traits_sm100.hpp>", "#include <cstdio>",
           "using namespace cute;", "template <class T> void show(int k, T const& t) {",
           ' printf("%d A ", k); print(t.get_layoutA_TV()); printf("\\n");',
           ' printf("%d B ", k); print(t.get_layoutB_TV()); printf("\\n");',
           ' printf("%d C ", k); print(t.get_layoutC_TV()); printf("\\n");',
           ' printf("%d S (%d,%d,%d)\\n", k, int(t.template tile_size_mnk<0>()), int(t.template tile_size_mnk<1>()),'
           ' int(t.template tile_size_mnk<2>())); }', "int main() {"]
    src += [" show(%d, %s);" % (i, cxx_mma(*c)) for i, c in enumerate(CASES)]
    return "\n".join(src + [" return 0; }"]) + "\n"


def main():
    cl = command_line(__doc__)
    if cl is None:
        return command_line.status
    cuteref, include, work = cl
    cpp = {}
    for line in cpp_output(work, "tiled_mma", program(), include).splitlines():
        k, w, L = line.split()
        cpp[(int(k), w)] = L
    lines = []
    for i, (mma, lay, perm) in enumerate(CASES):
        margs = "%s, %s" % (mma.split("|")[-1], lay) + ("" if perm is None else ", " + ", ".join(perm))
        for w in "ABCS":
            call = "tiled_mma_shape(%s)" % margs if w == "S" else "tiled_mma_%s_tv(%s)" % (w.lower(), margs)
            lines.append((i, w, call, cpp[(i, w)]))
    if "--list" in sys.argv:
        for i, w, call, L in lines:
            print("%d %s  %s  C++: %s" % (i, w, call, L))
    body = ""
    for i, w, call, L in lines:
        if w == "S":
            body += "%s = %s\n" % (call, L)  # the tile as a value: static marks aside
        else:  # a function of (thread, value): coalesced mode by mode
            body += "coalesce(%s, (1,1)) = coalesce(%s, (1,1))\n" % (call, L)
    bad = examples_failures(cuteref, body)
    for l in bad:
        print(l)
    print("agree %d of %d (%d tiled MMAs: A, B, C and the tile)" % (len(lines) - len(bad), len(lines), len(CASES)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
