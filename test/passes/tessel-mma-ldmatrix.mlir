// tessel-mma-ldmatrix loads each piece of A and B that tessel-lower-mma
// loaded with plain per-lane loads from shared memory with one ldmatrix: a
// 16 x 16 piece of A with .x4, two 16 x 8 pieces of B side by side with
// .x4.trans, a lone one with .x2.trans. Each lane points at row lane % 16
// of the piece, column 8 (lane / 16) (passes/MmaLayout.h); B held as
// [N, K] takes ldmatrix without .trans. Rows may be offset by a term every
// lane of the warp shares (a warp's first row or key).
// RUN: tessel-opt %s --split-input-file --tessel-mma-ldmatrix | FileCheck %s

// CHECK-LABEL: func @pieces
// CHECK: %[[LANE:.*]] = gpu.lane_id
// CHECK: %[[L16:.*]] = arith.remui %[[LANE]], %{{.*}} : index
// CHECK: %[[ROW:.*]] = arith.addi %[[L16]], %{{.*}} : index
// CHECK: %[[HALF:.*]] = arith.divui %[[LANE]], %{{.*}} : index
// CHECK: %[[COL:.*]] = arith.muli %[[HALF]], %{{.*}} : index
// CHECK: %[[A:.*]] = nvgpu.ldmatrix %{{.*}}[%[[ROW]], %[[COL]]] {numTiles = 4 : i32, transpose = false} : memref<32x24xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK: %[[BXY:.*]] = nvgpu.ldmatrix %{{.*}} {numTiles = 4 : i32, transpose = true} : memref<16x40xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK: %[[BZ:.*]] = nvgpu.ldmatrix %{{.*}} {numTiles = 2 : i32, transpose = true} : memref<16x40xbf16, #gpu.address_space<workgroup>> -> vector<2x2xbf16>
// CHECK-NOT: vector.load
// CHECK-NOT: memref.load
// CHECK-COUNT-3: nvvm.mma.sync

