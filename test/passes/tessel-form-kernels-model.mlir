// With a target, tessel-form-kernels asks the cost model whether each join
// pays (policy=auto, the default, is policy=model here).
// RUN: tessel-opt %s --tessel-form-kernels | FileCheck %s
// RUN: tessel-opt %s --tessel-form-kernels=policy=rule | FileCheck %s --check-prefix=RULE
//
// An epilogue (bias, relu) saves the intermediate's trip to DRAM and two
// launches: fused. An erf-gelu before a layer_norm would be recomputed by
// every thread computing a row's mean and variance (32 threads share a row
// in the chosen schedule): 2.70 ms fused against 0.03 ms + 0.77 ms apart on
// the H100, so the model keeps it in its own kernel, where the rule fuses it.
// CHECK: tessel.kernel @model_k0_matmul
// CHECK-NEXT: ^bb0
// CHECK-NEXT: tessel.matmul
// CHECK-NEXT: tessel.add
// CHECK-NEXT: tessel.relu
// CHECK-NEXT: tessel.yield
// CHECK: tessel.kernel @model_k1_gelu
// CHECK-NEXT: ^bb0
// CHECK-NEXT: tessel.gelu
// CHECK-NEXT: tessel.yield
// CHECK: tessel.kernel @model_k2_layer_norm
// RULE: tessel.kernel @model_k0_matmul
// RULE: tessel.kernel @model_k1_layer_norm
// RULE-NEXT: ^bb0
// RULE-NEXT: tessel.gelu
// RULE-NEXT: tessel.layer_norm
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<4096x4096xbf16>, %w: tensor<4096x1024xbf16>, %b: tensor<1024xbf16>, %g: tensor<4096xbf16>) -> (tensor<4096x1024xbf16>, tensor<4096x4096xbf16>) {
    %0 = tessel.matmul %x, %w : tensor<4096x4096xbf16>, tensor<4096x1024xbf16> -> tensor<4096x1024xbf16>
    %1 = tessel.add %0, %b : tensor<4096x1024xbf16>, tensor<1024xbf16> -> tensor<4096x1024xbf16>
    %2 = tessel.relu %1 : tensor<4096x1024xbf16>
    %3 = tessel.gelu erf %x : tensor<4096x4096xbf16>
    %4 = tessel.layer_norm %3 scale(%g) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<4096x4096xbf16>, tensor<4096xbf16>) -> tensor<4096x4096xbf16>
    return %2, %4 : tensor<4096x1024xbf16>, tensor<4096x4096xbf16>
  }
}
