#!/usr/bin/env bash
# The tiled MMA sweep's host half (CI): ct_tv_sweep --host on a small
# enumeration (--quick: mma.sync's first bases, and wgmma's first ones) must
# pass with 0 failures and count its checks and rejections; then the build
# with deliberately broken checks compiled in (-DCT_TV_MUTANTS=1,
# device/tv_sweep.cu) must see failures of each kind (--mutant 1..4) and exit
# 1; two shards must add up to the whole; and the block decomposition (the
# GPU's, the default) must count what the per-base one (--per-base) counts.
#   tv_sweep_host_test.sh CT_TV_SWEEP CT_TV_SWEEP_BUILT_WITH_MUTANTS
# About a minute on 2 loaded cores.
set -euo pipefail  # grep reads a here-string, not a pipe: grep -q stopping early must not SIGPIPE the writer
bin=$1
mut=$2
dom=(--host --procs 2 --quick)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAILED: $*"; echo "0 passed, 1 failed"; exit 1; }

# 1. the plain run passes and counts what it checked
# --help prints line by line (stdout is line-buffered): read it whole, so that
# grep -q finishing early cannot SIGPIPE it under pipefail (CI of 39bdf2b)
help=$("$bin" --help) || fail "--help exited $?"
grep -q -- '--limit' <<<"$help" || fail "--help: no --limit"
rc=0
"$bin" --host --mutant 1 >/dev/null 2>&1 || rc=$?
[ "$rc" = 2 ] || fail "a build without -DCT_TV_MUTANTS accepts --mutant (exit $rc)"
rc=0
out=$("$bin" "${dom[@]}" --limit 2000 --tsv "$tmp/tv.tsv") || rc=$?
echo "$out"
[ "$rc" = 0 ] || fail "the plain run exited $rc"
grep -q '^verdict: ok' <<<"$out" || fail "verdict"
grep -q '^configurations [1-9][0-9]*, (configuration, thread) checks [1-9]' <<<"$out" || fail "no checks"
grep -q 'rejections against TMMA-PRE: 0 wrong; accepted although TMMA-PRE fails: 0' <<<"$out" || fail "rejections against TMMA-PRE"
grep -q '[1-9][0-9]* not applicable (tile_to_shape' <<<"$out" || fail "no GMMA atom that does not divide its tile"
for key in bases configurations checks failures seconds rate_checks device; do
  [ "$(grep -c "^$key"$'\t' "$tmp/tv.tsv")" = 1 ] || fail "TSV: key $key not once"
done
# wgmma's bases come after mma.sync's (--count says where)
wg=$("$bin" --quick --count | sed -n "s/.*wgmma's: \([0-9]*\)\.\..*/\1/p")
[ -n "$wg" ] || fail "--count: no first wgmma base"
rc=0
out=$("$bin" "${dom[@]}" --first "$wg" --limit 48) || rc=$?
grep -E '^(configurations|failures|verdict)' <<<"$out"
[ "$rc" = 0 ] || { echo "$out"; fail "the wgmma run exited $rc"; }
# rejections: the full permutation family (options 5 and 6 are ARG_TYPE and
# NOT_INJECTIVE), each checked against TMMA-PRE
rc=0
out=$("$bin" --host --procs 2 --perm-sync 8 --smem-sync 2 --limit 1000) || rc=$?
grep -E '^bases' <<<"$out"
[ "$rc" = 0 ] || { echo "$out"; fail "the run with every permutation option exited $rc"; }
grep -q 'rejected [1-9][0-9]* (NOT_INJECTIVE [1-9][0-9]*, ARG_TYPE [1-9][0-9]*); rejections against TMMA-PRE: 0 wrong; accepted although TMMA-PRE fails: 0' <<<"$out" ||
  fail "rejections: none of a code seen, or some against TMMA-PRE"

# 2. each broken check is caught (the mutant build, --mutant N)
want=("" "A [1-9]" "ownership [1-9]" "partition sA [1-9]" "accepted although TMMA-PRE fails: [1-9]")
for m in 1 2 3 4; do
  rc=0
  out=$("$mut" "${dom[@]}" --limit 600 --mutant "$m") || rc=$?
  grep -q "MUTANT" <<<"$out" || { echo "$out"; fail "mutant $m: no mutant run"; }
  [ "$rc" = 1 ] || { echo "$out"; fail "mutant $m exited $rc, not 1"; }
  grep -q "${want[$m]}" <<<"$out" || { echo "$out"; fail "mutant $m not caught (${want[$m]})"; }
  grep -q '^  FAILED base ' <<<"$out" || { echo "$out"; fail "mutant $m: no example shown"; }
  echo "mutant $m caught: $(grep '^failures' <<<"$out")"
done
# the mutant build without --mutant is the plain sweep
out=$("$mut" "${dom[@]}" --limit 200) || fail "the mutant build without --mutant fails"
grep -q '^verdict: ok' <<<"$out" || fail "the mutant build without --mutant: verdict"

# 3. two shards add up to the whole run
total=$(awk -F'\t' '$1 == "checks" { print $2 }' "$tmp/tv.tsv")
"$bin" "${dom[@]}" --limit 2000 --shard 0/2 --tsv "$tmp/s0.tsv" >/dev/null
"$bin" "${dom[@]}" --limit 2000 --shard 1/2 --tsv "$tmp/s1.tsv" >/dev/null
sum=$(cat "$tmp/s0.tsv" "$tmp/s1.tsv" | awk -F'\t' '$1 == "checks" { s += $2 } END { print s }')
[ "$sum" = "$total" ] || fail "shards: $sum checks, the whole run $total"
echo "shards 0/2 + 1/2: $sum checks, as the whole run"

# 4. the block decomposition (the default: a base's (configuration, thread)
# checks cut into slots of consecutive checks, as the GPU's blocks run them;
# --threads slots per block) counts exactly what the per-base one counts
# (--per-base: one worker per base), whatever the slots: every count line
slice() { grep -E '^(bases|shared-memory|configurations|failures|partitions)' <<<"$1"; }
for dom2 in "--quick --limit 300" "--quick --first $wg --limit 6" "--first 595000 --limit 2"; do
  ref=$("$bin" --host --procs 2 $dom2 --per-base) || fail "--per-base $dom2 exited $?"
  [ "$(slice "$ref" | wc -l)" = 5 ] || { echo "$ref"; fail "--per-base $dom2: not 5 count lines"; }
  for th in 128 32; do
    out=$("$bin" --host --procs 2 $dom2 --threads "$th") || fail "$dom2 --threads $th exited $?"
    [ "$(slice "$out")" = "$(slice "$ref")" ] || { diff <(slice "$ref") <(slice "$out"); fail "$dom2 --threads $th: counts differ from --per-base"; }
  done
  echo "$dom2: slots of 128 and 32 per block count as --per-base: $(grep '^configurations' <<<"$ref")"
done
echo "1 passed, 0 failed"
