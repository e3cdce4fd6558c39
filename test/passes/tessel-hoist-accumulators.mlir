// tessel-hoist-accumulators keeps a tensor-core K loop's accumulator
// fragments in registers: loaded once before the loop, carried through it,
// stored once after it and published by a barrier. The address arithmetic
// the loop recomputes each step (from the lane id) moves out first.
// RUN: tessel-opt %s --split-input-file --tessel-hoist-accumulators | FileCheck %s
// Once the accumulators are carried, a second run finds nothing to do.
// RUN: tessel-opt %s --split-input-file --tessel-hoist-accumulators --tessel-hoist-accumulators | FileCheck %s
// With roll-simt-loops (AMD), a loop carrying a SIMT step's accumulator
// keeps LLVM from unrolling it; tensor-core loops are left as they are.
// RUN: tessel-opt %s --split-input-file --tessel-hoist-accumulators=roll-simt-loops=true | FileCheck %s --check-prefix=ROLL
// With simt-accumulators=false, a SIMT step's copies stay in its loop.
// RUN: tessel-opt %s --split-input-file --tessel-hoist-accumulators=simt-accumulators=false | FileCheck %s --check-prefix=OFF

// One 16 x 8 piece, two K pieces per step: the second mma.sync chains on
// the first, the fragment pair (rows g and g + 8) is loaded and stored once
// per step.
// CHECK-LABEL: func @one_piece
// CHECK: gpu.launch
// CHECK: %[[LANE:.*]] = gpu.lane_id
// CHECK: %[[G:.*]] = arith.divui %[[LANE]]
// CHECK: %[[G8:.*]] = arith.addi %[[G]], %{{.*}} : index
// CHECK: %[[LO:.*]] = vector.load %[[ACC:.*]][%[[G]], %[[T:.*]]] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
// CHECK: %[[HI:.*]] = vector.load %[[ACC]][%[[G8]], %[[T]]]
// CHECK: %[[R:.*]]:2 = scf.for %{{.*}} iter_args(%[[CLO:.*]] = %[[LO]], %[[CHI:.*]] = %[[HI]]) -> (vector<2xf32>, vector<2xf32>) {
// CHECK-NOT: vector.load %[[ACC]]
// CHECK: vector.extract %[[CLO]][0]
// CHECK: nvvm.mma.sync
// CHECK: %[[D:.*]] = nvvm.mma.sync
// CHECK-NOT: vector.store
// CHECK: gpu.barrier
// CHECK: scf.yield %{{.*}}, %{{.*}} : vector<2xf32>, vector<2xf32>
// CHECK: }
// CHECK: vector.store %[[R]]#0, %[[ACC]][%[[G]], %[[T]]]
// CHECK: vector.store %[[R]]#1, %[[ACC]][%[[G8]], %[[T]]]
// CHECK-NEXT: gpu.barrier
// CHECK: memref.load %[[ACC]]
func.func @one_piece(%a: i32, %b: i32, %out: memref<16x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
      workgroup(%acc : memref<16x8xf32, #gpu.address_space<workgroup>>) {
    scf.for %k = %c0 to %c256 step %c32 {
      %lane = gpu.lane_id
      %g = arith.divui %lane, %c4 : index
      %t4 = arith.remui %lane, %c4 : index
      %t = arith.muli %t4, %c2 : index
      %g8 = arith.addi %g, %c8 : index
      %lo = vector.load %acc[%g, %t] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %hi = vector.load %acc[%g8, %t] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %c00 = vector.extract %lo[0] : f32 from vector<2xf32>
      %c01 = vector.extract %lo[1] : f32 from vector<2xf32>
      %c10 = vector.extract %hi[0] : f32 from vector<2xf32>
      %c11 = vector.extract %hi[1] : f32 from vector<2xf32>
      %m0 = nvvm.mma.sync A[%a, %a, %a, %a] B[%b, %b] C[%c00, %c01, %c10, %c11] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
      %d00 = llvm.extractvalue %m0[0] : !llvm.struct<(f32, f32, f32, f32)>
      %d01 = llvm.extractvalue %m0[1] : !llvm.struct<(f32, f32, f32, f32)>
      %d10 = llvm.extractvalue %m0[2] : !llvm.struct<(f32, f32, f32, f32)>
      %d11 = llvm.extractvalue %m0[3] : !llvm.struct<(f32, f32, f32, f32)>
      %m1 = nvvm.mma.sync A[%a, %a, %a, %a] B[%b, %b] C[%d00, %d01, %d10, %d11] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
      %e00 = llvm.extractvalue %m1[0] : !llvm.struct<(f32, f32, f32, f32)>
      %e01 = llvm.extractvalue %m1[1] : !llvm.struct<(f32, f32, f32, f32)>
      %e10 = llvm.extractvalue %m1[2] : !llvm.struct<(f32, f32, f32, f32)>
      %e11 = llvm.extractvalue %m1[3] : !llvm.struct<(f32, f32, f32, f32)>
      %vlo = vector.from_elements %e00, %e01 : vector<2xf32>
      %vhi = vector.from_elements %e10, %e11 : vector<2xf32>
      %t2 = arith.muli %t4, %c2 : index
      vector.store %vlo, %acc[%g, %t2] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      vector.store %vhi, %acc[%g8, %t2] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      gpu.barrier
    }
    %v = memref.load %acc[%tx, %c0] : memref<16x8xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tx, %c0] : memref<16x8xf32>
    gpu.terminator
  }
  return
}

// -----

// A location read again after the step wrote it reads the value carried
// in registers; a loop that already carries values keeps them first.
// CHECK-LABEL: func @reload_and_carried
// CHECK: %[[INIT:.*]] = vector.load
// CHECK: %[[R:.*]]:2 = scf.for %{{.*}} iter_args(%[[N:.*]] = %{{.*}}, %[[C:.*]] = %[[INIT]]) -> (i32, vector<2xf32>)
// CHECK: %[[X:.*]] = vector.extract %[[C]][0]
// CHECK: %[[M:.*]] = nvvm.mma.sync A{{.*}} C[%[[X]],
// CHECK: %[[D:.*]] = vector.from_elements
// CHECK: %[[Y:.*]] = vector.extract %[[D]][0]
// CHECK: nvvm.mma.sync A{{.*}} C[%[[Y]],
// CHECK: scf.yield %{{.*}}, %{{.*}} : i32, vector<2xf32>
// CHECK: vector.store %[[R]]#1
// CHECK-NEXT: gpu.barrier
func.func @reload_and_carried(%a: i32, %b: i32, %f: f32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %i0 = arith.constant 0 : i32
  %i1 = arith.constant 1 : i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
      workgroup(%acc : memref<32x2xf32, #gpu.address_space<workgroup>>) {
    %n = scf.for %k = %c0 to %c32 step %c1 iter_args(%count = %i0) -> (i32) {
      %c = vector.load %acc[%tx, %c0] : memref<32x2xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %x = vector.extract %c[0] : f32 from vector<2xf32>
      %m = nvvm.mma.sync A[%a, %a, %a, %a] B[%b, %b] C[%x, %f, %f, %f] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
      %d0 = llvm.extractvalue %m[0] : !llvm.struct<(f32, f32, f32, f32)>
      %d = vector.from_elements %d0, %d0 : vector<2xf32>
      vector.store %d, %acc[%tx, %c0] : memref<32x2xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %c2 = vector.load %acc[%tx, %c0] : memref<32x2xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %y = vector.extract %c2[0] : f32 from vector<2xf32>
      %m2 = nvvm.mma.sync A[%a, %a, %a, %a] B[%b, %b] C[%y, %f, %f, %f] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
      %e0 = llvm.extractvalue %m2[0] : !llvm.struct<(f32, f32, f32, f32)>
      %e = vector.from_elements %e0, %e0 : vector<2xf32>
      vector.store %e, %acc[%tx, %c0] : memref<32x2xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %next = arith.addi %count, %i1 : i32
      scf.yield %next : i32
    }
    gpu.terminator
  }
  return %i0 : i32
}