func.func @pieces(%c: f32) {
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
    %g = arith.divui %lane, %c4 : index
    %t4 = arith.remui %lane, %c4 : index
    %t = arith.muli %t4, %c2 : index
    // The A piece at rows 16..31, columns 0..15.
    %a0_r = arith.addi %g, %c16 : index
    %a0_p = vector.load %a[%a0_r, %t] : memref<32x24xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
    %a0_w = vector.bitcast %a0_p : vector<2xbf16> to vector<1xi32>
    %a0 = vector.extract %a0_w[0] : i32 from vector<1xi32>
    %a1_r = arith.addi %g, %c24 : index
    %a1_p = vector.load %a[%a1_r, %t] : memref<32x24xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
    %a1_w = vector.bitcast %a1_p : vector<2xbf16> to vector<1xi32>
    %a1 = vector.extract %a1_w[0] : i32 from vector<1xi32>
    %a2_r = arith.addi %g, %c16 : index
    %a2_c = arith.addi %t, %c8 : index
    %a2_p = vector.load %a[%a2_r, %a2_c] : memref<32x24xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
    %a2_w = vector.bitcast %a2_p : vector<2xbf16> to vector<1xi32>
    %a2 = vector.extract %a2_w[0] : i32 from vector<1xi32>
    %a3_r = arith.addi %g, %c24 : index
    %a3_c = arith.addi %t, %c8 : index
    %a3_p = vector.load %a[%a3_r, %a3_c] : memref<32x24xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
    %a3_w = vector.bitcast %a3_p : vector<2xbf16> to vector<1xi32>
    %a3 = vector.extract %a3_w[0] : i32 from vector<1xi32>
    // B pieces at columns 0, 8 (side by side) and 16, rows 0..15.
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
    %y0_k1 = arith.addi %t, %c1 : index
    %y0_n = arith.addi %g, %c8 : index
    %y0_e0 = memref.load %b[%t, %y0_n] : memref<16x40xbf16, #gpu.address_space<workgroup>>
    %y0_e1 = memref.load %b[%y0_k1, %y0_n] : memref<16x40xbf16, #gpu.address_space<workgroup>>
    %y0_p = vector.from_elements %y0_e0, %y0_e1 : vector<2xbf16>
    %y0_w = vector.bitcast %y0_p : vector<2xbf16> to vector<1xi32>
    %y0 = vector.extract %y0_w[0] : i32 from vector<1xi32>
    %y1_k0 = arith.addi %t, %c8 : index
    %y1_k1 = arith.addi %t, %c9 : index
    %y1_n = arith.addi %g, %c8 : index
    %y1_e0 = memref.load %b[%y1_k0, %y1_n] : memref<16x40xbf16, #gpu.address_space<workgroup>>
    %y1_e1 = memref.load %b[%y1_k1, %y1_n] : memref<16x40xbf16, #gpu.address_space<workgroup>>
    %y1_p = vector.from_elements %y1_e0, %y1_e1 : vector<2xbf16>
    %y1_w = vector.bitcast %y1_p : vector<2xbf16> to vector<1xi32>
    %y1 = vector.extract %y1_w[0] : i32 from vector<1xi32>
    %z0_k1 = arith.addi %t, %c1 : index
    %z0_n = arith.addi %g, %c16 : index
    %z0_e0 = memref.load %b[%t, %z0_n] : memref<16x40xbf16, #gpu.address_space<workgroup>>
    %z0_e1 = memref.load %b[%z0_k1, %z0_n] : memref<16x40xbf16, #gpu.address_space<workgroup>>
    %z0_p = vector.from_elements %z0_e0, %z0_e1 : vector<2xbf16>
    %z0_w = vector.bitcast %z0_p : vector<2xbf16> to vector<1xi32>
    %z0 = vector.extract %z0_w[0] : i32 from vector<1xi32>
    %z1_k0 = arith.addi %t, %c8 : index
    %z1_k1 = arith.addi %t, %c9 : index
    %z1_n = arith.addi %g, %c16 : index
    %z1_e0 = memref.load %b[%z1_k0, %z1_n] : memref<16x40xbf16, #gpu.address_space<workgroup>>
    %z1_e1 = memref.load %b[%z1_k1, %z1_n] : memref<16x40xbf16, #gpu.address_space<workgroup>>
    %z1_p = vector.from_elements %z1_e0, %z1_e1 : vector<2xbf16>
    %z1_w = vector.bitcast %z1_p : vector<2xbf16> to vector<1xi32>
    %z1 = vector.extract %z1_w[0] : i32 from vector<1xi32>
    %m0 = nvvm.mma.sync A[%a0, %a1, %a2, %a3] B[%x0, %x1] C[%c, %c, %c, %c] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
    %m1 = nvvm.mma.sync A[%a0, %a1, %a2, %a3] B[%y0, %y1] C[%c, %c, %c, %c] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
    %m2 = nvvm.mma.sync A[%a0, %a1, %a2, %a3] B[%z0, %z1] C[%c, %c, %c, %c] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
    gpu.terminator
  }
  return
}

// -----

// A piece of A at a warp's own rows (thread id x / 32 x 16: the same for
// every lane of the warp) still takes one ldmatrix .x4, its lanes' rows
// offset by the warp's. B held as [N, K] (the attention's key tile, read
// transposed: a register's pair consecutive in a row): two pieces at N 0
// and 8 in one .x4 without .trans, lane l at row 8 (l / 16) + l % 8,
// column 8 ((l / 8) % 2); the lone piece at N 16 in a .x2.
// CHECK-LABEL: func @warp_rows_and_keys
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[WARP:.*]] = arith.divui %[[TID]], %c32
// CHECK: %[[FIRST:.*]] = arith.muli %[[WARP]], %c16
// CHECK: %[[LANE:.*]] = gpu.lane_id
// CHECK: %[[L16:.*]] = arith.remui %[[LANE]], %c16
// CHECK: %[[ROW:.*]] = arith.addi %[[L16]], %[[FIRST]] : index
// CHECK: nvgpu.ldmatrix %{{.*}}[%[[ROW]], %{{.*}}] {numTiles = 4 : i32, transpose = false} : memref<64x24xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK: %[[LANE2:.*]] = gpu.lane_id
// CHECK: %[[HALF:.*]] = arith.divui %[[LANE2]], %c16
// CHECK: %[[HALF8:.*]] = arith.muli %[[HALF]], %c8
// CHECK: %[[IN8:.*]] = arith.remui %[[LANE2]], %c8
// CHECK: %[[KROW:.*]] = arith.addi %[[HALF8]], %[[IN8]] : index
// CHECK: %[[OCT:.*]] = arith.divui %[[LANE2]], %c8
// CHECK: %[[ODD:.*]] = arith.remui %[[OCT]], %c2
// CHECK: %[[KCOL:.*]] = arith.muli %[[ODD]], %c8
// CHECK: %[[KCOL16:.*]] = arith.addi %[[KCOL]], %c16
// CHECK: nvgpu.ldmatrix %{{.*}}[%[[KROW]], %[[KCOL16]]] {numTiles = 4 : i32, transpose = false} : memref<24x40xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK: nvgpu.ldmatrix %{{.*}} {numTiles = 2 : i32, transpose = false} : memref<24x40xbf16, #gpu.address_space<workgroup>> -> vector<2x2xbf16>
// CHECK-NOT: vector.load
// CHECK-COUNT-3: nvvm.mma.sync

