#!/usr/bin/env bash
# Builds what a GPU machine needs to measure Tessel, into one folder that is
# carried there (it needs neither MLIR nor LLVM on that side):
#   <dir>/bin/tessel-run-device     the runner (plain C++, runtime/)
#   <dir>/suite/rank<N>/            bench/workloads/tier1.mlir compiled with
#                                   the schedule the model ranks N
#   <dir>/suite/unfused/            the same with every op its own kernel
#   <dir>/demo/                     the bundled example
#   <dir>/checks/<name>/            the code-generation tests whose GPU code
#                                   the CPU path cannot run (mma.sync
#                                   fragments, cp.async stages, register
#                                   accumulators, TMA + wgmma), with their
#                                   schedules
#   <dir>/gemms/                    bench/workloads/gemm-anchors.mlir
#   <dir>/attention/                bench/workloads/attention-anchors.mlir
#   <dir>/variants/                 bench/workloads/wgmma-variants.mlir (AMD:
#                                   mfma-variants.mlir)
#   <dir>/variants-small-m/         bench/workloads/wgmma-small-m.mlir
#   <dir>/variants-raster/          bench/workloads/raster-variants.mlir
#                                   (sm_90a only)
#   <dir>/variants-cluster/         bench/workloads/cluster-variants.mlir
#                                   (sm_90a only)
#   <dir>/variants-fill/            bench/workloads/fill-variants.mlir
#                                   (sm_90a only)
#   <dir>/variants-prologue/        bench/workloads/prologue-variants.mlir
#                                   (sm_90a only)
#   <dir>/variants-mma-stages/      bench/workloads/mma-stage-variants.mlir
#   <dir>/variants-simt/            bench/workloads/simt-variants.mlir
#   <dir>/variants-split-k/         bench/workloads/split-k-variants.mlir
#                                   (NVIDIA only)
#   <dir>/variants-rows/            bench/workloads/row-variants.mlir
#   <dir>/variants-attention/       bench/workloads/attention-variants.mlir
#                                   (NVIDIA only)
#   <dir>/variants-attention-wgmma/ bench/workloads/attention-wgmma-variants.mlir
#                                   (sm_90a only)
#   <dir>/variants-attention-mask/  bench/workloads/attention-mask-variants.mlir
#                                   (sm_90a only)
#   <dir>/models/<name>/            PyTorch models through tessel-import
#                                   (kernels/, data/ with the arguments
#                                   and PyTorch's outputs), run whole
# Usage: [SUITE=bench/workloads/tier2.mlir] [RANKS="0 4 16"] \
#        bench/gpu/prepare.sh [build-dir] [carry-dir] [target]
# Then, on the GPU machine: bench/gpu/run_suite.sh <carry-dir> <out-dir>.
set -euo pipefail
BUILD=${1:-build}
CARRY=${2:-.bench-carry}
TARGET=${3:-h100}
RANKS=${RANKS:-"0 1 2 3 4 6 8 12 16 24 32 48 64"}
SUITE=${SUITE:-bench/workloads/tier1.mlir}
# Compiles <module> for the target into <dir>, its output in <dir>.log; when
# it does not compile, prints `prepare: <what>:` and the first errors and
# leaves no <dir>. Further arguments go to tessel-compile.
compile_or_report() {
  local module=$1 dir=$2 what=$3
  shift 3
  if ! "$BUILD/bin/tessel-compile" "$module" --target="$TARGET" "$@" \
      -o "$dir" >"$dir.log" 2>&1; then
    echo "prepare: $what:" >&2
    grep -m3 error "$dir.log" >&2
    rm -rf "${dir:?}"
  fi
}
# A variants file of an NVIDIA-only class (written for h100), retargeted
# and compiled into $CARRY/<dir>; on AMD a log says why there is none.
nvidia_variants() {
  local name=$1 dir=$2 what=$3
  if [[ "$TARGET" == mi* ]]; then
    echo "prepare: no $what on $TARGET" >"$CARRY/$dir.log"
    return
  fi
  sed "s/\"h100\"/\"$TARGET\"/" "bench/workloads/$name.mlir" \
    >"$CARRY/$name.mlir"
  compile_or_report "$CARRY/$name.mlir" "$CARRY/$dir" \
    "the $what do not compile for $TARGET"
}
rm -rf "$CARRY"
mkdir -p "$CARRY/bin" "$CARRY/suite"
cp "$BUILD/bin/tessel-run-device" "$CARRY/bin/"
for r in $RANKS; do
  # A rank that fails to compile is reported and left out.
  compile_or_report "$SUITE" "$CARRY/suite/rank$r" \
    "rank $r does not compile" --schedule-rank="$r"
done
# Every op its own kernel: the other side of each fusion decision
# (tessel-bench fusion).
"$BUILD/bin/tessel-opt" "$SUITE" \
  --tessel-set-target=target="$TARGET" --tessel-form-kernels=policy=none \
  -o "$CARRY/suite/unfused.mlir"
