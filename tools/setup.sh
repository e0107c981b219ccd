#!/usr/bin/env bash
# Install the packages the build needs (Debian 12, run as root).
# Idempotent: skips apt entirely when everything is already installed.
#   tools/setup.sh           what the build and the test suite need
#   tools/setup.sh --peers   also the CuTe Python DSL and PyTorch's port of pycute for
#                            tools/peers.sh (pip, the main job)
set -eu
want_peers=0
[ "${1:-}" = "--peers" ] && want_peers=1

pkgs="bazel-bootstrap bazel-rules-java graphviz patch" # patch: the mutant build (mutants/)
pkgs="$pkgs python3"
pkgs="$pkgs python3-pip" # pip, for the peers below
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
    return 0
  fi
  echo "setup: pip install nvidia-cutlass-dsl==$cutedsl_pin (the CuTe Python DSL, a peer of tools/peers.sh)"
  pip_install "nvidia-cutlass-dsl==$cutedsl_pin" ||
    echo "setup: warning: could not install nvidia-cutlass-dsl; tools/peers.sh will skip the CuTe DSL"
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
