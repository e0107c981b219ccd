#!/usr/bin/env bash
# The pure-Python peers (pycute from nvidia-cutlass 4.2.0.0, tensor-layouts
# 0.3.2) judged on a small fixed list (peers/ci_cases.txt), their verdicts
# compared with the committed expectation (peers/ci_expected_<peer>.txt):
# a change of the spec or of the reference that flips a peer's verdict shows
# here. The full peer runs are the main job's (tools/peers.sh).
#
#   bash peers/ci_peers.sh CUTEREF            check (//peers:peers_ci_test)
#   bash peers/ci_peers.sh --update CUTEREF   rewrite the expectation
#
# A missing peer is a failure with the command that installs it, never a
# silent pass.
set -uo pipefail
update=0
if [ "${1:-}" = "--update" ]; then
  update=1
  shift
fi
cuteref="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
tmp="$(mktemp -d "${TEST_TMPDIR:-${TMPDIR:-/tmp}}/peers_ci.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
decline="UNSUPPORTED,PARSE,BADARG"
fail=0
for peer in pycute tensor-layouts; do
  case "$peer" in
    pycute) mod=pycute; adapter=pycute_adapter.py; pin="nvidia-cutlass==4.2.0.0" ;;
    tensor-layouts) mod=tensor_layouts; adapter=tensor_layouts_adapter.py; pin="tensor-layouts==0.3.2" ;;
  esac
  if ! python3 -c "import $mod" 2>/dev/null; then
    echo "FAIL $peer: python3 cannot import $mod; install it: bash tools/setup.sh" \
      "(or python3 -m pip install --no-deps $pin)"
    fail=1
    continue
  fi
  bash "$here/adapters_check.sh" "$cuteref" "python3 $here/$adapter" 120 || fail=1
  "$cuteref" conform --impl "python3 $here/$adapter" --cases "$here/ci_cases.txt" --decline "$decline" \
    --shrink-max 2 --shrink-rounds 30 --quiet --json "$tmp/$peer.json" >/dev/null
  s=$?
  if [ "$s" -ge 2 ]; then
    echo "FAIL $peer: cuteref conform failed (exit $s)"
    fail=1
    continue
  fi
  python3 "$here/compare.py" digest "$tmp/$peer.json" >"$tmp/$peer.txt"
  expected="$here/ci_expected_$peer.txt"
  if [ "$update" = 1 ]; then
    cp "$tmp/$peer.txt" "$expected"
    echo "wrote $expected ($(wc -l <"$expected") lines)"
  elif diff -u "$expected" "$tmp/$peer.txt" >"$tmp/$peer.diff"; then
    echo "ok   $peer: $(grep -c '^op ' "$expected") operations, $(grep -c '^cex ' "$expected") counterexamples as expected"
  else
    echo "FAIL $peer: its verdicts changed (- expected, + now):"
    head -60 "$tmp/$peer.diff"
    echo "If the change of the spec or of the reference is intended, rewrite the expectation:"
    echo "  bazel build //:cuteref && bash peers/ci_peers.sh --update bazel-bin/cuteref"
    fail=1
  fi
done
# The check bites: pycute with one answer changed (size 12 answered 13, the
# first smoke case's size) must not match the expectation.
if [ "$update" = 0 ] && python3 -c "import pycute" 2>/dev/null; then
  "$cuteref" conform --impl "python3 $here/pycute_adapter.py | sed -u 's/^ok 12\$/ok 13/'" \
    --cases "$here/ci_cases.txt" --decline "$decline" --shrink-max 2 --shrink-rounds 30 --quiet \
    --json "$tmp/mutant.json" >/dev/null
  python3 "$here/compare.py" digest "$tmp/mutant.json" >"$tmp/mutant.txt"
  if cmp -s "$here/ci_expected_pycute.txt" "$tmp/mutant.txt"; then
    echo "FAIL the check does not bite: pycute answering 13 for a size of 12 still matches the expectation"
    fail=1
  else
    echo "ok   the check bites: pycute answering 13 for a size of 12 differs from the expectation"
  fi
fi
# ... and so does adapters_check.sh: an adapter that loses one answer, or
# gives two answers in the wrong order, must fail it.
if [ "$update" = 0 ] && python3 -c "import pycute" 2>/dev/null; then
  for broken in "sed -u 5d" "sed -u -n '7{h;d};8{p;x};p'"; do
    if bash "$here/adapters_check.sh" "$cuteref" "python3 $here/pycute_adapter.py | $broken" 120 >/dev/null; then
      echo "FAIL adapters_check.sh does not bite: pycute through \`$broken\` passes it"
      fail=1
    else
      echo "ok   adapters_check.sh bites: pycute through \`$broken\` fails it"
    fi
  done
fi
exit "$fail"
