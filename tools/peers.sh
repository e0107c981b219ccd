#!/usr/bin/env bash
# The peers judged by the spec (spec/protocol.md): runs `cuteref conform` on
# pycute, tensor-layouts, the CuTe Python DSL, CuTe C++, PyTorch's port of
# pycute, AMD's FlyDSL, Mojo's layout package, tilelang and Triton's linear
# layouts (peers/README.md),
# compares them side by side and measures throughput, writing
#
#   docs/data/conformance-<peer>.{json,md}     one report per peer (pycute,
#                                              tensor-layouts, cutedsl, cute-cpp,
#                                              torch-pycute, flydsl, mojo, tilelang,
#                                              triton), with the
#                                              version judged and the date; a peer
#                                              not reached gets a report with the
#                                              evidence (what was tried, the error)
#   docs/data/conformance-summary.{json,md}    the peers side by side (peers/compare.py)
#   docs/data/findings.md                      each distinct defect of each peer once,
#                                              ready for its tracker (peers/findings.py)
#   docs/data/cases-counterexamples.txt        every peer's shrunk counterexamples and
#                                              peers/known_cases.txt: the cross-check
#                                              every peer is asked
#   docs/data/cases-cute-cpp.txt               the C++ run's hand-picked cases (vector lines)
#   docs/data/cases-triton.txt                 the random requests with a linear form Triton's run adds
#   docs/data/throughput.md                    requests/s, in-process and through the protocol
#
# The peers of the common run (pycute, tensor-layouts, the DSL, torch's port,
# FlyDSL, Mojo, tilelang, Triton: one `peer` block each, below) get the same cases: the vectors
# and random requests of every operation any of them provides. C++ compiles,
# so it gets hand-picked vectors and a few random requests per operation.
# Called by tools/main.sh after the build. Not a Bazel test: it needs pip's
# peers (tools/setup.sh --peers installs them) and the CUDA headers, and it
# takes minutes. A wanted peer that is not installed, or whose adapter does
# not answer `size(8:1)`, is not reached: its report says so with the
# evidence, and its row stays in the summary. The shrinking budgets are caps for a peer that hangs, not
# the usual stop: a shrink cut short by time ends where the machine's speed
# left it, and docs/data would then differ from one machine to the next (the
# C++ run's former 150 s cut a ceil_div counterexample short in a fresh clone
# whose CI run shared the machine; with no limit, on a cold answer cache, the
# C++ part of this script took 293 s and gave docs/data's report but for its timing
# lines and the cache option). Budgets (environment, defaults in brackets):
#   PEERS_RANDOM        [200]  random requests per operation (the common run's peers)
#   PEERS_SHRINK        [600]  seconds of shrinking per peer at most (the DSL twice that)
#   PEERS_CPP_RANDOM    [8]    random requests per operation for C++
#   PEERS_CPP_SHRINK    [900]  seconds of shrinking for C++ at most
#   PEERS_CPP_JOBS      [2]    parallel g++ compiles
#   PEERS_CPP_CROSS     [1]    ask C++ the cross-check too (0: not)
#   PEERS_TP_RANDOM     [4000] requests per operation in the throughput list (6 operations)
#   PEERS_TP_CPP        [40]   ... of which C++ answers this many per operation
#   PEERS_CPP_CACHE     []     the C++ adapter's answer cache (default peers/.cache)
#   PEERS_ONLY          []     only these peers (comma-separated keys, e.g. flydsl,mojo):
#                              a partial run. It writes those peers' reports; the summary
#                              takes the other peers' reports from docs/data and their
#                              cross-check answers from the summary there (compare.py
#                              --previous; a counterexample new to them shows "not
#                              asked"), and it leaves conformance-newforms.* and
#                              throughput.md as they are (they need every peer's run).
#   CUTEREF_MOJO_VENV   []     where peers/fetch_mojo.sh installed Mojo (default
#                              ~/.cache/cuteref/mojo-1.2.0, where the adapter looks)
# Usage: bash tools/peers.sh [CUTEREF [BENCH_REF]]
#   (default bazel-bin/cuteref, bazel-bin/peers/bench/bench_ref)
set -uo pipefail
case "${1:-}" in -h | --help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;; esac
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

