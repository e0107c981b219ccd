#!/usr/bin/env bash
# The session of `cuteref conform` (cli/conform_session.c, spec/protocol.md
# "Requests and answers"): one process's output read as a state machine.
# Start-up lines before the first answer are held and shown, not taken for
# answers; held lines become the process's (malformed) answers after CF_HOLD
# of them, at the end of its output and at the timeout; a probe answered with
# garbage proves nothing, one answered with another value ends the process
# (out of order); a NUL byte makes an answer malformed; lines after the last
# answer are extra; CRLF line ends are read as LF. Interactive, with a
# window, and batch: each the same counts.
set -u
cuteref="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
tmp="${TEST_TMPDIR:-$(mktemp -d)}"
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAILED: $*" >&2; }

cat >"$tmp/cases.txt" <<'CASES'
size((4,2))
composition((6,2):(8,2), (4,3):(3,1))
complement(4:2, 24)
size((3,5))
coalesce((2,(1,6)):(1,(6,2)))
right_inverse((2,4,6):(4,1,8))
composition((4,6,8):(2,3,5), 6:3)
cosize(((2,4),(3,5)):((3,6),(1,24)))
CASES

# MODE CUTEREF: an implementation misbehaving in one way.
cat >"$tmp/impl.sh" <<'IMPL'
mode=$1; c=$2
probe() { case "$1" in size\(\(7919,*) return 0 ;; esac; return 1; }
case $mode in
banner) echo "Loading..."; echo "v1.0 ready"; exec "$c" eval - ;;
hold) i=0; while IFS= read -r l; do i=$((i + 1)); if [ $i -le 6 ]; then echo "junk $i"; else printf '%s\n' "$l" | "$c" eval -; fi; done ;;
junk_eof) IFS= read -r _; echo "junk"; IFS= read -r _; echo "junk2"; exit 0 ;;
shift) echo "ok 1"; exec "$c" eval - ;;
probe_junk) while IFS= read -r l; do if probe "$l"; then echo "huh"; else printf '%s\n' "$l" | "$c" eval -; fi; done ;;
probe_declined) while IFS= read -r l; do if probe "$l"; then echo "error UNSUPPORTED probe"; else printf '%s\n' "$l" | "$c" eval -; fi; done ;;
nul) while IFS= read -r _; do printf 'ok 8\000x\n'; done ;;
extra) "$c" eval -; echo "ok extra"; echo "ok extra2" ;;
crlf) "$c" eval - | sed -u 's/$/\r/' ;;
esac
IMPL

# MODE CHECK...: runs conform three ways and checks the report, each CHECK
# a Python expression over t (totals), p (process) and d (the report).
check() {
  local mode=$1 how
  shift
  for how in "" "--window 3" "--batch"; do
    # shellcheck disable=SC2086
    timeout 120 "$cuteref" conform --impl "sh $tmp/impl.sh $mode $cuteref" --cases "$tmp/cases.txt" \
      --json "$tmp/r.json" --quiet --timeout 1 --batch-timeout 1 --max-starts 8 --max-silent 3 \
      --probe-every 4 --shrink-max 0 $how >"$tmp/out" 2>&1
    if python3 - "$tmp/r.json" "$@" <<'PY'; then ok; else bad "$mode ${how:-(interactive)}"; fi
import json, sys
d = json.load(open(sys.argv[1]))
t, p = d["totals"], d["process"]
wrong = [c for c in sys.argv[2:] if not eval(c)]
if wrong:
    print("  not true: %s\n  totals %s\n  process %s" % (", ".join(wrong), t, p), file=sys.stderr)
sys.exit(1 if wrong else 0)
PY
  done
}

check banner 'd["conforms"]' 't["conforming"] == 8' 'p["startup_lines"] == 2'
check hold 't["malformed"] == 5' 't["conforming"] == 3' 'p["startup_lines"] == 0' 'not d["conforms"]'
check junk_eof 't["malformed"] == 5' 't["crashed"] == 3' 'p["starts"] == 4'
check shift 't["out_of_order"] == 8' 'p["out_of_order"] == 2' 'p["starts"] == 2'
check probe_junk 'd["conforms"]' 't["conforming"] == 8' 'p["probes"] == 2' 'p["out_of_order"] == 0'
check probe_declined 'd["conforms"]' 'p["probes_rejected"] == 2'
check nul 't["malformed"] == 8' 'p["starts"] == 1'
check extra 't["conforming"] == 8' 'p["extra_lines"] == 2' 'not d["conforms"]'
check crlf 'd["conforms"]' 't["conforming"] == 8'

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
