#!/usr/bin/env bash
# GPU tests (tags gpu, manual): bazel test //device:gpu_tests on a machine
# with an NVIDIA GPU. Without one, ct_gpu and the sweeps exit 4: the test fails,
# it never passes silently.
#   gpu_test.sh agree CT_GPU      agreement on 10^6 random cases per property
#   gpu_test.sh sweep CT_SWEEP    the composition sweep of the bounds
#   gpu_test.sh bench CT_GPU      the benchmark table (passes if it runs)
#   gpu_test.sh ops CT_OPS_SWEEP  coalesce, right_inverse, left_inverse on every flat layout of rank <= 4
#   gpu_test.sh divprod CT_DIVPROD_SWEEP  logical_divide, logical_product on every pair of rank <= 2
#   gpu_test.sh tv CT_TV_SWEEP    every tiled MMA of the sweep's domain (spec/tiled_mma.md)
set -euo pipefail
what=$1
bin=$2
shift 2
case $what in
  agree) exec "$bin" agree --cases 1000000 --host-every 16 "$@" ;;
  sweep) exec "$bin" --ra 2 --rb 3 --smax 8 --dlo 0 --dhi 16 "$@" ;;
  bench) exec "$bin" bench "$@" ;;
  ops) exec "$bin" --r 4 "$@" ;;
  divprod) exec "$bin" --ra 2 --rb 2 "$@" ;;
  tv) exec "$bin" "$@" ;;
  *) echo "gpu_test.sh: unknown test '$what'"; exit 2 ;;
esac
