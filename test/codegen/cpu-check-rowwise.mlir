// Reductions, softmax, layer_norm and rms_norm on the CPU path against the
// reference, in all three types, over sizes no tile divides.
// RUN: tessel-run %s --cpu --check | FileCheck %s

// CHECK-LABEL: func @reduce_f32
// CHECK-COUNT-4: ok
func.func @reduce_f32(%x: tensor<6x5x33xf32>) -> (tensor<6x5xf32>, tensor<1x5x1xf32>, tensor<33xf32>, tensor<f32>) {
  %0 = tessel.reduce sum %x dims = [2] : tensor<6x5x33xf32> -> tensor<6x5xf32>
  %1 = tessel.reduce max %x dims = [0, 2] keep_dims : tensor<6x5x33xf32> -> tensor<1x5x1xf32>
  %2 = tessel.reduce mean %x dims = [0, 1] : tensor<6x5x33xf32> -> tensor<33xf32>
  %3 = tessel.reduce sum %x dims = [0, 1, 2] : tensor<6x5x33xf32> -> tensor<f32>
  return %0, %1, %2, %3 : tensor<6x5xf32>, tensor<1x5x1xf32>, tensor<33xf32>, tensor<f32>
}

// CHECK-LABEL: func @softmax_f32
// CHECK-COUNT-2: ok
func.func @softmax_f32(%x: tensor<6x5x33xf32>) -> (tensor<6x5x33xf32>, tensor<6x5x33xf32>) {
  %0 = tessel.softmax %x dim = 2 : tensor<6x5x33xf32>
  %1 = tessel.softmax %x dim = 0 : tensor<6x5x33xf32>
  return %0, %1 : tensor<6x5x33xf32>, tensor<6x5x33xf32>
}

// CHECK-LABEL: func @norms_f32
// CHECK-COUNT-4: ok
func.func @norms_f32(%x: tensor<6x5x33xf32>, %g: tensor<33xf32>, %b: tensor<33xf32>, %g2: tensor<5x33xf32>) -> (tensor<6x5x33xf32>, tensor<6x5x33xf32>, tensor<6x5x33xf32>, tensor<6x5x33xf32>) {
  %0 = tessel.layer_norm %x scale(%g) bias(%b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x5x33xf32>, tensor<33xf32>, tensor<33xf32>) -> tensor<6x5x33xf32>
  %1 = tessel.layer_norm %x scale(%g2) normalized_rank = 2 epsilon = 1.0e-05 : (tensor<6x5x33xf32>, tensor<5x33xf32>) -> tensor<6x5x33xf32>
  %2 = tessel.rms_norm %x scale(%g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x5x33xf32>, tensor<33xf32>) -> tensor<6x5x33xf32>
  %3 = tessel.rms_norm %x bias(%b) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x5x33xf32>, tensor<33xf32>) -> tensor<6x5x33xf32>
  return %0, %1, %2, %3 : tensor<6x5x33xf32>, tensor<6x5x33xf32>, tensor<6x5x33xf32>, tensor<6x5x33xf32>
}

// CHECK-LABEL: func @reduce_f16
// CHECK-COUNT-4: ok
func.func @reduce_f16(%x: tensor<6x5x33xf16>) -> (tensor<6x5xf16>, tensor<1x5x1xf16>, tensor<33xf16>, tensor<f16>) {
  %0 = tessel.reduce sum %x dims = [2] : tensor<6x5x33xf16> -> tensor<6x5xf16>
  %1 = tessel.reduce max %x dims = [0, 2] keep_dims : tensor<6x5x33xf16> -> tensor<1x5x1xf16>
  %2 = tessel.reduce mean %x dims = [0, 1] : tensor<6x5x33xf16> -> tensor<33xf16>
  %3 = tessel.reduce sum %x dims = [0, 1, 2] : tensor<6x5x33xf16> -> tensor<f16>
  return %0, %1, %2, %3 : tensor<6x5xf16>, tensor<1x5x1xf16>, tensor<33xf16>, tensor<f16>
}

// CHECK-LABEL: func @softmax_f16
// CHECK-COUNT-2: ok
func.func @softmax_f16(%x: tensor<6x5x33xf16>) -> (tensor<6x5x33xf16>, tensor<6x5x33xf16>) {
  %0 = tessel.softmax %x dim = 2 : tensor<6x5x33xf16>
  %1 = tessel.softmax %x dim = 0 : tensor<6x5x33xf16>
  return %0, %1 : tensor<6x5x33xf16>, tensor<6x5x33xf16>
}

