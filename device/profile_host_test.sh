#!/usr/bin/env bash
# CI (no GPU): device/profile.sh reads ncu's CSV as ncu prints it, with a
# stand-in ncu: the row of a profiled property (per-case bytes, the stall
# shares of the cycles per issued instruction) and the row of a property
# whose ncu run fails (exit status 1, never a silent pass).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
cat >"$t/ncu" <<'NCU'
#!/usr/bin/env bash
# stand-in: the property after --only picks the answer
while [ $# -gt 0 ] && [ "$1" != --only ]; do shift; done
if [ "${2:-}" = FAIL-1 ]; then echo "==ERROR== ERR_NVGPUCTRPERM - no permission"; exit 1; fi
h='"0","1","ct_gpu","127.0.0.1","ct_k_run_sorted(ct_dev_job)","1","7","(128, 1, 1)","(2048, 1, 1)","0","9.0"'
row() { printf '%s,"%s","%s","%s"\n' "$h" "$1" "$2" "$3"; }
echo '==PROF== Connected to process'
row launch__block_size "" 128
row launch__grid_size "" 2,048
row sm__warps_active.avg.pct_of_peak_sustained_active % 16.52
row sm__maximum_warps_per_active_cycle_pct % 25
row l1tex__t_bytes_pipe_lsu_mem_local_op_ld.sum byte 2,621,440,000
row l1tex__t_bytes_pipe_lsu_mem_local_op_st.sum byte 1,310,720,000
row smsp__thread_inst_executed_per_inst_executed.ratio "" 10.36
row smsp__average_warp_latency_per_inst_issued.ratio "" 40
row smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio "" 25.2
row smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio "" 10
row gpu__time_duration.sum ns 125,805,000
NCU
chmod +x "$t/ncu"
printf 'DIV-8\nFAIL-1\n' >"$t/props"
rc=0
bash "$here/profile.sh" "$t/ncu" /bin/true "$t/props" "$t/out.tsv" >"$t/log" 2>&1 || rc=$?
fail() { echo "profile_host_test: $*"; cat "$t/log" "$t/out.tsv"; exit 1; }
[ "$rc" = 1 ] || fail "exit status $rc with a failed ncu run (want 1)"
[ "$(wc -l <"$t/out.tsv")" = 3 ] || fail "want a header and two rows"
awk -F'\t' 'NF != 10 { exit 1 }' "$t/out.tsv" || fail "a row without 10 columns"
want=$(printf 'DIV-8\t16.5\t25.0\t10000\t5000\t10.36\t40.0\t63\t25\t125.805')
[ "$(sed -n 2p "$t/out.tsv")" = "$want" ] || fail "row of DIV-8: want '$want'"
sed -n 3p "$t/out.tsv" | grep -q $'^FAIL-1\tncu failed: .*ERR_NVGPUCTRPERM' || fail "no failure row for FAIL-1"
echo "profile_host_test: ok"
