#!/usr/bin/env bash
# The peers judged by the spec (spec/protocol.md): runs `cuteref conform` on
# pycute, tensor-layouts, the CuTe Python DSL, CuTe C++ and PyTorch's port of
# pycute (peers/README.md),
# compares them side by side and measures throughput, writing
#
#   docs/data/conformance-<peer>.{json,md}     one report per peer (pycute,
#                                              tensor-layouts, cutedsl, cute-cpp,
#                                              torch-pycute)
#   docs/data/conformance-summary.{json,md}    the peers side by side (peers/compare.py)
#   docs/data/cases-counterexamples.txt        every peer's shrunk counterexamples and
#                                              peers/known_cases.txt: the cross-check
#                                              every peer is asked
#   docs/data/cases-cute-cpp.txt               the C++ run's hand-picked cases (vector lines)
#   docs/data/throughput.md                    requests/s, in-process and through the protocol
#
# pycute, tensor-layouts, the DSL and torch's port get the same cases: the vectors and
# random requests of every operation any of them provides. C++ compiles, so it
# gets hand-picked vectors and a few random requests per operation.
# Called by tools/main.sh after the build. Not a Bazel test: it needs pip's
# peers (tools/setup.sh --peers installs them) and the CUDA headers, and it
# takes minutes. A peer that is not installed is skipped and its files are
# left as they are. The shrinking budgets are caps for a peer that hangs, not
# the usual stop: a shrink cut short by time ends where the machine's speed
# left it, and docs/data would then differ from one machine to the next (the
# C++ run's former 150 s cut a ceil_div counterexample short in a fresh clone
# whose CI run shared the machine; with no limit, on a cold answer cache, the
# C++ part of this script took 293 s and gave docs/data's report but for its timing
# lines and the cache option). Budgets (environment, defaults in brackets):
#   PEERS_RANDOM        [200]  random requests per operation (pycute, tensor-layouts, DSL, torch)
#   PEERS_SHRINK        [600]  seconds of shrinking per peer at most (the DSL twice that)
#   PEERS_CPP_RANDOM    [8]    random requests per operation for C++
#   PEERS_CPP_SHRINK    [900]  seconds of shrinking for C++ at most
#   PEERS_CPP_JOBS      [2]    parallel g++ compiles
#   PEERS_CPP_CROSS     [1]    ask C++ the cross-check too (0: not)
#   PEERS_TP_RANDOM     [4000] requests per operation in the throughput list (6 operations)
#   PEERS_TP_CPP        [40]   ... of which C++ answers this many per operation
#   PEERS_CPP_CACHE     []     the C++ adapter's answer cache (default peers/.cache)
#   PEERS_ONLY          []     only these peers (comma-separated keys, e.g. pycute,cutedsl):
#                              a partial run. It writes those peers' reports; the summary
#                              takes the other peers' reports from docs/data and their
#                              cross-check answers from the summary there (compare.py
#                              --previous; a counterexample new to them shows "not
#                              asked"), and it leaves conformance-newforms.* and
#                              throughput.md as they are (they need every peer's run).
# Usage: bash tools/peers.sh [CUTEREF [BENCH_REF]]
#   (default bazel-bin/cuteref, bazel-bin/peers/bench/bench_ref)
set -uo pipefail
cd "$(dirname "$0")/.."
cuteref="${1:-bazel-bin/cuteref}"
bench_ref="${2:-bazel-bin/peers/bench/bench_ref}"
out=docs/data
mkdir -p "$out"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/cuteref_peers.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

