#!/usr/bin/env python3
"""cuteref peer adapter for the CuTe C++ headers (compiled with the host g++).

Batch mode: the adapter reads request lines from stdin (all of them until
EOF, or --batch N lines at a time), turns every request into a C++
expression, writes one .cpp whose main() prints each result with
cute::print, compiles it, runs it and answers every line in order:

    ok <text cute::print produced>        e.g. ok ((_2,_2),_3):((_24,_2),_8)
    error COMPILE <static_assert message or first compiler error>
    error RUNTIME <last stderr line of the crashed run>
    error UNSUPPORTED <name> / error BADARG <why> / error PARSE <why>

A batch that fails to compile is split until each failing case is isolated
(first by reading which case the compiler blamed, then by bisection).
Answers are cached on disk by request text, so reruns are fast.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import hashlib
import os
import re
import shlex
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import adapter_runtime as rt  # noqa: E402
from adapter_runtime import BadArg, Unsupported  # noqa: E402
from cuteref_notation import Basis, Call, Composed, Int, Lay, Swz, Sym, Tiler, Tup, Under, normalize  # noqa: E402

# Bump when the generated C++ changes meaning, to invalidate cached answers.
CODEGEN_VERSION = "4"

INT_MIN, INT_MAX = -(2 ** 31), 2 ** 31 - 1


# --------------------------------------------------------------------------
# Request -> C++ expression
# --------------------------------------------------------------------------

class Codegen:
    """Turns a parsed request into one C++ expression over the CuTe API.

    int_mode 'static': every integer literal becomes cute::Int<N>{}.
    int_mode 'as-written': `_N` becomes cute::Int<N>{}, a plain `N` an int.
    """

    def __init__(self, int_mode: str = "static"):
        self.int_mode = int_mode

    # literals ---------------------------------------------------------------
    def int_lit(self, node: Int) -> str:
        if not INT_MIN <= node.value <= INT_MAX:
            raise Unsupported(f"integer {node.value} does not fit in a 32-bit int")
        if self.int_mode == "static" or node.static:
            return f"cute::Int<{node.value}>{{}}"
        return f"int({node.value})"

    def tuple_lit(self, node, maker: str = "cute::make_tuple") -> str:
        if isinstance(node, Int):
            return self.int_lit(node)
        if isinstance(node, Tup):
            return maker + "(" + ", ".join(self.tuple_lit(i, maker) for i in node.items) + ")"
        if isinstance(node, Basis):  # v@(i,j): E<i,j>{} * v (CuTe's ScaledBasis)
            return "(cute::E<" + ",".join(str(k) for k in node.path) + ">{} * " + self.int_lit(node.value) + ")"
        if isinstance(node, Under) and maker == "cute::make_coord":  # `_` in a coordinate (a slice)
            return "cute::_"
        raise BadArg(f"expected an integer or IntTuple, got {node}")

    def layout_lit(self, node: Lay) -> str:
        return ("cute::make_layout(" + self.tuple_lit(node.shape, "cute::make_shape") + ", "
                + self.tuple_lit(node.stride, "cute::make_stride") + ")")

    # argument kinds ---------------------------------------------------------
    def swizzle_lit(self, node: Swz) -> str:
        return f"cute::Swizzle<{node.b},{node.m},{node.s}>{{}}"

    def composed_lit(self, node: Composed) -> str:
        """outer o offset o inner: cute::make_composed_layout (spec/composed.md)."""
        return ("cute::make_composed_layout(" + self.arg_layout(node.outer) + ", "
                + self.arg_inttuple(node.offset) + ", " + self.arg_layout(node.inner) + ")")

    def arg_layout(self, node) -> str:
        """Where a layout is expected; a bare IntTuple is make_layout(shape)."""
        if isinstance(node, Swz):
            return self.swizzle_lit(node)
        if isinstance(node, Composed):
            return self.composed_lit(node)
        if isinstance(node, Lay):
            return self.layout_lit(node)
        if isinstance(node, (Int, Tup)):
            return "cute::make_layout(" + self.tuple_lit(node, "cute::make_shape") + ")"
        if isinstance(node, Call):
            return "cuteref::as_layout(" + self.call(node) + ")"
        raise BadArg(f"expected a layout, got {node}")

    def arg_tiler(self, node) -> str:
        """Second argument of composition / *_divide / *_product: CuTe's own
        Tiler objects (Layout, tuple of tilers, Shape, `_`, integer)."""
        if isinstance(node, Under):
            return "cute::_"
        if isinstance(node, (Swz, Composed)):
            return self.arg_layout(node)
        if isinstance(node, Int):
            return self.int_lit(node)
        if isinstance(node, Tup):
            return self.tuple_lit(node, "cute::make_shape")
        if isinstance(node, Lay):
            return self.layout_lit(node)
        if isinstance(node, Tiler):
            return "cute::make_tile(" + ", ".join(self.arg_tiler(i) for i in node.items) + ")"
        if isinstance(node, Call):
            return self.call(node)
        raise BadArg(f"expected a tiler, got {node}")

    def arg_inttuple(self, node) -> str:
        if isinstance(node, (Int, Tup)):
            return self.tuple_lit(node)
        if isinstance(node, Call):
            return self.call(node)
        raise BadArg(f"expected an integer or IntTuple, got {node}")

    def arg_swizzle(self, node) -> str:
        if isinstance(node, Swz):
            return self.swizzle_lit(node)
        raise BadArg(f"expected a swizzle, got {node}")

    def arg_value(self, node) -> str:
        """A bare value as a request (`notation`): a layout, swizzle,
        composed layout or IntTuple literal, printed by cute::print."""
        if isinstance(node, (Swz, Composed, Lay)):
            return self.arg_layout(node)
        if isinstance(node, (Int, Tup, Basis)):
            return self.tuple_lit(node)
        raise Unsupported(f"the value {node}")

    def arg_coord(self, node) -> str:
        """A coordinate: an integer, a tuple (with `_` for a slice), `_`."""
        if isinstance(node, Under):
            return "cute::_"
        if isinstance(node, (Int, Tup, Basis)):
            return self.tuple_lit(node, "cute::make_coord")
        if isinstance(node, Call):
            return self.call(node)
        raise BadArg(f"expected a coordinate, got {node}")

    def arg_sym(self, node) -> str:
        if isinstance(node, Sym):
            return node.name
        raise BadArg(f"expected a name, got {node}")

    def gmma_atom(self, node: Call) -> str:
        """gmma_atom(K|MN, R, bits) is SM90::GMMA::Layout_<major>_<R>_Atom<T>,
        T of `bits` bits (spec/atoms.md): CuTe's own atom, upcast by CuTe."""
        if len(node.args) != 3:
            raise BadArg(f"gmma_atom takes 3 arguments, got {len(node.args)}")
        major = self.arg_sym(node.args[0])
        rows = {16: "INTER", 32: "SW32", 64: "SW64", 128: "SW128"}
        r, bits = node.args[1], node.args[2]
        if major not in ("K", "MN") or not isinstance(r, Int) or r.value not in rows:
            raise BadArg(f"CuTe has no GMMA atom {major}, {r}")
        return (f"cute::SM90::GMMA::Layout_{major}_{rows[r.value]}_Atom<cute::uint_bit_t<"
                f"{self.arg_template_int(bits)}>>{{}}")

    def gmma_sparse_atom(self, node: Call) -> str:
        """gmma_sparse_atom(K|MN, R, bits, S) is
        SM90::GMMA::Layout_<major>_<R>_SpAtom<uint_bit_t<bits>, S> (ATOM-5)."""
        if len(node.args) != 4:
            raise BadArg(f"gmma_sparse_atom takes 4 arguments, got {len(node.args)}")
        dense = self.gmma_atom(Call("gmma_atom", node.args[:3]))
        return dense.replace("_Atom<", "_SpAtom<").replace(">>{}", f">, {self.arg_template_int(node.args[3])}>{{}}")

    def umma_atom_32b(self, node: Call) -> str:
        """umma_atom_32b(bits) is UMMA::Layout_MN_SW128_32B_Atom<T>, T of
        `bits` bits (spec/atoms.md, ATOM-4)."""
        if len(node.args) != 1:
            raise BadArg(f"umma_atom_32b takes 1 argument, got {len(node.args)}")
        return f"cute::UMMA::Layout_MN_SW128_32B_Atom<cute::uint_bit_t<{self.arg_template_int(node.args[0])}>>{{}}"

    def arg_template_int(self, node) -> str:
        if isinstance(node, Int):
            if not INT_MIN <= node.value <= INT_MAX:
                raise Unsupported(f"integer {node.value} does not fit in a 32-bit int")
            return str(node.value)
        raise BadArg(f"expected an integer literal (template argument), got {node}")

    # operations -------------------------------------------------------------
    def call(self, node: Call) -> str:
        if node.name == "eval" and len(node.args) >= 2:   # L(c...), any number of coordinates
            return ("(" + self.arg_layout(node.args[0]) + ")("
                    + ", ".join(self.arg_coord(a) for a in node.args[1:]) + ")")
        if node.name == "gmma_atom":
            return self.gmma_atom(node)
        if node.name == "gmma_sparse_atom":
            return self.gmma_sparse_atom(node)
        if node.name == "umma_sparse_atom_32b":   # UMMA::Layout_MN_SW128_32B_SpAtom<T, S> (ATOM-6)
            if len(node.args) != 2:
                raise BadArg(f"umma_sparse_atom_32b takes 2 arguments, got {len(node.args)}")
            return (f"cute::UMMA::Layout_MN_SW128_32B_SpAtom<cute::uint_bit_t<{self.arg_template_int(node.args[0])}>, "
                    f"{self.arg_template_int(node.args[1])}>{{}}")
        if node.name == "umma_atom_32b":
            return self.umma_atom_32b(node)
        kinds, template = rt.lookup(OPS, node)
        if template is None:
            raise Unsupported(node.name)
        conv: Dict[str, Callable] = {
            "L": self.arg_layout, "T": self.arg_tiler, "I": self.arg_inttuple, "N": self.arg_template_int,
            "V": self.arg_value, "C": self.arg_coord, "W": self.arg_swizzle,
        }
        return template.format(*[conv[k](a) for k, a in zip(kinds, node.args)])


