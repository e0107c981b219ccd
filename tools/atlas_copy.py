#!/usr/bin/env python3
"""The copy atom atlas's count (spec/copy.md, docs/data/atlas.md): the distinct
thread-value layouts of CuTe's ldmatrix/stmatrix/movmatrix copy atoms, read from the
installed CuTe headers, and how many of them the atlas (`copy_tv_src/dst/ref`,
derived from the PTX ISA) gives, compared as functions by `cuteref examples`.

  tools/atlas_copy.py CUTEREF [CUTE_ATOM_DIR] [--list] [--cpp]

--cpp also builds, with nvcc, a program that prints CuTe C++'s own
Copy_Traits<NAME>::{Src,Dst,Ref}Layout{} for the atoms with an atlas name and for
SM80_CP_ASYNC_CACHEALWAYS<uint64_t>, SM80_CP_ASYNC_CACHEGLOBAL<uint128_t> and
UniversalCopy<uint128_t>, and wants each printed text (static marks kept)
to be exactly what `cuteref eval 'copy_tv_x(...)'` prints; for the TMEM atoms
also Copy_Traits<NAME>::ValID{}, their Tensor Memory addresses, against
`copy_tmem_addr(NAME)` (COPY-TMEM16); for tcgen05.cp's 12 SM100_UTCCP_*
atoms their ValID{} against this script's reading of it.

Each `Copy_Traits<NAME>` of copy_traits_sm75.hpp, copy_traits_sm90.hpp and
copy_traits_sm100.hpp (its ldmatrix/stmatrix forms and its TMEM loads and
stores, SM100_TMEM_{LOAD,STORE}_*x and their `_16b` pack/unpack forms)
gives its SrcLayout, DstLayout and RefLayout (in bits), following
`typename Copy_Traits<OTHER>::XLayout` and `RefLayout = SrcLayout`. NAME
is covered when `copy_tv_x(NAME)` is accepted; each distinct (layout, call)
pair becomes a line `copy_tv_x(NAME) = LAYOUT` run by `cuteref examples`
(same function, shapes compatible: EQUIV-2), and each TMEM atom's ValID
(TMEM::DP_b read as 2^21) a line `copy_tmem_addr(NAME) = LAYOUT`. A layout counts as covered when
an atlas call equals it; distinct layouts are counted by their text.
tcgen05.cp's atoms (SM100_UTCCP_*, COPY-UTCCP) have no TV layout in the
atlas; their ValIDs are counted apart, each against `copy_tmem_addr(NAME)`:
equal as functions, or equal once composed with the value mode of the
atom's DstLayout (CuTe's 4dp256bit "refresh" tile), or differing (reported;
spec/copy.md's Differences name the one expected, 2x64dp128bitlw0123).
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atlas_count import brace_body, layout_text, strip_comments  # noqa: E402

DEFAULT_DIR = "/usr/local/lib/python3.11/dist-packages/cutlass_library/source/include/cute/atom"
FILES = ["copy_traits_sm75.hpp", "copy_traits_sm90.hpp", "copy_traits_sm100.hpp"]
# of copy_traits_sm100.hpp, the ldmatrix/stmatrix forms and the TMEM loads and
# stores (tcgen05.ld/st, COPY-TMEM) with their 16-bit pack/unpack forms
# (`_16b`, COPY-TMEM16); its 256-bit global copies and tcgen05.cp (SM100_UTCCP_*,
# no thread-value layout: spec/copy.md) are not in this count: docs/data/atlas.md
NAME_FILTER = {"copy_traits_sm100.hpp": r"_(LDSM|STSM)_|^SM100_TMEM_(LOAD|STORE)_\w+x(_16b)?$"}
OPS = {"Src": "copy_tv_src", "Dst": "copy_tv_dst", "Ref": "copy_tv_ref"}


def read_traits(atom_dir):
    """NAME -> {"Src": expr, "Dst": expr, "Ref": expr} as written."""
    traits = {}
    for f in FILES:
        s = strip_comments(open(os.path.join(atom_dir, f)).read())
        for m in re.finditer(r"struct\s+Copy_Traits\s*<\s*(SM\d+_\w+)\s*>\s*\{", s):
            if f in NAME_FILTER and not re.search(NAME_FILTER[f], m.group(1)):
                continue
            body = brace_body(s, m.end())
            traits[m.group(1)] = {op: mm.group(1).strip() for op in OPS
                                  for mm in [re.search(r"using\s+%sLayout\s*=\s*([^;]*);" % op, body)] if mm}
            mm = re.search(r"using\s+ValID\s*=\s*([^;]*);", body)
            if mm and m.group(1).startswith("SM100_TMEM_"):
                traits[m.group(1)]["Val"] = mm.group(1).strip()
    return traits


def resolve(traits, name, op, depth=0):
    """The layout text of NAME's op, references followed; None if unread."""
    e = traits.get(name, {}).get(op)
    if e is None or depth > 8:
        return None
    m = re.match(r"^(?:typename\s+)?Copy_Traits\s*<\s*(\w+)\s*>\s*::\s*(Src|Dst|Ref)Layout$", e)
    if m:
        return resolve(traits, m.group(1), m.group(2), depth + 1)
    m = re.match(r"^(Src|Dst|Ref)Layout$", e)
    if m:
        return resolve(traits, name, m.group(1), depth + 1)
    return layout_text(e, {})


