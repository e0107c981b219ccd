# canned_judge.sh -- sourced by judge_forms_test.sh and judges_more_test.sh:
# canned_cases TABLE MIN judges each line of TABLE (a request, an answer,
# the verdict `cuteref conform` must give it, and optionally the
# post-condition ID the judgement must name): canned_impl.py gives the
# answer, judged alone. It adds to $pass and $fail, and fails when fewer
# than MIN lines were read. Needs $cuteref, $dir (this folder) and $tmp.
canned_cases() {
  local table="$1" min="$2" n=0 req ans want id got
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
  done <"$table"
  [ "$n" -ge "$min" ] || { echo "FAILED: only $n cases read from $table" >&2; fail=$((fail + 1)); }
}