def _f1(fn: str) -> Tuple[str, str]:
    return ("L", f"cute::{fn}({{0}})")


def _lt(fn: str) -> Tuple[str, str]:
    return ("LT", f"cute::{fn}({{0}}, {{1}})")


# name -> {arity: (argument kinds, C++ template)}.  Kinds: L layout,
# T tiler, I IntTuple, N integer literal used as a template argument.
# A template of None means CuTe (this version) has no such function.
OPS: Dict[str, Dict[int, Tuple[str, Optional[str]]]] = {
    "size": {1: _f1("size")},
    "cosize": {1: _f1("cosize")},
    "rank": {1: _f1("rank")},
    "depth": {1: _f1("depth")},
    "coalesce": {1: _f1("coalesce"), 2: ("LI", "cute::coalesce({0}, {1})")},
    "filter": {1: _f1("filter")},
    "filter_zeros": {1: _f1("filter_zeros")},
    "composition": {2: _lt("composition")},
    "complement": {1: _f1("complement"), 2: ("LI", "cute::complement({0}, {1})")},
    "right_inverse": {1: _f1("right_inverse")},
    "left_inverse": {1: _f1("left_inverse")},
    "nullspace": {1: _f1("nullspace")},
    "max_common_layout": {2: ("LL", "cute::max_common_layout({0}, {1})")},
    "max_common_vector": {2: ("LL", "cute::max_common_vector({0}, {1})")},
    "logical_divide": {2: _lt("logical_divide")},
    "zipped_divide": {2: _lt("zipped_divide")},
    "tiled_divide": {2: _lt("tiled_divide")},
    "flat_divide": {2: _lt("flat_divide")},
    "logical_product": {2: _lt("logical_product")},
    "zipped_product": {2: _lt("zipped_product")},
    "tiled_product": {2: _lt("tiled_product")},
    "flat_product": {2: _lt("flat_product")},
    "blocked_product": {2: _lt("blocked_product")},
    "raked_product": {2: _lt("raked_product")},
    "tile_to_shape": {2: ("LI", "cute::tile_to_shape({0}, {1})")},
    "make_ordered_layout": {2: ("II", "cute::make_ordered_layout({0}, {1})")},
    "upcast": {2: ("LN", "cute::upcast<{1}>({0})")},
    "downcast": {2: ("LN", "cute::downcast<{1}>({0})")},
    "crd2idx": {2: ("IL", "cute::crd2idx({0}, {1})")},
    "idx2crd": {2: ("IL", "cute::idx2crd({0}, cute::shape({1}))")},
    "eval": {2: ("LI", "({0})({1})"), 3: ("LII", "({0})({1}, {2})")},
    "product": {1: ("I", "cute::product({0})")},
    "sum": {1: ("I", "cute::sum({0})")},
    "inner_product": {2: ("II", "cute::inner_product({0}, {1})")},
    "prefix_product": {1: ("I", None)},   # not in CuTe C++ (only compact_col_major)
    "shape_div": {2: ("II", "cute::shape_div({0}, {1})")},
    "ceil_div": {2: ("II", "cute::ceil_div({0}, {1})")},
    "elem_scale": {2: ("II", "cute::elem_scale({0}, {1})")},
    # swizzles and composed layouts (spec/swizzle.md, spec/composed.md)
    "make_swizzle": {2: ("NN", "cute::make_swizzle<uint32_t({0}), uint32_t({1})>()")},
    "make_composed_layout": {3: ("LIL", "cute::make_composed_layout({0}, {1}, {2})")},
    # spec/basis.md
    "make_identity_layout": {1: ("I", "cute::make_identity_layout({0})")},
    "coprofile": {1: _f1("coprofile")},
    "coshape": {1: _f1("coshape")},
    # a bare value as a request, printed back (spec/notation.md)
    "notation": {1: ("V", "{0}")},
    "slice": {2: ("CL", "cute::slice({0}, {1})")},
    "shape": {1: _f1("shape")},
    "stride": {1: _f1("stride")},
    "flatten": {1: _f1("flatten")},
    # spec/atoms.md: recast_swizzle(Sw, bits) is CuTe's recast_layout<uint8_t, T>(Sw)
    "recast_swizzle": {2: ("WN", "cute::recast_layout<cute::uint8_t, cute::uint_bit_t<{1}>>({0})")},
    # spec/refine.md: domain_distribute is CuTe's; the three shape operations
    # are only in NVIDIA's new reference (PyCuTe)
    "domain_distribute": {2: ("LI", "cute::domain_distribute({0}, {1})")},
    "max_alignment": {1: _f1("max_alignment")},
    "common_refinement": {2: ("II", None)},
    "common_coarsening": {2: ("II", None)},
    "greatest_common_domain": {2: ("II", None)},
}


