// The row kernel (passes/tiling/RowKernel.cpp): a kernel that is one
// softmax along its innermost dim, layer_norm or rms_norm runs one pass over
// each row, the row's vectors in registers when they fit (resident) and read
// again each phase when not (streamed). Checked against the reference in all
// three types: rows a block does not divide, rows its threads' vectors do
// not cover evenly (guarded slots), more than 32 threads a row (partials
// combined by a thread per 32; 48 and 80: a last group of 16), causal,
// windowed and scaled softmax, norms over two trailing dims, a single row;
// then compiled for sm_90a (one global read of each vector; stores after
// the last barrier) and gfx942.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: rm -rf %t && tessel-compile %s --target=h100 --emit=ptx -o %t/nv | FileCheck %s --check-prefix=GPU
// RUN: FileCheck %s --check-prefix=PTX < %t/nv/k_softmax_pinned_f32_kernel.ptx
// RUN: sed s/h100/mi300x/ %s > %t.amd.mlir && tessel-compile %t.amd.mlir --target=mi300x -o %t/amd | FileCheck %s --check-prefix=GPU

// GPU: GPU kernel(s)
// Resident f32 softmax, 64 x 4096 on 2 rows x 128 threads, vectors of 4: a
// thread's eight vectors are read once, then three barriers and the stores.
// Shared memory holds only each reduction's partials (2 rows x 160 words)
// and its 4 groups' results: the 32 elements a thread keeps are its own.
// PTX-NOT: .shared
// PTX: .shared .align 16 .b8 {{.*}}[1280];
// PTX: .shared .align 16 .b8 {{.*}}[32];
// PTX: .shared .align 16 .b8 {{.*}}[1280];
// PTX: .shared .align 16 .b8 {{.*}}[32];
// PTX-NOT: .shared .align
// PTX-NOT: .local
// PTX-COUNT-8: ld.global.v4.b32
// PTX-NOT: ld.global
// PTX: bar.sync
// PTX: ex2.approx.ftz.f32
// PTX: bar.sync
// PTX: bar.sync
// PTX: st.global.v4.b32

