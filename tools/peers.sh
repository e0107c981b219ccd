#!/usr/bin/env bash
# The peers judged by the spec (spec/protocol.md): runs `cuteref conform` on
# pycute and on CuTe C++ (peers/README.md) and measures throughput, writing
#
#   docs/data/conformance-pycute.{json,md}     pycute: all vectors + random cases
#   docs/data/conformance-cute-cpp.{json,md}   CuTe C++: hand-picked vectors + random cases
#   docs/data/cases-cute-cpp.txt               the C++ run's hand-picked cases (vector lines)
#   docs/data/throughput.md                    requests/s: reference, pycute, C++
#   docs/data/cases-throughput.txt             the throughput run's cases
#
# Called by tools/main.sh after the build. Not a Bazel test: it needs pip's
# nvidia-cutlass (tools/setup.sh installs it) and the CUDA headers, and it
# takes minutes. A peer that is not installed is skipped and its files are
# left as they are. Budgets (environment, defaults in brackets):
#   PEERS_PYCUTE_RANDOM [300]  random requests per operation for pycute
#   PEERS_CPP_RANDOM    [8]    random requests per operation for C++
#   PEERS_CPP_SHRINK    [150]  seconds of shrinking for C++
#   PEERS_CPP_JOBS      [2]    parallel g++ compiles
#   PEERS_TP_RANDOM     [10]   requests per operation in the throughput list
#   PEERS_CPP_CACHE     []     the C++ adapter's answer cache (default peers/.cache)
# Usage: bash tools/peers.sh [CUTEREF]   (default bazel-bin/cuteref)
set -uo pipefail
cd "$(dirname "$0")/.."
cuteref="${1:-bazel-bin/cuteref}"
out=docs/data
mkdir -p "$out"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/cuteref_peers.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

py_random="${PEERS_PYCUTE_RANDOM:-300}"
cpp_random="${PEERS_CPP_RANDOM:-8}"
cpp_shrink="${PEERS_CPP_SHRINK:-150}"
cpp_jobs="${PEERS_CPP_JOBS:-2}"
tp_random="${PEERS_TP_RANDOM:-10}"
cpp_cache=()
cpp_cmd="python3 peers/cute_cpp_adapter.py --jobs $cpp_jobs"
if [ -n "${PEERS_CPP_CACHE:-}" ]; then
  cpp_cache=(--cache-dir "$PEERS_CPP_CACHE")
  cpp_cmd="$cpp_cmd --cache-dir $PEERS_CPP_CACHE"
fi

# The operations each adapter provides (the tables in peers/*_adapter.py).
pycute_ops="size,cosize,rank,coalesce,filter,composition,complement,right_inverse,left_inverse,logical_divide"
pycute_ops="$pycute_ops,zipped_divide,tiled_divide,logical_product,zipped_product,tiled_product,crd2idx,idx2crd"
pycute_ops="$pycute_ops,eval,product,inner_product,prefix_product,shape_div,elem_scale"
cpp_ops="size,cosize,rank,depth,coalesce,filter,filter_zeros,composition,complement,right_inverse,left_inverse"
cpp_ops="$cpp_ops,nullspace,max_common_layout,max_common_vector,logical_divide,zipped_divide,tiled_divide"
cpp_ops="$cpp_ops,flat_divide,logical_product,zipped_product,tiled_product,flat_product,blocked_product"
cpp_ops="$cpp_ops,raked_product,tile_to_shape,make_ordered_layout,upcast,downcast,crd2idx,idx2crd,eval,product"
cpp_ops="$cpp_ops,sum,inner_product,shape_div,ceil_div,elem_scale"
# Each is an operation of the registry (`cuteref ops --names`, cli/registry.c).
known=",$("$cuteref" ops --names | paste -sd, -),"
for op in ${pycute_ops//,/ } ${cpp_ops//,/ }; do
  case $known in
    *",$op,"*) ;;
    *) echo "peers: $op is no operation of the registry (cuteref ops --names)" >&2; exit 2 ;;
  esac
done
# Operations of both peers: the throughput list.
tp_ops=$(comm -12 <(tr , '\n' <<<"$pycute_ops" | sort) <(tr , '\n' <<<"$cpp_ops" | sort) | paste -sd, -)
# Answers that mean "this form is not provided" (spec/protocol.md, Differences).
decline="UNSUPPORTED,PARSE,BADARG,COMPILE no matching function"

have_pycute=0
have_cpp=0
if python3 -c 'import pycute' 2>/dev/null; then have_pycute=1; fi
if [ "$(echo 'size(8:1)' | python3 peers/cute_cpp_adapter.py "${cpp_cache[@]}" 2>"$tmp/cpp_check.err")" = "ok _8" ]; then
  have_cpp=1
fi
cutlass="$(python3 -c 'from importlib.metadata import version; print(version("nvidia-cutlass"))' 2>/dev/null || echo '?')"
gxx="$(g++ --version 2>/dev/null | head -1)"

# conform ... ; exit status 0 or 1 is a verdict, 2 a failure of the run.
conform() {
  "$cuteref" conform "$@"
  local s=$?
  if [ "$s" -ge 2 ]; then
    echo "peers: cuteref conform failed (exit $s)" >&2
    return 1
  fi
  return 0
}

failed=0
if [ "$have_pycute" = 1 ]; then
  echo "== pycute: vectors + $py_random random requests per operation"
  conform --impl "python3 peers/pycute_adapter.py" --name "pycute (nvidia-cutlass $cutlass)" \
    --vectors spec/vectors --random "$py_random" --ops "$pycute_ops" --decline "$decline" \
    --json "$out/conformance-pycute.json" --markdown "$out/conformance-pycute.md" --quiet || failed=1
