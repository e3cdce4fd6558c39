// RUN: tessel-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tessel-dynamic-shared-memory))' | FileCheck %s

// On the A100 a block may allocate 48 KiB statically and opt into 163 KiB:
// a launch whose buffers take 40 + 20 KiB gets them as views of one
// dynamic buffer (each at a 128-byte-aligned offset: 40960 is one), and
// launches with their 61440 bytes; one within the static limit keeps its
// workgroup buffers.
module attributes {tessel.target = #tessel.target<"a100">} {
  // CHECK-LABEL: func.func @large
  // CHECK: %[[SIZE:.*]] = arith.constant 61440 : i32
  // CHECK: gpu.launch
  // CHECK-SAME: dynamic_shared_memory_size %[[SIZE]]
  // CHECK-NOT: workgroup(
  // CHECK: %[[DYN:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
  // CHECK: %[[C0:.*]] = arith.constant 0 : index
  // CHECK: %[[A:.*]] = memref.view %[[DYN]][%[[C0]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x80xf32, #gpu.address_space<workgroup>>
  // CHECK: %[[C40960:.*]] = arith.constant 40960 : index
  // CHECK: %[[B:.*]] = memref.view %[[DYN]][%[[C40960]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x80xf32, #gpu.address_space<workgroup>>
  // CHECK: memref.store %{{.*}}, %[[A]]
  // CHECK: memref.store %{{.*}}, %[[B]]
  func.func @large(%v: f32) {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
               workgroup(%a : memref<128x80xf32, #gpu.address_space<workgroup>>,
                         %b : memref<64x80xf32, #gpu.address_space<workgroup>>) {
      memref.store %v, %a[%c0, %c0] : memref<128x80xf32, #gpu.address_space<workgroup>>
      memref.store %v, %b[%c0, %c0] : memref<64x80xf32, #gpu.address_space<workgroup>>
      gpu.terminator
    }
    return
  }

  // CHECK-LABEL: func.func @small
  // CHECK: gpu.launch
  // CHECK-SAME: workgroup(%{{.*}} : memref<64x64xf32, #gpu.address_space<workgroup>>)
  // CHECK-NOT: dynamic_shared_memory
  func.func @small(%v: f32) {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
               workgroup(%a : memref<64x64xf32, #gpu.address_space<workgroup>>) {
      memref.store %v, %a[%c0, %c0] : memref<64x64xf32, #gpu.address_space<workgroup>>
      gpu.terminator
    }
    return
  }
}

// -----

// On AMD a launch within the 64 KiB of LDS a block may allocate keeps its
// buffers (past it, see @amd_overlay).
module attributes {tessel.target = #tessel.target<"mi300x">} {
  // CHECK-LABEL: func.func @amd
  // CHECK: workgroup(%{{.*}} : memref<128x120xf32, #gpu.address_space<workgroup>>)
  // CHECK-NOT: gpu.dynamic_shared_memory
  func.func @amd(%v: f32) {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
               workgroup(%a : memref<128x120xf32, #gpu.address_space<workgroup>>) {
      memref.store %v, %a[%c0, %c0] : memref<128x120xf32, #gpu.address_space<workgroup>>
      gpu.terminator
    }
    return
  }
}

// -----

