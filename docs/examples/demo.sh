#!/usr/bin/env bash
# `make demo`: what Tessel does today with its bundled example. It parses and
# verifies docs/examples/transformer_block.mlir, attaches a GPU target, prints
# the verified module and an inventory of its ops, runs it on the CPU against
# the independent reference, then prints the targets it will be compiled for
# (h100 and mi300x) with the source of every number.
# Usage: demo.sh BIN_DIR
set -euo pipefail
bin=${1:?usage: demo.sh BIN_DIR}
here=$(cd "$(dirname "$0")" && pwd)
example=$here/transformer_block.mlir

banner() { printf '\n==== %s ====\n' "$*"; }

banner "1. The example, parsed, verified and targeted at h100"
echo "\$ tessel-opt --tessel-set-target=target=h100 docs/examples/transformer_block.mlir"
"$bin/tessel-opt" --tessel-set-target=target=h100 "$example"

banner "2. What it holds"
"$bin/tessel-opt" --print-op-stats "$example" -o /dev/null 2>&1 |
  grep -E '^ *(tessel|func)\.' | sort -t, -k2 -nr

banner "3. Run on the CPU and checked against the reference"
echo "\$ tessel-run docs/examples/transformer_block.mlir --cpu --check"
"$bin/tessel-run" "$example" --cpu --check

banner "4. The targets it will be compiled for"
for t in h100 mi300x; do
  echo "\$ tessel-target show $t"
  "$bin/tessel-target" show "$t"
  echo
done
echo "Known targets (tessel-target list):"
"$bin/tessel-target" list
