#!/usr/bin/env python3
"""Compare cuteref's tiled copies with CuTe C++ (spec/tiled_copy.md).

  tools/tiled_copy_cpp.py CUTEREF [CUTE_INCLUDE] [--keep DIR] [--list]

Builds, with nvcc (NVCC, default /usr/local/cuda/bin/nvcc; or the host
compiler CUTE_CXX, e.g. g++, with CCCL's headers at CCCL_INCLUDE:
tools/cute_cpp.py, shared with tools/tiled_mma_cpp.py), a host program
against the installed CuTe headers that prints get_layoutS_TV(),
get_layoutD_TV() and the tiler (Tiler_MN) of the tiled copies of COPY_CASES,
MMA_CASES, IMPL_CASES, CATOM_CASES and COTILED_CASES, made by
make_tiled_copy(Copy_Atom<Op, T>, thr, val), make_tiled_copy_A/_B/_C(Copy_Atom<Op,
T>, make_tiled_mma(...)), make_tiled_copy_S/_D(Copy_Atom<Op, T>,
make_tiled_copy(...)), make_tiled_copy_C_atom(Copy_Atom<Op, T>,
make_tiled_mma(...)) and make_cotiled_copy(Copy_Atom<Op, T>, atom_tv,
data_layout); then asks `cuteref examples` whether
the same calls of cuteref are the same functions of (thread, value)
(both coalesced mode by mode, `coalesce(L, (1,1))`, compared with `=`) and,
for the tiler, the same tuple. PART_CASES adds tidfrg_S/_D of a layout and
get_slice(t).partition_S/_D of a tensor of a layout or a swizzled composed
layout (its layout compared as a function, mode by mode coalesced, its
offset from the tensor's pointer; of a composed layout, the element offset
of every index of the thread's tensor, which CuTe may answer as a composed
or a plain layout), and
IMPL_PART_CASES the same partitions by the other constructions (cuteref's
tiled_copy_impl_tidfrg_* and _partition_* over their tiled layout and tiler),
RETILE_CASES TiledCopy::retile of a fragment layout by every construction
(TCOPY-8..TCOPY-13).
Prints one line per layout that differs and the count
"agree N of M". --list prints the cuteref calls and the C++ answers; --keep
keeps the program and its output in DIR. Not built by Bazel: it needs nvcc.
Its one main() of some 400 answers crashed the host compiler (cc1plus, a
segmentation fault) at the default 8 MiB stack, so the compiler runs with
the stack limit raised to the hard limit (unlimited here); so does the
program, whose main() of some 440 blocks (g++ -O0 keeps each block's
locals) outgrew 8 MiB of stack with the retile cases of every construction.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cute_cpp import command_line, cpp_output, cxx_layout, examples_failures  # noqa: E402

# element bits -> a C++ type of that width
TYPES = {8: "uint8_t", 16: "half_t", 32: "float", 64: "double", 128: "uint128_t"}

# one-thread atoms: cuteref's name -> CuTe's template (its argument the bits' type)
ONE = {"SM80_CP_ASYNC_CACHEALWAYS": "SM80_CP_ASYNC_CACHEALWAYS<%s>",
       "SM80_CP_ASYNC_CACHEGLOBAL": "SM80_CP_ASYNC_CACHEGLOBAL<%s>"}

# (atom, thr, val): atom = (NAME,) for ldmatrix/stmatrix, (NAME, op_bits) for
# a one-thread atom, (op_bits,) for UniversalCopy; then the element bits.
COPY_CASES = [
    (("SM75_U32x4_LDSM_N",), 16, "(32,1):(1,0)", "(1,8)"),
    (("SM75_U32x4_LDSM_N",), 16, "(8,4):(4,1)", "(2,4)"),
    (("SM75_U32x4_LDSM_N",), 8, "(32,2):(2,1)", "(1,16)"),
    (("SM75_U32x2_LDSM_N",), 16, "(16,2):(2,1)", "(1,4)"),
    (("SM75_U32x1_LDSM_N",), 16, "(8,4):(4,1)", "(1,2)"),
    (("SM75_U32x1_LDSM_N",), 32, "(32,1):(1,0)", "(1,1)"),
    (("SM75_U16x8_LDSM_T",), 16, "(4,8):(8,1)", "(2,4)"),
    (("SM75_U16x4_LDSM_T",), 16, "(32,2):(1,32)", "(4,1)"),
    (("SM75_U16x2_LDSM_T",), 16, "(16,2):(2,1)", "(1,2)"),
    (("SM90_U32x4_STSM_N",), 16, "(32,1):(1,0)", "(1,8)"),
    (("SM90_U32x2_STSM_N",), 16, "(8,4):(4,1)", "(2,2)"),
    (("SM90_U16x8_STSM_T",), 16, "(32,4):(1,32)", "(8,1)"),
    (("SM90_U16x2_STSM_T",), 8, "(8,4):(4,1)", "(2,2)"),
    ((128,), 16, "(16,8):(8,1)", "(1,8)"),
    ((128,), 16, "(32,4):(4,1)", "(8,1)"),
    ((128,), 16, "(16,16)", "(8,1)"),
    ((64,), 32, "(8,16):(16,1)", "(1,2)"),
    ((32,), 32, "(32,8)", "(2,2):(2,1)"),
    ((16,), 16, "(4,8):(1,4)", "(1,1)"),
    (("SM80_CP_ASYNC_CACHEGLOBAL", 128), 16, "(32,4):(4,1)", "(1,8)"),
    (("SM80_CP_ASYNC_CACHEGLOBAL", 128), 32, "((8,2),(4,2)):((4,64),(1,32))", "(1,4)"),
    (("SM80_CP_ASYNC_CACHEALWAYS", 64), 32, "(16,16)", "(2,1)"),
    (("SM80_CP_ASYNC_CACHEALWAYS", 32), 8, "(8,8):(8,1)", "(2,2)"),
    ((32,), 32, "2:1", "2:1"),
    ((32,), 32, "(1,2):(2,1)", "(1,2):(2,1)"),
    ((32,), 32, "(4,8)", "2:1"),
    ((32,), 32, "4:1", "(1,2)"),
    ((128,), 32, "(8,4,2):(1,16,8)", "(4,1,1)"),
]

# make_tiled_copy_A/_B/_C: (copy atom, element bits, operand, MMA atom, atom layout, permutations or None)
MMA_CASES = [
    (("SM75_U32x4_LDSM_N",), 16, "A", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", None),
    (("SM75_U32x2_LDSM_N",), 16, "B", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", None),
    (("SM75_U32x4_LDSM_N",), 16, "B", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", ("_", "32", "_")),
    (("SM75_U16x8_LDSM_T",), 16, "B", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", ("_", "32", "_")),
    (("SM75_U32x4_LDSM_N",), 16, "A", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1):(2,1,0)", None),
    (("SM90_U32x4_STSM_N",), 16, "C", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", ("_", "32", "_")),
    (("SM90_U32x2_STSM_N",), 16, "C", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", None),
    ((32,), 16, "C", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", None),
    ((32,), 32, "C", "SM80_16x8x8_F32TF32TF32F32_TN", "(2,2,1)", None),
    ((16,), 16, "A", "SM80_16x8x16_F16F16F16F16_TN", "(4,1,1)", None),
    (("SM75_U32x4_LDSM_N",), 32, "A", "SM80_16x8x8_F32TF32TF32F32_TN", "(2,2,1)", None),
    ((64,), 16, "C", "SM80_16x8x16_F16F16F16F16_TN", "(1,4,1)", None),
    # SM70's quad-pair mma.sync.m8n8k4 (TMMA-QP): f32 and f16 accumulators, each layout of A and B
    ((32,), 16, "A", "SM70_8x8x4_F32F16F16F32_TN", "(2,2,1)", None),
    ((32,), 16, "B", "SM70_8x8x4_F32F16F16F32_TN", "(2,2,1)", None),
    ((32,), 16, "C", "SM70_8x8x4_F32F16F16F32_TN", "(2,2,1)", None),
    ((64,), 16, "A", "SM70_8x8x4_F16F16F16F16_NT", "(1,1,1)", None),
    ((64,), 16, "B", "SM70_8x8x4_F16F16F16F16_TN", "(2,1,1)", None),
    ((32,), 16, "C", "SM70_8x8x4_F16F16F16F16_TN", "(4,2,1)", None),
    ((16,), 16, "C", "SM70_8x8x4_F32F16F16F32_NT", "(1,1,1)", None),
    ((64,), 16, "A", "SM70_8x8x4_F32F16F16F32_NN", "(2,2,1)", ("_", "32", "_")),
]

# make_tiled_copy_S/_D(outer atom, make_tiled_copy(inner ...)): (outer atom, bits, side, inner COPY_CASES entry)
IMPL_CASES = [
    ((128,), 16, "S", (("SM75_U32x4_LDSM_N",), 16, "(32,1):(1,0)", "(1,8)")),
    ((32,), 16, "D", (("SM75_U32x4_LDSM_N",), 16, "(32,1):(1,0)", "(1,8)")),
    (("SM75_U32x4_LDSM_N",), 16, "S", ((128,), 16, "(32,4):(4,1)", "(1,8)")),
    (("SM90_U32x4_STSM_N",), 16, "D", (("SM75_U32x4_LDSM_N",), 16, "(8,4):(4,1)", "(2,4)")),
    (("SM80_CP_ASYNC_CACHEGLOBAL", 128), 16, "S", ((64,), 16, "(16,8):(8,1)", "(1,8)")),
    ((64,), 32, "D", (("SM75_U32x2_LDSM_N",), 32, "(32,1):(1,0)", "(1,2)")),
]

# make_tiled_copy_C_atom(copy atom, make_tiled_mma(...)): (atom, bits, MMA atom, atom layout, permutations or None)
CATOM_CASES = [
    (("SM90_U32x2_STSM_N",), 16, "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", None),
    ((32,), 16, "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", None),
    (("SM90_U32x4_STSM_N",), 16, "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", ("_", "32", "_")),
    (("SM90_U32x1_STSM_N",), 16, "SM80_16x8x16_F16F16F16F16_TN", "(4,1,1)", None),
    ((64,), 32, "SM80_16x8x8_F32TF32TF32F32_TN", "(2,2,1)", ("_", "32", "_")),
    ((32,), 32, "SM80_16x8x8_F32TF32TF32F32_TN", "(2,2,1):(2,1,0)", None),
    ((32,), 16, "SM70_8x8x4_F32F16F16F32_TN", "(2,2,1)", None),
    ((32,), 16, "SM70_8x8x4_F16F16F16F16_TN", "(2,2,1)", None),
]

SW128_ = ("tile_to_shape(Sw<3,3,3> o _0 o (_8,_64):(_64,_1), (128,64))",
          "tile_to_shape(composition(Swizzle<3,3,3>{}, make_layout(Shape<_8,_64>{}, Stride<_64,_1>{})), Shape<_128,_64>{})")

# make_cotiled_copy(copy atom, atom_tv, data_layout): (atom, bits, atom_tv, data_layout)
COTILED_CASES = [
    ((128,), 16, "(32,8):(8,1)", "(32,8):(8,1)"),
    ((128,), 16, "(32,8):(8,1)", "(8,32):(1,8)"),
    ((128,), 16, "(32,8):(8,1)", "(32,8):(1,32)"),
    ((128,), 16, "(32,8):(8,1)", "256:1"),
    ((128,), 16, "(32,8):(8,1)", "(64,8):(8,1)"),
    ((128,), 16, "(32,8):(8,1)", "(16,16):(16,1)"),
    (("SM75_U32x4_LDSM_N",), 16, "(32,8):(8,1)", "(32,8):(8,1)"),
    ((64,), 16, "(16,4):(4,1)", "(8,(2,4)):(8,(1,2))"),
    (("SM80_CP_ASYNC_CACHEGLOBAL", 128), 16, "(32,8):(8,1)", "(16,16):(1,16)"),
    ((32,), 32, "(32,1):(1,0)", "(8,4):(4,1)"),
    ((64,), 32, "((4,8),2):((2,8),1)", "(8,8):(8,1)"),
    (("SM90_U32x4_STSM_N",), 16, "(32,8):(8,1)", "(32,2,4):(8,4,1)"),
]

# tidfrg_S/_D and partition_S/_D: (atom, bits, thr, val, X in cuteref's notation, X in C++, threads, tidfrg?)
SW128 = ("tile_to_shape(Sw<3,3,3> o _0 o (_8,_64):(_64,_1), (128,64))",
         "tile_to_shape(composition(Swizzle<3,3,3>{}, make_layout(Shape<_8,_64>{}, Stride<_64,_1>{})), Shape<_128,_64>{})")
SWK32 = ("tile_to_shape(Sw<2,3,3> o _0 o (_8,_32):(_32,_1), (64,32))",
         "tile_to_shape(composition(Swizzle<2,3,3>{}, make_layout(Shape<_8,_32>{}, Stride<_32,_1>{})), Shape<_64,_32>{})")
PART_CASES = [
    ((128,), 16, "(16,8):(8,1)", "(1,8)", "(64,64):(64,1)", "make_layout(Shape<_64,_64>{}, Stride<_64,_1>{})", (0, 5, 127), True),
    ((128,), 16, "(32,4):(4,1)", "(1,8)", "(128,64):(64,1)", "make_layout(Shape<_128,_64>{}, Stride<_64,_1>{})", (0, 9), True),
    (("SM75_U32x4_LDSM_N",), 16, "(32,1):(1,0)", "(1,8)", "(64,16)", "make_layout(Shape<_64,_16>{})", (0, 9, 31), True),
    (("SM75_U32x1_LDSM_N",), 16, "(8,4):(4,1)", "(1,2)", "(16,16):(16,1)", "make_layout(Shape<_16,_16>{}, Stride<_16,_1>{})", (3, 17), True),
    (("SM80_CP_ASYNC_CACHEGLOBAL", 128), 16, "(32,4):(4,1)", "(1,8)", "(64,64):(1,64)", "make_layout(Shape<_64,_64>{}, Stride<_1,_64>{})", (1, 100), True),
    ((32,), 32, "4:1", "(1,2)", "(8,6)", "make_layout(Shape<_8,_6>{})", (0, 3), True),
    # NVIDIA/cutlass #3160: a swizzled composed smem layout, CPY_K = 8 elements along K
    ((128,), 16, "(32,4):(4,1)", "(1,8)") + SW128 + ((0, 5, 64, 127), False),
    (("SM80_CP_ASYNC_CACHEGLOBAL", 128), 16, "(16,8):(8,1)", "(1,8)") + SW128 + ((0, 1, 127), False),
    ((64,), 16, "(16,8):(8,1)", "(1,4)") + SWK32 + ((0, 7, 100), False),
    (("SM75_U32x4_LDSM_N",), 16, "(32,1):(1,0)", "(1,8)") + SW128 + ((0, 9, 31), False),
]

# retile: (atom, bits, make_tiled_copy's (thr, val) or a tiled MMA (op, MMA, atom layout, perms), F, F in C++)
RETILE_CASES = [
    ((128,), 16, ("(16,8):(8,1)", "(1,8)"), "(8,2,2):(1,8,16)"),
    ((64,), 16, ("(16,8):(8,1)", "(1,4)"), "(8,2,2):(1,8,16)"),
    (("SM75_U32x4_LDSM_N",), 16, ("A", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", None), "((2,2,2),2,2):((1,2,4),8,16)"),
    (("SM75_U32x4_LDSM_N",), 16, ("A", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", None), "((2,2,2),1,4):((1,2,4),0,8)"),
    (("SM75_U32x2_LDSM_N",), 16, ("B", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", None), "((2,2),2,2):((1,2),4,8)"),
    (("SM75_U16x8_LDSM_T",), 16, ("B", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", ("_", "32", "_")), "((2,2),4,2):((1,2),4,16)"),
    (("SM90_U32x4_STSM_N",), 16, ("C", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", ("_", "32", "_")), "((2,2),2,2):((1,2),4,8)"),
    # K doubled past the atom layout: the copy's second value block is the MMA fragment's next MMA_K
    (("SM75_U32x4_LDSM_N",), 16, ("A", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", ("_", "_", "32")), "((2,2,2),2,4):((1,2,4),8,16)"),
    (("SM75_U16x8_LDSM_T",), 16, ("B", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", ("_", "_", "32")), "((2,2),2,4):((1,2),4,8)"),
    ((32,), 16, ("C", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", None), "((2,2),2,4):((1,2),4,8)"),
    # make_tiled_copy_C_atom: ("Catom", MMA, atom layout, perms); its tiler of layouts <t0, t1>
    (("SM90_U32x2_STSM_N",), 16, ("Catom", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", None), "((2,2),2,2):((1,2),4,8)"),
    (("SM90_U32x2_STSM_N",), 16, ("Catom", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", None), "((2,2),4,2):((1,2),8,4)"),
    ((32,), 16, ("Catom", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", None), "((2,2),2,2):((1,2),4,8)"),
    (("SM90_U32x4_STSM_N",), 16, ("Catom", "SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", ("_", "32", "_")), "((2,2),2,4):((1,2),4,8)"),
    (("SM90_U32x1_STSM_N",), 16, ("Catom", "SM80_16x8x16_F16F16F16F16_TN", "(4,1,1)", None), "((2,2),1,2):((1,2),0,4)"),
    ((64,), 32, ("Catom", "SM80_16x8x8_F32TF32TF32F32_TN", "(2,2,1)", ("_", "32", "_")), "((2,2),2,4):((1,2),4,8)"),
    # make_tiled_copy_S/_D: ("S" or "D", inner COPY_CASES entry); the inner copy's tiled layout and tiler
    ((128,), 16, ("S", (("SM75_U32x4_LDSM_N",), 16, "(32,1):(1,0)", "(1,8)")), "(8,2,2):(1,8,16)"),
    ((32,), 16, ("D", (("SM75_U32x4_LDSM_N",), 16, "(32,1):(1,0)", "(1,8)")), "(8,1,2):(1,0,8)"),
    (("SM75_U32x4_LDSM_N",), 16, ("S", ((128,), 16, "(32,4):(4,1)", "(1,8)")), "(8,2,2):(1,8,16)"),
    (("SM90_U32x4_STSM_N",), 16, ("D", (("SM75_U32x4_LDSM_N",), 16, "(8,4):(4,1)", "(2,4)")), "(8,2,2):(1,8,16)"),
    # make_cotiled_copy: ("cot", atom_tv, data_layout); its tiler of layouts, one a data mode
    ((128,), 16, ("cot", "(32,8):(8,1)", "(32,8):(1,32)"), "(8,1,1)"),
    ((128,), 16, ("cot", "(32,8):(8,1)", "(64,8):(8,1)"), "(8,2,1):(1,8,0)"),
    ((64,), 16, ("cot", "(16,4):(4,1)", "(8,(2,4)):(8,(1,2))"), "(4,2,2):(1,4,8)"),
    ((128,), 16, ("cot", "(32,8):(8,1)", "256:1"), "(8,2):(1,8)"),
    (("SM90_U32x4_STSM_N",), 16, ("cot", "(32,8):(8,1)", "(32,2,4):(8,4,1)"), "(8,1,1,1)"),
]




def cxx_atom(atom, bits):
    t = TYPES[bits]
    if isinstance(atom[0], int):
        op = "UniversalCopy<%s>" % TYPES[atom[0]]
    elif len(atom) == 2:
        op = ONE[atom[0]] % TYPES[atom[1]]
    else:
        op = atom[0]
    return "Copy_Atom<%s, %s>{}" % (op, t)


def cuteref_atom(atom, bits):
    return ", ".join(str(a) for a in atom) + ", %d" % bits


def cxx_mma(mma, lay, perm):
    if perm is None:
        return "make_tiled_mma(%s{}, %s)" % (mma, cxx_layout(lay))
    tile = ", ".join("Underscore{}" if p == "_" else "Int<%s>{}" % p for p in perm)
    return "make_tiled_mma(%s{}, %s, make_tile(%s))" % (mma, cxx_layout(lay), tile)


# partitions of the other constructions by tiled_copy_impl_*: (atom, bits, C++ tiled copy, cuteref
# layout_tv, cuteref tiler, X in cuteref's notation, X in C++, threads, tidfrg?)
MMA16 = "SM80_16x8x16_F16F16F16F16_TN, (2,2,1)"
MMA16N = "SM80_16x8x16_F16F16F16F16_TN, (2,2,1), _, 32, _"
IMPL_PART_CASES = [
    (("SM75_U32x4_LDSM_N",), 16, "make_tiled_copy_A(%s, %s)" % (cxx_atom(("SM75_U32x4_LDSM_N",), 16),
                                                              cxx_mma("SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", None)),
     "tiled_mma_a_tv(%s)" % MMA16, "tiled_copy_a_tile(SM75_U32x4_LDSM_N, 16, %s)" % MMA16,
     "(64,32):(32,1)", "make_layout(Shape<_64,_32>{}, Stride<_32,_1>{})", (0, 9, 100), True),
    (("SM75_U16x8_LDSM_T",), 16, "make_tiled_copy_B(%s, %s)" % (cxx_atom(("SM75_U16x8_LDSM_T",), 16),
                                                              cxx_mma("SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", ("_", "32", "_"))),
     "tiled_mma_b_tv(%s)" % MMA16N, "tiled_copy_b_tile(SM75_U16x8_LDSM_T, 16, %s)" % MMA16N,
     "(64,32)", "make_layout(Shape<_64,_32>{})", (0, 5, 127), True),
    (("SM90_U32x4_STSM_N",), 16, "make_tiled_copy_C(%s, %s)" % (cxx_atom(("SM90_U32x4_STSM_N",), 16),
                                                              cxx_mma("SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", ("_", "32", "_"))),
     "tiled_mma_c_tv(%s)" % MMA16N, "tiled_copy_c_tile(SM90_U32x4_STSM_N, 16, %s)" % MMA16N,
     "(64,64):(64,1)", "make_layout(Shape<_64,_64>{}, Stride<_64,_1>{})", (0, 33), True),
    (("SM90_U32x2_STSM_N",), 16, "make_tiled_copy_C_atom(%s, %s)" % (cxx_atom(("SM90_U32x2_STSM_N",), 16),
                                                                   cxx_mma("SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", None)),
     "tiled_copy_c_atom_tv(SM90_U32x2_STSM_N, 16, %s)" % MMA16, "tiled_copy_c_atom_tile(SM90_U32x2_STSM_N, 16, %s)" % MMA16,
     "(64,32)", "make_layout(Shape<_64,_32>{})", (0, 5, 127), True),
    ((32,), 16, "make_tiled_copy_C_atom(%s, %s)" % (cxx_atom((32,), 16),
                                                   cxx_mma("SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", None)),
     "tiled_copy_c_atom_tv(32, 16, %s)" % MMA16, "tiled_copy_c_atom_tile(32, 16, %s)" % MMA16,
     "(32,32):(32,1)", "make_layout(Shape<_32,_32>{}, Stride<_32,_1>{})", (1, 64), True),
    ((128,), 16, "make_tiled_copy_S(%s, make_tiled_copy(%s, %s, %s))" % (
        cxx_atom((128,), 16), cxx_atom(("SM75_U32x4_LDSM_N",), 16), cxx_layout("(32,1):(1,0)"), cxx_layout("(1,8)")),
     "tiled_copy_s_tv(SM75_U32x4_LDSM_N, 16, (32,1):(1,0), (1,8))", "tiled_copy_tile(SM75_U32x4_LDSM_N, 16, (32,1):(1,0), (1,8))",
     "(64,16)", "make_layout(Shape<_64,_16>{})", (0, 9, 31), True),
    (("SM90_U32x4_STSM_N",), 16, "make_tiled_copy_D(%s, make_tiled_copy(%s, %s, %s))" % (
        cxx_atom(("SM90_U32x4_STSM_N",), 16), cxx_atom(("SM75_U32x4_LDSM_N",), 16), cxx_layout("(8,4):(4,1)"),
        cxx_layout("(2,4)")),
     "tiled_copy_d_tv(SM75_U32x4_LDSM_N, 16, (8,4):(4,1), (2,4))", "tiled_copy_tile(SM75_U32x4_LDSM_N, 16, (8,4):(4,1), (2,4))",
     "(32,32):(32,1)", "make_layout(Shape<_32,_32>{}, Stride<_32,_1>{})", (0, 17), True),
    ((128,), 16, "make_cotiled_copy(%s, %s, %s)" % (cxx_atom((128,), 16), cxx_layout("(32,8):(8,1)"), cxx_layout("(32,8):(1,32)")),
     "tiled_copy_cotiled_tv(128, 16, (32,8):(8,1), (32,8):(1,32))", "tiled_copy_cotiled_tile(128, 16, (32,8):(8,1), (32,8):(1,32))",
     "(64,16):(16,1)", "make_layout(Shape<_64,_16>{}, Stride<_16,_1>{})", (0, 7, 31), True),
    ((64,), 16, "make_cotiled_copy(%s, %s, %s)" % (cxx_atom((64,), 16), cxx_layout("(16,4):(4,1)"), cxx_layout("(8,(2,4)):(8,(1,2))")),
     "tiled_copy_cotiled_tv(64, 16, (16,4):(4,1), (8,(2,4)):(8,(1,2)))", "tiled_copy_cotiled_tile(64, 16, (16,4):(4,1), (8,(2,4)):(8,(1,2)))",
     "(16,(2,8))", "make_layout(Shape<_16,Shape<_2,_8>>{})", (0, 3, 15), True),
    # a swizzled smem tensor through make_tiled_copy_A's ldmatrix (the tile 32 x 16 of 2 x 2 warps)
    (("SM75_U32x4_LDSM_N",), 16, "make_tiled_copy_A(%s, %s)" % (cxx_atom(("SM75_U32x4_LDSM_N",), 16),
                                                              cxx_mma("SM80_16x8x16_F16F16F16F16_TN", "(2,2,1)", None)),
     "tiled_mma_a_tv(%s)" % MMA16, "tiled_copy_a_tile(SM75_U32x4_LDSM_N, 16, %s)" % MMA16) + SW128_ + ((0, 9, 127), False),
]


def cases():
    """(key, cuteref calls {S, D, T}, C++ construction)."""
    out = []
    for i, (atom, bits, thr, val) in enumerate(COPY_CASES):
        args = "%s, %s, %s" % (cuteref_atom(atom, bits), thr, val)
        out.append(("c%d" % i, {"S": "tiled_copy_s_tv(%s)" % args, "D": "tiled_copy_d_tv(%s)" % args,
                                "T": "tiled_copy_tile(%s)" % args},
                    "make_tiled_copy(%s, %s, %s)" % (cxx_atom(atom, bits), cxx_layout(thr), cxx_layout(val))))
    for i, (atom, bits, op, mma, lay, perm) in enumerate(MMA_CASES):
        margs = "%s, %s" % (mma, lay) + ("" if perm is None else ", " + ", ".join(perm))
        args = "%s, %s" % (cuteref_atom(atom, bits), margs)
        o = op.lower()
        out.append(("m%d" % i, {"S": "tiled_copy_%s_s_tv(%s)" % (o, args), "D": "tiled_copy_%s_d_tv(%s)" % (o, args),
                                "T": "tiled_copy_%s_tile(%s)" % (o, args)},
                    "make_tiled_copy_%s(%s, %s)" % (op, cxx_atom(atom, bits), cxx_mma(mma, lay, perm))))
    for i, (atom, bits, side, (ia, ib, thr, val)) in enumerate(IMPL_CASES):
        inner = "tiled_copy_%s_tv(%s, %s, %s)" % (side.lower(), cuteref_atom(ia, ib), thr, val)
        args = "%s, %s" % (cuteref_atom(atom, bits), inner)
        out.append(("i%d" % i, {"S": "tiled_copy_impl_s_tv(%s)" % args, "D": "tiled_copy_impl_d_tv(%s)" % args,
                                "T": "tiled_copy_tile(%s, %s, %s)" % (cuteref_atom(ia, ib), thr, val)},
                    "make_tiled_copy_%s(%s, make_tiled_copy(%s, %s, %s))" % (side, cxx_atom(atom, bits), cxx_atom(ia, ib),
                                                                           cxx_layout(thr), cxx_layout(val))))
    for i, (atom, bits, mma, lay, perm) in enumerate(CATOM_CASES):
        margs = "%s, %s" % (mma, lay) + ("" if perm is None else ", " + ", ".join(perm))
        args = "%s, %s" % (cuteref_atom(atom, bits), margs)
        out.append(("a%d" % i, {"S": "tiled_copy_c_atom_s_tv(%s)" % args, "D": "tiled_copy_c_atom_d_tv(%s)" % args,
                                "T": "tiled_copy_c_atom_tile(%s)" % args},
                    "make_tiled_copy_C_atom(%s, %s)" % (cxx_atom(atom, bits), cxx_mma(mma, lay, perm))))
    for i, (atom, bits, atv, data) in enumerate(COTILED_CASES):
        args = "%s, %s, %s" % (cuteref_atom(atom, bits), atv, data)
        out.append(("k%d" % i, {"S": "tiled_copy_cotiled_s_tv(%s)" % args, "D": "tiled_copy_cotiled_d_tv(%s)" % args,
                                "T": "tiled_copy_cotiled_tile(%s)" % args},
                    "make_cotiled_copy(%s, %s, %s)" % (cxx_atom(atom, bits), cxx_layout(atv), cxx_layout(data))))
    return out


def part_cases():
    """(key, kind, cuteref call, C++ statement printing the answer): kind L a layout compared as a
    function, C a composed layout, O an offset."""
    out = []
    for i, (atom, bits, thr, val, x, xc, ts, frg) in enumerate(PART_CASES):
        args = "%s, %s, %s" % (cuteref_atom(atom, bits), thr, val)
        tc = "make_tiled_copy(%s, %s, %s)" % (cxx_atom(atom, bits), cxx_layout(thr), cxx_layout(val))
        for side in "SD":
            s = side.lower()
            if frg:
                out.append(("f%d%s" % (i, side), "L", "tiled_copy_tidfrg_%s(%s, %s)" % (s, args, x),
                            "{ auto tc = %s; print(decltype(tc)::tidfrg_%s(%s)); }" % (tc, side, xc)))
            for t in ts:
                k = "p%d%s%d" % (i, side, t)
                call = "tiled_copy_partition_%s(%s, %d, %s)" % (s, args, t, x)
                body = ("auto tc = %s; half_t* b = (half_t*)0 + 4096; auto X = make_tensor(b, %s); "
                        "auto P = tc.get_slice(%d).partition_%s(X);" % (tc, xc, t, side))
                if frg:
                    out.append((k, "L", call, "{ %s print(P.layout()); }" % body))
                    out.append((k + "o", "O", "tiled_copy_partition_%s_offset(%s, %d, %s)" % (s, args, t, x),
                                '{ %s printf("%%d", (int)(P.data() - b)); }' % body))
                else:  # a composed layout: CuTe may answer a composed or a plain layout; compared by its values
                    out.append((k, "C", call, '{ %s for (int i = 0; i < int(size(P)); ++i) printf(i ? ",%%d" : "%%d", '
                                '(int)(&P(i) - b)); }' % body))
    for i, (atom, bits, tc, tv, tile, x, xc, ts, frg) in enumerate(IMPL_PART_CASES):
        args = "%s, %s, %s" % (cuteref_atom(atom, bits), tv, tile)
        for side in "SD":
            s = side.lower()
            if frg:
                out.append(("g%d%s" % (i, side), "L", "tiled_copy_impl_tidfrg_%s(%s, %s)" % (s, args, x),
                            "{ auto tc = %s; print(decltype(tc)::tidfrg_%s(%s)); }" % (tc, side, xc)))
            for t in ts:
                k = "q%d%s%d" % (i, side, t)
                call = "tiled_copy_impl_partition_%s(%s, %d, %s)" % (s, args, t, x)
                body = ("auto tc = %s; half_t* b = (half_t*)0 + 4096; auto X = make_tensor(b, %s); "
                        "auto P = tc.get_slice(%d).partition_%s(X);" % (tc, xc, t, side))
                if frg:
                    out.append((k, "L", call, "{ %s print(P.layout()); }" % body))
                    out.append((k + "o", "O", "tiled_copy_impl_partition_%s_offset(%s, %d, %s)" % (s, args, t, x),
                                '{ %s printf("%%d", (int)(P.data() - b)); }' % body))
                else:
                    out.append((k, "C", call, '{ %s for (int i = 0; i < int(size(P)); ++i) printf(i ? ",%%d" : "%%d", '
                                '(int)(&P(i) - b)); }' % body))
    for i, (atom, bits, how, f) in enumerate(RETILE_CASES):
        if how[0] in ("S", "D"):
            side, (ia, ib, thr, val) = how
            iargs = "%s, %s, %s" % (cuteref_atom(ia, ib), thr, val)
            call = "tiled_copy_impl_retile(%s, tiled_copy_%s_tv(%s), tiled_copy_tile(%s), %s)" % (
                cuteref_atom(atom, bits), side.lower(), iargs, iargs, f)
            tc = "make_tiled_copy_%s(%s, make_tiled_copy(%s, %s, %s))" % (side, cxx_atom(atom, bits), cxx_atom(ia, ib),
                                                                       cxx_layout(thr), cxx_layout(val))
        elif how[0] == "cot":
            call = "tiled_copy_cotiled_retile(%s, %s, %s, %s)" % (cuteref_atom(atom, bits), how[1], how[2], f)
            tc = "make_cotiled_copy(%s, %s, %s)" % (cxx_atom(atom, bits), cxx_layout(how[1]), cxx_layout(how[2]))
        elif how[0] == "Catom":
            _, mma, lay, perm = how
            margs = "%s, %s" % (mma, lay) + ("" if perm is None else ", " + ", ".join(perm))
            call = "tiled_copy_c_atom_retile(%s, %s, %s)" % (cuteref_atom(atom, bits), margs, f)
            tc = "make_tiled_copy_C_atom(%s, %s)" % (cxx_atom(atom, bits), cxx_mma(mma, lay, perm))
        elif len(how) == 2:
            call = "tiled_copy_retile(%s, %s, %s, %s)" % (cuteref_atom(atom, bits), how[0], how[1], f)
            tc = "make_tiled_copy(%s, %s, %s)" % (cxx_atom(atom, bits), cxx_layout(how[0]), cxx_layout(how[1]))
        else:
            op, mma, lay, perm = how
            margs = "%s, %s" % (mma, lay) + ("" if perm is None else ", " + ", ".join(perm))
            call = "tiled_copy_%s_retile(%s, %s, %s)" % (op.lower(), cuteref_atom(atom, bits), margs, f)
            tc = "make_tiled_copy_%s(%s, %s)" % (op, cxx_atom(atom, bits), cxx_mma(mma, lay, perm))
        out.append(("r%d" % i, "L", call, "{ auto tc = %s; print(decltype(tc)::retile(%s)); }" % (tc, cxx_layout(f))))
    return out


def rank_of(L):
    """The number of top-level modes of a printed layout's shape."""
    sh = L.split(":")[0]
    if not sh.startswith("("):
        return 1
    depth, n = 0, 1
    for ch in sh[1:-1]:
        depth += ch == "("
        depth -= ch == ")"
        n += ch == "," and depth == 0
    return n


