// tessel.clamp on the CPU path against the reference, in all three types:
// both bounds (ReLU6's form, scaled into the inputs' [-1, 1)), one bound
// each way, and as the epilogue of a matmul with a bias on sizes no tile
// divides, where tessel-form-kernels fuses it into the matmul's kernel.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: tessel-opt --tessel-set-target=target=h100 --tessel-form-kernels %s | FileCheck %s --check-prefix=FUSED

// FUSED-LABEL: func.func @linear_relu6_bf16
// FUSED: tessel.kernel @linear_relu6_bf16_k0_matmul
// FUSED: tessel.matmul
// FUSED: tessel.add
// FUSED: tessel.clamp %{{.*}} min = 0.000000e+00 max = 6.000000e+00
// FUSED: tessel.yield
// FUSED-NOT: tessel.kernel
// FUSED: return

// CHECK-LABEL: func @clamp_f32
// CHECK-COUNT-3: ok
func.func @clamp_f32(%x: tensor<5x7x9xf32>) -> (tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>) {
  %0 = tessel.clamp %x min = -0.25 max = 0.5 : tensor<5x7x9xf32>
  %1 = tessel.clamp %x min = 0.1 : tensor<5x7x9xf32>
  %2 = tessel.clamp %x max = -0.3 : tensor<5x7x9xf32>
  return %0, %1, %2 : tensor<5x7x9xf32>, tensor<5x7x9xf32>, tensor<5x7x9xf32>
}

// CHECK-LABEL: func @clamp_f16
// CHECK-COUNT-3: ok
func.func @clamp_f16(%x: tensor<5x7x9xf16>) -> (tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>) {
  %0 = tessel.clamp %x min = -0.25 max = 0.5 : tensor<5x7x9xf16>
  %1 = tessel.clamp %x min = 0.1 : tensor<5x7x9xf16>
  %2 = tessel.clamp %x max = -0.3 : tensor<5x7x9xf16>
  return %0, %1, %2 : tensor<5x7x9xf16>, tensor<5x7x9xf16>, tensor<5x7x9xf16>
}

// CHECK-LABEL: func @clamp_bf16
// CHECK-COUNT-3: ok
func.func @clamp_bf16(%x: tensor<5x7x9xbf16>) -> (tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>) {
  %0 = tessel.clamp %x min = -0.25 max = 0.5 : tensor<5x7x9xbf16>
  %1 = tessel.clamp %x min = 0.1 : tensor<5x7x9xbf16>
  %2 = tessel.clamp %x max = -0.3 : tensor<5x7x9xbf16>
  return %0, %1, %2 : tensor<5x7x9xbf16>, tensor<5x7x9xbf16>, tensor<5x7x9xbf16>
}

// A linear layer with ReLU6 (MobileNet-V2's pointwise convolutions): the
// matmul's sums reach past 6 with 96 terms, so the upper bound binds.
// CHECK-LABEL: func @linear_relu6_f32
// CHECK: ok
func.func @linear_relu6_f32(%x: tensor<37x96xf32>, %w: tensor<96x45xf32>, %b: tensor<45xf32>) -> tensor<37x45xf32> {
  %0 = tessel.matmul %x, %w : tensor<37x96xf32>, tensor<96x45xf32> -> tensor<37x45xf32>
  %1 = tessel.add %0, %b : tensor<37x45xf32>, tensor<45xf32> -> tensor<37x45xf32>
  %2 = tessel.clamp %1 min = 0.0 max = 6.0 : tensor<37x45xf32>
  return %2 : tensor<37x45xf32>
}

// CHECK-LABEL: func @linear_relu6_bf16
// CHECK: ok
func.func @linear_relu6_bf16(%x: tensor<37x96xbf16>, %w: tensor<96x45xbf16>, %b: tensor<45xbf16>) -> tensor<37x45xbf16> {
  %0 = tessel.matmul %x, %w : tensor<37x96xbf16>, tensor<96x45xbf16> -> tensor<37x45xbf16>
  %1 = tessel.add %0, %b : tensor<37x45xbf16>, tensor<45xbf16> -> tensor<37x45xbf16>
  %2 = tessel.clamp %1 min = 0.0 max = 6.0 : tensor<37x45xbf16>
  return %2 : tensor<37x45xbf16>
}