"$BUILD/bin/tessel-compile" "$CARRY/suite/unfused.mlir" --target="$TARGET" \
  -o "$CARRY/suite/unfused" >"$CARRY/suite/unfused.log"
"$BUILD/bin/tessel-compile" docs/examples/transformer_block.mlir \
  --target="$TARGET" -o "$CARRY/demo" >"$CARRY/demo.log"
# Kernels only a GPU can check: tensor cores, cp.async, accumulators kept
# in registers (tessel-hoist-accumulators), last blocks shifted back to
# overlap their neighbours (shapes the tiles do not divide on tensor cores),
# split-K's partial and sum kernels, the fused attention's mma.sync pieces
# (and its operands read through strided views: the TMA maps of
# [B, S, H, D] buffers), split-KV attention's one kernel (its atomic arrival counts, zeroed by
# tessel-run-device), vector steps over partial tiles (whose stores out of
# bounds the CPU path caught only by luck), SIMT K steps on partial tiles
# (a `transpose_lhs` A copied along M into padded rows). A file the target cannot take (the large tiles need
# sm_90's shared memory) is reported and left out.
mkdir -p "$CARRY/checks"
# On AMD targets the MFMA kernels (GEMM K steps and the fused attention's
# pieces) are the ones only a GPU can check, and
# the other files' NVIDIA schedules (mma.sync, cp.async stages) are refit
# by the cost model (onto MFMA where it applies).
AMD_CHECKS=""
CHECK_FLAGS=""
# wgmma in thread-block clusters (TMA multicast of B): sm_90a only.
CLUSTER_CHECKS=""
case "$TARGET" in
  mi*) AMD_CHECKS="test/codegen/cpu-check-mfma.mlir test/codegen/cpu-check-fused-attention-mfma.mlir test/codegen/cpu-check-fused-attention-views-mfma.mlir"
       CHECK_FLAGS=--refit-schedules ;;
  h100|h200) CLUSTER_CHECKS="test/tools/Inputs/wgmma-cluster.mlir" ;;
esac
for f in $AMD_CHECKS $CLUSTER_CHECKS \
         test/codegen/cpu-check-mma.mlir test/codegen/cpu-check-stages.mlir \
         test/codegen/cpu-check-mma-transposed.mlir \
         test/codegen/cpu-check-mma-large-tiles.mlir \
         test/codegen/cpu-check-mma-partial.mlir \
         test/codegen/cpu-check-mma-vector-epilogue.mlir \
         test/codegen/cpu-check-vector-partial.mlir \
         test/codegen/cpu-check-vector-gathers.mlir \
         test/codegen/cpu-check-split-k.mlir \
         test/codegen/cpu-check-split-k-wgmma.mlir \
         test/codegen/cpu-check-wgmma.mlir \
         test/codegen/cpu-check-wgmma-threads.mlir \
         test/codegen/cpu-check-fused-attention-mma.mlir \
         test/codegen/cpu-check-fused-attention-registers.mlir \
         test/codegen/cpu-check-fused-attention-key-split.mlir \
         test/codegen/cpu-check-fused-attention-wgmma.mlir \
         test/codegen/cpu-check-fused-attention-views.mlir \
         test/codegen/cpu-check-fused-attention-views-wgmma.mlir \
         test/codegen/cpu-check-split-kv-attention.mlir \
         test/codegen/cpu-check-row-kernels.mlir \
         test/codegen/cpu-check-row-kernels-residual.mlir \
         test/codegen/cpu-check-row-reductions.mlir \
         test/codegen/cpu-check-kernels-kstep.mlir \
         test/codegen/cpu-check-simt-chunks.mlir \
         test/passes/tessel-hoist-accumulators-simt.mlir; do
  name=$(basename "$f" .mlir)
  sed "s/#tessel.target<\"[a-z0-9_]*\">/#tessel.target<\"$TARGET\">/" "$f" \
    >"$CARRY/checks/$name.mlir"
  # shellcheck disable=SC2086 # no flags or one
  compile_or_report "$CARRY/checks/$name.mlir" "$CARRY/checks/$name" \
    "$f does not compile for $TARGET" $CHECK_FLAGS
done
# The GEMM anchors (LLaMA-7B projections, 4096^3, 8192^3, 4095 rows, ViT's
# token counts) with the model's schedules: timed against torch.matmul.
compile_or_report bench/workloads/gemm-anchors.mlir "$CARRY/gemms" \
  "the GEMM anchors do not compile for $TARGET"
# The attention anchors (BERT, GPT-2, Mistral-7B prefill and decode, ViT)
# as the model runs them: timed against scaled_dot_product_attention.
compile_or_report bench/workloads/attention-anchors.mlir "$CARRY/attention" \
  "the attention anchors do not compile for $TARGET"
