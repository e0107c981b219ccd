#!/usr/bin/env bash
# Runs tools/spec_index.py --check from the test's runfiles.
set -eu
cuteref="$1"
root="$(pwd)"
"$cuteref" eval --list >"${TEST_TMPDIR:-/tmp}/ops.txt"
exec python3 "$root/tools/spec_index.py" --root "$root" --check --list "${TEST_TMPDIR:-/tmp}/ops.txt"
