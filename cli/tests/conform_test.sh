#!/usr/bin/env bash
# Tests of `cuteref conform` (spec/protocol.md):
#  1. the reference judged against itself conforms, on the vectors and on
#     random cases, in the interactive, pipelined, batch and strict modes;
#  2. a misbehaving implementation (fake_impl.py: crashes, hangs, garbage,
#     answers out of order, wrong answers) is reported correctly, exits 1 and
#     never hangs the runner, in every mode;
#     a wrong answer is shrunk;
#  3. `cuteref vectors --check` finds a changed outcome and an outcome change
#     without a version bump, and `--write` bumps the version;
#  4. usage errors exit 2.
set -u
cuteref="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
dir="$(cd "$(dirname "$0")" && pwd)"
vectors="${2:-spec/vectors}"
tmp="${TEST_TMPDIR:-$(mktemp -d)}"
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAILED: $*" >&2; }
run() { timeout 240 "$@"; } # the runner must never hang; this is the backstop

# 1. The reference conforms to itself.
self="$cuteref eval -"
run "$cuteref" conform --impl "$self" --vectors "$vectors" --quiet --json "$tmp/self.json" >"$tmp/out" 2>&1
[ $? = 0 ] && ok || bad "reference vs itself on the vectors: $(cat "$tmp/out")"
run "$cuteref" conform --impl "$self" --vectors "$vectors" --batch --batch-size 1000 --quiet >"$tmp/out" 2>&1
[ $? = 0 ] && ok || bad "reference vs itself on the vectors, batch mode: $(cat "$tmp/out")"
run "$cuteref" conform --impl "$self" --random 40 --window 8 --quiet >"$tmp/out" 2>&1
[ $? = 0 ] && ok || bad "reference vs itself on random cases, window 8: $(cat "$tmp/out")"
run "$cuteref" conform --impl "$self" --random 20 --seed 7 --strict --quiet >"$tmp/out" 2>&1
[ $? = 0 ] && ok || bad "reference vs itself, strict text mode: $(cat "$tmp/out")"
python3 - "$tmp/self.json" <<'EOF' && ok || bad "self report"
import json, sys
d = json.load(open(sys.argv[1]))
t = d["totals"]
assert d["conforms"] and t["sent"] == t["conforming"] > 2000, t
assert d["process"]["starts"] == 1 and d["process"]["probes"] > 100, d["process"]
assert d["sources"]["vectors"]["version"] >= 1
assert {"composition", "complement", "notation"} <= {o["op"] for o in d["operations"]}
EOF

# 2. A misbehaving implementation. Probes every 4 requests: the garbage and
# the doubled answer fall into different probe segments.
cat >"$tmp/cases.txt" <<'EOF'
size((4,2))
size((13,13))
composition((6,2):(8,2), (4,3):(3,1))
size((17,17))
complement(4:2, 24)
size((19,19))
coalesce((2,(1,6)):(1,(6,2)))
size((3,5))
size((23,23))
size((5,7))
right_inverse((2,4,6):(4,1,8))
size((2,3))
size((29,29))
size((31,31))
cosize(((2,4),(3,5)):((3,6),(1,24)))
composition((6,2):(1,7), (3,2):(2,3))
composition((4,6,8):(2,3,5), 6:3)
size((2,2))
EOF
for mode in interactive window batch; do
  case $mode in
  interactive) extra="" fake="" ;;
  window) extra="--window 3" fake="" ;;
  batch) extra="--batch --batch-timeout 3" fake="--batch" ;;
  esac
  start=$(date +%s)
  # shellcheck disable=SC2086
  run "$cuteref" conform --impl "python3 $dir/fake_impl.py $cuteref $fake" --cases "$tmp/cases.txt" --timeout 2 \
    --probe-every 4 $extra --json "$tmp/fake_$mode.json" --markdown "$tmp/fake_$mode.md" --quiet >"$tmp/out" 2>&1
  status=$?
  [ "$status" = 1 ] && ok || bad "$mode: the fake implementation exits $status, want 1: $(cat "$tmp/out")"
  [ $(($(date +%s) - start)) -lt 60 ] && ok || bad "$mode: the run took $(($(date +%s) - start)) s"
  python3 - "$tmp/fake_$mode.json" <<'EOF' && ok || bad "$mode: fake report: $(cat "$tmp/fake_$mode.md")"
