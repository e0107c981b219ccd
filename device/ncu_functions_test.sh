#!/usr/bin/env bash
# CI (no GPU): device/ncu_functions.py on a small CSV in the layout ncu's
# SASS source page has (quoted fields with commas, one "Kernel Name" row per
# function): the per-function shares and the totals it prints, and an error
# for a CSV without the source counters.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
h='"Address","Source","Warp Stall Sampling (All Samples)","Warp Stall Sampling (Not-issued Samples)","# Samples","Instructions Executed","Thread Instructions Executed","stall_long_sb","stall_no_inst"'
cat >"$t/k.csv" <<CSV
"Kernel Name","ct_t_copy(ct_tuple *, const ct_tuple *)",
$h
"0x10","      LD.E R3, desc[UR4][R6.64]","60","50","60","100","800","45","10"
"0x20","      ST.E desc[UR4][R4.64], R3","20","15","20","100","800","15","5"
"0x30","      NOP","0","0","0","0","0","0","0"
"Kernel Name","ct_composition(const ct_layout *, const ct_layout *, ct_layout *, ct_err *)",
$h
"0x40","      IADD3 R1, R1, -0x18, RZ","20","20","20","50","1600","0","20"
CSV
out=$(python3 "$here/ncu_functions.py" "$t/k.csv" --top 5)
echo "$out"
fail() { echo "ncu_functions_test: $*"; exit 1; }
echo "$out" | grep -q '2 functions, 100 samples: no instruction 35%, long scoreboard 60%; 12.80 active lanes; 0.0 KB of code ran' ||
  fail "wrong totals"
echo "$out" | grep -qE '^ +80\.0% +19% +75% +8\.00 +0\.0  ct_t_copy$' || fail "wrong row for ct_t_copy"
echo "$out" | grep -qE '^ +20\.0% +100% +0% +32\.00 +0\.0  ct_composition$' || fail "wrong row for ct_composition"
echo "$out" | grep -q 'top functions: all 2: 100%; half of the samples in 0.0 KB of code' || fail "wrong summary line"
printf '"Kernel Name","f()",\n"Address","Source"\n' >"$t/bad.csv"
if python3 "$here/ncu_functions.py" "$t/bad.csv" >"$t/bad.txt" 2>&1; then fail "a CSV without source counters passed"; fi
grep -q 'no column' "$t/bad.txt" || fail "no error naming the missing column"
echo "ncu_functions_test: ok"
