// tessel-hoist-accumulators refuses a K loop running mma.sync whose
// accumulator it cannot keep in registers: the cost model assumes it does.
// RUN: tessel-opt %s --split-input-file --tessel-hoist-accumulators --verify-diagnostics

// The accumulator's address moves with the loop.
func.func @address_moves(%a: i32, %b: i32, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
      workgroup(%acc : memref<32x2xf32, #gpu.address_space<workgroup>>) {
    scf.for %k = %c0 to %c32 step %c1 {
      // expected-error @+1 {{'vector.load' op accumulates into a buffer that cannot be kept in registers across the loop: at an address that changes with the loop}}
      %c = vector.load %acc[%k, %c0] : memref<32x2xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %x = vector.extract %c[0] : f32 from vector<2xf32>
      %m = nvvm.mma.sync A[%a, %a, %a, %a] B[%b, %b] C[%x, %f, %f, %f] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
      %d0 = llvm.extractvalue %m[0] : !llvm.struct<(f32, f32, f32, f32)>
      %d = vector.from_elements %d0, %d0 : vector<2xf32>
      vector.store %d, %acc[%k, %c0] : memref<32x2xf32, #gpu.address_space<workgroup>>, vector<2xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// A barrier between the load and the store: another thread may read the
// stored fragment after it.
func.func @barrier_between(%a: i32, %b: i32, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
      workgroup(%acc : memref<32x2xf32, #gpu.address_space<workgroup>>) {
    scf.for %k = %c0 to %c32 step %c1 {
      %c = vector.load %acc[%tx, %c0] : memref<32x2xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %x = vector.extract %c[0] : f32 from vector<2xf32>
      %m = nvvm.mma.sync A[%a, %a, %a, %a] B[%b, %b] C[%x, %f, %f, %f] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
      %d0 = llvm.extractvalue %m[0] : !llvm.struct<(f32, f32, f32, f32)>
      %d = vector.from_elements %d0, %d0 : vector<2xf32>
      // expected-error @+1 {{'gpu.barrier' op accumulates into a buffer that cannot be kept in registers across the loop: a barrier lies between its loads and stores in the loop}}
      gpu.barrier
      vector.store %d, %acc[%tx, %c0] : memref<32x2xf32, #gpu.address_space<workgroup>>, vector<2xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// Two fragments that overlap without being the same elements.
func.func @overlapping(%a: i32, %b: i32, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
      workgroup(%acc : memref<32x4xf32, #gpu.address_space<workgroup>>) {
    scf.for %k = %c0 to %c32 step %c1 {
      %c = vector.load %acc[%tx, %c0] : memref<32x4xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      // expected-error @+1 {{'vector.load' op accumulates into a buffer that cannot be kept in registers across the loop: its accesses may overlap without being the same elements}}
      %e = vector.load %acc[%tx, %c1] : memref<32x4xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %x = vector.extract %c[0] : f32 from vector<2xf32>
      %y = vector.extract %e[1] : f32 from vector<2xf32>
      %m = nvvm.mma.sync A[%a, %a, %a, %a] B[%b, %b] C[%x, %y, %f, %f] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
      %d0 = llvm.extractvalue %m[0] : !llvm.struct<(f32, f32, f32, f32)>
      %d = vector.from_elements %d0, %d0 : vector<2xf32>
      vector.store %d, %acc[%tx, %c0] : memref<32x4xf32, #gpu.address_space<workgroup>>, vector<2xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// The accumulator is also read in a nested loop of the step.
func.func @nested_access(%a: i32, %b: i32, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
      workgroup(%acc : memref<32x2xf32, #gpu.address_space<workgroup>>) {
    scf.for %k = %c0 to %c32 step %c1 {
      %c = vector.load %acc[%tx, %c0] : memref<32x2xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %x = vector.extract %c[0] : f32 from vector<2xf32>
      %m = nvvm.mma.sync A[%a, %a, %a, %a] B[%b, %b] C[%x, %f, %f, %f] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
      %d0 = llvm.extractvalue %m[0] : !llvm.struct<(f32, f32, f32, f32)>
      scf.for %j = %c0 to %c2 step %c1 {
        // expected-error @+1 {{'memref.store' op accumulates into a buffer that cannot be kept in registers across the loop: the loop accesses it other than by loads and stores in its body}}
        memref.store %d0, %acc[%tx, %j] : memref<32x2xf32, #gpu.address_space<workgroup>>
      }
    }
    gpu.terminator
  }
  return
}

// -----

// A K loop under a branch: the barrier after the stores would not be
// reached by every thread.
func.func @under_a_branch(%a: i32, %b: i32, %f: f32, %cond: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
      workgroup(%acc : memref<32x2xf32, #gpu.address_space<workgroup>>) {
    scf.if %cond {
      // expected-error @+1 {{'scf.for' op accumulates into a buffer that cannot be kept in registers across the loop: the loop is nested in scf.if, not directly in the launch or its loops}}
      scf.for %k = %c0 to %c32 step %c1 {
        %c = vector.load %acc[%tx, %c0] : memref<32x2xf32, #gpu.address_space<workgroup>>, vector<2xf32>
        %x = vector.extract %c[0] : f32 from vector<2xf32>
        %m = nvvm.mma.sync A[%a, %a, %a, %a] B[%b, %b] C[%x, %f, %f, %f] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
        %d0 = llvm.extractvalue %m[0] : !llvm.struct<(f32, f32, f32, f32)>
        %d = vector.from_elements %d0, %d0 : vector<2xf32>
        vector.store %d, %acc[%tx, %c0] : memref<32x2xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      }
    }
    gpu.terminator
  }
  return
}
