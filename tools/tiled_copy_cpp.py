#!/usr/bin/env python3
"""Compare cuteref's tiled copies with CuTe C++ (spec/tiled_copy.md).

  tools/tiled_copy_cpp.py CUTEREF [CUTE_INCLUDE] [--keep DIR] [--list]

Builds, with nvcc (NVCC, default /usr/local/cuda/bin/nvcc), a host program
against the installed CuTe headers that prints get_layoutS_TV(),
get_layoutD_TV() and the tiler (Tiler_MN) of the tiled copies of COPY_CASES,
MMA_CASES, IMPL_CASES and CATOM_CASES, made by make_tiled_copy(Copy_Atom<Op,
T>, thr, val), make_tiled_copy_A/_B/_C(Copy_Atom<Op, T>, make_tiled_mma(...)),
make_tiled_copy_S/_D(Copy_Atom<Op, T>, make_tiled_copy(...)) and
make_tiled_copy_C_atom(Copy_Atom<Op, T>, make_tiled_mma(...)); then asks `cuteref examples` whether
the same calls of cuteref are the same functions of (thread, value)
(both coalesced mode by mode, `coalesce(L, (1,1))`, compared with `=`) and,
for the tiler, the same tuple. Prints one line per layout that differs and the count
"agree N of M". --list prints the cuteref calls and the C++ answers; --keep
keeps the program and its output in DIR. Not built by Bazel: it needs nvcc.
"""
import os
import re
import subprocess
import sys
import tempfile

DEFAULT_INCLUDE = "/usr/local/lib/python3.11/dist-packages/cutlass_library/source/include"

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
]


def cxx_tuple(s):
    """A tuple of the notation, (4,(2,2)), as a C++ type Shape<Int<4>, Shape<...>>."""
    s = re.sub(r"\d+", lambda m: "Int<%s>" % m.group(0), s.replace(" ", ""))
    return s.replace("(", "Shape<").replace(")", ">")


def cxx_layout(s):
    """A layout of the notation (shape:stride, or a bare shape) as a C++ expression."""
    if ":" in s:
        sh, st = s.split(":")
        return "make_layout(%s{}, %s{})" % (cxx_tuple(sh), cxx_tuple(st))
    return "make_layout(%s{})" % cxx_tuple(s)


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
    return out


def program(cs):
    src = ["#include <cute/tensor.hpp>", "#include <cute/atom/copy_atom.hpp>", "#include <cute/atom/mma_atom.hpp>",
           "#include <cstdio>", "using namespace cute;",
           "template <class TC> void show(const char* k, TC const& tc) {",
           ' printf("%s S ", k); print(tc.get_layoutS_TV()); printf("\\n");',
           ' printf("%s D ", k); print(tc.get_layoutD_TV()); printf("\\n");',
           ' printf("%s T ", k); print(typename TC::Tiler_MN{}); printf("\\n"); }', "int main() {"]
    src += [' show("%s", %s);' % (k, cxx) for k, _, cxx in cs] + [" return 0; }"]
    return "\n".join(src) + "\n"


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if not args or "--help" in sys.argv:
        print(__doc__.strip())
        return 0 if "--help" in sys.argv else 2
    keep = sys.argv[sys.argv.index("--keep") + 1] if "--keep" in sys.argv else None
    args = [a for a in args if a != keep]
    cuteref = os.path.abspath(args[0])
    include = args[1] if len(args) > 1 else DEFAULT_INCLUDE
    work = keep or tempfile.mkdtemp()
    os.makedirs(work, exist_ok=True)
    cs = cases()
    out_path = os.path.join(work, "tiled_copy.out")
    if not os.path.exists(out_path):
        with open(os.path.join(work, "tiled_copy.cu"), "w") as f:
            f.write(program(cs))
        nvcc = os.environ.get("NVCC", "/usr/local/cuda/bin/nvcc")
        subprocess.run([nvcc, "-std=c++17", "-I" + include, "-o", os.path.join(work, "tiled_copy"),
                        os.path.join(work, "tiled_copy.cu")], check=True)
        out = subprocess.run([os.path.join(work, "tiled_copy")], stdout=subprocess.PIPE, universal_newlines=True,
                             check=True).stdout
        with open(out_path, "w") as f:
            f.write(out)
    cpp = {}
    for line in open(out_path):
        k, w, L = line.split()
        cpp[(k, w)] = L
    lines = []
    for k, calls, _ in cs:
        for w in "SDT":
            lines.append((k, w, calls[w], cpp[(k, w)]))
    if "--list" in sys.argv:
        for k, w, call, L in lines:
            print("%s %s  %s  C++: %s" % (k, w, call, L))
    with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False) as f:
        f.write("```cuteref\n")
        for k, w, call, L in lines:
            # a tiler prints as a tuple: compared as a value (=>), marks dropped; a TV
            # layout as a function of (thread, value): coalesced mode by mode, the
            # canonical form of its two modes' functions
            if w == "T":  # C_atom's tiler is a tuple of layouts: cuteref's tiler <...>
                T = re.sub(r"_(\d)", r"\1", L)
                f.write("%s => %s\n" % (call, "<" + T[1:-1] + ">" if ":" in T else T))
            else:
                f.write("coalesce(%s, (1,1)) = coalesce(%s, (1,1))\n" % (call, L))
        f.write("```\n")
        path = f.name
    r = subprocess.run([cuteref, "examples", path], capture_output=True, text=True)
    os.unlink(path)
    bad = [l for l in (r.stdout + r.stderr).splitlines() if re.match(r".*\.md:\d+: ", l)]
    for l in bad:
        print(l)
    agree = len(lines) - len(bad)
    print("agree %d of %d (%d tiled copies)" % (agree, len(lines), len(cs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
