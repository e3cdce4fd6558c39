// RUN: tessel-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tessel-dynamic-shared-memory))' -verify-diagnostics

// A buffer past the static limit that a TMA load fills cannot move into
// dynamic shared memory: the swizzled destination needs 1024-byte
// alignment, which the dynamic buffer's base does not have.
module attributes {tessel.target = #tessel.target<"a100">} {
  // expected-error @+1 {{kernel @tma needs 65536 bytes of shared memory, more than the 49152 a block may allocate statically, and a TMA load writes into it}}
  func.func @tma(%map: !nvgpu.tensormap.descriptor<tensor = memref<64x64xbf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>) {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
               workgroup(%buf : memref<65536xi8, #gpu.address_space<workgroup>>) {
      %bar = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>>
      %view = memref.view %buf[%c0][] : memref<65536xi8, #gpu.address_space<workgroup>> to memref<64x64xbf16, #gpu.address_space<workgroup>>
      nvgpu.tma.async.load %map[%c0, %c0], %bar[%c0] to %view : <tensor = memref<64x64xbf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>, <memorySpace = #gpu.address_space<workgroup>> -> memref<64x64xbf16, #gpu.address_space<workgroup>>
      gpu.terminator
    }
    return
  }
}

// -----

// What the buffers take once those whose uses do not overlap share bytes
// must fit what a block may opt into: both of these are in use at once, 256
// KiB, over the 163 KiB of an A100.
module attributes {tessel.target = #tessel.target<"a100">} {
  // expected-error @+1 {{'func.func' op kernel @k needs 262144 bytes of shared memory per block, but a block on a100 (sm_80) may allocate at most 166912 (dynamic shared memory included); give it smaller tiles or fewer stages}}
  func.func @k(%v: f32) {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
               workgroup(%a : memref<128x256xf32, #gpu.address_space<workgroup>>,
                         %b : memref<128x256xf32, #gpu.address_space<workgroup>>) {
      memref.store %v, %a[%c0, %c0] : memref<128x256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %x = memref.load %a[%c0, %c0] : memref<128x256xf32, #gpu.address_space<workgroup>>
      memref.store %x, %b[%c0, %c0] : memref<128x256xf32, #gpu.address_space<workgroup>>
      gpu.terminator
    }
    return
  }
}

// -----

// On AMD, buffers in use at once past 64 KiB cannot share bytes: the
// overlay leaves 80 KiB, more than a block's LDS.
module attributes {tessel.target = #tessel.target<"mi300x">} {
  // expected-error @+1 {{'func.func' op kernel @amd needs 81920 bytes of shared memory per block, but a block on mi300x (gfx942) may allocate at most 65536 statically; give it smaller tiles or fewer stages}}
  func.func @amd(%v: f32) {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
               workgroup(%a : memref<128x128xf32, #gpu.address_space<workgroup>>,
                         %b : memref<64x64xf32, #gpu.address_space<workgroup>>) {
      memref.store %v, %b[%c0, %c0] : memref<64x64xf32, #gpu.address_space<workgroup>>
      memref.store %v, %a[%c0, %c0] : memref<128x128xf32, #gpu.address_space<workgroup>>
      gpu.terminator
    }
    return
  }
}
