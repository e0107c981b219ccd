#!/usr/bin/env bash
# Install the Mojo compiler and Mojo's `layout` package, pinned, into a
# private venv, for peers/mojo_adapter.py.  Nothing system-wide.
#
#   bash peers/fetch_mojo.sh [DEST]
#
# DEST (default: $CUTEREF_MOJO_VENV, else ~/.cache/cuteref/mojo-1.2.0) becomes
# a venv (python3 -m venv) holding, with pip --no-deps --require-hashes:
#   mojo-compiler 1.2.0            the compiler and `mojo` driver (81.8 MB wheel)
#   mojo-compiler-mojo-libs 1.2.0  the standard library, std.mojoc (3.5 MB)
#   max-mojo-libs 26.7.0           MAX's Mojo packages, layout.mojoc among them (28.7 MB)
# about 290 MB installed.  The sha256 are those PyPI publishes for these files
# (pip checks them on download).  mojo-compiler is the manylinux_2_34 x86-64
# wheel: the pin fits Linux x86-64 with glibc >= 2.34 only.  Idempotent: a
# DEST that already has the three pinned versions is left as it is.
# Then: $DEST/bin/python peers/mojo_adapter.py --version
# (or CUTEREF_MOJO_VENV=DEST python3 peers/mojo_adapter.py ...).
# Exit status: 0 done (or already there), 1 failed.
set -euo pipefail
reqs="
mojo-compiler==1.2.0 --hash=sha256:3ee34a3b26c6cccaa9523a0e8db8f67bea954497d782d97c9e61c3c4ecbdac7b
mojo-compiler-mojo-libs==1.2.0 --hash=sha256:3d631f7e798c11d0029c4a892ebae1f5742751fac0c526af74b45a8ae07c3acb
max-mojo-libs==26.7.0 --hash=sha256:c9eeaef01a19565b8467da9c6b7cd57fa787759ce5954140b0e031d095c630b9
"
py="${PYTHON:-python3}"
if [ -n "${1:-}" ]; then
  dest="$1"
elif [ -n "${CUTEREF_MOJO_VENV:-}" ]; then
  dest="$CUTEREF_MOJO_VENV"
else
  dest="${XDG_CACHE_HOME:-$HOME/.cache}/cuteref/mojo-1.2.0"
fi

# installed DIR: the three pinned versions are in the venv DIR
installed() {
  [ -x "$1/bin/mojo" ] && [ -x "$1/bin/python" ] || return 1
  "$1/bin/python" - <<'EOF'
import sys
from importlib.metadata import version
want = {"mojo-compiler": "1.2.0", "mojo-compiler-mojo-libs": "1.2.0", "max-mojo-libs": "26.7.0"}
sys.exit(0 if all(version(k) == v for k, v in want.items()) else 1)
EOF
}

if installed "$dest" 2>/dev/null; then
  echo "fetch_mojo: $dest has mojo-compiler 1.2.0 and max-mojo-libs 26.7.0"
  exit 0
fi
start=$(date +%s)
tmp="$(mktemp -d "${TMPDIR:-/tmp}/fetch_mojo.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
printf '%s\n' $reqs | paste -d' ' - - >"$tmp/req.txt"
"$py" -m venv "$dest"
if ! "$dest/bin/python" -m pip install --quiet --disable-pip-version-check --no-input --no-deps \
  --no-cache-dir --require-hashes --only-binary=:all: -r "$tmp/req.txt" </dev/null; then
  echo "fetch_mojo: pip could not install the pinned wheels into $dest" >&2
  exit 1
fi
installed "$dest" || { echo "fetch_mojo: $dest lacks the pinned versions after pip" >&2; exit 1; }
echo "fetch_mojo: $dest ($(du -sm "$dest" | cut -f1) MB) in $(($(date +%s) - start)) s"
