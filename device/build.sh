#!/usr/bin/env bash
# Builds the GPU programs with nvcc alone (no Bazel, no CMake): used by
# device/run_gpu.sh and by the Bazel genrules of device/BUILD.
#
#   device/build.sh [--out DIR] [--obj DIR] [--arch sm_90] [--jobs N] [--nodes 32] [--brute 512]
#                   [--cover 4096] [--regs 96] [TARGET...]
#
# Targets (default: all nine):
#   ct_gpu     every property on the GPU + its host twin (device/agree.cu):
#              each ref/*.c, judge/*.c and props/*.c, and device/'s plans and sort
#              classes (DEVICE_C), compiled by nvcc as CUDA, relocatable
#              device code, device-linked (ref/notation.c and props/engine.c are
#              host only: compiled by the host compiler)
#   ct_sweep   the exhaustive composition sweep (device/sweep.cu, a unity build)
#   ct_cpl_sweep  the exhaustive complement check (device/cpl_sweep.cu, a unity build)
#   ct_ops_sweep  the exhaustive sweeps of coalesce, right_inverse, left_inverse
#              (device/ops_sweep.cu, a unity build; CT_JUDGE_CAP 4096, set in the file)
#   ct_divprod_sweep  the exhaustive logical_divide/logical_product sweeps
#              (device/divprod_sweep.cu, a unity build)
#   ct_tv_sweep  the exhaustive tiled MMA sweep (device/tv_sweep.cu, a unity
#              build; NVCC_FLAGS=-DCT_TV_MUTANTS=1 adds its test-only --mutant)
#   host_twin  the host half compiled as plain C11 by gcc, same configuration
#   plan_check COMP-2's plan against its check on the host (gcc; device/plan_check.c)
#   cuteref    the command (gcc, host): run_gpu.sh asks its registry which
#              properties the exhaustive step runs (`cuteref ops`)
#
# --regs N caps ct_gpu's registers per thread (-maxrregcount; 0: no cap): the
# property code would take 255 and run 8 warps per SM. 96 (20 warps per SM)
# ran the property mix 2.1% faster than 128 on one H100, two runs each
# (docs/data/gpu-tuning.md, tenth step).
# --cover N is CT_TCOPY_COVER_MAX, the most values of X the tiled copy's
# partition judges tabulate (16384 in cuteref): their tables are per-thread
# locals on the GPU, and 16384 overflowed a 256 KiB stack (issue 41, fourth
# GPU run); a tensor larger than N is unchecked by both halves alike.
# Environment: NVCC (default /usr/local/cuda/bin/nvcc), CC (gcc),
# NVCC_FLAGS (extra nvcc flags for every target).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$root/device/build
obj=
arch=sm_90
jobs=$(nproc 2>/dev/null || echo 2)
nodes=32
brute=512
cover=4096
regs=96
targets=()
while [ $# -gt 0 ]; do
  case $1 in
    --out) out=$2; shift 2 ;;
    --obj) obj=$2; shift 2 ;;
    --arch) arch=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --nodes) nodes=$2; shift 2 ;;
    --brute) brute=$2; shift 2 ;;
    --cover) cover=$2; shift 2 ;;
    --regs) regs=$2; shift 2 ;;
    -h|--help) sed -n '2,36p' "$0"; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=(ct_gpu ct_sweep ct_cpl_sweep ct_ops_sweep ct_divprod_sweep ct_tv_sweep host_twin plan_check cuteref)
