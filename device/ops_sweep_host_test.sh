#!/usr/bin/env bash
# The ops sweep's host half (CI): every flat layout within small bounds
# (negative strides included), each of coalesce, right_inverse and
# left_inverse judged at every index and each rejection classified by
# brute force: 0 wrong, 0 conservative. Then the check must be able to
# fail: each --mutant perturbs one operation's answers and must be caught
# (1-3: wrong > 0; 4: conservative > 0; exit 1), and two shards must add up
# to the whole.
# Bounds: 90 values per mode, 737,190 layouts; about 10 s on 2 cores.
set -euo pipefail  # grep reads a here-string, not a pipe: grep -q stopping early must not SIGPIPE the writer
bin=$1
bounds=(--host --procs 2 --r 3 --smax 6 --dlo -2 --dhi 12)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAILED: $*"; echo "0 passed, 1 failed"; exit 1; }

# 1. the plain run passes, with a TSV of its figures
rc=0
out=$("$bin" "${bounds[@]}" --tsv "$tmp/ops.tsv") || rc=$?
echo "$out"
[ "$rc" = 0 ] || fail "the plain run exited $rc"
for op in coalesce right_inverse left_inverse; do
  grep -q "^$op: cases [1-9]" <<<"$out" || fail "$op: no cases"
  grep -q "^  $op conservative 0$" <<<"$out" || fail "$op: conservative rejections"
  grep -q "^  $op wrong 0$" <<<"$out" || fail "$op: wrong answers"
  grep -q "^  $op unchecked 0$" <<<"$out" || fail "$op: unchecked cases"
done
grep -q '^  rejected with NEGATIVE_STRIDE' <<<"$out" || fail "left_inverse: no INV-NEG rejection seen"
grep -q '^  rejected with NO_LAYOUT' <<<"$out" || fail "left_inverse: no NO_LAYOUT rejection seen"
grep -q '^verdict: ok' <<<"$out" || fail "verdict"
for key in op bounds cases accepted rejected conservative wrong unchecked seconds rate device; do
  [ "$(grep -c "^$key"$'\t' "$tmp/ops.tsv")" = 3 ] || fail "TSV: key $key not once per operation"
done

# 2. each mutant is caught by its operation's check
for m in 1:right_inverse 2:left_inverse 3:coalesce; do
  rc=0
  out=$("$bin" "${bounds[@]}" --op "${m#*:}" --mutant "${m%%:*}") || rc=$?
  [ "$rc" = 1 ] || { echo "$out"; fail "mutant ${m%%:*} exited $rc, not 1"; }
  grep -q "^  ${m#*:} wrong [1-9]" <<<"$out" || { echo "$out"; fail "mutant ${m%%:*} not caught by ${m#*:}"; }
  grep -q "^  WRONG ${m#*:}(" <<<"$out" || { echo "$out"; fail "mutant ${m%%:*}: no example shown"; }
  grep -q "^    cuteref eval '${m#*:}(" <<<"$out" || { echo "$out"; fail "mutant ${m%%:*}: no cuteref line"; }
  echo "mutant ${m%%:*} caught: $(grep "^  ${m#*:} wrong" <<<"$out" | sed 's/^ *//')"
done

# 3. a conservative rejection is caught too: mutant 4 rejects left_inverse
# wherever L has rank >= 2, answers or not
rc=0
out=$("$bin" "${bounds[@]}" --op left_inverse --mutant 4) || rc=$?
[ "$rc" = 1 ] || { echo "$out"; fail "mutant 4 exited $rc, not 1"; }
grep -q "^  left_inverse conservative [1-9]" <<<"$out" || { echo "$out"; fail "mutant 4 not caught"; }
grep -q "^  CONSERVATIVE left_inverse(" <<<"$out" || { echo "$out"; fail "mutant 4: no example shown"; }
echo "mutant 4 caught: $(grep "^  left_inverse conservative" <<<"$out" | sed 's/^ *//')"

# 4. two shards add up to the whole run (coalesce's cases: the cheapest)
total=$(awk -F'\t' '$1 == "cases" { print $2; exit }' "$tmp/ops.tsv")
"$bin" "${bounds[@]}" --op coalesce --shard 0/2 --tsv "$tmp/s0.tsv" >/dev/null
"$bin" "${bounds[@]}" --op coalesce --shard 1/2 --tsv "$tmp/s1.tsv" >/dev/null
sum=$(cat "$tmp/s0.tsv" "$tmp/s1.tsv" | awk -F'\t' '$1 == "cases" { s += $2 } END { print s }')
[ "$sum" = "$total" ] || fail "shards: $sum cases, the whole run $total"
echo "shards 0/2 + 1/2: $sum cases, as the whole run"
echo "1 passed, 0 failed"
