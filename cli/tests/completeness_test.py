#!/usr/bin/env python3
"""The registry (cli/registry.c) is the list of operations: every list of
operation names kept outside it names registered operations only, and the
lists that must cover every operation do (issue 40, "the registry row is
the operation"). A stale name fails the test and is named with its file.

Kept outside the row, checked here:
  include/cuteref.h      the typed C wrappers, cuteref_<op>(...)
  tools/peers.sh         the per-peer operation lists (*_ops=...)
  peers/*_adapter.py     the operations each adapter maps, as its --list-ops
                         prints them (those whose peer is installed here)
  peers/known_cases.txt  the cross-check every peer is asked
  fuzz/cuteref.dict      the fuzzers' dictionary: every operation, no other
  props/props_composed.c the operations CL-4 applies on a composed layout,
                         each with the `on_inner` rule in its row
Derived from the row, checked to cover it:
  `cuteref eval --list`, `cuteref ops --names`, the C API's
  cuteref_op_name() (through the Python module's operations()).

usage: completeness_test.py CUTEREF [ROOT]
"""
import glob
import os
import re
import subprocess
import sys

NAME = r"[A-Za-z_][A-Za-z0-9_]*"


def run(args):
    return subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)


def calls(text):
    """Operation names applied in a request text: NAME( or NAME<...>(."""
    return set(re.findall(r"(" + NAME + r")\s*(?:<[^<>]*>)?\s*\(", text))


def main():
    cuteref = os.path.abspath(sys.argv[1])
    root = sys.argv[2] if len(sys.argv) > 2 else os.getcwd()
    tsv = run([cuteref, "ops", "--tsv"]).stdout.splitlines()
    head = tsv[0].split("\t")
    rows = {r["name"]: r for r in (dict(zip(head, l.split("\t"))) for l in tsv[1:])}
    callable_ops = {n for n, r in rows.items() if r["builtin"] == "1"}
    # names the evaluator reads that are no operation (spec/notation.md, printed forms)
    readers = {"Sw", "S", "Swizzle", "Layout", "ComposedLayout", "ArithTuple"}
    problems, checked = [], 0

    def expect_registered(where, names):
        nonlocal checked
        for n in sorted(names):
            checked += 1
            if n not in callable_ops:
                problems.append("%s names '%s', which is no registered operation" % (where, n))

    # include/cuteref.h: typed wrappers
    with open(os.path.join(root, "include", "cuteref.h")) as f:
        header = f.read()
    api_fixed = {"api_version", "version", "vectors_version", "code_name", "code_summary", "code_by_name",
                 "num_codes", "eval", "answer", "free_string", "eval_n", "answer_n", "value_parse",
                 "value_parse_n", "value_free", "value_str", "value_print", "value_kind", "value_int",
                 "value_equivalent", "call", "num_ops", "op_name", "op_synopsis", "layout_at", "judge", "judge_n",
                 "case", "shrink_candidate"}
    wrappers = set(re.findall(r"CUTEREF_API\s+[^;(]*?\bcuteref_(" + NAME + r")\s*\(", header)) - api_fixed
    expect_registered("include/cuteref.h (a typed wrapper)", wrappers)
    # tools/peers.sh: *_ops lists
    with open(os.path.join(root, "tools", "peers.sh")) as f:
        for k, line in enumerate(f, 1):
            m = re.match(r'\s*(' + NAME + r'_ops)="([^"]*)"', line)
            if m and "$(" not in m.group(2):  # a literal list (a $(...) asks an adapter, below)
                names = {x for x in m.group(2).replace("$" + m.group(1), "").split(",") if x}
                expect_registered("tools/peers.sh:%d (%s)" % (k, m.group(1)), names)
    # peers/known_cases.txt and the fuzz dictionary
    with open(os.path.join(root, "peers", "known_cases.txt")) as f:
        for k, line in enumerate(f, 1):
            if line.strip() and not line.startswith("#"):
                expect_registered("peers/known_cases.txt:%d" % k, calls(line.split("\t")[-1]) - readers)
    with open(os.path.join(root, "fuzz", "cuteref.dict")) as f:
        dict_ops = {}
        for k, line in enumerate(f, 1):
            m = re.match(r'"(' + NAME + r')\("$', line.strip())
            if m and m.group(1) not in readers:
                dict_ops[m.group(1)] = k
    for n, k in sorted(dict_ops.items()):
        expect_registered("fuzz/cuteref.dict:%d" % k, {n})
    checked += 1
    if callable_ops - set(dict_ops):  # its header promises every operation
        problems.append("fuzz/cuteref.dict misses %s" % ", ".join(sorted(callable_ops - set(dict_ops))))
    # the adapters that print the operations they map
    for path in sorted(glob.glob(os.path.join(root, "peers", "*_adapter.py"))):
        r = run([sys.executable, path, "--list-ops"])
        if r.returncode == 0 and r.stdout.strip():
            expect_registered(os.path.relpath(path, root) + " --list-ops", set(r.stdout.replace(",", " ").split()))
    # props/props_composed.c: CL-4's operations are on_inner in their rows
    with open(os.path.join(root, "props", "props_composed.c")) as f:
        text = f.read()
    m = re.search(r"what\[\d+\]\s*=\s*\{([^}]*)\}", text)
    if not m:
        problems.append("props/props_composed.c: CL-4's list of operations was not found")
    else:
        for n in re.findall(r'"(' + NAME + r')"', m.group(1)):
            checked += 1
            if rows.get(n, {}).get("composed") != "on_inner":
                problems.append("props/props_composed.c: CL-4 applies %s on the inner layout, but its row's "
                                "composed rule is %s" % (n, rows.get(n, {}).get("composed", "missing")))
    # derived lists cover the registry
    listed = {l.split()[0] for l in run([cuteref, "eval", "--list"]).stdout.splitlines() if l.strip()}
    names = set(run([cuteref, "ops", "--names"]).stdout.split())
    for what, got in (("cuteref eval --list", listed), ("cuteref ops --names", names)):
        checked += 1
        if got != callable_ops:
            problems.append("%s differs from the registry: missing %s, extra %s"
                            % (what, sorted(callable_ops - got), sorted(got - callable_ops)))
    for p in problems:
        print("FAIL: " + p)
    print("completeness: %d names checked against %d registered operations, %d stale"
          % (checked, len(callable_ops), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
