#!/usr/bin/env bash
# The rate of `cuteref eval -` (issue 44: the evaluator's values are not
# allocated per request). Prints figures; it is a benchmark, not a test.
#
#   tools/bench_eval.sh [-n LINES] [-r ROUNDS] CUTEREF [CUTEREF...]
#
# Two streams of LINES lines (default 10^6), the same for every binary:
#   mixed    the requests of `CUTEREF conform --random 100 --list-cases`
#            (seed 0xc0ffee, every operation) and the REQUEST column of
#            spec/vectors/*.txt, repeated in order up to LINES lines;
#   trivial  `size(2)` on every line.
# Each binary answers each stream ROUNDS times (default 3) through
# `CUTEREF eval - >/dev/null`; the best wall time of each is kept. Printed
# per binary: lines/s of both streams and mixed/trivial, the ratio that a
# cost per request (as the allocation this benchmark was written for)
# drags down while the language's own work leaves it alone. The streams are
# built with the first binary; their sha256 is printed.
set -euo pipefail
cd "$(dirname "$0")/.."
lines=1000000
rounds=3
while getopts n:r: opt; do
  case "$opt" in
    n) lines=$OPTARG ;;
    r) rounds=$OPTARG ;;
    *) echo "usage: $0 [-n LINES] [-r ROUNDS] CUTEREF [CUTEREF...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: $0 [-n LINES] [-r ROUNDS] CUTEREF [CUTEREF...]" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{
  "$1" conform --random 100 --seed 0xc0ffee --list-cases
  awk -F'\t' '!/^#/ && NF >= 4 { print $3 }' spec/vectors/*.txt
} >"$tmp/base"
awk -v n="$lines" '{ l[NR] = $0 } END { for (i = 0; i < n; ++i) print l[i % NR + 1] }' "$tmp/base" >"$tmp/mixed"
awk -v n="$lines" 'BEGIN { for (i = 0; i < n; ++i) print "size(2)" }' >"$tmp/trivial"
echo "streams: $lines lines each; distinct mixed requests $(sort -u "$tmp/base" | wc -l)"
echo "  mixed   sha256 $(sha256sum <"$tmp/mixed" | cut -c1-16)"
echo "  trivial sha256 $(sha256sum <"$tmp/trivial" | cut -c1-16)"

# best wall seconds of `BIN eval - <FILE` over $rounds runs (its exit
# status is 1 when some request is answered `error`, as in the vectors)
best() {
  local bin=$1 file=$2 k t0 t1 dt b=
  for ((k = 0; k < rounds; ++k)); do
    t0=$(date +%s.%N)
    "$bin" eval - <"$file" >/dev/null || [ $? -eq 1 ]
    t1=$(date +%s.%N)
    dt=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
    b=$(awk -v a="$dt" -v b="$b" 'BEGIN { print (b == "" || a < b) ? a : b }')
  done
  echo "$b"
}

for bin in "$@"; do
  m=$(best "$bin" "$tmp/mixed")
  t=$(best "$bin" "$tmp/trivial")
  awk -v bin="$bin" -v n="$lines" -v m="$m" -v t="$t" 'BEGIN {
    printf "%s\n  mixed   %7.3f s  %10.0f lines/s\n  trivial %7.3f s  %10.0f lines/s\n  ratio mixed/trivial %.3f\n",
           bin, m, n / m, t, n / t, (n / m) / (n / t) }'
done
