#!/usr/bin/env bash
# Screenshots of the generated site in a real browser (headless Chromium).
#
#   bash docs/screenshots.sh [OUTDIR]        (default OUTDIR: /tmp/cuteref-screenshots)
#
# Builds //docs:site, then renders the index, an operation page and the
# pictures page to PNG files in OUTDIR. Installs Debian's `chromium` with apt
# when it is missing (run as root; tools/setup.sh installs it for
# //docs:browser_test). Set PAGES="index.html divide.html ..." to choose pages.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-/tmp/cuteref-screenshots}"
pages="${PAGES:-index.html divide.html composition.html figures.html}"

browser=""
for b in chromium chromium-browser google-chrome; do
  if command -v "$b" >/dev/null 2>&1; then browser="$b"; break; fi
done
if [ -z "$browser" ]; then
  echo "screenshots: installing chromium (apt)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update </dev/null >/dev/null
  apt-get install -y --no-install-recommends chromium fonts-dejavu-core </dev/null >/dev/null
  browser=chromium
fi

bazel build //docs:site
site="$(pwd)/bazel-bin/docs/site"
mkdir -p "$out"
for p in $pages; do
  name="${p%.html}"
  # a tall window: the top of the page, as a reader first sees it, and more
  "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size=1440,2200 --screenshot="$out/$name.png" "file://$site/$p" >/dev/null 2>&1
  echo "screenshots: $out/$name.png"
done
