#!/usr/bin/env bash
# Opens every page of the generated site in headless Chromium at 1280 and
# 375 px (docs/browser_check.py, after its self-test on planted faults) and
# fails on a page wider than the window, a broken image or an illegible
# picture. Without chromium it fails and says how to install it.
#   docs/browser_test.sh SITE_DIR      (bazel test //docs:browser_test)
set -eu
site="${1:?usage: browser_test.sh SITE_DIR}"
# Chromium writes caches under HOME and shared memory under TMPDIR
# (--disable-dev-shm-usage): under Bazel, the test's own temporary folder.
if [ -n "${TEST_TMPDIR:-}" ]; then export HOME="$TEST_TMPDIR" TMPDIR="$TEST_TMPDIR"; fi
exec python3 "$(dirname "$0")/browser_check.py" --self-test --site "$site"
