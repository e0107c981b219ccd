#!/usr/bin/env bash
# The hardening half of CI (.ci/run, issue 17, docs/data/fuzzing.md), run
# after the plain `bazel test //...`:
#
#   1. the sanitizer builds (.bazelrc): --config=san (ASan and UBSan, GCC's
#      runtimes) on the unit tests, `cuteref check` (and on edge values,
#      props/edge_test.sh), the tests of cli/ and spec/ and the fuzz corpora
#      replays; --config=msan (clang's MemorySanitizer) on the unit tests,
#      `cuteref check`, the edge values and the replays;
#   2. ThreadSanitizer (fuzz/tsan.sh): the C API built with -fsanitize=thread
#      (GCC's libtsan), lib/tests/threads_test.c's many threads calling it at
#      once; where ThreadSanitizer cannot run here it says so loudly and CI
#      goes on (TSAN_REQUIRED=1: it fails instead);
#   3. a bounded fuzz run: the libFuzzer builds of fuzz/ (ASan+UBSan), each
#      target FUZZ_SECONDS seconds (default 30) from its committed corpus
#      (fuzz_api: the C API's text boundary), then the Python boundary
#      (fuzz/fuzz_python.py over a plain `make` build) for FUZZ_PY_SECONDS
#      (default 15) with a fresh seed, printed for replay (FUZZ_PY_SEED).
#
# Installs Debian's clang and libFuzzer (libclang-rt-14-dev) and GCC's
# ThreadSanitizer runtime (libtsan2) when missing (as root, like
# tools/setup.sh). Exit status 0 when everything passes.
#   fuzz/ci.sh [--no-sanitizers] [--no-fuzz]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
sanitizers=1
fuzz=1
for a in "$@"; do
  case $a in
    --no-sanitizers) sanitizers=0 ;;
    --no-fuzz) fuzz=0 ;;
    *) echo "usage: fuzz/ci.sh [--no-sanitizers] [--no-fuzz]" >&2; exit 2 ;;
  esac
done
seconds=${FUZZ_SECONDS:-30}

# ---- clang and libFuzzer (Debian 12: clang 14), GCC's libtsan ---------------
missing=""
for p in clang libclang-rt-14-dev libtsan2; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "fuzz/ci.sh: installing:$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update </dev/null
  # shellcheck disable=SC2086
  apt-get install -y --no-install-recommends $missing </dev/null
fi

t0=$SECONDS
# LeakSanitizer needs ptrace-like powers that some containers withhold; where
# it cannot run, the ASan runs go on without leak detection (and say so).
lsan=()
probe=$(mktemp -d)
echo 'int main(void) { return 0; }' >"$probe/p.c"
if gcc -fsanitize=address "$probe/p.c" -o "$probe/p" 2>/dev/null &&
  ! ASAN_OPTIONS=detect_leaks=1 "$probe/p" >/dev/null 2>&1; then
  echo "fuzz/ci.sh: LeakSanitizer does not run here: ASan without leak detection"
  lsan=(--test_env=ASAN_OPTIONS=abort_on_error=1:detect_leaks=0:strict_string_checks=1:detect_stack_use_after_return=1)
fi
rm -rf "$probe"
if [ "$sanitizers" = 1 ]; then
  unit=(//ref/tests/... //fuzz/... //props:check_test //props:edge_test)
  echo "fuzz/ci.sh: bazel test --config=san (ASan + UBSan)"
  bazel test --config=san "${lsan[@]}" "${unit[@]}" //props:trace_test //cli/tests/... //spec/...
  echo "fuzz/ci.sh: bazel test --config=msan (MemorySanitizer)"
  bazel test --config=msan "${unit[@]}"
  echo "fuzz/ci.sh: ThreadSanitizer (fuzz/tsan.sh): the C API from many threads at once"
  rc=0
  bash fuzz/tsan.sh --out fuzz/build/ci-tsan || rc=$?
  if [ "$rc" = 3 ]; then
    echo "fuzz/ci.sh: !!!!!!!! ThreadSanitizer CANNOT RUN on this machine: NO RACE DETECTION (see above) !!!!!!!!"
    if [ "${TSAN_REQUIRED:-0}" = 1 ]; then exit 1; fi
  elif [ "$rc" != 0 ]; then
    exit "$rc"
  fi
fi
if [ "$fuzz" = 1 ]; then
  echo "fuzz/ci.sh: libFuzzer builds, ${seconds} s per target"
  bash fuzz/build.sh --out fuzz/build/ci
  rm -rf fuzz/build/ci/campaign
  bash fuzz/campaign.sh --seconds "$seconds" --bin fuzz/build/ci --work fuzz/build/ci/campaign
  echo "fuzz/ci.sh: the Python boundary (fuzz/fuzz_python.py), ${FUZZ_PY_SECONDS:-15} s"
  make --no-print-directory -j"$(nproc 2>/dev/null || echo 2)" B=fuzz/build/ci-make fuzz/build/ci-make/cuteref \
    fuzz/build/ci-make/libcuteref.so >/dev/null
  seed_args=()
  if [ -n "${FUZZ_PY_SEED:-}" ]; then seed_args=(--seed "$FUZZ_PY_SEED"); fi
  CUTEREF_LIBRARY=$PWD/fuzz/build/ci-make/libcuteref.so python3 fuzz/fuzz_python.py "${seed_args[@]}" \
    --seconds "${FUZZ_PY_SECONDS:-15}" --cli fuzz/build/ci-make/cuteref
fi
echo "fuzz/ci.sh: passed in $((SECONDS - t0)) s"
