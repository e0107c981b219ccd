#!/usr/bin/env bash
# The conformance vectors are what the reference answers now, and their
# version went up with every change of an expected outcome (spec/vectors.md):
# `cuteref vectors --check` regenerates them from the spec pages, the known
# cases and the fixed-seed generators and compares.
set -u
exec "$1" vectors --check spec/vectors --spec spec
