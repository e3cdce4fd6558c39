// tessel-map-to-gpu gives a block's own buffers (the partial results of a
// cooperative row reduction and its tree's, outside every thread loop) to
// the launch as
// workgroup attributions (shared memory), with a barrier after each thread
// loop that fills them; per-thread buffers stay private.
// RUN: tessel-opt %s --tessel-lower-to-linalg --tessel-tile-and-fuse --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --cse --canonicalize --tessel-map-to-gpu | FileCheck %s

// The max's and the sum's partials, 2 rows x 32 threads (one buffer: the
// max's are dead once its tree has run), and the two trees' second buffers
// of 2 x 16; a barrier after every step of each tree (32 -> 16 -> 8 -> 4 ->
// 2 -> 1 per row).
// CHECK-LABEL: func.func private @softmax_rows
// CHECK: gpu.launch {{.*}} workgroup(%[[P:.*]] : memref<2x32xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<2x16xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<2x16xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT: memref.alloc
// CHECK: memref.subview %[[P]]
// CHECK: arith.maximumf
// CHECK: gpu.barrier
// CHECK: arith.maximumf
// CHECK: gpu.barrier
// CHECK: arith.maximumf
// CHECK: gpu.barrier
// CHECK: arith.maximumf
// CHECK: gpu.barrier
// CHECK: arith.maximumf
// CHECK: gpu.barrier
// CHECK: arith.maximumf
// CHECK: gpu.barrier
// CHECK: memref.subview %[[P]]
// CHECK: math.exp
// CHECK: gpu.barrier
// CHECK: arith.addf
// CHECK: gpu.barrier
// CHECK: arith.addf
// CHECK: gpu.barrier
// CHECK: arith.addf
// CHECK: gpu.barrier
// CHECK: arith.addf
// CHECK: gpu.barrier
// CHECK: arith.addf
// CHECK: gpu.barrier
// CHECK: arith.divf
// CHECK: gpu.barrier
// CHECK-NEXT: gpu.terminator
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
