#!/usr/bin/env bash
# Runs `cuteref examples` over every spec page (spec/README.md).
set -u
cuteref="$1"
shift
exec "$cuteref" examples "$@"
