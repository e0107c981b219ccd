#!/usr/bin/env python3
"""Captures what CuTe C++ and the CuTe DSL really print for the values of
the conformance vectors and for the atoms and tensors users print, as
fixtures for //cli/tests:printed_forms_test (spec/notation.md, "Printed
forms of other implementations"). pycute and tensor-layouts, which CI has,
are printed by the test itself.

For every layout, swizzle and composed layout among the expected values of
spec/vectors/*.txt, each tool builds the value and prints it:

- CuTe C++ (the headers of pip's nvidia-cutlass, compiled with g++ the way
  peers/cute_cpp_adapter.py does): cute::print of the value, `_N` a
  cute::Int<N>, a plain N an int; and GMMA/UMMA shared-memory atoms, a
  composition with smem_ptr_flag_bits, identity tensors and a TiledMMA's
  partitions of one;
- the CuTe DSL (nvidia-cutlass-dsl, on the CPU inside @cute.jit, the way
  peers/cutedsl_adapter.py runs it): str() of the value; its atoms and
  make_identity_tensor.

Each tool's fixture, cli/tests/printed/<tool>.txt, has a header of `#`
lines naming the tool, its version and the command that regenerated it,
then one line per printed form:

    OURS<TAB>PRINTED

OURS is the value in our notation (spec/notation.md) or an expression of
it that gives the value (`gmma_atom(K,128,16)`); `!CODE` where the printed
text is no value and reading it must fail with that error code (a tensor
whose origin is not 0), `!CODE VALUE` where the tool was asked to print
VALUE (a swizzle the DSL cut short). PRINTED is the tool's text, verbatim.

usage: peers/capture_printed.py [--root DIR] [--out DIR] [--tools LIST]
"""

from __future__ import annotations

import argparse
import glob
import importlib.metadata
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from cuteref_notation import Composed, Lay, ParseError, Swz, parse_request  # noqa: E402

TOOLS = ("cute_cpp", "cutedsl")
COMMAND = "python3 peers/capture_printed.py"


def vector_values(root):
    """The expected values of the vectors (OP, ORIGIN, REQUEST, `ok VALUE`)
    that are a layout, a swizzle or a composed layout, parsed; sorted."""
    texts = set()
    for path in sorted(glob.glob(os.path.join(root, "spec", "vectors", "*.txt"))):
        with open(path) as f:
            for line in f:
                cols = line.rstrip("\n").split("\t")
                if len(cols) == 4 and cols[3].startswith("ok "):
                    texts.add(cols[3][3:])
    values = []
    for text in sorted(texts):
        try:
            node = parse_request("notation(%s)" % text).args[0]
        except (ParseError, RecursionError):
            continue   # a tiler `<...>` or a symbol: no tool prints it as a layout
        if isinstance(node, (Lay, Swz, Composed)):
            values.append((text, node))
    return values


# A swizzle the DSL cut short: `S<` and no '>' before a space or the end.
DSL_CUT_RE = re.compile(r"(?<![A-Za-z_])S<[-0-9,]*(?= |$)")
SW_MAX_BITS = 31   # B+M+|S| (spec/swizzle.md)


def swizzle_valid(b, m, s):
    return b >= 0 and m >= 0 and abs(s) >= b and m <= SW_MAX_BITS and b + m + abs(s) <= SW_MAX_BITS


def dsl_cut_ambiguous(w):
    """4.8.1's str() of a swizzle is the first 8 characters of S<B,M,S>.
    Whether the text it prints for w could be that of another swizzle:
    it is cut inside B or M, or S could have had more digits (a valid
    swizzle has them). The reader takes the others (spec/notation.md)."""
    whole = "S<%d,%d,%d>" % (w.b, w.m, w.s)
    if len(whole) <= 8:
        return False
    shown = whole[:8]
    if shown.count(",") < 2 or not shown[-1].isdigit():
        return True   # B, M or the sign of S cut: not read
    s = int(shown.split(",")[2])
    if s == 0:
        return False
    for digits in range(1, 3):
        lo = abs(s) * 10 ** digits
        if any(swizzle_valid(w.b, w.m, v if s > 0 else -v) for v in range(lo, lo + 10 ** digits)):
            return True
    return False