DP_B = 1 << 21  # CuTe's TMEM::DP_b (tmem_allocator_sm100.hpp): a lane's address, in bits


def resolve_val(traits, name, depth=0):
    """The text of a TMEM atom's ValID, references followed; None if unread."""
    e = traits.get(name, {}).get("Val")
    if e is None or depth > 8:
        return None
    m = re.match(r"^(?:typename\s+)?Copy_Traits\s*<\s*(\w+)\s*>\s*::\s*ValID$", e)
    if m:
        return resolve_val(traits, m.group(1), depth + 1)
    return layout_text(e.replace("TMEM::DP_b", "_%d" % DP_B), {})


def read_utccp(atom_dir):
    """tcgen05.cp's atoms: NAME -> {"Val": ValID text, "Dst": DstLayout text} (references followed, the
    traits' own `using _DP = TMEM::DP_b; using _DPx32 = Int<_DP{}*32>;` aliases as numbers)."""
    s = strip_comments(open(os.path.join(atom_dir, "copy_traits_sm100.hpp")).read())
    raw = {}
    for m in re.finditer(r"struct\s+Copy_Traits\s*<\s*(SM100_UTCCP_\w+)\s*>\s*\{", s):
        body = brace_body(s, m.end())
        nums = {}
        for a in re.finditer(r"using\s+(\w+)\s*=\s*(TMEM::DP_b|Int\s*<([^;]*)>)\s*;", body):
            expr = str(DP_B) if a.group(2) == "TMEM::DP_b" else re.sub(r"(\w+)\{\}", lambda k: str(nums[k.group(1)]),
                                                                       a.group(3))
            nums[a.group(1)] = int(eval(expr, {}, {}))
        ent = {}
        for op, pat in (("Val", r"using\s+ValID\s*=\s*([^;]*);"), ("Dst", r"using\s+DstLayout\s*=\s*([^;]*);")):
            mm = re.search(pat, body)
            if mm:
                e = mm.group(1).strip()
                for k in sorted(nums, key=len, reverse=True):
                    e = re.sub(r"\b%s\b" % k, "_%d" % nums[k], e)
                ent[op] = e
        raw[m.group(1)] = ent

    def follow(name, op, depth=0):
        e = raw.get(name, {}).get(op)
        if e is None or depth > 8:
            return None
        m = re.match(r"^(?:typename\s+)?Copy_Traits\s*<\s*(\w+)\s*>\s*::\s*(ValID|DstLayout)$", e)
        if m:
            return follow(m.group(1), op, depth + 1)
        return layout_text(e.replace("TMEM::DP_b", "_%d" % DP_B), {})
    return {n: {op: follow(n, op) for op in ("Val", "Dst")} for n in raw}


def value_mode(text):
    """The second top-level mode of a rank-2 layout's text (CTAs, bits) as a layout's text."""
    def modes(t):
        t, depth, cur, out = t[1:-1], 0, "", []
        for ch in t:
            depth += ch == "("
            depth -= ch == ")"
            if ch == "," and depth == 0:
                out.append(cur)
                cur = ""
            else:
                cur += ch
        return out + [cur]
    sh, st = text.split(":")
    return "%s:%s" % (modes(sh)[1], modes(st)[1])


def utccp_check(cuteref, atom_dir):
    """(read, unread, distinct, equal, equal through DstLayout, differing lines) of the UTCCP ValIDs."""
    ut = read_utccp(atom_dir)
    unread = sorted(n for n, e in ut.items() if e["Val"] is None or e["Dst"] is None)
    names = sorted(n for n in ut if n not in unread)
    lines = []
    for n in names:
        lines.append(("eq", n, "copy_tmem_addr(%s) = %s" % (n, ut[n]["Val"])))
        lines.append(("dst", n, "composition(%s, %s) = copy_tmem_addr(%s)" % (ut[n]["Val"], value_mode(ut[n]["Dst"]), n)))
    with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False) as f:
        f.write("```cuteref\n" + "".join(l + "\n" for _, _, l in lines) + "```\n")
        path = f.name
    r = subprocess.run([cuteref, "examples", path], capture_output=True, text=True)
    os.unlink(path)
    failed = set()
    for ln in (r.stdout + r.stderr).splitlines():
        m = re.match(r"^.*?:(\d+): ", ln)
        if m and 2 <= int(m.group(1)) < len(lines) + 2:
            failed.add(lines[int(m.group(1)) - 2][:2])
    eq = [n for n in names if ("eq", n) not in failed]
    via = [n for n in names if ("eq", n) in failed and ("dst", n) not in failed]
    bad = ["  UTCCP differs: %s::ValID is %s, DstLayout %s" % (n, ut[n]["Val"], ut[n]["Dst"])
           for n in names if n not in eq and n not in via]
    return ut, unread, len({ut[n]["Val"] for n in names}), eq, via, bad