# --------------------------------------------------------------------------
# Toolchain discovery
# --------------------------------------------------------------------------

def find_cute_include() -> Optional[str]:
    try:
        import importlib.util
        spec = importlib.util.find_spec("cutlass_library")
    except Exception:  # noqa: BLE001
        spec = None
    if spec and spec.submodule_search_locations:
        for base in spec.submodule_search_locations:
            inc = os.path.join(base, "source", "include")
            if os.path.isfile(os.path.join(inc, "cute", "layout.hpp")):
                return inc
    return None


def find_cuda_includes() -> List[str]:
    """The directory with cuda_runtime_api.h and the one with cuda/std/."""
    roots = [os.environ.get("CUDA_HOME", ""), os.environ.get("CUDA_PATH", ""), "/usr/local/cuda"]
    found: List[str] = []
    for root in roots:
        if not root:
            continue
        inc = os.path.join(root, "include")
        if os.path.isfile(os.path.join(inc, "cuda_runtime_api.h")) and inc not in found:
            found.append(inc)
        for cand in (os.path.join(inc, "cccl"), inc):
            if os.path.isdir(os.path.join(cand, "cuda", "std")) and cand not in found:
                found.append(cand)
        if found:
            break
    return found


# --------------------------------------------------------------------------
# One compile-and-run of a set of cases
# --------------------------------------------------------------------------

