#!/usr/bin/env bash
# Traceability: spec IDs <-> properties (tools/spec_index.py --props).
set -eu
"$1" check --list >"${TEST_TMPDIR:-/tmp}/props.txt"
exec python3 tools/spec_index.py --root "$(pwd)" --trace "${TEST_TMPDIR:-/tmp}/props.txt"
