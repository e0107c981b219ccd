#!/usr/bin/env bash
# The main job (README's first command): set up, build, run cuteref on the
# documented examples, and judge the peers (pycute, tensor-layouts, the CuTe
# DSL, CuTe C++, PyTorch's port of pycute, FlyDSL, Mojo's layout package,
# tilelang, Triton's linear layouts; `bash tools/peers.sh --help`) by the spec
# with tools/peers.sh, which writes docs/data/conformance-*.{json,md},
# docs/data/findings.md and docs/data/throughput.md (minutes; a peer that
# cannot be reached gets a report saying why). It ends with the peers' table.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh --peers
bazel build //:cuteref //peers/bench:bench_ref
echo "== cuteref check: every post-condition of spec/ on generated cases"
bazel-bin/cuteref check --progress
echo "== cuteref examples spec/*.md: the executed examples of the spec"
bazel-bin/cuteref examples spec/*.md | tail -1
echo "== cuteref conform: the reference judged against its own vectors"
bazel-bin/cuteref conform --impl 'bazel-bin/cuteref eval -' --vectors spec/vectors | tail -4
echo "== cuteref eval - < examples/quickstart.txt"
paste -d ' ' <(sed 's/^/  /' examples/quickstart.txt) <(bazel-bin/cuteref eval - <examples/quickstart.txt | sed 's/^/  =>  /') || true
echo "== cuteref show '((2,2),2):((4,1),2)'"
bazel-bin/cuteref show '((2,2),2):((4,1),2)'
# The peers judged by the spec (tools/peers.sh, one `peer` block each);
# reports and findings in docs/data/. The side-by-side table ends the job.
echo "== tools/peers.sh"
peers_status=0
bash tools/peers.sh bazel-bin/cuteref bazel-bin/peers/bench/bench_ref || peers_status=$?
if [ -f docs/data/conformance-summary.json ]; then
  echo "== the peers side by side (docs/data/conformance-summary.md)"
  python3 peers/compare.py table docs/data/conformance-summary.json
fi
exit "$peers_status"
