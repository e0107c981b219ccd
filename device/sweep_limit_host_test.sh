#!/usr/bin/env bash
# CI (no GPU): device/sweep_limit.sh reads ncu's CSV as ncu prints it, with
# a stand-in ncu: per pair instructions from a launch of ct_k_fast, and a
# failed ncu run for ct_k_sample (exit status 1, never a silent pass).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
cat >"$t/ncu" <<'NCU'
#!/usr/bin/env bash
# stand-in: the kernel after --kernel-name picks the answer
while [ $# -gt 0 ] && [ "$1" != --kernel-name ]; do shift; done
if [ "${2:-}" = 'regex:^ct_k_sample' ]; then echo "==ERROR== ERR_NVGPUCTRPERM - no permission"; exit 1; fi
h='"0","1","ct_sweep","127.0.0.1","ct_k_fast(ct_sweep_bounds)","1","7","(128, 1, 1)","(1000, 1, 1)","0","9.0"'
row() { printf '%s,"%s","%s","%s"\n' "$h" "$1" "$2" "$3"; }
echo '==PROF== Connected to process'
row launch__block_size "" 128
row launch__grid_size "" 1,000
row gpu__time_duration.sum ns 1,000,000
row smsp__inst_executed.sum inst 250,000
row smsp__thread_inst_executed.sum inst 6,963,200
row smsp__sass_thread_inst_executed_op_integer_pred_on.sum inst 3,481,600
row smsp__thread_inst_executed_per_inst_executed.ratio "" 27.85
row smsp__issue_active.avg.pct_of_peak_sustained_active % 70.4
row sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active % 87.26
row sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active % 10.4
row sm__warps_active.avg.pct_of_peak_sustained_active % 61.2
row sm__cycles_elapsed.avg.per_second hz 1,979,710,701
row device__attribute_multiprocessor_count "" 132
NCU
chmod +x "$t/ncu"
rc=0
bash "$here/sweep_limit.sh" "$t/ncu" /bin/true "$t/out.tsv" >"$t/log" 2>&1 || rc=$?
fail() { echo "sweep_limit_host_test: $*"; cat "$t/log" "$t/out.tsv"; exit 1; }
[ "$rc" = 1 ] || fail "exit status $rc with a failed ncu run (want 1)"
[ "$(wc -l <"$t/out.tsv")" = 3 ] || fail "want a header and two rows"
# 128,000 units of 136 pairs in 1 ms; 6,963,200 / 17,408,000 = 0.4 instructions a pair
want=$(printf 'ct_k_fast\t128000\t17408000\t1.000\t1.74e+10\t0.4\t0.2\t27.9\t70.4\t87.3\t10.4\t61.2\t1.98\t132')
[ "$(sed -n 2p "$t/out.tsv")" = "$want" ] || fail "row of ct_k_fast: want '$want', got '$(sed -n 2p "$t/out.tsv")'"
sed -n 3p "$t/out.tsv" | grep -q $'^ct_k_sample\tncu failed: .*ERR_NVGPUCTRPERM' || fail "no failure row for ct_k_sample"
echo "sweep_limit_host_test: ok"
