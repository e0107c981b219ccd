#!/usr/bin/env bash
# Every property survives edge values it was not written for: a property's
# own set-up (picking a mode, a divisor, a leaf to repeat) must not divide by
# zero or read out of bounds on the rank-0 layout (), nested empty tuples,
# size-1 and stride-0 modes, a tiler of layouts where a layout is expected,
# and the like. Such values reach a property through a regression file or a replay
# line, and a crash there would hide every property after it (mutant 71's
# CL-5 failure once shrank to () and ended the run with SIGFPE).
#
# Each property runs on each edge value in each of the four value slots, the
# other slots holding ordinary layouts, with a few k0,k1. A property may fail
# on a value outside its generator's domain (an error-code property given a
# tiler, say); it must not crash, and every line must be read and run.
set -u
bin=$1
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
# Not `<_>`: a tiler of `_` in a layout's slot hands ref/ a layout with a `_`
# leaf, which its functions never take (the parser rejects `_` inside a
# layout): ct_composition then reads a mode it never set (MemorySanitizer).
edges='():() 1:0 1:1 (1):(1) ((1)):((1)) (()):(()) ((),2):((),1) (1,1):(0,0) 8:-1 (2,(2,2)):(4,(1,2)) <():()> <1:1>'
fill='4:1 (2,2):(1,2)'
"$bin" check --list | awk '{ print $1 }' >"$t/props.txt"
props=$(wc -l <"$t/props.txt")
while read -r p; do
  for e in $edges; do
    for f in $fill; do
      for k in 0,0 1,1 5,7; do
        echo "$p;$e;$f;$f;$f;k=$k"
        echo "$p;$f;$e;$f;$f;k=$k"
        echo "$p;$f;$f;$e;$f;k=$k"
        echo "$p;$f;$f;$f;$e;k=$k"
      done
    done
    for k in 0,0 3,2; do echo "$p;$e;$e;$e;$e;k=$k"; done
  done
done <"$t/props.txt" >"$t/edges.txt"
lines=$(wc -l <"$t/edges.txt")
"$bin" check --regressions "$t/edges.txt" --cases 0 >"$t/out.txt" 2>&1
status=$?
ran=$(sed -n 's/^regressions: \([0-9]*\) cases rerun from .*/\1/p' "$t/out.txt")
unread=$(grep -c 'cannot read' "$t/out.txt")
failed=$(grep -c '^FAIL ' "$t/out.txt")
if [ "$status" -gt 1 ]; then
  echo "edge_test: cuteref check died (exit status $status) on the edge values; per property:"
  while read -r p; do
    awk -F';' -v p="$p" '$1 == p' "$t/edges.txt" >"$t/one.txt"
    "$bin" check --only "$p" --regressions "$t/one.txt" --cases 0 >/dev/null 2>&1
    s=$?
    if [ "$s" -gt 1 ]; then
      while read -r l; do # the first line that dies
        echo "$l" >"$t/line.txt"
        "$bin" check --only "$p" --regressions "$t/line.txt" --cases 0 >/dev/null 2>&1
        [ $? -gt 1 ] && { echo "  $p dies (status $s), first on: $l"; break; }
      done <"$t/one.txt"
    fi
  done <"$t/props.txt"
  exit 1
fi
if [ "$ran" != "$lines" ] || [ "$unread" != 0 ]; then
  echo "edge_test: $lines lines written, ${ran:-none} run, $unread not read"
  head -20 "$t/out.txt"
  exit 1
fi
echo "edge_test: $props properties x edge values: $lines cases run, no crash ($failed fail on values outside their generator's domain)"
grep '^FAIL ' "$t/out.txt" | awk '{ print $2 }' | sort | uniq -c | sort -rn | head -20
exit 0
