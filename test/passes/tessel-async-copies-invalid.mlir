// tessel-async-copies refuses a pipelined kernel (stages > 1) whose copies
// do not have the shape tessel-tile-and-fuse gives them.
// RUN: tessel-opt %s --tessel-async-copies --split-input-file --verify-diagnostics

// No K loop copying into shared memory.
// expected-error @+1 {{tessel-async-copies: schedule sets stages = 2 but the kernel has no K loop copying into shared memory (a loop of one step folds away: such a kernel takes one stage)}}
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

// A K loop whose step is copied in the loop but never before it.
func.func @no_prologue(%a: memref<64x64xf32>) attributes {tessel.schedule = #tessel.schedule<block = [64, 8], warps = 1, stages = 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c64, %uy = %c1, %uz = %c1) workgroup(%buf : memref<64x8xf32, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{tessel-async-copies: expected the copies of 1 steps (1 copy loops each) before the K loop, found 0 copy loops}}
    scf.for %k = %c0 to %c64 step %c8 {
      scf.for %j = %c0 to %c8 step %c1 {
        %col = arith.addi %k, %j : index
        %v = memref.load %a[%tx, %col] : memref<64x64xf32>
        memref.store %v, %buf[%tx, %j] : memref<64x8xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
    }
    gpu.terminator
  }
  return
}

// -----

// A 2-byte copy: cp.async moves 4, 8 or 16 bytes.
func.func @two_bytes(%a: memref<64x64xf16>) attributes {tessel.schedule = #tessel.schedule<block = [64, 8], warps = 1, stages = 2>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c64, %uy = %c1, %uz = %c1) workgroup(%buf : memref<2x64x8xf16, #gpu.address_space<workgroup>>) {
    scf.for %j = %c0 to %c8 step %c1 {
      %v = memref.load %a[%tx, %j] : memref<64x64xf16>
      // expected-error @+1 {{tessel-async-copies: a copy into shared memory moves 2 bytes; cp.async moves 4, 8 or 16}}
      memref.store %v, %buf[%c0, %tx, %j] : memref<2x64x8xf16, #gpu.address_space<workgroup>>
    }
    scf.for %k = %c0 to %c64 step %c8 {
      scf.for %j = %c0 to %c8 step %c1 {
        %col = arith.addi %k, %j : index
        %v = memref.load %a[%tx, %col] : memref<64x64xf16>
        memref.store %v, %buf[%c1, %tx, %j] : memref<2x64x8xf16, #gpu.address_space<workgroup>>
      }
      gpu.barrier
    }
    gpu.terminator
  }
  return
}
