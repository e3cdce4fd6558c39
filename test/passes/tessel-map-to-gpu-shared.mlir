// tessel-map-to-gpu gives a block's own buffers (the partial results of a
// cooperative row reduction, outside every thread loop) to the launch as
// workgroup attributions (shared memory), with a barrier after each thread
// loop that fills them; per-thread buffers stay private.
// RUN: tessel-opt %s --tessel-lower-to-linalg --tessel-tile-and-fuse --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --cse --canonicalize --tessel-map-to-gpu | FileCheck %s

// The max's and the sum's partials: 2 rows x 32 threads each.
// CHECK-LABEL: func.func private @softmax_rows
// CHECK: gpu.launch {{.*}} workgroup(%[[A:.*]] : memref<2x32xf32, #gpu.address_space<workgroup>>, %[[B:.*]] : memref<2x32xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT: memref.alloc
// CHECK: memref.subview %[[B]]
// CHECK: arith.maximumf
// CHECK: gpu.barrier
// CHECK: memref.subview %[[A]]
// CHECK: math.exp
// CHECK: gpu.barrier
// CHECK: arith.divf
// CHECK: gpu.terminator
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<64x100xf32>) -> tensor<64x100xf32> {
    %0 = tessel.kernel @softmax_rows(%x) : (tensor<64x100xf32>) -> tensor<64x100xf32>
        schedule = #tessel.schedule<block = [2, 128], warps = 1> {
    ^bb0(%a: tensor<64x100xf32>):
      %1 = tessel.softmax %a dim = 1 : tensor<64x100xf32>
      tessel.yield %1 : tensor<64x100xf32>
    }
    return %0 : tensor<64x100xf32>
  }
}
