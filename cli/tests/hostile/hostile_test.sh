#!/usr/bin/env bash
# Bazel's entry point of hostile_test.py (see there).
exec python3 "$(dirname "$0")/hostile_test.py" "$@"
