#!/usr/bin/env python3
"""Lines of ref/ behind an operation: the code lines (no blank line, no
comment-only line, no lone brace) of every ref/ function reachable from the
operation's entry point through calls inside ref/, and of the entry's own
file. Inline functions of ref/'s headers count where they are reached.

Reachability is read from the text (a name followed by '('), so a
function named but not called (a pointer) counts too; shared helpers are
counted once per operation. The figure is the length a reader follows
from the entry to every function it can run, which is what issue 40 asks
to compare before and after a change of ref/.

usage: tools/op_lines.py [--root DIR] [--list] [OP ...]
  default OPs: composition complement right_inverse left_inverse
  logical_divide swizzle_composition (needs Universal Ctags)
"""
import argparse
import os
import re
import subprocess
import sys

ENTRIES = {
    "composition": "ct_composition",
    "complement": "ct_complement",
    "right_inverse": "ct_right_inverse",
    "left_inverse": "ct_left_inverse",
    "logical_divide": "ct_logical_divide",
    "swizzle_composition": "ct_sw_compose",
}

CALL_RE = re.compile(r"\b(ct_[A-Za-z0-9_]+)\s*\(")


def code_lines(lines):
    """Code lines of a function's text: not blank, not only a comment or a brace."""
    n, in_comment = 0, False
    for line in lines:
        s = line.strip()
        if in_comment:
            if "*/" in s:
                in_comment = False
                s = s.split("*/", 1)[1].strip()
            else:
                continue
        while s.startswith("/*"):
            if "*/" in s:
                s = s.split("*/", 1)[1].strip()
            else:
                in_comment = True
                s = ""
        if s.startswith("//"):
            s = ""
        if s and s not in ("{", "}", "};", "});"):
            n += 1
    return n


def functions(root):
    """name -> (file, start, end) of every function defined in ref/."""
    files = sorted(os.path.join("ref", f) for f in os.listdir(os.path.join(root, "ref"))
                   if f.endswith((".c", ".h")))
    out = subprocess.run(["ctags", "--c-kinds=f", "--fields=+ne", "-f", "-"]
                         + files, cwd=root, stdout=subprocess.PIPE, universal_newlines=True, check=True).stdout
    fns = {}
    for line in out.splitlines():
        cols = line.split("\t")
        if len(cols) < 3:
            continue
        name, path = cols[0], cols[1]
        start = end = None
        for c in cols[2:]:
            if c.startswith("line:"):
                start = int(c[5:])
            elif c.startswith("end:"):
                end = int(c[4:])
        if start and end:
            fns.setdefault(name, (path, start, end))
    return fns


def reach(root, fns, entry):
    seen, todo, texts = set(), [entry], {}
    while todo:
        f = todo.pop()
        if f in seen or f not in fns:
            continue
        seen.add(f)
        path, a, b = fns[f]
        if path not in texts:
            with open(os.path.join(root, path)) as fh:
                texts[path] = fh.read().splitlines()
        body = texts[path][a - 1:b]
        for m in CALL_RE.finditer("\n".join(body)):
            if m.group(1) not in seen:
                todo.append(m.group(1))
    total = 0
    for f in seen:
        path, a, b = fns[f]
        total += code_lines(texts[path][a - 1:b])
    return seen, total


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    ap.add_argument("--list", action="store_true", help="also list the functions reached")
    ap.add_argument("ops", nargs="*", default=list(ENTRIES))
    args = ap.parse_args()
    fns = functions(args.root)
    print("%-20s %-18s %9s %11s" % ("operation", "entry", "functions", "code lines"))
    for op in args.ops:
        entry = ENTRIES.get(op, op)
        if entry not in fns:
            print("%s: no function %s in ref/" % (op, entry), file=sys.stderr)
            return 2
        seen, total = reach(args.root, fns, entry)
        print("%-20s %-18s %9d %11d" % (op, entry, len(seen), total))
        if args.list:
            for f in sorted(seen, key=lambda f: fns[f]):
                print("    %s:%d %s" % (fns[f][0], fns[f][1], f))
    return 0


if __name__ == "__main__":
    sys.exit(main())
