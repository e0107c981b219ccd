#!/usr/bin/env bash
# What pycute and tensor-layouts print, and what CuTe C++ and the CuTe DSL
# printed (cli/tests/printed/, captured by peers/capture_printed.py), reads
# back as the value printed, in `eval` and in conform's reader of answers
# (printed_forms_test.py --conform; spec/notation.md).
set -eu
exec python3 cli/tests/printed_forms_test.py --conform "$1" "$(pwd)"
