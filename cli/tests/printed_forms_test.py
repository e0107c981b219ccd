#!/usr/bin/env python3
"""What other implementations print reads back as the value they print
(spec/notation.md, "Printed forms of other implementations").

- CuTe C++ and the CuTe DSL: their real printed output, captured by
  peers/capture_printed.py into cli/tests/printed/<tool>.txt (lines
  `OURS<TAB>PRINTED`, `!CODE [VALUE]` for a text that is no value; see
  that script), for the layouts, swizzles and
  composed layouts of the vectors and the atoms and tensors users print.
- pycute and tensor-layouts: every layout, swizzle and composed layout
  among the expected values of the vectors (spec/vectors/) is built in each
  and printed by it, str() and repr(), here.

Each printed text is read by `cuteref eval -` and must give the value
OURS gives (static marks aside, which only C++ keeps), or fail with the
error code of a `!CODE` line. With --conform, every printed form is also
an answer to `cuteref conform`, whose reader must take it: a stand-in
implementation answers each request OURS with the text a tool printed.

Both Python peers come from pip (tools/setup.sh installs them for CI); a
missing one fails the test, it is never skipped.

usage: printed_forms_test.py CUTEREF [ROOT] [--conform]
"""
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

FIXTURES = os.path.join("cli", "tests", "printed")
REGENERATE = "python3 peers/capture_printed.py"


def parse_inttuple(text, pos=0):
    """Our IntTuple notation (spec/notation.md) -> (python value, next pos):
    an int, or a tuple; static marks are dropped."""
    while text[pos] == " ":
        pos += 1
    if text[pos] == "(":
        items, pos = [], pos + 1
        while text[pos] != ")":
            item, pos = parse_inttuple(text, pos)
            items.append(item)
            if text[pos] == ",":
                pos += 1
        return tuple(items), pos + 1
    m = re.compile(r"_?(-?\d+)").match(text, pos)
    if not m:
        raise ValueError("no IntTuple at %d of %r" % (pos, text))
    return int(m.group(1)), m.end()


def parse_layout(text):
    shape, pos = parse_inttuple(text)
    if text[pos] != ":":
        raise ValueError(text)
    stride, pos = parse_inttuple(text, pos + 1)
    if pos != len(text):
        raise ValueError(text)
    return shape, stride


SW_RE = re.compile(r"^Sw<(\d+),(\d+),(-?\d+)>$")
INT_RE = re.compile(r"^_?(-?\d+)$")


def strip_static(text):
    return re.sub(r"_(?=-?\d)", "", text)


def python_forms(value, pycute, pycute_swizzle, tl):
    """[(tool, printed text)]: what pycute and tensor-layouts print for our
    value `value`, str() and repr(); [] where it is none of a layout, a
    swizzle or a composed layout they can hold."""
    if "@" in value or "<" in value and not value.startswith("Sw<"):
        return []  # basis strides and tilers: neither peer holds them
    parts = value.split(" o ")
    if len(parts) == 1:
        m = SW_RE.match(value)
        if m:
            p, t = pycute_swizzle.Swizzle(*(int(g) for g in m.groups())), tl.Swizzle(*(int(g) for g in m.groups()))
        elif ":" in value:
            shape, stride = parse_layout(value)
            p, t = pycute.Layout(shape, stride), tl.Layout(shape, stride)
        else:
            return []
    else:
        if len(parts) != 3 or not INT_RE.match(parts[1]) or ":" not in parts[2]:
            return []
        offset = int(INT_RE.match(parts[1]).group(1))
        inner = parse_layout(parts[2])
        m = SW_RE.match(parts[0])
        if m:
            p_outer, t_outer = pycute_swizzle.Swizzle(*(int(g) for g in m.groups())), tl.Swizzle(*(int(g) for g in m.groups()))
        elif ":" in parts[0]:
            outer = parse_layout(parts[0])
            p_outer, t_outer = pycute.Layout(*outer), tl.Layout(*outer)
        else:
            return []
        p = pycute_swizzle.ComposedLayout(p_outer, offset, pycute.Layout(*inner))
        t = tl.ComposedLayout(t_outer, tl.Layout(*inner), offset=offset)
    return [("pycute", str(p)), ("pycute", repr(p)), ("tensor-layouts", str(t)), ("tensor-layouts", repr(t))]


