#!/usr/bin/env bash
# Fetch PyTorch's port of pycute, torch/distributed/_pycute (4 pure-Python
# files, 33 KB), out of the pinned torch wheel, for peers/torch_pycute_adapter.py,
# without installing torch: the wheel is 539 MB (1.14 GB unpacked) and pulls
# in CUDA 13 libraries and Triton, none of which the port uses.
#
#   bash peers/fetch_torch_pycute.sh [DEST]
#
# DEST (default: $CUTEREF_TORCH_PYCUTE_DIR, else /usr/local/lib/cuteref/
# torch-pycute-2.15.0 as root, else ~/.cache/cuteref/torch-pycute-2.15.0; the
# adapter looks in the same places) receives _pycute/ and a VERSION file,
# outside the repository: nothing of torch is committed. pip downloads the
# wheel by name from PyPI, checks it against the pinned sha256 (the digest
# PyPI publishes for that file; --require-hashes), the script checks it again
# and each extracted file against its own pinned sha256, then deletes the
# wheel. Idempotent: a DEST whose files match is left as it is (no download).
# Needs python3 with pip and about 540 MB of free space under TMPDIR for the
# moment the wheel is there. Exit status: 0 done (or already there), 1 failed.
set -euo pipefail
torch_pin="2.15.0"
# The cp311 manylinux x86-64 wheel, whatever the host's Python: the port is
# the same pure-Python code in every wheel of this version.
wheel="torch-${torch_pin}-cp311-cp311-manylinux_2_28_x86_64.whl"
wheel_sha256="48c2d861134c0b5697c7602cb5ffa68f62a2989fdcd1717e593356f67996ca1e"
# sha256 of each file of torch/distributed/_pycute/ in that wheel
files_sha256="
__init__.py  ed18f2eb8b78ced101e413481488c53da631bf569fcdf7f51dc28b06d9cf631f
int_tuple.py 1d97a0c52287325f3a8c4ec14483153d5f37a9dab9150aefc69fb1bb76a93e55
layout.py    043f0429765e8787987b595ba446625a4226f1090e8f9c9111472d095ae15edc
typing.py    d24cc2801181451b7585f0000819f015d0bd835d548e1f1da3327918077db43c
"
py="${PYTHON:-python3}"

if [ -n "${1:-}" ]; then
  dest="$1"
elif [ -n "${CUTEREF_TORCH_PYCUTE_DIR:-}" ]; then
  dest="$CUTEREF_TORCH_PYCUTE_DIR"
elif [ "$(id -u)" = 0 ]; then
  dest="/usr/local/lib/cuteref/torch-pycute-$torch_pin"
else
  dest="${XDG_CACHE_HOME:-$HOME/.cache}/cuteref/torch-pycute-$torch_pin"
fi

# check_files DIR: every pinned file there with its sha256
check_files() {
  local dir="$1" name sum
  while read -r name sum; do
    [ -n "$name" ] || continue
    [ -f "$dir/_pycute/$name" ] || return 1
    [ "$(sha256sum "$dir/_pycute/$name" | cut -d' ' -f1)" = "$sum" ] || return 1
  done <<<"$files_sha256"
}

if check_files "$dest" 2>/dev/null; then
  echo "fetch_torch_pycute: $dest has torch $torch_pin's _pycute"
  exit 0
fi

start=$(date +%s)
tmp="$(mktemp -d "${TMPDIR:-/tmp}/torch_pycute.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
echo "torch==$torch_pin --hash=sha256:$wheel_sha256" >"$tmp/req.txt"
echo "fetch_torch_pycute: pip download $wheel (539 MB; only torch/distributed/_pycute is kept)"
if ! "$py" -m pip download --quiet --disable-pip-version-check --no-input --no-deps --no-cache-dir \
  --require-hashes --only-binary=:all: --implementation cp --python-version 3.11 --abi cp311 \
  --platform manylinux_2_28_x86_64 -d "$tmp" -r "$tmp/req.txt" </dev/null; then
  echo "fetch_torch_pycute: pip could not download torch==$torch_pin ($wheel)" >&2
  exit 1
fi
[ -f "$tmp/$wheel" ] || { echo "fetch_torch_pycute: pip did not save $wheel" >&2; exit 1; }
got="$(sha256sum "$tmp/$wheel" | cut -d' ' -f1)"
if [ "$got" != "$wheel_sha256" ]; then
  echo "fetch_torch_pycute: $wheel has sha256 $got, not $wheel_sha256" >&2
  exit 1
fi
mkdir -p "$tmp/out/_pycute"
"$py" - "$tmp/$wheel" "$tmp/out/_pycute" <<'EOF'
import os, sys, zipfile
wheel, out = sys.argv[1], sys.argv[2]
prefix = "torch/distributed/_pycute/"
with zipfile.ZipFile(wheel) as z:
    names = [n for n in z.namelist() if n.startswith(prefix) and n != prefix]
    if not names:
        sys.exit("fetch_torch_pycute: no %s in %s" % (prefix, wheel))
    for n in names:
        rel = n[len(prefix):]
        if "/" in rel or rel in ("", ".", ".."):
            sys.exit("fetch_torch_pycute: unexpected member %s" % n)
        with open(os.path.join(out, rel), "wb") as f:
            f.write(z.read(n))
EOF
rm -f "$tmp/$wheel"
check_files "$tmp/out" || { echo "fetch_torch_pycute: the extracted files differ from the pinned ones" >&2; exit 1; }
printf 'torch %s\nwheel %s sha256 %s\nfrom torch/distributed/_pycute (BSD-3-Clause, NVIDIA; ported by PyTorch)\n' \
  "$torch_pin" "$wheel" "$wheel_sha256" >"$tmp/out/VERSION"
mkdir -p "$(dirname "$dest")"
rm -rf "$dest.new"
cp -r "$tmp/out" "$dest.new"
rm -rf "$dest"
mv "$dest.new" "$dest"
echo "fetch_torch_pycute: $dest/_pycute ($(du -sk "$dest" | cut -f1) KB) in $(($(date +%s) - start)) s"
