#!/usr/bin/env bash
# Builds the mutant command (what `bazel build //:cuteref_mutants` builds)
# with make's compiler alone, for a quick check of a change to ref/ without
# Bazel: the patched copies replace ref/ in a scratch tree, which is
# compiled whole with ct_mutant.h included first (mutants/README.md).
#   mutants/build_local.sh [OUT]     (default /tmp/ct_mutants_build)
#   OUT/cuteref_mutants mutants      # mutation score: N/N caught
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:-/tmp/ct_mutants_build}
cc=${CC:-cc}
rm -rf "$out/tree"
mkdir -p "$out/tree/mutants"
cd "$root"
cp -r judge props cli "$out/tree/"
cp mutants/ct_mutant.h mutants/ct_mutant.c "$out/tree/mutants/"
mutants/apply.sh "$out/tree/ref" ref/*.c ref/*.h mutants/*.patch
mutants/table.sh mutants/*.patch >"$out/tree/mutants/table.h"
cd "$out/tree"
srcs=(ref/*.c judge/*.c props/*.c cli/*.c mutants/ct_mutant.c)
objs=()
for f in "${srcs[@]}"; do objs+=("$out/obj/${f%.c}.o"); done
for f in "${srcs[@]}"; do
  o=$out/obj/${f%.c}.o
  mkdir -p "$(dirname "$o")"
  echo "$cc -O2 -D_POSIX_C_SOURCE=200809L -DCT_WITH_MUTANTS -include mutants/ct_mutant.h -std=c11 -iquote . -c $f -o $o"
done | xargs -P "${JOBS:-2}" -I{} sh -c '{}'
$cc -o "$out/cuteref_mutants" "${objs[@]}" -lpthread -lm
echo "built $out/cuteref_mutants"
