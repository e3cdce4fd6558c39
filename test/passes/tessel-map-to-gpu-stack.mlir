// tessel-map-to-gpu: a thread's buffer of a dynamic size (a remainder
// tile's) that reaches it as a memref.alloc goes on the stack with the
// static bound of its size, viewed at that size; a kernel never calls the
// device's malloc. (tessel-tile-and-fuse already cuts such buffers from one
// of their bound: tessel-map-to-gpu-grid.mlir.)
// RUN: tessel-opt %s --tessel-map-to-gpu | FileCheck %s

// CHECK-LABEL: func.func private @dynamic_thread_buffer
// CHECK: gpu.launch
// CHECK-NOT: memref.alloc(
// CHECK: %[[BUF:.*]] = memref.alloca() : memref<8xf32>
// CHECK: memref.reinterpret_cast %[[BUF]] to offset: [0], sizes: [%{{.*}}], strides: [1] : memref<8xf32> to memref<?xf32>
// CHECK-NOT: memref.alloc(
// CHECK: gpu.terminator
func.func private @dynamic_thread_buffer(%x: memref<4x32xf32>, %n: index) attributes {tessel.kernel} {
  %c0 = arith.constant 0 : index
  scf.forall (%i) in (4) {
    scf.forall (%j) in (32) {
      %m = affine.min affine_map<(d0) -> (d0, 8)>(%n)
      %t = memref.alloc(%m) : memref<?xf32>
      %v = memref.load %x[%i, %j] : memref<4x32xf32>
      memref.store %v, %t[%c0] : memref<?xf32>
      %w = memref.load %t[%c0] : memref<?xf32>
      memref.store %w, %x[%i, %j] : memref<4x32xf32>
      memref.dealloc %t : memref<?xf32>
    } {mapping = [#gpu.thread<x>]}
  } {mapping = [#gpu.block<x>]}
  return
}
