#!/usr/bin/env bash
# The divide/product sweep's host half (CI): every pair of flat layouts within
# small bounds through logical_divide and logical_product and their
# zipped/tiled/flat forms, checked exactly (device/divprod_sweep.cu): 0 wrong,
# 0 conservative. Then each --mutant perturbs the reference's answers and the
# sweep must catch it (exit 1, the failure counted), so the check can fail.
set -euo pipefail  # grep reads a here-string, not a pipe: grep -q stopping early must not SIGPIPE the writer
bin="$1"
bounds=(--host --procs 2 --ra 2 --rb 2 --smax 3 --dlo -1 --dhi 6)
fail() { echo "$1"; echo "0 passed, 1 failed"; exit 1; }
out=$("$bin" "${bounds[@]}") || fail "the plain run failed"
echo "$out"
for op in divide product; do
  grep -q "^$op: wrong 0$" <<<"$out" || fail "$op: wrong answers"
  grep -q "^$op: conservative 0$" <<<"$out" || fail "$op: conservative rejections"
  grep -q "^$op: unchecked 0$" <<<"$out" || fail "$op: unchecked pairs"
  grep -Eq "^$op: pairs [1-9][0-9]*, accepted [1-9][0-9]*, rejected [1-9]" <<<"$out" || fail "$op: no accepted or no rejected pair"
done
grep -q '^verdict: ok' <<<"$out" || fail "verdict"
# mutant -> the line that must show it caught
for m in "1:^divide: wrong [1-9]" "2:^product: conservative [1-9]" "3:^(divide|product): wrong [1-9]"; do
  n=${m%%:*} want=${m#*:}
  set +e
  mout=$("$bin" "${bounds[@]}" --mutant "$n")
  rc=$?
  set -e
  [ "$rc" = 1 ] || fail "mutant $n: exit status $rc, not 1"
  grep -Eq "$want" <<<"$mout" || fail "mutant $n not caught"
  grep -q "cuteref eval '" <<<"$mout" || fail "mutant $n: no example line"
  echo "mutant $n caught: $(grep -E "$want" <<<"$mout" | head -1)"
done
echo "1 passed, 0 failed"