PRELUDE = r"""// Generated by peers/cute_cpp_adapter.py: includes and helpers.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cute/layout.hpp>
#include <cute/int_tuple.hpp>
#include <cute/swizzle_layout.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <cute/atom/mma_traits_sm100.hpp>
#include <cute/atom/mma_traits_sm90_gmma_sparse.hpp>

namespace cuteref {
// A bare IntTuple where a layout is expected means make_layout(shape).
template <class T>
auto as_layout(T const& t) {
  if constexpr (cute::is_layout<T>::value) { return t; }
  else { return cute::make_layout(t); }
}
}  // namespace cuteref
"""


@dataclass
class Case:
    key: str            # normalized request text
    expr: str           # C++ expression


@dataclass
class Stats:
    compiles: int = 0
    compile_seconds: float = 0.0
    runs: int = 0
    run_seconds: float = 0.0
    compile_log: List[Tuple[int, float, bool]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add_compile(self, n: int, secs: float, ok: bool) -> None:
        with self.lock:
            self.compiles += 1
            self.compile_seconds += secs
            self.compile_log.append((n, secs, ok))

    def add_run(self, secs: float) -> None:
        with self.lock:
            self.runs += 1
            self.run_seconds += secs


SMEM_FLAG_RE = re.compile(r"smem_(?:sparse<\d+>_)?ptr\[\d+b\]\(unset\)")
_ERR_RE = re.compile(r"(?:^|\s)(?:fatal )?error: (.*)$")
_SA_RE = re.compile(r"static assertion failed(?:: (.*))?$")
_CASEFN_RE = re.compile(r"In (?:function|instantiation of)[^']*'[^']*cuteref_case_(\d+)\b")


class Runner:
    def __init__(self, cxx: str, flags: List[str], compile_timeout: float, run_timeout: float,
                 isolate: str, keep_build: Optional[str], stats: Stats, verbose: bool):
        self.cxx = cxx
        self.flags = flags
        self.compile_timeout = compile_timeout
        self.run_timeout = run_timeout
        self.isolate = isolate
        self.keep_build = keep_build
        self.stats = stats
        self.verbose = verbose
        self._seq = 0
        self._seq_lock = threading.Lock()
        self.prelude_header: Optional[str] = None   # set by use_pch()

    def use_pch(self, cache_dir: str, fingerprint: str) -> None:
        """Precompile the prelude (CuTe headers) once; later compiles skip
        parsing them.  On any failure the prelude is inlined instead."""
        tag = hashlib.sha256((fingerprint + PRELUDE).encode()).hexdigest()[:16]
        pch_dir = os.path.join(cache_dir, f"pch-{tag}")
        header = os.path.join(pch_dir, "cuteref_prelude.hpp")
        gch = header + ".gch"
        if not os.path.isfile(gch):
            try:
                os.makedirs(pch_dir, exist_ok=True)
                with open(header + ".tmp", "w") as f:
                    f.write(PRELUDE)
                os.replace(header + ".tmp", header)
                tmp_gch = f"{gch}.{os.getpid()}.tmp"
                t0 = time.monotonic()
                rc, _, _ = run_killable([self.cxx] + self.flags + ["-x", "c++-header", header, "-o", tmp_gch],
                                        self.compile_timeout)
                self.log(f"precompiled header: rc={rc} in {time.monotonic() - t0:.2f}s")
                if rc != 0:
                    if os.path.exists(tmp_gch):
                        os.unlink(tmp_gch)
                    return
                os.replace(tmp_gch, gch)
            except OSError as e:
                self.log(f"precompiled header failed: {e}")
                return
        self.prelude_header = header

    def log(self, msg: str) -> None:
        if self.verbose:
            sys.stderr.write(f"[cute_cpp_adapter] {msg}\n")
            sys.stderr.flush()

    # source generation ----------------------------------------------------
    def write_source(self, path: str, cases: Sequence[Case]) -> List[Tuple[int, int]]:
        """Write the .cpp; return for each case its (first, last) line."""
        lines = ["// Generated by peers/cute_cpp_adapter.py -- one function per request."]
        if self.prelude_header:
            lines.append(f'#include "{self.prelude_header}"')
        else:
            lines += PRELUDE.rstrip("\n").split("\n")
        spans: List[Tuple[int, int]] = []
        for i, c in enumerate(cases):
            lines.append("")
            first = len(lines) + 1
            lines.append(f"static void cuteref_case_{i}() {{")
            lines.append(f"  auto r = {c.expr};")
            lines.append(f'  std::printf("@@{i} "); cute::print(r); std::printf("\\n"); std::fflush(stdout);')
            lines.append("}")
            spans.append((first, len(lines)))
        lines.append("")
        lines.append("static void (*const cuteref_cases[])() = {")
        lines.extend(f"  cuteref_case_{i}," for i in range(len(cases)))
        lines.append("};")
        lines.append("")
        lines.append("int main(int argc, char** argv) {")
        lines.append("  int start = argc > 1 ? std::atoi(argv[1]) : 0;")
        lines.append(f"  for (int i = start; i < {len(cases)}; ++i) cuteref_cases[i]();")
        lines.append("  return 0;")
        lines.append("}")
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")
        return spans

    # compile ----------------------------------------------------------------
    def compile(self, src: str, exe: str, n: int) -> Tuple[str, str]:
        """Return (status, stderr) with status 'ok', 'error' or 'timeout'."""
        cmd = [self.cxx] + self.flags + [src, "-o", exe]
        t0 = time.monotonic()
        rc, out, err = run_killable(cmd, self.compile_timeout)
        status = "timeout" if rc is None else ("ok" if rc == 0 else "error")
        err = out + err
        secs = time.monotonic() - t0
        self.stats.add_compile(n, secs, status == "ok")
        self.log(f"compile of {n} case(s): {status} in {secs:.2f}s")
        return status, err

    @staticmethod
    def blame(stderr: str, src: str, spans: List[Tuple[int, int]]) -> Tuple[Dict[int, str], bool]:
        """Map compiler errors to cases.  Returns ({case: message}, all_attributed).

        g++ prints an error's instantiation context ("required from here" on
        our line) before the error itself, so each error belongs to the last
        case whose line was mentioned."""
        base = os.path.basename(src)
        loc_re = re.compile(r"^(?:.*/)?" + re.escape(base) + r":(\d+):\d+:")

        def case_of(line_no: int) -> Optional[int]:
            lo, hi = 0, len(spans) - 1
            while lo <= hi:
                mid = (lo + hi) // 2
                s, e = spans[mid]
                if line_no < s:
                    hi = mid - 1
                elif line_no > e:
                    lo = mid + 1
                else:
                    return mid
            return None

        first_err: Dict[int, str] = {}
        first_sa: Dict[int, str] = {}
        all_attributed = True
        saw_error = False
        current: Optional[int] = None
        lines = stderr.splitlines()
        for ln, line in enumerate(lines):
            m = _CASEFN_RE.search(line)
            if m:
                current = int(m.group(1))
            m = loc_re.match(line)
            if m:
                current = case_of(int(m.group(1)))
            m = _ERR_RE.search(line)
            if not m:
                continue
            saw_error = True
            msg = m.group(1).strip()
            if current is None:
                all_attributed = False
                continue
            first_err.setdefault(current, msg)
            sa = _SA_RE.search(msg)
            if sa and current not in first_sa:
                text = (sa.group(1) or "").strip()
                if not text:
                    # static_assert without a message: quote the asserted
                    # source line (g++ echoes it next) and where it is.
                    text = "static assertion failed"
                    echo = re.match(r"^\s*\d+\s*\|\s*(.*?)\s*$", lines[ln + 1]) if ln + 1 < len(lines) else None
                    if echo and echo.group(1):
                        text += ": " + echo.group(1)
                    where = re.match(r"^(.*?):(\d+):\d+:", line)
                    if where:
                        path = where.group(1)
                        k = path.rfind("/cute/")
                        short = path[k + 1:] if k >= 0 else os.path.basename(path)
                        text += f" [{short}:{where.group(2)}]"
                first_sa[current] = text
        blamed = {i: first_sa.get(i, first_err[i]) for i in first_err}
        return blamed, all_attributed and saw_error

    # run ----------------------------------------------------------------------
    def run(self, exe: str, n: int) -> Dict[int, str]:
        """Run the program, restarting past any case that crashes it."""
        answers: Dict[int, str] = {}
        start = 0
        while start < n:
            t0 = time.monotonic()
            rc, out, err = run_killable([exe, str(start)], self.run_timeout, text=False)
            timed_out = rc is None
            self.stats.add_run(time.monotonic() - t0)
            text = out.decode("utf-8", "replace")
            complete = text.split("\n")[:-1]   # drop an unterminated last fragment
            got = start
            for line in complete:
                m = re.match(r"^@@(\d+) (.*)$", line)
                if m:
                    idx = int(m.group(1))
                    # a GMMA/UMMA atom's smem pointer flag, sparse or not, evaluates as 0 (spec/atoms.md)
                    answers[idx] = "ok " + SMEM_FLAG_RE.sub("_0", m.group(2).strip())
                    got = max(got, idx + 1)
            if rc == 0 and not timed_out:
                for i in range(got, n):   # should not happen: every case prints
                    answers.setdefault(i, "error RUNTIME no output")
                break
            # case `got` crashed or hung; answer it and go on after it
            if timed_out:
                answers[got] = f"error RUNTIME_TIMEOUT after {self.run_timeout:g}s"
            else:
                answers[got] = "error RUNTIME " + describe_crash(rc, err.decode("utf-8", "replace"))
            start = got + 1
        return answers

    # solve --------------------------------------------------------------------
    def solve(self, cases: List[Case]) -> Dict[str, str]:
        """Answer a list of distinct cases; returns {key: answer}."""
        if not cases:
            return {}
        with self._seq_lock:
            self._seq += 1
            seq = self._seq
        workdir = tempfile.mkdtemp(prefix=f"cuteref_cpp_{seq}_", dir=self.keep_build)
        try:
            src = os.path.join(workdir, "cuteref_batch.cpp")
            exe = os.path.join(workdir, "cuteref_batch")
            spans = self.write_source(src, cases)
            status, err = self.compile(src, exe, len(cases))
            if status == "ok":
                by_index = self.run(exe, len(cases))
                return {c.key: by_index[i] for i, c in enumerate(cases)}
        finally:
            if self.keep_build is None:
                shutil.rmtree(workdir, ignore_errors=True)

        if len(cases) == 1:
            if status == "timeout":
                return {cases[0].key: f"error COMPILE_TIMEOUT after {self.compile_timeout:g}s"}
            blamed, _ = self.blame(err, src, spans)
            msg = blamed.get(0) or first_error_line(err) or "compilation failed"
            return {cases[0].key: "error COMPILE " + msg}

        if status == "error" and self.isolate == "blame":
            blamed, _ = self.blame(err, src, spans)
            if blamed:
                self.log(f"compiler blamed {len(blamed)} of {len(cases)} case(s)")
                result = {cases[i].key: "error COMPILE " + msg for i, msg in blamed.items()}
                rest = [c for i, c in enumerate(cases) if i not in blamed]
                result.update(self.solve(rest))
                return result
        # bisect
        mid = len(cases) // 2
        self.log(f"bisecting {len(cases)} case(s)")
        result = self.solve(cases[:mid])
        result.update(self.solve(cases[mid:]))
        return result


def run_killable(cmd: List[str], timeout: float, text: bool = True):
    """subprocess.run with a timeout that kills the whole process group (g++
    forks cc1plus/as/ld).  Returns (returncode or None on timeout, stdout, stderr)."""
    kw = dict(text=True, errors="replace") if text else {}
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True, **kw)
    try:
        out, err = proc.communicate(timeout=timeout if timeout > 0 else None)
        return proc.returncode, out, err
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except OSError:
            pass
        out, err = proc.communicate()
        return None, out, err


