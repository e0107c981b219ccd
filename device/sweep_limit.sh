#!/usr/bin/env bash
# Where the composition sweep's limit is (issue 43, item 4): ncu on one
# launch of the fast form's kernel (ct_k_fast) and of its sample
# (ct_k_sample), in a shard of the B rank <= 4 sweep, and what that means
# per pair: thread instructions and integer instructions per pair, the
# busiest pipe's share of its peak, issue slots used, and the kernel's
# pairs/s against what the card's clock and SMs allow.
#
#   device/sweep_limit.sh NCU CT_SWEEP OUT.tsv
#
# Exit status 1 where ncu fails (no permission for the counters, ...).
set -uo pipefail
ncu=$1 sweep=$2 out=$3
m=gpu__time_duration.sum,smsp__inst_executed.sum,smsp__thread_inst_executed.sum
m=$m,smsp__sass_thread_inst_executed_op_integer_pred_on.sum,smsp__thread_inst_executed_per_inst_executed.ratio
m=$m,smsp__issue_active.avg.pct_of_peak_sustained_active,sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active
m=$m,sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active
m=$m,launch__grid_size,launch__block_size,sm__cycles_elapsed.avg.per_second,device__attribute_multiprocessor_count
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rc=0
printf 'kernel\tunits\tpairs\tkernel ms\tpairs/s\tthread instructions per pair\tinteger instructions per pair\tactive lanes of 32\tissue slots used %%\tALU pipe %% of peak\tFMA pipe %% of peak\twarps active %%\tSM clock GHz\tSMs\n' >"$out"
for k in ct_k_fast ct_k_sample; do
  # the third launch of shard 0/4096: a whole batch of units, all of them valid
  echo "== $k: $ncu --kernel-name regex:$k --launch-skip 1 --launch-count 1 $sweep --ra 2 --rb 4 --shard 0/4096"
  if ! "$ncu" --clock-control none --csv --print-units base --kernel-name "regex:^$k" --launch-skip 1 --launch-count 1 \
      --metrics "$m" "$sweep" --ra 2 --rb 4 --shard 0/4096 >"$tmp/ncu.txt" 2>&1; then
    tail -5 "$tmp/ncu.txt"
    printf '%s\tncu failed: %s\n' "$k" "$(grep -m1 -E 'ERR|rror' "$tmp/ncu.txt" | tr '\t' ' ' | cut -c1-120)" >>"$out"
    rc=1
    continue
  fi
  # one row per metric: its last three fields are the metric's name, unit and value
  python3 - "$tmp/ncu.txt" "$k" >>"$out" <<'PY' || { echo "$k: ncu's answer could not be read"; rc=1; }
import csv, sys
v = {}
for r in csv.reader(l for l in open(sys.argv[1]) if l.startswith('"')):
    if len(r) >= 3 and r[-1] != "Metric Value":  # the header row names them
        v[r[-3]] = float(r[-1].replace(",", ""))
threads = v["launch__grid_size"] * v["launch__block_size"]
# ct_k_fast: a thread a unit of 136 pairs; ct_k_sample: a thread a sampled unit
pairs = threads * 136
ms = v["gpu__time_duration.sum"] / 1e6
print("\t".join([sys.argv[2], "%d" % threads, "%d" % pairs, "%.3f" % ms, "%.3g" % (pairs / (ms / 1e3)),
                 "%.1f" % (v["smsp__thread_inst_executed.sum"] / pairs),
                 "%.1f" % (v["smsp__sass_thread_inst_executed_op_integer_pred_on.sum"] / pairs),
                 "%.1f" % v["smsp__thread_inst_executed_per_inst_executed.ratio"],
                 "%.1f" % v["smsp__issue_active.avg.pct_of_peak_sustained_active"],
                 "%.1f" % v["sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active"],
                 "%.1f" % v["sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active"],
                 "%.1f" % v["sm__warps_active.avg.pct_of_peak_sustained_active"],
                 "%.2f" % (v["sm__cycles_elapsed.avg.per_second"] / 1e9),
                 "%d" % v.get("device__attribute_multiprocessor_count", 0)]))
PY
done
column -t -s $'\t' "$out" 2>/dev/null || cat "$out"
exit $rc