IDENTITY_SW_RE = re.compile(r"Sw<0,\d+,-?\d+>")


def same(tool, got, want):
    """Whether cuteref's answers to a printed form and to OURS agree."""
    if tool == "CuTe C++":
        return got == want  # C++ prints `_N` for a static N, as our notation does
    # the others drop static marks; the DSL prints every swizzle of 0 bits,
    # the identity whatever M and S (spec/swizzle.md), as S<0,4,3>
    return IDENTITY_SW_RE.sub("Sw<0,4,3>", strip_static(got)) == IDENTITY_SW_RE.sub("Sw<0,4,3>", strip_static(want))


def read_fixture(path):
    """[(ours, printed)] of one fixture; its header must name the tool and
    how to regenerate it."""
    rows, header = [], []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if line.startswith("#"):
                header.append(line)
                continue
            cols = line.split("\t")
            if len(cols) != 2 or not cols[0] or not cols[1]:
                raise ValueError("%s:%d: not OURS<TAB>PRINTED: %r" % (path, n, line))
            rows.append((cols[0], cols[1]))
    if not any(REGENERATE in h for h in header):
        raise ValueError("%s: its header does not say how to regenerate it (%s)" % (path, REGENERATE))
    return rows


def vector_values(root):
    values = set()
    for path in sorted(glob.glob(os.path.join(root, "spec", "vectors", "*.txt"))):
        with open(path) as f:
            for line in f:
                cols = line.rstrip("\n").split("\t")
                if len(cols) == 4 and cols[3].startswith("ok "):  # OP, ORIGIN, REQUEST, EXPECTED
                    values.add(cols[3][3:])
    return sorted(values)


def eval_lines(cuteref, lines):
    out = subprocess.run([cuteref, "eval", "-"], input="\n".join(lines) + "\n", stdout=subprocess.PIPE,
                         universal_newlines=True).stdout.splitlines()  # exit 1 where a line fails
    if len(out) != len(lines):
        raise RuntimeError("%d answers to %d requests" % (len(out), len(lines)))
    return out


def check_read_back(cuteref, cases):
    """cases: [(tool, ours, printed)]. Returns the number of failures."""
    ours = sorted({o for _, o, _ in cases if not o.startswith("!")})
    answers = dict(zip(ours, eval_lines(cuteref, ours)))
    got = eval_lines(cuteref, [t for _, _, t in cases])
    failures = 0
    for (tool, o, text), g in zip(cases, got):
        if o.startswith("!"):
            code = o[1:].split(" ")[0]
            if not g.startswith("error %s " % code):
                print("FAIL: %s prints %r, which is no value; cuteref must answer %s, answers: %s" % (tool, text, code, g))
                failures += 1
            continue
        want = answers[o]
        if not want.startswith("ok "):
            print("FAIL: our value %r does not read back: %s" % (o, want))
            failures += 1
        elif not same(tool, g, want):
            print("FAIL: %s prints %r for %s; cuteref reads it as: %s" % (tool, text, want[3:], g))
            failures += 1
    return failures


STAND_IN = r"""import json, sys
answers = json.load(open(sys.argv[1]))
for line in sys.stdin:
    print("ok " + answers[line.rstrip("\n")], flush=True)
"""


