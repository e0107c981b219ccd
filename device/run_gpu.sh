#!/usr/bin/env bash
# Builds the GPU checks with nvcc alone and runs them; writes device/RESULTS.md.
# For a machine with an NVIDIA GPU, nvcc and no Bazel (device/README.md).
#
#   device/run_gpu.sh --quick       every step, small sizes (81 s on one H100)
#   device/run_gpu.sh               the full run (about 5 minutes on one H100)
#
# Steps (each prints what it does, its command and its time; RESULTS.md is
# rewritten after every step, so an interrupted run keeps what it finished):
#   build       device/build.sh: ct_gpu, ct_sweep, ct_cpl_sweep, ct_ops_sweep, host_twin (-arch=sm_90)
#   host        the host halves: nvcc's and gcc's builds answer alike
#   bench       per property: one CPU core vs the GPU, same case stream
#   agree       every property, random cases, GPU vs host twin case by case;
#               each property gets about --agree-seconds of GPU time (its
#               case count from the bench step's GPU rate: 10^10 cases or
#               more in all), or --agree-cases where the bench did not run
#   exhaustive  composition/complement/divide/product/inverse properties on
#               every flat layout and pair within bounds, GPU vs host twin
#   sweep       the exhaustive composition sweep, A rank <= 2, B rank <= 3,
#               shapes 1..8, strides 0..16 (4.7e10 pairs), every GPU
#   sweep4      the same with B rank <= 4 (6.4e12 pairs), whole (quick: one
#               shard), in 64 shards through a manifest (--sweep4-manifest):
#               a run that stops early is resumed by the next
#   limit       ncu on the composition sweep's kernels (device/sweep_limit.sh):
#               instructions per pair against the card's throughput
#   cpl         the exhaustive complement check (device/cpl_sweep.cu): every
#               flat A of rank <= 3, shapes 1..8, strides -2..16 (quick:
#               shapes 1..4, strides -1..9), every cotarget, against CPL-7's
#               brute force: 0 conservative, 0 wrong
#   ops         the exhaustive sweeps of coalesce, right_inverse and left_inverse
#               (device/ops_sweep.cu): every flat layout of rank <= 4 (quick:
#               rank <= 3), shapes 1..8, strides 0..16, judged at every index,
#               rejections against an existence test of their own: 0
#               conservative, 0 wrong
#   divprod     the exhaustive logical_divide and logical_product sweeps
#               (device/divprod_sweep.cu): every pair of flat layouts of rank
#               <= 2, shapes 1..8, strides 0..16 (3.5e8 pairs; quick: shard 0/16),
#               zipped/tiled/flat forms included, rejections against brute
#               force: 0 conservative, 0 wrong
#   tv          the exhaustive tiled MMA sweep (device/tv_sweep.cu): every atom
#               of the atlas x atom layouts of <= 8 warps x permutation tiles
#               x shared-memory layouts (GMMA atoms tiled to shape included),
#               every thread's fragments, C's ownership and partitions of sA,
#               sB against TMMA-DEF (quick: --quick --shard 0/8), every GPU: 0 failures
#   profile     (only when named in --steps) ncu on the run kernel of the five
#               properties with the lowest GPU rate in this run's bench step:
#               achieved and theoretical occupancy, local-memory traffic,
#               active lanes per instruction, cycles per issued instruction
#               and the shares with no instruction fetched and on the long
#               scoreboard (issue 16); without ncu, or
#               without a bench step, it says so and is marked skipped
#
# Options:
#   --quick | --full          sizes (default --full)
#   --steps a,b,...           only these steps (build is always done first
#                             unless --no-build)
#   --no-build                reuse device/build/
#   --bench-args "ARGS"       the bench step's ct_gpu options instead of the mode's (full:
#                             --gpu-cases 2097152 --host-seconds 0.05 --gpu-seconds 0.25);
#                             --chunk 16384 shortens the warm-up of the slowest properties
#   --agree-seconds T         GPU seconds per property in agree (full 0.75, quick 0.02)
#   --agree-cases N           random cases per property without a bench step (full
#                             2000000, quick 20000); at least this many with one
#   --host-every K            the host recomputes every K-th chunk (full 200, quick 1)
#   --sweep4-shards N         quick: sweep4 runs shard 0 of N (4096)
#   --sweep4-manifest FILE    full: the manifest of sweep4's finished shards
#                             (device/build/sweep4-manifest.tsv; kept across runs)
#   --sweep4-budget S         full: start no new shard of sweep4 after S seconds (540)
#   --regs N                  ct_gpu's registers per thread (-maxrregcount; default 96, 0: no cap)
#   --stack BYTES             GPU stack per thread for ct_gpu (131072: the tiled copy's
#                             properties overflow 65536, docs/data/gpu-run-issue41.md)
#   --out FILE                results file (device/RESULTS.md)
# Environment: CT_SOURCE=REV names the source in RESULTS.md (else git's HEAD,
# marked "with local changes" where git status shows any).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"

