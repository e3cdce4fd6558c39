// A scalar (a reduction over every dim) computed in the middle of a kernel
// and broadcast to the elements after it: each thread computes the scalar
// once, then its elements; checked against the reference in all three types,
// on shapes no tile divides, and compiled for sm_90a and gfx942 (and, with
// the whole suite, for sm_80 and gfx90a: tessel-compile-suite-*.test).
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: tessel-compile %s --target=h100 --emit=ptx -o %t/nv | FileCheck %s --check-prefix=GPU
// RUN: sed s/h100/mi300x/ %s > %t.amd.mlir && tessel-compile %t.amd.mlir --target=mi300x -o %t/amd | FileCheck %s --check-prefix=GPU

module attributes {tessel.target = #tessel.target<"h100">} {
  // Subtract the mean of the whole tensor: a scalar computed and used in one
  // kernel.
  func.func @center_f32(%x: tensor<37x100xf32>) -> tensor<37x100xf32> {
    %r = tessel.kernel @k_center_f32(%x) : (tensor<37x100xf32>) -> tensor<37x100xf32>
        schedule = #tessel.schedule<block = [16, 64], warps = 2> {
    ^bb0(%a: tensor<37x100xf32>):
      %m = tessel.reduce mean %a dims = [0, 1] : tensor<37x100xf32> -> tensor<f32>
      %c = tessel.sub %a, %m : tensor<37x100xf32>, tensor<f32> -> tensor<37x100xf32>
      tessel.yield %c : tensor<37x100xf32>
    }
    return %r : tensor<37x100xf32>
  }
  // Scale rows by the reciprocal of the largest magnitude of the tensor.
  func.func @scale_by_max_f32(%x: tensor<5x7x9xf32>) -> tensor<5x7x9xf32> {
    %r = tessel.kernel @k_scale_by_max_f32(%x) : (tensor<5x7x9xf32>) -> tensor<5x7x9xf32>
        schedule = #tessel.schedule<block = [4, 8], warps = 1> {
    ^bb0(%a: tensor<5x7x9xf32>):
      %e = tessel.exp %a : tensor<5x7x9xf32>
      %m = tessel.reduce max %e dims = [0, 1, 2] : tensor<5x7x9xf32> -> tensor<f32>
      %d = tessel.div %e, %m : tensor<5x7x9xf32>, tensor<f32> -> tensor<5x7x9xf32>
      tessel.yield %d : tensor<5x7x9xf32>
    }
    return %r : tensor<5x7x9xf32>
  }
  // Subtract the mean of the whole tensor: a scalar computed and used in one
  // kernel.
  func.func @center_f16(%x: tensor<37x100xf16>) -> tensor<37x100xf16> {
    %r = tessel.kernel @k_center_f16(%x) : (tensor<37x100xf16>) -> tensor<37x100xf16>
        schedule = #tessel.schedule<block = [16, 64], warps = 2> {
    ^bb0(%a: tensor<37x100xf16>):
      %m = tessel.reduce mean %a dims = [0, 1] : tensor<37x100xf16> -> tensor<f16>
      %c = tessel.sub %a, %m : tensor<37x100xf16>, tensor<f16> -> tensor<37x100xf16>
      tessel.yield %c : tensor<37x100xf16>
    }
    return %r : tensor<37x100xf16>
  }
  // Scale rows by the reciprocal of the largest magnitude of the tensor.
  func.func @scale_by_max_f16(%x: tensor<5x7x9xf16>) -> tensor<5x7x9xf16> {
    %r = tessel.kernel @k_scale_by_max_f16(%x) : (tensor<5x7x9xf16>) -> tensor<5x7x9xf16>
        schedule = #tessel.schedule<block = [4, 8], warps = 1> {
    ^bb0(%a: tensor<5x7x9xf16>):
      %e = tessel.exp %a : tensor<5x7x9xf16>
      %m = tessel.reduce max %e dims = [0, 1, 2] : tensor<5x7x9xf16> -> tensor<f16>
      %d = tessel.div %e, %m : tensor<5x7x9xf16>, tensor<f16> -> tensor<5x7x9xf16>
      tessel.yield %d : tensor<5x7x9xf16>
    }
    return %r : tensor<5x7x9xf16>
  }
  // Subtract the mean of the whole tensor: a scalar computed and used in one
  // kernel.
  func.func @center_bf16(%x: tensor<37x100xbf16>) -> tensor<37x100xbf16> {
    %r = tessel.kernel @k_center_bf16(%x) : (tensor<37x100xbf16>) -> tensor<37x100xbf16>
        schedule = #tessel.schedule<block = [16, 64], warps = 2> {
    ^bb0(%a: tensor<37x100xbf16>):
      %m = tessel.reduce mean %a dims = [0, 1] : tensor<37x100xbf16> -> tensor<bf16>
      %c = tessel.sub %a, %m : tensor<37x100xbf16>, tensor<bf16> -> tensor<37x100xbf16>
      tessel.yield %c : tensor<37x100xbf16>
    }
    return %r : tensor<37x100xbf16>
  }
  // Scale rows by the reciprocal of the largest magnitude of the tensor.
  func.func @scale_by_max_bf16(%x: tensor<5x7x9xbf16>) -> tensor<5x7x9xbf16> {
    %r = tessel.kernel @k_scale_by_max_bf16(%x) : (tensor<5x7x9xbf16>) -> tensor<5x7x9xbf16>
        schedule = #tessel.schedule<block = [4, 8], warps = 1> {
    ^bb0(%a: tensor<5x7x9xbf16>):
      %e = tessel.exp %a : tensor<5x7x9xbf16>
      %m = tessel.reduce max %e dims = [0, 1, 2] : tensor<5x7x9xbf16> -> tensor<bf16>
      %d = tessel.div %e, %m : tensor<5x7x9xbf16>, tensor<bf16> -> tensor<5x7x9xbf16>
      tessel.yield %d : tensor<5x7x9xbf16>
    }
    return %r : tensor<5x7x9xbf16>
  }
  // Kernels that return a reshape of what they compute: a scalar (the sum
  // of everything), and a hand-written reshape of the result. Each writes
  // its output buffer through the inverse view, so the GPU kernel's output
  // parameter is the result itself.
  func.func @total_f32(%x: tensor<6x5x33xf32>) -> tensor<f32> {
    %r = tessel.kernel @k_total_f32(%x) : (tensor<6x5x33xf32>) -> tensor<f32>
        schedule = #tessel.schedule<block = [1], warps = 4> {
    ^bb0(%a: tensor<6x5x33xf32>):
      %s = tessel.reduce sum %a dims = [0, 1, 2] : tensor<6x5x33xf32> -> tensor<f32>
      tessel.yield %s : tensor<f32>
    }
    return %r : tensor<f32>
  }
  func.func @flattened_exp_f16(%x: tensor<6x32xf16>) -> tensor<192xf16> {
    %r = tessel.kernel @k_flattened_exp_f16(%x) : (tensor<6x32xf16>) -> tensor<192xf16>
        schedule = #tessel.schedule<block = [2, 16], warps = 1> {
    ^bb0(%a: tensor<6x32xf16>):
      %e = tessel.exp %a : tensor<6x32xf16>
      %f = tessel.reshape %e : tensor<6x32xf16> -> tensor<192xf16>
      tessel.yield %f : tensor<192xf16>
    }
    return %r : tensor<192xf16>
  }
}

// CHECK-COUNT-16: {{^(kernel|func) @}}
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
// GPU: tessel-compile: 8 GPU kernel(s)