CPP_ONE = [("SM80_CP_ASYNC_CACHEALWAYS<uint64_t>", "SM80_CP_ASYNC_CACHEALWAYS, 64"),
           ("SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", "SM80_CP_ASYNC_CACHEGLOBAL, 128"),
           ("UniversalCopy<uint128_t>", "128")]


def cpp_check(cuteref, atom_dir, names, utccp=None):
    """CuTe C++'s printed layouts against cuteref's, as text: (compared, differing lines); and each
    tcgen05.cp ValID of utccp (NAME -> this script's reading) against the reading."""
    utccp = utccp or {}
    nvcc = os.environ.get("NVCC", "/usr/local/cuda/bin/nvcc")
    inc = os.path.dirname(os.path.dirname(os.path.abspath(atom_dir)))
    atoms = [(n, n) for n in names] + CPP_ONE
    tmem = [n for n in names if n.startswith("SM100_TMEM_")]
    prog = ["#include <cute/tensor.hpp>", "#include <cute/atom/copy_traits_sm75.hpp>",
            "#include <cute/atom/copy_traits_sm80.hpp>", "#include <cute/atom/copy_traits_sm90.hpp>",
            "#include <cute/atom/copy_traits_sm100.hpp>",
            "using namespace cute;",
            "template <class T> void p() { print(typename Copy_Traits<T>::SrcLayout{}); printf(\" \");",
            "  print(typename Copy_Traits<T>::DstLayout{}); printf(\" \");",
            "  print(typename Copy_Traits<T>::RefLayout{}); printf(\"\\n\"); }",
            "template <class T> void q() { print(typename Copy_Traits<T>::ValID{}); printf(\"\\n\"); }",
            "int main() {"] + ["  p<%s>();" % t for t, _ in atoms] + ["  q<%s>();" % t for t in tmem] + \
        ["  q<SM100::TMEM::UTCCP::%s>();" % t for t in sorted(utccp)] + ["}"]
    with tempfile.TemporaryDirectory() as d:
        open(os.path.join(d, "t.cu"), "w").write("\n".join(prog) + "\n")
        subprocess.run([nvcc, "-std=c++17", "-arch=sm_90", "-I" + inc, "t.cu", "-o", "t"], cwd=d, check=True,
                       capture_output=True)
        out = subprocess.run([os.path.join(d, "t")], capture_output=True, text=True, check=True).stdout.split("\n")
    n, bad = 0, []
    for (t, args), line in zip(atoms, out):
        for op, text in zip(("src", "dst", "ref"), line.split()):
            got = subprocess.run([cuteref, "eval", "copy_tv_%s(%s)" % (op, args)], capture_output=True,
                                 text=True).stdout.strip()
            n += 1
            if got != text:
                bad.append("  C++ differs: Copy_Traits<%s>::%sLayout is %s, copy_tv_%s(%s) %s" %
                           (t, op.capitalize(), text, op, args, got))
    for t, line in zip(tmem, out[len(atoms):]):
        got = subprocess.run([cuteref, "eval", "copy_tmem_addr(%s)" % t], capture_output=True, text=True).stdout.strip()
        n += 1
        if got != line.strip():
            bad.append("  C++ differs: Copy_Traits<%s>::ValID is %s, copy_tmem_addr(%s) %s" % (t, line.strip(), t, got))
    for t, line in zip(sorted(utccp), out[len(atoms) + len(tmem):]):
        n += 1
        cpp = re.sub(r"([(,:])_(\d)", r"\1\2", line.strip())
        if cpp != utccp[t]:
            bad.append("  C++ differs: Copy_Traits<%s>::ValID is %s, read as %s" % (t, cpp, utccp[t]))
    return n, bad


