#!/usr/bin/env python3
"""The MMA atom atlas's count (spec/mma.md, docs/data/atlas.md): the distinct
thread-value layouts of CuTe's dense MMA atoms of SM70..SM90, read from the
installed CuTe headers, and how many of them the atlas (`mma_tv_a/b/c`,
derived from the PTX ISA) gives, compared as functions by `cuteref examples`.

  tools/atlas_count.py CUTEREF [CUTE_ATOM_DIR] [--markdown] [--list] [--cpp]

--cpp also checks this script's reading of the headers against CuTe C++
itself: a program built with nvcc prints MMA_Traits<NAME>::{A,B,C}Layout{}
for every mma.sync atom and five wgmma atoms, and each printed layout must be
the text read here (static marks dropped).

Each `MMA_Traits<NAME>` of mma_traits_sm70/sm75/sm80/sm89/sm90/sm90_gmma(_ext).hpp
(sparse atoms excluded) gives its ALayout, BLayout and CLayout, inherited
from the trait it derives from where it does not write them; aliases
(SM80_16x8_Row, GMMA::CLayout_64xN<N>, GMMA::ABLayout<M,K>, ...) are
expanded. A layout is turned into cuteref's notation (Shape<_4,_8> -> (4,8)).
NAME gives the atlas's atom (M, N, K, bits), bits the width of A's type (the
type letters after the accumulator's), as ct_mma_by_name does (ref/mma_atom.c);
SM70's quad-pair atoms are called by their names (their form is in the name).
Each distinct (layout, atlas call) pair becomes a line `CALL = LAYOUT` run
by `cuteref examples` (same function, shapes compatible: EQUIV-2); a layout
counts as covered when an atlas call equals it.
"""
import collections
import glob
import os
import re
import subprocess
import sys
import tempfile

DEFAULT_DIR = "/usr/local/lib/python3.11/dist-packages/cutlass_library/source/include/cute/atom"
FILES = ["mma_traits_sm70.hpp", "mma_traits_sm75.hpp", "mma_traits_sm80.hpp", "mma_traits_sm89.hpp", "mma_traits_sm90.hpp",
         "mma_traits_sm90_gmma.hpp", "mma_traits_sm90_gmma_ext.hpp"]
TYPES = [("GC64", 64), ("TF32", 32), ("BF16", 16), ("F16", 16), ("F64", 64), ("C64", 64), ("E4M3", 8),
         ("E5M2", 8), ("S32", 32), ("S8", 8), ("U8", 8), ("S4", 4), ("U4", 4), ("U1", 1), ("F32", 32)]


def strip_comments(s):
    s = re.sub(r"/\*.*?\*/", "", s, flags=re.S)
    return re.sub(r"//[^\n]*", "", s)


def brace_body(s, start):
    """The text from `start` (just past a `{`) to its matching `}`, that brace left out."""
    depth, j = 1, start
    while depth and j < len(s):
        depth += {"{": 1, "}": -1}.get(s[j], 0)
        j += 1
    return s[start:j - 1]


def split_args(s):
    """'a, B<c, d>, e' -> ['a', 'B<c, d>', 'e'] (top-level commas only)."""
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def to_tuple(t, env):
    """Shape<_4, Shape<_2,_2>> / Stride<...> / _4 / Int<N/8> -> cuteref text."""
    t = t.strip()
    m = re.match(r"^(?:cute::)?(Shape|Stride)\s*<(.*)>$", t, re.S)
    if m:
        return "(" + ",".join(to_tuple(a, env) for a in split_args(m.group(2))) + ")"
    m = re.match(r"^Int\s*<(.*)>$", t, re.S)
    if m:
        return str(int(eval(m.group(1), {}, dict(env))))
    m = re.match(r"^_(\d+)$", t)
    if m:
        return m.group(1)
    raise ValueError("cannot read %r" % t)