// -----

// A loop without mma.sync whose shared buffer is updated in place, not
// through a thread's own buffer, is left alone.
// CHECK-LABEL: func @no_mma
// CHECK: scf.for
// CHECK-NEXT: memref.load
// CHECK-NEXT: arith.addf
// CHECK-NEXT: memref.store
// CHECK-NOT: iter_args
func.func @no_mma(%f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
      workgroup(%acc : memref<32xf32, #gpu.address_space<workgroup>>) {
    scf.for %k = %c0 to %c32 step %c1 {
      %v = memref.load %acc[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
      %w = arith.addf %v, %f : f32
      memref.store %w, %acc[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
    }
    gpu.terminator
  }
  return
}

// -----

// A loop marked tessel.shared_accumulators (the fused attention kernel's
// key loop, whose S and O other threads read within the iteration) keeps
// its fragments' loads and stores where they are.
// CHECK-LABEL: func @shared_accumulators
// CHECK: scf.for
// CHECK: vector.load
// CHECK: nvvm.mma.sync
// CHECK: vector.store
// CHECK: gpu.barrier
// CHECK: memref.load
// CHECK: } {tessel.shared_accumulators}
func.func @shared_accumulators(%a: i32, %b: i32, %out: memref<16x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
      workgroup(%acc : memref<16x8xf32, #gpu.address_space<workgroup>>) {
    scf.for %k = %c0 to %c256 step %c32 {
      %lane = gpu.lane_id
      %g = arith.divui %lane, %c4 : index
      %t4 = arith.remui %lane, %c4 : index
      %t = arith.muli %t4, %c2 : index
      %lo = vector.load %acc[%g, %t] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %c00 = vector.extract %lo[0] : f32 from vector<2xf32>
      %c01 = vector.extract %lo[1] : f32 from vector<2xf32>
      %m0 = nvvm.mma.sync A[%a, %a, %a, %a] B[%b, %b] C[%c00, %c01, %c00, %c01] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
      %d00 = llvm.extractvalue %m0[0] : !llvm.struct<(f32, f32, f32, f32)>
      %d01 = llvm.extractvalue %m0[1] : !llvm.struct<(f32, f32, f32, f32)>
      %vlo = vector.from_elements %d00, %d01 : vector<2xf32>
      vector.store %vlo, %acc[%g, %t] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      gpu.barrier
      %s = memref.load %acc[%tx, %c0] : memref<16x8xf32, #gpu.address_space<workgroup>>
      memref.store %s, %out[%tx, %c0] : memref<16x8xf32>
    } {tessel.shared_accumulators}
    gpu.terminator
  }
  return
}

// -----

// An accumulator the launch only fills with zeros before the loop starts at
// zero in registers; the fill moves after the loop (after the thread's
// cp.async copies are complete and a barrier), before the fragments'
// stores, so that nothing touches the buffer while the loop runs. (Half a
// warp's fragments cover half the 16 x 8 buffer: the fill stays.)
// CHECK-LABEL: func @zero_start
// CHECK: gpu.launch
// CHECK-NOT: memref.store %{{.*}}, %[[ACC:.*]][
// CHECK: nvgpu.device_async_copy
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<2xf32>
// CHECK: %[[R:.*]]:2 = scf.for %{{.*}} iter_args(%{{.*}} = %[[Z]], %{{.*}} = %[[Z]]) -> (vector<2xf32>, vector<2xf32>) {
// CHECK: nvvm.mma.sync
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: %[[G:.*]] = nvgpu.device_async_create_group
// CHECK-NEXT: nvgpu.device_async_wait %[[G]] {numGroups = 0 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.for
// CHECK-NEXT: memref.store %{{.*}}, %[[ACC:.*]][
// CHECK: gpu.barrier
// CHECK-NEXT: vector.store %[[R]]#0, %[[ACC]]
// CHECK-NEXT: vector.store %[[R]]#1, %[[ACC]]
// CHECK-NEXT: gpu.barrier
func.func @zero_start(%a: i32, %b: i32, %src: memref<16xf32>, %out: memref<16x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1)
      workgroup(%acc : memref<16x8xf32, #gpu.address_space<workgroup>>,
                %stage : memref<16xf32, #gpu.address_space<workgroup>>) {
    scf.for %i = %c0 to %c16 step %c1 {
      memref.store %zero, %acc[%i, %tx] : memref<16x8xf32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %copy = nvgpu.device_async_copy %src[%c0], %stage[%c0], 4 : memref<16xf32> to memref<16xf32, #gpu.address_space<workgroup>>
    scf.for %k = %c0 to %c256 step %c32 {
      %lane = gpu.lane_id
      %g = arith.divui %lane, %c4 : index
      %t4 = arith.remui %lane, %c4 : index
      %t = arith.muli %t4, %c2 : index
      %g8 = arith.addi %g, %c8 : index
      %lo = vector.load %acc[%g, %t] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %hi = vector.load %acc[%g8, %t] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %c00 = vector.extract %lo[0] : f32 from vector<2xf32>
      %c01 = vector.extract %lo[1] : f32 from vector<2xf32>
      %c10 = vector.extract %hi[0] : f32 from vector<2xf32>
      %c11 = vector.extract %hi[1] : f32 from vector<2xf32>
      %m0 = nvvm.mma.sync A[%a, %a, %a, %a] B[%b, %b] C[%c00, %c01, %c10, %c11] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
      %d00 = llvm.extractvalue %m0[0] : !llvm.struct<(f32, f32, f32, f32)>
      %d01 = llvm.extractvalue %m0[1] : !llvm.struct<(f32, f32, f32, f32)>
      %d10 = llvm.extractvalue %m0[2] : !llvm.struct<(f32, f32, f32, f32)>
      %d11 = llvm.extractvalue %m0[3] : !llvm.struct<(f32, f32, f32, f32)>
      %vlo = vector.from_elements %d00, %d01 : vector<2xf32>
      %vhi = vector.from_elements %d10, %d11 : vector<2xf32>
      vector.store %vlo, %acc[%g, %t] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      vector.store %vhi, %acc[%g8, %t] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      gpu.barrier
    }
    %v = memref.load %acc[%tx, %c0] : memref<16x8xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tx, %c0] : memref<16x8xf32>
    gpu.terminator
  }
  return
}

// -----

// The same with a full warp: its fragments cover the 16 x 8 tile of the
// padded buffer that the fill writes (32 threads x 2 pieces x 2 elements),
// so the fill goes; one barrier (after the copies) precedes the stores.
// CHECK-LABEL: func @zero_start_covered
// CHECK: gpu.launch
// CHECK: %[[TILE:.*]] = memref.subview
// CHECK-NOT: memref.store
// CHECK: %[[R:.*]]:2 = scf.for
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: %[[G:.*]] = nvgpu.device_async_create_group
// CHECK-NEXT: nvgpu.device_async_wait %[[G]] {numGroups = 0 : i32}
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: vector.store %[[R]]#0, %[[TILE]]
// CHECK-NEXT: vector.store %[[R]]#1, %[[TILE]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load %[[TILE]]
func.func @zero_start_covered(%a: i32, %b: i32, %src: memref<16xf32>, %out: memref<16x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
      workgroup(%buf : memref<16x12xf32, #gpu.address_space<workgroup>>,
                %stage : memref<16xf32, #gpu.address_space<workgroup>>) {
    %acc = memref.subview %buf[0, 0] [16, 8] [1, 1] : memref<16x12xf32, #gpu.address_space<workgroup>> to memref<16x8xf32, strided<[12, 1]>, #gpu.address_space<workgroup>>
    %row = arith.divui %tx, %c8 : index
    %col = arith.remui %tx, %c8 : index
    scf.for %i = %c0 to %c16 step %c4 {
      %r = arith.addi %i, %row : index
      memref.store %zero, %acc[%r, %col] : memref<16x8xf32, strided<[12, 1]>, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %copy = nvgpu.device_async_copy %src[%c0], %stage[%c0], 4 : memref<16xf32> to memref<16xf32, #gpu.address_space<workgroup>>
    scf.for %k = %c0 to %c256 step %c32 {
      %lane = gpu.lane_id
      %g = arith.divui %lane, %c4 : index
      %t4 = arith.remui %lane, %c4 : index
      %t = arith.muli %t4, %c2 : index
      %g8 = arith.addi %g, %c8 : index
      %lo = vector.load %acc[%g, %t] : memref<16x8xf32, strided<[12, 1]>, #gpu.address_space<workgroup>>, vector<2xf32>
      %hi = vector.load %acc[%g8, %t] : memref<16x8xf32, strided<[12, 1]>, #gpu.address_space<workgroup>>, vector<2xf32>
      %c00 = vector.extract %lo[0] : f32 from vector<2xf32>
      %c01 = vector.extract %lo[1] : f32 from vector<2xf32>
      %c10 = vector.extract %hi[0] : f32 from vector<2xf32>
      %c11 = vector.extract %hi[1] : f32 from vector<2xf32>
      %m0 = nvvm.mma.sync A[%a, %a, %a, %a] B[%b, %b] C[%c00, %c01, %c10, %c11] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
      %d00 = llvm.extractvalue %m0[0] : !llvm.struct<(f32, f32, f32, f32)>
      %d01 = llvm.extractvalue %m0[1] : !llvm.struct<(f32, f32, f32, f32)>
      %d10 = llvm.extractvalue %m0[2] : !llvm.struct<(f32, f32, f32, f32)>
      %d11 = llvm.extractvalue %m0[3] : !llvm.struct<(f32, f32, f32, f32)>
      %vlo = vector.from_elements %d00, %d01 : vector<2xf32>
      %vhi = vector.from_elements %d10, %d11 : vector<2xf32>
      vector.store %vlo, %acc[%g, %t] : memref<16x8xf32, strided<[12, 1]>, #gpu.address_space<workgroup>>, vector<2xf32>
      vector.store %vhi, %acc[%g8, %t] : memref<16x8xf32, strided<[12, 1]>, #gpu.address_space<workgroup>>, vector<2xf32>
      gpu.barrier
    }
    %v = memref.load %acc[%row, %col] : memref<16x8xf32, strided<[12, 1]>, #gpu.address_space<workgroup>>
    memref.store %v, %out[%row, %col] : memref<16x8xf32>
    gpu.terminator
  }
  return
}

// -----

// The register-resident attention's step: the accumulator enters the
// mma.sync rescaled by a factor computed from a second buffer (each row's
// maximum), which the step also updates; both buffers are carried, and the
// strip 16 rows further (its rows built as (strip + g) + 8) is provably
// apart from the first.
// CHECK-LABEL: func @rescaled_accumulator
// CHECK: %[[R:.*]]:3 = scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (vector<2xf32>, vector<2xf32>, f32) {
// CHECK-NOT: vector.load
// CHECK-NOT: memref.load
// CHECK: math.exp2
// CHECK: nvvm.mma.sync
// CHECK-NOT: vector.store
// CHECK-NOT: memref.store
// CHECK: scf.yield
// CHECK: vector.store %[[R]]#0
// CHECK: vector.store %[[R]]#1
// CHECK: memref.store %[[R]]#2
// CHECK-NEXT: gpu.barrier
func.func @rescaled_accumulator(%a: i32, %b: i32, %x: f32, %out: memref<32x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c256 = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
      workgroup(%acc : memref<32x8xf32, #gpu.address_space<workgroup>>, %max : memref<32x8xf32, #gpu.address_space<workgroup>>) {
    scf.for %k = %c0 to %c256 step %c32 {
      %lane = gpu.lane_id
      %g = arith.divui %lane, %c4 : index
      %t4 = arith.remui %lane, %c4 : index
      %t = arith.muli %t4, %c2 : index
      %row = arith.addi %c16, %g : index
      %row8 = arith.addi %row, %c8 : index
      %lo = vector.load %acc[%row, %t] : memref<32x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %hi = vector.load %acc[%row8, %t] : memref<32x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %m = memref.load %max[%row, %t] : memref<32x8xf32, #gpu.address_space<workgroup>>
      %m1 = arith.maximumf %m, %x : f32
      %diff = arith.subf %m, %m1 : f32
      %factor = math.exp2 %diff : f32
      memref.store %m1, %max[%row, %t] : memref<32x8xf32, #gpu.address_space<workgroup>>
      %c00 = vector.extract %lo[0] : f32 from vector<2xf32>
      %c01 = vector.extract %lo[1] : f32 from vector<2xf32>
      %c10 = vector.extract %hi[0] : f32 from vector<2xf32>
      %c11 = vector.extract %hi[1] : f32 from vector<2xf32>
      %s00 = arith.mulf %c00, %factor : f32
      %s01 = arith.mulf %c01, %factor : f32
      %s10 = arith.mulf %c10, %factor : f32
      %s11 = arith.mulf %c11, %factor : f32
      %m0 = nvvm.mma.sync A[%a, %a, %a, %a] B[%b, %b] C[%s00, %s01, %s10, %s11] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
      %d00 = llvm.extractvalue %m0[0] : !llvm.struct<(f32, f32, f32, f32)>
      %d01 = llvm.extractvalue %m0[1] : !llvm.struct<(f32, f32, f32, f32)>
      %d10 = llvm.extractvalue %m0[2] : !llvm.struct<(f32, f32, f32, f32)>
      %d11 = llvm.extractvalue %m0[3] : !llvm.struct<(f32, f32, f32, f32)>
      %p0 = vector.from_elements %d00, %d01 : vector<2xf32>
      %p1 = vector.from_elements %d10, %d11 : vector<2xf32>
      vector.store %p0, %acc[%row, %t] : memref<32x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      vector.store %p1, %acc[%row8, %t] : memref<32x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      gpu.barrier
    }
    %v = memref.load %acc[%c0, %c0] : memref<32x8xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%c0, %c0] : memref<32x8xf32>
    gpu.terminator
  }
  return
}

// -----

// The same step on wgmma (tessel-lower-mma's inline PTX): the accumulator
// reaches the wgmma through the fence before its chain (tied operands) and
// the wgmma's result through the commit and wait; the buffer is carried as
// on mma.sync. A wgmma's own result (the chain's second instruction) is
// not followed further.
// CHECK-LABEL: func @wgmma_accumulator
// CHECK: %[[LO:.*]] = vector.load %[[ACC:.*]][%{{.*}}, %{{.*}}] : memref<64x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
// CHECK: %[[R:.*]]:2 = scf.for %{{.*}} iter_args(%{{.*}} = %[[LO]], %{{.*}} = %{{.*}}) -> (vector<2xf32>, vector<2xf32>) {
// CHECK-NOT: vector.load
// CHECK: wgmma.fence
// CHECK: wgmma.mma_async
// CHECK: wgmma.mma_async
// CHECK: wgmma.wait_group
// CHECK-NOT: vector.store
// CHECK: scf.yield
// CHECK: vector.store %[[R]]#0, %[[ACC]]
// CHECK: vector.store %[[R]]#1, %[[ACC]]
// CHECK-NEXT: gpu.barrier
func.func @wgmma_accumulator(%a: i32, %desc: i64, %x: f32, %out: memref<64x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1)
      workgroup(%acc : memref<64x8xf32, #gpu.address_space<workgroup>>) {
    scf.for %k = %c0 to %c256 step %c128 {
      %lane = gpu.lane_id
      %g = arith.divui %lane, %c4 : index
      %t4 = arith.remui %lane, %c4 : index
      %t = arith.muli %t4, %c2 : index
      %row8 = arith.addi %g, %c8 : index
      %lo = vector.load %acc[%g, %t] : memref<64x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %hi = vector.load %acc[%row8, %t] : memref<64x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %c00 = vector.extract %lo[0] : f32 from vector<2xf32>
      %c01 = vector.extract %lo[1] : f32 from vector<2xf32>
      %c10 = vector.extract %hi[0] : f32 from vector<2xf32>
      %c11 = vector.extract %hi[1] : f32 from vector<2xf32>
      %s00 = arith.mulf %c00, %x : f32
      %s01 = arith.mulf %c01, %x : f32
      %s10 = arith.mulf %c10, %x : f32
      %s11 = arith.mulf %c11, %x : f32
      %f = llvm.inline_asm has_side_effects asm_dialect = att {tessel.wgmma = "fence"} "fence.proxy.async.shared::cta;\0A\09wgmma.fence.sync.aligned;", "=f,=f,=f,=f,=r,0,1,2,3,4" %s00, %s01, %s10, %s11, %a : (f32, f32, f32, f32, i32) -> !llvm.struct<(f32, f32, f32, f32, i32)>
      %f0 = llvm.extractvalue %f[0] : !llvm.struct<(f32, f32, f32, f32, i32)>
      %f1 = llvm.extractvalue %f[1] : !llvm.struct<(f32, f32, f32, f32, i32)>
      %f2 = llvm.extractvalue %f[2] : !llvm.struct<(f32, f32, f32, f32, i32)>
      %f3 = llvm.extractvalue %f[3] : !llvm.struct<(f32, f32, f32, f32, i32)>
      %fa = llvm.extractvalue %f[4] : !llvm.struct<(f32, f32, f32, f32, i32)>
      %w0 = llvm.inline_asm has_side_effects asm_dialect = att {tessel.wgmma = "mma"} "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {$0, $1, $2, $3}, {$4, $4, $4, $4}, $5, 1, 1, 1, 1;", "=f,=f,=f,=f,r,l,0,1,2,3" %fa, %desc, %f0, %f1, %f2, %f3 : (i32, i64, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
      %x0 = llvm.extractvalue %w0[0] : !llvm.struct<(f32, f32, f32, f32)>
      %x1 = llvm.extractvalue %w0[1] : !llvm.struct<(f32, f32, f32, f32)>
      %x2 = llvm.extractvalue %w0[2] : !llvm.struct<(f32, f32, f32, f32)>
      %x3 = llvm.extractvalue %w0[3] : !llvm.struct<(f32, f32, f32, f32)>
      %w1 = llvm.inline_asm has_side_effects asm_dialect = att {tessel.wgmma = "mma"} "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {$0, $1, $2, $3}, {$4, $4, $4, $4}, $5, 1, 1, 1, 1;", "=f,=f,=f,=f,r,l,0,1,2,3" %fa, %desc, %x0, %x1, %x2, %x3 : (i32, i64, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
      %y0 = llvm.extractvalue %w1[0] : !llvm.struct<(f32, f32, f32, f32)>
      %y1 = llvm.extractvalue %w1[1] : !llvm.struct<(f32, f32, f32, f32)>
      %y2 = llvm.extractvalue %w1[2] : !llvm.struct<(f32, f32, f32, f32)>
      %y3 = llvm.extractvalue %w1[3] : !llvm.struct<(f32, f32, f32, f32)>
      %done = llvm.inline_asm has_side_effects asm_dialect = att {tessel.wgmma = "wait"} "wgmma.commit_group.sync.aligned;\0A\09wgmma.wait_group.sync.aligned 0;", "=f,=f,=f,=f,0,1,2,3" %y0, %y1, %y2, %y3 : (f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
      %d00 = llvm.extractvalue %done[0] : !llvm.struct<(f32, f32, f32, f32)>
      %d01 = llvm.extractvalue %done[1] : !llvm.struct<(f32, f32, f32, f32)>
      %d10 = llvm.extractvalue %done[2] : !llvm.struct<(f32, f32, f32, f32)>
      %d11 = llvm.extractvalue %done[3] : !llvm.struct<(f32, f32, f32, f32)>
      %p0 = vector.from_elements %d00, %d01 : vector<2xf32>
      %p1 = vector.from_elements %d10, %d11 : vector<2xf32>
      vector.store %p0, %acc[%g, %t] : memref<64x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      vector.store %p1, %acc[%row8, %t] : memref<64x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      gpu.barrier
    }
    %v = memref.load %acc[%c0, %c0] : memref<64x8xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%c0, %c0] : memref<64x8xf32>
    gpu.terminator
  }
  return
}

// -----

// Two loops over the same accumulators (a causal attention's unmasked and
// masked key tiles) and what the block filled them with: the first starts
// from the fills' constants, the second from the first's registers, and
// nothing is stored until both are done. There, once every thread is past
// them, the fills and (after a barrier: other threads fill) each
// location's last value, where the rest of the block reads them; until
// then the buffers are untouched (tessel-dynamic-shared-memory may place
// them over the loops' tiles). The row's running maximum, stored from the
// products, is carried too.
// CHECK-LABEL: func @two_loops
// CHECK: gpu.launch
// CHECK-SAME: workgroup(%[[ACC:.*]] : memref<16x8xf32, #gpu.address_space<workgroup>>, %[[MAX:.*]] : memref<16x8xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT: memref.store
// CHECK: gpu.barrier
// CHECK-NOT: vector.load
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<2xf32>
// CHECK-NOT: vector.load
// CHECK: %[[MINF:.*]] = arith.constant dense<0xFF800000> : vector<2xf32>
// CHECK-NEXT: %[[R1:.*]]:3 = scf.for %{{.*}} iter_args(%{{.*}} = %[[ZERO]], %{{.*}} = %{{.*}}, %{{.*}} = %[[MINF]])
// CHECK-NOT: vector.{{load|store}}
// CHECK: %[[R2:.*]]:3 = scf.for %{{.*}} iter_args(%{{.*}} = %[[R1]]#0, %{{.*}} = %[[R1]]#1, %{{.*}} = %[[R1]]#2)
// CHECK-NOT: vector.{{load|store}}
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.for
// CHECK: memref.store %{{.*}}, %[[ACC]]
// CHECK: scf.for
// CHECK: memref.store %{{.*}}, %[[MAX]]
// CHECK: gpu.barrier
// CHECK-NEXT: vector.store %[[R2]]#0, %[[ACC]]
// CHECK-NEXT: vector.store %[[R2]]#1, %[[ACC]]
// CHECK-NEXT: vector.store %[[R2]]#2, %[[MAX]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load %[[ACC]][%{{.*}}, %{{.*}}]
func.func @two_loops(%a: i32, %b: i32, %n: index, %out: memref<16x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %minf = arith.constant 0xFF800000 : f32
  %n2 = arith.muli %n, %c2 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
      workgroup(%acc : memref<16x8xf32, #gpu.address_space<workgroup>>,
                %max : memref<16x8xf32, #gpu.address_space<workgroup>>) {
    scf.for %e = %tx to %c128 step %c32 {
      %r = arith.divui %e, %c8 : index
      %c = arith.remui %e, %c8 : index
      memref.store %zero, %acc[%r, %c] : memref<16x8xf32, #gpu.address_space<workgroup>>
    }
    scf.for %e = %tx to %c128 step %c32 {
      %r = arith.divui %e, %c8 : index
      %c = arith.remui %e, %c8 : index
      memref.store %minf, %max[%r, %c] : memref<16x8xf32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %lane = gpu.lane_id
    %g = arith.divui %lane, %c4 : index
    %t4 = arith.remui %lane, %c4 : index
    %t = arith.muli %t4, %c2 : index
    %g8 = arith.addi %g, %c8 : index
    scf.for %k = %c0 to %n step %c1 {
      %lo = vector.load %acc[%g, %t] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %hi = vector.load %acc[%g8, %t] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %c00 = vector.extract %lo[0] : f32 from vector<2xf32>
      %c01 = vector.extract %lo[1] : f32 from vector<2xf32>
      %c10 = vector.extract %hi[0] : f32 from vector<2xf32>
      %c11 = vector.extract %hi[1] : f32 from vector<2xf32>
      %m0 = nvvm.mma.sync A[%a, %a, %a, %a] B[%b, %b] C[%c00, %c01, %c10, %c11] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
      %d00 = llvm.extractvalue %m0[0] : !llvm.struct<(f32, f32, f32, f32)>
      %d01 = llvm.extractvalue %m0[1] : !llvm.struct<(f32, f32, f32, f32)>
      %d10 = llvm.extractvalue %m0[2] : !llvm.struct<(f32, f32, f32, f32)>
      %d11 = llvm.extractvalue %m0[3] : !llvm.struct<(f32, f32, f32, f32)>
      %vlo = vector.from_elements %d00, %d01 : vector<2xf32>
      %vhi = vector.from_elements %d10, %d11 : vector<2xf32>
      vector.store %vlo, %acc[%g, %t] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      vector.store %vhi, %acc[%g8, %t] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %old = vector.load %max[%g, %t] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %new = arith.maximumf %old, %vlo : vector<2xf32>
      vector.store %new, %max[%g, %t] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      gpu.barrier
    }
    scf.for %k = %n to %n2 step %c1 {
      %lo = vector.load %acc[%g, %t] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %hi = vector.load %acc[%g8, %t] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %c00 = vector.extract %lo[0] : f32 from vector<2xf32>
      %c01 = vector.extract %lo[1] : f32 from vector<2xf32>
      %c10 = vector.extract %hi[0] : f32 from vector<2xf32>
      %c11 = vector.extract %hi[1] : f32 from vector<2xf32>
      %m0 = nvvm.mma.sync A[%a, %a, %a, %a] B[%b, %b] C[%c00, %c01, %c10, %c11] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
      %d00 = llvm.extractvalue %m0[0] : !llvm.struct<(f32, f32, f32, f32)>
      %d01 = llvm.extractvalue %m0[1] : !llvm.struct<(f32, f32, f32, f32)>
      %d10 = llvm.extractvalue %m0[2] : !llvm.struct<(f32, f32, f32, f32)>
      %d11 = llvm.extractvalue %m0[3] : !llvm.struct<(f32, f32, f32, f32)>
      %vlo = vector.from_elements %d00, %d01 : vector<2xf32>
      %vhi = vector.from_elements %d10, %d11 : vector<2xf32>
      vector.store %vlo, %acc[%g, %t] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      vector.store %vhi, %acc[%g8, %t] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %old = vector.load %max[%g, %t] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      %new = arith.maximumf %old, %vlo : vector<2xf32>
      vector.store %new, %max[%g, %t] : memref<16x8xf32, #gpu.address_space<workgroup>>, vector<2xf32>
      gpu.barrier
    }
    %v = memref.load %acc[%tx, %c0] : memref<16x8xf32, #gpu.address_space<workgroup>>
    %m = memref.load %max[%tx, %c0] : memref<16x8xf32, #gpu.address_space<workgroup>>
    %s = arith.addf %v, %m : f32
    memref.store %s, %out[%tx, %c0] : memref<16x8xf32>
    gpu.terminator
  }
  return
}

// -----

// On MFMA, a lane's loads of a tile the loop only reads, at addresses that
// do not change with the step (a fused attention's query tile: S's A
// fragments), move out of the loop: read once, held in registers. They go
// right after the barrier that published the tile, above the first key
// tile's copy, with the lane arithmetic they need, and a barrier follows
// them (the tile is then done before the key tile is written: the
// allocator may place one over the other). The key tile, which each step
// writes, is still read in the loop; so is the query tile's element read
// at an address that changes with the step.
// CHECK-LABEL: func @mfma_query_fragments
// CHECK: memref.store %{{.*}}, %[[Q:.*]][%{{.*}}, %{{.*}}] : memref<16x24xbf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: gpu.lane_id
// CHECK: %[[A0:.*]] = vector.load %[[Q]][%[[P:.*]], %[[G4:.*]]] : memref<16x24xbf16, #gpu.address_space<workgroup>>, vector<4xbf16>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.store %{{.*}}, %[[K:.*]][%{{.*}}, %{{.*}}] : memref<16x24xbf16
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.for
// CHECK-NOT: vector.load %[[Q]]
// CHECK: memref.store %{{.*}}, %[[K]][%{{.*}}, %{{.*}}] : memref<16x24xbf16
// CHECK: gpu.barrier
// CHECK: %[[B0:.*]] = vector.load %[[K]][%[[P]], %[[G4]]]
// CHECK: amdgpu.mfma 16x16x16 %[[A0]] * %[[B0]]
// CHECK: memref.load %[[Q]][%{{.*}}, %[[G4]]]
// CHECK: gpu.barrier
// CHECK: }
func.func @mfma_query_fragments(%x: bf16, %out: memref<64x4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : vector<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
      workgroup(%q : memref<16x24xbf16, #gpu.address_space<workgroup>>,
                %k : memref<16x24xbf16, #gpu.address_space<workgroup>>) {
    %r = arith.remui %tx, %c16 : index
    memref.store %x, %q[%r, %c0] : memref<16x24xbf16, #gpu.address_space<workgroup>>
    gpu.barrier
    memref.store %x, %k[%r, %c0] : memref<16x24xbf16, #gpu.address_space<workgroup>>
    gpu.barrier
    scf.for %i = %c0 to %n step %c1 {
      memref.store %x, %k[%r, %i] : memref<16x24xbf16, #gpu.address_space<workgroup>>
      gpu.barrier
      %lane = gpu.lane_id
      %p = arith.remui %lane, %c16 : index
      %g = arith.divui %lane, %c16 : index
      %g4 = arith.muli %g, %c4 : index
      %a = vector.load %q[%p, %g4] : memref<16x24xbf16, #gpu.address_space<workgroup>>, vector<4xbf16>
      %b = vector.load %k[%p, %g4] : memref<16x24xbf16, #gpu.address_space<workgroup>>, vector<4xbf16>
      %d = amdgpu.mfma 16x16x16 %a * %b + %zero blgp = none : vector<4xbf16>, vector<4xbf16>, vector<4xf32>
      %e = memref.load %q[%i, %g4] : memref<16x24xbf16, #gpu.address_space<workgroup>>
      %ef = arith.extf %e : bf16 to f32
      %de = vector.extract %d[0] : f32 from vector<4xf32>
      %s = arith.addf %de, %ef : f32
      memref.store %s, %out[%lane, %c0] : memref<64x4xf32>
      gpu.barrier
    }
    gpu.terminator
  }
  return
}

// -----

// Two loops reading the tile (a causal attention's unmasked and masked key
// loops): each one's loads go after the same barrier, before one closing
// barrier, and merge (CSE); the loads at addresses that change with the
// step stay.
// CHECK-LABEL: func @mfma_two_loops
// CHECK: gpu.barrier
// CHECK: %[[A:.*]] = vector.load %[[Q:.*]][%{{.*}}, %{{.*}}] : memref<16x24xbf16, #gpu.address_space<workgroup>>, vector<4xbf16>
// CHECK-NEXT: gpu.barrier
// CHECK-NOT: vector.load %[[Q]][%{{.*}}, %{{.*}}] : memref<16x24xbf16, #gpu.address_space<workgroup>>, vector<4xbf16>
// CHECK: scf.for %[[I:.*]] =
// CHECK: %[[B:.*]] = vector.load %[[Q]][%[[I]],
// CHECK: amdgpu.mfma 16x16x16 %[[A]] * %[[B]]
// CHECK: scf.for %[[I2:.*]] =
// CHECK: %[[B2:.*]] = vector.load %[[Q]][%[[I2]],
// CHECK: amdgpu.mfma 16x16x16 %[[A]] * %[[B2]]
func.func @mfma_two_loops(%x: bf16, %out: memref<64x4xf32>, %n: index, %n2: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : vector<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
      workgroup(%q : memref<16x24xbf16, #gpu.address_space<workgroup>>) {
    %r = arith.remui %tx, %c16 : index
    memref.store %x, %q[%r, %c0] : memref<16x24xbf16, #gpu.address_space<workgroup>>
    gpu.barrier
    scf.for %i = %c0 to %n step %c1 {
      %lane = gpu.lane_id
      %p = arith.remui %lane, %c16 : index
      %g = arith.divui %lane, %c16 : index
      %g4 = arith.muli %g, %c4 : index
      %a = vector.load %q[%p, %g4] : memref<16x24xbf16, #gpu.address_space<workgroup>>, vector<4xbf16>
      %b = vector.load %q[%i, %g4] : memref<16x24xbf16, #gpu.address_space<workgroup>>, vector<4xbf16>
      %d = amdgpu.mfma 16x16x16 %a * %b + %zero blgp = none : vector<4xbf16>, vector<4xbf16>, vector<4xf32>
      vector.store %d, %out[%lane, %c0] : memref<64x4xf32>, vector<4xf32>
      gpu.barrier
    }
    scf.for %i = %n to %n2 step %c1 {
      %lane = gpu.lane_id
      %p = arith.remui %lane, %c16 : index
      %g = arith.divui %lane, %c16 : index
      %g4 = arith.muli %g, %c4 : index
      %a = vector.load %q[%p, %g4] : memref<16x24xbf16, #gpu.address_space<workgroup>>, vector<4xbf16>
      %b = vector.load %q[%i, %g4] : memref<16x24xbf16, #gpu.address_space<workgroup>>, vector<4xbf16>
      %d = amdgpu.mfma 16x16x16 %a * %b + %zero blgp = none : vector<4xbf16>, vector<4xbf16>, vector<4xf32>
      vector.store %d, %out[%lane, %c0] : memref<64x4xf32>, vector<4xf32>
      gpu.barrier
    }
    gpu.terminator
  }
  return
}

// -----

// No barrier between the tile's last write and the loop: a thread's
// hoisted load could run before another thread's write, so the loads stay
// in the loop, after its barrier.
// CHECK-LABEL: func @mfma_unpublished
// CHECK: scf.for
// CHECK: gpu.barrier
// CHECK: vector.load %{{.*}} : memref<16x24xbf16, #gpu.address_space<workgroup>>, vector<4xbf16>
// CHECK: amdgpu.mfma
func.func @mfma_unpublished(%x: bf16, %out: memref<64x4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : vector<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
      workgroup(%q : memref<16x24xbf16, #gpu.address_space<workgroup>>) {
    %r = arith.remui %tx, %c16 : index
    memref.store %x, %q[%r, %c0] : memref<16x24xbf16, #gpu.address_space<workgroup>>
    scf.for %i = %c0 to %n step %c1 {
      gpu.barrier
      %lane = gpu.lane_id
      %p = arith.remui %lane, %c16 : index
      %g = arith.divui %lane, %c16 : index
      %g4 = arith.muli %g, %c4 : index
      %a = vector.load %q[%p, %g4] : memref<16x24xbf16, #gpu.address_space<workgroup>>, vector<4xbf16>
      %d = amdgpu.mfma 16x16x16 %a * %a + %zero blgp = none : vector<4xbf16>, vector<4xbf16>, vector<4xf32>
      vector.store %d, %out[%lane, %c0] : memref<64x4xf32>, vector<4xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// A tile the loop also writes is read in the loop.
// CHECK-LABEL: func @mfma_tile_written_in_loop
// CHECK: gpu.barrier
// CHECK: scf.for
// CHECK: vector.load %{{.*}} : memref<16x24xbf16, #gpu.address_space<workgroup>>, vector<4xbf16>
// CHECK: amdgpu.mfma
func.func @mfma_tile_written_in_loop(%x: bf16, %out: memref<64x4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant dense<0.0> : vector<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
      workgroup(%q : memref<16x24xbf16, #gpu.address_space<workgroup>>) {
    %r = arith.remui %tx, %c16 : index
    memref.store %x, %q[%r, %c0] : memref<16x24xbf16, #gpu.address_space<workgroup>>
    gpu.barrier
    scf.for %i = %c0 to %n step %c1 {
      %lane = gpu.lane_id
      %p = arith.remui %lane, %c16 : index
      %g = arith.divui %lane, %c16 : index
      %g4 = arith.muli %g, %c4 : index
      %a = vector.load %q[%p, %g4] : memref<16x24xbf16, #gpu.address_space<workgroup>>, vector<4xbf16>
      %d = amdgpu.mfma 16x16x16 %a * %a + %zero blgp = none : vector<4xbf16>, vector<4xbf16>, vector<4xf32>
      vector.store %d, %out[%lane, %c0] : memref<64x4xf32>, vector<4xf32>
      gpu.barrier
      memref.store %x, %q[%r, %i] : memref<16x24xbf16, #gpu.address_space<workgroup>>
      gpu.barrier
    }
    gpu.terminator
  }
  return
}

// -----

// mma.sync keeps reloading such a tile each step: there registers bind.
// CHECK-LABEL: func @mma_sync_reloads_query
// CHECK: scf.for
// CHECK: memref.load %{{.*}} : memref<16x8xi32, #gpu.address_space<workgroup>>
// CHECK: nvvm.mma.sync
func.func @mma_sync_reloads_query(%x: i32, %b: i32, %f: f32, %out: memref<32x4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
      workgroup(%q : memref<16x8xi32, #gpu.address_space<workgroup>>) {
    %r = arith.remui %tx, %c4 : index
    memref.store %x, %q[%r, %c0] : memref<16x8xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    scf.for %i = %c0 to %n step %c1 {
      %lane = gpu.lane_id
      %g = arith.divui %lane, %c4 : index
      %a = memref.load %q[%g, %c0] : memref<16x8xi32, #gpu.address_space<workgroup>>
      %m = nvvm.mma.sync A[%a, %a, %a, %a] B[%b, %b] C[%f, %f, %f, %f] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
      %d = llvm.extractvalue %m[0] : !llvm.struct<(f32, f32, f32, f32)>
      memref.store %d, %out[%lane, %c0] : memref<32x4xf32>
      gpu.barrier
    }
    gpu.terminator
  }
  return
}

// -----

// A SIMT K step (tessel-tile-and-fuse, its copies unrolled by
// tessel-unroll-private-buffers): each thread copies its two elements of
// the block's accumulator tile into its own buffer, runs the step's k loop
// on that, and copies them back, every step; the element views' offsets
// (lb + i * step, not yet folded) name the same elements in both copies.
// The two copies leave the loop: the elements start at zero (the tile was
// only zero-filled before it), ride through it as iter_args, and are
// stored once after it; the 32 threads' two elements cover the 8 x 8 tile
// the fill writes, so the fill goes. With roll-simt-loops the loop is
// annotated (none of the tensor-core loops before it is).
// ROLL-LABEL: func @one_piece
// ROLL-NOT: loop_annotation
// ROLL: #[[UNROLL:.*]] = #llvm.loop_unroll<disable = true>
// ROLL: #loop_annotation = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// ROLL-LABEL: func @simt_step
// ROLL: scf.yield %{{.*}}, %{{.*}} : f32, f32
// ROLL-NEXT: } {loop_annotation = #loop_annotation}
// ROLL-LABEL: func @simt_step_guarded
// ROLL-NOT: loop_annotation
// OFF-LABEL: func @simt_step
// OFF: scf.for
// OFF-NOT: iter_args
// OFF: memref.load %{{.*}} #gpu.address_space<workgroup>>
// OFF: memref.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<2xf32>
// OFF: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : memref<1x1xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>>
// OFF: gpu.barrier
// OFF-NEXT: }
// CHECK-LABEL: func @simt_step
// CHECK: gpu.launch
// CHECK-NOT: memref.store %{{.*}}, %{{.*}} : memref<8x8xf32
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[R:.*]]:2 = scf.for %{{.*}} iter_args(%[[E0:.*]] = %[[ZERO]], %[[E1:.*]] = %[[ZERO]]) -> (f32, f32) {
// CHECK-NOT: memref.load %{{.*}} #gpu.address_space<workgroup>>
// CHECK: memref.store %[[E0]], %[[OWN:.*]][%{{.*}}] : memref<2xf32>
// CHECK-NEXT: memref.store %[[E1]], %[[OWN]][%{{.*}}] : memref<2xf32>
// CHECK: scf.for
// CHECK: }
// CHECK: %[[N0:.*]] = memref.load %[[OWN]]
// CHECK-NEXT: %[[N1:.*]] = memref.load %[[OWN]]
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: scf.yield %[[N0]], %[[N1]] : f32, f32
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.store %[[R]]#0
// CHECK-NEXT: memref.store %[[R]]#1
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.load %{{.*}} : memref<8x8xf32, #gpu.address_space<workgroup>>
func.func @simt_step(%src: memref<64x8xf32>, %out: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
      workgroup(%acc : memref<8x8xf32, #gpu.address_space<workgroup>>,
                %stage : memref<16x8xf32, #gpu.address_space<workgroup>>) {
    %own = memref.alloca() : memref<2xf32>
    %row = arith.divui %tx, %c4 : index
    %col4 = arith.remui %tx, %c4 : index
    %col = arith.muli %col4, %c2 : index
    scf.for %i = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c8 step %c4 {
        %jj = arith.addi %j, %col4 : index
        memref.store %zero, %acc[%i, %jj] : memref<8x8xf32, #gpu.address_space<workgroup>>
      }
    }
    gpu.barrier
    scf.for %k = %c0 to %c64 step %c16 {
      %r = arith.addi %k, %row : index
      %x = memref.load %src[%r, %col] : memref<64x8xf32>
      memref.store %x, %stage[%row, %col] : memref<16x8xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %mine = memref.subview %acc[%row, %col] [1, 2] [1, 1] : memref<8x8xf32, #gpu.address_space<workgroup>> to memref<1x2xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>>
      %i0 = arith.muli %c1, %c0 : index
      %in0 = memref.subview %mine[%c0, %i0] [1, 1] [1, 1] : memref<1x2xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>> to memref<1x1xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>>
      %a0 = memref.load %in0[%c0, %c0] : memref<1x1xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>>
      memref.store %a0, %own[%c0] : memref<2xf32>
      %i1 = arith.muli %c1, %c1 : index
      %in1 = memref.subview %mine[%c0, %i1] [1, 1] [1, 1] : memref<1x2xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>> to memref<1x1xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>>
      %a1 = memref.load %in1[%c0, %c0] : memref<1x1xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>>
      memref.store %a1, %own[%c1] : memref<2xf32>
      scf.for %kk = %c0 to %c16 step %c1 {
        %b = memref.load %stage[%kk, %col] : memref<16x8xf32, #gpu.address_space<workgroup>>
        %e0 = memref.load %own[%c0] : memref<2xf32>
        %f0 = arith.addf %e0, %b : f32
        memref.store %f0, %own[%c0] : memref<2xf32>
        %e1 = memref.load %own[%c1] : memref<2xf32>
        %f1 = arith.mulf %e1, %b : f32
        memref.store %f1, %own[%c1] : memref<2xf32>
      }
      %o0 = memref.load %own[%c0] : memref<2xf32>
      %out0 = memref.subview %mine[0, 0] [1, 1] [1, 1] : memref<1x2xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>> to memref<1x1xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>>
      memref.store %o0, %out0[%c0, %c0] : memref<1x1xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>>
      %o1 = memref.load %own[%c1] : memref<2xf32>
      %j1 = arith.addi %c0, %c1 : index
      %out1 = memref.subview %mine[%c0, %j1] [1, 1] [1, 1] : memref<1x2xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>> to memref<1x1xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>>
      memref.store %o1, %out1[%c0, %c0] : memref<1x1xf32, strided<[8, 1], offset: ?>, #gpu.address_space<workgroup>>
      gpu.barrier
    }
    %v = memref.load %acc[%row, %col] : memref<8x8xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%row, %col] : memref<8x8xf32>
    gpu.terminator
  }
  return
}

// -----

// The same step on a remainder tile: each copy guarded by whether its
// element is in the tile (tessel-unroll-private-buffers' scf.if). Copies
// the loop does not run at its top level stay in it, with no error.
// CHECK-LABEL: func @simt_step_guarded
// CHECK: scf.for
// CHECK-NOT: iter_args
// CHECK: scf.if
// CHECK-NEXT: memref.load
// CHECK-NEXT: memref.store
// CHECK: scf.if
// CHECK-NEXT: memref.load
// CHECK-NEXT: memref.store
// CHECK: gpu.barrier
func.func @simt_step_guarded(%n: index, %out: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
      workgroup(%acc : memref<32xf32, #gpu.address_space<workgroup>>) {
    %own = memref.alloca() : memref<1xf32>
    %in = arith.cmpi slt, %tx, %n : index
    scf.for %k = %c0 to %c64 step %c16 {
      scf.if %in {
        %a = memref.load %acc[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
        memref.store %a, %own[%c0] : memref<1xf32>
      }
      %e = memref.load %own[%c0] : memref<1xf32>
      %f = arith.addf %e, %e : f32
      memref.store %f, %own[%c0] : memref<1xf32>
      scf.if %in {
        %o = memref.load %own[%c0] : memref<1xf32>
        memref.store %o, %acc[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
    }
    gpu.terminator
  }
  return
}

// -----

// A SIMT step's copies with a barrier between them (another thread may
// read the tile there): the loop keeps them, with no error.
// CHECK-LABEL: func @simt_step_barrier
// CHECK: scf.for
// CHECK-NOT: iter_args
// CHECK: memref.load %{{.*}} : memref<32xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: memref.store %{{.*}} : memref<32xf32, #gpu.address_space<workgroup>>
func.func @simt_step_barrier() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
      workgroup(%acc : memref<32xf32, #gpu.address_space<workgroup>>) {
    %own = memref.alloca() : memref<1xf32>
    scf.for %k = %c0 to %c64 step %c16 {
      %a = memref.load %acc[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
      memref.store %a, %own[%c0] : memref<1xf32>
      gpu.barrier
      %e = memref.load %own[%c0] : memref<1xf32>
      %f = arith.addf %e, %e : f32
      memref.store %f, %own[%c0] : memref<1xf32>
      %o = memref.load %own[%c0] : memref<1xf32>
      memref.store %o, %acc[%tx] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
    }
    gpu.terminator
  }
  return
}
