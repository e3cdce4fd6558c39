// Software-pipelined K steps (`stages` = S): each operand tile has S
// shared-memory buffers, the copies of steps 0 .. S-2 run before the K loop
// and step k copies step k + S - 1 (clamped to the last) before computing
// on buffer k mod S. The copies move up to 16 bytes of a row at once where
// the rows allow (copyVectorWidth). Checked on the tiled CPU path, in f32
// (K = 29: the last step is partial; 4-byte copies), with more stages than
// steps, with a cast fused into the copies (8-element f16 copies), and on
// tensor cores (bf16, f16; 16-byte copies) with an epilogue.
// RUN: tessel-run %s --cpu --check | FileCheck %s

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @mm_epilogue_f32_s2(%a: tensor<37x29xf32>, %b: tensor<29x23xf32>, %bias: tensor<23xf32>) -> tensor<37x23xf32> {
    %r = tessel.kernel @k_mm_epilogue_f32_s2(%a, %b, %bias) : (tensor<37x29xf32>, tensor<29x23xf32>, tensor<23xf32>) -> tensor<37x23xf32>
        schedule = #tessel.schedule<block = [32, 32, 8], warps = 4, stages = 2> {
    ^bb0(%k_a: tensor<37x29xf32>, %k_b: tensor<29x23xf32>, %k_bias: tensor<23xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf32>, tensor<29x23xf32> -> tensor<37x23xf32>
      %1 = tessel.add %0, %k_bias : tensor<37x23xf32>, tensor<23xf32> -> tensor<37x23xf32>
      %2 = tessel.gelu tanh %1 : tensor<37x23xf32>
      tessel.yield %2 : tensor<37x23xf32>
    }
    return %r : tensor<37x23xf32>
  }

  func.func @mm_root_f32_s3(%a: tensor<29x37xf32>, %b: tensor<29x23xf32>) -> tensor<37x23xf32> {
    %r = tessel.kernel @k_mm_root_f32_s3(%a, %b) : (tensor<29x37xf32>, tensor<29x23xf32>) -> tensor<37x23xf32>
        schedule = #tessel.schedule<block = [16, 64, 8], warps = 2, stages = 3> {
    ^bb0(%k_a: tensor<29x37xf32>, %k_b: tensor<29x23xf32>):
      %0 = tessel.matmul %k_a, %k_b transpose_lhs : tensor<29x37xf32>, tensor<29x23xf32> -> tensor<37x23xf32>
      tessel.yield %0 : tensor<37x23xf32>
    }
    return %r : tensor<37x23xf32>
  }

  // Two steps, four stages: the prologue's third copy and every copy in
  // the loop are of the last step.
  func.func @mm_root_f32_more_stages_than_steps(%a: tensor<37x16xf32>, %b: tensor<16x23xf32>) -> tensor<37x23xf32> {
    %r = tessel.kernel @k_mm_root_f32_more_stages_than_steps(%a, %b) : (tensor<37x16xf32>, tensor<16x23xf32>) -> tensor<37x23xf32>
        schedule = #tessel.schedule<block = [32, 32, 8], warps = 4, stages = 4> {
    ^bb0(%k_a: tensor<37x16xf32>, %k_b: tensor<16x23xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<37x16xf32>, tensor<16x23xf32> -> tensor<37x23xf32>
      tessel.yield %0 : tensor<37x23xf32>
    }
    return %r : tensor<37x23xf32>
  }

  func.func @bmm_softmax_f32_s4(%q: tensor<3x17x29xf32>, %k: tensor<3x11x29xf32>) -> tensor<3x17x11xf32> {
    %r = tessel.kernel @k_bmm_softmax_f32_s4(%q, %k) : (tensor<3x17x29xf32>, tensor<3x11x29xf32>) -> tensor<3x17x11xf32>
        schedule = #tessel.schedule<block = [1, 8, 16, 4], warps = 1, stages = 4> {
    ^bb0(%k_q: tensor<3x17x29xf32>, %k_k: tensor<3x11x29xf32>):
      %0 = tessel.batch_matmul %k_q, %k_k transpose_rhs : tensor<3x17x29xf32>, tensor<3x11x29xf32> -> tensor<3x17x11xf32>
      %1 = tessel.softmax %0 dim = 2 : tensor<3x17x11xf32>
      tessel.yield %1 : tensor<3x17x11xf32>
    }
    return %r : tensor<3x17x11xf32>
  }

  // A is cast from f32 to f16 inside its copy
  // (M = 40: the last block's rows are fewer).
  func.func @mm_cast_f16_s2(%a: tensor<40x64xf32>, %b: tensor<64x48xf16>) -> tensor<40x48xf32> {
    %r = tessel.kernel @k_mm_cast_f16_s2(%a, %b) : (tensor<40x64xf32>, tensor<64x48xf16>) -> tensor<40x48xf32>
        schedule = #tessel.schedule<block = [16, 16, 16], warps = 2, stages = 2> {
    ^bb0(%k_a: tensor<40x64xf32>, %k_b: tensor<64x48xf16>):
      %0 = tessel.cast %k_a : tensor<40x64xf32> to tensor<40x64xf16>
      %1 = tessel.matmul %0, %k_b : tensor<40x64xf16>, tensor<64x48xf16> -> tensor<40x48xf32>
      tessel.yield %1 : tensor<40x48xf32>
    }
    return %r : tensor<40x48xf32>
  }

  func.func @mm_mma_bf16_s3(%x: tensor<128x256xbf16>, %w: tensor<256x192xbf16>, %bias: tensor<192xbf16>) -> tensor<128x192xbf16> {
    %r = tessel.kernel @k_mm_mma_bf16_s3(%x, %w, %bias) : (tensor<128x256xbf16>, tensor<256x192xbf16>, tensor<192xbf16>) -> tensor<128x192xbf16>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [32, 32, 32], warps = 4, stages = 3, mma = mma_sync> {
    ^bb0(%a: tensor<128x256xbf16>, %c: tensor<256x192xbf16>, %d: tensor<192xbf16>):
      %0 = tessel.matmul %a, %c : tensor<128x256xbf16>, tensor<256x192xbf16> -> tensor<128x192xbf16>
      %1 = tessel.add %0, %d : tensor<128x192xbf16>, tensor<192xbf16> -> tensor<128x192xbf16>
      %2 = tessel.gelu tanh %1 : tensor<128x192xbf16>
      tessel.yield %2 : tensor<128x192xbf16>
    }
    return %r : tensor<128x192xbf16>
  }

  func.func @mm_mma_f16_s2(%x: tensor<64x96xf16>, %w: tensor<96x64xf16>) -> tensor<64x64xf32> {
    %r = tessel.kernel @k_mm_mma_f16_s2(%x, %w) : (tensor<64x96xf16>, tensor<96x64xf16>) -> tensor<64x64xf32>
        schedule = #tessel.schedule<block = [32, 64, 32], warp = [16, 32, 32], warps = 4, stages = 2, mma = mma_sync> {
    ^bb0(%a: tensor<64x96xf16>, %c: tensor<96x64xf16>):
      %0 = tessel.matmul %a, %c : tensor<64x96xf16>, tensor<96x64xf16> -> tensor<64x64xf32>
      tessel.yield %0 : tensor<64x64xf32>
    }
    return %r : tensor<64x64xf32>
  }
}

// CHECK-LABEL: func @mm_epilogue_f32_s2
// CHECK-NEXT: ok
// CHECK-LABEL: func @mm_root_f32_s3
// CHECK-NEXT: ok
// CHECK-LABEL: func @mm_root_f32_more_stages_than_steps
// CHECK-NEXT: ok
// CHECK-LABEL: func @bmm_softmax_f32_s4
// CHECK-NEXT: ok
// CHECK-LABEL: func @mm_cast_f16_s2
// CHECK-NEXT: ok
// CHECK-LABEL: func @mm_mma_bf16_s3
// CHECK-NEXT: ok
// CHECK-LABEL: func @mm_mma_f16_s2
// CHECK-NEXT: ok
// CHECK: all outputs match the reference