import json, sys
d = json.load(open(sys.argv[1]))
t, p = d["totals"], d["process"]
want = {"sent": 18, "crashed": 1, "timed_out": 1, "malformed": 1, "wrong_result": 2, "wrong_rejection": 1,
        "accepted_inadmissible": 1}
for k, v in want.items():
    assert t[k] == v, (k, t[k], v)
assert 1 <= t["out_of_order"] <= 4, t
assert t["conforming"] == 18 - sum(t[k] for k in want if k != "sent") - t["out_of_order"], t
assert not d["conforms"]
assert p["crashes"] == 1 and p["timeouts"] == 1 and p["out_of_order"] == 1 and p["starts"] == 4, p
kinds = sorted(e["kind"] for e in d["events"])
assert kinds == ["crashed", "out_of_order", "timed_out"], kinds
dis = {x["request"]: x for x in d["disagreements"]}
assert dis["size((13,13))"]["verdict"] == "crashed"
assert dis["size((17,17))"]["verdict"] == "timed_out"
assert dis["size((19,19))"]["verdict"] == "malformed"
assert dis["size((23,23))"]["verdict"] == "out_of_order"
assert dis["size((29,29))"]["verdict"] == "wrong_result" and dis["size((29,29))"]["spec_id"] == "LAYOUT-1"
assert dis["size((31,31))"]["verdict"] == "wrong_rejection"
c = dis["composition((6,2):(1,7), (3,2):(2,3))"]
assert c["verdict"] == "accepted_inadmissible" and c["spec_id"] == "composition!NOT_DISJOINT", c
assert c["post_condition_violated"] == "COMP-2", c
# the requests after each failure were answered by a fresh process
assert "composition((4,6,8):(2,3,5), 6:3)" not in dis and "size((2,2))" not in dis
# the cosize counterexample was shrunk
cx = [x for x in d["counterexamples"] if x["op"] == "cosize"]
assert len(cx) == 1 and cx[0]["steps"] > 0 and len(cx[0]["request"]) < len(cx[0]["shrunk_from"]), cx
assert cx[0]["spec_id"] == "LAYOUT-4", cx
EOF
  # the words of the report explained at its end (issue 39)
  grep -q '^## Terms used above' "$tmp/fake_$mode.md" && grep -q '^- \*wrong rejection\*: ' "$tmp/fake_$mode.md" && ok ||
    bad "$mode: the report explains its terms: $(tail -12 "$tmp/fake_$mode.md")"
done

