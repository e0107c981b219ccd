#!/usr/bin/env bash
# The main job (README's first command): set up, build, and run cuteref on
# the documented examples.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
bazel build //:cuteref
echo "== cuteref eval - < examples/quickstart.txt"
paste -d ' ' <(sed 's/^/  /' examples/quickstart.txt) <(bazel-bin/cuteref eval - <examples/quickstart.txt | sed 's/^/  =>  /') || true
echo "== cuteref show '((2,2),2):((4,1),2)'"
bazel-bin/cuteref show '((2,2),2):((4,1),2)'
# The peers (pycute, CuTe C++) judged by the spec; reports in docs/data/.
echo "== tools/peers.sh"
bash tools/peers.sh bazel-bin/cuteref
