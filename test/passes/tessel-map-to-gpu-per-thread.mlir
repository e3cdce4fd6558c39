// tessel-map-to-gpu: a block buffer [threads, n] marked tessel.per_thread
// (a row kernel's registers, tessel-tile-and-fuse's RowKernel.cpp), which
// each thread loop uses only through its thread's row, becomes one stack
// buffer [n] per thread, kept across the loops (and their barriers): the
// value a thread stores before the barrier is the one it loads after. It
// is not shared memory; the plain block buffer beside it is.
// RUN: tessel-opt %s --tessel-map-to-gpu | FileCheck %s

// CHECK-LABEL: func.func private @registers_across_barriers
// CHECK: gpu.launch
// CHECK-SAME: workgroup(%[[SHARED:.*]] : memref<64xf32, #gpu.address_space<workgroup>>) {
// CHECK-NEXT: %[[OWN:.*]] = memref.alloca() : memref<4xf32>
// CHECK-NOT: memref.alloc
// CHECK: vector.store %{{.*}}, %[[OWN]][%{{.*}}] : memref<4xf32>, vector<4xf32>
// CHECK: memref.store %{{.*}}, %[[SHARED]]
// CHECK: gpu.barrier
// CHECK: vector.load %[[OWN]][%{{.*}}] : memref<4xf32>, vector<4xf32>
// CHECK: gpu.terminator
func.func private @registers_across_barriers(%x: memref<8x64x4xf32>) attributes {tessel.kernel} {
  %c0 = arith.constant 0 : index
  scf.forall (%i) in (8) {
    %regs = memref.alloc() {tessel.per_thread} : memref<64x4xf32>
    %sums = memref.alloc() : memref<64xf32>
    scf.forall (%t) in (64) {
      %mine = memref.subview %regs[%t, 0] [1, 4] [1, 1] : memref<64x4xf32> to memref<4xf32, strided<[1], offset: ?>>
      %v = vector.load %x[%i, %t, %c0] : memref<8x64x4xf32>, vector<4xf32>
      vector.store %v, %mine[%c0] : memref<4xf32, strided<[1], offset: ?>>, vector<4xf32>
      %s = vector.reduction <add>, %v : vector<4xf32> into f32
      memref.store %s, %sums[%t] : memref<64xf32>
    } {mapping = [#gpu.thread<x>]}
    scf.forall (%t) in (64) {
      %mine = memref.subview %regs[%t, 0] [1, 4] [1, 1] : memref<64x4xf32> to memref<4xf32, strided<[1], offset: ?>>
      %v = vector.load %mine[%c0] : memref<4xf32, strided<[1], offset: ?>>, vector<4xf32>
      %s = memref.load %sums[%c0] : memref<64xf32>
      %b = vector.broadcast %s : f32 to vector<4xf32>
      %y = arith.divf %v, %b : vector<4xf32>
      vector.store %y, %x[%i, %t, %c0] : memref<8x64x4xf32>, vector<4xf32>
    } {mapping = [#gpu.thread<x>]}
  } {mapping = [#gpu.block<x>]}
  return
}
