#!/usr/bin/env bash
# conform's shrinker at the int64 edges (issue 44): requests whose integers
# are INT64_MIN, INT64_MAX, -1, 0 and 1 (shape entries, strides, integer
# arguments, tilers) answered wrongly, so that they are shrunk: each round
# computes up to --shrink-width candidates of every disagreement
# (cli/conform_shrink.c), every candidate's edits at once, and the
# reference evaluates each. The shrinker negated INT64_MIN (undefined
# behaviour, reached from the shipped vector cosize(2:-9223372036854775808)).
#
#   shrink_edges_test.sh CUTEREF
#
# Under a sanitizer build (bazel test --config=san, or a make build with
# CFLAGS='-fsanitize=undefined -fno-sanitize-recover=all') undefined
# behaviour ends the runner: the test wants exit status 1 (a run that does
# not conform), no sanitizer report, a JSON report, and disagreements with
# INT64_MIN shrunk.
set -u
cuteref="$1"
case "$cuteref" in /*) ;; *) cuteref="$PWD/$cuteref" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() { fail=$((fail + 1)); echo "FAILED: $*"; }

edges="-9223372036854775808 9223372036854775807 -1 0 1"
for a in $edges; do
  echo "cosize(2:$a)"
  echo "cosize((3,_2):(_1,$a))"
  echo "size(($a,2))"
  echo "idx2crd($a, (2,3))"
  echo "crd2idx($a, (2,3):(1,$a))"
  echo "composition((4,2):($a,1), 2:$a)"
  echo "logical_divide((4,2):(1,$a), <2:$a>)"
  echo "complement(4:$a, $a)"
  for b in $edges; do
    echo "ceil_div($a,$b)"
    echo "shape_div($a,$b)"
    echo "cosize((2,3):($a,$b))"
    echo "coalesce((2,(3,2)):($a,($b,$a)))"
  done
done >"$tmp/cases.txt"

# Two wrong implementations, so that most requests disagree in a way that
# is shrunk: `ok 7` to everything, and the reference's answers flipped (an
# `error` where it accepts, `ok 7` where it rejects).
printf '#!/bin/sh\nwhile IFS= read -r _; do echo "ok 7"; done\n' >"$tmp/ok7.sh"
printf '#!/bin/sh\n"$1" eval - | sed -u -e "s/^ok .*/error WRONG flipped/" -e t -e "s/^error .*/ok 7/"\n' >"$tmp/flip.sh"
cat >"$tmp/check.py" <<'PY'
import json, sys
try:
    d = json.load(open(sys.argv[1]))
except (OSError, ValueError) as e:
    print("FAILED: %s: no JSON report: %s" % (sys.argv[3], e))
    sys.exit(1)
n, ok = int(sys.argv[2]), True
def want(cond, what):
    global ok
    if not cond:
        print("FAILED: %s: %s" % (sys.argv[3], what))
        ok = False
shrunk = [x for x in d["disagreements"] if x["verdict"] in ("wrong_result", "wrong_rejection", "accepted_inadmissible")]
edge = [x for x in shrunk if "-9223372036854775808" in x["request"]]
want(d["totals"]["sent"] == n, "%d requests sent, want %d" % (d["totals"]["sent"], n))
want(d["shrinking"]["requests"] >= len(shrunk), "only %d requests sent while shrinking" % d["shrinking"]["requests"])
want(len(edge) >= 4, "only %d shrunk disagreements hold INT64_MIN" % len(edge))
print("%s: %d requests, %d shrunk (%d with INT64_MIN), %d requests sent while shrinking" % (
    sys.argv[3], n, len(shrunk), len(edge), d["shrinking"]["requests"]))
sys.exit(0 if ok else 1)
PY
n=$(wc -l <"$tmp/cases.txt")
for impl in "sh $tmp/ok7.sh" "sh $tmp/flip.sh $cuteref"; do
  name=${impl#sh "$tmp"/}
  name=${name%% *}
  rm -f "$tmp/r.json"
  "$cuteref" conform --impl "$impl" --cases "$tmp/cases.txt" --probe-every 0 --shrink-max 1000 \
    --shrink-width 64 --shrink-rounds 4 --json "$tmp/r.json" --quiet >"$tmp/out.txt" 2>"$tmp/err.txt"
  status=$?
  # UBSan exits 1 too: its report, or a missing JSON report, tells
  [ "$status" = 1 ] || bad "$name: conform exits $status, want 1 (stderr: $(tail -c 600 "$tmp/err.txt"))"
  if grep -q "runtime error\|Sanitizer" "$tmp/err.txt"; then
    bad "$name: a sanitizer report:"
    grep -m 5 "runtime error\|Sanitizer" "$tmp/err.txt"
  fi
  python3 "$tmp/check.py" "$tmp/r.json" "$n" "$name" || fail=$((fail + 1))
done
echo "$([ $fail = 0 ] && echo 1 || echo 0) passed, $fail failed"
[ "$fail" = 0 ]
