#!/usr/bin/env bash
# Every mutant must be caught (mutants/*.patch); prints the mutation score.
# Then LAYOUT-2/modes's failure under mutant 172 is recorded and its
# regression lines, rerun from a file, fail again (the COMP-2 plan's own
# check of that mutant is //device:plan_host_test). A swizzle property's failure
# (SW-1 under mutant 60) is recorded with its swizzles (sw=...), so that its
# line fails again too. And a whole run under mutant 71 reports its failures
# and ends (CL-5's failure once shrank to the rank-0 layout and died there).
# Last, a whole check under every mutant (300 cases per property) ends with
# its verdict, neither killed by a signal nor past 120 s: mutant 10 once
# sent ct_modes_injective round 2^61 times, and a crash in a property's
# own code would hide every property after it. Mutant 12 is left out: the
# 1:0 modes its coalesce keeps reach divisions inside the mutated reference
# itself (complement, ct_modes_injective, composition), as they would in an
# implementation with that bug.
set -u
out=$("$1" mutants)
status=$?
echo "$out"
caught=$(echo "$out" | sed -n 's/^mutation score: \([0-9]*\)\/\([0-9]*\).*/\1 \2/p')
set -- "$1" $caught
echo "${2:-0} passed, $(( ${3:-1} - ${2:-0} )) failed"
if echo "$out" | grep -E '^M[0-9]+ +[^ ]+ +(NO|ERROR) '; then # repeated here, at the end of a long log
  echo "mutants_test: the mutants above survived (NO) or could not be run (ERROR: the machine, not the suite)"
fi
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
"$1" check --mutant 172 --only LAYOUT-2/modes --cases 50 --record "$t/reg.txt" >"$t/m172.txt" 2>&1
if ! grep -q '^LAYOUT-2/modes;' "$t/reg.txt" ||
  "$1" check --mutant 172 --only LAYOUT-2/modes --cases 0 --regressions "$t/reg.txt" >"$t/replay.txt" 2>&1 ||
  ! grep -q '^FAIL LAYOUT-2/modes (regression' "$t/replay.txt"; then
  echo "mutants_test: LAYOUT-2/modes's regression lines under mutant 172 do not fail again:"
  head -20 "$t/m172.txt"
  status=1
else
  echo "LAYOUT-2/modes under mutant 172: $(wc -l <"$t/reg.txt") regression lines that fail again"
fi
if ! "$1" check --mutant 60 --only SW-1 --cases 50 --record "$t/sw.txt" >"$t/sw.out" 2>&1 && grep -q ';sw=Sw<' "$t/sw.txt" &&
  ! "$1" check --mutant 60 --only SW-1 --cases 0 --regressions "$t/sw.txt" >"$t/sw.replay" 2>&1 &&
  grep -q '^FAIL SW-1 (regression' "$t/sw.replay"; then
  echo "SW-1 under mutant 60: $(wc -l <"$t/sw.txt") regression lines with their swizzles that fail again"
else
  echo "mutants_test: SW-1's regression lines under mutant 60 do not carry their swizzles or do not fail again:"
  head -5 "$t/sw.txt" "$t/sw.replay"
  status=1
fi
"$1" check --mutant 71 --regressions /dev/null >"$t/m71.txt" 2>&1
s71=$?
if [ "$s71" = 1 ] && grep -q '^FAIL CL-5' "$t/m71.txt" && grep -q '^total ' "$t/m71.txt"; then
  echo "the whole check under mutant 71: $(grep -c '^FAIL ' "$t/m71.txt") failures reported, run complete"
else
  echo "mutants_test: the whole check under mutant 71 ended with status $s71 (want 1, with CL-5's failures and the totals)"
  tail -5 "$t/m71.txt"
  status=1
fi
# The whole checks run as many at a time as there are processors (each is
# one process; the score above does the same with its children).
ids=$(echo "$out" | sed -n 's/^M\([0-9][0-9]*\) .*/\1/p' | grep -vx 12) # the ids of the score's table
printf '%s\n' $ids | xargs -P "$(nproc 2>/dev/null || echo 2)" -I{} sh -c \
  'timeout 120 "$0" check --mutant {} --cases 300 --regressions /dev/null >"$1/whole.{}" 2>&1; echo $? >"$1/rc.{}"' "$1" "$t"
ended=0
for m in $ids; do
  s=$(cat "$t/rc.$m" 2>/dev/null || echo missing)
  if [ "$s" != 0 ] && [ "$s" != 1 ]; then
    echo "mutants_test: the whole check under mutant $m ended with status $s (124: past 120 s; 128+N: signal N)"
    tail -3 "$t/whole.$m"
    status=1
  else
    ended=$((ended + 1))
  fi
done
echo "the whole check under each mutant but 12 (300 cases a property): $ended ended with their verdict"
if [ "$ended" -lt 1 ]; then
  echo "mutants_test: no mutant ids found in the score's table"
  status=1
fi
exit $status
