#!/usr/bin/env bash
# The profile step of run_gpu.sh (issue 16): ncu on one launch of the run
# kernel of each property named in PROPS (one ID a line), and a TSV row
# each: achieved and theoretical occupancy, local-memory bytes loaded and
# stored per case, active lanes per warp instruction, the launch's time, and
# where warps wait: cycles per issued instruction and the shares of them
# spent with no instruction fetched (instruction cache, jumps across the
# code) and on the long scoreboard (local and global memory).
#
#   device/profile.sh NCU CT_GPU PROPS OUT.tsv [STACK]
#
# A property whose ncu run fails (no permission for the counters,
# ERR_NVGPUCTRPERM, ...) gets a row saying so, and the exit status is 1.
set -uo pipefail
ncu=$1 gpu=$2 props=$3 out=$4 stack=${5:-131072}
metrics=sm__warps_active.avg.pct_of_peak_sustained_active,sm__maximum_warps_per_active_cycle_pct
metrics=$metrics,l1tex__t_bytes_pipe_lsu_mem_local_op_ld.sum,l1tex__t_bytes_pipe_lsu_mem_local_op_st.sum
metrics=$metrics,smsp__thread_inst_executed_per_inst_executed.ratio,gpu__time_duration.sum,launch__grid_size,launch__block_size
metrics=$metrics,smsp__average_warp_latency_per_inst_issued.ratio
metrics=$metrics,smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio
metrics=$metrics,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rc=0
printf 'property\tachieved occupancy %%\ttheoretical occupancy %%\tlocal bytes loaded per case\tlocal bytes stored per case\tactive lanes of 32\twarp cycles per issued instruction\tno instruction %%\tlong scoreboard %%\tkernel ms\n' >"$out"
while read -r id; do
  [ -n "$id" ] || continue
  # --balance shape: the probe of --balance auto would be the first launch
  # one case per thread (the default): grid x block = the cases of the launch
  echo "== $id: $ncu --kernel-name regex:ct_k_run --launch-count 1 $gpu bench --only $id ..."
  if ! "$ncu" --clock-control none --csv --print-units base --kernel-name regex:ct_k_run --launch-count 1 \
      --metrics "$metrics" "$gpu" bench --only "$id" --balance shape --gpu-cases 262144 --host-seconds 0.001 \
      --gpu-seconds 0.05 --stack "$stack" >"$tmp/ncu.txt" 2>&1; then
    cat "$tmp/ncu.txt" >>"$out.raw"
    tail -5 "$tmp/ncu.txt"
    printf '%s\tncu failed: %s\t\t\t\t\t\t\t\t\n' "$id" "$(grep -m1 -E 'ERR|rror' "$tmp/ncu.txt" | tr '\t' ' ' | cut -c1-120)" >>"$out"
    rc=1
    continue
  fi
  cat "$tmp/ncu.txt" >>"$out.raw"
  awk -v id="$id" '
    /^"/ { line = substr($0, 2, length($0) - 2); n = split(line, f, "\",\""); if (f[n - 2] != "") m[f[n - 2]] = f[n]; gsub(/,/, "", m[f[n - 2]]) }
    END {
      cases = m["launch__grid_size"] * m["launch__block_size"];
      if (m["gpu__time_duration.sum"] == "" || cases <= 0) { printf "%s\tno metrics in the ncu output\t\t\t\t\t\t\t\t\n", id; exit 1 }
      ld = m["l1tex__t_bytes_pipe_lsu_mem_local_op_ld.sum"] / cases;
      st = m["l1tex__t_bytes_pipe_lsu_mem_local_op_st.sum"] / cases;
      cpi = m["smsp__average_warp_latency_per_inst_issued.ratio"];
      ni = 0; ls = 0; # shares of cpi
      if (cpi > 0) {
        ni = 100 * m["smsp__average_warps_issue_stalled_no_instruction_per_issue_active.ratio"] / cpi;
        ls = 100 * m["smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio"] / cpi;
      }
      printf "%s\t%.1f\t%.1f\t%.0f\t%.0f\t%.2f\t%.1f\t%.0f\t%.0f\t%.3f\n", id, m["sm__warps_active.avg.pct_of_peak_sustained_active"],
        m["sm__maximum_warps_per_active_cycle_pct"], ld, st,
        m["smsp__thread_inst_executed_per_inst_executed.ratio"], cpi, ni, ls, m["gpu__time_duration.sum"] / 1e6 }' "$tmp/ncu.txt" >>"$out" || {
    tail -5 "$tmp/ncu.txt"
    rc=1
  }
  tail -1 "$out"
done <"$props"
exit $rc