version() { python3 -c 'import sys; from importlib.metadata import version; print(version(sys.argv[1]))' "$1" 2>/dev/null || echo 'not installed'; }
cutlass="$(version nvidia-cutlass)"
gxx="$(g++ --version 2>/dev/null | head -1)"
all_peers=""   # every peer declared, in the order of their runs
only=""        # PEERS_ONLY, or every peer
partial=0
[ -n "${PEERS_ONLY:-}" ] && partial=1
wanted() { case ",$only," in *",$1,"*) return 0 ;; esac; return 1; }
# What a peer is, by its key: declared by `peer` (the Python peers' common
# run) or by the C++ block below; the runs, the new forms, the cross-check
# and the summary read these.
declare -A p_name p_version p_cmd p_ops p_nf p_mode p_width p_judge p_crash p_check p_tried p_err p_reached p_tp
# peer KEY NAME VERSION COMMAND [FIELD=VALUE...]: a peer of the common run.
# Its adapter's --list-ops says the operations it provides (ops=LIST
# instead); detect=COMMAND must succeed first. A peer that is wanted must
# then answer `size(8:1)`; when it does not, it is not reached, and
# tried=TEXT (how to install it) and the adapter's last error lines are its
# report's evidence. Fields: mode= (conform options of every run of it, e.g.
# --batch), width= (its --shrink-width), judge= (further options of its own
# run), crash=1 (its adapter lists crashes on stderr with --stats), check=
# (a command before its run), nf= (what it provides besides its operations
# in the new forms: ,notation where it prints a bare value back), tp=1 (in
# the throughput list: a peer peers/bench/throughput.py knows).
peer() {
  local key="$1" f
  all_peers="${all_peers:+$all_peers,}$key"
  p_name[$key]="$2" p_version[$key]="$3" p_cmd[$key]="$4" p_nf[$key]=",notation" p_reached[$key]=0
  p_mode[$key]="" p_width[$key]="" p_judge[$key]="" p_crash[$key]=0 p_check[$key]="" p_tried[$key]="" p_tp[$key]=0
  local ops="" detect=""
  shift 4
  for f in "$@"; do
    case "$f" in
      ops=*) ops="${f#ops=}" ;;
      detect=*) detect="${f#detect=}" ;;
      mode=*) p_mode[$key]="${f#mode=}" ;;
      width=*) p_width[$key]="${f#width=}" ;;
      judge=*) p_judge[$key]="${f#judge=}" ;;
      crash=*) p_crash[$key]="${f#crash=}" ;;
      check=*) p_check[$key]="${f#check=}" ;;
      nf=*) p_nf[$key]="${f#nf=}" ;;
      tried=*) p_tried[$key]="${f#tried=}" ;;
      tp=*) p_tp[$key]="${f#tp=}" ;;
      *) echo "peers: peer $key: unknown field $f" >&2; exit 2 ;;
    esac
  done
  p_err[$key]="$tmp/$key.check.err"
  if [ -n "$detect" ] && ! bash -c "$detect" >"${p_err[$key]}" 2>&1; then
    p_ops[$key]=""
    return 0
  fi
  [ -n "$ops" ] || ops="$(${p_cmd[$key]} --list-ops 2>"${p_err[$key]}")" || ops=""
  p_ops[$key]="$ops"
}
# reach KEY: the peer answers size(8:1) (0), or it is not reached (1).
reach() {
  local a
  [ -n "${p_ops[$1]}" ] || return 1
  a="$(echo 'size(8:1)' | timeout 900 ${p_cmd[$1]} 2>>"${p_err[$1]}" | head -1)"
  case "$a" in "ok 8" | "ok _8") return 0 ;; esac
  echo "size(8:1) was answered '${a:-nothing}'" >>"${p_err[$1]}"
  return 1
}

# The peers of the common run, in the order of their runs: one block each.
peer pycute "pycute (nvidia-cutlass $cutlass)" "nvidia-cutlass $cutlass" "python3 peers/pycute_adapter.py" \
  detect="python3 -c 'import pycute'" ops="$pycute_ops" nf=",make_composed_layout,notation" tp=1 \
  tried="pip install nvidia-cutlass==4.2.0.0 (tools/setup.sh)"
peer tensor-layouts "tensor-layouts $(version tensor-layouts)" "tensor-layouts $(version tensor-layouts)" \
  "python3 peers/tensor_layouts_adapter.py" nf="" tp=1 \
  tried="pip install tensor-layouts==0.3.2 (tools/setup.sh)"
