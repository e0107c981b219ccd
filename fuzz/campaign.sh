#!/usr/bin/env bash
# Runs the libFuzzer builds of fuzz/ (fuzz/build.sh) one target after the
# other and prints one table row per target (docs/data/fuzzing.md):
#
#   fuzz/campaign.sh [--seconds N] [--bin DIR] [--work DIR] [--merge] [TARGET...]
#
# Each target starts from its committed corpus fuzz/corpus/<target> (copied
# into DIR/corpus_<target>, default DIR: fuzz/build/campaign) with the
# dictionary fuzz/cuteref.dict, for N seconds (default 60), one job, one
# worker. --merge then minimizes the work corpus back into fuzz/corpus/<target>
# (new inputs only; nothing is removed). A crash, a sanitizer report, a
# timeout (10 s per input) or running out of memory (2 GB) leaves its input in
# DIR/<target>-crash-*, -timeout-*, -oom-* and fails the run (exit 1).
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seconds=60
bin=$root/fuzz/build
work=$root/fuzz/build/campaign
merge=0
targets=()
while [ $# -gt 0 ]; do
  case $1 in
    --seconds) seconds=$2; shift 2 ;;
    --bin) bin=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --merge) merge=1; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=(eval vectors examples conform api)
mkdir -p "$work"
# The longest input each target is given: enough for the longest seed's
# structure, short enough that the corpus stays small.
max_len() { case $1 in examples | vectors) echo 1024 ;; *) echo 4096 ;; esac; }
fail=0
printf '| target | seconds | executions | exec/s | cov | ft | corpus (files/bytes) | peak RSS MB | findings |\n'
printf '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n'
for t in "${targets[@]}"; do
  exe=$bin/fuzz_$t
  [ -x "$exe" ] || { echo "campaign: no $exe (run fuzz/build.sh first)" >&2; exit 2; }
  corpus=$work/corpus_$t
  mkdir -p "$corpus"
  cp -n "$root/fuzz/corpus/$t"/* "$corpus"/ 2>/dev/null || true
  log=$work/$t.log
  start=$SECONDS
  "$exe" -dict="$root/fuzz/cuteref.dict" -max_total_time="$seconds" -max_len="$(max_len "$t")" -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$work/$t-" "$corpus" >"$log" 2>&1
  rc=$?
  took=$((SECONDS - start))
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
  last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  files=$(find "$corpus" -type f | wc -l)
  bytes=$(find "$corpus" -type f -exec cat {} + | wc -c)
  findings=$(find "$work" -maxdepth 1 -name "$t-*" -type f | wc -l)
  what=none
  if [ "$rc" != 0 ] || [ "$findings" != 0 ]; then
    fail=1
    what="exit $rc, $findings inputs in $work/$t-* (see $log)"
  fi
  printf '| %s | %s | %s | %s | %s | %s | %s/%s | %s | %s |\n' "$t" "$took" "${execs:-?}" "${rate:-?}" "${cov:-?}" \
    "${ft:-?}" "$files" "$bytes" "${rss:-?}" "$what"
  if [ "$merge" = 1 ]; then
    "$exe" -merge=1 -max_len="$(max_len "$t")" "$root/fuzz/corpus/$t" "$corpus" >"$work/$t.merge.log" 2>&1 ||
      { echo "campaign: merging $t failed (see $work/$t.merge.log)" >&2; fail=1; }
  fi
done
exit $fail
