#!/usr/bin/env bash
# Rewrites the snapshots tessel-compile-snapshot.test compares against: the
# demo's prediction tables (h100, mi300x) and every suite kernel's schedule
# and prediction (tier 1 on the four targets, tier 2 on h100 and mi300x).
# Run it only for a change meant to move schedules or predictions, and say
# why in the commit.
#   test/tools/Inputs/snapshot/update.sh BUILD/bin
set -eu
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)
for t in h100 mi300x; do
  "$bin/tessel-compile" "$root/docs/examples/transformer_block.mlir" \
    --target=$t --predict-only > "$here/demo-$t.txt"
done
snap() {
  "$bin/tessel-compile" "$root/bench/workloads/$1.mlir" --target=$2 \
    --predict-only --report="$here/.report.json" > /dev/null
  python3 "$here/../report_snapshot.py" "$here/.report.json" > "$here/$1-$2.txt"
  rm -f "$here/.report.json"
}
for t in h100 a100 mi300x mi250x; do snap tier1 $t; done
for t in h100 mi300x; do snap tier2 $t; done