mode=full
steps=host,bench,agree,exhaustive,sweep,sweep4,limit,cpl,ops,divprod,tv
build=1
agree_cases=
agree_seconds=
host_every=
sweep4_shards=
sweep4_manifest=
sweep4_budget=540
bench_override=
regs=96
stack=131072
out=$here/RESULTS.md
while [ $# -gt 0 ]; do
  case $1 in
    --quick) mode=quick; shift ;;
    --full) mode=full; shift ;;
    --steps) steps=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    --agree-cases) agree_cases=$2; shift 2 ;;
    --agree-seconds) agree_seconds=$2; shift 2 ;;
    --bench-args) bench_override=$2; shift 2 ;;
    --host-every) host_every=$2; shift 2 ;;
    --sweep4-shards) sweep4_shards=$2; shift 2 ;;
    --sweep4-manifest) sweep4_manifest=$2; shift 2 ;;
    --sweep4-budget) sweep4_budget=$2; shift 2 ;;
    --regs) regs=$2; shift 2 ;;
    --stack) stack=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,74p' "$0"; exit 0 ;;
    *) echo "run_gpu.sh: unknown option '$1' (--help)"; exit 2 ;;
  esac
done
if [ $mode = quick ]; then
  : "${agree_cases:=20000}" "${agree_seconds:=0.02}" "${host_every:=1}" "${sweep4_shards:=4096}"
  ex_bounds=3,5,-4,8; ex_pair=2,4,-1,6; sweep_args=(--shard 0/8); cpl_args=(--smax 4 --dlo -1 --dhi 9 --mmax 24); ops_args=(--r 3); divprod_args=(--shard 0/16); bench_args=(--gpu-cases 262144 --host-seconds 0.01 --gpu-seconds 0.05)
  tv_args=(--quick --shard 0/8)
else
  : "${agree_cases:=2000000}" "${agree_seconds:=0.75}" "${host_every:=200}" "${sweep4_shards:=64}"
  ex_bounds=3,8,-8,16; ex_pair=2,6,-2,8; sweep_args=(); cpl_args=(--smax 8 --dlo -2 --dhi 16 --mmax 64); ops_args=(--r 4); divprod_args=(); bench_args=(--gpu-cases 2097152 --host-seconds 0.05 --gpu-seconds 0.25)
  tv_args=()
fi

# shellcheck disable=SC2206
[ -z "$bench_override" ] || bench_args=($bench_override)

bin=$here/build
logs=$bin/logs
mkdir -p "$logs"
export NCCL_NVLS_ENABLE=0
t_start=$(date +%s)
status=0
declare -A verdict

