// Cooperative row reductions: when the block tiles divide the rows, each
// reduction a row's elements read (a softmax's max and sum, a norm's
// statistics, a row mean) is split over all the block's threads: each reduces
// a chunk of the row into its slot of a partial-results buffer in shared
// memory; after a barrier, a tree combines the slots in log2(threads) steps
// (a barrier after each), and every thread reads its rows' results.
// Checked against the reference in all three types (rows a block tile
// divides, columns it does not), compiled for sm_90a (shared memory and
// barriers in the PTX) and gfx942.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: rm -rf %t && tessel-compile %s --target=h100 --emit=ptx -o %t/nv | FileCheck %s --check-prefix=GPU
// RUN: FileCheck %s --check-prefix=PTX < %t/nv/k_softmax_f32_kernel.ptx
// RUN: sed s/h100/mi300x/ %s > %t.amd.mlir && tessel-compile %t.amd.mlir --target=mi300x -o %t/amd | FileCheck %s --check-prefix=GPU

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @softmax_f32(%x: tensor<64x100xf32>) -> tensor<64x100xf32> {
    %r = tessel.kernel @k_softmax_f32(%x) : (tensor<64x100xf32>) -> tensor<64x100xf32>
        schedule = #tessel.schedule<block = [2, 128], warps = 1> {
    ^bb0(%a: tensor<64x100xf32>):
      %0 = tessel.softmax %a dim = 1 : tensor<64x100xf32>
      tessel.yield %0 : tensor<64x100xf32>
    }
    return %r : tensor<64x100xf32>
  }
  func.func @residual_layer_norm_f32(%x: tensor<8x16x96xf32>, %y: tensor<8x16x96xf32>, %g: tensor<96xf32>, %b: tensor<96xf32>) -> tensor<8x16x96xf32> {
    %r = tessel.kernel @k_residual_layer_norm_f32(%x, %y, %g, %b) : (tensor<8x16x96xf32>, tensor<8x16x96xf32>, tensor<96xf32>, tensor<96xf32>) -> tensor<8x16x96xf32>
        schedule = #tessel.schedule<block = [4, 32], warps = 2> {
    ^bb0(%a: tensor<8x16x96xf32>, %c: tensor<8x16x96xf32>, %s: tensor<96xf32>, %o: tensor<96xf32>):
      %0 = tessel.add %a, %c : tensor<8x16x96xf32>, tensor<8x16x96xf32> -> tensor<8x16x96xf32>
      %1 = tessel.layer_norm %0 scale(%s) bias(%o) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<8x16x96xf32>, tensor<96xf32>, tensor<96xf32>) -> tensor<8x16x96xf32>
      tessel.yield %1 : tensor<8x16x96xf32>
    }
    return %r : tensor<8x16x96xf32>
  }
  func.func @rms_norm_f32(%x: tensor<32x256xf32>, %g: tensor<256xf32>) -> tensor<32x256xf32> {
    %r = tessel.kernel @k_rms_norm_f32(%x, %g) : (tensor<32x256xf32>, tensor<256xf32>) -> tensor<32x256xf32>
        schedule = #tessel.schedule<block = [1, 256], warps = 4> {
    ^bb0(%a: tensor<32x256xf32>, %s: tensor<256xf32>):
      %0 = tessel.rms_norm %a scale(%s) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<32x256xf32>, tensor<256xf32>) -> tensor<32x256xf32>
      tessel.yield %0 : tensor<32x256xf32>
    }
    return %r : tensor<32x256xf32>
  }
  func.func @center_rows_f32(%x: tensor<16x40xf32>) -> tensor<16x40xf32> {
    %r = tessel.kernel @k_center_rows_f32(%x) : (tensor<16x40xf32>) -> tensor<16x40xf32>
        schedule = #tessel.schedule<block = [4, 8], warps = 1> {
    ^bb0(%a: tensor<16x40xf32>):
      %m = tessel.reduce mean %a dims = [1] keep_dims : tensor<16x40xf32> -> tensor<16x1xf32>
      %c = tessel.sub %a, %m : tensor<16x40xf32>, tensor<16x1xf32> -> tensor<16x40xf32>
      tessel.yield %c : tensor<16x40xf32>
    }
    return %r : tensor<16x40xf32>
  }
  func.func @softmax_f16(%x: tensor<64x100xf16>) -> tensor<64x100xf16> {
    %r = tessel.kernel @k_softmax_f16(%x) : (tensor<64x100xf16>) -> tensor<64x100xf16>
        schedule = #tessel.schedule<block = [2, 128], warps = 1> {
    ^bb0(%a: tensor<64x100xf16>):
      %0 = tessel.softmax %a dim = 1 : tensor<64x100xf16>
      tessel.yield %0 : tensor<64x100xf16>
    }
    return %r : tensor<64x100xf16>
  }
  func.func @residual_layer_norm_f16(%x: tensor<8x16x96xf16>, %y: tensor<8x16x96xf16>, %g: tensor<96xf16>, %b: tensor<96xf16>) -> tensor<8x16x96xf16> {
    %r = tessel.kernel @k_residual_layer_norm_f16(%x, %y, %g, %b) : (tensor<8x16x96xf16>, tensor<8x16x96xf16>, tensor<96xf16>, tensor<96xf16>) -> tensor<8x16x96xf16>
        schedule = #tessel.schedule<block = [4, 32], warps = 2> {
    ^bb0(%a: tensor<8x16x96xf16>, %c: tensor<8x16x96xf16>, %s: tensor<96xf16>, %o: tensor<96xf16>):
      %0 = tessel.add %a, %c : tensor<8x16x96xf16>, tensor<8x16x96xf16> -> tensor<8x16x96xf16>
      %1 = tessel.layer_norm %0 scale(%s) bias(%o) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<8x16x96xf16>, tensor<96xf16>, tensor<96xf16>) -> tensor<8x16x96xf16>
      tessel.yield %1 : tensor<8x16x96xf16>
    }
    return %r : tensor<8x16x96xf16>
  }
  func.func @rms_norm_f16(%x: tensor<32x256xf16>, %g: tensor<256xf16>) -> tensor<32x256xf16> {
    %r = tessel.kernel @k_rms_norm_f16(%x, %g) : (tensor<32x256xf16>, tensor<256xf16>) -> tensor<32x256xf16>
        schedule = #tessel.schedule<block = [1, 256], warps = 4> {
    ^bb0(%a: tensor<32x256xf16>, %s: tensor<256xf16>):
      %0 = tessel.rms_norm %a scale(%s) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<32x256xf16>, tensor<256xf16>) -> tensor<32x256xf16>
      tessel.yield %0 : tensor<32x256xf16>
    }
    return %r : tensor<32x256xf16>
  }
  func.func @center_rows_f16(%x: tensor<16x40xf16>) -> tensor<16x40xf16> {
    %r = tessel.kernel @k_center_rows_f16(%x) : (tensor<16x40xf16>) -> tensor<16x40xf16>
        schedule = #tessel.schedule<block = [4, 8], warps = 1> {
    ^bb0(%a: tensor<16x40xf16>):
      %m = tessel.reduce mean %a dims = [1] keep_dims : tensor<16x40xf16> -> tensor<16x1xf16>
      %c = tessel.sub %a, %m : tensor<16x40xf16>, tensor<16x1xf16> -> tensor<16x40xf16>
      tessel.yield %c : tensor<16x40xf16>
    }
    return %r : tensor<16x40xf16>
  }
  func.func @softmax_bf16(%x: tensor<64x100xbf16>) -> tensor<64x100xbf16> {
    %r = tessel.kernel @k_softmax_bf16(%x) : (tensor<64x100xbf16>) -> tensor<64x100xbf16>
        schedule = #tessel.schedule<block = [2, 128], warps = 1> {
    ^bb0(%a: tensor<64x100xbf16>):
      %0 = tessel.softmax %a dim = 1 : tensor<64x100xbf16>
      tessel.yield %0 : tensor<64x100xbf16>
    }
    return %r : tensor<64x100xbf16>
  }
  func.func @residual_layer_norm_bf16(%x: tensor<8x16x96xbf16>, %y: tensor<8x16x96xbf16>, %g: tensor<96xbf16>, %b: tensor<96xbf16>) -> tensor<8x16x96xbf16> {
    %r = tessel.kernel @k_residual_layer_norm_bf16(%x, %y, %g, %b) : (tensor<8x16x96xbf16>, tensor<8x16x96xbf16>, tensor<96xbf16>, tensor<96xbf16>) -> tensor<8x16x96xbf16>
        schedule = #tessel.schedule<block = [4, 32], warps = 2> {
    ^bb0(%a: tensor<8x16x96xbf16>, %c: tensor<8x16x96xbf16>, %s: tensor<96xbf16>, %o: tensor<96xbf16>):
      %0 = tessel.add %a, %c : tensor<8x16x96xbf16>, tensor<8x16x96xbf16> -> tensor<8x16x96xbf16>
      %1 = tessel.layer_norm %0 scale(%s) bias(%o) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<8x16x96xbf16>, tensor<96xbf16>, tensor<96xbf16>) -> tensor<8x16x96xbf16>
      tessel.yield %1 : tensor<8x16x96xbf16>
    }
    return %r : tensor<8x16x96xbf16>
  }
  func.func @rms_norm_bf16(%x: tensor<32x256xbf16>, %g: tensor<256xbf16>) -> tensor<32x256xbf16> {
    %r = tessel.kernel @k_rms_norm_bf16(%x, %g) : (tensor<32x256xbf16>, tensor<256xbf16>) -> tensor<32x256xbf16>
        schedule = #tessel.schedule<block = [1, 256], warps = 4> {
    ^bb0(%a: tensor<32x256xbf16>, %s: tensor<256xbf16>):
      %0 = tessel.rms_norm %a scale(%s) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<32x256xbf16>, tensor<256xbf16>) -> tensor<32x256xbf16>
      tessel.yield %0 : tensor<32x256xbf16>
    }
    return %r : tensor<32x256xbf16>
  }
  func.func @center_rows_bf16(%x: tensor<16x40xbf16>) -> tensor<16x40xbf16> {
    %r = tessel.kernel @k_center_rows_bf16(%x) : (tensor<16x40xbf16>) -> tensor<16x40xbf16>
        schedule = #tessel.schedule<block = [4, 8], warps = 1> {
    ^bb0(%a: tensor<16x40xbf16>):
      %m = tessel.reduce mean %a dims = [1] keep_dims : tensor<16x40xbf16> -> tensor<16x1xbf16>
      %c = tessel.sub %a, %m : tensor<16x40xbf16>, tensor<16x1xbf16> -> tensor<16x40xbf16>
      tessel.yield %c : tensor<16x40xbf16>
    }
    return %r : tensor<16x40xbf16>
  }
  // Blocks whose threads are not a power of two (3 and 5 warps): the trees
  // carry an odd partial over at some steps (96 -> ... -> 3 -> 2 -> 1).
  func.func @softmax_3_warps_f32(%x: tensor<64x100xf32>) -> tensor<64x100xf32> {
    %r = tessel.kernel @k_softmax_3_warps_f32(%x) : (tensor<64x100xf32>) -> tensor<64x100xf32>
        schedule = #tessel.schedule<block = [2, 128], warps = 3> {
    ^bb0(%a: tensor<64x100xf32>):
      %0 = tessel.softmax %a dim = 1 : tensor<64x100xf32>
      tessel.yield %0 : tensor<64x100xf32>
    }
    return %r : tensor<64x100xf32>
  }
  func.func @rms_norm_5_warps_bf16(%x: tensor<8x16x96xbf16>, %g: tensor<96xbf16>) -> tensor<8x16x96xbf16> {
    %r = tessel.kernel @k_rms_norm_5_warps_bf16(%x, %g) : (tensor<8x16x96xbf16>, tensor<96xbf16>) -> tensor<8x16x96xbf16>
        schedule = #tessel.schedule<block = [4, 96], warps = 5> {
    ^bb0(%a: tensor<8x16x96xbf16>, %s: tensor<96xbf16>):
      %0 = tessel.rms_norm %a scale(%s) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<8x16x96xbf16>, tensor<96xbf16>) -> tensor<8x16x96xbf16>
      tessel.yield %0 : tensor<8x16x96xbf16>
    }
    return %r : tensor<8x16x96xbf16>
  }
}

// CHECK-COUNT-28: {{^(kernel|func) @}}
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
// GPU: tessel-compile: 14 GPU kernel(s)
// The partial results (2 rows x 32 threads x 4 bytes, the max's then the
// sum's) and each tree's second buffer (2 x 16 x 4 bytes); a barrier after
// the partials and after each of a tree's 5 steps.
// PTX-DAG: .shared .align 16 .b8 __wg_k_softmax_f32_kernel_0[256];
// PTX-DAG: .shared .align 16 .b8 __wg_k_softmax_f32_kernel_1[128];
// PTX-DAG: .shared .align 16 .b8 __wg_k_softmax_f32_kernel_2[128];
// PTX-COUNT-12: bar.sync 0;
