#!/usr/bin/env bash
# The implementer's first hour, end to end (issue 39): from a folder outside
# the repository, cuteref installed (emulated: the binary in PREFIX/bin and
# the vectors in PREFIX/share/cuteref/vectors, as `make install` lays them
# out), an implementation of two operations with a planted bug and a stray
# start-up line (users_hour_impl.py) judged by `cuteref conform`. The report
# (spec/protocol.md, "Report") must
#   1. lead with the planted bug: its first defect is complement's wrong
#      rejection (the modes not sorted by stride), its cases grouped under it;
#   2. misjudge nothing: composition, right wherever it answers, has no wrong
#      result, wrong rejection or accepted inadmissible answer, and no
#      operation but complement has a defect;
#   3. show the stray start-up line verbatim;
#   4. count the operations the implementation declines as unsupported,
#      never as defects.
# A run that finds no defect at all fails: the premise (a planted bug the
# runner must find) does not hold.
# usage: users_hour_test.sh CUTEREF [VECTORS_DIR] [FIXTURE]
set -u
abs() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
cuteref="$(abs "$1")"
dir="$(cd "$(dirname "$0")" && pwd)"
vectors="$(abs "${2:-spec/vectors}")"
fixture="$(abs "${3:-$dir/users_hour_impl.py}")"
start="$PWD"
tmp="${TEST_TMPDIR:-$(mktemp -d)}"
fail=0
bad() { fail=$((fail + 1)); echo "FAILED: $*" >&2; }
before="$(ls -A "$start")"

# The install: the tool, and the vectors beside it.
prefix="$tmp/prefix"
mkdir -p "$prefix/bin" "$prefix/share/cuteref/vectors" "$tmp/hour"
cp "$cuteref" "$prefix/bin/cuteref"
cp "$vectors"/*.txt "$vectors/VERSION" "$prefix/share/cuteref/vectors/"

# The implementer's folder: their program, and conform run there.
cd "$tmp/hour" || exit 1
cp "$fixture" impl.py
unset CUTEREF_VECTORS
export PATH="$prefix/bin:$PATH"
timeout 240 cuteref conform --impl "python3 impl.py" --json report.json --markdown report.md >stdout.txt 2>stderr.txt
rc=$?
[ $rc = 1 ] || bad "conform exited $rc, not 1 (does not conform): $(tail -5 stderr.txt)"
[ -s report.md ] && [ -s report.json ] || { bad "no report"; exit 1; }
grep -q "conformance vectors of version [0-9]* from \`$prefix/bin/../share/cuteref/vectors\`" report.md ||
  bad "the vectors were not found beside the installed tool: $(grep '^- cases' report.md)"

# 3. The stray start-up line, verbatim.
stray="$(sed -n 's/^STRAY = "\(.*\)"$/\1/p' impl.py)"
[ -n "$stray" ] || bad "the fixture names no stray line"
grep -qF -- "$stray" report.md || bad "the stray start-up line is not in the report: $stray"

python3 - report.json report.md <<'EOF' || fail=$((fail + 1))
import json, re, sys
d = json.load(open(sys.argv[1]))
md = open(sys.argv[2]).read()
ok = True
def want(cond, what):
    global ok
    if not cond:
        print("FAILED: " + what, file=sys.stderr)
        ok = False
ops = {o["op"]: o for o in d["operations"]}
defects = d.get("defects")
if defects is None:
    print("FAILED: the JSON report has no `defects` (counterexamples not grouped by defect)", file=sys.stderr)
    sys.exit(1)
# The premise: the planted bug is there to be found.
if not defects:
    print("FAILED: premise: no defect found, so the planted bug in complement went unseen", file=sys.stderr)
    sys.exit(1)
# 1. The first defect is the planted bug, its cases grouped under it.
first = defects[0]
want((first["op"], first["verdict"], first["spec_id"]) == ("complement", "wrong_rejection", "complement!OK"),
     "the first defect is not complement's missing sort: %s" % first)
cpl = ops["complement"]
want(first["disagreements"] * 2 > cpl["wrong_rejection"],
     "the first defect covers %d of complement's %d wrong rejections" % (first["disagreements"], cpl["wrong_rejection"]))
want(first["spec"].startswith("spec/complement.md#"), "no spec link: %s" % first["spec"])
want(first["meaning"], "no explanation of the defect")
cx = d["counterexamples"]
want(all(cx[k - 1]["defect"] == 1 for k in first["counterexamples"]), "its counterexamples are not numbered with it")
want(len(defects) < len(cx) or len(cx) == 1, "%d counterexamples in %d defects: nothing grouped" % (len(cx), len(defects)))
sec = md.split("\n## Counterexamples\n", 1)[-1].split("\n## ", 1)[0]
heads = re.findall(r"^### .*$", sec, re.M)
want(heads and heads[0] == "### Defect 1: complement, wrong rejection (`complement!OK`), shape `%s`" % first["shape"],
     "the Markdown does not lead with the planted bug: %s" % heads[:2])
want(len(heads) == len(defects), "%d defect headings for %d defects" % (len(heads), len(defects)))
if len(first["counterexamples"]) > 1:
    want("- the same defect, other minimal cases:" in sec, "the defect's other cases are not listed under it")
# 2. Nothing misjudged: composition is right wherever it answers.
comp = ops["composition"]
want(comp["conforming"] > 0, "composition answered nothing: %s" % comp)
for v in ("wrong_result", "wrong_rejection", "accepted_inadmissible", "malformed"):
    want(comp[v] == 0, "composition has %d %s" % (comp[v], v))
want(all(x["op"] == "complement" for x in defects), "a defect outside complement: %s" % [x["op"] for x in defects])
# 4. The declined operations: counted as unsupported, not listed as wrong.
want(d["totals"]["unsupported"] > 1000, "unsupported: %d" % d["totals"]["unsupported"])
want("UNSUPPORTED" not in sec, "an unsupported answer among the counterexamples")
want(d["process"]["startup_lines"] == 1, "start-up lines: %d" % d["process"]["startup_lines"])
print("first defect: %s %s %s, %d disagreements in %d cases; %d defects; composition %d conforming; %d unsupported" % (
    first["op"], first["verdict"], first["spec_id"], first["disagreements"], len(first["counterexamples"]),
    len(defects), comp["conforming"], d["totals"]["unsupported"]))
sys.exit(0 if ok else 1)
EOF

cd "$start" || exit 1
[ "$(ls -A "$start")" = "$before" ] || bad "the run wrote into $start"
if [ $fail = 0 ]; then echo "PASS: users_hour_test"; else echo "$fail failed"; fi
[ $fail = 0 ]
