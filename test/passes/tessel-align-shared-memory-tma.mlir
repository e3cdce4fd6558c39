// tessel-align-shared-memory aligns a buffer that TMA fills with the
// 128-byte swizzle to the swizzle's 1024-byte pattern (wgmma's matrix
// descriptors assume it), however the load reaches it.
// RUN: tessel-opt %s --pass-pipeline='builtin.module(gpu.module(tessel-align-shared-memory))' | FileCheck %s

gpu.module @kernels {
  // Through a view, a subview and a cast (canonicalization leaves a
  // memref.cast where a step's constant offset was folded into the type);
  // the kernel's other buffers keep the alignment asked for.
  // CHECK-LABEL: gpu.func @tma_destination_through_a_cast
  // CHECK-SAME: workgroup(%{{.*}} : memref<16xi8, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}, %{{.*}} : memref<16384xi8, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64})
  gpu.func @tma_destination_through_a_cast(%map: !nvgpu.tensormap.descriptor<tensor = memref<64x64xbf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>)
      workgroup(%other : memref<16xi8, #gpu.address_space<workgroup>>,
                %buf : memref<16384xi8, #gpu.address_space<workgroup>>)
      kernel {
    %c0 = arith.constant 0 : index
    %bar = nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>>
    %view = memref.view %buf[%c0][] : memref<16384xi8, #gpu.address_space<workgroup>> to memref<2x64x64xbf16, #gpu.address_space<workgroup>>
    %sub = memref.subview %view[1, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xbf16, #gpu.address_space<workgroup>> to memref<64x64xbf16, strided<[64, 1], offset: 4096>, #gpu.address_space<workgroup>>
    %cast = memref.cast %sub : memref<64x64xbf16, strided<[64, 1], offset: 4096>, #gpu.address_space<workgroup>> to memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    nvgpu.tma.async.load %map[%c0, %c0], %bar[%c0] to %cast : <tensor = memref<64x64xbf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = none, oob = zero, interleave = none>, <memorySpace = #gpu.address_space<workgroup>> -> memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    gpu.return
  }
}