# Batch mode: the adapter evaluates what it has read in one trace. Fewer
# disagreements shrunk, each further: every shrinking round of the DSL costs
# traces. Every vector request is answered, in order; batches as one
# request per trace.
peer cutedsl "CuTe DSL (nvidia-cutlass-dsl $(version nvidia-cutlass-dsl))" \
  "nvidia-cutlass-dsl $(version nvidia-cutlass-dsl)" "python3 peers/cutedsl_adapter.py --stats" \
  mode=--batch width=8 crash=1 tp=1 judge="--shrink-max 4 --shrink-width 8 --shrink-time $((2 * shrink))" \
  check="bash peers/adapters_check.sh $cuteref 'python3 peers/cutedsl_adapter.py' 900 'python3 peers/cutedsl_adapter.py --batch 1' 400" \
  tried="pip install nvidia-cutlass-dsl==4.8.1 (tools/setup.sh --peers)"
# PyTorch's port of pycute (torch.distributed._pycute), lexicographic, mapped
# to CuTe's order by mode reversal (spec/principle.md); its adapter exits 2
# when the port is not fetched (bash peers/fetch_torch_pycute.sh).
peer torch-pycute "torch.distributed._pycute (torch 2.15.0, mode reversal)" "torch 2.15.0" \
  "python3 peers/torch_pycute_adapter.py" tp=1 tried="bash peers/fetch_torch_pycute.sh (tools/setup.sh --peers)"
# AMD's FlyDSL: its fly dialect's static layouts in a bare MLIR context, in
# a forked worker that survives FlyDSL's crashes (peers/flydsl_adapter.py).
peer flydsl "FlyDSL (flydsl $(version flydsl))" "flydsl $(version flydsl)" "python3 peers/flydsl_adapter.py --stats" \
  mode=--batch width=8 crash=1 judge="--shrink-max 4 --shrink-width 8" \
  tried="pip install flydsl==0.4.2 numpy==2.4.6 (tools/setup.sh --peers)"
# Mojo's layout package: one Mojo interpreter compiled once (cached), every
# batch one run of it (peers/mojo_adapter.py; peers/fetch_mojo.sh).
mojo_version="$(python3 peers/mojo_adapter.py --version 2>/dev/null | sed 's/ (layout.mojoc).*//')"
case "$mojo_version" in *unknown* | "") mojo_version="not installed" ;; esac
peer mojo "Mojo's layout package ($mojo_version)" "$mojo_version" "python3 peers/mojo_adapter.py --stats" \
  mode=--batch width=8 crash=1 judge="--shrink-max 4 --shrink-width 8" \
  tried="bash peers/fetch_mojo.sh: mojo-compiler 1.2.0, max-mojo-libs 26.7.0 (tools/setup.sh --peers)"
# tilelang's CuTe layout algebra (tilelang.layout.cute, TVM-FFI over C++),
# with a stand-in torch, in a forked worker (peers/tilelang_adapter.py).
peer tilelang "tilelang (tilelang $(version tilelang))" "tilelang $(version tilelang)" \
  "python3 peers/tilelang_adapter.py --stats" mode=--batch crash=1 \
  tried="pip install --no-deps tilelang==0.1.15 apache-tvm-ffi==0.1.12 z3-solver==4.15.4.0 ... (tools/setup.sh --peers)"
# Triton's linear layouts: the CuTe layouts with a linear form only
# (peers/triton_adapter.py); besides the common cases, the random requests
# of its operations whose layouts have one (--linear-cases), kept in
# docs/data/cases-triton.txt.
peer triton "Triton linear layouts (triton $(version triton))" "triton $(version triton)" \
  "python3 peers/triton_adapter.py --stats" mode=--batch crash=1 judge="--cases $out/cases-triton.txt" \
  check="$cuteref conform --random 2000 --ops size,composition,right_inverse,left_inverse,logical_product,eval \
--seed 0x42 --list-cases | python3 peers/triton_adapter.py --linear-cases >$out/cases-triton.txt" \
  tried="pip install --no-deps triton==3.9.0 (tools/setup.sh --peers)"