case $out in /*) ;; *) out=$(pwd)/$out ;; esac
[ -n "$obj" ] || obj=$out/obj
case $obj in /*) ;; *) obj=$(pwd)/$obj ;; esac
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
CC=${CC:-gcc}
NVCC_FLAGS=${NVCC_FLAGS:-}
cd "$root"
mkdir -p "$out" "$obj"

conf=(-DCT_MAX_NODES="$nodes" -DCT_BRUTE_MAX="$brute" -DCT_TCOPY_COVER_MAX="$cover")
# device/'s own C sources beside ref/, judge/ and props/: the plans and the sort classes
DEVICE_C=(device/plan_comp.c device/sort_classes.c)
# 550 "variable set but never used", 177 "function declared but never
# referenced": on the GPU, CT_FAIL and CT_FAILS drop their message arguments,
# so what only feeds a message is unused there (the host build's -Wall vets
# the rest).
nv=("$NVCC" -arch="$arch" -O3 -std=c++17 -diag-suppress 550,177 -I. "${conf[@]}")
# shellcheck disable=SC2206
extra=($NVCC_FLAGS)
gpu_regs=()
[ "$regs" = 0 ] || gpu_regs=(-maxrregcount="$regs")

pids=()
names=()
fail=0
# run NAME CMD...: runs in the background, at most $jobs at a time.
run() {
  local name=$1 log
  shift
  log=$obj/$(printf '%s' "$name" | tr -c 'A-Za-z0-9._-' '_').log
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  echo "  [build] $name"
  ("$@" >"$log" 2>&1 || { echo "  [build] FAILED: $name"; cat "$log"; exit 1; }) &
  pids+=($!)
  names+=("$name")
}
wait_all() {
  local i
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || fail=1
  done
  pids=()
  names=()
  if [ "$fail" != 0 ]; then echo "build: FAILED"; exit 1; fi
}

want() { local t; for t in "${targets[@]}"; do [ "$t" = "$1" ] && return 0; done; return 1; }

t0=$(date +%s)
command -v "$NVCC" >/dev/null 2>&1 || { echo "build: no nvcc at $NVCC (set NVCC)"; exit 1; }
echo "build: nvcc $("$NVCC" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p'), -arch=$arch, CT_MAX_NODES=$nodes, CT_BRUTE_MAX=$brute, CT_TCOPY_COVER_MAX=$cover, ct_gpu registers <= ${regs/#0/any}, $jobs jobs -> $out"

if want ct_gpu; then
  objs=()
  for f in ref/*.c judge/*.c props/*.c "${DEVICE_C[@]}"; do
    o=$obj/$(echo "${f%.c}" | tr / _).o
    objs+=("$o")
    case $f in
      ref/notation.c|props/engine.c) run "$f (host)" "${nv[@]}" "${extra[@]}" -x c++ -c "$f" -o "$o" ;;
      *) run "$f" "${nv[@]}" "${extra[@]}" "${gpu_regs[@]}" -rdc=true -x cu -c "$f" -o "$o" ;;
    esac
  done
  run device/agree.cu "${nv[@]}" "${extra[@]}" "${gpu_regs[@]}" -rdc=true -c device/agree.cu -o "$obj/agree.o"
  objs+=("$obj/agree.o")
fi
if want ct_sweep; then
  run "device/sweep.cu -> ct_sweep" "${nv[@]}" "${extra[@]}" device/sweep.cu -o "$out/ct_sweep"
fi
if want ct_cpl_sweep; then
  run "device/cpl_sweep.cu -> ct_cpl_sweep" "${nv[@]}" "${extra[@]}" device/cpl_sweep.cu -o "$out/ct_cpl_sweep"
fi
if want ct_ops_sweep; then
  run "device/ops_sweep.cu -> ct_ops_sweep" "${nv[@]}" "${extra[@]}" device/ops_sweep.cu -o "$out/ct_ops_sweep"
fi
if want ct_divprod_sweep; then
  run "device/divprod_sweep.cu -> ct_divprod_sweep" "${nv[@]}" "${extra[@]}" device/divprod_sweep.cu -o "$out/ct_divprod_sweep"
fi
if want ct_tv_sweep; then
  run "device/tv_sweep.cu -> ct_tv_sweep" "${nv[@]}" "${extra[@]}" device/tv_sweep.cu -o "$out/ct_tv_sweep"
fi
if want host_twin; then
  run "host_twin (gcc)" "$CC" -std=c11 -O2 -Wall -Wextra -iquote . "${conf[@]}" ref/*.c judge/*.c props/*.c "${DEVICE_C[@]}" \
    device/host_twin.c -o "$out/host_twin"
fi
if want plan_check; then
  run "plan_check (gcc)" "$CC" -std=c11 -O2 -Wall -Wextra -iquote . ref/*.c judge/*.c props/*.c "${DEVICE_C[@]}" \
    device/plan_check.c -o "$out/plan_check"
fi
if want cuteref; then
  run "cuteref (gcc)" "$CC" -std=c11 -O2 -Wall -Wextra -iquote . cli/*.c ref/*.c judge/*.c props/*.c -o "$out/cuteref"
fi
wait_all
if want ct_gpu; then
  run "link ct_gpu" "${nv[@]}" "${extra[@]}" -rdc=true "${objs[@]}" -o "$out/ct_gpu"
  wait_all
fi
echo "build: done in $(( $(date +%s) - t0 )) s"
