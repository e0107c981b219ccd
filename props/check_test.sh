#!/usr/bin/env bash
# The property suite on its default budget; Bazel's sharding splits the cases.
set -u
exec "$1" check --regressions props/regressions.txt
