// Tensor-core K steps over transposed operands: a `transpose_rhs` B [N, K]
// (an nn.Linear weight, or the keys of q k^T) and a `transpose_lhs` A
// [K, M] are linalg.transpose ops feeding a row-major contraction. The K
// step copies B's tile as it lies, [N, K] along K in whole vectors (cp.async
// with stages), and reads its pieces transposed (ldmatrix without .trans),
// so no B is gathered one element at a time (NOGATHER below); A's transpose is
// still fused into its copy, so the warps see A [M, K]. bf16 and f16, a bias
// epilogue, both operands transposed, q k^T under a softmax, with and
// without stages, and a schedule chosen by the cost model. Each kernel
// runs on the CPU path against the reference; compiled for sm_90a, each
// written one issues mma.sync and the chosen one wgmma (since 2026-12-06,
// when an mma.sync step began to pay its own cost; the model takes mma.sync
// for it on a100). tessel-compile-suite-h100.test runs ptxas on them.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: rm -rf %t && tessel-compile %s --target=h100 --emit=ptx -o %t | FileCheck %s --check-prefix=GPU
// RUN: grep -l "mma.sync.aligned.m16n8k16.row.col.f32" %t/*.ptx | count 5
// RUN: grep -l "wgmma.mma_async" %t/k_chosen_qk_f16_kernel.ptx | count 1
// NOGATHER: no 2-byte global loads in the kernels whose only transposed
// operand is B (and whose epilogue reads nothing else).
// RUN: not grep "ld.global.b16" %t/k_linear_stages_f16_kernel.ptx %t/k_chosen_qk_f16_kernel.ptx %t/k_qk_softmax_bf16_kernel.ptx
// RUN: tessel-opt %s --tessel-select-schedules | FileCheck %s --check-prefix=CHOSEN
// On AMD the cost model refits these schedules onto MFMA (mma = mfma, 64-lane
// wavefronts, 32x32x8 or 16x16x16 pieces), checked on the CPU the same way:
// the three whose only transposed operand is B and whose epilogue is
// elementwise (linear, linear with stages, the chosen q k^T), each with
// MFMA's two stages, legal now that B's copies are plain; the rest stay
// SIMT.
// RUN: sed 's/"h100"/"mi300x"/' %s > %t.amd.mlir
// RUN: tessel-opt %t.amd.mlir --tessel-select-schedules=refit=true -o %t.amd.refit.mlir 2>/dev/null
// RUN: grep -c "mma = mfma" %t.amd.refit.mlir | FileCheck %s --check-prefix=AMD-MFMA
// RUN: tessel-run %t.amd.refit.mlir --cpu --check | FileCheck %s --check-prefix=AMD-CPU
// AMD-MFMA: {{^3$}}
// AMD-CPU-NOT: MISMATCH
// AMD-CPU: all outputs match the reference

