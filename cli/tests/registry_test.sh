#!/usr/bin/env bash
# Every registry row has every piece an operation needs (registry_test.py).
set -eu
exec python3 cli/tests/registry_test.py "$1" "$(pwd)"
