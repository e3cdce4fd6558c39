// tessel-mma-ldmatrix leaves fragments alone whose loads are not
// tessel-lower-mma's (lanes grouped other than by lane / 4, so that
// ldmatrix would deliver other elements): no ldmatrix, no diagnostic.
// RUN: tessel-opt %s --tessel-mma-ldmatrix --verify-diagnostics | FileCheck %s

// CHECK-LABEL: func @wrong_lane_arithmetic
// CHECK-NOT: nvgpu.ldmatrix
// CHECK-COUNT-4: vector.load
// CHECK-COUNT-4: memref.load
// CHECK: nvvm.mma.sync

func.func @wrong_lane_arithmetic(%c: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c16 = arith.constant 16 : index
  %c17 = arith.constant 17 : index
  %c24 = arith.constant 24 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
      workgroup(%a : memref<32x24xbf16, #gpu.address_space<workgroup>>, %b : memref<16x40xbf16, #gpu.address_space<workgroup>>) {
    %lane = gpu.lane_id
    %g = arith.divui %lane, %c8 : index
    %t4 = arith.remui %lane, %c4 : index
    %t = arith.muli %t4, %c2 : index
    %a0_p = vector.load %a[%g, %t] : memref<32x24xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
    %a0_w = vector.bitcast %a0_p : vector<2xbf16> to vector<1xi32>
    %a0 = vector.extract %a0_w[0] : i32 from vector<1xi32>
    %a1_r = arith.addi %g, %c8 : index
    %a1_p = vector.load %a[%a1_r, %t] : memref<32x24xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
    %a1_w = vector.bitcast %a1_p : vector<2xbf16> to vector<1xi32>
    %a1 = vector.extract %a1_w[0] : i32 from vector<1xi32>
    %a2_c = arith.addi %t, %c8 : index
    %a2_p = vector.load %a[%g, %a2_c] : memref<32x24xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
    %a2_w = vector.bitcast %a2_p : vector<2xbf16> to vector<1xi32>
    %a2 = vector.extract %a2_w[0] : i32 from vector<1xi32>
    %a3_r = arith.addi %g, %c8 : index
    %a3_c = arith.addi %t, %c8 : index
    %a3_p = vector.load %a[%a3_r, %a3_c] : memref<32x24xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
    %a3_w = vector.bitcast %a3_p : vector<2xbf16> to vector<1xi32>
    %a3 = vector.extract %a3_w[0] : i32 from vector<1xi32>
    %x0_k1 = arith.addi %t, %c1 : index
    %x0_e0 = memref.load %b[%t, %g] : memref<16x40xbf16, #gpu.address_space<workgroup>>
    %x0_e1 = memref.load %b[%x0_k1, %g] : memref<16x40xbf16, #gpu.address_space<workgroup>>
    %x0_p = vector.from_elements %x0_e0, %x0_e1 : vector<2xbf16>
    %x0_w = vector.bitcast %x0_p : vector<2xbf16> to vector<1xi32>
    %x0 = vector.extract %x0_w[0] : i32 from vector<1xi32>
    %x1_k0 = arith.addi %t, %c8 : index
    %x1_k1 = arith.addi %t, %c9 : index
    %x1_e0 = memref.load %b[%x1_k0, %g] : memref<16x40xbf16, #gpu.address_space<workgroup>>
    %x1_e1 = memref.load %b[%x1_k1, %g] : memref<16x40xbf16, #gpu.address_space<workgroup>>
    %x1_p = vector.from_elements %x1_e0, %x1_e1 : vector<2xbf16>
    %x1_w = vector.bitcast %x1_p : vector<2xbf16> to vector<1xi32>
    %x1 = vector.extract %x1_w[0] : i32 from vector<1xi32>
    %m0 = nvvm.mma.sync A[%a0, %a1, %a2, %a3] B[%x0, %x1] C[%c, %c, %c, %c] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
    gpu.terminator
  }
  return
}

// A piece of A whose rows are offset by a term that differs between the
// lanes of a warp (the thread's id, not the warp's): ldmatrix would read
// one warp-wide piece instead of each lane's own rows.
// CHECK-LABEL: func @lane_dependent_rows
// CHECK-NOT: nvgpu.ldmatrix
// CHECK-COUNT-4: vector.load
// CHECK: nvvm.mma.sync

