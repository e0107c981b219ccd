#!/usr/bin/env bash
# Every spec ID and every spec page that ref/, props/, judge/, device/, cli/
# and mutants/ cite exists in spec/, cited in one style (COMP-2,
# spec/composition.md): tools/spec_index.py --citations.
set -eu
exec python3 tools/spec_index.py --root "$(pwd)" --citations "$@"