def layout_text(expr, aliases, env=()):
    """A CuTe layout type as cuteref notation, aliases expanded; None if unknown."""
    e = expr.strip()
    e = re.sub(r"^(?:cute::)?(?:SM90::)?(?:GMMA::)?", "", e)
    m = re.match(r"^ABLayout\s*<\s*(\d+)\s*,\s*(\d+)\s*>$", e)
    if m:
        M, K = int(m.group(1)), int(m.group(2))
        return "(128,(%d,%d)):(0,(1,%d))" % (M, K, M)
    m = re.match(r"^(\w+)\s*<\s*(\d+)\s*>$", e)
    if m and m.group(1) in aliases:
        params, body = aliases[m.group(1)]
        return layout_text(body, aliases, tuple(zip(params, [int(m.group(2))])))
    if re.match(r"^\w+$", e) and e in aliases:
        params, body = aliases[e]
        return layout_text(body, aliases, env)
    m = re.match(r"^Layout\s*<(.*)>$", e, re.S)
    if m:
        args = split_args(m.group(1))
        if len(args) != 2:
            return None
        return to_tuple(args[0], env) + ":" + to_tuple(args[1], env)
    return None


def read_traits(atom_dir):
    aliases, traits = {}, {}
    texts = []
    for f in FILES:
        p = os.path.join(atom_dir, f)
        if os.path.exists(p):
            texts.append(strip_comments(open(p).read()))
    for s in texts:
        for m in re.finditer(r"(template\s*<\s*int\s+(\w+)\s*>\s*)?using\s+(\w+)\s*=\s*((?:cute::)?(?:GMMA::)?(?:Layout|CLayout_64xN|ABLayout)\b[^;]*);", s):
            aliases[m.group(3)] = ((m.group(2),) if m.group(2) else (), m.group(4))
    for s in texts:
        for m in re.finditer(r"struct\s+MMA_Traits\s*<\s*(SM\d+_\w+)[^{;]*?(?::\s*MMA_Traits\s*<\s*(SM\d+_\w+)[^{]*)?\{", s):
            name, base = m.group(1), m.group(2)
            body = brace_body(s, m.end())
            lay = {}
            for op in "ABC":
                mm = re.search(r"using\s+%sLayout\s*=\s*([^;]*);" % op, body)
                if mm:
                    lay[op] = layout_text(mm.group(1), aliases)
            traits[name] = (base, lay)
    return traits


def resolve(traits, name, op):
    seen = set()
    while name in traits and name not in seen:
        seen.add(name)
        base, lay = traits[name]
        if op in lay:
            return lay[op]
        name = base
    return None


def atom_of(name):
    """CuTe's name -> (M, N, K, bits) of the atlas, or None (ct_mma_by_name)."""
    m = re.match(r"^SM(\d+)_(\d+)x(\d+)x(\d+)_(\w+)$", name)
    if not m:
        return None
    M, N, K, rest = int(m.group(2)), int(m.group(3)), int(m.group(4)), m.group(5)
    p = rest
    for t, _ in TYPES:  # the accumulator's type
        if p.startswith(t):
            p = p[len(t):]
            break
    for t, b in TYPES:
        if p.startswith(t):
            return (M, N, K, b)
    return None


CPP_GMMA = [("SM90_64x8x16_F16F16F16_SS", "<SM90::GMMA::Major::K, SM90::GMMA::Major::K>"),
            ("SM90_64x256x16_F32F16F16_RS", "<SM90::GMMA::Major::K, SM90::GMMA::Major::K>"),
            ("SM90_64x24x32_S32S8S8_RS_TN", ""),
            ("SM90_64x200x8_F32TF32TF32_RS_TN", "<>"),
            ("SM90_64x16x16_F32BF16BF16_SS", "<SM90::GMMA::Major::MN, SM90::GMMA::Major::MN>")]


