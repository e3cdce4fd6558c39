// tessel.constant (a splat) on the CPU path against the reference, in all
// three types: a scale, an additive offset reshaped before use (the reshape
// folds into the constant), a constant read by two kernels (each gets its
// own copy), and a constant fed to a softmax as its shift. No kernel takes a
// constant as an argument.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: tessel-opt --tessel-set-target=target=h100 --tessel-form-kernels %s | FileCheck %s --check-prefix=KERNELS

// KERNELS-LABEL: func.func @scale_f32
// KERNELS: tessel.kernel @scale_f32_k0_mul(%arg0) : (tensor<5x7xf32>)
// KERNELS-NEXT: ^bb0(%{{.*}}: tensor<5x7xf32>):
// KERNELS-NEXT: tessel.constant dense<1.250000e-01> : tensor<1xf32>
// KERNELS-NOT: tessel.constant
// KERNELS: return
// KERNELS-LABEL: func.func @shared_bf16
// KERNELS: tessel.kernel @shared_bf16_k0_matmul
// KERNELS: tessel.constant dense<5.000000e-01> : tensor<1xbf16>
// KERNELS: tessel.kernel @shared_bf16_k1_reduce
// KERNELS: tessel.constant dense<5.000000e-01> : tensor<1xbf16>
// KERNELS-NOT: tessel.constant
// KERNELS: return

// CHECK-LABEL: func @scale_f32
// CHECK: ok
func.func @scale_f32(%x: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %c = tessel.constant dense<0.125> : tensor<1xf32>
  %0 = tessel.mul %x, %c : tensor<5x7xf32>, tensor<1xf32> -> tensor<5x7xf32>
  return %0 : tensor<5x7xf32>
}

// CHECK-LABEL: func @offset_f16
// CHECK: ok
func.func @offset_f16(%x: tensor<3x5x7xf16>) -> tensor<3x5x7xf16> {
  %c = tessel.constant dense<0.1> : tensor<35xf16>
  %r = tessel.reshape %c : tensor<35xf16> -> tensor<5x7xf16>
  %0 = tessel.add %x, %r : tensor<3x5x7xf16>, tensor<5x7xf16> -> tensor<3x5x7xf16>
  return %0 : tensor<3x5x7xf16>
}

// CHECK-LABEL: func @shared_bf16
// CHECK: ok
func.func @shared_bf16(%x: tensor<9x16xbf16>, %w: tensor<16x12xbf16>) -> (tensor<9x12xbf16>, tensor<9xbf16>) {
  %c = tessel.constant dense<0.5> : tensor<1xbf16>
  %0 = tessel.matmul %x, %w : tensor<9x16xbf16>, tensor<16x12xbf16> -> tensor<9x12xbf16>
  %1 = tessel.mul %0, %c : tensor<9x12xbf16>, tensor<1xbf16> -> tensor<9x12xbf16>
  %2 = tessel.mul %x, %c : tensor<9x16xbf16>, tensor<1xbf16> -> tensor<9x16xbf16>
  %3 = tessel.reduce sum %2 dims = [1] : tensor<9x16xbf16> -> tensor<9xbf16>
  return %1, %3 : tensor<9x12xbf16>, tensor<9xbf16>
}

// CHECK-LABEL: func @shift_then_softmax_bf16
// CHECK: ok
func.func @shift_then_softmax_bf16(%x: tensor<6x40xbf16>) -> tensor<6x40xbf16> {
  %c = tessel.constant dense<-3.0> : tensor<6x40xbf16>
  %0 = tessel.add %x, %c : tensor<6x40xbf16>, tensor<6x40xbf16> -> tensor<6x40xbf16>
  %1 = tessel.softmax %0 dim = 1 : tensor<6x40xbf16>
  return %1 : tensor<6x40xbf16>
}