say() { echo "[run_gpu $(date +%H:%M:%S)] $*"; }
want() { case ",$steps," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }
# step NAME TIMEOUT CMD...: runs CMD with its output on the terminal and in
# $logs/NAME.txt; records the exit status.
step() {
  local name=$1 limit=$2 t0 rc
  shift 2
  say "step $name: $*"
  t0=$(date +%s)
  set +e
  timeout "$limit" "$@" 2>&1 | tee "$logs/$name.txt"
  rc=${PIPESTATUS[0]}
  set -e
  if [ "$rc" = 124 ]; then echo "(timed out after $limit s)" | tee -a "$logs/$name.txt"; fi
  say "step $name: exit $rc after $(( $(date +%s) - t0 )) s"
  verdict[$name]=$rc
  echo "$rc" >"$logs/$name.rc"
  # what ran and for how long, kept beside the status: a run split over
  # several invocations (--no-build) lists each step's own options
  echo "$(( $(date +%s) - t0 ))" >"$logs/$name.secs"
  printf '%s\n' "$*" | sed "s|$root/||g" >"$logs/$name.cmd"
  [ "$rc" = 0 ] || status=1
  write_results
}

# Markdown table from a TSV file (first line the header).
tsv_table() {
  awk -F'\t' 'NR == 1 { h = "|"; s = "|"; for (i = 1; i <= NF; ++i) { h = h " " $i " |"; s = s " --- |" } print h; print s; next }
              { r = "|"; for (i = 1; i <= NF; ++i) r = r " " $i " |"; print r }' "$1"
}

machine_info() {
  echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  if command -v nvidia-smi >/dev/null 2>&1; then
    nvidia-smi --query-gpu=index,name,memory.total,driver_version,clocks.max.sm --format=csv,noheader 2>/dev/null |
      sed 's/^/- GPU: /' || echo "- GPU: nvidia-smi failed"
  else
    echo "- GPU: nvidia-smi not found"
  fi
  echo "- nvcc: $(/usr/local/cuda/bin/nvcc --version 2>/dev/null | sed -n 's/.*release \(.*\)$/\1/p' || echo '?')"
  echo "- CPU: $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //') ($(nproc) cores)"
  # CT_SOURCE names the source where the checkout's own git state does not:
  # a copy of a working tree beside a .git of another commit (the device
  # tool's) reads as changed everywhere; the caller vouches for it then.
  if [ -n "${CT_SOURCE:-}" ]; then
    echo "- source: $CT_SOURCE"
  else
    echo "- source: $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo 'not a git checkout')$(git -C "$root" status --porcelain 2>/dev/null | grep -q . && echo ' (with local changes)' || true)"
  fi
  echo "- this invocation: \`device/run_gpu.sh --$mode\` (build: CT_MAX_NODES=32, CT_BRUTE_MAX=512, CT_TCOPY_COVER_MAX=4096, -arch=sm_90, ct_gpu -maxrregcount=$regs; agree: about $agree_seconds GPU s per property from the bench's rates (at least $agree_cases cases), host every $host_every chunks; bench: ${bench_args[*]})"
}

v() { # verdict of a step as text (of this run, else of an earlier one whose logs are here: --no-build)
  local rc=${verdict[$1]:-}
  [ -n "$rc" ] || [ ! -f "$logs/$1.rc" ] || rc=$(cat "$logs/$1.rc")
  if [ -z "$rc" ]; then echo "not run"; elif [ "$rc" = 0 ]; then echo "ok"; elif [ "$rc" = 124 ]; then echo "TIMED OUT"; elif [ "${rc#skipped}" != "$rc" ]; then echo "$rc"; else echo "FAILED (exit $rc)"; fi
}

step_cmd() { # a step's command as run (the host step's script shortened), as Markdown code
  [ -f "$logs/$1.cmd" ] || return 0
  if [ "$1" = host ]; then echo '`ct_gpu agree --host-only` vs `host_twin`, same cases'
  else echo "\`$(tr -d '\n' <"$logs/$1.cmd" | sed 's/|/\\|/g')\`"; fi
}

kv() { awk -F'\t' -v k="$2" '$1 == k { print $2; exit }' "$1" 2>/dev/null; }