func.func @warp_rows_and_keys(%c: f32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c24 = arith.constant 24 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
      workgroup(%a : memref<64x24xbf16, #gpu.address_space<workgroup>>, %k : memref<24x40xbf16, #gpu.address_space<workgroup>>) {
    %tid = gpu.thread_id x
    %warp = arith.divui %tid, %c32 : index
    %first = arith.muli %warp, %c16 : index
    %lane = gpu.lane_id
    %g = arith.divui %lane, %c4 : index
    %t4 = arith.remui %lane, %c4 : index
    %t = arith.muli %t4, %c2 : index
    %t8 = arith.addi %t, %c8 : index
    // A at rows first .. first + 15.
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
    // B as [N, K] at K 16 .. 31: keys 0 .. 7, 8 .. 15, 16 .. 23.
    %t16 = arith.addi %t, %c16 : index
    %t24 = arith.addi %t, %c24 : index
    %g8 = arith.addi %g, %c8 : index
    %g16 = arith.addi %g, %c16 : index
    %x0_p = vector.load %k[%g, %t16] : memref<24x40xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
    %x0_w = vector.bitcast %x0_p : vector<2xbf16> to vector<1xi32>
    %x0 = vector.extract %x0_w[0] : i32 from vector<1xi32>
    %x1_p = vector.load %k[%g, %t24] : memref<24x40xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
    %x1_w = vector.bitcast %x1_p : vector<2xbf16> to vector<1xi32>
    %x1 = vector.extract %x1_w[0] : i32 from vector<1xi32>
    %y0_p = vector.load %k[%g8, %t16] : memref<24x40xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
    %y0_w = vector.bitcast %y0_p : vector<2xbf16> to vector<1xi32>
    %y0 = vector.extract %y0_w[0] : i32 from vector<1xi32>
    %y1_p = vector.load %k[%g8, %t24] : memref<24x40xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
    %y1_w = vector.bitcast %y1_p : vector<2xbf16> to vector<1xi32>
    %y1 = vector.extract %y1_w[0] : i32 from vector<1xi32>
    %z0_p = vector.load %k[%g16, %t16] : memref<24x40xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
    %z0_w = vector.bitcast %z0_p : vector<2xbf16> to vector<1xi32>
    %z0 = vector.extract %z0_w[0] : i32 from vector<1xi32>
    %z1_p = vector.load %k[%g16, %t24] : memref<24x40xbf16, #gpu.address_space<workgroup>>, vector<2xbf16>
    %z1_w = vector.bitcast %z1_p : vector<2xbf16> to vector<1xi32>
    %z1 = vector.extract %z1_w[0] : i32 from vector<1xi32>
    %m0 = nvvm.mma.sync A[%a0, %a1, %a2, %a3] B[%x0, %x1] C[%c, %c, %c, %c] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
    %m1 = nvvm.mma.sync A[%a0, %a1, %a2, %a3] B[%y0, %y1] C[%c, %c, %c, %c] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
    %m2 = nvvm.mma.sync A[%a0, %a1, %a2, %a3] B[%z0, %z1] C[%c, %c, %c, %c] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
    gpu.terminator
  }
  return
}

// -----