def cpp_check(traits, atom_dir):
    """CuTe C++'s printed layouts vs this script's reading: (same, differing lines)."""
    include = os.path.dirname(os.path.dirname(os.path.abspath(atom_dir)))
    nvcc = os.environ.get("NVCC", "/usr/local/cuda/bin/nvcc")
    atoms = [(n, "") for n in sorted(traits) if not n.startswith("SM90_64") and "SPARSE" not in n] + CPP_GMMA
    src = ["#include <cute/tensor.hpp>", "#include <cute/atom/mma_atom.hpp>",
           "#include <cute/arch/mma_sm90_gmma_ext.hpp>", "#include <cute/atom/mma_traits_sm90_gmma_ext.hpp>",
           "#include <cstdio>", "using namespace cute;",
           "template <class Op> void show(const char* n) { using T = MMA_Traits<Op>;",
           ' printf("%s A ", n); print(typename T::ALayout{}); printf("\\n");',
           ' printf("%s B ", n); print(typename T::BLayout{}); printf("\\n");',
           ' printf("%s C ", n); print(typename T::CLayout{}); printf("\\n"); }', "int main() {"]
    src += [' show<%s%s>("%s");' % (n, t, n) for n, t in atoms] + [" return 0; }"]
    work = tempfile.mkdtemp()
    with open(os.path.join(work, "atlas.cu"), "w") as f:
        f.write("\n".join(src) + "\n")
    subprocess.run([nvcc, "-std=c++17", "-I" + include, "-o", os.path.join(work, "atlas"),
                    os.path.join(work, "atlas.cu")], check=True)
    out = subprocess.run([os.path.join(work, "atlas")], stdout=subprocess.PIPE, universal_newlines=True,
                         check=True).stdout
    same, bad = 0, []
    for l in out.splitlines():
        n, op, L = l.split()
        L = re.sub(r"([(,:])_(\d)", r"\1\2", L)
        if resolve(traits, n, op) == L:
            same += 1
        else:
            bad.append("%s %s: C++ prints %s, read %s" % (n, op, L, resolve(traits, n, op)))
    return same, bad


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if not args:
        print(__doc__)
        return 2
    cuteref = os.path.abspath(args[0])
    atom_dir = args[1] if len(args) > 1 else DEFAULT_DIR
    traits = read_traits(atom_dir)
    names = sorted(n for n in traits if "SPARSE" not in n)
    layouts = collections.OrderedDict()  # cute layout text -> [(name, op)]
    unread = []
    for n in names:
        for op in "ABC":
            L = resolve(traits, n, op)
            if L is None:
                unread.append((n, op))
                continue
            layouts.setdefault(L, []).append((n, op))
    # the atlas's call for each (layout, atom)
    lines, where = [], {}
    for L, users in layouts.items():
        calls = set()
        for n, op in users:
            a = atom_of(n)
            if a is None:
                continue
            if a[0] == 64 and op == "A" and "_SS" in n:
                continue  # the shared-memory A: no atlas call (spec/mma.md, Differences)
            if n.startswith("SM70_"):  # a quad-pair atom: its form is in its name alone (MMA-QP)
                calls.add("mma_tv_%s(%s)" % (op.lower(), n))
                continue
            calls.add("mma_tv_%s(%d, %d, %d, %d)" % (op.lower(), a[0], a[1], a[2], a[3]))
        for c in sorted(calls):
            where[len(lines)] = (L, c)
            lines.append("%s = %s" % (c, L))
    with tempfile.NamedTemporaryFile("w", suffix=".md", delete=False) as f:
        f.write("```cuteref\n" + "\n".join(lines) + "\n```\n")
        path = f.name
    out = subprocess.run([cuteref, "examples", path], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         universal_newlines=True).stdout
    os.unlink(path)
    bad = {}
    for l in out.splitlines():
        m = re.match(r"^.*?:(\d+): (.*)$", l)
        if m:
            bad[int(m.group(1)) - 2] = m.group(2)
    covered, disagree, uncovered = [], [], []
    for L, users in layouts.items():
        idx = [i for i, (l2, _) in where.items() if l2 == L]
        ok = [where[i][1] for i in idx if i not in bad]
        if ok:
            covered.append((L, users, ok))
        elif idx:
            disagree.append((L, users, [(where[i][1], bad[i]) for i in idx]))
        else:
            uncovered.append((L, users))
    md = "--markdown" in sys.argv
    print("CuTe atoms read: %d (%d operand layouts unread)" % (len(names), len(unread)))
    print("distinct TV layouts: %d; covered by the atlas: %d; differing: %d; no atlas call: %d"
          % (len(layouts), len(covered), len(disagree), len(uncovered)))
    for title, rows in (("differing", disagree), ("no atlas call", uncovered)):
        for r in rows:
            L, users = r[0], r[1]
            ex = ", ".join("%s %s" % (n, op) for n, op in users[:3]) + (" ..." if len(users) > 3 else "")
            print(("- %s: `%s` (%d uses: %s)" if md else "%s: %s (%d uses: %s)") % (title, L, len(users), ex))
            if title == "differing":
                for c, why in r[2]:
                    print(("  - `%s`: %s" if md else "  %s: %s") % (c, why))
    if "--cpp" in sys.argv:
        same, bad = cpp_check(traits, atom_dir)
        print("CuTe C++ prints the layouts read here: %d of %d" % (same, same + len(bad)))
        for b in bad:
            print("  " + b)
    if "--list" in sys.argv:
        for L, users, ok in covered:
            print("covered: %s = %s (%d uses)" % (ok[0], L, len(users)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