// CHECK-COUNT-12: {{^(kernel|func) @}}
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
// GPU: tessel-compile: 6 GPU kernel(s) for h100
// CHOSEN: tessel.kernel @k_chosen_qk_f16{{.*}}mma = wgmma

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @linear_bf16(%x: tensor<64x96xbf16>, %w: tensor<128x96xbf16>, %b: tensor<128xbf16>) -> tensor<64x128xbf16> {
    %r = tessel.kernel @k_linear_bf16(%x, %w, %b) : (tensor<64x96xbf16>, tensor<128x96xbf16>, tensor<128xbf16>) -> tensor<64x128xbf16>
        schedule = #tessel.schedule<block = [32, 64, 32], warp = [16, 32, 32], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<64x96xbf16>, %c: tensor<128x96xbf16>, %d: tensor<128xbf16>):
      %0 = tessel.matmul %a, %c transpose_rhs : tensor<64x96xbf16>, tensor<128x96xbf16> -> tensor<64x128xbf16>
      %1 = tessel.add %0, %d : tensor<64x128xbf16>, tensor<128xbf16> -> tensor<64x128xbf16>
      tessel.yield %1 : tensor<64x128xbf16>
    }
    return %r : tensor<64x128xbf16>
  }
  func.func @lhs_t_f16(%x: tensor<96x64xf16>, %w: tensor<96x64xf16>) -> tensor<64x64xf32> {
    %r = tessel.kernel @k_lhs_t_f16(%x, %w) : (tensor<96x64xf16>, tensor<96x64xf16>) -> tensor<64x64xf32>
        schedule = #tessel.schedule<block = [32, 32, 16], warp = [16, 8, 16], warps = 8, mma = mma_sync> {
    ^bb0(%a: tensor<96x64xf16>, %c: tensor<96x64xf16>):
      %0 = tessel.matmul %a, %c transpose_lhs : tensor<96x64xf16>, tensor<96x64xf16> -> tensor<64x64xf32>
      tessel.yield %0 : tensor<64x64xf32>
    }
    return %r : tensor<64x64xf32>
  }
  func.func @both_t_bf16(%x: tensor<48x64xbf16>, %w: tensor<32x48xbf16>) -> tensor<64x32xbf16> {
    %r = tessel.kernel @k_both_t_bf16(%x, %w) : (tensor<48x64xbf16>, tensor<32x48xbf16>) -> tensor<64x32xbf16>
        schedule = #tessel.schedule<block = [32, 32, 48], warp = [32, 32, 48], warps = 1, mma = mma_sync> {
    ^bb0(%a: tensor<48x64xbf16>, %c: tensor<32x48xbf16>):
      %0 = tessel.matmul %a, %c transpose_lhs transpose_rhs : tensor<48x64xbf16>, tensor<32x48xbf16> -> tensor<64x32xbf16>
      tessel.yield %0 : tensor<64x32xbf16>
    }
    return %r : tensor<64x32xbf16>
  }
  func.func @qk_softmax_bf16(%q: tensor<3x64x48xbf16>, %k: tensor<3x64x48xbf16>) -> tensor<3x64x64xbf16> {
    %r = tessel.kernel @k_qk_softmax_bf16(%q, %k) : (tensor<3x64x48xbf16>, tensor<3x64x48xbf16>) -> tensor<3x64x64xbf16>
        schedule = #tessel.schedule<block = [1, 32, 64, 16], warp = [1, 16, 32, 16], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<3x64x48xbf16>, %c: tensor<3x64x48xbf16>):
      %0 = tessel.batch_matmul %a, %c transpose_rhs : tensor<3x64x48xbf16>, tensor<3x64x48xbf16> -> tensor<3x64x64xbf16>
      %1 = tessel.softmax %0 dim = 2 scale = 0.125 : tensor<3x64x64xbf16>
      tessel.yield %1 : tensor<3x64x64xbf16>
    }
    return %r : tensor<3x64x64xbf16>
  }
  func.func @linear_stages_f16(%x: tensor<64x128xf16>, %w: tensor<64x128xf16>) -> tensor<64x64xf16> {
    %r = tessel.kernel @k_linear_stages_f16(%x, %w) : (tensor<64x128xf16>, tensor<64x128xf16>) -> tensor<64x64xf16>
        schedule = #tessel.schedule<block = [32, 32, 32], warp = [16, 16, 32], warps = 4, stages = 3, mma = mma_sync> {
    ^bb0(%a: tensor<64x128xf16>, %c: tensor<64x128xf16>):
      %0 = tessel.matmul %a, %c transpose_rhs : tensor<64x128xf16>, tensor<64x128xf16> -> tensor<64x64xf16>
      tessel.yield %0 : tensor<64x64xf16>
    }
    return %r : tensor<64x64xf16>
  }
  func.func @chosen_qk_f16(%q: tensor<4x128x64xf16>, %k: tensor<4x128x64xf16>) -> tensor<4x128x128xf32> {
    %r = tessel.kernel @k_chosen_qk_f16(%q, %k) : (tensor<4x128x64xf16>, tensor<4x128x64xf16>) -> tensor<4x128x128xf32> {
    ^bb0(%a: tensor<4x128x64xf16>, %c: tensor<4x128x64xf16>):
      %0 = tessel.batch_matmul %a, %c transpose_rhs : tensor<4x128x64xf16>, tensor<4x128x64xf16> -> tensor<4x128x128xf32>
      tessel.yield %0 : tensor<4x128x128xf32>
    }
    return %r : tensor<4x128x128xf32>
  }
}