def first_error_line(stderr: str) -> str:
    for line in stderr.splitlines():
        m = _ERR_RE.search(line)
        if m:
            return m.group(1).strip()
    return ""


def describe_crash(rc: Optional[int], stderr: str) -> str:
    lines = [l.strip() for l in stderr.splitlines() if l.strip()]
    what = ""
    if rc is not None and rc < 0:
        try:
            what = signal.Signals(-rc).name
        except ValueError:
            what = f"signal {-rc}"
    elif rc is not None:
        what = f"exit status {rc}"
    if lines:
        last = lines[-1]
        # "prog: file:line: func: Assertion `x' failed." -> keep from "Assertion"
        k = last.find("Assertion")
        if k >= 0:
            last = last[k:]
        return f"{what}: {last}" if what else last
    return what or "crashed"


# --------------------------------------------------------------------------
# Answer cache (sqlite, keyed by toolchain fingerprint + request text)
# --------------------------------------------------------------------------

class Cache:
    def __init__(self, path: Optional[str], fingerprint: str):
        self.fingerprint = fingerprint
        self.db = None
        if path:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            self.db = sqlite3.connect(path, check_same_thread=False)
            self.db.execute("CREATE TABLE IF NOT EXISTS answers (k TEXT PRIMARY KEY, request TEXT, answer TEXT)")
            self.db.commit()

    def _key(self, request: str) -> str:
        return hashlib.sha256((self.fingerprint + "\n" + request).encode()).hexdigest()

    def get_many(self, requests: Sequence[str]) -> Dict[str, str]:
        if self.db is None:
            return {}
        found: Dict[str, str] = {}
        for r in requests:
            row = self.db.execute("SELECT answer FROM answers WHERE k = ?", (self._key(r),)).fetchone()
            if row:
                found[r] = row[0]
        return found

    def put_many(self, items: Dict[str, str]) -> None:
        if self.db is None or not items:
            return
        transient = ("error COMPILE_TIMEOUT", "error RUNTIME_TIMEOUT", "error INTERNAL")
        rows = [(self._key(r), r, a) for r, a in items.items() if not a.startswith(transient)]
        self.db.executemany("INSERT OR REPLACE INTO answers VALUES (?, ?, ?)", rows)
        self.db.commit()


