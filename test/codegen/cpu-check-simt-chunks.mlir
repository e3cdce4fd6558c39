// A SIMT K step whose threads each hold more than one 16-byte vector of a
// row of B along N holds its columns in chunks (kSimtChunkBytes): thread t
// of T along N takes columns c * T * v + t * v .. + v of each chunk c (v =
// 4 f32, 8 bf16), so that a quarter-warp's vector loads of B read
// consecutive bytes. It applies where the tile along N is static and the
// threads split it evenly, whatever M and K do. Checked on the tiled CPU
// path: an epilogue on a ragged M and K (96 x 40), a 2-stage pipeline, a
// `transpose_rhs` weight, batch_matmul, bf16 inputs (two chunks of 8), a
// tile wider than N (N = 128 in a 256-wide tile: its 128 columns split),
// and a split-K partial; tessel-tile-and-fuse.mlir pins the loop nest.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// Each kernel's step reads B's tile and its accumulator in chunks:
// RUN: tessel-opt %s --tessel-split-reduction --tessel-select-schedules --tessel-lower-to-linalg --tessel-tile-and-fuse | FileCheck %s --check-prefix=CHUNKS
// Each kernel compiles for sm_90a and sm_80 (the chunks are views of the
// same shared-memory buffers), with no thread's values in local memory.
// On the MI300X the same tiles run on half as many 64-lane wavefronts, in
// one stage (no cp.async there): checked on the CPU and compiled. The
// next GPU run checks them on the device (bench/gpu/prepare.sh).
// RUN: rm -rf %t && tessel-compile %s --target=h100 -o %t | FileCheck %s --check-prefix=GPU
// RUN: sed 's/"h100"/"a100"/' %s > %t.a100.mlir
// RUN: rm -rf %t.a100 && tessel-compile %t.a100.mlir --target=a100 -o %t.a100 | FileCheck %s --check-prefix=GPU
// RUN: sed -e 's/"h100"/"mi300x"/' -e 's/warps = 2/warps = 1/' -e 's/warps = 4/warps = 2/' -e 's/stages = 2/stages = 1/' %s > %t.amd.mlir
// RUN: tessel-run %t.amd.mlir --cpu --check | FileCheck %s
// RUN: rm -rf %t.amd && tessel-compile %t.amd.mlir --target=mi300x -o %t.amd | FileCheck %s --check-prefix=GPU

// CHECK-NOT: MISMATCH
// CHECK-LABEL: func @epilogue_s1
// CHECK-NEXT: ok
// CHECK-LABEL: func @root_s2
// CHECK-NEXT: ok
// CHECK-LABEL: func @linear_s1
// CHECK-NEXT: ok
// CHECK-LABEL: func @bmm_s1
// CHECK-NEXT: ok
// CHECK-LABEL: func @bf16_s1
// CHECK-NEXT: ok
// CHECK-LABEL: func @wide_tile_s1
// CHECK-NEXT: ok
// CHECK-LABEL: func @split_s1
// CHECK-NEXT: ok
// CHECK: all outputs match the reference
// GPU: tessel-compile: 8 GPU kernel(s)
// GPU-NOT: bytes of local memory