def accepted(cuteref, call):
    r = subprocess.run([cuteref, "eval", call], capture_output=True, text=True)
    return r.returncode == 0


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if not args or "--help" in sys.argv:
        print(__doc__.strip())
        return 0 if "--help" in sys.argv else 2
    cuteref, atom_dir = args[0], args[1] if len(args) > 1 else DEFAULT_DIR
    traits = read_traits(atom_dir)
    layouts, unread, lines = {}, [], []
    for name in sorted(traits):
        for op in OPS:
            text = resolve(traits, name, op)
            if text is None:
                unread.append("%s::%sLayout" % (name, op))
                continue
            call = "%s(%s)" % (OPS[op], name)
            layouts.setdefault(text, []).append(call if accepted(cuteref, call) else None)
    for text, calls in layouts.items():
        for c in sorted(set(c for c in calls if c)):
            lines.append((text, c))
    vals, val_unread = {}, []  # the TMEM atoms' ValIDs: text -> calls of copy_tmem_addr
    for name in sorted(n for n in traits if n.startswith("SM100_TMEM_")):
        text = resolve_val(traits, name)
        if text is None:
            val_unread.append("%s::ValID" % name)
            continue
        call = "copy_tmem_addr(%s)" % name
        vals.setdefault(text, []).append(call if accepted(cuteref, call) else None)
    val_lines = [(t, c) for t, cs in vals.items() for c in sorted(set(c for c in cs if c))]
    lines += val_lines
    with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False) as f:
        f.write("```cuteref\n" + "".join("%s = %s\n" % (c, t) for t, c in lines) + "```\n")
        path = f.name
    r = subprocess.run([cuteref, "examples", path], capture_output=True, text=True)
    os.unlink(path)
    failed = set()
    for ln in (r.stdout + r.stderr).splitlines():
        m = re.match(r"^.*?:(\d+): ", ln)  # a failing line of the temporary page: its line number
        if m and 2 <= int(m.group(1)) < len(lines) + 2:
            failed.add(lines[int(m.group(1)) - 2])
    if r.returncode != 0 and not failed:
        print(r.stdout + r.stderr)
        return 1
    covered = {t for t, c in lines if (t, c) not in failed and (t, c) not in val_lines}
    val_covered = {t for t, c in val_lines if (t, c) not in failed}
    print("Copy_Traits read: %d (%s), layouts read: %d, unread: %d" %
          (len(traits), ", ".join(FILES), sum(len(v) for v in layouts.values()), len(unread)))
    atoms = [n for n in sorted(traits) if accepted(cuteref, "copy_tv_src(%s)" % n)]
    print("atoms with an atlas name: %d of %d (not: %s)" %
          (len(atoms), len(traits), ", ".join(n for n in sorted(traits) if n not in atoms) or "none"))
    print("distinct TV layouts: %d; equal to the atlas's, as functions: %d; without an atlas call: %d; differing: %d" %
          (len(layouts), len(covered), sum(1 for t, cs in layouts.items() if not any(cs)),
           len({t for t, c in failed} - covered)))
    print("TMEM ValIDs (Tensor Memory addresses) read: %d, unread: %d; distinct: %d; equal to copy_tmem_addr's: %d" %
          (sum(len(v) for v in vals.values()), len(val_unread), len(vals), len(val_covered)))
    for u in val_unread:
        print("  unread: " + u)
    ut, ut_unread, ut_distinct, ut_eq, ut_via, ut_bad = utccp_check(cuteref, atom_dir)
    print("tcgen05.cp (SM100_UTCCP_*) ValIDs read: %d, unread: %d; distinct: %d; equal to copy_tmem_addr's: %d; "
          "equal through DstLayout: %d (%s); differing: %d" %
          (len(ut) - len(ut_unread), len(ut_unread), ut_distinct, len(ut_eq), len(ut_via), ", ".join(ut_via) or "none",
           len(ut_bad)))
    for b in ut_bad + ["  unread: %s::ValID" % u for u in ut_unread]:
        print(b)
    # spec/copy.md's Differences: 2x64dp128bitlw0123 numbers its bits otherwise; any other is a finding
    ut_unexpected = [b for b in ut_bad if "2x64dp128bitlw0123_" not in b] + ut_unread
    for t, cs in sorted(layouts.items()):
        if not any(cs):
            names = sorted(set(n for n in (resolve_names(traits, t))))
            print("  no atlas call: %s (%s)" % (t, ", ".join(names)))
    for t, c in sorted(failed):
        print("  differs: %s = %s" % (c, t))
    if "--list" in sys.argv:
        for t, c in lines:
            print("  %s = %s" % (c, t))
    for u in unread:
        print("  unread: " + u)
    bad = []
    if "--cpp" in sys.argv:
        n, bad = cpp_check(cuteref, atom_dir, atoms, {u: e["Val"] for u, e in ut.items() if e["Val"]})
        print("CuTe C++ (nvcc) printed %d layouts; equal as text to cuteref's: %d" % (n, n - len(bad)))
        for b in bad:
            print(b)
    return 1 if failed or bad or ut_unexpected else 0


def resolve_names(traits, text):
    return ["%s::%sLayout" % (n, op) for n in traits for op in OPS if resolve(traits, n, op) == text]


if __name__ == "__main__":
    sys.exit(main())