// Buffers whose uses do not overlap share bytes: %acc is first used after
// the last use of %stage (written by cp.async: its copies drained) and of
// %tile, with a barrier between, so it takes offset 0 over both (%tile at
// 128, aligned); without the barrier (@no_barrier) or without the drain of
// the copies (@copies_in_flight) each buffer keeps bytes of its own.
module attributes {tessel.target = #tessel.target<"a100">} {
  // CHECK-LABEL: func.func @overlay
  // CHECK: %[[SIZE:.*]] = arith.constant 65536 : i32
  // CHECK: dynamic_shared_memory_size %[[SIZE]]
  // CHECK: %[[DYN:.*]] = gpu.dynamic_shared_memory
  // CHECK: %[[C0:.*]] = arith.constant 0 : index
  // CHECK: memref.view %[[DYN]][%[[C0]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x128xf32, #gpu.address_space<workgroup>>
  // CHECK: %[[C0B:.*]] = arith.constant 0 : index
  // CHECK: memref.view %[[DYN]][%[[C0B]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16xf32, #gpu.address_space<workgroup>>
  // CHECK: %[[C128:.*]] = arith.constant 128 : index
  // CHECK: memref.view %[[DYN]][%[[C128]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64x64xf32, #gpu.address_space<workgroup>>
  func.func @overlay(%v: f32, %src: memref<16xf32>) {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
               workgroup(%acc : memref<128x128xf32, #gpu.address_space<workgroup>>,
                         %stage : memref<16xf32, #gpu.address_space<workgroup>>,
                         %tile : memref<64x64xf32, #gpu.address_space<workgroup>>) {
      %copy = nvgpu.device_async_copy %src[%c0], %stage[%c0], 4 : memref<16xf32> to memref<16xf32, #gpu.address_space<workgroup>>
      memref.store %v, %tile[%c0, %c0] : memref<64x64xf32, #gpu.address_space<workgroup>>
      %group = nvgpu.device_async_create_group %copy
      nvgpu.device_async_wait %group {numGroups = 0 : i32}
      gpu.barrier
      memref.store %v, %acc[%c0, %c0] : memref<128x128xf32, #gpu.address_space<workgroup>>
      gpu.terminator
    }
    return
  }

  // CHECK-LABEL: func.func @no_barrier
  // CHECK: arith.constant 81920 : i32
  func.func @no_barrier(%v: f32) {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
               workgroup(%acc : memref<128x128xf32, #gpu.address_space<workgroup>>,
                         %tile : memref<64x64xf32, #gpu.address_space<workgroup>>) {
      memref.store %v, %tile[%c0, %c0] : memref<64x64xf32, #gpu.address_space<workgroup>>
      memref.store %v, %acc[%c0, %c0] : memref<128x128xf32, #gpu.address_space<workgroup>>
      gpu.terminator
    }
    return
  }

  // CHECK-LABEL: func.func @copies_in_flight
  // CHECK: arith.constant 65664 : i32
  func.func @copies_in_flight(%v: f32, %src: memref<16xf32>) {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
               workgroup(%acc : memref<128x128xf32, #gpu.address_space<workgroup>>,
                         %stage : memref<16xf32, #gpu.address_space<workgroup>>) {
      %copy = nvgpu.device_async_copy %src[%c0], %stage[%c0], 4 : memref<16xf32> to memref<16xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      memref.store %v, %acc[%c0, %c0] : memref<128x128xf32, #gpu.address_space<workgroup>>
      gpu.terminator
    }
    return
  }
}

// -----

// On AMD a block may allocate 64 KiB of LDS and opt into no more: a launch
// whose buffers take more gets them placed as on NVIDIA, in one static
// workgroup buffer of the bytes they then take. Here the 64 KiB
// accumulator, first used after a barrier that follows the last use of the
// 16 KiB stage tile, overlays it: 65536 bytes, one attribution.
module attributes {tessel.target = #tessel.target<"mi300x">} {
  // CHECK-LABEL: func.func @amd_overlay
  // CHECK: gpu.launch
  // CHECK-NOT: dynamic_shared_memory_size
  // CHECK-SAME: workgroup(%[[LDS:.*]] : memref<65536xi8, #gpu.address_space<workgroup>>)
  // CHECK-NOT: gpu.dynamic_shared_memory
  // CHECK: %[[C0:.*]] = arith.constant 0 : index
  // CHECK: %[[ACC:.*]] = memref.view %[[LDS]][%[[C0]]][] : memref<65536xi8, #gpu.address_space<workgroup>> to memref<128x128xf32, #gpu.address_space<workgroup>>
  // CHECK: %[[C0B:.*]] = arith.constant 0 : index
  // CHECK: %[[TILE:.*]] = memref.view %[[LDS]][%[[C0B]]][] : memref<65536xi8, #gpu.address_space<workgroup>> to memref<64x64xf32, #gpu.address_space<workgroup>>
  // CHECK: memref.store %{{.*}}, %[[TILE]]
  // CHECK: gpu.barrier
  // CHECK: memref.store %{{.*}}, %[[ACC]]
  func.func @amd_overlay(%v: f32) {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
               workgroup(%acc : memref<128x128xf32, #gpu.address_space<workgroup>>,
                         %tile : memref<64x64xf32, #gpu.address_space<workgroup>>) {
      memref.store %v, %tile[%c0, %c0] : memref<64x64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      memref.store %v, %acc[%c0, %c0] : memref<128x128xf32, #gpu.address_space<workgroup>>
      gpu.terminator
    }
    return
  }
}

