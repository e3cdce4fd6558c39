// With a target, tessel-form-kernels asks the cost model whether each join
// pays (policy=auto, the default, is policy=model here); explain=true makes
// each decision a remark with the three predicted times.
// RUN: tessel-opt %s --tessel-form-kernels | FileCheck %s
// RUN: tessel-opt %s --tessel-form-kernels=policy=rule | FileCheck %s --check-prefix=RULE
// RUN: tessel-opt %s --tessel-form-kernels=explain=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
//
// An epilogue (bias, relu) saves the intermediate's trip to DRAM and two
// launches: fused. An erf-gelu before a layer_norm costs nothing in the
// fused kernel, which is bound by its loads (the block's threads share each
// row's statistics): fused. A transpose after a matmul: the best schedule of
// the matmul takes a K step, which leaves each block's tile of the product
// in shared memory, and the transpose reads it there by columns without
// touching the operand reads: fused too, at no predicted cost.
// CHECK: tessel.kernel @model_k0_matmul
// CHECK-NEXT: ^bb0
// CHECK-NEXT: tessel.matmul
// CHECK-NEXT: tessel.add
// CHECK-NEXT: tessel.relu
// CHECK-NEXT: tessel.yield
// CHECK: tessel.kernel @model_k1_layer_norm
// CHECK-NEXT: ^bb0
// CHECK-NEXT: tessel.gelu
// CHECK-NEXT: tessel.layer_norm
// CHECK: tessel.kernel @transposed_k0_matmul
// CHECK-NEXT: ^bb0
// CHECK-NEXT: tessel.matmul
// CHECK-NEXT: tessel.transpose
// CHECK-NEXT: tessel.yield
// CHECK-NOT: tessel.kernel @transposed_k1
// RULE: tessel.kernel @model_k0_matmul
// RULE: tessel.kernel @model_k1_layer_norm
// RULE: tessel.kernel @transposed_k0_matmul
// RULE-NEXT: ^bb0
// RULE-NEXT: tessel.matmul
// RULE-NEXT: tessel.transpose
// EXPLAIN: remark: joins its producer's kernel: {{[0-9.]+}} us fused against {{[0-9.]+}} + {{[0-9.]+}} us apart on h100
// EXPLAIN: remark: joins its producer's kernel: {{[0-9.]+}} us fused against {{[0-9.]+}} + {{[0-9.]+}} us apart on h100
// EXPLAIN: remark: joins its producer's kernel: {{[0-9.]+}} us fused against {{[0-9.]+}} + {{[0-9.]+}} us apart on h100
// EXPLAIN: remark: joins its producer's kernel: {{[0-9.]+}} us fused against {{[0-9.]+}} + {{[0-9.]+}} us apart on h100
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<4096x4096xbf16>, %w: tensor<4096x1024xbf16>, %b: tensor<1024xbf16>, %g: tensor<4096xbf16>) -> (tensor<4096x1024xbf16>, tensor<4096x4096xbf16>) {
    %0 = tessel.matmul %x, %w : tensor<4096x4096xbf16>, tensor<4096x1024xbf16> -> tensor<4096x1024xbf16>
    %1 = tessel.add %0, %b : tensor<4096x1024xbf16>, tensor<1024xbf16> -> tensor<4096x1024xbf16>
    %2 = tessel.relu %1 : tensor<4096x1024xbf16>
    %3 = tessel.gelu erf %x : tensor<4096x4096xbf16>
    %4 = tessel.layer_norm %3 scale(%g) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<4096x4096xbf16>, tensor<4096xbf16>) -> tensor<4096x4096xbf16>
    return %2, %4 : tensor<4096x1024xbf16>, tensor<4096x4096xbf16>
  }
  func.func @transposed(%x: tensor<2048x1024xf32>, %w: tensor<1024x2048xf32>) -> tensor<2048x2048xf32> {
    %0 = tessel.matmul %x, %w : tensor<2048x1024xf32>, tensor<1024x2048xf32> -> tensor<2048x2048xf32>
    %1 = tessel.transpose %0 permutation = [1, 0] : tensor<2048x2048xf32> -> tensor<2048x2048xf32>
    return %1 : tensor<2048x2048xf32>
  }
}
