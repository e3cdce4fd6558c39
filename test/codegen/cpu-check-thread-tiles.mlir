// Thread tiles on the CPU path (h100: 32-thread warps): each thread computes
// a thread-tile of the block, on shapes no tile divides, in all three types;
// the same kernels compile to PTX.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: tessel-compile %s --emit=ptx -o %t | FileCheck %s --check-prefix=PTX

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @mm_f32(%a: tensor<37x29xf32>, %b: tensor<29x23xf32>) -> tensor<37x23xf32> {
    %r = tessel.kernel @k_mm_f32(%a, %b) : (tensor<37x29xf32>, tensor<29x23xf32>) -> tensor<37x23xf32>
        schedule = #tessel.schedule<block = [16, 32], thread = [2, 4], warps = 2> {
    ^bb0(%x: tensor<37x29xf32>, %y: tensor<29x23xf32>):
      %0 = tessel.matmul %x, %y : tensor<37x29xf32>, tensor<29x23xf32> -> tensor<37x23xf32>
      %1 = tessel.silu %0 : tensor<37x23xf32>
      tessel.yield %1 : tensor<37x23xf32>
    }
    return %r : tensor<37x23xf32>
  }
  func.func @norm_f32(%x: tensor<6x5x33xf32>, %g: tensor<33xf32>) -> tensor<6x5x33xf32> {
    %r = tessel.kernel @k_norm_f32(%x, %g) : (tensor<6x5x33xf32>, tensor<33xf32>) -> tensor<6x5x33xf32>
        schedule = #tessel.schedule<block = [2, 4, 32], thread = [1, 2, 4], warps = 1> {
    ^bb0(%a: tensor<6x5x33xf32>, %s: tensor<33xf32>):
      %0 = tessel.layer_norm %a scale(%s) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x5x33xf32>, tensor<33xf32>) -> tensor<6x5x33xf32>
      tessel.yield %0 : tensor<6x5x33xf32>
    }
    return %r : tensor<6x5x33xf32>
  }
  func.func @mm_f16(%a: tensor<37x29xf16>, %b: tensor<29x23xf16>) -> tensor<37x23xf16> {
    %r = tessel.kernel @k_mm_f16(%a, %b) : (tensor<37x29xf16>, tensor<29x23xf16>) -> tensor<37x23xf16>
        schedule = #tessel.schedule<block = [16, 32], thread = [2, 4], warps = 2> {
    ^bb0(%x: tensor<37x29xf16>, %y: tensor<29x23xf16>):
      %0 = tessel.matmul %x, %y : tensor<37x29xf16>, tensor<29x23xf16> -> tensor<37x23xf16>
      %1 = tessel.silu %0 : tensor<37x23xf16>
      tessel.yield %1 : tensor<37x23xf16>
    }
    return %r : tensor<37x23xf16>
  }
  func.func @norm_f16(%x: tensor<6x5x33xf16>, %g: tensor<33xf16>) -> tensor<6x5x33xf16> {
    %r = tessel.kernel @k_norm_f16(%x, %g) : (tensor<6x5x33xf16>, tensor<33xf16>) -> tensor<6x5x33xf16>
        schedule = #tessel.schedule<block = [2, 4, 32], thread = [1, 2, 4], warps = 1> {
    ^bb0(%a: tensor<6x5x33xf16>, %s: tensor<33xf16>):
      %0 = tessel.layer_norm %a scale(%s) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x5x33xf16>, tensor<33xf16>) -> tensor<6x5x33xf16>
      tessel.yield %0 : tensor<6x5x33xf16>
    }
    return %r : tensor<6x5x33xf16>
  }
  func.func @mm_bf16(%a: tensor<37x29xbf16>, %b: tensor<29x23xbf16>) -> tensor<37x23xbf16> {
    %r = tessel.kernel @k_mm_bf16(%a, %b) : (tensor<37x29xbf16>, tensor<29x23xbf16>) -> tensor<37x23xbf16>
        schedule = #tessel.schedule<block = [16, 32], thread = [2, 4], warps = 2> {
    ^bb0(%x: tensor<37x29xbf16>, %y: tensor<29x23xbf16>):
      %0 = tessel.matmul %x, %y : tensor<37x29xbf16>, tensor<29x23xbf16> -> tensor<37x23xbf16>
      %1 = tessel.silu %0 : tensor<37x23xbf16>
      tessel.yield %1 : tensor<37x23xbf16>
    }
    return %r : tensor<37x23xbf16>
  }
  func.func @norm_bf16(%x: tensor<6x5x33xbf16>, %g: tensor<33xbf16>) -> tensor<6x5x33xbf16> {
    %r = tessel.kernel @k_norm_bf16(%x, %g) : (tensor<6x5x33xbf16>, tensor<33xbf16>) -> tensor<6x5x33xbf16>
        schedule = #tessel.schedule<block = [2, 4, 32], thread = [1, 2, 4], warps = 1> {
    ^bb0(%a: tensor<6x5x33xbf16>, %s: tensor<33xbf16>):
      %0 = tessel.layer_norm %a scale(%s) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x5x33xbf16>, tensor<33xbf16>) -> tensor<6x5x33xbf16>
      tessel.yield %0 : tensor<6x5x33xbf16>
    }
    return %r : tensor<6x5x33xbf16>
  }
}

// CHECK-COUNT-12: {{^(kernel|func) @}}
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
// PTX: tessel-compile: 6 GPU kernel(s) for h100
// PTX: k_mm_f32_kernel {{.*}} block 8x8x1
// PTX: k_norm_f32_kernel {{.*}} block 8x2x2
