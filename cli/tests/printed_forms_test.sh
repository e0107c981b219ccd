#!/usr/bin/env bash
# What pycute, tensor-layouts, the CuTe DSL and CuTe C++ print reads back
# as the value they print (printed_forms_test.py; spec/notation.md).
set -eu
exec python3 cli/tests/printed_forms_test.py "$1" "$(pwd)"