# 2b. Stray lines never shift answers onto other requests (issue 39): a
#     banner printed at start-up is shown and not taken as an answer (the
#     reference behind it conforms); a stray line in mid-stream makes
#     answers out of order, never wrong results (it gave 32 before).
cat >"$tmp/stray.py" <<'PY'
import subprocess, sys
ref = subprocess.Popen(sys.argv[1:] + ["eval", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
n = 0
mode = __import__("os").environ["STRAY"]
if mode == "banner":
    print("hello from the implementation", flush=True)
for line in sys.stdin:
    ref.stdin.write(line)
    ref.stdin.flush()
    sys.stdout.write(ref.stdout.readline())
    n += 1
    if mode == "mid" and n == 5:
        sys.stdout.write("debug: a stray line\n")
    sys.stdout.flush()
PY
STRAY=banner run "$cuteref" conform --impl "python3 $tmp/stray.py $cuteref" --vectors "$vectors" --ops composition,complement \
  --json "$tmp/banner.json" >"$tmp/out" 2>&1
st=$?
python3 - "$tmp/banner.json" "$st" "$tmp/out" <<'PY' && ok || bad "a start-up banner: $(tail -20 "$tmp/out")"
import json, sys
d = json.load(open(sys.argv[1]))
assert sys.argv[2] == "0" and d["conforms"], d["totals"]
assert d["process"]["startup_lines"] == 1, d["process"]
assert "hello from the implementation" in open(sys.argv[3]).read()
PY
STRAY=mid run "$cuteref" conform --impl "python3 $tmp/stray.py $cuteref" --vectors "$vectors" --ops composition,complement \
  --json "$tmp/mid.json" >"$tmp/out" 2>&1
python3 - "$tmp/mid.json" <<'PY' && ok || bad "a stray line in mid-stream: $(tail -20 "$tmp/out")"
import json, sys
d = json.load(open(sys.argv[1]))
t = d["totals"]
assert t["wrong_result"] == 0 and t["wrong_rejection"] == 0 and t["accepted_inadmissible"] == 0, t
assert t["out_of_order"] > 0 and not d["conforms"], t
PY

# 2c. Operations an implementation does not provide (issue 39): the minimal
#     adapter of spec/protocol.md answers `error NotImplementedError` to
#     them; they are counted as unsupported and listed once, and the report
#     leads with the real disagreements (here none: composition is the
#     reference's).
cat >"$tmp/one_op.py" <<'PY'
import subprocess, sys
ref = subprocess.Popen(sys.argv[1:] + ["eval", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
for line in sys.stdin:
    if not line.startswith(("composition(", "size((7919,")):
        print("error NotImplementedError", flush=True)
        continue
    ref.stdin.write(line)
    ref.stdin.flush()
    print(ref.stdout.readline().strip(), flush=True)
PY
run "$cuteref" conform --impl "python3 $tmp/one_op.py $cuteref" --vectors "$vectors" --ops composition,complement,coalesce \
  --json "$tmp/one_op.json" >"$tmp/out" 2>&1
python3 - "$tmp/one_op.json" <<'PY' && ok || bad "operations not provided: $(tail -20 "$tmp/out")"
import json, sys
d = json.load(open(sys.argv[1]))
t = d["totals"]
assert t["wrong_rejection"] == 0 and t["wrong_result"] == 0, t
assert t["unsupported"] > 0 and "complement (`error NotImplementedError`" in d["not_provided"], d["not_provided"]
assert "composition" not in d["not_provided"], d["not_provided"]
PY

# 3. The vectors' drift check: a changed expected outcome is drift, and an
#    outcome change without a version bump is reported; --write bumps it.
specdir="$(dirname "$vectors")"
mkdir -p "$tmp/vec"
cp "$vectors"/* "$tmp/vec/"
chmod u+w "$tmp/vec"/*
"$cuteref" vectors --check "$tmp/vec" --spec "$specdir" >"$tmp/out" 2>&1
[ $? = 0 ] && ok || bad "vectors --check on a copy: $(cat "$tmp/out")"
version=$(sed -n 's/^version //p' "$tmp/vec/VERSION")
sed -i '0,/\tok /s/\tok \(.*\)$/\tok (999,999):(1,999)/' "$tmp/vec/composition.txt"
"$cuteref" vectors --check "$tmp/vec" --spec "$specdir" >"$tmp/out" 2>&1
[ $? = 1 ] && ok || bad "vectors --check should fail on a changed outcome"
grep -q 'without a version bump' "$tmp/out" && ok || bad "no 'without a version bump': $(cat "$tmp/out")"
grep -q 'the reference now answers' "$tmp/out" && ok || bad "the changed case is not named: $(cat "$tmp/out")"
"$cuteref" vectors --write "$tmp/vec" --spec "$specdir" >"$tmp/out" 2>&1
[ "$(sed -n 's/^version //p' "$tmp/vec/VERSION")" = "$version" ] && ok || bad "--write back to the reference's outcomes should keep version $version"
"$cuteref" vectors --write "$tmp/vec" --spec "$specdir" --per-generator 41 >"$tmp/out" 2>&1
[ "$(sed -n 's/^version //p' "$tmp/vec/VERSION")" = "$((version + 1))" ] && ok || bad "--write with cases added should bump the version: $(cat "$tmp/out")"
"$cuteref" vectors --check "$tmp/vec" --spec "$specdir" --per-generator 41 >"$tmp/out" 2>&1
[ $? = 0 ] && ok || bad "vectors --check after --write: $(cat "$tmp/out")"
"$cuteref" vectors --check "$tmp/vec" --spec "$specdir" >"$tmp/out" 2>&1
[ $? = 1 ] && ok || bad "vectors --check should fail when cases are gone"

# 4. Usage errors exit 2; --list-cases needs no implementation.
"$cuteref" conform >/dev/null 2>&1
[ $? = 2 ] && ok || bad "conform without --impl should exit 2"
"$cuteref" conform --impl cat --frobnicate >/dev/null 2>&1
[ $? = 2 ] && ok || bad "unknown option should exit 2"
run "$cuteref" conform --impl "$tmp/no/such/command" --cases "$tmp/cases.txt" --quiet >/dev/null 2>&1
[ $? = 2 ] && ok || bad "an implementation that cannot start should exit 2"
n=$("$cuteref" conform --random 3 --ops composition,complement --list-cases | wc -l)
[ "$n" = 6 ] && ok || bad "--list-cases printed $n lines, want 6"
"$cuteref" conform --help | grep -q '^usage: cuteref conform' && ok || bad "conform --help"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