def program(cs):
    src = ["#include <cute/tensor.hpp>", "#include <cute/atom/copy_atom.hpp>", "#include <cute/atom/mma_atom.hpp>",
           "#include <cstdio>", "using namespace cute;",
           "template <class TC> void show(const char* k, TC const& tc) {",
           ' printf("%s S ", k); print(tc.get_layoutS_TV()); printf("\\n");',
           ' printf("%s D ", k); print(tc.get_layoutD_TV()); printf("\\n");',
           ' printf("%s T ", k); print(typename TC::Tiler_MN{}); printf("\\n"); }', "int main() {"]
    src += [' show("%s", %s);' % (k, cxx) for k, _, cxx in cs]
    src += [' printf("%s X "); %s printf("\\n");' % (k, stmt) for k, _, _, stmt in part_cases()] + [" return 0; }"]
    return "\n".join(src) + "\n"


def main():
    cl = command_line(__doc__)
    if cl is None:
        return command_line.status
    cuteref, include, work = cl
    cs = cases()
    cpp = {}
    for line in cpp_output(work, "tiled_copy", program(cs), include).splitlines():
        k, w, L = line.split()
        cpp[(k, w)] = L
    lines = []
    for k, calls, _ in cs:
        for w in "SDT":
            lines.append((k, w, calls[w], cpp[(k, w)]))
    for k, kind, call, _ in part_cases():
        lines.append((k, kind, call, cpp[(k, "X")]))
    if "--list" in sys.argv:
        for k, w, call, L in lines:
            print("%s %s  %s  C++: %s" % (k, w, call, L))
    body = []
    for k, w, call, L in lines:
        # a tiler prints as a tuple: compared as a value (=>), marks dropped; a TV
        # layout as a function of (thread, value): coalesced mode by mode, the
        # canonical form of its two modes' functions
        if w == "O":
            body.append("%s = %s\n" % (call, L))
        elif w == "C":  # the tensor's values: cuteref's composed answer at every index
            for i, v in enumerate(L.split(",")):
                body.append("eval(%s, %d) = %s\n" % (call, i, v))
        elif w == "L":  # a layout of any rank as a function, mode by mode coalesced
            prof = "(" + ",".join(["1"] * rank_of(L)) + ")"
            body.append("coalesce(%s, %s) = coalesce(%s, %s)\n" % (call, prof, L, prof))
        elif w == "T":  # C_atom's tiler is a tuple of layouts: cuteref's tiler <...>
            T = re.sub(r"_(\d)", r"\1", L)
            body.append("%s => %s\n" % (call, "<" + T[1:-1] + ">" if ":" in T else T))
        else:
            body.append("coalesce(%s, (1,1)) = coalesce(%s, (1,1))\n" % (call, L))
    bad = examples_failures(cuteref, "".join(body))
    for l in bad:
        print(l)
    agree = len(lines) - len(bad)
    print("agree %d of %d (%d tiled copies; %d of them tidfrg, partition and retile answers)" % (
        agree, len(lines), len(cs), len(part_cases())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
