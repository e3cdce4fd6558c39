// RUN: tessel-opt %s --pass-pipeline='builtin.module(gpu.module(tessel-extern-dynamic-shared-memory))' -verify-diagnostics

// A global with the dynamic buffer's name that is not a zero-length array
// in shared memory is not the conversion's: made external it would be a
// different variable.
gpu.module @kernels {
  // expected-error @+1 {{is not the dynamic shared memory the GPU-to-NVVM conversion makes}}
  llvm.mlir.global internal @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<16 x i8>
}
