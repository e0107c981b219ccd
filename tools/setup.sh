#!/usr/bin/env bash
# Install the packages the build needs (Debian 12, run as root).
# Idempotent: skips apt entirely when everything is already installed.
set -eu

pkgs="bazel-bootstrap bazel-rules-java graphviz"
pkgs="$pkgs python3"

missing=""
for p in $pkgs; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$'; then
    missing="$missing $p"
  fi
done

if [ -z "$missing" ]; then
  echo "setup: all packages present ($pkgs), skipping apt"
  exit 0
fi

echo "setup: installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update </dev/null
# shellcheck disable=SC2086
apt-get install -y --no-install-recommends $missing </dev/null
echo "setup: done"
