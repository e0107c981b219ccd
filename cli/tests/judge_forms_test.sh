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
. "$dir/canned_judge.sh"
canned_cases "$dir/judge_forms.txt" 40
echo "judge_forms_test: $pass passed, $fail failed"
[ "$fail" = 0 ]