// B held as [K, N] at rows a warp's own (the fused attention's V when the
// warps split the key tile: warp w's keys from 32 w): two pieces side by
// side still take one .x4.trans, lane l at row l % 16 plus the warp's
// first key.
// CHECK-LABEL: func @warp_keys_of_b
// CHECK: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[WARP:.*]] = arith.divui %[[TID]], %c32
// CHECK: %[[KEYS:.*]] = arith.muli %[[WARP]], %c32
// CHECK: %[[LANE:.*]] = gpu.lane_id
// CHECK: %[[L16:.*]] = arith.remui %[[LANE]], %c16
// CHECK: %[[ROW:.*]] = arith.addi %[[L16]], %[[KEYS]] : index
// CHECK: nvgpu.ldmatrix %{{.*}}[%[[ROW]], %{{.*}}] {numTiles = 4 : i32, transpose = true} : memref<64x24xbf16, #gpu.address_space<workgroup>> -> vector<4x2xbf16>
// CHECK-NOT: memref.load
// CHECK-COUNT-2: nvvm.mma.sync

func.func @warp_keys_of_b(%c: f32, %a0: i32, %a1: i32, %a2: i32, %a3: i32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
      workgroup(%v : memref<64x24xbf16, #gpu.address_space<workgroup>>) {
    %tid = gpu.thread_id x
    %warp = arith.divui %tid, %c32 : index
    %keys = arith.muli %warp, %c32 : index
    %lane = gpu.lane_id
    %g = arith.divui %lane, %c4 : index
    %t4 = arith.remui %lane, %c4 : index
    %t = arith.muli %t4, %c2 : index
    // Rows keys + 2t (+1, +8, +9), columns g and g + 8.
    %k0 = arith.addi %t, %keys : index
    %k1p = arith.addi %t, %keys : index
    %k1 = arith.addi %k1p, %c1 : index
    %k8p = arith.addi %t, %keys : index
    %k8 = arith.addi %k8p, %c8 : index
    %k9p = arith.addi %t, %keys : index
    %k9 = arith.addi %k9p, %c9 : index
    %n8 = arith.addi %g, %c8 : index
    %x0_e0 = memref.load %v[%k0, %g] : memref<64x24xbf16, #gpu.address_space<workgroup>>
    %x0_e1 = memref.load %v[%k1, %g] : memref<64x24xbf16, #gpu.address_space<workgroup>>
    %x0_p = vector.from_elements %x0_e0, %x0_e1 : vector<2xbf16>
    %x0_w = vector.bitcast %x0_p : vector<2xbf16> to vector<1xi32>
    %x0 = vector.extract %x0_w[0] : i32 from vector<1xi32>
    %x1_e0 = memref.load %v[%k8, %g] : memref<64x24xbf16, #gpu.address_space<workgroup>>
    %x1_e1 = memref.load %v[%k9, %g] : memref<64x24xbf16, #gpu.address_space<workgroup>>
    %x1_p = vector.from_elements %x1_e0, %x1_e1 : vector<2xbf16>
    %x1_w = vector.bitcast %x1_p : vector<2xbf16> to vector<1xi32>
    %x1 = vector.extract %x1_w[0] : i32 from vector<1xi32>
    %y0_e0 = memref.load %v[%k0, %n8] : memref<64x24xbf16, #gpu.address_space<workgroup>>
    %y0_e1 = memref.load %v[%k1, %n8] : memref<64x24xbf16, #gpu.address_space<workgroup>>
    %y0_p = vector.from_elements %y0_e0, %y0_e1 : vector<2xbf16>
    %y0_w = vector.bitcast %y0_p : vector<2xbf16> to vector<1xi32>
    %y0 = vector.extract %y0_w[0] : i32 from vector<1xi32>
    %y1_e0 = memref.load %v[%k8, %n8] : memref<64x24xbf16, #gpu.address_space<workgroup>>
    %y1_e1 = memref.load %v[%k9, %n8] : memref<64x24xbf16, #gpu.address_space<workgroup>>
    %y1_p = vector.from_elements %y1_e0, %y1_e1 : vector<2xbf16>
    %y1_w = vector.bitcast %y1_p : vector<2xbf16> to vector<1xi32>
    %y1 = vector.extract %y1_w[0] : i32 from vector<1xi32>
    %m0 = nvvm.mma.sync A[%a0, %a1, %a2, %a3] B[%x0, %x1] C[%c, %c, %c, %c] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
    %m1 = nvvm.mma.sync A[%a0, %a1, %a2, %a3] B[%y0, %y1] C[%c, %c, %c, %c] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
    gpu.terminator
  }
  return
}