def swizzles(node):
    if isinstance(node, Swz):
        return [node]
    if isinstance(node, Composed):
        return swizzles(node.outer) + swizzles(node.inner)
    return []


def check_line(text):
    if "\n" in text or "\t" in text:
        raise SystemExit("capture_printed: a printed form spans lines or holds a tab: %r" % text)
    return text


# ---------------------------------------------------------------------------
# CuTe C++
# ---------------------------------------------------------------------------

# Atoms and tensors users print: (our expression, C++ expression). `LAYOUT_OF`
# marks a tensor whose value is its own layout, printed separately by C++
# (`tensor.layout()`): a null origin reads as that layout, another origin
# is no layout (ARG_TYPE).
_GMMA_ROWS = {16: "INTER", 32: "SW32", 64: "SW64", 128: "SW128"}
_BITS_T = {8: "cute::uint8_t", 16: "cute::half_t", 32: "float"}
_MMA_TENSOR = ("cute::make_tiled_mma(cute::SM80_16x8x16_F16F16F16F16_TN{}).get_thread_slice(%d).partition_%s("
               "cute::make_identity_tensor(cute::make_shape(cute::Int<%d>{}, cute::Int<%d>{})))")

CPP_PRELUDE_EXTRA = """#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/mma_traits_sm80.hpp>
"""


def cpp_extras():
    out = []
    for major in ("K", "MN"):
        for rows, name in sorted(_GMMA_ROWS.items()):
            for bits, t in sorted(_BITS_T.items()):
                out.append(("gmma_atom(%s,%d,%d)" % (major, rows, bits),
                            "cute::SM90::GMMA::Layout_%s_%s_Atom<%s>{}" % (major, name, t)))
            out.append(("gmma_sparse_atom(%s,%d,16,2)" % (major, rows),
                        "cute::SM90::GMMA::Layout_%s_%s_SpAtom<cute::half_t, 2>{}" % (major, name)))
    for bits, t in sorted(_BITS_T.items()):
        out.append(("umma_atom_32b(%d)" % bits, "cute::UMMA::Layout_MN_SW128_32B_Atom<%s>{}" % t))
    out.append(("umma_sparse_atom_32b(16,2)", "cute::UMMA::Layout_MN_SW128_32B_SpAtom<cute::half_t, 2>{}"))
    # composition(Swizzle, smem_ptr_flag_bits<B>, layout): the atom's own spelling
    for bits in (8, 16, 32):
        out.append(("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)",
                    "cute::composition(cute::Swizzle<3,4,3>{}, cute::smem_ptr_flag_bits<%d>{}, "
                    "cute::make_layout(cute::make_shape(cute::Int<8>{}, cute::Int<64>{}), "
                    "cute::make_stride(cute::Int<64>{}, cute::Int<1>{})))" % bits))
    out.append(("Sw<2,4,3> o _0 o (_8,_32):(_32,_1)",
                "cute::composition(cute::Swizzle<2,4,3>{}, cute::make_layout(cute::make_shape(cute::Int<8>{}, "
                "cute::Int<32>{}), cute::make_stride(cute::Int<32>{}, cute::Int<1>{})))"))
    # tile_to_shape of an atom (a user's smem layout)
    out.append(("tile_to_shape(gmma_atom(K,128,16),(_64,_128))",
                "cute::tile_to_shape(cute::SM90::GMMA::Layout_K_SW128_Atom<cute::half_t>{}, "
                "cute::make_shape(cute::Int<64>{}, cute::Int<128>{}))"))
    # identity (counting) tensors: ArithTuple(_0,...) o the identity layout
    out.append(("make_identity_layout((_4,_2))", "cute::make_identity_tensor(cute::make_shape(cute::Int<4>{}, cute::Int<2>{}))"))
    out.append(("make_identity_layout((4,2))", "cute::make_identity_tensor(cute::make_shape(4, 2))"))
    out.append(("make_identity_layout((_8,(_2,_3)))",
                "cute::make_identity_tensor(cute::make_shape(cute::Int<8>{}, cute::make_shape(cute::Int<2>{}, cute::Int<3>{})))"))
    out.append(("make_identity_layout((_4,_2))", "cute::make_identity_layout(cute::make_shape(cute::Int<4>{}, cute::Int<2>{}))"))
    # a TiledMMA's partitions of an identity tensor: thread 0's origin is 0
    for thr in (0, 1, 5):
        for part, m, n in (("A", 16, 16), ("B", 8, 16), ("C", 16, 8)):   # (M,K), (N,K), (M,N)
            out.append(("LAYOUT_OF", _MMA_TENSOR % (thr, part, m, n)))
    return out


