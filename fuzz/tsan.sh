#!/usr/bin/env bash
# ThreadSanitizer on the C API (issue 44, spec/api.md "Threads"): the
# library built by the Makefile with -fsanitize=thread, the threaded tests
# of lib/tests/ (threads_test.c: many threads evaluating, parsing, printing,
# calling and judging at once; api_test.c) linked with it and run. Any
# ThreadSanitizer report fails the run.
#
#   fuzz/tsan.sh [--out DIR] [--threads N] [--rounds N]
#
# DIR defaults to fuzz/build/tsan; CC (default gcc: Debian's libtsan2)
# builds everything. First a probe: a program with a deliberate data race
# must be reported, or ThreadSanitizer does not work here. Where its runtime
# cannot start (a kernel whose address-space randomization it does not
# support: "unexpected memory mapping"), the runs go through `setarch -R`
# (no randomization); where even that fails, this says so loudly and exits 3
# (fuzz/ci.sh reports it; TSAN_REQUIRED=1 there makes it fail CI).
# Exit status: 0 no report, 1 a report or a failed test, 2 usage or build
# error, 3 ThreadSanitizer cannot run here.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$root/fuzz/build/tsan
threads=8
rounds=20
while [ $# -gt 0 ]; do
  case $1 in
    --out) out=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "usage: fuzz/tsan.sh [--out DIR] [--threads N] [--rounds N]" >&2; exit 2 ;;
  esac
done
CC=${CC:-gcc}
flags=(-fsanitize=thread -O1 -g -fno-omit-frame-pointer)
export TSAN_OPTIONS="halt_on_error=1:exitcode=66:second_deadlock_stack=1${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
mkdir -p "$out" && out=$(cd "$out" && pwd) && cd "$root" || exit 2

loud() {
  echo "fuzz/tsan.sh: ************************************************************************"
  echo "fuzz/tsan.sh: $*"
  echo "fuzz/tsan.sh: ************************************************************************"
}

# ---- the probe: ThreadSanitizer runs here and reports a race -------------------
cat >"$out/probe.c" <<'EOF'
#include <pthread.h>
#include <stdio.h>
static int shared;
static void *bump(void *arg) { ++shared; return arg; }
int main(void) {
  pthread_t t[2];
  int k;
  for (k = 0; k < 2; ++k) pthread_create(&t[k], NULL, bump, NULL);
  for (k = 0; k < 2; ++k) pthread_join(t[k], NULL);
  printf("%d\n", shared);
  return 0;
}
EOF
if ! "$CC" "${flags[@]}" "$out/probe.c" -o "$out/probe" -lpthread 2>"$out/probe.log"; then
  loud "$CC cannot build with -fsanitize=thread (libtsan missing?): ThreadSanitizer NOT RUN"
  cat "$out/probe.log"
  exit 3
fi
probe_reports() { # the probe ran and reported its race
  "$@" "$out/probe" >"$out/probe.log" 2>&1
  [ $? = 66 ] && grep -q 'WARNING: ThreadSanitizer: data race' "$out/probe.log"
}
run=()
if probe_reports; then
  :
elif command -v setarch >/dev/null && probe_reports setarch "$(uname -m)" -R; then
  echo "fuzz/tsan.sh: ThreadSanitizer needs address-space randomization off here: running under setarch -R"
  run=(setarch "$(uname -m)" -R)
else
  loud "ThreadSanitizer cannot run here (neither as is nor under setarch -R): NOT RUN. The probe said:"
  sed -n '1,15p' "$out/probe.log"
  exit 3
fi
echo "fuzz/tsan.sh: probe: a deliberate race is reported (${run[*]:-as is})"

# ---- the library and the tests under ThreadSanitizer ------------------------------------
echo "fuzz/tsan.sh: make B=$out CC=$CC CFLAGS='${flags[*]}' $out/libcuteref.a"
if ! make --no-print-directory -j"$(nproc 2>/dev/null || echo 2)" B="$out" CC="$CC" CFLAGS="${flags[*]}" \
  "$out/libcuteref.a" >"$out/make.log" 2>&1; then
  cat "$out/make.log"
  echo "fuzz/tsan.sh: the ThreadSanitizer build failed"
  exit 2
fi
fail=0
for t in threads_test api_test; do
  src=lib/tests/$t.c
  [ -f "$src" ] || continue
  if ! "$CC" "${flags[@]}" -std=c11 -Wall -Wextra -Iinclude "$src" "$out/libcuteref.a" -lpthread -o "$out/$t"; then
    echo "fuzz/tsan.sh: cannot build $src"
    exit 2
  fi
  args=()
  [ "$t" = threads_test ] && args=("$threads" "$rounds")
  start=$SECONDS
  "${run[@]}" "$out/$t" "${args[@]}" >"$out/$t.log" 2>&1
  rc=$?
  if [ "$rc" != 0 ] || grep -q 'ThreadSanitizer' "$out/$t.log"; then
    fail=1
    echo "fuzz/tsan.sh: FAIL: $t under ThreadSanitizer (exit $rc, $((SECONDS - start)) s):"
    sed -n '1,80p' "$out/$t.log"
  else
    echo "fuzz/tsan.sh: $t: no ThreadSanitizer report ($((SECONDS - start)) s): $(tail -1 "$out/$t.log")"
  fi
done
exit $fail
