#!/usr/bin/env bash
# `make demo`: Tessel on its bundled example, a BERT-base encoder layer and a
# ResNet-50 convolution (docs/examples/transformer_block.mlir). It verifies
# the module and attaches a target, groups the ops into kernels, runs every
# kernel on the CPU against the independent reference, compiles the kernels
# for an H100 (PTX, cubin) and an MI300X (HSACO) with the cost model's
# prediction table (and its JSON report and roofline), shows the two
# targets, and imports a PyTorch model (a LLaMA-style decoder block), checks
# it against PyTorch and predicts it whole on both GPUs.
# Usage: demo.sh BIN_DIR [OUT_DIR]
set -euo pipefail
bin=${1:?usage: demo.sh BIN_DIR [OUT_DIR]}
out=${2:-$(mktemp -d)}
here=$(cd "$(dirname "$0")" && pwd)
example=$here/transformer_block.mlir

banner() { printf '\n==== %s ====\n' "$*"; }

banner "1. The example, parsed, verified and targeted at h100"
echo "\$ tessel-opt --tessel-set-target=target=h100 docs/examples/transformer_block.mlir"
"$bin/tessel-opt" --tessel-set-target=target=h100 "$example" | head -12
echo "    ... ($(grep -c 'tessel\.' "$example") Tessel ops in all)"

banner "2. Grouped into kernels (tessel-form-kernels)"
"$bin/tessel-opt" --tessel-form-kernels "$example" |
  grep -o 'tessel.kernel @[a-z0-9_]*' | sed 's/tessel.kernel /  /'

banner "3. Every kernel run on the CPU and checked against the reference"
echo "\$ tessel-run docs/examples/transformer_block.mlir --cpu --check"
"$bin/tessel-run" "$example" --cpu --check

banner "4. Compiled for an H100 and an MI300X, with the cost model's predictions"
for t in h100 mi300x; do
  echo "\$ tessel-compile docs/examples/transformer_block.mlir --target=$t -o $out/$t --report=$out/$t/report.json --roofline=$out/$t/roofline.svg"
  "$bin/tessel-compile" "$example" --target="$t" -o "$out/$t" \
    --report="$out/$t/report.json" --roofline="$out/$t/roofline.svg"
  echo "  wrote: $(ls "$out/$t" | sed 's/.*\.//' | sort | uniq -c |
    awk '{printf "%s%d .%s", (NR > 1 ? ", " : ""), $1, $2}') in $out/$t"
  echo "  the roofline picture: $out/$t/roofline.svg"
  echo
done

banner "5. The targets"
for t in h100 mi300x; do
  "$bin/tessel-target" show "$t"
  echo
done

banner "6. A PyTorch model: imported, checked against PyTorch, predicted whole"
# tessel-import runs on the Python its first line names.
python=$(head -1 "$bin/tessel-import" | sed 's/^#!//')
if "$python" -c 'import torch, torchvision' 2> /dev/null; then
  echo "\$ tessel-import tessel_import.zoo:llama_block_small -o $out/llama.mlir --check"
  "$bin/tessel-import" tessel_import.zoo:llama_block_small -o "$out/llama.mlir" --check
  grep -E 'tessel\.(attention|rms_norm)' "$out/llama.mlir" | cut -c1-110 | sed 's/$/ .../'
  for t in h100 mi300x; do
    echo "\$ tessel-compile $out/llama.mlir --target=$t --predict-only"
    "$bin/tessel-compile" "$out/llama.mlir" --target="$t" --predict-only |
      sed -n '1,2p;/^  total/p'
  done
else
  echo "skipped: tessel-import needs PyTorch (Debian's python3-torch, python3-torchvision)"
fi