def capture_cpp(values, root):
    import cute_cpp_adapter as cpp
    inc = cpp.find_cute_include()
    if not inc:
        raise SystemExit("capture_printed: CuTe headers not found (pip install nvidia-cutlass==4.2.0.0)")
    flags = cpp.build_flags(inc, cpp.find_cuda_includes(), "")
    stats = cpp.Stats()
    runner = cpp.Runner("g++", flags, 600.0, 60.0, "blame", None, stats, False)
    toolchain = "|".join(["g++", cpp.compiler_version("g++"), " ".join(flags), _version("nvidia-cutlass")])
    runner.use_pch(os.path.join(HERE, ".cache"), toolchain)
    gen = cpp.Codegen("as-written")   # `_N` is cute::Int<N>, a plain N an int
    cases = []   # (ours, C++ expression, print the layout too)
    for text, node in values:
        cases.append((text, gen.arg_value(node), False))
    for ours, expr in cpp_extras():
        cases.append((ours, expr, ours == "LAYOUT_OF"))
    printed = {}
    chunk = 200
    for k in range(0, len(cases), chunk):
        printed.update(_cpp_batch(runner, flags, cases[k:k + chunk], k))
    rows = []
    for i, (ours, expr, layout_of) in enumerate(cases):
        if i not in printed:
            raise SystemExit("capture_printed: C++ printed nothing for %s" % expr)
        text, layout = printed[i]
        if layout_of:
            origin = text.split(" o ", 1)[0]
            ours = layout if re.fullmatch(r"ArithTuple\((_?0,)*_?0\)", origin) else "!ARG_TYPE"
        rows.append((ours, check_line(text)))
    header = ["CuTe C++ (nvidia-cutlass %s headers, %s): cute::print" % (_version("nvidia-cutlass"),
                                                                        cpp.compiler_version("g++"))]
    return header, rows


def _cpp_batch(runner, flags, cases, base):
    """Compiles and runs one program printing every case; {index: (text,
    layout text or '')}. A case that does not compile stops the capture."""
    lines = ['#include "%s"' % runner.prelude_header if runner.prelude_header else _inline_prelude()]
    lines.append(CPP_PRELUDE_EXTRA)
    lines.append("int main() {")
    for i, (_, expr, layout_of) in enumerate(cases):
        lines.append("  { auto r = %s;" % expr)
        lines.append('    std::printf("@@%d "); cute::print(r);' % (base + i))
        if layout_of:
            lines.append('    std::printf("\\t"); cute::print(r.layout());')
        lines.append('    std::printf("\\n"); }')
    lines.append("  return 0;\n}")
    with tempfile.TemporaryDirectory(prefix="capture_printed_") as tmp:
        src, exe = os.path.join(tmp, "printed.cpp"), os.path.join(tmp, "printed")
        with open(src, "w") as f:
            f.write("\n".join(lines) + "\n")
        r = subprocess.run(["g++"] + flags + [src, "-o", exe], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           universal_newlines=True)
        if r.returncode != 0:
            first = next((l for l in r.stdout.splitlines() if "error" in l), r.stdout[:500])
            raise SystemExit("capture_printed: the C++ program does not compile: %s" % first)
        out = subprocess.run([exe], stdout=subprocess.PIPE, universal_newlines=True, check=True).stdout
    got = {}
    for line in out.splitlines():
        m = re.match(r"^@@(\d+) (.*)$", line)
        if m:
            text, _, layout = m.group(2).partition("\t")
            got[int(m.group(1))] = (text, layout)
    return got


