#!/usr/bin/env bash
# Every example of `cuteref --help`, of each command's help and of README.md
# is executed and shows what it prints (help_examples_test.py).
set -eu
exec python3 cli/tests/help_examples_test.py "$1" "$(pwd)"
