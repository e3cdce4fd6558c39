// tessel-align-shared-memory refuses an alignment that is not a power of
// two: no buffer could be placed at it.
// RUN: tessel-opt %s --pass-pipeline='builtin.module(gpu.module(tessel-align-shared-memory{alignment=24}))' --verify-diagnostics
// RUN: tessel-opt %s --pass-pipeline='builtin.module(gpu.module(tessel-align-shared-memory{alignment=0}))' --verify-diagnostics

// expected-error @+1 {{tessel-align-shared-memory: alignment = }}
gpu.module @kernels {
  gpu.func @k(%out: memref<4xf32>)
      workgroup(%b : memref<4xf32, #gpu.address_space<workgroup>>) kernel {
    gpu.return
  }
}
