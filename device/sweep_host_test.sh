#!/usr/bin/env bash
# The composition sweep's host half (CI): every pair within small bounds,
# each decided by the exact criterion AND by brute force (the tree API's
# ct_composition evaluated point by point); no wrong answer, no disagreement,
# no pair rejected although an answer exists (COMP-8), none undecided;
# the two pairs of the issue that CuTe's by-mode algorithm gets wrong are
# rejected and no answer exists for them; the fast form gives the
# reference's verdicts, its checks catch two wrong fast forms, and a sweep
# run in two parts through a manifest gives the whole run's totals.
set -euo pipefail
sweep=$1
status=0
out=$("$sweep" --host --procs 2 --brute --ra 2 --rb 3 --smax 4 --dlo 0 --dhi 5) || status=1
echo "$out"
grep -q 'disagree on 0 pairs' <<<"$out" || { echo "the exact criterion and brute force disagree"; status=1; }
grep -q '^verdict: ok' <<<"$out" || status=1
grep -q 'an answer exists (conservative) 0$' <<<"$out" || { echo "rejected although an answer exists"; status=1; }
grep -q '^undecided (COMP-SEARCH.s bound reached) 0$' <<<"$out" || { echo "undecided pairs"; status=1; }
out=$("$sweep" --host --procs 2 --brute --ra 3 --rb 2 --smax 3 --dlo -2 --dhi 3) || status=1
echo "$out"
grep -q 'disagree on 0 pairs' <<<"$out" || { echo "the exact criterion and brute force disagree"; status=1; }
grep -q '^verdict: ok' <<<"$out" || status=1
for pair in '(6,2):(1,7) (3,2):(2,3)' '(8,2):(2,12) (2,2,7):(4,4,16)'; do
  # shellcheck disable=SC2086
  out=$("$sweep" --explain $pair)
  echo "$out"
  grep -q 'the rejection is forced' <<<"$out" || { echo "expected a forced rejection"; status=1; }
done
# The fast form (device/sweep_fast.h) against the reference on every pair
# (--sample 1): the same verdicts and leaves, the same totals as --path ref.
counts() { grep -E '^(pairs|rejected) [0-9]' | sed 's/ (.*)//'; }
bounds=(--host --procs 2 --ra 2 --rb 3 --smax 4 --dlo 0 --dhi 6)
ref=$("$sweep" "${bounds[@]}" --path ref) || status=1
fast=$("$sweep" "${bounds[@]}" --path fast --sample 1) || status=1
echo "$fast"
grep -q 'pairs compared, 0 differ' <<<"$fast" || { echo "the fast form and the reference differ"; status=1; }
[ "$(counts <<<"$ref")" = "$(counts <<<"$fast")" ] || { echo "the fast form's totals are not the reference's"; status=1; }
# Its checks bite: a fast form that drops the carry rule answers wrongly,
# one whose limit is one too low rejects pairs that have an answer.
for m in 1:'^pairs .* failures [1-9]' 2:'an answer exists \(conservative\) [1-9]'; do
  if out=$("$sweep" "${bounds[@]}" --mutant "${m%%:*}"); then echo "mutant ${m%%:*} not caught (exit 0)"; status=1; fi
  grep -Eq "${m#*:}" <<<"$out" || { echo "mutant ${m%%:*}: expected /${m#*:}/"; status=1; }
  grep -Eq ', [1-9][0-9]* differ' <<<"$out" || { echo "mutant ${m%%:*}: the sample did not see it"; status=1; }
done
# Resumable: one shard of four, then the rest; the totals are the whole run's.
man=$(mktemp)
rm -f "$man"
rc=0
"$sweep" "${bounds[@]}" --manifest "$man" --shards 4 --max-shards 1 >/dev/null || rc=$?
[ "$rc" = 5 ] || { echo "an unfinished manifest exited $rc, not 5"; status=1; }
[ "$(grep -c '^shard' "$man")" = 1 ] || { echo "expected one finished shard"; status=1; }
resumed=$("$sweep" "${bounds[@]}" --manifest "$man" --shards 4) || status=1
grep -q '4 of 4 shards finished (3 in this run)' <<<"$resumed" || { echo "the manifest did not resume"; status=1; }
[ "$(counts <<<"$ref")" = "$(counts <<<"$resumed")" ] || { echo "the manifest's totals are not the whole run's"; status=1; }
rm -f "$man"
if [ $status = 0 ]; then echo "1 passed, 0 failed"; else echo "0 passed, 1 failed"; fi
exit $status
