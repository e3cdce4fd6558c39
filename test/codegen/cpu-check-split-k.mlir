// Split-K (split_k = S > 1): tessel-split-reduction emits a partial kernel
// (S partial products over K / S slices into f32 [S, M, N]) and a sum
// kernel (the partials added, then the epilogue). The CPU path runs both
// and checks each kernel, and each function against the reference of its
// ops before the split (so the split itself is checked): bf16 and f16 on
// tensor cores (with a bias + gelu epilogue, as the root, with a cast of A
// moved into the partial kernel, with 3 stages: A's permutation leaves its
// copies plain rows, so they are asynchronous too), f32 SIMT with a transposed B on shapes the
// tiles do not divide, and a skinny matmul (64 x 128, K = 4096) left to
// the cost model, which splits it in 8: the unsplit kernel's few blocks
// would leave most of the GPU idle. The partial of a 32 x 32 tile on the
// bias + gelu kernel runs 3 x 2 x 4 blocks (N, M, then the 4 splits).
// Where the model predicts it faster, the sum runs in the partial kernel
// (one kernel, NAME_split, tessel-combine-split-k: the last block of each
// output tile to arrive sums it), checked with its partial products and
// its arrival counts (back at zero): the f16 root, the nn.Linear, the
// cast prologue and the 3-stage one, whose sums have at most a few
// elements a thread on the partial's tiles; the skinny one's sum kernel
// spreads more. The bias + gelu kernel keeps a sum kernel of its own
// (tessel.sum_in_kernel = false), so an epilogue in a sum kernel is
// checked too. An f32 matmul
// with nothing after it (a small LLaMA block's K projection, 32 x 256 x 64,
// and 30 x 256 x 60, which no tile divides), left to the cost model: its
// sum alone would be a column reduction, and runs on the partial's tiles
// in the partial kernel instead.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: rm -rf %t && tessel-compile %s --target=h100 -o %t | FileCheck %s --check-prefix=GPU
// On AMD the cost model refits these schedules (onto MFMA where it applies:
// mma = mfma, 64-lane wavefronts), checked on the CPU the same way; the
// nn.Linear and the cast prologue (whose MFMA K steps copy synchronously)
// run on SIMT lanes.
// RUN: sed 's/"h100"/"mi300x"/' %s > %t.amd.mlir
// RUN: tessel-opt %t.amd.mlir --tessel-select-schedules=refit=true -o %t.amd.refit.mlir 2>/dev/null
// RUN: grep -c "mma = mfma" %t.amd.refit.mlir | FileCheck %s --check-prefix=AMD-MFMA
// RUN: tessel-run %t.amd.refit.mlir --cpu --check | FileCheck %s --check-prefix=AMD-CPU
// AMD-MFMA: {{^3$}}
// AMD-CPU-NOT: MISMATCH
// AMD-CPU: all outputs match the reference

