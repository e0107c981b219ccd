#!/usr/bin/env bash
# Install the packages the build needs (Debian 12, run as root).
# Idempotent: skips apt entirely when everything is already installed.
#   tools/setup.sh           what the build and the test suite need
#   tools/setup.sh --peers   also the peers of tools/peers.sh (pip, the main job)
set -eu
want_peers=0
[ "${1:-}" = "--peers" ] && want_peers=1

pkgs="bazel-bootstrap bazel-rules-java graphviz patch" # patch: the mutant build (mutants/)
pkgs="$pkgs python3"
pkgs="$pkgs python3-pip" # pip, for the peers below

# The peers of tools/peers.sh (pycute and CuTe's C++ headers) come from pip's
# nvidia-cutlass, pinned. Installed only when that version is missing, quietly;
# a failure only warns, since the test suite does not need the peers.
cutlass_pin="4.2.0.0"
setup_peers() {
  [ "$want_peers" = 1 ] || return 0
  if python3 -c 'import sys; from importlib.metadata import version; sys.exit(version("nvidia-cutlass") != sys.argv[1])' \
    "$cutlass_pin" 2>/dev/null; then
    echo "setup: nvidia-cutlass $cutlass_pin present"
    return 0
  fi
  echo "setup: pip install nvidia-cutlass==$cutlass_pin (the peers of tools/peers.sh)"
  set -- --quiet --disable-pip-version-check --no-input "nvidia-cutlass==$cutlass_pin"
  python3 -m pip install "$@" </dev/null 2>/dev/null ||
    python3 -m pip install --break-system-packages "$@" </dev/null ||
    echo "setup: warning: could not install nvidia-cutlass; tools/peers.sh will skip the peers"
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
