#!/usr/bin/env bash
# Every mutant must be caught (mutants/*.patch); prints the mutation score.
# Then a seed-only property's failure: COMP-2/draw under mutant 172 is
# shrunk as the COMP-2/plan case it draws, and its regression line, rerun
# from a file, fails again under the mutant.
set -u
out=$("$1" mutants)
status=$?
echo "$out"
caught=$(echo "$out" | sed -n 's/^mutation score: \([0-9]*\)\/\([0-9]*\).*/\1 \2/p')
set -- "$1" $caught
echo "${2:-0} passed, $(( ${3:-1} - ${2:-0} )) failed"
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
"$1" check --mutant 172 --only COMP-2/draw --cases 50 --record "$t/reg.txt" >"$t/draw.txt" 2>&1
if ! grep -q '^  drawn:  composition(' "$t/draw.txt" || ! grep -q '^  shrunk: COMP-2/plan: composition(' "$t/draw.txt" ||
  ! grep -q '^COMP-2/plan;' "$t/reg.txt"; then
  echo "mutants_test: COMP-2/draw's failure under mutant 172 is not shrunk as a COMP-2/plan case:"
  head -20 "$t/draw.txt"
  status=1
elif "$1" check --mutant 172 --only COMP-2/plan --cases 0 --regressions "$t/reg.txt" >"$t/replay.txt" 2>&1 ||
  ! grep -q '^FAIL COMP-2/plan (regression' "$t/replay.txt"; then
  echo "mutants_test: the recorded COMP-2/plan regression lines do not fail again under mutant 172:"
  head -20 "$t/replay.txt"
  status=1
else
  echo "COMP-2/draw under mutant 172: shrunk as COMP-2/plan, $(wc -l <"$t/reg.txt") regression lines that fail again"
fi
exit $status
