#!/usr/bin/env bash
# The witnesses of the committed peer reports hold (spec/principle.md §4):
# peers/witness_check.py evaluates each one with the reference, apart from
# the judge that wrote it. A report without any witness where it has wrong
# answers at an index fails there too.
set -eu
cuteref="$1"
reports=(docs/data/conformance-*.json)
[ -e "${reports[0]}" ] || { echo "witness_test: no reports under docs/data"; exit 1; }
exec python3 peers/witness_check.py "$cuteref" "${reports[@]}"
