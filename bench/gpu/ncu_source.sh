#!/usr/bin/env bash
# Nsight Compute's full set on one kernel of a compiled folder, on the GPU
# machine: the details page (every section, as text) and the source page
# (per SASS instruction: executed count, warp stall samples by reason,
# shared-memory wavefronts), for finding where a kernel's time goes.
# Clocks as found (--clock-control none: never change the card's settings).
# Usage: bench/gpu/ncu_source.sh <carry>/<folder> <kernel regex> <out prefix>
# Writes <out prefix>.txt (details) and <out prefix>.csv (source page).
set -uo pipefail
FOLDER=$1
REGEX=$2
PREFIX=$3
CARRY=$(dirname "$FOLDER")
timeout -s KILL "${NCU_TIMEOUT:-120}" ncu --set full --import-source no \
  --clock-control none --kernel-name "regex:$REGEX" --launch-count 1 \
  -o "$PREFIX" -f "$CARRY/bin/tessel-run-device" "$FOLDER" --no-check \
  --no-time >"$PREFIX.err" 2>&1
echo "ncu $REGEX: exit $?"
ncu --import "$PREFIX.ncu-rep" --page details >"$PREFIX.txt" 2>&1
ncu --import "$PREFIX.ncu-rep" --page source --csv --print-source sass \
  >"$PREFIX.csv" 2>&1
rm -f "$PREFIX.ncu-rep"