def check_conform(cuteref, cases, tmp):
    """Every printed form as conform's stand-in implementation's answer to
    the request OURS: one run per round, a round holding each OURS once."""
    rounds = []
    for tool, o, text in cases:
        if o.startswith("!"):
            continue
        k = 0
        while k < len(rounds) and o in rounds[k]:
            k += 1
        if k == len(rounds):
            rounds.append({})
        rounds[k][o] = text
    impl = os.path.join(tmp, "stand_in.py")
    with open(impl, "w") as f:
        f.write(STAND_IN)
    failures = 0
    for k, answers in enumerate(rounds):
        amap, reqs = os.path.join(tmp, "answers_%d.json" % k), os.path.join(tmp, "cases_%d.txt" % k)
        with open(amap, "w") as f:
            json.dump(answers, f)
        with open(reqs, "w") as f:
            f.write("".join(r + "\n" for r in answers))
        r = subprocess.run([cuteref, "conform", "--impl", "python3 %s %s" % (impl, amap), "--cases", reqs, "--batch",
                            "--probe-every", "0", "--shrink-max", "0", "--json", os.path.join(tmp, "r.json"), "--quiet"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
        if r.returncode == 0:
            continue
        try:
            with open(os.path.join(tmp, "r.json")) as f:
                wrong = json.load(f)["disagreements"]
        except (OSError, ValueError, KeyError):
            wrong = []
        for d in wrong:
            print("FAIL: conform judges %r %s as the answer to %s (expected %s)"
                  % (d.get("answer"), d.get("verdict"), d.get("request"), d.get("expected")))
        if not wrong:
            print("FAIL: conform failed on round %d of the printed forms: %s" % (k + 1, r.stdout.strip()[-2000:]))
        failures += max(1, len(wrong))
    print("conform read %d printed forms as answers, in %d runs" % (sum(len(a) for a in rounds), len(rounds)))
    return failures


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if not args or "--help" in sys.argv:
        print(__doc__)
        return 0 if "--help" in sys.argv else 2
    cuteref = os.path.abspath(args[0])
    root = args[1] if len(args) > 1 else os.getcwd()
    try:
        import pycute
        import pycute.swizzle as pycute_swizzle
        import tensor_layouts as tl
    except ImportError as exc:
        print("FAIL: printed_forms_test needs pycute and tensor-layouts (tools/setup.sh installs them): %s" % exc)
        return 1
    values = vector_values(root)
    cases = []  # (tool, ours, printed)
    for v in values:
        cases.extend((tool, v, text) for tool, text in python_forms(v, pycute, pycute_swizzle, tl))
    names = {"cute_cpp": "CuTe C++", "cutedsl": "the CuTe DSL"}
    for path in sorted(glob.glob(os.path.join(root, FIXTURES, "*.txt"))):
        tool = names.get(os.path.basename(path)[:-4])
        if tool is None:
            print("FAIL: %s is no fixture of %s" % (path, ", ".join(sorted(names))))
            return 1
        rows = read_fixture(path)
        cases.extend((tool, o, t) for o, t in rows)
        captured = {o.split(" ", 1)[1] if o.startswith("!") and " " in o else o for o, _ in rows}
        layouts = [v for v in values if not v.startswith("<") and (":" in v or v.startswith("Sw<"))]
        missing = [v for v in layouts if v not in captured]
        if missing:  # a vector added since the capture: not a failure, CI cannot run the tools
            print("note: %d values of the vectors (%s, ...) have no form captured from %s; regenerate: %s"
                  % (len(missing), missing[0], tool, REGENERATE))
        del names[os.path.basename(path)[:-4]]
    if names:
        print("FAIL: no fixture of %s under %s (regenerate: %s)" % (", ".join(names.values()), FIXTURES, REGENERATE))
        return 1
    for _, o, text in cases:
        if "\n" in text or "\t" in text:
            print("FAIL: a printed form spans lines: %r" % text)
            return 1
    failures = check_read_back(cuteref, cases)
    by_tool = {}
    for tool, o, _ in cases:
        n = by_tool.setdefault(tool, [0, 0])
        n[1 if o.startswith("!") else 0] += 1
    for tool in sorted(by_tool):
        print("read back: %d forms as %s prints them, and %d that are no value" % (by_tool[tool][0], tool, by_tool[tool][1]))
    print("%d printed forms of %d values of the vectors, %d failed" % (len(cases), len(values), failures))
    if "--conform" in sys.argv[1:]:
        with tempfile.TemporaryDirectory(prefix="printed_forms_") as tmp:
            failures += check_conform(cuteref, cases, tmp)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