// CHECK-LABEL: func @norms_f16
// CHECK-COUNT-4: ok
func.func @norms_f16(%x: tensor<6x5x33xf16>, %g: tensor<33xf16>, %b: tensor<33xf16>, %g2: tensor<5x33xf16>) -> (tensor<6x5x33xf16>, tensor<6x5x33xf16>, tensor<6x5x33xf16>, tensor<6x5x33xf16>) {
  %0 = tessel.layer_norm %x scale(%g) bias(%b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x5x33xf16>, tensor<33xf16>, tensor<33xf16>) -> tensor<6x5x33xf16>
  %1 = tessel.layer_norm %x scale(%g2) normalized_rank = 2 epsilon = 1.0e-05 : (tensor<6x5x33xf16>, tensor<5x33xf16>) -> tensor<6x5x33xf16>
  %2 = tessel.rms_norm %x scale(%g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x5x33xf16>, tensor<33xf16>) -> tensor<6x5x33xf16>
  %3 = tessel.rms_norm %x bias(%b) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x5x33xf16>, tensor<33xf16>) -> tensor<6x5x33xf16>
  return %0, %1, %2, %3 : tensor<6x5x33xf16>, tensor<6x5x33xf16>, tensor<6x5x33xf16>, tensor<6x5x33xf16>
}

// CHECK-LABEL: func @reduce_bf16
// CHECK-COUNT-4: ok
func.func @reduce_bf16(%x: tensor<6x5x33xbf16>) -> (tensor<6x5xbf16>, tensor<1x5x1xbf16>, tensor<33xbf16>, tensor<bf16>) {
  %0 = tessel.reduce sum %x dims = [2] : tensor<6x5x33xbf16> -> tensor<6x5xbf16>
  %1 = tessel.reduce max %x dims = [0, 2] keep_dims : tensor<6x5x33xbf16> -> tensor<1x5x1xbf16>
  %2 = tessel.reduce mean %x dims = [0, 1] : tensor<6x5x33xbf16> -> tensor<33xbf16>
  %3 = tessel.reduce sum %x dims = [0, 1, 2] : tensor<6x5x33xbf16> -> tensor<bf16>
  return %0, %1, %2, %3 : tensor<6x5xbf16>, tensor<1x5x1xbf16>, tensor<33xbf16>, tensor<bf16>
}

// CHECK-LABEL: func @softmax_bf16
// CHECK-COUNT-2: ok
func.func @softmax_bf16(%x: tensor<6x5x33xbf16>) -> (tensor<6x5x33xbf16>, tensor<6x5x33xbf16>) {
  %0 = tessel.softmax %x dim = 2 : tensor<6x5x33xbf16>
  %1 = tessel.softmax %x dim = 0 : tensor<6x5x33xbf16>
  return %0, %1 : tensor<6x5x33xbf16>, tensor<6x5x33xbf16>
}

// CHECK-LABEL: func @norms_bf16
// CHECK-COUNT-4: ok
func.func @norms_bf16(%x: tensor<6x5x33xbf16>, %g: tensor<33xbf16>, %b: tensor<33xbf16>, %g2: tensor<5x33xbf16>) -> (tensor<6x5x33xbf16>, tensor<6x5x33xbf16>, tensor<6x5x33xbf16>, tensor<6x5x33xbf16>) {
  %0 = tessel.layer_norm %x scale(%g) bias(%b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x5x33xbf16>, tensor<33xbf16>, tensor<33xbf16>) -> tensor<6x5x33xbf16>
  %1 = tessel.layer_norm %x scale(%g2) normalized_rank = 2 epsilon = 1.0e-05 : (tensor<6x5x33xbf16>, tensor<5x33xbf16>) -> tensor<6x5x33xbf16>
  %2 = tessel.rms_norm %x scale(%g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x5x33xbf16>, tensor<33xbf16>) -> tensor<6x5x33xbf16>
  %3 = tessel.rms_norm %x bias(%b) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x5x33xbf16>, tensor<33xbf16>) -> tensor<6x5x33xbf16>
  return %0, %1, %2, %3 : tensor<6x5x33xbf16>, tensor<6x5x33xbf16>, tensor<6x5x33xbf16>, tensor<6x5x33xbf16>
}

// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