// -----

// A buffer laid out with the 128-byte swizzle (a wgmma descriptor's address
// marked tessel.swizzled_tile, as tessel-lower-mma marks the attention's
// key and value tiles) goes on a 1024-byte boundary: after the 40 KiB + 64
// bytes of the first buffer, at 41984 rather than 41088; the dynamic
// buffer (16-byte aligned) is 1008 bytes larger, and the views start at its
// first 1024-byte boundary, computed from its address.
module attributes {tessel.target = #tessel.target<"a100">} {
  // CHECK-LABEL: func.func @swizzled
  // CHECK: %[[SIZE:.*]] = arith.constant 59376 : i32
  // CHECK: dynamic_shared_memory_size %[[SIZE]]
  // CHECK: %[[DYN:.*]] = gpu.dynamic_shared_memory
  // CHECK: %[[ADDRESS:.*]] = memref.extract_aligned_pointer_as_index %[[DYN]]
  // CHECK: %[[C1024:.*]] = arith.constant 1024 : index
  // CHECK: %[[MASK:.*]] = arith.constant 1023 : index
  // CHECK: %[[LOW:.*]] = arith.andi %[[ADDRESS]], %[[MASK]]
  // CHECK: %[[UP:.*]] = arith.subi %[[C1024]], %[[LOW]]
  // CHECK: %[[ORIGIN:.*]] = arith.andi %[[UP]], %[[MASK]]
  // CHECK: %[[C0:.*]] = arith.constant 0 : index
  // CHECK: %[[AT0:.*]] = arith.addi %[[ORIGIN]], %[[C0]]
  // CHECK: memref.view %[[DYN]][%[[AT0]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<10256xf32, #gpu.address_space<workgroup>>
  // CHECK: %[[C41984:.*]] = arith.constant 41984 : index
  // CHECK: %[[AT1:.*]] = arith.addi %[[ORIGIN]], %[[C41984]]
  // CHECK: %[[TILE:.*]] = memref.view %[[DYN]][%[[AT1]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128x64xbf16, #gpu.address_space<workgroup>>
  // CHECK: memref.extract_aligned_pointer_as_index %[[TILE]] {{.*}}{tessel.swizzled_tile}
  func.func @swizzled(%v: f32, %h: bf16) {
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
               workgroup(%a : memref<10256xf32, #gpu.address_space<workgroup>>,
                         %t : memref<128x64xbf16, #gpu.address_space<workgroup>>) {
      memref.store %v, %a[%c0] : memref<10256xf32, #gpu.address_space<workgroup>>
      memref.store %h, %t[%c0, %c0] : memref<128x64xbf16, #gpu.address_space<workgroup>>
      %p = memref.extract_aligned_pointer_as_index %t : memref<128x64xbf16, #gpu.address_space<workgroup>> -> index {tessel.swizzled_tile}
      gpu.terminator
    }
    return
  }
}
