#!/usr/bin/env bash
# conform's progress: on a terminal only (progress_test.py).
set -eu
exec python3 cli/tests/progress_test.py "$1" spec/vectors
