// tessel-align-shared-memory gives every shared-memory buffer of every
// kernel the alignment asked for, raising but never lowering one already
// set; the NVVM lowering turns it into the global's alignment.
// RUN: tessel-opt %s --pass-pipeline='builtin.module(gpu.module(tessel-align-shared-memory))' | FileCheck %s
// RUN: tessel-opt %s --pass-pipeline='builtin.module(gpu.module(tessel-align-shared-memory{alignment=64}))' | FileCheck %s --check-prefix=WIDE
// RUN: tessel-opt %s --pass-pipeline='builtin.module(gpu.module(tessel-align-shared-memory,convert-gpu-to-nvvm))' | FileCheck %s --check-prefix=NVVM
// Without it the globals carry no alignment (their element type's).
// RUN: tessel-opt %s --pass-pipeline='builtin.module(gpu.module(convert-gpu-to-nvvm))' | FileCheck %s --check-prefix=BARE

gpu.module @kernels {
  // CHECK-LABEL: gpu.func @two_buffers
  // CHECK-SAME: workgroup(%{{.*}} : memref<64x72xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}, %{{.*}} : memref<32x40xbf16, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
  // WIDE-LABEL: gpu.func @two_buffers
  // WIDE-SAME: {llvm.align = 64 : i64}, %{{.*}} : memref<32x40xbf16, #gpu.address_space<workgroup>> {llvm.align = 64 : i64})
  // NVVM: llvm.mlir.global internal @__wg_two_buffers_0() {addr_space = 3 : i32, alignment = 16 : i64}
  // NVVM: llvm.mlir.global internal @__wg_two_buffers_1() {addr_space = 3 : i32, alignment = 16 : i64}
  // BARE: llvm.mlir.global internal @__wg_two_buffers_0() {addr_space = 3 : i32} :
  gpu.func @two_buffers(%out: memref<64x64xf32>)
      workgroup(%acc : memref<64x72xf32, #gpu.address_space<workgroup>>,
                %a : memref<32x40xbf16, #gpu.address_space<workgroup>>)
      kernel {
    gpu.return
  }

  // An alignment above the one asked for stays.
  // CHECK-LABEL: gpu.func @already_wider
  // CHECK-SAME: {llvm.align = 128 : i64}
  gpu.func @already_wider(%out: memref<4xf32>)
      workgroup(%b : memref<4xf32, #gpu.address_space<workgroup>> {llvm.align = 128 : i64})
      kernel {
    gpu.return
  }

  // A tile a swizzled wgmma descriptor reads (its address marked
  // tessel.swizzled_tile), through a view, gets the swizzle's 1024 bytes;
  // the other buffer the alignment asked for.
  // CHECK-LABEL: gpu.func @swizzled_tile
  // CHECK-SAME: workgroup(%{{.*}} : memref<2x64x64xbf16, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64}, %{{.*}} : memref<64xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
  gpu.func @swizzled_tile(%out: memref<4xf32>)
      workgroup(%t : memref<2x64x64xbf16, #gpu.address_space<workgroup>>,
                %s : memref<64xf32, #gpu.address_space<workgroup>>)
      kernel {
    %c1 = arith.constant 1 : index
    %slot = memref.subview %t[%c1, 0, 0] [1, 64, 64] [1, 1, 1] : memref<2x64x64xbf16, #gpu.address_space<workgroup>> to memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>>
    %p = memref.extract_aligned_pointer_as_index %slot : memref<64x64xbf16, strided<[64, 1], offset: ?>, #gpu.address_space<workgroup>> -> index {tessel.swizzled_tile}
    gpu.return
  }

  // A kernel without shared memory is left as it is.
  // CHECK-LABEL: gpu.func @no_buffers
  // CHECK-NOT: llvm.align
  // CHECK: gpu.return
  gpu.func @no_buffers(%out: memref<4xf32>) kernel {
    gpu.return
  }
}
