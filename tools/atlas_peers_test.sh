#!/usr/bin/env bash
# tools/atlas_peers.py's comparison tells equal layouts from different ones
# (--self-test: pairs that must agree and pairs that must not, TMEM, UMMA,
# .b8 and swizzled partitions among them), with no peer installed.
set -euo pipefail
out=$(python3 "$1" "$2" --self-test 2>&1) || { echo "$out"; echo "atlas_peers --self-test failed"; exit 1; }
echo "$out"
grep -q '^self-test: \([0-9]*\) of \1 comparisons as expected' <<<"$out"
