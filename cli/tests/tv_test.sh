#!/usr/bin/env bash
# dot --tv against PTX's fragment layouts (tv_test.py).
set -eu
exec python3 cli/tests/tv_test.py "$1"