// CHECK-COUNT-10: {{^kernel @}}
// CHECK-COUNT-8: {{^func @}}
// CHECK-NOT: MISMATCH
// CHECK: kernel @k_root_f16_split
// CHECK-NEXT: result #0 32x32xf16
// CHECK-NEXT: result #1 2x32x32xf32
// CHECK-NEXT: result #2 1x1xf32 max abs err 0.000e+00
// CHECK: kernel @kproj_k0_matmul_split
// CHECK-NEXT: result #0 32x64xf32
// CHECK-NEXT: result #1 4x32x64xf32
// CHECK-NEXT: result #2 16x8xf32 max abs err 0.000e+00
// CHECK: kernel @kproj_odd_k0_matmul_split
// CHECK-NEXT: result #0 30x60xf32
// CHECK: all outputs match the reference
// GPU: tessel-compile: 10 GPU kernel(s) for h100
// GPU-DAG: k_bias_gelu_partial_kernel {{.*}}grid 3x2x4
// GPU-DAG: k_bias_gelu_sum_kernel
// GPU-DAG: k_root_f16_split_kernel {{.*}}grid 1x1x2
// GPU-DAG: k_linear_split_kernel
// GPU-DAG: k_cast_prologue_split_kernel
// GPU-DAG: k_staged_split_kernel {{.*}}grid 2x2x4
// GPU-DAG: skinny_k0_matmul_partial_kernel
// GPU-DAG: skinny_k0_matmul_sum_kernel
// GPU-DAG: kproj_k0_matmul_split_kernel
// GPU-DAG: kproj_odd_k0_matmul_split_kernel

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @bias_gelu(%x: tensor<64x1024xbf16>, %w: tensor<1024x96xbf16>, %b: tensor<96xbf16>) -> tensor<64x96xbf16> {
    %r = tessel.kernel @k_bias_gelu(%x, %w, %b) : (tensor<64x1024xbf16>, tensor<1024x96xbf16>, tensor<96xbf16>) -> tensor<64x96xbf16>
        schedule = #tessel.schedule<block = [32, 32, 64], warp = [16, 16, 64], warps = 4, split_k = 4, mma = mma_sync>
        attributes {tessel.sum_in_kernel = false} {
    ^bb0(%a: tensor<64x1024xbf16>, %c: tensor<1024x96xbf16>, %d: tensor<96xbf16>):
      %0 = tessel.matmul %a, %c : tensor<64x1024xbf16>, tensor<1024x96xbf16> -> tensor<64x96xbf16>
      %1 = tessel.add %0, %d : tensor<64x96xbf16>, tensor<96xbf16> -> tensor<64x96xbf16>
      %2 = tessel.gelu tanh %1 : tensor<64x96xbf16>
      tessel.yield %2 : tensor<64x96xbf16>
    }
    return %r : tensor<64x96xbf16>
  }
  func.func @root_f16(%x: tensor<32x512xf16>, %w: tensor<512x32xf16>) -> tensor<32x32xf16> {
    %r = tessel.kernel @k_root_f16(%x, %w) : (tensor<32x512xf16>, tensor<512x32xf16>) -> tensor<32x32xf16>
        schedule = #tessel.schedule<block = [32, 32, 32], warp = [16, 16, 32], warps = 4, split_k = 2, mma = mma_sync> {
    ^bb0(%a: tensor<32x512xf16>, %c: tensor<512x32xf16>):
      %0 = tessel.matmul %a, %c : tensor<32x512xf16>, tensor<512x32xf16> -> tensor<32x32xf16>
      tessel.yield %0 : tensor<32x32xf16>
    }
    return %r : tensor<32x32xf16>
  }
  func.func @linear(%x: tensor<50x768xf32>, %w: tensor<70x768xf32>) -> tensor<50x70xf32> {
    %r = tessel.kernel @k_linear(%x, %w) : (tensor<50x768xf32>, tensor<70x768xf32>) -> tensor<50x70xf32>
        schedule = #tessel.schedule<block = [16, 16, 32], warps = 2, split_k = 3> {
    ^bb0(%a: tensor<50x768xf32>, %c: tensor<70x768xf32>):
      %0 = tessel.matmul %a, %c transpose_rhs : tensor<50x768xf32>, tensor<70x768xf32> -> tensor<50x70xf32>
      %1 = tessel.relu %0 : tensor<50x70xf32>
      tessel.yield %1 : tensor<50x70xf32>
    }
    return %r : tensor<50x70xf32>
  }
  func.func @cast_prologue(%x: tensor<64x512xf32>, %w: tensor<512x64xbf16>) -> tensor<64x64xbf16> {
    %r = tessel.kernel @k_cast_prologue(%x, %w) : (tensor<64x512xf32>, tensor<512x64xbf16>) -> tensor<64x64xbf16>
        schedule = #tessel.schedule<block = [32, 32, 32], warp = [16, 16, 32], warps = 4, split_k = 2, mma = mma_sync> {
    ^bb0(%a: tensor<64x512xf32>, %c: tensor<512x64xbf16>):
      %0 = tessel.cast %a : tensor<64x512xf32> to tensor<64x512xbf16>
      %1 = tessel.matmul %0, %c : tensor<64x512xbf16>, tensor<512x64xbf16> -> tensor<64x64xbf16>
      tessel.yield %1 : tensor<64x64xbf16>
    }
    return %r : tensor<64x64xbf16>
  }
  func.func @staged(%x: tensor<64x1024xbf16>, %w: tensor<1024x64xbf16>) -> tensor<64x64xbf16> {
    %r = tessel.kernel @k_staged(%x, %w) : (tensor<64x1024xbf16>, tensor<1024x64xbf16>) -> tensor<64x64xbf16>
        schedule = #tessel.schedule<block = [32, 32, 32], warp = [16, 16, 32], warps = 4, stages = 3, split_k = 4, mma = mma_sync> {
    ^bb0(%a: tensor<64x1024xbf16>, %c: tensor<1024x64xbf16>):
      %0 = tessel.matmul %a, %c : tensor<64x1024xbf16>, tensor<1024x64xbf16> -> tensor<64x64xbf16>
      tessel.yield %0 : tensor<64x64xbf16>
    }
    return %r : tensor<64x64xbf16>
  }
  func.func @kproj(%x: tensor<32x256xf32>, %w: tensor<64x256xf32>) -> tensor<32x64xf32> {
    %0 = tessel.matmul %x, %w transpose_rhs : tensor<32x256xf32>, tensor<64x256xf32> -> tensor<32x64xf32>
    return %0 : tensor<32x64xf32>
  }
  func.func @kproj_odd(%x: tensor<30x256xf32>, %w: tensor<60x256xf32>) -> tensor<30x60xf32> {
    %0 = tessel.matmul %x, %w transpose_rhs : tensor<30x256xf32>, tensor<60x256xf32> -> tensor<30x60xf32>
    return %0 : tensor<30x60xf32>
  }
  func.func @skinny(%x: tensor<64x4096xbf16>, %w: tensor<4096x128xbf16>) -> tensor<64x128xbf16> {
    %0 = tessel.matmul %x, %w : tensor<64x4096xbf16>, tensor<4096x128xbf16> -> tensor<64x128xbf16>
    return %0 : tensor<64x128xbf16>
  }
}
