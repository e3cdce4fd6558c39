// tessel-register-staged-copies refuses what it cannot stage in registers:
// more than one step ahead, a pipelined kernel with no K loop copying into
// LDS, a K loop whose step does not end with a barrier.
// RUN: tessel-opt %s --tessel-register-staged-copies --split-input-file --verify-diagnostics

// Three stages would hold two steps' tiles in registers.
// expected-error @+1 {{tessel-register-staged-copies: schedule sets stages = 3; without asynchronous copies the next step's tiles wait in registers, one step ahead: stages = 2}}
func.func @three_stages(%a: memref<64xf32>) attributes {tessel.schedule = #tessel.schedule<block = [64], warps = 1, stages = 3>} {
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
