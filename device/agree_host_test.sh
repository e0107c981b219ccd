#!/usr/bin/env bash
# The host half of the GPU agreement check (runs in CI, where there is no GPU):
# ct_gpu's host twin (ref/ and props/ compiled as CUDA/C++ by nvcc) and
# host_twin (the same sources compiled as C11 by gcc), in the GPU build's
# configuration, answer the same random and enumerated cases; their chunk sums
# must be identical and no property may fail. The "packed" run has the twin
# answer every case from the slot the GPU's key kernel fills (--draw-once,
# device/ct_dev.h: ct_dev_case_key_slot, ct_dev_accumulate_slot; a plan's
# case by the plan): the same sums, or a slot loses something that is read.
set -euo pipefail
ct_gpu=$1
twin=$2
tmp=${TEST_TMPDIR:-$(mktemp -d)}
status=0
twin_extra=
check() { # NAME ARGS...
  local name=$1
  shift
  echo "== $name: ct_gpu agree --host-only $*"
  if ! "$ct_gpu" agree --host-only --procs 2 --chunk 1024 --dump "$tmp/$name.gpu" "$@" >"$tmp/$name.out"; then
    grep -E '^(FAIL|  )' "$tmp/$name.out" | head -40 || true
    echo "ct_gpu's host half reports failures"
    status=1
  fi
  tail -2 "$tmp/$name.out"
  "$twin" --chunk 1024 --dump "$tmp/$name.twin" $twin_extra "$@" | tee "$tmp/$name.twin.out"
  if [ -n "$twin_extra" ] && ! awk '/^packed: / { ok = $2 > 0 && $2 * 100 >= $4 * 99 } END { exit !ok }' "$tmp/$name.twin.out"; then
    echo "   fewer than 99% of the cases went through a slot: the packed run tests little"
    status=1
  fi
  if cmp -s "$tmp/$name.gpu" "$tmp/$name.twin"; then
    echo "   the C11 and the nvcc builds agree on $(wc -l <"$tmp/$name.gpu") chunks"
  else
    echo "   MISMATCH between the C11 and the nvcc builds:"
    diff "$tmp/$name.gpu" "$tmp/$name.twin" | head -20
    status=1
  fi
}
check random --cases 3000
check random2 --cases 1000 --seed 12345
twin_extra=--packed
check packed --cases 2000 --seed 777
twin_extra=
# Small enumerated bounds with non-negative strides: some error-code
# properties of props/ misfire on negative enumerated strides (as they do in
# `cuteref check --exhaustive`); the agreement itself is what is tested here.
check enumerated --exhaustive --bounds 3,3,0,4 --pair-bounds 2,3,0,3 --only COMP-,CPL-,DIV-,PROD-,BLK-,RAKE-,RINV,LINV,NULL-,MCL-,MCV-
if [ $status = 0 ]; then echo "1 passed, 0 failed"; else echo "0 passed, 1 failed"; fi
exit $status
