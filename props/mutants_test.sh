#!/usr/bin/env bash
# Every mutant must be caught (mutants/*.patch); prints the mutation score.
set -u
out=$("$1" mutants)
status=$?
echo "$out"
caught=$(echo "$out" | sed -n 's/^mutation score: \([0-9]*\)\/\([0-9]*\).*/\1 \2/p')
set -- $caught
echo "${1:-0} passed, $(( ${2:-1} - ${1:-0} )) failed"
exit $status
