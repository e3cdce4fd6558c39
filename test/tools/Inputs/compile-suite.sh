#!/usr/bin/env bash
# Compiles each numerical-suite file (test/codegen/cpu-check-*.mlir) for one
# target: what passes the CPU check must compile for every GPU Tessel
# targets. A module pinned to a target is retargeted; hand-written schedules the
# target cannot run are refit by the cost model (--refit-schedules, each
# with a remark). A file may add tessel-compile flags on a line
# `// COMPILE-SUITE-FLAGS: ...` (the parts of an attention it checks with
# --parts=always). Prints one line per file: its GPU kernels and refits.
#
#   compile-suite.sh TARGET OUTDIR FILE...
# Exits non-zero, after printing tessel-compile's errors, if a file fails.
set -u
target=$1
out=$2
shift 2
status=0
for f in "$@"; do
  name=$(basename "$f" .mlir)
  mkdir -p "$out/$name"
  sed "s/#tessel.target<\"[a-z0-9_]*\">/#tessel.target<\"$target\">/" "$f" \
    > "$out/$name.mlir"
  flags=$(sed -n 's|^// COMPILE-SUITE-FLAGS: ||p' "$f")
  # shellcheck disable=SC2086 # the flags are words
  if ! tessel-compile "$out/$name.mlir" --target="$target" --refit-schedules \
      $flags -o "$out/$name" > "$out/$name.log" 2>&1; then
    echo "$name: FAILED"
    cat "$out/$name.log"
    status=1
    continue
  fi
  kernels=$(sed -n 's/^tessel-compile: \([0-9]*\) GPU kernel(s).*/\1/p' \
    "$out/$name.log")
  refits=$(grep -c "remark: schedule" "$out/$name.log")
  echo "$name: $kernels GPU kernel(s), $refits refit"
done
exit $status
