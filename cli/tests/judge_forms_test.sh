#!/usr/bin/env bash
# `cuteref conform` judges answers in the new forms (swizzles, composed
# layouts, basis strides) by the spec, as functions (CL-6, EQUIV-2 of
# spec/layout.md and spec/basis.md), not as text: each line of
# judge_forms.txt is a request, an answer and the verdict it must get; the
# answer is given by canned_impl.py and judged alone. A fourth column, where
# present, is the ID the judgement must name (the post-condition that a
# wrong answer violates, found by the operation's judges).
set -u
cuteref="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
dir="$(cd "$(dirname "$0")" && pwd)"
tmp="${TEST_TMPDIR:-$(mktemp -d)}"
pass=0
fail=0
n=0
while IFS=$'\t' read -r req ans want id; do
  case "$req" in \#* | '') continue ;; esac
  n=$((n + 1))
  printf '%s\t%s\t%s\n' "$req" "$ans" "$want" >"$tmp/table.txt"
  printf '%s\n' "$req" >"$tmp/case.txt"
  timeout 60 "$cuteref" conform --impl "python3 $dir/canned_impl.py $tmp/table.txt" --cases "$tmp/case.txt" \
    --probe-every 0 --shrink-max 0 --quiet --json "$tmp/r.json" >"$tmp/out" 2>&1
  got="$(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
t = r["totals"]
words = [k for k in ("conforming", "wrong_result", "wrong_rejection", "accepted_inadmissible",
                     "unsupported", "malformed") if t.get(k)]
if sys.argv[2]:  # and the ID the judgement names
    words.append(str(((r.get("disagreements") or [{}])[0]).get("spec_id")))
print(" ".join(words))' "$tmp/r.json" "$id" 2>&1)"
  [ -z "$id" ] || want="$want $id"
  if [ "$got" = "$want" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAILED: $req answered '$ans': want $want, got ${got:-nothing} ($(head -c 300 "$tmp/out"))" >&2
  fi
done <"$dir/judge_forms.txt"
[ "$n" -ge 40 ] || { echo "FAILED: only $n cases read" >&2; fail=$((fail + 1)); }
echo "judge_forms_test: $pass passed, $fail failed"
[ "$fail" = 0 ]
