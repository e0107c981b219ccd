#!/usr/bin/env bash
# cuteref dot --atom, --tiled-mma, --tv2, --partition, --partition-tv against
# PTX's fragment tables and CuTe's constructions (dot_atom_test.py).
set -eu
exec python3 "$(dirname "$0")/dot_atom_test.py" "$1"
