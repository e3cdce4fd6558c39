// tessel-warpgroup-pipeline refuses a wgmma kernel's key loop that does not
// have the shape tessel-async-copies and tessel-lower-mma give the fused
// attention (its copies, their wait, a barrier, the products; a barrier at
// the end), and a block that is not one or two whole warpgroups.
// RUN: tessel-opt %s --tessel-warpgroup-pipeline --split-input-file --verify-diagnostics

// No barrier after the wait for the copies.
func.func @no_barrier(%a: memref<64x64xbf16>) attributes {tessel.schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = wgmma>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c128 = arith.constant 128 : index
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c128, %uy = %c1, %uz = %c1) workgroup(%buf : memref<2x64x64xbf16, #gpu.address_space<workgroup>>) {
    %t0 = nvgpu.device_async_copy %a[%tx, %c0], %buf[%c0, %tx, %c0], 8 : memref<64x64xbf16> to memref<2x64x64xbf16, #gpu.address_space<workgroup>>
    %g0 = nvgpu.device_async_create_group %t0
    // expected-error @+1 {{tessel-warpgroup-pipeline: cannot decouple the warpgroups: its step's wait for its copies is not followed by a barrier}}
    scf.for %k = %c0 to %c4 step %c1 {
      %t = nvgpu.device_async_copy %a[%tx, %c0], %buf[%c1, %tx, %c0], 8 : memref<64x64xbf16> to memref<2x64x64xbf16, #gpu.address_space<workgroup>>
      %g = nvgpu.device_async_create_group %t
      nvgpu.device_async_wait %g {numGroups = 1 : i32}
      llvm.inline_asm has_side_effects asm_dialect = att {tessel.wgmma = "fence"} "wgmma.fence.sync.aligned;", "" : () -> ()
      llvm.inline_asm has_side_effects asm_dialect = att {tessel.wgmma = "commit"} "wgmma.commit_group.sync.aligned;", "" : () -> ()
      llvm.inline_asm has_side_effects asm_dialect = att {tessel.wgmma = "wait"} "wgmma.wait_group.sync.aligned 0;", "" : () -> ()
      gpu.barrier
    }
    gpu.terminator
  }
  return
}

// -----

// Three warpgroups.
func.func @three_groups(%a: memref<64x64xbf16>) attributes {tessel.schedule = #tessel.schedule<block = [192, 64], warp = [16, 64], warps = 12, stages = 2, mma = wgmma>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c384 = arith.constant 384 : index
  // expected-error @+1 {{tessel-warpgroup-pipeline: cannot decouple the warpgroups: it has 3 warpgroups; the turns are for one or two}}
  gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1) threads(%tx, %ty, %tz) in (%u = %c384, %uy = %c1, %uz = %c1) workgroup(%buf : memref<2x64x64xbf16, #gpu.address_space<workgroup>>) {
    %t0 = nvgpu.device_async_copy %a[%c0, %c0], %buf[%c0, %c0, %c0], 8 : memref<64x64xbf16> to memref<2x64x64xbf16, #gpu.address_space<workgroup>>
    %g0 = nvgpu.device_async_create_group %t0
    scf.for %k = %c0 to %c4 step %c1 {
      %t = nvgpu.device_async_copy %a[%c0, %c0], %buf[%c1, %c0, %c0], 8 : memref<64x64xbf16> to memref<2x64x64xbf16, #gpu.address_space<workgroup>>
      %g = nvgpu.device_async_create_group %t
      nvgpu.device_async_wait %g {numGroups = 1 : i32}
      gpu.barrier
      llvm.inline_asm has_side_effects asm_dialect = att {tessel.wgmma = "fence"} "wgmma.fence.sync.aligned;", "" : () -> ()
      llvm.inline_asm has_side_effects asm_dialect = att {tessel.wgmma = "commit"} "wgmma.commit_group.sync.aligned;", "" : () -> ()
      llvm.inline_asm has_side_effects asm_dialect = att {tessel.wgmma = "wait"} "wgmma.wait_group.sync.aligned 0;", "" : () -> ()
      gpu.barrier
    }
    gpu.terminator
  }
  return
}