// CHUNKS-LABEL: func.func private @k_epilogue_s1
// CHUNKS: tensor.expand_shape {{.*}} : tensor<?x128xf32> into tensor<?x2x16x4xf32>
// CHUNKS: scf.forall (%{{.*}}, %{{.*}}) in (8, 16) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<?x2x16x4xf32>)
// CHUNKS: tensor.collapse_shape {{.*}} : tensor<?x2x16x4xf32> into tensor<?x128xf32>
// CHUNKS-LABEL: func.func private @k_root_s2
// CHUNKS: tensor.expand_shape {{.*}} : tensor<8x64xf32> into tensor<8x2x8x4xf32>
// CHUNKS-LABEL: func.func private @k_linear_s1
// CHUNKS: tensor.expand_shape {{.*}} : tensor<?x128xf32> into tensor<?x2x16x4xf32>
// CHUNKS-LABEL: func.func private @k_bmm_s1
// CHUNKS: tensor.expand_shape {{.*}} : tensor<1x8x64xf32> into tensor<1x8x2x8x4xf32>
// CHUNKS: tensor.expand_shape {{.*}} : tensor<1x16x64xf32> into tensor<1x16x2x8x4xf32>
// CHUNKS-LABEL: func.func private @k_bf16_s1
// CHUNKS: tensor.expand_shape {{.*}} : tensor<8x256xbf16> into tensor<8x2x16x8xbf16>
// CHUNKS: tensor.expand_shape {{.*}} : tensor<16x256xf32> into tensor<16x2x16x8xf32>
// CHUNKS-LABEL: func.func private @k_wide_tile_s1
// CHUNKS: tensor.expand_shape {{.*}} : tensor<8x128xf32> into tensor<8x2x16x4xf32>
// CHUNKS-LABEL: func.func private @k_split_s1_partial
// CHUNKS: tensor.expand_shape {{.*}} : tensor<1x16x128xf32> into tensor<1x16x2x16x4xf32>

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @epilogue_s1(%a: tensor<96x40xf32>, %b: tensor<40x128xf32>, %bias: tensor<128xf32>) -> tensor<96x128xf32> {
    %r = tessel.kernel @k_epilogue_s1(%a, %b, %bias) : (tensor<96x40xf32>, tensor<40x128xf32>, tensor<128xf32>) -> tensor<96x128xf32>
        schedule = #tessel.schedule<block = [64, 128, 16], thread = [8, 8, 16], warps = 4, stages = 1, mma = simt> {
    ^bb0(%k_a: tensor<96x40xf32>, %k_b: tensor<40x128xf32>, %k_bias: tensor<128xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<96x40xf32>, tensor<40x128xf32> -> tensor<96x128xf32>
      %1 = tessel.add %0, %k_bias : tensor<96x128xf32>, tensor<128xf32> -> tensor<96x128xf32>
      %2 = tessel.relu %1 : tensor<96x128xf32>
      tessel.yield %2 : tensor<96x128xf32>
    }
    return %r : tensor<96x128xf32>
  }

  func.func @root_s2(%a: tensor<64x40xf32>, %b: tensor<40x128xf32>) -> tensor<64x128xf32> {
    %r = tessel.kernel @k_root_s2(%a, %b) : (tensor<64x40xf32>, tensor<40x128xf32>) -> tensor<64x128xf32>
        schedule = #tessel.schedule<block = [32, 64, 8], thread = [4, 8, 8], warps = 2, stages = 2, mma = simt> {
    ^bb0(%k_a: tensor<64x40xf32>, %k_b: tensor<40x128xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<64x40xf32>, tensor<40x128xf32> -> tensor<64x128xf32>
      tessel.yield %0 : tensor<64x128xf32>
    }
    return %r : tensor<64x128xf32>
  }

  func.func @linear_s1(%x: tensor<48x40xf32>, %w: tensor<128x40xf32>) -> tensor<48x128xf32> {
    %r = tessel.kernel @k_linear_s1(%x, %w) : (tensor<48x40xf32>, tensor<128x40xf32>) -> tensor<48x128xf32>
        schedule = #tessel.schedule<block = [32, 128, 16], thread = [4, 8, 16], warps = 4, stages = 1, mma = simt> {
    ^bb0(%k_x: tensor<48x40xf32>, %k_w: tensor<128x40xf32>):
      %0 = tessel.matmul %k_x, %k_w transpose_rhs : tensor<48x40xf32>, tensor<128x40xf32> -> tensor<48x128xf32>
      tessel.yield %0 : tensor<48x128xf32>
    }
    return %r : tensor<48x128xf32>
  }

  func.func @bmm_s1(%a: tensor<2x48x40xf32>, %b: tensor<2x40x64xf32>) -> tensor<2x48x64xf32> {
    %r = tessel.kernel @k_bmm_s1(%a, %b) : (tensor<2x48x40xf32>, tensor<2x40x64xf32>) -> tensor<2x48x64xf32>
        schedule = #tessel.schedule<block = [1, 16, 64, 8], thread = [1, 2, 8, 8], warps = 2, stages = 1, mma = simt> {
    ^bb0(%k_a: tensor<2x48x40xf32>, %k_b: tensor<2x40x64xf32>):
      %0 = tessel.batch_matmul %k_a, %k_b : tensor<2x48x40xf32>, tensor<2x40x64xf32> -> tensor<2x48x64xf32>
      tessel.yield %0 : tensor<2x48x64xf32>
    }
    return %r : tensor<2x48x64xf32>
  }

  func.func @bf16_s1(%a: tensor<48x40xbf16>, %b: tensor<40x256xbf16>) -> tensor<48x256xbf16> {
    %r = tessel.kernel @k_bf16_s1(%a, %b) : (tensor<48x40xbf16>, tensor<40x256xbf16>) -> tensor<48x256xbf16>
        schedule = #tessel.schedule<block = [16, 256, 8], thread = [4, 16, 8], warps = 2, stages = 1, mma = simt> {
    ^bb0(%k_a: tensor<48x40xbf16>, %k_b: tensor<40x256xbf16>):
      %0 = tessel.matmul %k_a, %k_b : tensor<48x40xbf16>, tensor<40x256xbf16> -> tensor<48x256xbf16>
      tessel.yield %0 : tensor<48x256xbf16>
    }
    return %r : tensor<48x256xbf16>
  }

  func.func @wide_tile_s1(%a: tensor<48x40xf32>, %b: tensor<40x128xf32>) -> tensor<48x128xf32> {
    %r = tessel.kernel @k_wide_tile_s1(%a, %b) : (tensor<48x40xf32>, tensor<40x128xf32>) -> tensor<48x128xf32>
        schedule = #tessel.schedule<block = [16, 256, 8], thread = [4, 16, 8], warps = 2, stages = 1, mma = simt> {
    ^bb0(%k_a: tensor<48x40xf32>, %k_b: tensor<40x128xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<48x40xf32>, tensor<40x128xf32> -> tensor<48x128xf32>
      tessel.yield %0 : tensor<48x128xf32>
    }
    return %r : tensor<48x128xf32>
  }

  func.func @split_s1(%a: tensor<64x64xf32>, %b: tensor<64x128xf32>) -> tensor<64x128xf32> {
    %r = tessel.kernel @k_split_s1(%a, %b) : (tensor<64x64xf32>, tensor<64x128xf32>) -> tensor<64x128xf32>
        schedule = #tessel.schedule<block = [32, 128, 16], thread = [4, 8, 16], warps = 4, stages = 1, split_k = 2, mma = simt> {
    ^bb0(%k_a: tensor<64x64xf32>, %k_b: tensor<64x128xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<64x64xf32>, tensor<64x128xf32> -> tensor<64x128xf32>
      tessel.yield %0 : tensor<64x128xf32>
    }
    return %r : tensor<64x128xf32>
  }
}