# wgmma schedules side by side (tile, stages, epilogue): what the model's
# wgmma terms are measured against (sm_90a only): two large GEMMs
# (variants/), the GEMM anchors with few rows (variants-small-m/) and
# large GEMMs with their blocks in linear and in grouped order
# (variants-raster/), three GEMMs in clusters of 2 and without
# (variants-cluster/), conv2's im2col matmul at one to 18 K steps on wgmma
# and mma.sync (variants-fill/), a cast before a matmul fused on wgmma from
# the threads' copies, fused on mma.sync and as two kernels
# (variants-prologue/); on AMD, MFMA schedules of two GEMMs (variants/).
for v in variants:wgmma-variants variants-small-m:wgmma-small-m \
  variants-raster:raster-variants variants-cluster:cluster-variants \
  variants-fill:fill-variants variants-prologue:prologue-variants; do
  dir=${v%%:*}
  src=${v#*:}
  sed "s/\"h100\"/\"$TARGET\"/" "bench/workloads/$src.mlir" >"$CARRY/$src.mlir"
  if [[ "$TARGET" == mi* && "$dir" == variants ]]; then
    # AMD: MFMA schedules side by side instead (one stage against the next
    # K step staged in registers).
    sed "s/\"mi300x\"/\"$TARGET\"/" bench/workloads/mfma-variants.mlir \
      >"$CARRY/mfma-variants.mlir"
    compile_or_report "$CARRY/mfma-variants.mlir" "$CARRY/$dir" \
      "the MFMA variants do not compile for $TARGET"
  elif [[ "$TARGET" == mi* ]]; then
    echo "prepare: no wgmma variants for $TARGET" >"$CARRY/$dir.log"
  else
    compile_or_report "$CARRY/$src.mlir" "$CARRY/$dir" \
      "the wgmma variants ($src) do not compile for $TARGET"
  fi
done
# mma.sync schedules at 1 to 4 pipeline stages side by side: what the K
# loop's round trip (latency, then the step's bytes over the SM's link) is
# measured against, on NVIDIA (cp.async: sm_80 and newer).
nvidia_variants mma-stage-variants variants-mma-stages \
  "mma.sync stage variants"
# f32 SIMT GEMM schedules at one to four warps a scheduler side by side:
# what the SIMT K step's shared-memory round every k (simtStepAlone) is
# measured against, on NVIDIA (the AMDGPU backend unrolls that loop).
nvidia_variants simt-variants variants-simt "SIMT K-step variants"
# Split-K three ways side by side (unsplit, a sum kernel, the sum in the
# partial kernel's last blocks): what a sum kernel's launch and the tail's
# round trips to L2 (asBlockTail) are measured against, on NVIDIA (its
# skinny GEMM's schedule is mma.sync).
nvidia_variants split-k-variants variants-split-k "split-K variants"
# Row kernel schedules side by side (and the multi-pass kernel beside them),
# on every target.
sed "s/\"h100\"/\"$TARGET\"/" bench/workloads/row-variants.mlir \
  >"$CARRY/row-variants.mlir"
compile_or_report "$CARRY/row-variants.mlir" "$CARRY/variants-rows" \
  "the row variants do not compile for $TARGET"
# Fused attention schedules side by side: the register-resident form (a
# warp tile, mma.sync) against the shared-memory form, on NVIDIA.
nvidia_variants attention-variants variants-attention "attention variants"
# The same form on warpgroup MMA beside mma.sync, on sm_90a.
case "$TARGET" in
  h100|h200)
    sed "s/\"h100\"/\"$TARGET\"/" bench/workloads/attention-wgmma-variants.mlir \
      >"$CARRY/attention-wgmma-variants.mlir"
    compile_or_report "$CARRY/attention-wgmma-variants.mlir" \
      "$CARRY/variants-attention-wgmma" \
      "the wgmma attention variants do not compile for $TARGET"
    # The prefill and GPT-2 anchors' schedules without a mask, causal and
    # with windows: a block's fixed cost, a full key tile's and a masked
    # one's apart.
    sed "s/\"h100\"/\"$TARGET\"/" bench/workloads/attention-mask-variants.mlir \
      >"$CARRY/attention-mask-variants.mlir"
    compile_or_report "$CARRY/attention-mask-variants.mlir" \
      "$CARRY/variants-attention-mask" \
      "the attention mask variants do not compile for $TARGET" ;;
  *)
    echo "prepare: no wgmma attention on $TARGET (sm_90a only)" \
      >"$CARRY/variants-attention-wgmma.log"
    echo "prepare: no attention mask variants on $TARGET (sm_90a only)" \
      >"$CARRY/variants-attention-mask.log" ;;
esac
# Imported PyTorch models, run whole on the GPU (bench/gpu/prepare_models.sh).
bash bench/gpu/prepare_models.sh "$BUILD" "$CARRY" "$TARGET"
{
  echo "target: $TARGET"
  echo "suite: $SUITE"
  echo "ranks: $RANKS"
  echo "commit: $(git rev-parse HEAD)$(git diff --quiet || echo ' (modified)')"
  echo "built: $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -srm)"
  "$BUILD/bin/tessel-compile" --version 2>&1 | head -3
  command -v ptxas >/dev/null && ptxas --version | tail -1
} >"$CARRY/provenance.txt"
du -sh "$CARRY"
