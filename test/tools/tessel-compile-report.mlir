// tessel-compile's prediction reports: the table (--predict-only, and after a
// normal compile), the JSON report and the SVG roofline. A bf16 matmul is a
// contraction (its achievable time is at the tensor-core peak, so the SIMT
// kernel sits far below it); a transpose does no flops (listed under the
// roofline, not on it); a schedule written by hand is predicted and marked
// "(given)"; a tensor-core schedule the model refuses has no prediction
// and says why.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tessel-compile %s --target=h100 --predict-only --report=%t/report.json --roofline=%t/roofline.svg | FileCheck %s --check-prefix=TABLE
// RUN: FileCheck %s --check-prefix=JSON < %t/report.json
// RUN: FileCheck %s --check-prefix=SVG < %t/roofline.svg
// RUN: tessel-compile %s --target=mi300x --predict-only | FileCheck %s --check-prefix=AMD
// A normal compile prints the same table after the kernels it wrote.
// (Without the wgmma kernel, which codegen refuses: it has no K step.)
// RUN: sed '/%7[ ]= tessel.kernel/,/^    }$/d' %s > %t/simt.mlir
// RUN: tessel-compile %t/simt.mlir --target=h100 --emit=ptx -o %t/out | FileCheck %s --check-prefix=COMPILE
// RUN: not tessel-compile %s --target=h100 --predict-only --report=%t/no/such/dir/r.json 2>&1 | FileCheck %s --check-prefix=BADPATH

// On h100 the matmul runs split along K (tessel-split-reduction), the
// epilogue in the sum, which runs in the partial kernel's last blocks
// (one kernel, NAME_split: the model finds its 8 x 16 tiles' sums cheaper
// than a second launch).
// TABLE: Predicted on h100 (sm_90a, NVIDIA H100 SXM5 80GB (Hopper)), 4 kernel(s):
// TABLE-NEXT: kernel time (us)  bound %achv. %peak occ. waves  schedule
// TABLE-NEXT: model_k0_matmul_split {{[0-9]+\.[0-9]+}}  {{compute|loads|dram|l2|latency|blocks|launch}} {{[0-9.]+}}% {{[0-9.]+}}% {{[0-9.]+}} {{[0-9.]+}}  block = [1, {{[0-9]+, [0-9]+, [0-9]+}}]{{(, thread = \[1, [0-9]+, [0-9]+, [0-9]+\])?}}, warps = {{[1248]}}{{(, vector = [24])?}}{{$}}
// TABLE-NEXT: row_softmax {{[0-9.]+}}  {{[a-z0-9]+}}
// TABLE-NEXT: flip {{[0-9.]+}}  {{[a-z0-9]+}} {{.*}} 0.00% {{.*}} block = [8, 32], warps = 2 (given){{$}}
// TABLE-NEXT: tensor_cores -  -  block = [64, 64], warps = 4, mma = wgmma (given): no prediction: wgmma needs a K step: block = [M, N, 64]
// TABLE-NEXT: total {{[0-9.]+}}  (the work could take {{[0-9.]+}} us at the target's achievable peaks: {{[0-9.]+}}%)
// TABLE-NEXT: the work: each function's kernels' flops, or its arguments' and results' bytes (none between its kernels), at the achievable peaks.
// TABLE: %achv.: the best time

