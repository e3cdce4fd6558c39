// tessel-unroll-private-buffers refuses a budget below one operation, and
// warns where a private buffer must stay in local memory: a loop indexing
// it with no bound on its trip count, or one too large to unroll.
// RUN: not tessel-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tessel-unroll-private-buffers{max-unrolled-ops=0}))' 2>&1 | FileCheck %s --check-prefix=BUDGET
// BUDGET: error: tessel-unroll-private-buffers: max-unrolled-ops = 0 must be positive
// RUN: tessel-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tessel-unroll-private-buffers{max-unrolled-ops=64}))' --verify-diagnostics

func.func @unbounded(%n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %acc = memref.alloca() : memref<4xf32>
    // expected-warning @+1 {{indexes a thread's private buffer but its trip count has no constant bound: the buffer stays in local memory}}
    scf.for %i = %c0 to %n step %c1 {
      memref.store %cst, %acc[%i] : memref<4xf32>
    }
    gpu.terminator
  }
  return
}

// -----

func.func @too_large(%out: memref<256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %cst = arith.constant 1.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %acc = memref.alloca() : memref<256xf32>
    // expected-warning @+1 {{unrolling its 256 iterations of 2 operations would exceed max-unrolled-ops = 64}}
    scf.for %i = %c0 to %c256 step %c1 {
      memref.store %cst, %acc[%i] : memref<256xf32>
    }
    gpu.terminator
  }
  return
}
