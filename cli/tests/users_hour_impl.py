#!/usr/bin/env python3
"""users_hour_impl.py -- the implementation an implementer writes in the
first hour (issue 39), as cli/tests/users_hour_test.sh plays it: two
operations behind the line protocol of spec/protocol.md.

- composition: handed to a library the implementer trusts (here the
  installed `cuteref eval -`, one co-process), so it is right wherever it
  answers (spec/composition.md);
- complement: written by hand, with the classic planted bug: the modes are
  not sorted by stride before the complement is built (spec/complement.md);
- every other operation: `error UNSUPPORTED`.

It also prints one stray line at start-up, the way a debug print at import
does; the runner must show it and take it for no answer.
"""
import os
import re
import subprocess
import sys

STRAY = "users_hour_impl: loading my layout algebra (debug build)"

INT = r"-?\d+"
FLAT = re.compile(r"^\(?(%s(?:,%s)*)\)?:\(?(%s(?:,%s)*)\)?$" % (INT, INT, INT, INT))


def flat_layout(text):
    """(shape, stride) of a flat layout literal `s:d` or `(s,...):(d,...)`,
    or None for anything else (nested, marked, a call)."""
    m = FLAT.match(text.replace("_", "").replace(" ", ""))
    if not m:
        return None
    shape = [int(x) for x in m.group(1).split(",")]
    stride = [int(x) for x in m.group(2).split(",")]
    return (shape, stride) if len(shape) == len(stride) else None


def show(modes):
    if not modes:
        return "1:0"
    if len(modes) == 1:
        return "%d:%d" % modes[0]
    return "(%s):(%s)" % (",".join(str(s) for s, _ in modes), ",".join(str(d) for _, d in modes))


def complement(args):
    """complement(A, M) for a flat A with positive shapes and strides."""
    if len(args) != 2 or not re.fullmatch(INT, args[1].strip()):
        return "error UNSUPPORTED complement form"
    a, m = flat_layout(args[0]), int(args[1])
    if a is None or m <= 0 or any(s <= 0 for s in a[0]) or any(d <= 0 for d in a[1]):
        return "error UNSUPPORTED complement form"
    modes = [(s, d) for s, d in zip(*a) if s != 1]
    # THE PLANTED BUG: spec/complement.md builds the complement from A's
    # modes in order of stride; here they are taken as written.
    out, cur = [], 1
    for s, d in modes:
        if d % cur:
            return "error NOT_COMPLEMENTABLE"
        if d // cur > 1:
            out.append((d // cur, cur))
        cur = s * d
    rest = -(-m // cur)
    if rest > 1:
        out.append((rest, cur))
    return "ok " + show(out)


def split_call(line):
    """NAME and its top-level arguments, or None."""
    m = re.fullmatch(r"\s*([a-z_]+)\((.*)\)\s*", line)
    if not m:
        return None
    args, depth, cur = [], 0, ""
    for ch in m.group(2):
        if ch == "," and depth == 0:
            args.append(cur)
            cur = ""
            continue
        depth += ch in "(<"
        depth -= ch in ")>"
        cur += ch
    return m.group(1), args + [cur]


class Library:
    """The trusted library: one `cuteref eval -` beside this program's cuteref."""

    def __init__(self):
        exe = os.environ.get("CUTEREF", "cuteref")
        self.p = subprocess.Popen([exe, "eval", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        return self.p.stdout.readline().rstrip("\n")


def main():
    print(STRAY, flush=True)
    lib = Library()
    for line in sys.stdin:
        line = line.rstrip("\r\n")
        call = split_call(line)
        if call and call[0] == "composition":
            print(lib.ask(line), flush=True)
        elif call and call[0] == "complement":
            print(complement(call[1]), flush=True)
        else:
            print("error UNSUPPORTED " + (call[0] if call else "form"), flush=True)


if __name__ == "__main__":
    main()
