// tessel-register-staged-copies refuses what it cannot stage in registers:
// more than two steps ahead, a pipelined kernel with no K loop copying into
// LDS, a K loop whose step does not end with a barrier, and with three
// stages a copy whose address the loop carries (its load cannot move a
// step earlier).
// RUN: tessel-opt %s --tessel-register-staged-copies --split-input-file --verify-diagnostics

// Four stages would hold three steps' tiles in registers.
// expected-error @+1 {{tessel-register-staged-copies: schedule sets stages = 4; without asynchronous copies the next steps' tiles wait in registers, one or two steps ahead: stages = 2 or 3}}
func.func @four_stages(%a: memref<64xf32>) attributes {tessel.schedule = #tessel.schedule<block = [64], warps = 1, stages = 4>} {
  return
}

// -----

// No K loop copying into shared memory.
// expected-error @+1 {{tessel-register-staged-copies: schedule sets stages = 2 but the kernel has no K loop copying into shared memory}}
func.func @no_k_loop(%a: memref<64xf32>) attributes {tessel.schedule = #tessel.schedule<block = [64], warps = 1, stages = 2>} {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c1, %uy = %c1, %uz = %c1) {
    %f = arith.constant 1.0 : f32
    memref.store %f, %a[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}

// -----

// A K loop whose step ends with its math, not a barrier: the next step's
// stores would have nothing to publish them.
func.func @no_final_barrier(%a: memref<64x64xf32>, %o: memref<64xf32>) attributes {tessel.schedule = #tessel.schedule<block = [64, 8], warps = 1, stages = 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c64, %uy = %c1, %uz = %c1) workgroup(%buf : memref<64x8xf32, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{tessel-register-staged-copies: the K loop's step does not end with a barrier}}
    scf.for %k = %c0 to %c64 step %c8 {
      %v = memref.load %a[%tx, %k] : memref<64x64xf32>
      memref.store %v, %buf[%tx, %c0] : memref<64x8xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %buf[%tx, %c0] : memref<64x8xf32, #gpu.address_space<workgroup>>
      memref.store %w, %o[%tx] : memref<64xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// Three stages, but the row a step copies is carried by the K loop: the
// next step's copy cannot be loaded a step earlier from the induction
// variable alone.
func.func @carried_address(%a: memref<64x64xf32>, %o: memref<64xf32>) attributes {tessel.schedule = #tessel.schedule<block = [64, 8], warps = 1, stages = 3>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c64, %uy = %c1, %uz = %c1) workgroup(%buf : memref<64x8xf32, #gpu.address_space<workgroup>>) {
    %last = scf.for %k = %c0 to %c64 step %c8 iter_args(%row = %tx) -> (index) {
      // expected-error @+1 {{tessel-register-staged-copies: a copy's address depends on a value the K loop carries; its load cannot move a step earlier}}
      %v = memref.load %a[%row, %k] : memref<64x64xf32>
      memref.store %v, %buf[%tx, %c0] : memref<64x8xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %buf[%tx, %c0] : memref<64x8xf32, #gpu.address_space<workgroup>>
      memref.store %w, %o[%tx] : memref<64xf32>
      %next = arith.remui %k, %c64 : index
      gpu.barrier
      scf.yield %next : index
    }
    gpu.terminator
  }
  return
}
