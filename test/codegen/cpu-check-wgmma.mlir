// Warpgroup MMA K steps (`mma = wgmma`, sm_90a) on the CPU path: the tiled
// loop (block-level copies of A's and B's tiles, the block's matmul on
// them, the accumulator in a block buffer) that tessel-lower-wgmma turns
// into TMA loads and wgmma on the GPU. Checked against the reference with
// one to four warpgroups (three: 192 rows), N of 64 to 256, bf16 and f16, epilogues
// (one in 16-byte vectors), M, N and K that the tiles do not divide (the
// last block shifted back, the last K step partial: TMA zero-fills it on
// the GPU), a K of one step (no K loop) and one of 33 steps, a
// `transpose_rhs` B read in place, K-major, batch_matmuls, and a
// `transpose_lhs` A read in place, MN-major.
// RUN: tessel-run %s --cpu --check | FileCheck %s

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @wg2_bias_gelu_bf16(%x: tensor<256x256xbf16>, %w: tensor<256x384xbf16>, %bias: tensor<384xbf16>) -> tensor<256x384xbf16> {
    %r = tessel.kernel @k_wg2_bias_gelu_bf16(%x, %w, %bias) : (tensor<256x256xbf16>, tensor<256x384xbf16>, tensor<384xbf16>) -> tensor<256x384xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<256x256xbf16>, %c: tensor<256x384xbf16>, %d: tensor<384xbf16>):
      %0 = tessel.matmul %a, %c : tensor<256x256xbf16>, tensor<256x384xbf16> -> tensor<256x384xbf16>
      %1 = tessel.add %0, %d : tensor<256x384xbf16>, tensor<384xbf16> -> tensor<256x384xbf16>
      %2 = tessel.gelu tanh %1 : tensor<256x384xbf16>
      tessel.yield %2 : tensor<256x384xbf16>
    }
    return %r : tensor<256x384xbf16>
  }

  // 197 rows (ViT): the last block of 64 shifted back; K = 200: the last
  // K step of 8.
  func.func @wg1_partial_f16(%x: tensor<197x200xf16>, %w: tensor<200x192xf16>) -> tensor<197x192xf32> {
    %r = tessel.kernel @k_wg1_partial_f16(%x, %w) : (tensor<197x200xf16>, tensor<200x192xf16>) -> tensor<197x192xf32>
        schedule = #tessel.schedule<block = [64, 192, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<197x200xf16>, %c: tensor<200x192xf16>):
      %0 = tessel.matmul %a, %c : tensor<197x200xf16>, tensor<200x192xf16> -> tensor<197x192xf32>
      tessel.yield %0 : tensor<197x192xf32>
    }
    return %r : tensor<197x192xf32>
  }

  // Four warpgroups over 300 rows and 64 of 104 columns (both shifted).
  func.func @wg4_relu_bf16(%x: tensor<300x128xbf16>, %w: tensor<128x104xbf16>) -> tensor<300x104xbf16> {
    %r = tessel.kernel @k_wg4_relu_bf16(%x, %w) : (tensor<300x128xbf16>, tensor<128x104xbf16>) -> tensor<300x104xbf16>
        schedule = #tessel.schedule<block = [256, 64, 64], warps = 16, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<300x128xbf16>, %c: tensor<128x104xbf16>):
      %0 = tessel.matmul %a, %c : tensor<300x128xbf16>, tensor<128x104xbf16> -> tensor<300x104xbf16>
      %1 = tessel.relu %0 : tensor<300x104xbf16>
      tessel.yield %1 : tensor<300x104xbf16>
    }
    return %r : tensor<300x104xbf16>
  }

  // K = 64: one step, no K loop left (a 1x1 convolution's matmul); the
  // epilogue (bias, relu) in vectors of 8 (16-byte stores), each thread 8
  // columns of 8 rows.
  func.func @wg1_one_step_vector_bf16(%x: tensor<200x64xbf16>, %w: tensor<64x256xbf16>, %bias: tensor<256xbf16>) -> tensor<200x256xbf16> {
    %r = tessel.kernel @k_wg1_one_step_vector_bf16(%x, %w, %bias) : (tensor<200x64xbf16>, tensor<64x256xbf16>, tensor<256xbf16>) -> tensor<200x256xbf16>
        schedule = #tessel.schedule<block = [64, 128, 64], thread = [8, 8, 64], warps = 4, stages = 2, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<200x64xbf16>, %c: tensor<64x256xbf16>, %d: tensor<256xbf16>):
      %0 = tessel.matmul %a, %c : tensor<200x64xbf16>, tensor<64x256xbf16> -> tensor<200x256xbf16>
      %1 = tessel.add %0, %d : tensor<200x256xbf16>, tensor<256xbf16> -> tensor<200x256xbf16>
      %2 = tessel.relu %1 : tensor<200x256xbf16>
      tessel.yield %2 : tensor<200x256xbf16>
    }
    return %r : tensor<200x256xbf16>
  }

  // A long K loop: 33 steps (the last of 32) through 3 stages, so that each
  // stage's mbarrier completes 11 phases and its parity flips on every
  // round (the other kernels here take 4 steps or fewer).
  func.func @wg2_long_k_bf16(%x: tensor<192x2080xbf16>, %w: tensor<2080x256xbf16>) -> tensor<192x256xbf16> {
    %r = tessel.kernel @k_wg2_long_k_bf16(%x, %w) : (tensor<192x2080xbf16>, tensor<2080x256xbf16>) -> tensor<192x256xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<192x2080xbf16>, %c: tensor<2080x256xbf16>):
      %0 = tessel.matmul %a, %c : tensor<192x2080xbf16>, tensor<2080x256xbf16> -> tensor<192x256xbf16>
      tessel.yield %0 : tensor<192x256xbf16>
    }
    return %r : tensor<192x256xbf16>
  }

  // The model's choice for large GEMMs on h100: four warpgroups of 64 x 192
  // (513 rows and 400 columns: both last blocks shifted back).
  func.func @wg4_n192_bf16(%x: tensor<513x256xbf16>, %w: tensor<256x400xbf16>) -> tensor<513x400xbf16> {
    %r = tessel.kernel @k_wg4_n192_bf16(%x, %w) : (tensor<513x256xbf16>, tensor<256x400xbf16>) -> tensor<513x400xbf16>
        schedule = #tessel.schedule<block = [256, 192, 64], warps = 16, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<513x256xbf16>, %c: tensor<256x400xbf16>):
      %0 = tessel.matmul %a, %c : tensor<513x256xbf16>, tensor<256x400xbf16> -> tensor<513x400xbf16>
      tessel.yield %0 : tensor<513x400xbf16>
    }
    return %r : tensor<513x400xbf16>
  }

  // A `transpose_rhs` B ([N, K], an nn.Linear weight): read in place,
  // K-major (TMA loads [N, 64] boxes, wgmma reads them without B's
  // transpose bit); 250 rows and 200 columns (both last blocks shifted
  // back), a bias and relu.
  func.func @wg2_linear_bias_relu_bf16(%x: tensor<250x320xbf16>, %w: tensor<200x320xbf16>, %bias: tensor<200xbf16>) -> tensor<250x200xbf16> {
    %r = tessel.kernel @k_wg2_linear_bias_relu_bf16(%x, %w, %bias) : (tensor<250x320xbf16>, tensor<200x320xbf16>, tensor<200xbf16>) -> tensor<250x200xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<250x320xbf16>, %c: tensor<200x320xbf16>, %d: tensor<200xbf16>):
      %0 = tessel.matmul %a, %c transpose_rhs : tensor<250x320xbf16>, tensor<200x320xbf16> -> tensor<250x200xbf16>
      %1 = tessel.add %0, %d : tensor<250x200xbf16>, tensor<200xbf16> -> tensor<250x200xbf16>
      %2 = tessel.relu %1 : tensor<250x200xbf16>
      tessel.yield %2 : tensor<250x200xbf16>
    }
    return %r : tensor<250x200xbf16>
  }

  // The same in f16 on one warpgroup of 64 x 256 (ViT's 197 rows), K = 200:
  // the last K step of 8 (TMA zero-fills the rest of B's box too).
  func.func @wg1_linear_partial_f16(%x: tensor<197x200xf16>, %w: tensor<256x200xf16>) -> tensor<197x256xf32> {
    %r = tessel.kernel @k_wg1_linear_partial_f16(%x, %w) : (tensor<197x200xf16>, tensor<256x200xf16>) -> tensor<197x256xf32>
        schedule = #tessel.schedule<block = [64, 256, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<197x200xf16>, %c: tensor<256x200xf16>):
      %0 = tessel.matmul %a, %c transpose_rhs : tensor<197x200xf16>, tensor<256x200xf16> -> tensor<197x256xf32>
      tessel.yield %0 : tensor<197x256xf32>
    }
    return %r : tensor<197x256xf32>
  }

  // batch_matmul, one batch element a block (block = [1, M, N, 64]): q k^T
  // (B `transpose_rhs`, K-major) over 200 queries and 256 keys, and P v
  // (B row-major) with K = 200 (a last K step of 8) and 130 rows, each
  // operand's TMA box and stage tile [1, rows, 64] (3-D tensor maps).
  func.func @wg2_batch_qk_bf16(%q: tensor<4x200x64xbf16>, %k: tensor<4x256x64xbf16>) -> tensor<4x200x256xf32> {
    %r = tessel.kernel @k_wg2_batch_qk_bf16(%q, %k) : (tensor<4x200x64xbf16>, tensor<4x256x64xbf16>) -> tensor<4x200x256xf32>
        schedule = #tessel.schedule<block = [1, 128, 128, 64], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<4x200x64xbf16>, %c: tensor<4x256x64xbf16>):
      %0 = tessel.batch_matmul %a, %c transpose_rhs : tensor<4x200x64xbf16>, tensor<4x256x64xbf16> -> tensor<4x200x256xf32>
      tessel.yield %0 : tensor<4x200x256xf32>
    }
    return %r : tensor<4x200x256xf32>
  }

  func.func @wg1_batch_pv_f16(%p: tensor<3x130x200xf16>, %v: tensor<3x200x192xf16>) -> tensor<3x130x192xf16> {
    %r = tessel.kernel @k_wg1_batch_pv_f16(%p, %v) : (tensor<3x130x200xf16>, tensor<3x200x192xf16>) -> tensor<3x130x192xf16>
        schedule = #tessel.schedule<block = [1, 64, 192, 64], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<3x130x200xf16>, %c: tensor<3x200x192xf16>):
      %0 = tessel.batch_matmul %a, %c : tensor<3x130x200xf16>, tensor<3x200x192xf16> -> tensor<3x130x192xf16>
      tessel.yield %0 : tensor<3x130x192xf16>
    }
    return %r : tensor<3x130x192xf16>
  }

  // A `transpose_lhs` A ([K, M], a weight-gradient's activations): read in
  // place, MN-major like a row-major B ([64, 64] TMA boxes, one per
  // warpgroup, wgmma's A transpose bit set); 264 rows (the last block
  // shifted back) and 200 columns.
  func.func @wg2_lhs_bf16(%x: tensor<320x264xbf16>, %w: tensor<320x200xbf16>) -> tensor<264x200xbf16> {
    %r = tessel.kernel @k_wg2_lhs_bf16(%x, %w) : (tensor<320x264xbf16>, tensor<320x200xbf16>) -> tensor<264x200xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<320x264xbf16>, %c: tensor<320x200xbf16>):
      %0 = tessel.matmul %a, %c transpose_lhs : tensor<320x264xbf16>, tensor<320x200xbf16> -> tensor<264x200xbf16>
      tessel.yield %0 : tensor<264x200xbf16>
    }
    return %r : tensor<264x200xbf16>
  }
  // Three warpgroups (192 rows): ViT's 257 rows in two blocks, the second
  // shifted back to rows 65-256; 192 of 200 columns and K = 200 (the last
  // K step of 8); bias and GELU in vectors of 8, each thread 8 columns of
  // 12 rows.
  func.func @wg3_partial_bias_gelu_bf16(%x: tensor<257x200xbf16>, %w: tensor<200x200xbf16>, %bias: tensor<200xbf16>) -> tensor<257x200xbf16> {
    %r = tessel.kernel @k_wg3_partial_bias_gelu_bf16(%x, %w, %bias) : (tensor<257x200xbf16>, tensor<200x200xbf16>, tensor<200xbf16>) -> tensor<257x200xbf16>
        schedule = #tessel.schedule<block = [192, 192, 64], thread = [12, 8, 64], warps = 12, stages = 3, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<257x200xbf16>, %c: tensor<200x200xbf16>, %d: tensor<200xbf16>):
      %0 = tessel.matmul %a, %c : tensor<257x200xbf16>, tensor<200x200xbf16> -> tensor<257x200xbf16>
      %1 = tessel.add %0, %d : tensor<257x200xbf16>, tensor<200xbf16> -> tensor<257x200xbf16>
      %2 = tessel.gelu tanh %1 : tensor<257x200xbf16>
      tessel.yield %2 : tensor<257x200xbf16>
    }
    return %r : tensor<257x200xbf16>
  }

  // Three warpgroups over 384 rows (BERT's sequence: two whole blocks),
  // a `transpose_rhs` B read in place, f16 into f32.
  func.func @wg3_linear_f16(%x: tensor<384x192xf16>, %w: tensor<136x192xf16>) -> tensor<384x136xf32> {
    %r = tessel.kernel @k_wg3_linear_f16(%x, %w) : (tensor<384x192xf16>, tensor<136x192xf16>) -> tensor<384x136xf32>
        schedule = #tessel.schedule<block = [192, 64, 64], warps = 12, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<384x192xf16>, %c: tensor<136x192xf16>):
      %0 = tessel.matmul %a, %c transpose_rhs : tensor<384x192xf16>, tensor<136x192xf16> -> tensor<384x136xf32>
      tessel.yield %0 : tensor<384x136xf32>
    }
    return %r : tensor<384x136xf32>
  }

  // Three warpgroups on a batch_matmul (one batch element a block).
  func.func @wg3_batch_bf16(%p: tensor<2x200x128xbf16>, %v: tensor<2x128x128xbf16>) -> tensor<2x200x128xbf16> {
    %r = tessel.kernel @k_wg3_batch_bf16(%p, %v) : (tensor<2x200x128xbf16>, tensor<2x128x128xbf16>) -> tensor<2x200x128xbf16>
        schedule = #tessel.schedule<block = [1, 192, 128, 64], warps = 12, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<2x200x128xbf16>, %c: tensor<2x128x128xbf16>):
      %0 = tessel.batch_matmul %a, %c : tensor<2x200x128xbf16>, tensor<2x128x128xbf16> -> tensor<2x200x128xbf16>
      tessel.yield %0 : tensor<2x200x128xbf16>
    }
    return %r : tensor<2x200x128xbf16>
  }
}

