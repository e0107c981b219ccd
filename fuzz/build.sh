#!/usr/bin/env bash
# Builds the fuzz targets of fuzz/ with clang and libFuzzer (no Bazel):
#
#   fuzz/build.sh [--out DIR] [--san address,undefined] [--replay] [TARGET...]
#
# Targets (default: all): eval vectors examples conform api. Each is
# fuzz/fuzz_<target>.c linked with ref/, props/, judge/ and cli/ (without cli/cuteref.c,
# whose main() is not wanted) into DIR/fuzz_<target> (default DIR:
# fuzz/build); api also with the C API (lib/*.c). --replay links the plain
# replay driver (fuzz/replay_main.c) instead of libFuzzer, for machines whose
# clang has no libFuzzer.
# Sanitizers: ASan and UBSan by default, every UBSan report fatal.
# Environment: CC (default clang), CFLAGS (extra flags).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$root/fuzz/build
san=address,undefined
replay=0
targets=()
while [ $# -gt 0 ]; do
  case $1 in
    --out) out=$2; shift 2 ;;
    --san) san=$2; shift 2 ;;
    --replay) replay=1; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=(eval vectors examples conform api)
CC=${CC:-clang}
# shellcheck disable=SC2206
extra=(${CFLAGS:-})
cd "$root"
mkdir -p "$out"
srcs=(ref/*.c props/*.c judge/*.c fuzz/support.c)
# The C API (include/cuteref.h): compiled with the rest, linked into fuzz_api only.
api_srcs=(lib/*.c)
for f in cli/*.c; do [ "$f" = cli/cuteref.c ] || srcs+=("$f"); done
flags=(-std=c11 -O1 -g -fno-omit-frame-pointer -Wall -Wextra -iquote .)
[ -z "$san" ] || flags+=(-fsanitize="$san" -fno-sanitize-recover=all)
if [ "$replay" = 1 ]; then
  kind=replay obj_flags=() link_flags=() driver=(fuzz/replay_main.c)
else
  kind=libFuzzer obj_flags=(-fsanitize=fuzzer-no-link) link_flags=(-fsanitize=fuzzer) driver=()
fi
# The shared sources are compiled once (in parallel), then each target is
# linked with them.
obj=$out/obj-$kind-${san:-none}
mkdir -p "$obj"
jobs=$(nproc 2>/dev/null || echo 2)
export CC obj
printf '%s\n' "${srcs[@]}" "${api_srcs[@]}" "${driver[@]}" | xargs -P "$jobs" -I{} sh -c \
  'f=$1; shift; exec "$CC" "$@" -c "$f" -o "$obj/$(echo "$f" | tr / _).o"' _ {} "${flags[@]}" "${obj_flags[@]}" "${extra[@]}"
objs=()
for f in "${srcs[@]}" "${driver[@]}"; do objs+=("$obj/$(echo "$f" | tr / _).o"); done
for t in "${targets[@]}"; do
  [ -f "fuzz/fuzz_$t.c" ] || { echo "fuzz/build.sh: no target '$t'" >&2; exit 2; }
  echo "fuzz/build.sh: $CC ${san:+-fsanitize=$san }$kind -> $out/fuzz_$t"
  "$CC" "${flags[@]}" "${obj_flags[@]}" "${extra[@]}" -c "fuzz/fuzz_$t.c" -o "$obj/fuzz_$t.o"
  more=()
  if [ "$t" = api ]; then for f in "${api_srcs[@]}"; do more+=("$obj/$(echo "$f" | tr / _).o"); done; fi
  "$CC" "${flags[@]}" "${link_flags[@]}" "${extra[@]}" "${objs[@]}" "${more[@]}" "$obj/fuzz_$t.o" -o "$out/fuzz_$t" -lpthread
done
