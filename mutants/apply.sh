#!/usr/bin/env bash
# Copies the given ref/ sources to OUT and applies every mutant patch to the
# copies, in the order of their numbers (mutants/README.md). Fails, naming
# the patch, when one does not apply exactly (no fuzz).
#   mutants/apply.sh OUT FILE...   (FILE: ref/*.c, ref/*.h and mutants/*.patch)
set -euo pipefail
out=$1
shift
work=$(mktemp -d "${TMPDIR:-/tmp}/ct_mutants.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/ref" "$out"
patches=()
for f in "$@"; do
  case $f in
    *.patch) patches+=("$f") ;;
    *.c|*.h) cp "$f" "$work/ref/" ;;
  esac
done
while IFS= read -r p; do
  [ -n "$p" ] || continue
  if ! patch -p1 -s --fuzz=0 --no-backup-if-mismatch -d "$work" <"$p"; then
    echo "mutants/apply.sh: $(basename "$p") does not apply to ref/ (rewrite it: mutants/README.md)" >&2
    exit 1
  fi
done < <(printf '%s\n' "${patches[@]}" | awk -F/ '{ print $NF "\t" $0 }' | sort -n | cut -f2-) # by number: 11 before 100
cp "$work"/ref/* "$out/"
