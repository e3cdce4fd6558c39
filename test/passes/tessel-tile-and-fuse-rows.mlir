// A kernel that is one rms_norm (or softmax along its innermost dim, or
// layer_norm) becomes the row kernel (passes/tiling/RowKernel.h), already on
// buffers: 6 rows of 256 bf16 in blocks of 4 rows (2 blocks, the last
// half empty), 64 threads (16 a row), vectors of 8: each thread reads its
// two vectors once into its own registers ([64, 16] f32 marked
// tessel.per_thread, used only through its thread's row), leaves its
// partial sum of squares in shared memory, and after the barrier reads its
// row's 16 partials, scales the vectors it kept and writes them; threads of
// the rows past the last (rows 6, 7) read row 5 and write nothing.
// RUN: tessel-opt %s --tessel-tile-and-fuse | FileCheck %s

// CHECK-LABEL: func.func private @k(
// CHECK-NOT: linalg.
// CHECK: %[[X:.*]] = bufferization.to_buffer %arg0 read_only : tensor<6x256xbf16> to memref<6x256xbf16>
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<6x256xbf16>
// CHECK: %[[G:.*]] = bufferization.to_buffer %arg1 read_only
// CHECK: scf.forall (%{{.*}}) in (2) {
// CHECK: %[[REGS:.*]] = memref.alloc() {tessel.per_thread} : memref<64x16xf32>
// CHECK: %[[PARTIALS:.*]] = memref.alloc() : memref<4x16xf32>
// Phase 1: the row's two vectors, once, into the thread's registers.
// CHECK: scf.forall (%[[T:.*]]) in (64) {
// CHECK: %[[ROW:.*]] = arith.minsi %{{.*}}, %c5
// CHECK: %[[MINE:.*]] = memref.subview %[[REGS]][%[[T]], 0] [1, 16] [1, 1]
// CHECK: vector.load %[[X]][%[[ROW]], %{{.*}}] : memref<6x256xbf16>, vector<8xbf16>
// CHECK: vector.store %{{.*}}, %[[MINE]]
// CHECK: vector.load %[[X]][%[[ROW]], %{{.*}}] : memref<6x256xbf16>, vector<8xbf16>
// CHECK: vector.store %{{.*}}, %[[MINE]]
// CHECK: memref.store %{{.*}}, %[[PARTIALS]]
// CHECK: } {mapping = [#gpu.thread<x>]}
// Phase 2: the row's 16 partials, then the kept vectors scaled and written
// (rows past the last skip the write); no read of the input.
// CHECK: scf.forall (%[[T2:.*]]) in (64) {
// CHECK: %[[IN:.*]] = arith.cmpi slt
// CHECK: %[[MINE2:.*]] = memref.subview %[[REGS]][%[[T2]], 0] [1, 16] [1, 1]
// CHECK-COUNT-16: memref.load %[[PARTIALS]]
// CHECK: math.sqrt
// CHECK-NOT: vector.load %[[X]]
// CHECK: vector.load %[[MINE2]]
// CHECK: vector.load %[[G]]
// CHECK: scf.if %[[IN]] {
// CHECK: vector.store %{{.*}}, %[[OUT]]
// CHECK: } {mapping = [#gpu.thread<x>]}
// CHECK-NOT: scf.forall
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func private @k(%x: tensor<6x256xbf16>, %g: tensor<256xbf16>) -> tensor<6x256xbf16> attributes {tessel.kernel, tessel.schedule = #tessel.schedule<block = [4], warps = 2, vector = 8>} {
    %0 = tessel.rms_norm %x scale(%g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x256xbf16>, tensor<256xbf16>) -> tensor<6x256xbf16>
    return %0 : tensor<6x256xbf16>
  }
}