// CHECK-LABEL: kernel @k_wg2_bias_gelu_bf16
// CHECK-NEXT: result #0 256x384xbf16 {{.*}} ok
// CHECK-LABEL: kernel @k_wg1_partial_f16
// CHECK-NEXT: result #0 197x192xf32 {{.*}} ok
// CHECK-LABEL: kernel @k_wg4_relu_bf16
// CHECK-NEXT: result #0 300x104xbf16 {{.*}} ok
// CHECK-LABEL: kernel @k_wg1_one_step_vector_bf16
// CHECK-NEXT: result #0 200x256xbf16 {{.*}} ok
// CHECK-LABEL: kernel @k_wg2_long_k_bf16
// CHECK-NEXT: result #0 192x256xbf16 {{.*}} ok
// CHECK-LABEL: kernel @k_wg4_n192_bf16
// CHECK-NEXT: result #0 513x400xbf16 {{.*}} ok
// CHECK-LABEL: kernel @k_wg2_linear_bias_relu_bf16
// CHECK-NEXT: result #0 250x200xbf16 {{.*}} ok
// CHECK-LABEL: kernel @k_wg1_linear_partial_f16
// CHECK-NEXT: result #0 197x256xf32 {{.*}} ok
// CHECK-LABEL: kernel @k_wg2_batch_qk_bf16
// CHECK-NEXT: result #0 4x200x256xf32 {{.*}} ok
// CHECK-LABEL: kernel @k_wg1_batch_pv_f16
// CHECK-NEXT: result #0 3x130x192xf16 {{.*}} ok
// CHECK-LABEL: kernel @k_wg2_lhs_bf16
// CHECK-NEXT: result #0 264x200xbf16 {{.*}} ok
// CHECK-LABEL: kernel @k_wg3_partial_bias_gelu_bf16
// CHECK-NEXT: result #0 257x200xbf16 {{.*}} ok
// CHECK-LABEL: kernel @k_wg3_linear_f16
// CHECK-NEXT: result #0 384x136xf32 {{.*}} ok
// CHECK-LABEL: kernel @k_wg3_batch_bf16
// CHECK-NEXT: result #0 2x200x128xbf16 {{.*}} ok
// CHECK: all outputs match the reference
