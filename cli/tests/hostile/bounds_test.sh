#!/usr/bin/env bash
# Bazel's entry point of bounds_test.py (see there).
exec python3 "$(dirname "$0")/bounds_test.py" "$@"
