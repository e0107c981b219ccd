#!/usr/bin/env bash
# The lists of operation names outside the registry name registered
# operations only, and those that must cover it do (completeness_test.py).
set -eu
exec python3 cli/tests/completeness_test.py "$1" "$(pwd)"
