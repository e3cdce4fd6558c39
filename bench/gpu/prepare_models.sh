#!/usr/bin/env bash
# Imports PyTorch models with tessel-import and compiles them for a target,
# into <carry>/models/<model>-<dtype>/: kernels/ (tessel-compile's folder,
# whose manifest describes the whole function) and data/ (the arguments as
# .npy, the manifest of where each came from, PyTorch's CPU outputs in
# expected/). bench/gpu/run_suite.sh's `models` step runs each whole on the
# GPU (tessel-run-device --inputs). Small models: their weights travel with
# the carry. Where PyTorch is missing it says so and carries none.
# Usage: [MODELS="llama_block_small ..."] [DTYPES="f32 bf16"] \
#        bench/gpu/prepare_models.sh <build-dir> <carry-dir> <target>
set -euo pipefail
BUILD=${1:?usage: prepare_models.sh BUILD CARRY TARGET}
CARRY=${2:?usage: prepare_models.sh BUILD CARRY TARGET}
TARGET=${3:?usage: prepare_models.sh BUILD CARRY TARGET}
MODELS=${MODELS:-"llama_block_small transformer_encoder_layer_small"}
DTYPES=${DTYPES:-"f32 bf16"}
# tessel-import runs on the Python its first line names.
python=$(head -1 "$BUILD/bin/tessel-import" | sed 's/^#!//')
if ! "$python" -c 'import torch, torchvision' 2>/dev/null; then
  echo "prepare: no PyTorch for tessel-import: no imported models carried" >&2
  exit 0
fi
for model in $MODELS; do
  for dtype in $DTYPES; do
    dir="$CARRY/models/$model-$dtype"
    rm -rf "$dir" && mkdir -p "$dir"
    if ! "$BUILD/bin/tessel-import" "tessel_import.zoo:$model" --dtype="$dtype" \
        -o "$dir/model.mlir" --check >"$dir/import.log" 2>&1 ||
       ! "$BUILD/bin/tessel-compile" "$dir/model.mlir" --target="$TARGET" \
        -o "$dir/kernels" >"$dir/compile.log" 2>&1; then
      echo "prepare: $model ($dtype) does not import, check or compile for $TARGET:" >&2
      grep -h -m3 -i -E "error|mismatch" "$dir"/*.log >&2 || true
      rm -rf "$dir"
      continue
    fi
    mv "$dir/model.data" "$dir/data"
    rm -rf "$dir/data/outputs"
  done
done
