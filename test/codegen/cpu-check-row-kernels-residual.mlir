// The row kernel after a residual add (passes/tiling/RowKernel.h,
// rowKernelPrologue): a kernel that adds two inputs of the row's shape and
// normalizes (or softmaxes) the sum reads each row from both inputs once,
// adds them in the row's type as the unfused add does, and goes on as the
// row kernel. Checked against the reference in all three types: resident
// and streamed rows, rows a block does not divide, more than 32 threads a
// row, a causal and scaled softmax, a norm over two trailing dims, a
// schedule the model chooses; an add that broadcasts, or whose sum is also
// returned, is no prologue and runs the multi-pass kernels. Then compiled
// for sm_90a (each input's vectors read once; stores after the last
// barrier) and gfx942.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: rm -rf %t && tessel-compile %s --target=h100 --emit=ptx -o %t/nv | FileCheck %s --check-prefix=GPU
// RUN: FileCheck %s --check-prefix=PTX < %t/nv/k_add_layer_norm_pinned_bf16_kernel.ptx
// RUN: sed s/h100/mi300x/ %s > %t.amd.mlir && tessel-compile %t.amd.mlir --target=mi300x -o %t/amd | FileCheck %s --check-prefix=GPU
// RUN: tessel-opt %s --tessel-lower-to-linalg | FileCheck %s --check-prefix=LINALG

// GPU: GPU kernel(s)
// The model's schedule for the add and LayerNorm is a row kernel's (one
// block dim); the broadcasting add's kernel is the cooperative one.
// GPU: add_layer_norm_chosen_bf16_k0_layer_norm {{.*}} block = [{{[0-9]+}}], warps
// GPU: k_broadcast_bias {{.*}} block = [{{[0-9]+}}, {{[0-9]+}}], warps
// bf16 layer_norm of x + r, 64 x 1024 on 2 rows x 64 threads, vectors of
// 8: a thread's two vectors of each input are read once (4 loads), the
// scale's and bias's two each after the last barrier (4 more), and nothing
// else from global memory; the sum is rounded to bf16 before it widens.
// PTX-NOT: .local
// PTX-COUNT-4: ld.global.v4.b32
// PTX-NOT: ld.global
// PTX: bar.sync
// PTX: bar.sync
// PTX-COUNT-4: ld.global.v4.b32
// PTX-NOT: ld.global
// PTX: st.global.v4.b32

// The prologue stays a tessel op for tessel-tile-and-fuse; an add that is
// no prologue becomes linalg.
// LINALG-LABEL: func.func private @k_add_layer_norm_pinned_bf16
// LINALG: tessel.add
// LINALG: tessel.layer_norm
// LINALG-LABEL: func.func private @k_broadcast_bias
// LINALG-NOT: tessel.add
// LINALG: return