py_random="${PEERS_RANDOM:-${PEERS_PYCUTE_RANDOM:-200}}"
shrink="${PEERS_SHRINK:-600}"
cpp_cross="${PEERS_CPP_CROSS:-1}"
tp_cpp="${PEERS_TP_CPP:-40}"
cpp_random="${PEERS_CPP_RANDOM:-8}"
cpp_shrink="${PEERS_CPP_SHRINK:-900}"
cpp_jobs="${PEERS_CPP_JOBS:-2}"
tp_random="${PEERS_TP_RANDOM:-4000}"
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
# the new forms (issue 12): swizzles, composed layouts, basis strides, smem atoms
cpp_ops="$cpp_ops,make_swizzle,make_composed_layout,make_identity_layout,coprofile,coshape,gmma_atom"
cpp_ops="$cpp_ops,recast_swizzle,slice,shape,stride,flatten,umma_atom_32b,gmma_sparse_atom,umma_sparse_atom_32b"
# The throughput list's operations (issue 13).
tp_ops="composition,complement,logical_divide,right_inverse,left_inverse,coalesce"
# Answers that mean "this form is not provided" (spec/protocol.md, Differences).
decline="UNSUPPORTED,PARSE,BADARG,COMPILE no matching function"

have_pycute=0
have_tl=0
have_dsl=0
have_cpp=0
have_torch=0
if python3 -c 'import pycute' 2>/dev/null; then have_pycute=1; fi
tl_ops="$(python3 peers/tensor_layouts_adapter.py --list-ops 2>/dev/null)" && have_tl=1
dsl_ops="$(python3 peers/cutedsl_adapter.py --list-ops 2>"$tmp/dsl_check.err")" && have_dsl=1
# PyTorch's port of pycute (torch.distributed._pycute); exit 2 when it is not
# fetched (bash peers/fetch_torch_pycute.sh; tools/setup.sh --peers does).
torch_ops="$(python3 peers/torch_pycute_adapter.py --list-ops 2>"$tmp/torch_check.err")" && have_torch=1
if [[ ",${PEERS_ONLY:-cute-cpp}," == *",cute-cpp,"* ]] &&
  [ "$(echo 'size(8:1)' | python3 peers/cute_cpp_adapter.py "${cpp_cache[@]}" 2>"$tmp/cpp_check.err")" = "ok _8" ]; then
  have_cpp=1
fi
all_peers="pycute,tensor-layouts,cutedsl,torch-pycute,cute-cpp"   # the order of their runs
only="${PEERS_ONLY:-$all_peers}"
partial=0
[ -n "${PEERS_ONLY:-}" ] && partial=1
wanted() { case ",$only," in *",$1,"*) return 0 ;; esac; return 1; }
wanted pycute || have_pycute=0
wanted tensor-layouts || have_tl=0
wanted cutedsl || have_dsl=0
wanted cute-cpp || have_cpp=0
wanted torch-pycute || have_torch=0
version() { python3 -c 'import sys; from importlib.metadata import version; print(version(sys.argv[1]))' "$1" 2>/dev/null || echo '?'; }
cutlass="$(version nvidia-cutlass)"
gxx="$(g++ --version 2>/dev/null | head -1)"
# Each operation a peer provides is an operation of the registry
# (`cuteref ops --names`, cli/registry.c).
known=",$("$cuteref" ops --names | paste -sd, -),"
for op in ${pycute_ops//,/ } ${cpp_ops//,/ } ${tl_ops//,/ } ${dsl_ops//,/ } ${tp_ops//,/ } ${torch_ops//,/ }; do
  case $known in
    *",$op,"*) ;;
    *) echo "peers: $op is no operation of the registry (cuteref ops --names)" >&2; exit 2 ;;
  esac
done
# The operations of the Python peers' common run: any of them provides it.
common_ops="$(printf '%s\n' "$pycute_ops" "$tl_ops" "$dsl_ops" "$torch_ops" | tr ',' '\n' | grep . | sort -u | paste -sd, -)"

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
reports=()   # KEY=REPORT.json of compare.py
# judge KEY NAME COMMAND [conform options...]: the common cases (vectors + random).
judge() {
  local key="$1" name="$2" cmd="$3"
  shift 3
  echo "== $name: vectors + $py_random random requests per operation"
  conform --impl "$cmd" --name "$name" --vectors spec/vectors --random "$py_random" --ops "$common_ops" \
    --decline "$decline" --shrink-time "$shrink" --impl-stderr "$tmp/$key.err" \
    --json "$out/conformance-$key.json" --markdown "$out/conformance-$key.md" --quiet "$@" || failed=1
  reports+=("$key=$out/conformance-$key.json")
}