only="${PEERS_ONLY:-$all_peers,cute-cpp}"
for key in ${all_peers//,/ }; do
  wanted "$key" && reach "$key" && p_reached[$key]=1
done
have_cpp=0
if wanted cute-cpp &&
  [ "$(echo 'size(8:1)' | python3 peers/cute_cpp_adapter.py "${cpp_cache[@]}" 2>"$tmp/cpp_check.err")" = "ok _8" ]; then
  have_cpp=1
fi
p_name[cute-cpp]="CuTe C++ (nvidia-cutlass $cutlass headers, $gxx, every integer static)"
p_version[cute-cpp]="nvidia-cutlass $cutlass headers"
p_cmd[cute-cpp]="$cpp_cmd" p_ops[cute-cpp]="$cpp_ops" p_nf[cute-cpp]=",notation" p_crash[cute-cpp]=0
p_mode[cute-cpp]="--batch --batch-size 250" p_width[cute-cpp]=4 p_reached[cute-cpp]="$have_cpp"
p_tried[cute-cpp]="the nvidia-cutlass $cutlass headers, CUDA's cccl headers and g++ (tools/setup.sh)"
p_err[cute-cpp]="$tmp/cpp_check.err"

# Each operation a peer provides is an operation of the registry
# (`cuteref ops --names`, cli/registry.c).
known=",$("$cuteref" ops --names | paste -sd, -),"
for key in ${all_peers//,/ } cute-cpp; do
  for op in ${p_ops[$key]//,/ }; do
    case $known in
      *",$op,"*) ;;
      *) echo "peers: $op ($key) is no operation of the registry (cuteref ops --names)" >&2; exit 2 ;;
    esac
  done
done
for op in ${tp_ops//,/ }; do
  case $known in *",$op,"*) ;; *) echo "peers: $op is no operation of the registry" >&2; exit 2 ;; esac
done
# The operations of the Python peers' common run: any of them provides it.
common_ops="$(for key in ${all_peers//,/ }; do echo "${p_ops[$key]}"; done | tr ',' '\n' | grep . | sort -u | paste -sd, -)"

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
timing=()    # "KEY SECONDS": each peer's own run, printed at the end
today="$(date -u +%F)"
# stamp KEY: the version judged and the date, in its report (compare.py stamp).
stamp() {
  python3 peers/compare.py stamp --json "$out/conformance-$1.json" --markdown "$out/conformance-$1.md" \
    --version "${p_version[$1]}" --date "$today" || failed=1
}
# not_reached KEY: its report says what was tried and the error; its row stays in the summary.
not_reached() {
  echo "peers: ${p_name[$1]} not reached (${p_tried[$1]}):"
  tail -3 "${p_err[$1]}" 2>/dev/null | sed 's/^/  /'
  python3 peers/compare.py not-reached --key "$1" --name "${p_name[$1]}" --version "${p_version[$1]}" \
    --tried "${p_tried[$1]}" --error-file "${p_err[$1]}" --date "$today" \
    --json "$out/conformance-$1.json" --markdown "$out/conformance-$1.md" || failed=1
  reports+=("$1=$out/conformance-$1.json")
}
# judge KEY: the common cases (vectors + random), with the peer's own options.
judge() {
  local key="$1" t0=$SECONDS
  if [ -n "${p_check[$key]}" ]; then
    echo "== ${p_name[$key]}: ${p_check[$key]}"
    bash -c "${p_check[$key]}" || failed=1
  fi
  echo "== ${p_name[$key]}: vectors + $py_random random requests per operation"
  # shellcheck disable=SC2086 # the peer's options are words
  conform --impl "${p_cmd[$key]}" --name "${p_name[$key]}" --vectors spec/vectors --random "$py_random" \
    --ops "$common_ops" --decline "$decline" --shrink-time "$shrink" --impl-stderr "$tmp/$key.err" \
    --json "$out/conformance-$key.json" --markdown "$out/conformance-$key.md" --quiet \
    ${p_mode[$key]} ${p_judge[$key]} || failed=1
  stamp "$key"
  reports+=("$key=$out/conformance-$key.json")
  timing+=("$key $((SECONDS - t0))")
}