# failures LOG N: the FAIL and MISMATCH reports of an agreement log (N lines
# of context each), as a Markdown block; nothing if there are none.
failures() {
  grep -qE '^(FAIL|MISMATCH)' "$1" || return 0
  echo
  echo "Failures and mismatches (first of each property):"
  echo
  echo '```'
  grep -E -A"$2" '^(FAIL|MISMATCH)' "$1" | sed -n 1,120p
  echo '```'
}

write_results() {
  local tmp=$out.tmp
  {
    echo "# GPU results"
    echo
    echo "Written by \`device/run_gpu.sh\` (device/README.md). The property tables below are"
    echo "keyed by property ID; the reference site (docs/) shows them next to each spec ID."
    echo
    echo "## Machine"
    echo
    machine_info
    echo
    echo "## Verdicts"
    echo
    echo "| step | verdict | seconds | command |"
    echo "| --- | --- | ---: | --- |"
    for s in build host bench agree exhaustive sweep sweep4 limit cpl ops divprod tv profile; do
      echo "| $s | $(v $s) | $(cat "$logs/$s.secs" 2>/dev/null) | $(step_cmd $s) |"
    done
    if [ -f "$logs/agree.txt" ]; then
      echo
      echo "## Agreement (random cases, every property)"
      echo
      echo '```'
      grep -E '^(random cases|configuration|GPU [0-9]|total|time|agreement)' "$logs/agree.txt" || true
      echo '```'
      if [ -f "$logs/agree.tsv" ] && [ -f "$logs/bench.tsv" ]; then
        echo
        echo "Per property: the agreement run, then the benchmark (one CPU core vs the GPU,"
        echo "same case stream)."
        echo
        awk -F'\t' 'NR == FNR { if (FNR > 1) b[$1] = $3 "\t" $5 "\t" $6; next }
                    FNR == 1 { print "property\tGPU cases\tadmissible\tfailures\thost-checked\tdiffering chunks\tone-core case/s\tGPU case/s\tGPU/one core"; next }
                    { x = ($1 in b) ? b[$1] : "\t\t"; print $1 "\t" $2 "\t" $3 "\t" $4 "\t" $5 "\t" $7 "\t" x }' \
          "$logs/bench.tsv" "$logs/agree.tsv" >"$logs/merged.tsv"
        tsv_table "$logs/merged.tsv"
      elif [ -f "$logs/agree.tsv" ]; then
        echo
        tsv_table "$logs/agree.tsv"
      fi
      failures "$logs/agree.txt" 7
    fi
    if [ -f "$logs/exhaustive.txt" ]; then
      echo
      echo "## Exhaustive sweeps of the algebra's properties"
      echo
      echo '```'
      grep -E '^(enumerated cases|configuration|total|time|agreement)' "$logs/exhaustive.txt" || true
      echo '```'
      if [ -f "$logs/exhaustive.tsv" ]; then
        echo
        echo "| enumerated property | cases | admissible | failures | host-checked | differing chunks | GPU case/s |"
        echo "| --- | --- | --- | --- | --- | --- | --- |"
        awk -F'\t' 'NR > 1 { printf "| %s (enumerated) | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $7, $8 }' "$logs/exhaustive.tsv"
      fi
      failures "$logs/exhaustive.txt" 5
    fi
    for s in sweep sweep4; do
      [ -f "$logs/$s.txt" ] || continue
      echo
      if [ $s = sweep ]; then echo "## Composition sweep"
      elif [ $mode = quick ]; then echo "## Composition sweep, B of rank <= 4 (sample shard)"
      else echo "## Composition sweep, B of rank <= 4 (whole, in shards through a manifest)"; fi
      echo
      if [ -f "$logs/$s.tsv" ]; then
        echo "| sweep | value |"
        echo "| --- | --- |"
        awk -F'\t' '{ print "| " $1 " | " $2 " |" }' "$logs/$s.tsv"
        echo
      fi
      echo '```'
      grep -vE '^\s*$' "$logs/$s.txt" | grep -vE '^shard [0-9]+/' | sed -n 1,60p
      echo '```'
    done
    if [ -f "$logs/limit.tsv" ]; then
      echo
      echo "## Where the composition sweep's limit is (ncu, one launch of each kernel)"
      echo
      tsv_table "$logs/limit.tsv"
    fi
    if [ -f "$logs/profile.tsv" ]; then
      echo
      echo "## Profile of the five slowest properties (ncu, one launch of the run kernel)"
      echo
      tsv_table "$logs/profile.tsv"
    fi
    if [ -f "$logs/cpl.txt" ]; then
      echo
      echo "## Complement check"
      echo
      echo '```'
      grep -vE '^\s*$' "$logs/cpl.txt" | sed -n 1,20p
      echo '```'
    fi
    if [ -f "$logs/ops.txt" ]; then
      echo
      echo "## Exhaustive sweeps of coalesce, right_inverse and left_inverse"
      echo
      if [ -f "$logs/ops.tsv" ]; then
        echo "| operation | cases | accepted | rejected: no answer | rejected: precondition | conservative | wrong | unchecked | seconds | cases/s |"
        echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
        awk -F'\t' '$1 == "op" { op = $2 } { v[$1] = $2 }
                    $1 == "device" { printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", op, v["cases"], v["accepted"],
                                     v["rejected_no_answer"], v["rejected_precondition"], v["conservative"], v["wrong"],
                                     v["unchecked"], v["seconds"], v["rate"] }' "$logs/ops.tsv"
        echo
      fi
      echo '```'
      grep -vE '^\s*$' "$logs/ops.txt" | sed -n 1,60p
      echo '```'
    fi
    if [ -f "$logs/divprod.txt" ]; then
      echo
      echo "## Exhaustive sweeps of logical_divide and logical_product"
      echo
      if [ -f "$logs/divprod.tsv" ]; then
        echo "| operation | pairs | accepted | rejected: no answer | conservative | wrong | unchecked | seconds | pairs/s |"
        echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
        awk -F'\t' '$1 == "op" { op = $2 } { v[$1] = $2 }
                    $1 == "device" { printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", op, v["pairs"], v["accepted"],
                                     v["rejected_no_answer"], v["conservative"], v["wrong"], v["unchecked"], v["seconds"], v["rate"] }' "$logs/divprod.tsv"
        echo
      fi
      echo '```'
      grep -vE '^\s*$|^ct_divprod_sweep: ' "$logs/divprod.txt" | sed -n 1,60p
      echo '```'
    fi
    if [ -f "$logs/tv.txt" ]; then
      echo
      echo "## Exhaustive sweep of tiled MMAs (issue 41)"
      echo
      echo '```'
      grep -vE '^\s*$|^ct_tv_sweep: ' "$logs/tv.txt" | sed -n 1,40p
      echo '```'
    fi
    if [ -f "$logs/bench.txt" ]; then
      echo
      echo "## Benchmark"
      echo
      echo '```'
      grep -E '^(GPU [0-9]|property mix|mix:)' "$logs/bench.txt" || true
      if [ -f "$logs/sweep.tsv" ]; then
        echo "composition sweep (COMP-1 + exact COMP-2 per pair): $(kv "$logs/sweep.tsv" rate) pairs/s on $(kv "$logs/sweep.tsv" devices) GPU(s) (target >= 1e10, issue 43)"
      fi
      echo '```'
      [ -f "$logs/agree.tsv" ] || { [ -f "$logs/bench.tsv" ] && { echo; tsv_table "$logs/bench.tsv"; }; }
    fi
    echo
    echo "Logs of this run: \`device/build/logs/\` on the machine that ran it."
  } >"$tmp"
  mv "$tmp" "$out"
}

