#!/usr/bin/env bash
# CI (no GPU): COMP-2's plan (device/plan.h) gives its check's answer, case
# by case, on the plan's own flat draw and on the trees of the same cases
# (device/plan_check.c). Then, with the mutant build of plan_check, that a
# broken flat reading is seen: under mutant 172 (the leaf form of flat
# modes taken last to first) the plan must differ from the check, and the
# difference must name the case, in notation, with the seed and index that
# draw it again.
#   device/plan_host_test.sh PLAN_CHECK [PLAN_CHECK_MUTANTS]
set -uo pipefail
plan_check=$1
mutants=${2:-}
tmp=${TEST_TMPDIR:-$(mktemp -d)}
status=0
if ! "$plan_check" --cases 20000 >"$tmp/plan.out" 2>&1; then
  echo "plan_host_test: COMP-2's plan differs from its check:"
  head -40 "$tmp/plan.out"
  status=1
fi
tail -4 "$tmp/plan.out"
# a plan that declines most cases tests little: it must hold 99% of its own draws
if ! awk '$1 == "drawn" { ok = $4 > 0 && $4 * 100 >= $2 * 99 } END { exit !ok }' "$tmp/plan.out"; then
  echo "plan_host_test: the plan held fewer than 99% of the drawn cases"
  status=1
fi
if [ -n "$mutants" ]; then
  "$mutants" --mutant 172 --cases 200 >"$tmp/m172.out" 2>&1
  s=$?
  if [ "$s" = 1 ] && grep -q '^DIFFER (drawn) COMP-2 seed=0x[0-9a-f]* index=[0-9]*$' "$tmp/m172.out" &&
    grep -q '^  case:   composition(' "$tmp/m172.out"; then
    echo "plan_check under mutant 172: $(grep -c '^DIFFER' "$tmp/m172.out") differences shown (of $(awk '$10 == "differ" { s += $9 } END { print s }' "$tmp/m172.out"))"
  else
    echo "plan_host_test: under mutant 172 plan_check ended with status $s (want 1, naming the drawn case):"
    head -20 "$tmp/m172.out"
    status=1
  fi
  if ! "$mutants" --cases 2000 >"$tmp/m0.out" 2>&1; then
    echo "plan_host_test: the mutant build of plan_check differs without a mutant:"
    head -20 "$tmp/m0.out"
    status=1
  fi
fi
if [ $status = 0 ]; then echo "1 passed, 0 failed"; else echo "0 passed, 1 failed"; fi
exit $status
