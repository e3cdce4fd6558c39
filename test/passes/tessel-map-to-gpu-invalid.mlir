// tessel-map-to-gpu needs bufferized, tiled kernels.
// RUN: tessel-opt %s --split-input-file --tessel-map-to-gpu --verify-diagnostics

// expected-error @+1 {{'func.func' op must be bufferized before tessel-map-to-gpu}}
func.func private @k(%x: tensor<4xf32>) -> tensor<4xf32> attributes {tessel.kernel} {
  return %x : tensor<4xf32>
}

// -----

// expected-error @+1 {{'func.func' op kernel @k has no scf.forall mapped to GPU blocks (run tessel-tile-and-fuse first)}}
func.func private @k(%x: memref<4xf32>) attributes {tessel.kernel} {
  return
}

// -----

func.func private @k(%x: memref<4xf32>) attributes {tessel.kernel} {
  // expected-error @+1 {{'scf.forall' op has no nested scf.forall mapped to GPU threads}}
  scf.forall (%i) in (4) {
    %v = memref.load %x[%i] : memref<4xf32>
    memref.store %v, %x[%i] : memref<4xf32>
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

// A thread's buffer whose size nothing bounds cannot go on the stack, and a
// kernel never calls the device's malloc.
func.func private @k(%x: memref<4x?xf32>) attributes {tessel.kernel} {
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c1 : memref<4x?xf32>
  scf.forall (%i) in (4) {
    scf.forall (%j) in (32) {
      // expected-error @+1 {{'memref.alloc' op is a thread's buffer inside a GPU kernel whose size has no static upper bound; kernels allocate no memory}}
      %t = memref.alloc(%n) : memref<?xf32>
      %v = memref.load %t[%j] : memref<?xf32>
      memref.store %v, %x[%i, %j] : memref<4x?xf32>
    } {mapping = [#gpu.thread<x>]}
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

// A block's shared buffers must fit what one block may allocate on the
// module's GPU: one buffer of 80 KiB here, 64 KiB on an MI300X. (Buffers
// past the static limit, NVIDIA's dynamic shared memory or AMD's one LDS
// buffer, are placed so that those whose uses do not overlap share bytes:
// tessel-dynamic-shared-memory checks what they take; this pass checks
// that the largest fits on its own.)
module attributes {tessel.target = #tessel.target<"mi300x">} {
  // expected-error @+1 {{'func.func' op kernel @k needs 81920 bytes of shared memory per block, but a block on mi300x (gfx942) may allocate at most 65536 statically; give it smaller tiles or fewer stages}}
  func.func private @k(%x: memref<128x160xf32>) attributes {tessel.kernel} {
    scf.forall (%i) in (1) {
      %shared = memref.alloc() : memref<128x160xf32>
      scf.forall (%j) in (128) {
        %c0 = arith.constant 0 : index
        %v = memref.load %x[%j, %c0] : memref<128x160xf32>
        memref.store %v, %shared[%j, %c0] : memref<128x160xf32>
      } {mapping = [#gpu.thread<x>]}
      scf.forall (%j) in (128) {
        %c0 = arith.constant 0 : index
        %v = memref.load %shared[%j, %c0] : memref<128x160xf32>
        memref.store %v, %x[%j, %c0] : memref<128x160xf32>
      } {mapping = [#gpu.thread<x>]}
      memref.dealloc %shared : memref<128x160xf32>
    } {mapping = [#gpu.block<x>]}
    return
  }
}

// -----

// A per-thread buffer (tessel.per_thread) read at another thread's row
// cannot become each thread's own.
func.func private @k(%x: memref<64xf32>) attributes {tessel.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%i) in (2) {
    %regs = memref.alloc() {tessel.per_thread} : memref<64x4xf32>
    scf.forall (%t) in (64) {
      %n = arith.addi %t, %c1 : index
      %w = arith.remui %n, %c1 : index
      // expected-error @+1 {{'memref.subview' op uses a per-thread buffer other than as its thread's own row (a subview at the thread loop's index)}}
      %other = memref.subview %regs[%w, 0] [1, 4] [1, 1] : memref<64x4xf32> to memref<4xf32, strided<[1], offset: ?>>
      %v = memref.load %other[%c0] : memref<4xf32, strided<[1], offset: ?>>
      memref.store %v, %x[%t] : memref<64xf32>
    } {mapping = [#gpu.thread<x>]}
  } {mapping = [#gpu.block<x>]}
  return
}

// -----

// Nor one a thread loop reads whole.
func.func private @k(%x: memref<64xf32>) attributes {tessel.kernel} {
  %c0 = arith.constant 0 : index
  scf.forall (%i) in (2) {
    %regs = memref.alloc() {tessel.per_thread} : memref<64x4xf32>
    scf.forall (%t) in (64) {
      // expected-error @+1 {{'memref.load' op uses a per-thread buffer other than as its thread's own row (a subview at the thread loop's index)}}
      %v = memref.load %regs[%t, %c0] : memref<64x4xf32>
      memref.store %v, %x[%t] : memref<64xf32>
    } {mapping = [#gpu.thread<x>]}
  } {mapping = [#gpu.block<x>]}
  return
}