# --------------------------------------------------------------------------
# Batch driver
# --------------------------------------------------------------------------

class Adapter:
    def __init__(self, args: argparse.Namespace):
        self.args = args
        self.codegen = Codegen(args.ints)
        self.stats = Stats()
        cute_inc = args.cute_include or find_cute_include()
        if not cute_inc:
            raise SystemExit("cute_cpp_adapter: CuTe headers not found; pip install nvidia-cutlass "
                             "or pass --cute-include DIR")
        cuda_incs = args.cuda_include or find_cuda_includes()
        self.flags = build_flags(cute_inc, cuda_incs, args.cxxflags)
        toolchain = "|".join([args.cxx, compiler_version(args.cxx), " ".join(self.flags),
                              rt.dist_version("nvidia-cutlass")])
        fp = "|".join([CODEGEN_VERSION, args.ints, toolchain])
        cache_path = None if args.no_cache else os.path.join(args.cache_dir, "cute_cpp_answers.sqlite")
        self.cache = Cache(cache_path, fp)
        if args.keep_build:
            os.makedirs(args.keep_build, exist_ok=True)
        self.runner = Runner(args.cxx, self.flags, args.compile_timeout, args.run_timeout,
                             args.isolate, args.keep_build, self.stats, args.verbose)
        self.toolchain = toolchain
        self._pch_ready = False

    def ensure_pch(self) -> None:
        if not self._pch_ready and not self.args.no_pch:
            self.runner.use_pch(self.args.cache_dir, self.toolchain)
        self._pch_ready = True

    def answer_batch(self, lines: List[str]) -> List[str]:
        answers: List[Optional[str]] = [None] * len(lines)
        keyed: Dict[str, List[int]] = {}
        exprs: Dict[str, str] = {}
        for i, raw in enumerate(lines):
            call, answers[i] = rt.parse(raw)
            if call is None:
                continue
            key = normalize(raw)
            if key not in exprs:
                try:
                    exprs[key] = self.codegen.call(call)
                except (Unsupported, BadArg) as e:
                    answers[i] = rt.declined(e)
                    continue
                except RecursionError:
                    answers[i] = rt.NESTING
                    continue
            keyed.setdefault(key, []).append(i)

        results = self.cache.get_many(list(keyed))
        pending = [Case(k, exprs[k]) for k in keyed if k not in results]
        if pending:
            self.ensure_pch()
            fresh = self.solve_parallel(pending)
            self.cache.put_many(fresh)
            results.update(fresh)
        for key, idxs in keyed.items():
            for i in idxs:
                answers[i] = results.get(key, "error INTERNAL no answer")
        return [a if a is not None else "error INTERNAL no answer" for a in answers]

    def solve_parallel(self, cases: List[Case]) -> Dict[str, str]:
        chunk = max(1, self.args.chunk)
        shards = [cases[i:i + chunk] for i in range(0, len(cases), chunk)]
        if self.args.jobs <= 1 or len(shards) == 1:
            out: Dict[str, str] = {}
            for s in shards:
                out.update(self.runner.solve(s))
            return out
        out = {}
        with concurrent.futures.ThreadPoolExecutor(max_workers=self.args.jobs) as pool:
            for part in pool.map(self.runner.solve, shards):
                out.update(part)
        return out


