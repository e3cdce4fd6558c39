// tessel-map-to-gpu: a grid has three dimensions, so a block loop over four
// (a rank-4 softmax, one block per row) becomes one loop over all its blocks
// whose id is split back; and a thread's buffer of a remainder tile's size
// goes on the stack with its bound, never to the device's malloc.
// RUN: tessel-opt %s --tessel-lower-to-linalg --tessel-tile-and-fuse --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --cse --canonicalize --tessel-map-to-gpu | FileCheck %s

// 2 x 3 x 4 rows, one block each: 24 blocks along x.
// CHECK-LABEL: func.func private @softmax4d
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %c24{{.*}}, %{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}})
// CHECK: affine.delinearize_index %{{.*}} into (2, 3, 4, 1)
// CHECK: gpu.terminator

// 56 output columns in tiles of 32 leave a remainder: each thread's
// accumulator has a size of 0 or 1, bounded by 1.
// CHECK-LABEL: func.func private @conv_remainder
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %c32{{.*}}, %{{.*}} = %c1{{.*}}, %{{.*}} = %c1{{.*}})
// CHECK: affine.delinearize_index %{{.*}} into (1, 4, 2, 4)
// CHECK-NOT: memref.alloc(
// CHECK: memref.alloca() {alignment = 64 : i64} : memref<1x1x1x1x1xf32>
// CHECK-NOT: memref.alloc(
// CHECK: memref.reinterpret_cast
// CHECK-NOT: memref.alloc(
// CHECK: gpu.terminator
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%s: tensor<2x3x4x8xf32>) -> tensor<2x3x4x8xf32> {
    %0 = tessel.kernel @softmax4d(%s) : (tensor<2x3x4x8xf32>) -> tensor<2x3x4x8xf32>
        schedule = #tessel.schedule<block = [1, 1, 1, 8], warps = 1> {
    ^bb0(%x: tensor<2x3x4x8xf32>):
      %1 = tessel.softmax %x dim = 3 : tensor<2x3x4x8xf32>
      tessel.yield %1 : tensor<2x3x4x8xf32>
    }
    return %0 : tensor<2x3x4x8xf32>
  }
  func.func @conv(%x: tensor<1x4x56x8xf32>, %w: tensor<1x1x8x4xf32>) -> tensor<1x4x56x4xf32> {
    %0 = tessel.kernel @conv_remainder(%x, %w) : (tensor<1x4x56x8xf32>, tensor<1x1x8x4xf32>) -> tensor<1x4x56x4xf32>
        schedule = #tessel.schedule<block = [32, 1], warps = 1> {
    ^bb0(%a: tensor<1x4x56x8xf32>, %b: tensor<1x1x8x4xf32>):
      %1 = tessel.conv2d %a, %b strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<1x4x56x8xf32>, tensor<1x1x8x4xf32> -> tensor<1x4x56x4xf32>
      tessel.yield %1 : tensor<1x4x56x4xf32>
    }
    return %0 : tensor<1x4x56x4xf32>
  }
}
