// Tensor cores on shapes the block tiles do not divide: the last block along
// M or N is shifted back to overlap its neighbour (tessel-tile-and-fuse's
// shiftPartialBlocks), so every tile is whole and static, and the overlap
// is computed twice, the same values written twice. Checked on the CPU
// path against the reference, in bf16 and f16: 197 and 130 rows (ViT's
// tokens, a remainder of 5 and 2), 96 and 80 columns, with a bias + ReLU
// epilogue, transposed weights (nn.Linear), a batch_matmul of 97 rows,
// pipelined stages, and a schedule the model chooses for 257 rows. Compiled
// for h100 and a100 through ptxas with every other numerical-suite file
// (tessel-compile-suite-*.test).
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: tessel-opt %s --tessel-lower-to-linalg --tessel-tile-and-fuse | FileCheck %s --check-prefix=SHIFT
// RUN: rm -rf %t && tessel-compile %s --target=h100 --emit=ptx -o %t | FileCheck %s --check-prefix=GPU
// RUN: FileCheck %s --check-prefix=PTX < %t/k_vit_bias_relu_bf16_kernel.ptx
// RUN: tessel-compile %s --target=h100 --predict-only | FileCheck %s --check-prefix=CHOSEN
// On AMD the cost model refits these schedules onto MFMA (mma = mfma, 64-lane
// wavefronts, 32x32x8 or 16x16x16 pieces), checked on the CPU the same way.
// RUN: sed 's/"h100"/"mi300x"/' %s > %t.amd.mlir
// RUN: tessel-opt %t.amd.mlir --tessel-select-schedules=refit=true -o %t.amd.refit.mlir 2>/dev/null
// RUN: grep -c "mma = mfma" %t.amd.refit.mlir | FileCheck %s --check-prefix=AMD-MFMA
// RUN: tessel-run %t.amd.refit.mlir --cpu --check | FileCheck %s --check-prefix=AMD-CPU
// AMD-MFMA: {{^4$}}
// AMD-CPU-NOT: MISMATCH
// AMD-CPU: all outputs match the reference

// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference

// 197 rows in blocks of 64: the last of 4 starts at 133 (= 197 - 64); 96
// columns in blocks of 64: the second starts at 32. Every tile is 64 x 64.
// SHIFT-DAG: #[[ROWS:.*]] = affine_map<(d0) -> (133, d0 * 64)>
// SHIFT-DAG: #[[COLS:.*]] = affine_map<(d0) -> (32, d0 * 64)>
// SHIFT-LABEL: func.func private @k_vit_bias_relu_bf16
// SHIFT: scf.forall (%[[I:.*]], %[[J:.*]]) in (4, 2)
// SHIFT-DAG: affine.min #[[ROWS]](%[[I]])
// SHIFT-DAG: affine.min #[[COLS]](%[[J]])
// SHIFT: tensor.extract_slice %{{.*}} [64, 64] [1, 1] : tensor<197x96xbf16> to tensor<64x64xbf16>

// GPU: tessel-compile: 5 GPU kernel(s) for h100
// The model's choice for 257 rows is wgmma on h100 (since 2026-12-06, when
// an mma.sync step began to pay its own cost), mma.sync on a100.
// CHOSEN: chosen_bf16_k0_matmul {{.*}} mma = wgmma
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @vit_bias_relu_bf16(%x: tensor<197x64xbf16>, %w: tensor<64x96xbf16>, %b: tensor<96xbf16>) -> tensor<197x96xbf16> {
    %0 = tessel.kernel @k_vit_bias_relu_bf16(%x, %w, %b) : (tensor<197x64xbf16>, tensor<64x96xbf16>, tensor<96xbf16>) -> tensor<197x96xbf16>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [32, 32, 32], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<197x64xbf16>, %c: tensor<64x96xbf16>, %d: tensor<96xbf16>):
      %1 = tessel.matmul %a, %c : tensor<197x64xbf16>, tensor<64x96xbf16> -> tensor<197x96xbf16>
      %2 = tessel.add %1, %d : tensor<197x96xbf16>, tensor<96xbf16> -> tensor<197x96xbf16>
      %3 = tessel.relu %2 : tensor<197x96xbf16>
      tessel.yield %3 : tensor<197x96xbf16>
    }
    return %0 : tensor<197x96xbf16>
  }

  // nn.Linear's layout: y = x W^T, W [80, 128], in f16; 130 rows in blocks
  // of 128 (the second starts at 2), 80 columns in blocks of 64 (at 16).
  func.func @linear_f16(%x: tensor<130x128xf16>, %w: tensor<80x128xf16>) -> tensor<130x80xf32> {
    %0 = tessel.kernel @k_linear_f16(%x, %w) : (tensor<130x128xf16>, tensor<80x128xf16>) -> tensor<130x80xf32>
        schedule = #tessel.schedule<block = [128, 64, 32], warp = [64, 32, 32], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<130x128xf16>, %c: tensor<80x128xf16>):
      %1 = tessel.matmul %a, %c transpose_rhs : tensor<130x128xf16>, tensor<80x128xf16> -> tensor<130x80xf32>
      tessel.yield %1 : tensor<130x80xf32>
    }
    return %0 : tensor<130x80xf32>
  }

  // A batch of 3 matmuls of 97 rows (tiles of 32, the last at 65).
  func.func @bmm_bf16(%x: tensor<3x97x64xbf16>, %y: tensor<3x64x48xbf16>) -> tensor<3x97x48xf32> {
    %0 = tessel.kernel @k_bmm_bf16(%x, %y) : (tensor<3x97x64xbf16>, tensor<3x64x48xbf16>) -> tensor<3x97x48xf32>
        schedule = #tessel.schedule<block = [1, 32, 48, 16], warp = [1, 16, 48, 16], warps = 2, mma = mma_sync> {
    ^bb0(%a: tensor<3x97x64xbf16>, %b: tensor<3x64x48xbf16>):
      %1 = tessel.batch_matmul %a, %b : tensor<3x97x64xbf16>, tensor<3x64x48xbf16> -> tensor<3x97x48xf32>
      tessel.yield %1 : tensor<3x97x48xf32>
    }
    return %0 : tensor<3x97x48xf32>
  }

  // Pipelined: 2 stages over 4 steps of 32, 130 rows in blocks of 64.
  func.func @staged_bf16(%x: tensor<130x128xbf16>, %y: tensor<128x64xbf16>) -> tensor<130x64xf32> {
    %0 = tessel.kernel @k_staged_bf16(%x, %y) : (tensor<130x128xbf16>, tensor<128x64xbf16>) -> tensor<130x64xf32>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [32, 32, 32], warps = 4, stages = 2, mma = mma_sync> {
    ^bb0(%a: tensor<130x128xbf16>, %b: tensor<128x64xbf16>):
      %1 = tessel.matmul %a, %b : tensor<130x128xbf16>, tensor<128x64xbf16> -> tensor<130x64xf32>
      tessel.yield %1 : tensor<130x64xf32>
    }
    return %0 : tensor<130x64xf32>
  }

  // 257 rows: the model's choice (tensor cores, now that the last tile need
  // not divide).
  func.func @chosen_bf16(%x: tensor<257x64xbf16>, %y: tensor<64x64xbf16>) -> tensor<257x64xf32> {
    %0 = tessel.matmul %x, %y : tensor<257x64xbf16>, tensor<64x64xbf16> -> tensor<257x64xf32>
    return %0 : tensor<257x64xf32>
  }
}
