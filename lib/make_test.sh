#!/usr/bin/env bash
# //lib:make_test: the build without Bazel (Makefile), in a copy of the tree.
set -euo pipefail
work="${TEST_TMPDIR:-$(mktemp -d)}/tree"
rm -rf "$work"
mkdir -p "$work"
# The runfiles are symlinks into the source tree: copy their contents.
cp -RL Makefile README.md cli ref judge props lib include examples python spec "$work"/
cd "$work"
export HOME="$work/home" PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
mkdir -p "$HOME"

start=$(date +%s)
make -j2 >make.log 2>&1 || { cat make.log; echo "FAIL: make -j2"; exit 1; }
echo "ok: make -j2 built build/cuteref, build/libcuteref.a, build/libcuteref.so in $(($(date +%s) - start)) s"
build/cuteref eval 'composition((6,2):(8,2), (4,3):(3,1))' | grep -qx '((2,2),3):((24,2),8)'
make test

# pip, offline: nothing may be fetched (--no-index); the package builds its
# own copy of the library with make.
py=$(command -v python3)
"$py" -m pip install --quiet --no-index --no-build-isolation --no-deps --target "$work/site" ./python
# and with build isolation (pip's default), which needs the in-tree backend
# to require nothing (python/_cuteref_build.py; issue 39)
"$py" -m pip install --quiet --no-index --no-deps --target "$work/site-isolated" ./python
test -f "$work/site-isolated/cuteref/libcuteref.so"
test -f "$work/site/cuteref/libcuteref.so"
env -u CUTEREF_LIBRARY PYTHONPATH="$work/site" "$py" -c \
  'import cuteref, sys; assert cuteref.__file__.startswith(sys.argv[1]), cuteref.__file__; print("ok: pip installed", cuteref.__file__)' \
  "$work/site"
env -u CUTEREF_LIBRARY PYTHONPATH="$work/site" "$py" -m unittest discover -s python/tests
echo "ok: the Python tests pass against the pip-installed package ($py)"
