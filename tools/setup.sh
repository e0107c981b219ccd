#!/usr/bin/env bash
# Install the packages the build needs (Debian 12, run as root).
# Idempotent: skips apt entirely when everything is already installed.
#   tools/setup.sh           what the build and the test suite need
#   tools/setup.sh --peers   also the CuTe Python DSL, PyTorch's port of pycute, FlyDSL
#                            Mojo's layout package, tilelang and Triton for tools/peers.sh
#                            (pip, the main job)
set -eu
want_peers=0
[ "${1:-}" = "--peers" ] && want_peers=1

pkgs="bazel-bootstrap bazel-rules-java graphviz patch" # patch: the mutant build (mutants/)
pkgs="$pkgs python3"
pkgs="$pkgs python3-pip" # pip, for the peers below
pkgs="$pkgs python3-venv" # python3 -m venv on Debian's python: Mojo's private venv (peers/fetch_mojo.sh)
# chromium: //docs:browser_test opens every page of the site in it, headless
# (docs/browser_check.py); 25 packages, 124 MB downloaded, 414 MB installed.
pkgs="$pkgs chromium"

# The peers, pinned, from PyPI. The test suite's //peers:peers_ci_test needs
# the two pure-Python ones (pycute from nvidia-cutlass, tensor-layouts), so
# they are always installed, without dependencies (pycute and CuTe's headers
# need none; about 45 MB). --peers adds the CuTe Python DSL (about 270 MB)
# for tools/peers.sh. Each is installed only when that version is missing.
cutlass_pin="4.2.0.0"
tensor_layouts_pin="0.3.2"
cutedsl_pin="4.8.1"
flydsl_pin="0.4.2"
numpy_pin="2.4.6" # FlyDSL imports numpy but declares no dependency
py=python3
pip_install() { # pip_install [pip options] PACKAGE==VERSION...
  set -- --quiet --disable-pip-version-check --no-input "$@"
  "$py" -m pip install "$@" </dev/null 2>/dev/null ||
    "$py" -m pip install --break-system-packages "$@" </dev/null
}
have_version() { # have_version DIST VERSION
  "$py" -c 'import sys; from importlib.metadata import version; sys.exit(version(sys.argv[1]) != sys.argv[2])' \
    "$1" "$2" 2>/dev/null
}
setup_peers() {
  local want
  # For the python3 of this shell and for Debian's, which Bazel's tests find
  # on their PATH (/usr/bin), when they differ.
  for py in $(printf '%s\n' "$(command -v python3)" /usr/bin/python3 | awk '!seen[$0]++'); do
    [ -x "$py" ] || continue
    want=""
    have_version nvidia-cutlass "$cutlass_pin" || want="$want nvidia-cutlass==$cutlass_pin"
    have_version tensor-layouts "$tensor_layouts_pin" || want="$want tensor-layouts==$tensor_layouts_pin"
    if [ -n "$want" ]; then
      echo "setup: $py -m pip install --no-deps$want (the pure-Python peers)"
      # shellcheck disable=SC2086
      pip_install --no-deps $want || echo "setup: warning: could not install$want; //peers:peers_ci_test will fail"
    else
      echo "setup: $py has nvidia-cutlass $cutlass_pin and tensor-layouts $tensor_layouts_pin"
    fi
  done
  py=python3
  [ "$want_peers" = 1 ] || return 0
  # PyTorch's port of pycute, torch/distributed/_pycute (4 files, 52 KB kept),
  # out of the pinned torch 2.15.0 wheel without installing torch: 539 MB
  # downloaded once, about 5 s; nothing when it is already there.
  bash "$(dirname "$0")/../peers/fetch_torch_pycute.sh" ||
    echo "setup: warning: could not fetch torch 2.15.0's _pycute; tools/peers.sh will skip torch-pycute"
  if have_version nvidia-cutlass-dsl "$cutedsl_pin"; then
    echo "setup: nvidia-cutlass-dsl $cutedsl_pin present"
  else
    echo "setup: pip install nvidia-cutlass-dsl==$cutedsl_pin (the CuTe Python DSL, a peer of tools/peers.sh)"
    pip_install "nvidia-cutlass-dsl==$cutedsl_pin" ||
      echo "setup: warning: could not install nvidia-cutlass-dsl; tools/peers.sh will report the CuTe DSL not reached"
  fi
  # AMD's FlyDSL (77 MB wheel, 277 MB installed) and numpy, into the same
  # python as the DSL: FlyDSL has no dependencies to conflict, and its
  # adapter lends it a stand-in torch module (about 25 s).
  if have_version flydsl "$flydsl_pin" && have_version numpy "$numpy_pin"; then
    echo "setup: flydsl $flydsl_pin and numpy $numpy_pin present"
  else
    echo "setup: pip install flydsl==$flydsl_pin numpy==$numpy_pin (FlyDSL, a peer of tools/peers.sh)"
    pip_install "flydsl==$flydsl_pin" "numpy==$numpy_pin" ||
      echo "setup: warning: could not install flydsl; tools/peers.sh will report FlyDSL not reached"
  fi
  # Mojo's layout package: the compiler and layout.mojoc (114 MB of wheels,
  # 313 MB installed, about 25 s) in a private venv, ~/.cache/cuteref/mojo-1.2.0,
  # where peers/mojo_adapter.py looks: the `mojo` driver and its libraries
  # stay off the system python's path (peers/fetch_mojo.sh).
  bash "$(dirname "$0")/../peers/fetch_mojo.sh" ||
    echo "setup: warning: could not install Mojo; tools/peers.sh will report Mojo's layout package not reached"
  # tilelang's CuTe layout algebra and Triton's linear layouts, without
  # dependencies: tilelang declares torch (5.2 GB with its CUDA libraries)
  # that its algebra never touches (peers/tilelang_adapter.py lends a
  # stand-in); these are what its import needs (336 MB installed, about 8 s
  # once downloaded). Triton declares none on Python 3.11 (286 MB wheel,
  # 1.0 GB installed, about 7 s once downloaded).
  local linear_peers="tilelang==0.1.15 apache-tvm-ffi==0.1.12 z3-solver==4.15.4.0 ml-dtypes==0.7.0"
  linear_peers="$linear_peers numpy==$numpy_pin psutil==7.2.2 tqdm==4.70.1 cloudpickle typing-extensions>=4.10"
  linear_peers="$linear_peers triton==3.9.0"
  if have_version tilelang 0.1.15 && have_version apache-tvm-ffi 0.1.12 && have_version triton 3.9.0; then
    echo "setup: tilelang 0.1.15 and triton 3.9.0 present"
  else
    echo "setup: pip install --no-deps $linear_peers (tilelang and Triton, peers of tools/peers.sh)"
    # shellcheck disable=SC2086
    pip_install --no-deps $linear_peers ||
      echo "setup: warning: could not install tilelang or triton; tools/peers.sh will report them not reached"
  fi
}

missing=""
for p in $pkgs; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$'; then
    missing="$missing $p"
  fi
done

if [ -z "$missing" ]; then
  echo "setup: all packages present ($pkgs), skipping apt"
  setup_peers
  exit 0
fi

echo "setup: installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update </dev/null
# shellcheck disable=SC2086
apt-get install -y --no-install-recommends $missing </dev/null
setup_peers
echo "setup: done"