// JSON: "format_version": 1,
// JSON-NEXT: "target": {
// JSON-NEXT: "name": "h100",
// JSON-NEXT: "vendor": "nvidia",
// JSON-NEXT: "arch": "sm_90a"
// JSON: "total_predicted_us":
// The work's best formulation: @model's arguments and results, once each:
// 589288 bytes in (x, w, b: bf16; s: f32; t: f16), 568288 out.
// JSON-NEXT: "achievable_us": {{[0-9.]+}},
// JSON-NEXT: "functions": [
// JSON-NEXT: {
// JSON-NEXT: "name": "model",
// JSON-NEXT: "io_bytes": 1157576.0,
// JSON-NEXT: "achievable_us": {{[0-9.]+}}
// JSON: "name": "model_k0_matmul_split",
// JSON-NEXT: "schedule": "#tessel.schedule<block = [1, {{[0-9]+, [0-9]+, [0-9]+}}]{{(, thread = \[1, [0-9]+, [0-9]+, [0-9]+\])?}}, warps = {{[1248]}}, stages = {{[1-4]}}, split_k = 1, vector = {{[124]}}, mma = simt>",
// JSON-NEXT: "schedule_source": "model",
// JSON-NEXT: "predicted_us": {{[0-9.]+}},
// JSON-NEXT: "bound":
// 2 x 300 x 200 x 500 (the matmul), then the sum's 300 x 500 elements
// (adding the 2 partials, the bias, the gelu): 12 flops each.
// JSON-NEXT: "flops": 61800000.0,
// bf16: 300x200 + 200x500 elements, 2 bytes each, and the f32 partials of
// a split in 2, 2 x 300 x 500 x 4 bytes, written and read again; the bias
// (500 x 2) and the result (300 x 500 x 2).
// JSON-NEXT: "bytes": 3021000.0,
// JSON-NEXT: "function": "model",
// JSON-NEXT: "achievable_us":
// JSON-NEXT: "fraction_of_achievable":
// JSON-NEXT: "fraction_of_peak":
// JSON-NEXT: "occupancy":
// JSON-NEXT: "waves":
// JSON-NEXT: "blocks":
// JSON-NEXT: "registers": {{[0-9]+}},
// JSON-NEXT: "uncalibrated": false,
// JSON-NEXT: "breakdown": {
// JSON-NEXT: "compute_us":
// JSON-NEXT: "loads_us":
// JSON-NEXT: "dram_us":
// JSON-NEXT: "l2_us":
// JSON-NEXT: "launch_us": 2.1
// JSON: "name": "flip",
// JSON: "schedule_source": "given",
// JSON: "flops": 0.0,
// JSON: "name": "tensor_cores",
// JSON: "predicted_us": null,
// JSON-NEXT: "note": "no prediction: wgmma needs a K step: block = [M, N, 64]"

// SVG: <svg xmlns="http://www.w3.org/2000/svg"
// SVG: Tessel predictions on h100 (sm_90a): roofline
// SVG: bf16 tensor peak 989 TFLOP/s
// SVG: f32 SIMT peak 66.9 TFLOP/s, DRAM 3.35 TB/s
// SVG: <title>model_k0_matmul_split: {{[0-9.]+}} us
// SVG: <title>row_softmax:
// SVG: flip (no flops, not plotted):
// SVG-NOT: tensor_cores
// SVG: </svg>

// AMD: Predicted on mi300x (gfx942
// AMD: model_k0_matmul {{.*}} *{{$}}
// AMD: *: uncalibrated

// COMPILE: tessel-compile: 3 GPU kernel(s) for h100
// COMPILE: Predicted on h100
// COMPILE: model_k0_matmul
// BADPATH: tessel-compile: error: {{.*}}no/such/dir/r.json

module {
  func.func @model(%x: tensor<300x200xbf16>, %w: tensor<200x500xbf16>, %b: tensor<500xbf16>, %s: tensor<64x1000xf32>, %t: tensor<96x64xf16>)
      -> (tensor<300x500xbf16>, tensor<64x1000xf32>, tensor<64x96xf16>) {
    %0 = tessel.matmul %x, %w : tensor<300x200xbf16>, tensor<200x500xbf16> -> tensor<300x500xbf16>
    %1 = tessel.add %0, %b : tensor<300x500xbf16>, tensor<500xbf16> -> tensor<300x500xbf16>
    %2 = tessel.gelu tanh %1 : tensor<300x500xbf16>
    %3 = tessel.kernel @row_softmax(%s) : (tensor<64x1000xf32>) -> tensor<64x1000xf32> {
    ^bb0(%a: tensor<64x1000xf32>):
      %4 = tessel.softmax %a dim = 1 : tensor<64x1000xf32>
      tessel.yield %4 : tensor<64x1000xf32>
    }
    %5 = tessel.kernel @flip(%t) : (tensor<96x64xf16>) -> tensor<64x96xf16>
        schedule = #tessel.schedule<block = [8, 32], warps = 2> {
    ^bb0(%a: tensor<96x64xf16>):
      %6 = tessel.transpose %a permutation = [1, 0] : tensor<96x64xf16> -> tensor<64x96xf16>
      tessel.yield %6 : tensor<64x96xf16>
    }
    %7 = tessel.kernel @tensor_cores(%x, %w) : (tensor<300x200xbf16>, tensor<200x500xbf16>) -> tensor<300x500xbf16>
        schedule = #tessel.schedule<block = [64, 64], warps = 4, mma = wgmma> {
    ^bb0(%a: tensor<300x200xbf16>, %c: tensor<200x500xbf16>):
      %8 = tessel.matmul %a, %c : tensor<300x200xbf16>, tensor<200x500xbf16> -> tensor<300x500xbf16>
      tessel.yield %8 : tensor<300x500xbf16>
    }
    return %2, %3, %5 : tensor<300x500xbf16>, tensor<64x1000xf32>, tensor<64x96xf16>
  }
}
