// Folders: a cast or reshape to the type it already has disappears.
// RUN: tessel-opt %s --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @identity_cast_and_reshape
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
// CHECK-NOT: tessel.cast
// CHECK-NOT: tessel.reshape
// CHECK: return %[[X]]
func.func @identity_cast_and_reshape(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tessel.cast %x : tensor<4x8xf32> to tensor<4x8xf32>
  %1 = tessel.reshape %0 : tensor<4x8xf32> -> tensor<4x8xf32>
  return %1 : tensor<4x8xf32>
}

// CHECK-LABEL: func.func @real_cast_stays
// CHECK: tessel.cast %{{.*}} : tensor<4xf32> to tensor<4xbf16>
func.func @real_cast_stays(%x: tensor<4xf32>) -> tensor<4xbf16> {
  %0 = tessel.cast %x : tensor<4xf32> to tensor<4xbf16>
  return %0 : tensor<4xbf16>
}