say "mode $mode, steps $steps; results -> $out"
machine_info
if [ $build = 1 ]; then
  rm -f "$logs"/*.txt "$logs"/*.tsv "$logs"/*.rc "$logs"/*.secs "$logs"/*.cmd
  step build 900 "$here/build.sh" --out "$bin" --arch sm_90 --regs "$regs"
  if [ "${verdict[build]}" != 0 ]; then say "build failed: nothing to run"; exit 1; fi
fi
gpu="$bin/ct_gpu"
sweep="$bin/ct_sweep"

if want host; then
  step host 300 bash -c "
    set -e
    '$gpu' agree --host-only --cases 2000 --chunk 1024 --dump '$logs/host_nvcc.txt' | tail -3
    '$bin/host_twin' --cases 2000 --chunk 1024 --dump '$logs/host_gcc.txt'
    cmp '$logs/host_nvcc.txt' '$logs/host_gcc.txt'
    echo \"host halves: the nvcc (C++) and gcc (C11) builds agree on \$(wc -l <'$logs/host_nvcc.txt') chunks\""
fi
if want bench; then
  step bench 900 "$gpu" bench "${bench_args[@]}" --stack "$stack" --tsv "$logs/bench.tsv"
fi
if want agree; then
  plan=()
  if [ -f "$logs/bench.tsv" ]; then # cases = GPU rate x seconds, at least --agree-cases, in whole chunks
    awk -F'\t' -v t="$agree_seconds" -v lo="$agree_cases" 'NR > 1 && $1 != "property mix" && $5 > 0 {
        n = $5 * t; if (n < lo) n = lo; n = int(n / 65536 + 1) * 65536; printf "%s %d\n", $1, n }' \
      "$logs/bench.tsv" >"$logs/agree_plan.txt"
    plan=(--plan "$logs/agree_plan.txt")
    say "agree plan: $(wc -l <"$logs/agree_plan.txt") properties, $(awk '{ s += $2 } END { printf "%.3g", s }' "$logs/agree_plan.txt") cases"
  fi
  step agree 900 "$gpu" agree --cases "$agree_cases" "${plan[@]}" --host-every "$host_every" --stack "$stack" --tsv "$logs/agree.tsv"
fi
if want exhaustive; then
  step exhaustive 900 "$gpu" agree --exhaustive --bounds "$ex_bounds" --pair-bounds "$ex_pair" \
    --only "$("$bin/cuteref" ops --exhaustive-props)" \
    --host-every 64 --stack "$stack" --tsv "$logs/exhaustive.tsv"
fi
if want sweep; then
  step sweep 900 "$sweep" --ra 2 --rb 3 --smax 8 --dlo 0 --dhi 16 "${sweep_args[@]}" --tsv "$logs/sweep.tsv"
fi
if want sweep4; then
  if [ $mode = quick ]; then
    step sweep4 900 "$sweep" --ra 2 --rb 4 --smax 8 --dlo 0 --dhi 16 --shard "0/$sweep4_shards" --tsv "$logs/sweep4.tsv"
  else # whole, resumable: the shards a stopped run left are run by the next
    step sweep4 900 "$sweep" --ra 2 --rb 4 --smax 8 --dlo 0 --dhi 16 --manifest "${sweep4_manifest:-$bin/sweep4-manifest.tsv}" \
      --shards 64 --budget "$sweep4_budget" --tsv "$logs/sweep4.tsv"
  fi
  if [ $mode = quick ] && [ -f "$logs/sweep4.tsv" ]; then
    rate=$(kv "$logs/sweep4.tsv" rate_per_device)
    all=$(kv "$logs/sweep4.tsv" all_pairs)
    awk -v r="$rate" -v a="$all" 'BEGIN { if (r > 0) printf "projection\tthe whole B rank <= 4 sweep (%.3g pairs): %.0f s on one GPU, %.0f s on 8 GPUs\n", a, a / r, a / r / 8 }' >>"$logs/sweep4.tsv"
    write_results
  fi
fi
if want profile; then
  ncu_bin=$(command -v ncu || true)
  [ -n "$ncu_bin" ] || [ ! -x /usr/local/cuda/bin/ncu ] || ncu_bin=/usr/local/cuda/bin/ncu
  rm -f "$logs/profile.tsv"
  if [ -z "$ncu_bin" ]; then
    say "step profile: SKIPPED: no ncu (looked in PATH and /usr/local/cuda/bin)"
    echo "skipped: no ncu on this machine" >"$logs/profile.txt"
    verdict[profile]="skipped (no ncu)"
  elif [ ! -f "$logs/bench.tsv" ]; then
    say "step profile: SKIPPED: it profiles the slowest properties of this run's bench step (--steps bench,profile)"
    echo "skipped: no bench step in this run" >"$logs/profile.txt"
    verdict[profile]="skipped (no bench step)"
  else
    # sed -n, not head: head's early exit can SIGPIPE sort, which under
    # pipefail ended a full run before this step (2026-11-24)
    awk -F'\t' 'NR > 1 && $1 != "property mix" && $5 > 0 { print $5 "\t" $1 }' "$logs/bench.tsv" | sort -g | sed -n 1,5p |
      cut -f2 >"$logs/profile_props.txt"
    step profile 900 bash "$here/profile.sh" "$ncu_bin" "$gpu" "$logs/profile_props.txt" "$logs/profile.tsv" "$stack"
  fi
fi
if want limit; then
  ncu_bin=$(command -v ncu || true)
  [ -n "$ncu_bin" ] || [ ! -x /usr/local/cuda/bin/ncu ] || ncu_bin=/usr/local/cuda/bin/ncu
  rm -f "$logs/limit.tsv"
  if [ -z "$ncu_bin" ]; then
    say "step limit: SKIPPED: no ncu (looked in PATH and /usr/local/cuda/bin)"
    echo "skipped: no ncu on this machine" >"$logs/limit.txt"
    verdict[limit]="skipped (no ncu)"
  else
    step limit 300 bash "$here/sweep_limit.sh" "$ncu_bin" "$sweep" "$logs/limit.tsv"
  fi
fi
if want cpl; then
  step cpl 900 "$bin/ct_cpl_sweep" --ra 3 "${cpl_args[@]}"
fi
if want ops; then
  step ops 900 "$bin/ct_ops_sweep" "${ops_args[@]}" --tsv "$logs/ops.tsv"
fi
if want divprod; then
  step divprod 900 "$bin/ct_divprod_sweep" "${divprod_args[@]}" --tsv "$logs/divprod.tsv"
fi
if want tv; then
  step tv 900 "$bin/ct_tv_sweep" "${tv_args[@]}" --tsv "$logs/tv.tsv"
fi
write_results
say "done in $(( $(date +%s) - t_start )) s; results in $out"
for s in build host bench agree exhaustive sweep sweep4 limit cpl ops divprod tv profile; do printf '  %-11s %s\n' "$s" "$(v $s)"; done
echo "summary:"
grep -h -E '^(GPU 0|agreement|host halves)' "$logs/host.txt" "$logs/agree.txt" 2>/dev/null | sed 's/^/  /' | sort -u || true
grep -h -E '^agreement' "$logs/exhaustive.txt" 2>/dev/null | sed 's/^/  exhaustive /' || true
for s in sweep sweep4 cpl; do
  [ -f "$logs/$s.txt" ] && { grep -E '^(pairs|rejected|undecided|cases|wrong|time|projection|verdict)' "$logs/$s.txt" | sed "s/^/  $s: /" || true; }
done
[ -f "$logs/ops.txt" ] && { grep -E '^(coalesce|right_inverse|left_inverse): cases|^  [a-z_]+ (conservative|wrong|unchecked) |^verdict' "$logs/ops.txt" | sed 's/^ */  ops: /' || true; }
[ -f "$logs/tv.txt" ] && { grep -E '^(configurations|failures|time|verdict)' "$logs/tv.txt" | sed 's/^/  tv: /' || true; }
grep -h -E '^mix' "$logs/bench.txt" 2>/dev/null | sed 's/^/  bench /' || true
if [ -f "$logs/bench.txt" ]; then echo "benchmark table:"; sed -n '/^property /,$p' "$logs/bench.txt"; fi
exit $status