module attributes {tessel.target = #tessel.target<"h100">} {
  // CHECK-LABEL: func @add_layer_norm_pinned_bf16
  // CHECK: ok
  func.func @add_layer_norm_pinned_bf16(%x: tensor<64x1024xbf16>, %r: tensor<64x1024xbf16>, %g: tensor<1024xbf16>, %b: tensor<1024xbf16>) -> tensor<64x1024xbf16> {
    %y = tessel.kernel @k_add_layer_norm_pinned_bf16(%x, %r, %g, %b) : (tensor<64x1024xbf16>, tensor<64x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<64x1024xbf16>
        schedule = #tessel.schedule<block = [2], warps = 4, vector = 8> {
    ^bb0(%bx: tensor<64x1024xbf16>, %br: tensor<64x1024xbf16>, %bg: tensor<1024xbf16>, %bb: tensor<1024xbf16>):
      %0 = tessel.add %bx, %br : tensor<64x1024xbf16>, tensor<64x1024xbf16> -> tensor<64x1024xbf16>
      %1 = tessel.layer_norm %0 scale(%bg) bias(%bb) normalized_rank = 1 epsilon = 1.0e-12 : (tensor<64x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<64x1024xbf16>
      tessel.yield %1 : tensor<64x1024xbf16>
    }
    return %y : tensor<64x1024xbf16>
  }
  // CHECK-LABEL: func @add_layer_norm_odd_rows_f32
  // CHECK: ok
  func.func @add_layer_norm_odd_rows_f32(%x: tensor<25x768xf32>, %r: tensor<25x768xf32>, %g: tensor<768xf32>, %b: tensor<768xf32>) -> tensor<25x768xf32> {
    %y = tessel.kernel @k_add_layer_norm_odd_rows_f32(%x, %r, %g, %b) : (tensor<25x768xf32>, tensor<25x768xf32>, tensor<768xf32>, tensor<768xf32>) -> tensor<25x768xf32>
        schedule = #tessel.schedule<block = [2], warps = 3, vector = 4> {
    ^bb0(%bx: tensor<25x768xf32>, %br: tensor<25x768xf32>, %bg: tensor<768xf32>, %bb: tensor<768xf32>):
      %0 = tessel.add %bx, %br : tensor<25x768xf32>, tensor<25x768xf32> -> tensor<25x768xf32>
      %1 = tessel.layer_norm %0 scale(%bg) bias(%bb) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<25x768xf32>, tensor<768xf32>, tensor<768xf32>) -> tensor<25x768xf32>
      tessel.yield %1 : tensor<25x768xf32>
    }
    return %y : tensor<25x768xf32>
  }
  // CHECK-LABEL: func @add_layer_norm_two_dims_f16
  // CHECK: ok
  func.func @add_layer_norm_two_dims_f16(%x: tensor<3x5x7x769xf16>, %r: tensor<3x5x7x769xf16>, %g: tensor<7x769xf16>, %b: tensor<7x769xf16>) -> tensor<3x5x7x769xf16> {
    %y = tessel.kernel @k_add_layer_norm_two_dims_f16(%x, %r, %g, %b) : (tensor<3x5x7x769xf16>, tensor<3x5x7x769xf16>, tensor<7x769xf16>, tensor<7x769xf16>) -> tensor<3x5x7x769xf16>
        schedule = #tessel.schedule<block = [2], warps = 5> {
    ^bb0(%bx: tensor<3x5x7x769xf16>, %br: tensor<3x5x7x769xf16>, %bg: tensor<7x769xf16>, %bb: tensor<7x769xf16>):
      %0 = tessel.add %bx, %br : tensor<3x5x7x769xf16>, tensor<3x5x7x769xf16> -> tensor<3x5x7x769xf16>
      %1 = tessel.layer_norm %0 scale(%bg) bias(%bb) normalized_rank = 2 epsilon = 1.0e-05 : (tensor<3x5x7x769xf16>, tensor<7x769xf16>, tensor<7x769xf16>) -> tensor<3x5x7x769xf16>
      tessel.yield %1 : tensor<3x5x7x769xf16>
    }
    return %y : tensor<3x5x7x769xf16>
  }
  // CHECK-LABEL: func @add_rms_norm_streamed_bf16
  // CHECK: ok
  func.func @add_rms_norm_streamed_bf16(%x: tensor<5x4096xbf16>, %r: tensor<5x4096xbf16>, %g: tensor<4096xbf16>) -> tensor<5x4096xbf16> {
    %y = tessel.kernel @k_add_rms_norm_streamed_bf16(%x, %r, %g) : (tensor<5x4096xbf16>, tensor<5x4096xbf16>, tensor<4096xbf16>) -> tensor<5x4096xbf16>
        schedule = #tessel.schedule<block = [1], warps = 1, vector = 8> {
    ^bb0(%bx: tensor<5x4096xbf16>, %br: tensor<5x4096xbf16>, %bg: tensor<4096xbf16>):
      %0 = tessel.add %bx, %br : tensor<5x4096xbf16>, tensor<5x4096xbf16> -> tensor<5x4096xbf16>
      %1 = tessel.rms_norm %0 scale(%bg) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<5x4096xbf16>, tensor<4096xbf16>) -> tensor<5x4096xbf16>
      tessel.yield %1 : tensor<5x4096xbf16>
    }
    return %y : tensor<5x4096xbf16>
  }
  // CHECK-LABEL: func @add_softmax_causal_f32
  // CHECK: ok
  func.func @add_softmax_causal_f32(%x: tensor<2x3x50x77xf32>, %m: tensor<2x3x50x77xf32>) -> tensor<2x3x50x77xf32> {
    %y = tessel.kernel @k_add_softmax_causal_f32(%x, %m) : (tensor<2x3x50x77xf32>, tensor<2x3x50x77xf32>) -> tensor<2x3x50x77xf32>
        schedule = #tessel.schedule<block = [4], warps = 2> {
    ^bb0(%bx: tensor<2x3x50x77xf32>, %bm: tensor<2x3x50x77xf32>):
      %0 = tessel.add %bx, %bm : tensor<2x3x50x77xf32>, tensor<2x3x50x77xf32> -> tensor<2x3x50x77xf32>
      %1 = tessel.softmax %0 dim = 3 scale = 0.125 causal : tensor<2x3x50x77xf32>
      tessel.yield %1 : tensor<2x3x50x77xf32>
    }
    return %y : tensor<2x3x50x77xf32>
  }
  // The model's schedule for BERT's residual add and LayerNorm.
  // CHECK-LABEL: func @add_layer_norm_chosen_bf16
  // CHECK: ok
  func.func @add_layer_norm_chosen_bf16(%x: tensor<128x768xbf16>, %r: tensor<128x768xbf16>, %g: tensor<768xbf16>, %b: tensor<768xbf16>) -> tensor<128x768xbf16> {
    %0 = tessel.add %x, %r : tensor<128x768xbf16>, tensor<128x768xbf16> -> tensor<128x768xbf16>
    %1 = tessel.layer_norm %0 scale(%g) bias(%b) normalized_rank = 1 epsilon = 1.0e-12 : (tensor<128x768xbf16>, tensor<768xbf16>, tensor<768xbf16>) -> tensor<128x768xbf16>
    return %1 : tensor<128x768xbf16>
  }
  // A bias add broadcasts: no prologue (the cooperative kernel).
  // CHECK-LABEL: func @broadcast_bias
  // CHECK: ok
  func.func @broadcast_bias(%x: tensor<16x256xf16>, %c: tensor<256xf16>) -> tensor<16x256xf16> {
    %y = tessel.kernel @k_broadcast_bias(%x, %c) : (tensor<16x256xf16>, tensor<256xf16>) -> tensor<16x256xf16> {
    ^bb0(%bx: tensor<16x256xf16>, %bc: tensor<256xf16>):
      %0 = tessel.add %bx, %bc : tensor<16x256xf16>, tensor<256xf16> -> tensor<16x256xf16>
      %1 = tessel.softmax %0 dim = 1 : tensor<16x256xf16>
      tessel.yield %1 : tensor<16x256xf16>
    }
    return %y : tensor<16x256xf16>
  }
  // A pre-norm block returns the sum too: no prologue.
  // CHECK-LABEL: func @pre_norm_sum_returned
  // CHECK-COUNT-2: ok
  func.func @pre_norm_sum_returned(%x: tensor<8x512xbf16>, %r: tensor<8x512xbf16>, %g: tensor<512xbf16>) -> (tensor<8x512xbf16>, tensor<8x512xbf16>) {
    %0 = tessel.add %x, %r : tensor<8x512xbf16>, tensor<8x512xbf16> -> tensor<8x512xbf16>
    %1 = tessel.rms_norm %0 scale(%g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<8x512xbf16>, tensor<512xbf16>) -> tensor<8x512xbf16>
    return %0, %1 : tensor<8x512xbf16>, tensor<8x512xbf16>
  }
}
