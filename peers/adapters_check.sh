#!/usr/bin/env bash
# An adapter answers every request of the conformance vectors, one line each,
# in order, without hanging: the vectors' requests (all forms, bad lines
# included) go through it in one stream, and the answers are counted and
# checked to be `ok ...` or `error ...`.
#
#   bash peers/adapters_check.sh CUTEREF 'ADAPTER COMMAND' [SECONDS ['OTHER COMMAND' N]]
#
# With OTHER COMMAND (the same adapter run another way, e.g. the DSL's
# `--batch 1`, one request per trace), the first N vector requests must get
# the same answers from both.
#
# The probes of `cuteref conform` check the order on the way; here a single
# stream of every vector request checks that nothing is lost at the end.
set -uo pipefail
cuteref="$1"
cmd="$2"
limit="${3:-600}"
tmp="$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/adapters.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
"$cuteref" conform --vectors "$(dirname "$0")/../spec/vectors" --list-cases >"$tmp/requests.txt" || exit 2
# Every request once more, with the size probe of the protocol after it:
# an answer out of place shows as a probe with the wrong value.
awk '{ print; print "size((7919," NR "))" }' "$tmp/requests.txt" >"$tmp/stream.txt"
n="$(wc -l <"$tmp/stream.txt")"
timeout "$limit" sh -c "$cmd" <"$tmp/stream.txt" >"$tmp/answers.txt" 2>"$tmp/stderr.txt"
s=$?
got="$(wc -l <"$tmp/answers.txt")"
bad="$(grep -cvE '^(ok|error)( |$)' "$tmp/answers.txt")"
probes="$(awk 'NR % 2 == 0 && $0 != "ok " 7919 * (NR / 2) { k++ } END { print k + 0 }' "$tmp/answers.txt")"
if [ "$s" = 124 ] || [ "$got" != "$n" ] || [ "$bad" != 0 ] || [ "$probes" != 0 ]; then
  echo "FAIL $cmd: $got answers to $n lines (exit $s), $bad malformed, $probes probes out of place"
  tail -3 "$tmp/stderr.txt"
  exit 1
fi
if [ -n "${4:-}" ]; then
  head -n "${5:-400}" "$tmp/requests.txt" >"$tmp/sample.txt"
  sh -c "$cmd" <"$tmp/sample.txt" >"$tmp/a.txt" 2>/dev/null
  sh -c "$4" <"$tmp/sample.txt" >"$tmp/b.txt" 2>/dev/null
  if ! cmp -s "$tmp/a.txt" "$tmp/b.txt"; then
    echo "FAIL $cmd and $4 answer the first ${5:-400} vector requests differently:"
    diff "$tmp/a.txt" "$tmp/b.txt" | head -10
    exit 1
  fi
  echo "ok   $cmd and $4: the same answers to the first ${5:-400} vector requests"
fi
echo "ok   $cmd: $n lines ($((n / 2)) vector requests and a probe after each), $n answers in order"
