#!/usr/bin/env bash
# Runs docs/check_site.py on the generated site from the test's runfiles.
set -eu
exec python3 docs/check_site.py --root "$(pwd)" --cuteref "$1" --site "$2"
