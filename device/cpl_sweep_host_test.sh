#!/usr/bin/env bash
# The complement check's host half (CI): every flat A within small bounds and
# every cotarget; the reference's decision (ref/complement.c) agrees with the
# brute-force tiling of CPL-7 (judge/judge_exact.c), and every answer holds
# CPL-1..CPL-3: 0 rejected although a complement exists, 0 wrong answers.
set -euo pipefail  # grep reads a here-string, not a pipe: grep -q stopping early must not SIGPIPE the writer
out=$("$1" --host --ra 3 --smax 4 --dlo -1 --dhi 9 --mmax 24)
echo "$out"
grep -q '^rejected although a complement exists 0$' <<<"$out" || { echo "0 passed, 1 failed"; exit 1; }
grep -q '^wrong answers 0$' <<<"$out" || { echo "0 passed, 1 failed"; exit 1; }
grep -q '^verdict: ok' <<<"$out" || { echo "0 passed, 1 failed"; exit 1; }
echo "1 passed, 0 failed"