else
  echo "peers: pycute is not installed (pip install nvidia-cutlass==4.2.0.0): skipped"
fi

if [ "$have_cpp" = 1 ]; then
  echo "== CuTe C++: hand-picked vectors + $cpp_random random requests per operation (compiles; minutes)"
  grep -hP '\t(known:|spec/)' spec/vectors/*.txt >"$out/cases-cute-cpp.txt" # vector lines
  conform --impl "$cpp_cmd" \
    --name "CuTe C++ (nvidia-cutlass $cutlass headers, $gxx, every integer static)" --batch --batch-size 250 \
    --cases "$out/cases-cute-cpp.txt" --random "$cpp_random" --ops "$cpp_ops" --decline "$decline" \
    --shrink-max 2 --shrink-width 4 --shrink-time "$cpp_shrink" \
    --json "$out/conformance-cute-cpp.json" --markdown "$out/conformance-cute-cpp.md" --quiet || failed=1
  printf '\nThe adapter caches answers (peers/.cache); when the cache was warm, the throughput above is mostly\nthat of the cache. `throughput.md` measures C++ from a cold cache.\n' >>"$out/conformance-cute-cpp.md"
else
  echo "peers: the CuTe C++ adapter does not work here (nvidia-cutlass headers, CUDA's cccl, g++): skipped"
  sed 's/^/  /' "$tmp/cpp_check.err" | tail -3
fi

if [ "$have_pycute" = 1 ] && [ "$have_cpp" = 1 ]; then
  echo "== throughput: one list of requests, three implementations"
  "$cuteref" conform --random "$tp_random" --ops "$tp_ops" --list-cases >"$out/cases-throughput.txt"
  common=(--cases "$out/cases-throughput.txt" --batch --probe-every 0 --shrink-max 0 --quiet)
  conform --impl "$cuteref eval -" "${common[@]}" --json "$tmp/tp_ref.json" >/dev/null || failed=1
  conform --impl "python3 peers/pycute_adapter.py" "${common[@]}" --decline "$decline" \
    --json "$tmp/tp_py.json" >/dev/null || failed=1
  # C++ from a cold answer cache (the precompiled header is built first and
  # not counted), one compile at a time so that compile time can be taken out.
  mkdir -p "$tmp/cache"
  echo 'size(8:1)' | python3 peers/cute_cpp_adapter.py --cache-dir "$tmp/cache" >/dev/null 2>&1
  rm -f "$tmp/cache/cute_cpp_answers.sqlite"
  conform --impl "python3 peers/cute_cpp_adapter.py --jobs 1 --stats --cache-dir $tmp/cache" "${common[@]}" \
    --decline "$decline" --impl-stderr "$tmp/tp_cpp.err" --json "$tmp/tp_cpp.json" >/dev/null || failed=1
  python3 - "$tmp" "$out/throughput.md" "$out/cases-throughput.txt" "$cutlass" "$gxx" <<'EOF' || failed=1
import json, os, re, sys
tmp, dest, cases, cutlass, gxx = sys.argv[1:6]
def load(name):
    return json.load(open(os.path.join(tmp, name)))
ref, py, cpp = load("tp_ref.json"), load("tp_py.json"), load("tp_cpp.json")
n = ref["throughput"]["requests"]
compile_s = run_s = 0.0
compiles = 0
for line in open(os.path.join(tmp, "tp_cpp.err")):
    m = re.search(r"(\d+) compile\(s\) ([\d.]+)s, (\d+) run\(s\) ([\d.]+)s", line)
    if m:
        compiles += int(m.group(1)); compile_s += float(m.group(2)); run_s += float(m.group(4))
def row(name, secs, note, d=None):
    rate = n / secs if secs > 0 else float("inf")
    agree = "" if d is None else "%d of %d" % (d["totals"]["conforming"], d["totals"]["sent"])
    return "| %s | %.3f | %s | %s | %s |" % (name, secs, "{:,.0f}".format(rate), agree, note)
cpp_s = cpp["throughput"]["seconds"]
lines = [
    "# Throughput: the reference, pycute and CuTe C++",
    "",
    "Written by `tools/peers.sh`. The same %d requests (`cases-throughput.txt`: `cuteref conform --random N "
    "--list-cases` over the operations both peers provide) sent by `cuteref conform --batch` to each "
    "implementation, without probes or shrinking; seconds are wall time, process start-up, the protocol and "
    "the judging included. Measured on the machine that ran `tools/peers.sh` (%d cores)." % (n, os.cpu_count() or 0),
    "",
    "| implementation | seconds | requests/s | conforming answers | notes |",
    "| --- | ---: | ---: | ---: | --- |",
    row("reference (`cuteref eval -`)", ref["throughput"]["seconds"], "", ref),
    row("pycute (nvidia-cutlass %s)" % cutlass, py["throughput"]["seconds"], "one Python process", py),
    row("CuTe C++, compilation included", cpp_s,
        "cold answer cache, one g++ at a time: %d compiles, %.1f s" % (compiles, compile_s), cpp),
    row("CuTe C++, compilation excluded", max(cpp_s - compile_s, 1e-9),
        "the same run less its compile time (the programs ran %.2f s)" % run_s),
    "",
    "C++ is compiled by `%s` with the headers of nvidia-cutlass %s and a precompiled header (built before "
    "the run and not counted). The adapter isolates the requests that do not compile (`static_assert`) by "
    "compiling again, which is most of the compile time where many requests are rejected." % (gxx, cutlass),
    "",
]
open(dest, "w").write("\n".join(lines))
print("\n".join(lines[6:10]))
EOF
fi
if [ "$failed" = 1 ]; then
  echo "peers: some run failed (see above)"
  exit 1
fi
echo "peers: reports in $out/"