module attributes {tessel.target = #tessel.target<"h100">} {
  // CHECK-LABEL: func @softmax_pinned_f32
  // CHECK: ok
  func.func @softmax_pinned_f32(%x: tensor<64x4096xf32>) -> tensor<64x4096xf32> {
    %r = tessel.kernel @k_softmax_pinned_f32(%x) : (tensor<64x4096xf32>) -> tensor<64x4096xf32>
        schedule = #tessel.schedule<block = [2], warps = 8, vector = 4> {
    ^bb0(%bx: tensor<64x4096xf32>):
      %0 = tessel.softmax %bx dim = 1 : tensor<64x4096xf32>
      tessel.yield %0 : tensor<64x4096xf32>
    }
    return %r : tensor<64x4096xf32>
  }
  // CHECK-LABEL: func @softmax_resident_f32
  // CHECK: ok
  func.func @softmax_resident_f32(%x: tensor<37x1000xf32>) -> tensor<37x1000xf32> {
    %r = tessel.kernel @k_softmax_resident_f32(%x) : (tensor<37x1000xf32>) -> tensor<37x1000xf32>
        schedule = #tessel.schedule<block = [2], warps = 2, vector = 4> {
    ^bb0(%bx: tensor<37x1000xf32>):
      %0 = tessel.softmax %bx dim = 1 : tensor<37x1000xf32>
      tessel.yield %0 : tensor<37x1000xf32>
    }
    return %r : tensor<37x1000xf32>
  }
  // CHECK-LABEL: func @softmax_causal_f32
  // CHECK: ok
  func.func @softmax_causal_f32(%x: tensor<2x3x50x77xf32>) -> tensor<2x3x50x77xf32> {
    %r = tessel.kernel @k_softmax_causal_f32(%x) : (tensor<2x3x50x77xf32>) -> tensor<2x3x50x77xf32>
        schedule = #tessel.schedule<block = [4], warps = 2> {
    ^bb0(%bx: tensor<2x3x50x77xf32>):
      %0 = tessel.softmax %bx dim = 3 scale = 0.125 causal : tensor<2x3x50x77xf32>
      tessel.yield %0 : tensor<2x3x50x77xf32>
    }
    return %r : tensor<2x3x50x77xf32>
  }
  // A sliding window of 9 on the causal mask: each row keeps its 9 latest
  // elements (vectors of 4 straddle the window's start).
  // CHECK-LABEL: func @softmax_window_bf16
  // CHECK: ok
  func.func @softmax_window_bf16(%x: tensor<2x50x80xbf16>) -> tensor<2x50x80xbf16> {
    %r = tessel.kernel @k_softmax_window_bf16(%x) : (tensor<2x50x80xbf16>) -> tensor<2x50x80xbf16>
        schedule = #tessel.schedule<block = [4], warps = 1, vector = 4> {
    ^bb0(%bx: tensor<2x50x80xbf16>):
      %0 = tessel.softmax %bx dim = 2 scale = 0.5 causal window = 9 : tensor<2x50x80xbf16>
      tessel.yield %0 : tensor<2x50x80xbf16>
    }
    return %r : tensor<2x50x80xbf16>
  }
  // CHECK-LABEL: func @softmax_streamed_f32
  // CHECK: ok
  func.func @softmax_streamed_f32(%x: tensor<5x4096xf32>) -> tensor<5x4096xf32> {
    %r = tessel.kernel @k_softmax_streamed_f32(%x) : (tensor<5x4096xf32>) -> tensor<5x4096xf32>
        schedule = #tessel.schedule<block = [1], warps = 1, vector = 4> {
    ^bb0(%bx: tensor<5x4096xf32>):
      %0 = tessel.softmax %bx dim = 1 : tensor<5x4096xf32>
      tessel.yield %0 : tensor<5x4096xf32>
    }
    return %r : tensor<5x4096xf32>
  }
  // CHECK-LABEL: func @layer_norm_resident_f32
  // CHECK: ok
  func.func @layer_norm_resident_f32(%x: tensor<25x768xf32>, %g: tensor<768xf32>, %b: tensor<768xf32>) -> tensor<25x768xf32> {
    %r = tessel.kernel @k_layer_norm_resident_f32(%x, %g, %b) : (tensor<25x768xf32>, tensor<768xf32>, tensor<768xf32>) -> tensor<25x768xf32>
        schedule = #tessel.schedule<block = [2], warps = 3, vector = 4> {
    ^bb0(%bx: tensor<25x768xf32>, %bg: tensor<768xf32>, %bb: tensor<768xf32>):
      %0 = tessel.layer_norm %bx scale(%bg) bias(%bb) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<25x768xf32>, tensor<768xf32>, tensor<768xf32>) -> tensor<25x768xf32>
      tessel.yield %0 : tensor<25x768xf32>
    }
    return %r : tensor<25x768xf32>
  }
  // CHECK-LABEL: func @layer_norm_two_dims_f32
  // CHECK: ok
  func.func @layer_norm_two_dims_f32(%x: tensor<3x5x7x769xf32>, %g: tensor<7x769xf32>, %b: tensor<7x769xf32>) -> tensor<3x5x7x769xf32> {
    %r = tessel.kernel @k_layer_norm_two_dims_f32(%x, %g, %b) : (tensor<3x5x7x769xf32>, tensor<7x769xf32>, tensor<7x769xf32>) -> tensor<3x5x7x769xf32>
        schedule = #tessel.schedule<block = [2], warps = 5> {
    ^bb0(%bx: tensor<3x5x7x769xf32>, %bg: tensor<7x769xf32>, %bb: tensor<7x769xf32>):
      %0 = tessel.layer_norm %bx scale(%bg) bias(%bb) normalized_rank = 2 epsilon = 1.0e-05 : (tensor<3x5x7x769xf32>, tensor<7x769xf32>, tensor<7x769xf32>) -> tensor<3x5x7x769xf32>
      tessel.yield %0 : tensor<3x5x7x769xf32>
    }
    return %r : tensor<3x5x7x769xf32>
  }
  // CHECK-LABEL: func @rms_norm_resident_f32
  // CHECK: ok
  func.func @rms_norm_resident_f32(%x: tensor<33x4096xf32>, %g: tensor<4096xf32>) -> tensor<33x4096xf32> {
    %r = tessel.kernel @k_rms_norm_resident_f32(%x, %g) : (tensor<33x4096xf32>, tensor<4096xf32>) -> tensor<33x4096xf32>
        schedule = #tessel.schedule<block = [1], warps = 8, vector = 4> {
    ^bb0(%bx: tensor<33x4096xf32>, %bg: tensor<4096xf32>):
      %0 = tessel.rms_norm %bx scale(%bg) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<33x4096xf32>, tensor<4096xf32>) -> tensor<33x4096xf32>
      tessel.yield %0 : tensor<33x4096xf32>
    }
    return %r : tensor<33x4096xf32>
  }
  // CHECK-LABEL: func @single_row_f32
  // CHECK-COUNT-2: ok
  func.func @single_row_f32(%x: tensor<1000xf32>, %g: tensor<1000xf32>) -> (tensor<1000xf32>, tensor<1000xf32>) {
    %0 = tessel.softmax %x dim = 0 : tensor<1000xf32>
    %1 = tessel.rms_norm %x scale(%g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<1000xf32>, tensor<1000xf32>) -> tensor<1000xf32>
    return %0, %1 : tensor<1000xf32>, tensor<1000xf32>
  }
  // CHECK-LABEL: func @softmax_resident_f16
  // CHECK: ok
  func.func @softmax_resident_f16(%x: tensor<37x1000xf16>) -> tensor<37x1000xf16> {
    %r = tessel.kernel @k_softmax_resident_f16(%x) : (tensor<37x1000xf16>) -> tensor<37x1000xf16>
        schedule = #tessel.schedule<block = [2], warps = 2, vector = 8> {
    ^bb0(%bx: tensor<37x1000xf16>):
      %0 = tessel.softmax %bx dim = 1 : tensor<37x1000xf16>
      tessel.yield %0 : tensor<37x1000xf16>
    }
    return %r : tensor<37x1000xf16>
  }
  // CHECK-LABEL: func @softmax_causal_f16
  // CHECK: ok
  func.func @softmax_causal_f16(%x: tensor<2x3x50x77xf16>) -> tensor<2x3x50x77xf16> {
    %r = tessel.kernel @k_softmax_causal_f16(%x) : (tensor<2x3x50x77xf16>) -> tensor<2x3x50x77xf16>
        schedule = #tessel.schedule<block = [4], warps = 2> {
    ^bb0(%bx: tensor<2x3x50x77xf16>):
      %0 = tessel.softmax %bx dim = 3 scale = 0.125 causal : tensor<2x3x50x77xf16>
      tessel.yield %0 : tensor<2x3x50x77xf16>
    }
    return %r : tensor<2x3x50x77xf16>
  }
  // CHECK-LABEL: func @softmax_streamed_f16
  // CHECK: ok
  func.func @softmax_streamed_f16(%x: tensor<5x4096xf16>) -> tensor<5x4096xf16> {
    %r = tessel.kernel @k_softmax_streamed_f16(%x) : (tensor<5x4096xf16>) -> tensor<5x4096xf16>
        schedule = #tessel.schedule<block = [1], warps = 1, vector = 8> {
    ^bb0(%bx: tensor<5x4096xf16>):
      %0 = tessel.softmax %bx dim = 1 : tensor<5x4096xf16>
      tessel.yield %0 : tensor<5x4096xf16>
    }
    return %r : tensor<5x4096xf16>
  }
  // CHECK-LABEL: func @layer_norm_resident_f16
  // CHECK: ok
  func.func @layer_norm_resident_f16(%x: tensor<25x768xf16>, %g: tensor<768xf16>, %b: tensor<768xf16>) -> tensor<25x768xf16> {
    %r = tessel.kernel @k_layer_norm_resident_f16(%x, %g, %b) : (tensor<25x768xf16>, tensor<768xf16>, tensor<768xf16>) -> tensor<25x768xf16>
        schedule = #tessel.schedule<block = [2], warps = 3, vector = 4> {
    ^bb0(%bx: tensor<25x768xf16>, %bg: tensor<768xf16>, %bb: tensor<768xf16>):
      %0 = tessel.layer_norm %bx scale(%bg) bias(%bb) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<25x768xf16>, tensor<768xf16>, tensor<768xf16>) -> tensor<25x768xf16>
      tessel.yield %0 : tensor<25x768xf16>
    }
    return %r : tensor<25x768xf16>
  }
  // CHECK-LABEL: func @layer_norm_two_dims_f16
  // CHECK: ok
  func.func @layer_norm_two_dims_f16(%x: tensor<3x5x7x769xf16>, %g: tensor<7x769xf16>, %b: tensor<7x769xf16>) -> tensor<3x5x7x769xf16> {
    %r = tessel.kernel @k_layer_norm_two_dims_f16(%x, %g, %b) : (tensor<3x5x7x769xf16>, tensor<7x769xf16>, tensor<7x769xf16>) -> tensor<3x5x7x769xf16>
        schedule = #tessel.schedule<block = [2], warps = 5> {
    ^bb0(%bx: tensor<3x5x7x769xf16>, %bg: tensor<7x769xf16>, %bb: tensor<7x769xf16>):
      %0 = tessel.layer_norm %bx scale(%bg) bias(%bb) normalized_rank = 2 epsilon = 1.0e-05 : (tensor<3x5x7x769xf16>, tensor<7x769xf16>, tensor<7x769xf16>) -> tensor<3x5x7x769xf16>
      tessel.yield %0 : tensor<3x5x7x769xf16>
    }
    return %r : tensor<3x5x7x769xf16>
  }
  // CHECK-LABEL: func @rms_norm_resident_f16
  // CHECK: ok
  func.func @rms_norm_resident_f16(%x: tensor<33x4096xf16>, %g: tensor<4096xf16>) -> tensor<33x4096xf16> {
    %r = tessel.kernel @k_rms_norm_resident_f16(%x, %g) : (tensor<33x4096xf16>, tensor<4096xf16>) -> tensor<33x4096xf16>
        schedule = #tessel.schedule<block = [1], warps = 8, vector = 8> {
    ^bb0(%bx: tensor<33x4096xf16>, %bg: tensor<4096xf16>):
      %0 = tessel.rms_norm %bx scale(%bg) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<33x4096xf16>, tensor<4096xf16>) -> tensor<33x4096xf16>
      tessel.yield %0 : tensor<33x4096xf16>
    }
    return %r : tensor<33x4096xf16>
  }
  // CHECK-LABEL: func @single_row_f16
  // CHECK-COUNT-2: ok
  func.func @single_row_f16(%x: tensor<1000xf16>, %g: tensor<1000xf16>) -> (tensor<1000xf16>, tensor<1000xf16>) {
    %0 = tessel.softmax %x dim = 0 : tensor<1000xf16>
    %1 = tessel.rms_norm %x scale(%g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<1000xf16>, tensor<1000xf16>) -> tensor<1000xf16>
    return %0, %1 : tensor<1000xf16>, tensor<1000xf16>
  }
  // CHECK-LABEL: func @softmax_resident_bf16
  // CHECK: ok
  func.func @softmax_resident_bf16(%x: tensor<37x1000xbf16>) -> tensor<37x1000xbf16> {
    %r = tessel.kernel @k_softmax_resident_bf16(%x) : (tensor<37x1000xbf16>) -> tensor<37x1000xbf16>
        schedule = #tessel.schedule<block = [2], warps = 2, vector = 8> {
    ^bb0(%bx: tensor<37x1000xbf16>):
      %0 = tessel.softmax %bx dim = 1 : tensor<37x1000xbf16>
      tessel.yield %0 : tensor<37x1000xbf16>
    }
    return %r : tensor<37x1000xbf16>
  }
  // CHECK-LABEL: func @softmax_causal_bf16
  // CHECK: ok
  func.func @softmax_causal_bf16(%x: tensor<2x3x50x77xbf16>) -> tensor<2x3x50x77xbf16> {
    %r = tessel.kernel @k_softmax_causal_bf16(%x) : (tensor<2x3x50x77xbf16>) -> tensor<2x3x50x77xbf16>
        schedule = #tessel.schedule<block = [4], warps = 2> {
    ^bb0(%bx: tensor<2x3x50x77xbf16>):
      %0 = tessel.softmax %bx dim = 3 scale = 0.125 causal : tensor<2x3x50x77xbf16>
      tessel.yield %0 : tensor<2x3x50x77xbf16>
    }
    return %r : tensor<2x3x50x77xbf16>
  }
  // CHECK-LABEL: func @softmax_streamed_bf16
  // CHECK: ok
  func.func @softmax_streamed_bf16(%x: tensor<5x4096xbf16>) -> tensor<5x4096xbf16> {
    %r = tessel.kernel @k_softmax_streamed_bf16(%x) : (tensor<5x4096xbf16>) -> tensor<5x4096xbf16>
        schedule = #tessel.schedule<block = [1], warps = 1, vector = 8> {
    ^bb0(%bx: tensor<5x4096xbf16>):
      %0 = tessel.softmax %bx dim = 1 : tensor<5x4096xbf16>
      tessel.yield %0 : tensor<5x4096xbf16>
    }
    return %r : tensor<5x4096xbf16>
  }
  // CHECK-LABEL: func @layer_norm_resident_bf16
  // CHECK: ok
  func.func @layer_norm_resident_bf16(%x: tensor<25x768xbf16>, %g: tensor<768xbf16>, %b: tensor<768xbf16>) -> tensor<25x768xbf16> {
    %r = tessel.kernel @k_layer_norm_resident_bf16(%x, %g, %b) : (tensor<25x768xbf16>, tensor<768xbf16>, tensor<768xbf16>) -> tensor<25x768xbf16>
        schedule = #tessel.schedule<block = [2], warps = 3, vector = 4> {
    ^bb0(%bx: tensor<25x768xbf16>, %bg: tensor<768xbf16>, %bb: tensor<768xbf16>):
      %0 = tessel.layer_norm %bx scale(%bg) bias(%bb) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<25x768xbf16>, tensor<768xbf16>, tensor<768xbf16>) -> tensor<25x768xbf16>
      tessel.yield %0 : tensor<25x768xbf16>
    }
    return %r : tensor<25x768xbf16>
  }
  // CHECK-LABEL: func @layer_norm_two_dims_bf16
  // CHECK: ok
  func.func @layer_norm_two_dims_bf16(%x: tensor<3x5x7x769xbf16>, %g: tensor<7x769xbf16>, %b: tensor<7x769xbf16>) -> tensor<3x5x7x769xbf16> {
    %r = tessel.kernel @k_layer_norm_two_dims_bf16(%x, %g, %b) : (tensor<3x5x7x769xbf16>, tensor<7x769xbf16>, tensor<7x769xbf16>) -> tensor<3x5x7x769xbf16>
        schedule = #tessel.schedule<block = [2], warps = 5> {
    ^bb0(%bx: tensor<3x5x7x769xbf16>, %bg: tensor<7x769xbf16>, %bb: tensor<7x769xbf16>):
      %0 = tessel.layer_norm %bx scale(%bg) bias(%bb) normalized_rank = 2 epsilon = 1.0e-05 : (tensor<3x5x7x769xbf16>, tensor<7x769xbf16>, tensor<7x769xbf16>) -> tensor<3x5x7x769xbf16>
      tessel.yield %0 : tensor<3x5x7x769xbf16>
    }
    return %r : tensor<3x5x7x769xbf16>
  }
  // CHECK-LABEL: func @rms_norm_resident_bf16
  // CHECK: ok
  func.func @rms_norm_resident_bf16(%x: tensor<33x4096xbf16>, %g: tensor<4096xbf16>) -> tensor<33x4096xbf16> {
    %r = tessel.kernel @k_rms_norm_resident_bf16(%x, %g) : (tensor<33x4096xbf16>, tensor<4096xbf16>) -> tensor<33x4096xbf16>
        schedule = #tessel.schedule<block = [1], warps = 8, vector = 8> {
    ^bb0(%bx: tensor<33x4096xbf16>, %bg: tensor<4096xbf16>):
      %0 = tessel.rms_norm %bx scale(%bg) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<33x4096xbf16>, tensor<4096xbf16>) -> tensor<33x4096xbf16>
      tessel.yield %0 : tensor<33x4096xbf16>
    }
    return %r : tensor<33x4096xbf16>
  }
  // CHECK-LABEL: func @single_row_bf16
  // CHECK-COUNT-2: ok
  func.func @single_row_bf16(%x: tensor<1000xbf16>, %g: tensor<1000xbf16>) -> (tensor<1000xbf16>, tensor<1000xbf16>) {
    %0 = tessel.softmax %x dim = 0 : tensor<1000xbf16>
    %1 = tessel.rms_norm %x scale(%g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<1000xbf16>, tensor<1000xbf16>) -> tensor<1000xbf16>
    return %0, %1 : tensor<1000xbf16>, tensor<1000xbf16>
  }
}
