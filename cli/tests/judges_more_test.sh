#!/usr/bin/env bash
# The judges of cli/judges_more.c bite (issue 40, item 4): each line of
# judges_more.txt is a request, an answer and the verdict `cuteref conform`
# must give it, and for a wrong answer the post-condition ID its judgement
# must name; canned_impl.py gives the answer, judged alone. Then the
# reference itself, as an implementation, conforms on random requests of
# those operations.
set -u
cuteref="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
dir="$(cd "$(dirname "$0")" && pwd)"
tmp="${TEST_TMPDIR:-$(mktemp -d)}"
pass=0
fail=0
. "$dir/canned_judge.sh"
canned_cases "$dir/judges_more.txt" 38
ops=upcast,downcast,filter_zeros,blocked_product,raked_product,tile_to_shape,common_refinement,common_coarsening,greatest_common_domain,domain_distribute
timeout 300 "$cuteref" conform --impl "$cuteref eval -" --random 40 --ops "$ops" --quiet --json "$tmp/self.json" \
  >"$tmp/self.out" 2>&1
self="$(python3 -c '
import json, sys
t = json.load(open(sys.argv[1]))["totals"]
print(sum(v for k, v in t.items() if k not in ("sent", "conforming")))' "$tmp/self.json" 2>&1)"
if [ "$self" = 0 ]; then
  pass=$((pass + 1))
else
  fail=$((fail + 1))
  echo "FAILED: the reference does not conform on $ops: $self ($(head -c 600 "$tmp/self.out"))" >&2
fi
echo "judges_more_test: $pass passed, $fail failed"
[ "$fail" = 0 ]