def build_flags(cute_inc: str, cuda_incs: Sequence[str], extra: str) -> List[str]:
    flags = ["-std=c++17", "-O0", "-w", "-I" + cute_inc]
    flags += ["-I" + d for d in cuda_incs]
    if extra:
        flags += shlex.split(extra)
    return flags


def compiler_version(cxx: str) -> str:
    try:
        return subprocess.run([cxx, "--version"], stdout=subprocess.PIPE, text=True,
                              timeout=30).stdout.splitlines()[0]
    except Exception:  # noqa: BLE001
        return "unknown"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(
        description="cuteref peer adapter backed by the CuTe C++ headers: buffers request lines "
                    "from stdin, compiles them into one C++ program with g++, and writes one "
                    "'ok <result>' / 'error <text>' line per request, in order.")
    ap.add_argument("--batch", type=int, default=0, metavar="N",
                    help="answer every N lines instead of waiting for EOF (default 0: whole input)")
    ap.add_argument("--chunk", type=int, default=250, metavar="M",
                    help="at most M distinct cases per compiled program (default 250)")
    ap.add_argument("--jobs", type=int, default=1, metavar="J",
                    help="compile up to J chunks at once (default 1)")
    ap.add_argument("--ints", choices=["static", "as-written"], default="static",
                    help="'static' (default): every integer becomes cute::Int<N>{}; "
                         "'as-written': only _N is static, a plain N is a run-time int")
    ap.add_argument("--isolate", choices=["blame", "bisect"], default="blame",
                    help="how to find the failing cases of a batch that does not compile: "
                         "'blame' reads the compiler's error locations first and falls back to "
                         "bisection (default); 'bisect' only halves the batch recursively")
    ap.add_argument("--compile-timeout", type=float, default=300.0, metavar="S",
                    help="seconds allowed per g++ invocation (default 300); a batch that times out "
                         "is bisected, a single case answers 'error COMPILE_TIMEOUT'")
    ap.add_argument("--run-timeout", type=float, default=60.0, metavar="S",
                    help="seconds allowed per run of a compiled program (default 60)")
    ap.add_argument("--cxx", default=os.environ.get("CXX", "g++"), help="C++ compiler (default g++ or $CXX)")
    ap.add_argument("--cxxflags", default="", help="extra compiler flags, appended")
    ap.add_argument("--cute-include", default=None, metavar="DIR",
                    help="directory holding cute/layout.hpp (default: from the installed nvidia-cutlass)")
    ap.add_argument("--cuda-include", action="append", default=None, metavar="DIR",
                    help="include directory for cuda_runtime_api.h / cuda/std (repeatable; "
                         "default: /usr/local/cuda/include and its cccl/)")
    ap.add_argument("--cache-dir", default=os.path.join(HERE, ".cache"),
                    help="answer cache directory (default peers/.cache)")
    ap.add_argument("--no-cache", action="store_true", help="neither read nor write the answer cache")
    ap.add_argument("--no-pch", action="store_true",
                    help="do not precompile the CuTe headers (a .gch of ~100 MB kept in the cache dir)")
    ap.add_argument("--keep-build", default=None, metavar="DIR",
                    help="keep generated sources and binaries under DIR (for debugging)")
    ap.add_argument("--print-flags", action="store_true", help="print the compiler command line and exit")
    ap.add_argument("--stats", action="store_true",
                    help="report compile/run counts and seconds on stderr at exit")
    ap.add_argument("-v", "--verbose", action="store_true", help="log compiles and runs on stderr")
    args = ap.parse_args(argv)

    adapter = Adapter(args)
    if args.print_flags:
        print(" ".join([args.cxx] + adapter.flags))
        return 0

    out = sys.stdout
    t_start = time.monotonic()
    n_lines = 0

    def flush_batch(batch: List[str]) -> None:
        for a in adapter.answer_batch(batch):
            out.write(a + "\n")
        out.flush()

    batch: List[str] = []
    for line in rt.request_lines():
        batch.append(line)
        n_lines += 1
        if args.batch > 0 and len(batch) >= args.batch:
            flush_batch(batch)
            batch = []
    if batch:
        flush_batch(batch)

    if args.stats:
        s = adapter.stats
        sys.stderr.write(
            f"[cute_cpp_adapter] {n_lines} request(s) in {time.monotonic() - t_start:.2f}s; "
            f"{s.compiles} compile(s) {s.compile_seconds:.2f}s, {s.runs} run(s) {s.run_seconds:.2f}s\n")
    return 0


if __name__ == "__main__":
    with rt.quiet_end():
        sys.exit(main())
