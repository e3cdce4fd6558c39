// RUN: tessel-opt %s --pass-pipeline='builtin.module(gpu.module(tessel-extern-dynamic-shared-memory))' | FileCheck %s
// After the NVVM conversion and this pass, the PTX declares the dynamic
// buffer as the kernel's `.extern .shared` array (not a demoted one-byte
// static variable).
// RUN: tessel-opt %s --pass-pipeline='builtin.module(gpu.module(convert-gpu-to-nvvm,tessel-extern-dynamic-shared-memory))' | FileCheck %s --check-prefix=NVVM
// Without it the conversion leaves the global internal.
// RUN: tessel-opt %s --pass-pipeline='builtin.module(gpu.module(convert-gpu-to-nvvm))' | FileCheck %s --check-prefix=BARE

// CHECK: llvm.mlir.global external @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// Other globals keep their linkage.
// CHECK: llvm.mlir.global internal @table
gpu.module @kernels {
  llvm.mlir.global internal @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
  llvm.mlir.global internal @table(dense<1.0> : tensor<4xf32>) {addr_space = 3 : i32} : !llvm.array<4 x f32>
}

// NVVM: llvm.mlir.global external @__dynamic_shmem__{{[0-9]+}}() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
// BARE: llvm.mlir.global internal @__dynamic_shmem__{{[0-9]+}}()
gpu.module @converted {
  gpu.func @k(%v: f32) kernel {
    %c0 = arith.constant 0 : index
    %d = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %a = memref.view %d[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16xf32, #gpu.address_space<workgroup>>
    memref.store %v, %a[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}