func.func @lane_dependent_rows(%c: f32, %b0: i32, %b1: i32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1)
      workgroup(%a : memref<64x24xbf16, #gpu.address_space<workgroup>>) {
    %tid = gpu.thread_id x
    %first = arith.remui %tid, %c2 : index
    %lane = gpu.lane_id
    %g = arith.divui %lane, %c4 : index
    %t4 = arith.remui %lane, %c4 : index
    %t = arith.muli %t4, %c2 : index
    %t8 = arith.addi %t, %c8 : index
    %r0 = arith.addi %first, %g : index
    %r8 = arith.addi %r0, %c8 : index
    %a0_p = vector.load %a[%r0, %t] : memref<64x24xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
    %a0_w = vector.bitcast %a0_p : vector<2xbf16> to vector<1xi32>
    %a0 = vector.extract %a0_w[0] : i32 from vector<1xi32>
    %a1_p = vector.load %a[%r8, %t] : memref<64x24xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
    %a1_w = vector.bitcast %a1_p : vector<2xbf16> to vector<1xi32>
    %a1 = vector.extract %a1_w[0] : i32 from vector<1xi32>
    %a2_p = vector.load %a[%r0, %t8] : memref<64x24xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
    %a2_w = vector.bitcast %a2_p : vector<2xbf16> to vector<1xi32>
    %a2 = vector.extract %a2_w[0] : i32 from vector<1xi32>
    %a3_p = vector.load %a[%r8, %t8] : memref<64x24xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
    %a3_w = vector.bitcast %a3_p : vector<2xbf16> to vector<1xi32>
    %a3 = vector.extract %a3_w[0] : i32 from vector<1xi32>
    %m = nvvm.mma.sync A[%a0, %a1, %a2, %a3] B[%b0, %b1] C[%c, %c, %c, %c] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
    gpu.terminator
  }
  return
}

// The same warp arithmetic in a block of 48 x 2 threads: a warp holds
// thread ids x 32-47 of one row and 0-15 of the next, so thread id x / 32
// differs between its lanes and the rows stay with their plain loads.
// CHECK-LABEL: func @warp_index_not_uniform
// CHECK-NOT: nvgpu.ldmatrix
// CHECK: nvvm.mma.sync

func.func @warp_index_not_uniform(%c: f32, %b0: i32, %b1: i32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c48, %sy = %c2, %sz = %c1)
      workgroup(%a : memref<64x24xbf16, #gpu.address_space<workgroup>>) {
    %tid = gpu.thread_id x
    %warp = arith.divui %tid, %c32 : index
    %first = arith.muli %warp, %c16 : index
    %lane = gpu.lane_id
    %g = arith.divui %lane, %c4 : index
    %t4 = arith.remui %lane, %c4 : index
    %t = arith.muli %t4, %c2 : index
    %t8 = arith.addi %t, %c8 : index
    %r0 = arith.addi %first, %g : index
    %r8 = arith.addi %r0, %c8 : index
    %a0_p = vector.load %a[%r0, %t] : memref<64x24xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
    %a0_w = vector.bitcast %a0_p : vector<2xbf16> to vector<1xi32>
    %a0 = vector.extract %a0_w[0] : i32 from vector<1xi32>
    %a1_p = vector.load %a[%r8, %t] : memref<64x24xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
    %a1_w = vector.bitcast %a1_p : vector<2xbf16> to vector<1xi32>
    %a1 = vector.extract %a1_w[0] : i32 from vector<1xi32>
    %a2_p = vector.load %a[%r0, %t8] : memref<64x24xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
    %a2_w = vector.bitcast %a2_p : vector<2xbf16> to vector<1xi32>
    %a2 = vector.extract %a2_w[0] : i32 from vector<1xi32>
    %a3_p = vector.load %a[%r8, %t8] : memref<64x24xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
    %a3_w = vector.bitcast %a3_p : vector<2xbf16> to vector<1xi32>
    %a3 = vector.extract %a3_w[0] : i32 from vector<1xi32>
    %m = nvvm.mma.sync A[%a0, %a1, %a2, %a3] B[%b0, %b1] C[%c, %c, %c, %c] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
    gpu.terminator
  }
  return
}