if [ "$have_pycute" = 1 ]; then
  judge pycute "pycute (nvidia-cutlass $cutlass)" "python3 peers/pycute_adapter.py"
elif wanted pycute; then
  echo "peers: pycute is not installed (pip install nvidia-cutlass==4.2.0.0): skipped"
fi
if [ "$have_tl" = 1 ]; then
  judge tensor-layouts "tensor-layouts $(version tensor-layouts)" "python3 peers/tensor_layouts_adapter.py"
elif wanted tensor-layouts; then
  echo "peers: tensor-layouts is not installed (pip install tensor-layouts==0.3.2): skipped"
fi
if [ "$have_dsl" = 1 ]; then
  echo "== CuTe DSL adapter: every vector request answered, in order; batches as one request per trace"
  bash peers/adapters_check.sh "$cuteref" "python3 peers/cutedsl_adapter.py" 900 \
    "python3 peers/cutedsl_adapter.py --batch 1" 400 || failed=1
  # Batch mode: the adapter evaluates what it has read in one trace.
  # Fewer disagreements shrunk, each further: every shrinking round of the
  # DSL costs traces.
  judge cutedsl "CuTe DSL (nvidia-cutlass-dsl $(version nvidia-cutlass-dsl))" \
    "python3 peers/cutedsl_adapter.py --stats" --batch --shrink-max 4 --shrink-width 8 \
    --shrink-time "$((2 * shrink))"
elif wanted cutedsl; then
  echo "peers: the CuTe DSL is not installed (pip install nvidia-cutlass-dsl==4.8.1): skipped"
  tail -2 "$tmp/dsl_check.err" | sed 's/^/  /'
fi
torch_name="torch.distributed._pycute (torch 2.15.0, mode reversal)"
if [ "$have_torch" = 1 ]; then
  # lexicographic, mapped to CuTe's order by mode reversal (spec/principle.md)
  judge torch-pycute "$torch_name" "python3 peers/torch_pycute_adapter.py"
elif wanted torch-pycute; then
  echo "peers: PyTorch's port of pycute is not fetched (run bash peers/fetch_torch_pycute.sh): skipped"
  tail -1 "$tmp/torch_check.err" | sed 's/^/  /'
fi