def _inline_prelude():
    import cute_cpp_adapter as cpp
    return cpp.PRELUDE.replace("#pragma once", "")


# ---------------------------------------------------------------------------
# The CuTe DSL
# ---------------------------------------------------------------------------

def capture_dsl(values, root):
    import cutedsl_adapter as dsl
    import cutlass
    import cutlass.cute as cute
    from cutlass.cute.nvgpu import tcgen05, warpgroup
    dsl.cute = cute
    dsl.OPS = dsl._ops()
    rows = []

    def body():
        for text, node in values:
            printed = str(dsl.as_layout(node))
            cut = any(dsl_cut_ambiguous(w) for w in swizzles(node)) and DSL_CUT_RE.search(printed)
            rows.append(("!PARSE_UNBALANCED " + text if cut else text, printed))
        elem = {8: cutlass.Uint8, 16: cutlass.Float16, 32: cutlass.Float32}
        for major in ("K", "MN"):
            for r, name in sorted(_GMMA_ROWS.items()):
                kind = getattr(warpgroup.SmemLayoutAtomKind, "%s_%s" % (major, name))
                for bits, t in sorted(elem.items()):
                    rows.append(("gmma_atom(%s,%d,%d)" % (major, r, bits),
                                 str(warpgroup.make_smem_layout_atom(kind, t))))
                skind = getattr(tcgen05.SmemLayoutAtomKind, "%s_%s" % (major, name))
                rows.append(("gmma_sparse_atom(%s,%d,16,2)" % (major, r),
                             str(tcgen05.make_sparse_smem_layout_atom(skind, cutlass.Float16, 2))))
        # (not its MN_SW128_32B atom, which is not CuTe C++'s: spec/atoms.md)
        for shape in ((4, 2), (8, (2, 3)), 16):
            ours = "make_identity_layout(%s)" % re.sub(r"\s", "", str(shape))
            rows.append((ours, str(cute.make_identity_tensor(shape))))
            rows.append((ours, str(cute.make_identity_layout(shape))))

    @cute.jit
    def trace():
        body()

    trace()
    for _, text in rows:
        check_line(text)
    return ["the CuTe DSL (nvidia-cutlass-dsl %s), on the CPU inside @cute.jit: str()" % _version("nvidia-cutlass-dsl")], rows


def _version(dist):
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "(not installed)"


CAPTURE = {"cute_cpp": capture_cpp, "cutedsl": capture_dsl}


def main(argv=None):
    ap = argparse.ArgumentParser(description="Print the vectors' layouts, swizzles and composed layouts, "
                                             "and common atoms and tensors, with each peer; write the "
                                             "fixtures of //cli/tests:printed_forms_test.")
    ap.add_argument("--root", default=os.path.dirname(HERE), help="the repository (default: this script's)")
    ap.add_argument("--out", default=None, help="fixture directory (default ROOT/cli/tests/printed)")
    ap.add_argument("--tools", default=",".join(TOOLS), help="comma-separated, of: " + ", ".join(TOOLS))
    args = ap.parse_args(argv)
    out = args.out or os.path.join(args.root, "cli", "tests", "printed")
    values = vector_values(args.root)
    os.makedirs(out, exist_ok=True)
    for tool in args.tools.split(","):
        if tool not in CAPTURE:
            ap.error("no tool %r (one of %s)" % (tool, ", ".join(TOOLS)))
        header, rows = CAPTURE[tool](values, args.root)
        rows = sorted(set(rows))
        path = os.path.join(out, tool + ".txt")
        with open(path + ".tmp", "w") as f:
            for h in header:
                f.write("# %s\n" % h)
            f.write("# regenerate: %s --tools %s  (from the repository root)\n" % (COMMAND, tool))
            f.write("# OURS<TAB>PRINTED: our value, or an expression giving it, or !CODE [VALUE] (no value); "
                    "see peers/capture_printed.py\n")
            for ours, text in rows:
                f.write("%s\t%s\n" % (ours, text))
        os.replace(path + ".tmp", path)
        print("%s: %d printed forms -> %s" % (tool, len(rows), os.path.relpath(path, args.root)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
