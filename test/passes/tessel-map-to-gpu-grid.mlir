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

// 56 rows in tiles of 32 leave a remainder of 24 (the tiles do not divide,
// so each thread computes its rows' means itself): 4 threads along the
// rows hold 8 rows each, 6 in the remainder tile; the mean buffer has a
// size of 6 or 8, bounded by 8: tessel-tile-and-fuse cuts it from a buffer
// of 8 (static strides, so constant indices are constant addresses), which
// goes on the stack.
// CHECK-LABEL: func.func private @center_remainder
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %c1{{.*}}, %{{.*}} = %c2{{.*}}, %{{.*}} = %c1{{.*}}) threads(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %c8{{.*}}, %{{.*}} = %c4{{.*}}, %{{.*}} = %c1{{.*}})
// CHECK-NOT: memref.alloc(
// CHECK: %[[BUF:.*]] = memref.alloca() {alignment = 64 : i64} : memref<8xf32>
// CHECK-NOT: memref.alloc(
// CHECK: memref.subview %[[BUF]][0] [%{{.*}}] [1] : memref<8xf32> to memref<?xf32, strided<[1]>>
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
  func.func @center(%x: tensor<56x8xf32>) -> tensor<56x8xf32> {
    %0 = tessel.kernel @center_remainder(%x) : (tensor<56x8xf32>) -> tensor<56x8xf32>
        schedule = #tessel.schedule<block = [32, 8], warps = 1> {
    ^bb0(%a: tensor<56x8xf32>):
      %m = tessel.reduce mean %a dims = [1] keep_dims : tensor<56x8xf32> -> tensor<56x1xf32>
      %c = tessel.sub %a, %m : tensor<56x8xf32>, tensor<56x1xf32> -> tensor<56x8xf32>
      tessel.yield %c : tensor<56x8xf32>
    }
    return %0 : tensor<56x8xf32>
  }
}
