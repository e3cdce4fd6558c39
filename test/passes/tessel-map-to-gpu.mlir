// tessel-map-to-gpu: the block loop becomes the grid of a gpu.launch and the
// thread loop its block; a kernel with two independent results gets two.
// RUN: tessel-opt %s --tessel-lower-to-linalg --tessel-tile-and-fuse --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --tessel-map-to-gpu | FileCheck %s

// 130 x 90 in 32 x 32 tiles is 5 x 3 blocks, linearized; 2 warps as 32 x 2.
// The K step's block buffers (the accumulator, a 32 x 16 tile of A in rows
// padded to 17, a 16 x 32 tile of B; for the rest of K = 70 after the loop
// of four whole steps, 32 x 6 of A padded to 7 and 6 x 32 of B) become the
// launch's workgroup memory, carried through
// the K loop; each thread's part of the accumulator is a stack buffer
// (registers) during a step; a barrier follows each thread loop (the
// copies, the steps).
// CHECK-LABEL: func.func private @mm_relu
// CHECK: gpu.launch blocks(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %c3{{.*}}, %{{.*}} = %c5{{.*}}, %{{.*}} = %c1{{.*}}) threads(%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}} = %c32{{.*}}, %{{.*}} = %c2{{.*}}, %{{.*}} = %c1{{.*}}) workgroup(%{{.*}} : memref<32x32xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<32x17xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<16x32xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<32x7xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<6x32xf32, #gpu.address_space<workgroup>>)
// CHECK: memref.alloca() {{.*}} : memref<16x1xf32>
// CHECK-NOT: memref.alloc()
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (memref<?x?xf32, strided<[32, 1]>, #gpu.address_space<workgroup>>)
// CHECK-COUNT-3: gpu.barrier
// CHECK-NOT: scf.forall
// CHECK: gpu.terminator
// CHECK-LABEL: func.func private @two_results
// CHECK-COUNT-2: gpu.launch
// Vector steps of kernel arguments become vector loads and stores aligned to
// their 16 bytes (tile-and-fuse only vectorizes whole, aligned steps). The
// result here is a buffer the function allocates, which keeps its element
// alignment (the pipelines make it an argument first).
// CHECK-LABEL: func.func private @bias_vector
// CHECK: gpu.launch
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<1x4xf32, strided<[256, 1], offset: ?>>, vector<4xf32>
// CHECK: vector.load %{{.*}} {alignment = 16 : i64} : memref<4xf32, strided<[1], offset: ?>>, vector<4xf32>
// CHECK: vector.store %{{.*}} : memref<1x4xf32, strided<[256, 1], offset: ?>>, vector<4xf32>
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%a: tensor<130x70xf32>, %b: tensor<70x90xf32>) -> tensor<130x90xf32> {
    %0 = tessel.kernel @mm_relu(%a, %b) : (tensor<130x70xf32>, tensor<70x90xf32>) -> tensor<130x90xf32>
        schedule = #tessel.schedule<block = [32, 32, 16], warps = 2> {
    ^bb0(%x: tensor<130x70xf32>, %y: tensor<70x90xf32>):
      %1 = tessel.matmul %x, %y : tensor<130x70xf32>, tensor<70x90xf32> -> tensor<130x90xf32>
      %2 = tessel.relu %1 : tensor<130x90xf32>
      tessel.yield %2 : tensor<130x90xf32>
    }
    return %0 : tensor<130x90xf32>
  }
  func.func @model2(%x: tensor<8x32xf32>) -> (tensor<8x32xf32>, tensor<8xf32>) {
    %0:2 = tessel.kernel @two_results(%x) : (tensor<8x32xf32>) -> (tensor<8x32xf32>, tensor<8xf32>)
        schedule = #tessel.schedule<block = [16, 64], warps = 4> {
    ^bb0(%a: tensor<8x32xf32>):
      %1 = tessel.exp %a : tensor<8x32xf32>
      %2 = tessel.reduce sum %a dims = [1] : tensor<8x32xf32> -> tensor<8xf32>
      tessel.yield %1, %2 : tensor<8x32xf32>, tensor<8xf32>
    }
    return %0#0, %0#1 : tensor<8x32xf32>, tensor<8xf32>
  }
  func.func @model3(%x: tensor<64x256xf32>, %b: tensor<256xf32>) -> tensor<64x256xf32> {
    %0 = tessel.kernel @bias_vector(%x, %b) : (tensor<64x256xf32>, tensor<256xf32>) -> tensor<64x256xf32>
        schedule = #tessel.schedule<block = [4, 128], warps = 1, vector = 4> {
    ^bb0(%a: tensor<64x256xf32>, %c: tensor<256xf32>):
      %1 = tessel.add %a, %c : tensor<64x256xf32>, tensor<256xf32> -> tensor<64x256xf32>
      tessel.yield %1 : tensor<64x256xf32>
    }
    return %0 : tensor<64x256xf32>
  }
}