for key in ${all_peers//,/ }; do
  wanted "$key" || continue
  if [ "${p_reached[$key]}" = 1 ]; then
    judge "$key"
  else
    not_reached "$key"
  fi
done

if [ "$have_cpp" = 1 ]; then
  echo "== CuTe C++: hand-picked vectors + $cpp_random random requests per operation (compiles; minutes)"
  t0=$SECONDS
  grep -hP '\t(known:|spec/)' spec/vectors/*.txt >"$out/cases-cute-cpp.txt" # vector lines
  conform --impl "$cpp_cmd" \
    --name "${p_name[cute-cpp]}" --batch --batch-size 250 \
    --cases "$out/cases-cute-cpp.txt" --random "$cpp_random" --ops "$cpp_ops" --decline "$decline" \
    --shrink-max 2 --shrink-width 4 --shrink-time "$cpp_shrink" --impl-stderr "$tmp/cute-cpp.err" \
    --json "$out/conformance-cute-cpp.json" --markdown "$out/conformance-cute-cpp.md" --quiet || failed=1
  printf '\nThe adapter caches answers (peers/.cache); when the cache was warm, the throughput above is mostly\nthat of the cache. `throughput.md` measures C++ from a cold cache.\n' >>"$out/conformance-cute-cpp.md"
  # the vectors' version, which the report does not name (its cases come from a file)
  printf '\nThe cases of `cases-cute-cpp.txt` are the hand-picked lines (origins `known:` and `spec/`) of the\nconformance vectors of version %s (`spec/vectors`).\n' \
    "$(sed -n 's/^version //p' spec/vectors/VERSION)" >>"$out/conformance-cute-cpp.md"
  stamp cute-cpp
  reports+=("cute-cpp=$out/conformance-cute-cpp.json")
  timing+=("cute-cpp $((SECONDS - t0))")
elif wanted cute-cpp; then
  not_reached cute-cpp
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
    [ "${p_reached[$key]}" = 1 ] || continue
    extra=(${p_mode[$key]})   # shellcheck disable=SC2206 # the peer's options are words
    [ -n "${p_width[$key]}" ] && extra+=(--shrink-width "${p_width[$key]}")
    conform --impl "${p_cmd[$key]}" --name "${p_name[$key]}" --cases "$out/cases-newforms.txt" --decline "$decline" \
      --shrink-max 2 --shrink-time 300 "${extra[@]}" --impl-stderr "$tmp/$key.nf.err" --json "$tmp/nf-$key.json" \
      --quiet || failed=1
    python3 peers/compare.py stamp --json "$tmp/nf-$key.json" --version "${p_version[$key]}" --date "$today" || failed=1
    # a bare value as a request (notation) is printed back by every adapter but tensor-layouts'
    nf_args+=(--peer "$key=$tmp/nf-$key.json" --provides "$key=${p_ops[$key]}${p_nf[$key]}")
  done
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
  for key in $(echo "pycute,tensor-layouts,cutedsl,torch-pycute,cute-cpp,$all_peers" | tr , '\n' | awk '!seen[$0]++'); do
    # in the order of a full run's reports (C++ where it was before the later peers)
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
    [ "${p_reached[$key]}" = 1 ] || continue
    [ "$key" = cute-cpp ] && [ "$cpp_cross" != 1 ] && continue
    [ "${p_crash[$key]}" = 1 ] && args+=(--crashes "$key=$tmp/$key.err")
    # shellcheck disable=SC2086 # the peer's options are words
    conform --impl "${p_cmd[$key]}" "${cx[@]}" ${p_mode[$key]} --impl-stderr "$tmp/$key.cross.err" \
      --json "$tmp/cross-$key.json" >/dev/null || failed=1
    args+=(--cross "$key=$tmp/cross-$key.json")
  done
  for key in ${all_peers//,/ } cute-cpp; do
    args+=(--provides "$key=${p_ops[$key]}")
  done
  python3 peers/compare.py summary "${args[@]}" \
    --json "$out/conformance-summary.json" --markdown "$out/conformance-summary.md" || failed=1
  # Each distinct defect of each peer once, ready for its issue tracker.
  echo "== findings: each distinct defect of each peer (docs/data/findings.md)"
  python3 peers/findings.py --summary "$out/conformance-summary.json" --reports "$out" \
    --markdown "$out/findings.md" || failed=1
fi

if [ "$partial" = 1 ]; then
  echo "peers: a partial run (PEERS_ONLY=$only) leaves throughput.md as it is"
else
  # the peers peers/bench/throughput.py knows (--peer KEY)
  tp_peers=()
  for key in ${all_peers//,/ }; do
    [ "${p_reached[$key]}" = 1 ] && [ "${p_tp[$key]}" = 1 ] && tp_peers+=(--peer "$key")
  done
  [ "$have_cpp" = 1 ] && tp_peers+=(--cpp-sample "$tp_cpp")
fi
if [ "$partial" = 0 ] && [ "${#tp_peers[@]}" -gt 0 ]; then
  echo "== throughput: one list of requests through every implementation"
  "$cuteref" conform --random "$tp_random" --ops "$tp_ops" --seed 0x13 --list-cases >"$tmp/throughput.txt"
  python3 peers/bench/throughput.py --cases "$tmp/throughput.txt" --cuteref "$cuteref" --bench-ref "$bench_ref" \
    --out "$out/throughput.md" "${tp_peers[@]}" \
    --describe "\`cuteref conform --random $tp_random --ops $tp_ops --seed 0x13 --list-cases\`" || failed=1
fi
echo "peers: seconds of each peer's own run (its cases and shrinking): ${timing[*]:-none}"
if [ "$failed" = 1 ]; then
  echo "peers: some run failed (see above)"
  exit 1
fi
echo "peers: reports in $out/"