if [ "$have_cpp" = 1 ]; then
  echo "== CuTe C++: hand-picked vectors + $cpp_random random requests per operation (compiles; minutes)"
  grep -hP '\t(known:|spec/)' spec/vectors/*.txt >"$out/cases-cute-cpp.txt" # vector lines
  conform --impl "$cpp_cmd" \
    --name "CuTe C++ (nvidia-cutlass $cutlass headers, $gxx, every integer static)" --batch --batch-size 250 \
    --cases "$out/cases-cute-cpp.txt" --random "$cpp_random" --ops "$cpp_ops" --decline "$decline" \
    --shrink-max 2 --shrink-width 4 --shrink-time "$cpp_shrink" --impl-stderr "$tmp/cute-cpp.err" \
    --json "$out/conformance-cute-cpp.json" --markdown "$out/conformance-cute-cpp.md" --quiet || failed=1
  printf '\nThe adapter caches answers (peers/.cache); when the cache was warm, the throughput above is mostly\nthat of the cache. `throughput.md` measures C++ from a cold cache.\n' >>"$out/conformance-cute-cpp.md"
  # the vectors' version, which the report does not name (its cases come from a file)
  printf '\nThe cases of `cases-cute-cpp.txt` are the hand-picked lines (origins `known:` and `spec/`) of the\nconformance vectors of version %s (`spec/vectors`).\n' \
    "$(sed -n 's/^version //p' spec/vectors/VERSION)" >>"$out/conformance-cute-cpp.md"
  reports+=("cute-cpp=$out/conformance-cute-cpp.json")
elif wanted cute-cpp; then
  echo "peers: the CuTe C++ adapter does not work here (nvidia-cutlass headers, CUDA's cccl, g++): skipped"
  sed 's/^/  /' "$tmp/cpp_check.err" | tail -3
fi

# Issue 12's forms alone: every vector whose request has a swizzle, a composed
# layout, a basis stride or one of their operations, through every peer, side
# by side (docs/data/conformance-newforms.{md,json}); the same spec, a
# narrower list, so their figures are not lost among the integer layouts.
nf_ops="make_swizzle,make_composed_layout,make_identity_layout,coprofile,coshape,gmma_atom,umma_atom_32b,gmma_sparse_atom"
nf_ops="$nf_ops,umma_sparse_atom_32b,recast_swizzle"
if [ "${#reports[@]}" -gt 0 ] && [ "$partial" = 1 ]; then
  echo "peers: a partial run (PEERS_ONLY=$only) leaves conformance-newforms.* as they are"
elif [ "${#reports[@]}" -gt 0 ]; then
  echo "== the new forms (swizzles, composed layouts, basis strides, smem atoms): every peer"
  grep -hv '^#' spec/vectors/*.txt |
    awk -F'\t' -v ops="$nf_ops" 'BEGIN { gsub(",", "|", ops) } $3 ~ ("Sw<|@| o |" ops)' >"$out/cases-newforms.txt"
  nf_args=()
  for r in "${reports[@]}"; do
    key="${r%%=*}"
    case "$key" in
      pycute) cmd="python3 peers/pycute_adapter.py"; extra=(); name="pycute (nvidia-cutlass $cutlass)" ;;
      tensor-layouts)
        cmd="python3 peers/tensor_layouts_adapter.py"; extra=(); name="tensor-layouts $(version tensor-layouts)" ;;
      cutedsl)
        cmd="python3 peers/cutedsl_adapter.py"; extra=(--batch --shrink-width 8)
        name="CuTe DSL (nvidia-cutlass-dsl $(version nvidia-cutlass-dsl))" ;;
      cute-cpp)
        cmd="$cpp_cmd"; extra=(--batch --batch-size 250 --shrink-width 4)
        name="CuTe C++ (nvidia-cutlass $cutlass headers, $gxx, every integer static)" ;;
      torch-pycute) cmd="python3 peers/torch_pycute_adapter.py"; extra=(); name="$torch_name" ;;
    esac
    conform --impl "$cmd" --name "$name" --cases "$out/cases-newforms.txt" --decline "$decline" --shrink-max 2 --shrink-time 300 \
      "${extra[@]}" --impl-stderr "$tmp/$key.nf.err" --json "$tmp/nf-$key.json" --quiet || failed=1
    nf_args+=(--peer "$key=$tmp/nf-$key.json")
  done
  # a bare value as a request (notation) is printed back by every adapter but tensor-layouts'
  nf_args+=(--provides "pycute=$pycute_ops,make_composed_layout,notation" --provides "tensor-layouts=$tl_ops")
  nf_args+=(--provides "cutedsl=$dsl_ops,notation" --provides "cute-cpp=$cpp_ops,notation")
  nf_args+=(--provides "torch-pycute=$torch_ops,notation")
  python3 peers/compare.py summary "${nf_args[@]}" --json "$out/conformance-newforms.json" \
    --markdown "$out/conformance-newforms.md" || failed=1
  python3 - "$out/conformance-newforms.md" "$(wc -l <"$out/cases-newforms.txt")" <<'EOF'
import sys
path, n = sys.argv[1], sys.argv[2].strip()
text = open(path).read().split("\n", 1)
open(path, "w").write("# The peers on issue 12's forms\n\nThe %s vector cases (`cases-newforms.txt`) whose request has a swizzle, a "
                      "composed layout, a basis stride or one of their operations, judged by the same spec as the full "
                      "runs (`conformance-summary.md`).\n%s" % (n, text[1] if len(text) > 1 else ""))
EOF
fi

# The cross-check: every peer is asked every peer's shrunk counterexamples,
# so the summary can tell which peers are wrong the same way. A partial run
# asks only its peers; the others' reports are the ones in docs/data, their
# answers to the cross-check the summary's there (compare.py --previous).
if [ "${#reports[@]}" -gt 0 ]; then
  echo "== cross-check: every counterexample through every peer"
  args=()
  for key in ${all_peers//,/ }; do   # in the order of a full run's reports
    for r in "${reports[@]}"; do
      [ "${r%%=*}" = "$key" ] && args+=(--peer "$r") && continue 2
    done
    [ "$partial" = 1 ] && [ -f "$out/conformance-$key.json" ] && args+=(--peer "$key=$out/conformance-$key.json")
  done
  { python3 peers/compare.py union "${args[@]}"; grep -v '^#' peers/known_cases.txt; } | awk '!seen[$0]++' \
    >"$out/cases-counterexamples.txt"
  if [ "$partial" = 1 ] && [ -f "$out/conformance-summary.json" ]; then
    cp "$out/conformance-summary.json" "$tmp/previous-summary.json"
    args+=(--previous "$tmp/previous-summary.json")
  fi
  cx=(--cases "$out/cases-counterexamples.txt" --shrink-max 0 --probe-every 0 --decline "$decline" --quiet)
  for r in "${reports[@]}"; do
    key="${r%%=*}"
    case "$key" in
      pycute) cmd="python3 peers/pycute_adapter.py"; extra=() ;;
      tensor-layouts) cmd="python3 peers/tensor_layouts_adapter.py"; extra=() ;;
      cutedsl) cmd="python3 peers/cutedsl_adapter.py --stats"; extra=(--batch); args+=(--crashes "$key=$tmp/$key.err") ;;
      cute-cpp)
        [ "$cpp_cross" = 1 ] || continue
        cmd="$cpp_cmd"; extra=(--batch --batch-size 250) ;;
      torch-pycute) cmd="python3 peers/torch_pycute_adapter.py"; extra=() ;;
    esac
    conform --impl "$cmd" "${cx[@]}" "${extra[@]}" --impl-stderr "$tmp/$key.cross.err" \
      --json "$tmp/cross-$key.json" >/dev/null || failed=1
    args+=(--cross "$key=$tmp/cross-$key.json")
  done
  args+=(--provides "pycute=$pycute_ops" --provides "tensor-layouts=$tl_ops" --provides "cutedsl=$dsl_ops")
  args+=(--provides "cute-cpp=$cpp_ops" --provides "torch-pycute=$torch_ops")
  python3 peers/compare.py summary "${args[@]}" \
    --json "$out/conformance-summary.json" --markdown "$out/conformance-summary.md" || failed=1
fi

if [ "$partial" = 1 ]; then
  echo "peers: a partial run (PEERS_ONLY=$only) leaves throughput.md as it is"
elif [ "$have_pycute" = 1 ] || [ "$have_tl" = 1 ] || [ "$have_dsl" = 1 ] || [ "$have_torch" = 1 ]; then
  echo "== throughput: one list of requests through every implementation"
  "$cuteref" conform --random "$tp_random" --ops "$tp_ops" --seed 0x13 --list-cases >"$tmp/throughput.txt"
  tp_peers=()
  [ "$have_pycute" = 1 ] && tp_peers+=(--peer pycute)
  [ "$have_tl" = 1 ] && tp_peers+=(--peer tensor-layouts)
  [ "$have_dsl" = 1 ] && tp_peers+=(--peer cutedsl)
  [ "$have_torch" = 1 ] && tp_peers+=(--peer torch-pycute)
  [ "$have_cpp" = 1 ] && tp_peers+=(--cpp-sample "$tp_cpp")
  python3 peers/bench/throughput.py --cases "$tmp/throughput.txt" --cuteref "$cuteref" --bench-ref "$bench_ref" \
    --out "$out/throughput.md" "${tp_peers[@]}" \
    --describe "\`cuteref conform --random $tp_random --ops $tp_ops --seed 0x13 --list-cases\`" || failed=1
fi
if [ "$failed" = 1 ]; then
  echo "peers: some run failed (see above)"
  exit 1
fi
echo "peers: reports in $out/"
