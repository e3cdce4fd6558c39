// tessel-lower-mma: one warp's 16x8x16 pieces of a tensor-core K step
// become mma.sync on the lanes' fragments (passes/MmaLayout.h): with g =
// lane / 4 and t = lane % 4, A's registers are pairs of K read at rows g
// and g + 8, columns 2t and 2t + 8; B's are two rows of K in column g; the
// accumulator's two pairs of f32 sit at rows g and g + 8, columns 2t. A
// piece read once feeds every mma.sync that uses it; a result feeding the
// next piece's accumulator stays in registers.
// RUN: tessel-opt %s --split-input-file --tessel-lower-mma --canonicalize --cse | FileCheck %s

// CHECK-LABEL: func.func @bf16_chain
// CHECK: %[[LANE:.*]] = gpu.lane_id
// CHECK: %[[G:.*]] = arith.divui %[[LANE]], %c4
// CHECK: %[[T:.*]] = arith.remui %[[LANE]], %c4
// CHECK: %[[T2:.*]] = arith.muli %[[T]], %c2
// A: (g, 2t), (g + 8, 2t), (g, 2t + 8), (g + 8, 2t + 8), two bf16 as an i32.
// CHECK: %[[A0:.*]] = vector.load %arg0[%[[G]], %[[T2]]] : memref<16x32xbf16, 3>, vector<2xbf16>
// CHECK: %[[A0W:.*]] = vector.bitcast %[[A0]] : vector<2xbf16> to vector<1xi32>
// CHECK: %[[A0I:.*]] = vector.extract %[[A0W]][0] : i32 from vector<1xi32>
// CHECK: %[[G8:.*]] = arith.addi %[[G]], %c8
// CHECK: vector.load %arg0[%[[G8]], %[[T2]]]
// CHECK: %[[T28:.*]] = arith.addi %[[T2]], %c8
// CHECK: vector.load %arg0[%[[G]], %[[T28]]]
// CHECK: vector.load %arg0[%[[G8]], %[[T28]]]
// B: rows (K) 2t, 2t + 1 and 2t + 8, 2t + 9 of column g.
// CHECK: %[[B0:.*]] = memref.load %arg1[%[[T2]], %[[G]]]
// CHECK: %[[T21:.*]] = arith.addi %[[T2]], %c1
// CHECK: %[[B1:.*]] = memref.load %arg1[%[[T21]], %[[G]]]
// CHECK: vector.from_elements %[[B0]], %[[B1]] : vector<2xbf16>
// CHECK: memref.load %arg1[%[[T28]], %[[G]]]
// CHECK: %[[T29:.*]] = arith.addi %[[T2]], %c9
// CHECK: memref.load %arg1[%[[T29]], %[[G]]]
// The accumulator: (g, 2t) and (g + 8, 2t), pairs of f32.
// CHECK: vector.load %arg2[%[[G]], %[[T2]]] : memref<16x8xf32, 3>, vector<2xf32>
// CHECK: vector.load %arg2[%[[G8]], %[[T2]]] : memref<16x8xf32, 3>, vector<2xf32>
// CHECK: %[[D0:.*]] = nvvm.mma.sync A[%[[A0I]], {{.*}}] B[{{.*}}] C[{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-DAG: %[[E0:.*]] = llvm.extractvalue %[[D0]][0]
// CHECK-DAG: %[[E1:.*]] = llvm.extractvalue %[[D0]][1]
// CHECK-DAG: %[[E2:.*]] = llvm.extractvalue %[[D0]][2]
// CHECK-DAG: %[[E3:.*]] = llvm.extractvalue %[[D0]][3]
// The second piece of K (columns 16..31 of A, rows 16..31 of B) takes the
// first's result as its accumulator, from registers.
// CHECK-COUNT-4: vector.load %arg0
// CHECK-COUNT-4: memref.load %arg1
// CHECK-NOT: vector.load %arg2
// CHECK: %[[D1:.*]] = nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[%[[E0]], %[[E1]], %[[E2]], %[[E3]]]
// CHECK-DAG: %[[F0:.*]] = llvm.extractvalue %[[D1]][0]
// CHECK-DAG: %[[F1:.*]] = llvm.extractvalue %[[D1]][1]
// CHECK: %[[S0:.*]] = vector.from_elements %[[F0]], %[[F1]] : vector<2xf32>
// CHECK: vector.store %[[S0]], %arg2[%[[G]], %[[T2]]] : memref<16x8xf32, 3>, vector<2xf32>
// CHECK: vector.store %{{.*}}, %arg2[%[[G8]], %[[T2]]] : memref<16x8xf32, 3>, vector<2xf32>
// CHECK-NOT: vector.contract
// CHECK-NOT: vector.transfer
// CHECK: return
#mapA = affine_map<(m, n, k) -> (m, k)>
#mapB = affine_map<(m, n, k) -> (k, n)>
#mapC = affine_map<(m, n, k) -> (m, n)>
func.func @bf16_chain(%a: memref<16x32xbf16, 3>, %b: memref<32x8xbf16, 3>, %c: memref<16x8xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : bf16
  %fpad = arith.constant 0.0 : f32
  %acc = vector.transfer_read %c[%c0, %c0], %fpad {in_bounds = [true, true]} : memref<16x8xf32, 3>, vector<16x8xf32>
  %a0 = vector.transfer_read %a[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x32xbf16, 3>, vector<16x16xbf16>
  %b0 = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true, true]} : memref<32x8xbf16, 3>, vector<16x8xbf16>
  %d0 = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a0, %b0, %acc : vector<16x16xbf16>, vector<16x8xbf16> into vector<16x8xf32>
  %a1 = vector.transfer_read %a[%c0, %c16], %pad {in_bounds = [true, true]} : memref<16x32xbf16, 3>, vector<16x16xbf16>
  %b1 = vector.transfer_read %b[%c16, %c0], %pad {in_bounds = [true, true]} : memref<32x8xbf16, 3>, vector<16x8xbf16>
  %d1 = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a1, %b1, %d0 : vector<16x16xbf16>, vector<16x8xbf16> into vector<16x8xf32>
  vector.transfer_write %d1, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32, 3>
  return
}

// -----

// f16 registers are vector<2xf16>, as nvvm.mma.sync takes them.
// CHECK-LABEL: func.func @f16_piece
// CHECK: %[[P:.*]] = vector.load %arg0{{.*}} : memref<16x16xf16>, vector<2xf16>
// CHECK-NOT: vector.bitcast
// CHECK: nvvm.mma.sync A[%[[P]], {{.*}} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
#mapA = affine_map<(m, n, k) -> (m, k)>
#mapB = affine_map<(m, n, k) -> (k, n)>
#mapC = affine_map<(m, n, k) -> (m, n)>
func.func @f16_piece(%a: memref<16x16xf16>, %b: memref<16x8xf16>, %c: memref<16x8xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f16
  %fpad = arith.constant 0.0 : f32
  %acc = vector.transfer_read %c[%c0, %c0], %fpad {in_bounds = [true, true]} : memref<16x8xf32>, vector<16x8xf32>
  %a0 = vector.transfer_read %a[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %b0 = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x8xf16>, vector<16x8xf16>
  %d0 = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a0, %b0, %acc : vector<16x16xf16>, vector<16x8xf16> into vector<16x8xf32>
  vector.transfer_write %d0, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
  return
}

// -----

// A piece whose accumulator starts at zero (the fused attention's S) loads
// no fragment of it: the mma.sync takes four zeros.
// CHECK-LABEL: func.func @zero_accumulator
// CHECK-NOT: vector.load %arg2
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: nvvm.mma.sync {{.*}} C[%[[Z]], %[[Z]], %[[Z]], %[[Z]]]
// CHECK: vector.store {{.*}}, %arg2
#mapA = affine_map<(m, n, k) -> (m, k)>
#mapB = affine_map<(m, n, k) -> (k, n)>
#mapC = affine_map<(m, n, k) -> (m, n)>
func.func @zero_accumulator(%a: memref<16x16xbf16>, %b: memref<16x8xbf16>, %c: memref<16x8xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : bf16
  %acc = arith.constant dense<0.0> : vector<16x8xf32>
  %a0 = vector.transfer_read %a[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x16xbf16>, vector<16x16xbf16>
  %b0 = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x8xbf16>, vector<16x8xbf16>
  %d0 = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a0, %b0, %acc : vector<16x16xbf16>, vector<16x8xbf16> into vector<16x8xf32>
  vector.transfer_write %d0, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
  return
}

// -----

// Contractions of other shapes or types are not pieces: left alone.
// CHECK-LABEL: func.func @not_a_piece
// CHECK: vector.contract
// CHECK-NOT: nvvm.mma.sync
#mapA = affine_map<(m, n, k) -> (m, k)>
#mapB = affine_map<(m, n, k) -> (k, n)>
#mapC = affine_map<(m, n, k) -> (m, n)>
func.func @not_a_piece(%a: vector<4x4xf32>, %b: vector<4x4xf32>, %c: vector<4x4xf32>) -> vector<4x4xf32> {
  %d = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<4x4xf32>, vector<4x4xf32> into vector<4x4xf32>
  return %d : vector<4x4xf32>
}

// -----

// MFMA pieces (mma = mfma): a 16x16x16 piece becomes amdgpu.mfma on one
// 64-lane wavefront (passes/MfmaLayout.h): with g = lane / 16 and p =
// lane % 16, A's four elements are row p from K = 4 g, one load; B's four
// are column p from K = 4 g, a load each; the accumulator's four f32 are
// rows 4 g .. 4 g + 3 of column p.
// CHECK-LABEL: func.func @mfma_16x16x16
// CHECK: %[[LANE:.*]] = gpu.lane_id
// CHECK: %[[G:.*]] = arith.divui %[[LANE]], %c16
// CHECK: %[[P:.*]] = arith.remui %[[LANE]], %c16
// CHECK: %[[G4:.*]] = arith.muli %[[G]], %c4
// CHECK: %[[A:.*]] = vector.load %arg0[%[[P]], %[[G4]]] : memref<16x16xbf16>, vector<4xbf16>
// CHECK: %[[B0:.*]] = memref.load %arg1[%[[G4]], %[[P]]] : memref<16x16xbf16>
// CHECK: %[[B:.*]] = vector.from_elements %[[B0]], {{.*}} : vector<4xbf16>
// CHECK: %[[C0:.*]] = memref.load %arg2[%[[G4]], %[[P]]] : memref<16x16xf32>
// CHECK: %[[ACC:.*]] = vector.from_elements %[[C0]], {{.*}} : vector<4xf32>
// CHECK: %[[D:.*]] = amdgpu.mfma 16x16x16 %[[A]] * %[[B]] + %[[ACC]] blgp = {{ *}}none : vector<4xbf16>, vector<4xbf16>, vector<4xf32>
// CHECK: %[[D0:.*]] = vector.extract %[[D]][0]
// CHECK: memref.store %[[D0]], %arg2[%[[G4]], %[[P]]]
// CHECK-COUNT-3: memref.store
// CHECK-NOT: vector.contract
#mapA = affine_map<(m, n, k) -> (m, k)>
#mapB = affine_map<(m, n, k) -> (k, n)>
#mapC = affine_map<(m, n, k) -> (m, n)>
func.func @mfma_16x16x16(%a: memref<16x16xbf16>, %b: memref<16x16xbf16>, %c: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : bf16
  %fpad = arith.constant 0.0 : f32
  %acc = vector.transfer_read %c[%c0, %c0], %fpad {in_bounds = [true, true]} : memref<16x16xf32>, vector<16x16xf32>
  %a0 = vector.transfer_read %a[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x16xbf16>, vector<16x16xbf16>
  %b0 = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x16xbf16>, vector<16x16xbf16>
  %d0 = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a0, %b0, %acc : vector<16x16xbf16>, vector<16x16xbf16> into vector<16x16xf32>
  vector.transfer_write %d0, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf32>, memref<16x16xf32>
  return
}

// -----

// A 32x32x8 piece of f16 starting at zero: the accumulator is 16 f32 a
// lane (runs of four rows, 8 apart: rows 4 g .. 4 g + 3, 8 + 4 g .., with
// g = lane / 32), none loaded.
// CHECK-LABEL: func.func @mfma_32x32x8_zero
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK: %[[LANE:.*]] = gpu.lane_id
// CHECK: arith.divui %[[LANE]], %c32
// CHECK: amdgpu.mfma 32x32x8 {{.*}} + %[[ZERO]] blgp = {{ *}}none : vector<4xf16>, vector<4xf16>, vector<16xf32>
// CHECK-COUNT-16: memref.store
// CHECK-NOT: memref.store
#mapA = affine_map<(m, n, k) -> (m, k)>
#mapB = affine_map<(m, n, k) -> (k, n)>
#mapC = affine_map<(m, n, k) -> (m, n)>
func.func @mfma_32x32x8_zero(%a: memref<32x8xf16>, %b: memref<8x32xf16>, %c: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f16
  %acc = arith.constant dense<0.0> : vector<32x32xf32>
  %a0 = vector.transfer_read %a[%c0, %c0], %pad {in_bounds = [true, true]} : memref<32x8xf16>, vector<32x8xf16>
  %b0 = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true, true]} : memref<8x32xf16>, vector<8x32xf16>
  %d0 = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a0, %b0, %acc : vector<32x8xf16>, vector<8x32xf16> into vector<32x32xf32>
  vector.transfer_write %d0, %c[%c0, %c0] {in_bounds = [true, true]} : vector<32x32xf32>, memref<32x32xf32>
  return
}

// -----

// B held as [N, K] (the fused attention's key tile on MFMA) and read
// transposed: each lane's B fragment is four consecutive elements of row p
// from column 4 g, one load as A's is.
// CHECK-LABEL: func.func @mfma_b_transposed
// CHECK: %[[LANE:.*]] = gpu.lane_id
// CHECK: %[[G:.*]] = arith.divui %[[LANE]], %c16
// CHECK: %[[P:.*]] = arith.remui %[[LANE]], %c16
// CHECK: %[[G4:.*]] = arith.muli %[[G]], %c4
// CHECK: %[[A:.*]] = vector.load %arg0[%[[P]], %[[G4]]] : memref<16x16xf16>, vector<4xf16>
// CHECK: %[[B:.*]] = vector.load %arg1[%[[P]], %[[G4]]] : memref<16x24xf16>, vector<4xf16>
// CHECK-NOT: memref.load %arg1
// CHECK: amdgpu.mfma 16x16x16 %[[A]] * %[[B]]
// CHECK-NOT: vector.transfer_read
#mapA = affine_map<(m, n, k) -> (m, k)>
#mapB = affine_map<(m, n, k) -> (k, n)>
#mapC = affine_map<(m, n, k) -> (m, n)>
#transposed = affine_map<(d0, d1) -> (d1, d0)>
func.func @mfma_b_transposed(%a: memref<16x16xf16>, %b: memref<16x24xf16>, %c: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f16
  %acc = arith.constant dense<0.0> : vector<16x16xf32>
  %a0 = vector.transfer_read %a[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  %b0 = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true, true], permutation_map = #transposed} : memref<16x24xf16>, vector<16x16xf16>
  %d0 = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a0, %b0, %acc : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
  vector.transfer_write %d0, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf32>, memref<16x16xf32>
  return
}

// -----

// A warp's computation between pieces (the register-resident attention's
// step): S from one piece, each row's maximum over a row's two values in
// the lane and across its group's four lanes (shuffles xor 1 and 2), the
// maximum back across the row, exp2, P rounded to bf16 and two of its
// 16 x 8 pieces side by side as the next piece's A: the A registers are
// the two halves' pairs, packed, with no memory between.
// CHECK-LABEL: func.func @warp_softmax_chain
// CHECK: %[[LANE:.*]] = gpu.lane_id
// CHECK-COUNT-1: nvvm.mma.sync
// CHECK: %[[M0:.*]] = arith.maximumf
// CHECK: %[[S1:.*]], %{{.*}} = gpu.shuffle xor %[[M0]], %c1_i32, %c32_i32 : f32
// CHECK: %[[M1:.*]] = arith.maximumf %[[M0]], %[[S1]]
// CHECK: %[[S2:.*]], %{{.*}} = gpu.shuffle xor %[[M1]], %c2_i32, %c32_i32 : f32
// CHECK: arith.maximumf %[[M1]], %[[S2]]
// CHECK-COUNT-2: gpu.shuffle xor
// CHECK-COUNT-4: math.exp2 %{{.*}} : f32
// CHECK-COUNT-4: arith.truncf %{{.*}} : f32 to bf16
// CHECK: vector.from_elements %{{.*}}, %{{.*}} : vector<2xbf16>
// CHECK: nvvm.mma.sync
// CHECK-NOT: vector.multi_reduction
// CHECK-NOT: vector.insert_strided_slice
// CHECK-NOT: vector.contract
// CHECK: return
#mapA = affine_map<(m, n, k) -> (m, k)>
#mapB = affine_map<(m, n, k) -> (k, n)>
#mapC = affine_map<(m, n, k) -> (m, n)>
func.func @warp_softmax_chain(%q: memref<16x16xbf16, 3>, %k: memref<16x8xbf16, 3>, %v: memref<16x8xbf16, 3>, %o: memref<16x8xf32, 3>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : bf16
  %zero = arith.constant dense<0.0> : vector<16x8xf32>
  %ninf = arith.constant dense<0xFF800000> : vector<16xf32>
  %zeroA = arith.constant dense<0.0> : vector<16x16xbf16>
  %q0 = vector.transfer_read %q[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x16xbf16, 3>, vector<16x16xbf16>
  %k0 = vector.transfer_read %k[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x8xbf16, 3>, vector<16x8xbf16>
  %s = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q0, %k0, %zero : vector<16x16xbf16>, vector<16x8xbf16> into vector<16x8xf32>
  %max = vector.multi_reduction <maximumf>, %s, %ninf [1] : vector<16x8xf32> to vector<16xf32>
  %col = vector.shape_cast %max : vector<16xf32> to vector<16x1xf32>
  %across = vector.broadcast %col : vector<16x1xf32> to vector<16x8xf32>
  %x = arith.subf %s, %across : vector<16x8xf32>
  %p = math.exp2 %x : vector<16x8xf32>
  %ph = arith.truncf %p : vector<16x8xf32> to vector<16x8xbf16>
  %lo = vector.insert_strided_slice %ph, %zeroA {offsets = [0, 0], strides = [1, 1]} : vector<16x8xbf16> into vector<16x16xbf16>
  %pa = vector.insert_strided_slice %ph, %lo {offsets = [0, 8], strides = [1, 1]} : vector<16x8xbf16> into vector<16x16xbf16>
  %v0 = vector.transfer_read %v[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x8xbf16, 3>, vector<16x8xbf16>
  %out = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %pa, %v0, %zero : vector<16x16xbf16>, vector<16x8xbf16> into vector<16x8xf32>
  vector.transfer_write %out, %o[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32, 3>
  return
}

// -----

// The same chain on MFMA (16x16x16 pieces, one 64-lane wavefront): the
// step's pieces take an A the lanes compute (P), so every MFMA is issued
// with its operands swapped (B's fragment as the instruction's A) and
// holds its accumulator by rows, lane (g, p) columns 4 g .. 4 g + 3 of row
// p: a row's maximum is the lane's four values, then the lanes of its row,
// 16 and 32 apart (shuffles xor 16 and 32 across 64 lanes), with a step
// of the keys' indices taken as the piece's columns (4 g + i) beside the
// same step taken as its rows (p); P's four values of a lane, rounded,
// are P v's A fragment as they are.
// CHECK-LABEL: func.func @mfma_warp_softmax_chain
// CHECK: %[[LANE:.*]] = gpu.lane_id
// CHECK: %[[G:.*]] = arith.divui %[[LANE]], %c16
// CHECK: %[[P:.*]] = arith.remui %[[LANE]], %c16
// CHECK: %[[G4:.*]] = arith.muli %[[G]], %c4
// CHECK: %[[Q:.*]] = vector.load %arg0[%[[P]], %[[G4]]] : memref<16x16xbf16, 3>, vector<4xbf16>
// CHECK: %[[K:.*]] = vector.load %arg1[%[[P]], %[[G4]]] : memref<16x16xbf16, 3>, vector<4xbf16>
// CHECK: %[[S:.*]] = amdgpu.mfma 16x16x16 %[[K]] * %[[Q]] + %{{.*}} blgp = {{ *}}none
// CHECK: %[[C1:.*]] = arith.addi %[[G4]], %c1
// CHECK: arith.cmpi sgt, %[[G4]], %[[P]]
// CHECK: arith.cmpi sgt, %[[C1]], %[[P]]
// CHECK-COUNT-2: arith.cmpi sgt
// CHECK-COUNT-3: arith.maximumf
// CHECK: %[[S16:.*]], %{{.*}} = gpu.shuffle xor %{{.*}}, %c16_i32, %c64_i32 : f32
// CHECK: %[[S32:.*]], %{{.*}} = gpu.shuffle xor %{{.*}}, %c32_i32, %c64_i32 : f32
// CHECK-COUNT-4: math.exp2 %{{.*}} : f32
// CHECK-COUNT-4: arith.truncf %{{.*}} : f32 to bf16
// CHECK: %[[PA:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xbf16>
// CHECK: %[[V:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<4xbf16>
// CHECK: %[[O:.*]] = amdgpu.mfma 16x16x16 %[[V]] * %[[PA]] + %{{.*}} blgp = {{ *}}none
// CHECK: %[[O0:.*]] = vector.extract %[[O]][0] : f32 from vector<4xf32>
// CHECK: memref.store %[[O0]], %arg3[%[[P]], %[[G4]]]
// CHECK-COUNT-3: memref.store
// CHECK-NOT: vector.multi_reduction
// CHECK-NOT: vector.contract
// CHECK: return
#mapA = affine_map<(m, n, k) -> (m, k)>
#mapB = affine_map<(m, n, k) -> (k, n)>
#mapC = affine_map<(m, n, k) -> (m, n)>
#transposed = affine_map<(d0, d1) -> (d1, d0)>
func.func @mfma_warp_softmax_chain(%q: memref<16x16xbf16, 3>, %k: memref<16x16xbf16, 3>, %v: memref<16x16xbf16, 3>, %o: memref<16x16xf32, 3>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : bf16
  %zero = arith.constant dense<0.0> : vector<16x16xf32>
  %ninf = arith.constant dense<0xFF800000> : vector<16xf32>
  %ninfs = arith.constant dense<0xFF800000> : vector<16x16xf32>
  %q0 = vector.transfer_read %q[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x16xbf16, 3>, vector<16x16xbf16>
  %k0 = vector.transfer_read %k[%c0, %c0], %pad {in_bounds = [true, true], permutation_map = #transposed} : memref<16x16xbf16, 3>, vector<16x16xbf16>
  %s = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q0, %k0, %zero : vector<16x16xbf16>, vector<16x16xbf16> into vector<16x16xf32>
  // A causal mask within the piece: key (column) j hidden past row i.
  %step = vector.step : vector<16xindex>
  %rows = vector.shape_cast %step : vector<16xindex> to vector<16x1xindex>
  %limit = vector.broadcast %rows : vector<16x1xindex> to vector<16x16xindex>
  %keys = vector.broadcast %step : vector<16xindex> to vector<16x16xindex>
  %hidden = arith.cmpi sgt, %keys, %limit : vector<16x16xindex>
  %sm = arith.select %hidden, %ninfs, %s : vector<16x16xi1>, vector<16x16xf32>
  %max = vector.multi_reduction <maximumf>, %sm, %ninf [1] : vector<16x16xf32> to vector<16xf32>
  %col = vector.shape_cast %max : vector<16xf32> to vector<16x1xf32>
  %across = vector.broadcast %col : vector<16x1xf32> to vector<16x16xf32>
  %x = arith.subf %sm, %across : vector<16x16xf32>
  %p = math.exp2 %x : vector<16x16xf32>
  %ph = arith.truncf %p : vector<16x16xf32> to vector<16x16xbf16>
  %v0 = vector.transfer_read %v[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x16xbf16, 3>, vector<16x16xbf16>
  %out = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %v0, %zero : vector<16x16xbf16>, vector<16x16xbf16> into vector<16x16xf32>
  vector.transfer_write %out, %o[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf32>, memref<16x16xf32, 3>
  return
}

// -----

// B held as [N, K] (read transposed: the register-resident attention's
// key tile, [keys, d]): each B register's pair, two consecutive elements
// of K in column g, is consecutive in row g of the buffer, one 32-bit load
// at (g, 2t) and (g, 2t + 8).
// CHECK-LABEL: func.func @mma_sync_b_transposed
// CHECK: %[[LANE:.*]] = gpu.lane_id
// CHECK: %[[G:.*]] = arith.divui %[[LANE]], %c4
// CHECK: %[[T:.*]] = arith.remui %[[LANE]], %c4
// CHECK: %[[T2:.*]] = arith.muli %[[T]], %c2
// CHECK: %[[T28:.*]] = arith.addi %[[T2]], %c8
// CHECK: vector.load %arg1[%[[G]], %[[T2]]] : memref<8x16xbf16>, vector<2xbf16>
// CHECK: vector.load %arg1[%[[G]], %[[T28]]] : memref<8x16xbf16>, vector<2xbf16>
// CHECK: nvvm.mma.sync
#mapA = affine_map<(m, n, k) -> (m, k)>
#mapB = affine_map<(m, n, k) -> (k, n)>
#mapC = affine_map<(m, n, k) -> (m, n)>
#transposed = affine_map<(d0, d1) -> (d1, d0)>
func.func @mma_sync_b_transposed(%a: memref<16x16xbf16>, %b: memref<8x16xbf16>, %c: memref<16x8xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : bf16
  %acc = arith.constant dense<0.0> : vector<16x8xf32>
  %a0 = vector.transfer_read %a[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x16xbf16>, vector<16x16xbf16>
  %b0 = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true, true], permutation_map = #transposed} : memref<8x16xbf16>, vector<16x8xbf16>
  %d0 = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a0, %b0, %acc : vector<16x16xbf16>, vector<16x8xbf16> into vector<16x8xf32>
  vector.transfer_write %d0, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
  return
}
// -----

// On wgmma (a warp loop marked tessel.warpgroup_mma): a run of pieces that
// share A and read B's consecutive 8 columns of one tile is one
// wgmma.mma_async of the warpgroup (here N = 16, B's tile MN-major, A's
// K-major, both through descriptors; from zeros: scale-d 0), fenced,
// committed and waited for, each piece of inline PTX tagged with what it
// does (`tessel.wgmma`, which tessel-hoist-accumulators and
// tessel-warpgroup-pipeline find it by); the copy into the tile moves to
// the tile's core-matrix layout.
#mapA = affine_map<(m, n, k) -> (m, k)>
#mapB = affine_map<(m, n, k) -> (k, n)>
#mapC = affine_map<(m, n, k) -> (m, n)>
// CHECK-LABEL: func.func @warpgroup_run
func.func @warpgroup_run(%a: memref<16x16xbf16, 3>, %src: memref<16x16xbf16>, %c: memref<16x16xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : bf16
  %zero = arith.constant dense<0.0> : vector<16x8xf32>
  %tile = memref.alloc() : memref<16x16xbf16, 3>
  // CHECK: %[[TILE:.*]] = memref.alloc() : memref<16x16xbf16, 3>
  // Row 3's second vector: core matrix (0, 1) at element 64, its row 3 at
  // 64 + 24 = 88 = (5, 8) of the [16, 16] tile.
  // CHECK: vector.store %{{.*}}, %[[TILE]][%c5, %c8] : memref<16x16xbf16, 3>, vector<8xbf16>
  %row = vector.load %src[%c3, %c8] : memref<16x16xbf16>, vector<8xbf16>
  vector.store %row, %tile[%c3, %c8] : memref<16x16xbf16, 3>, vector<8xbf16>
  scf.forall (%w) in (4) {
    %a0 = vector.transfer_read %a[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x16xbf16, 3>, vector<16x16xbf16>
    %b0 = vector.transfer_read %tile[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x16xbf16, 3>, vector<16x8xbf16>
    %b1 = vector.transfer_read %tile[%c0, %c8], %pad {in_bounds = [true, true]} : memref<16x16xbf16, 3>, vector<16x8xbf16>
    %d0 = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a0, %b0, %zero : vector<16x16xbf16>, vector<16x8xbf16> into vector<16x8xf32>
    %d1 = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a0, %b1, %zero : vector<16x16xbf16>, vector<16x8xbf16> into vector<16x8xf32>
    vector.transfer_write %d0, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x16xf32, 3>
    vector.transfer_write %d1, %c[%c0, %c8] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x16xf32, 3>
  } {mapping = [#gpu.warp<linear_dim_0>], tessel.warpgroup_mma}
  // CHECK: llvm.inline_asm has_side_effects {{.*}}{tessel.wgmma = "fence"} "fence.proxy.async.shared::cta;\0A\09wgmma.fence.sync.aligned;"
  // A read whole from its tile is read there too (K-major: transpose 0).
  // CHECK: memref.extract_aligned_pointer_as_index %arg0
  // CHECK: memref.extract_aligned_pointer_as_index %[[TILE]]
  // CHECK: llvm.inline_asm has_side_effects {{.*}}{tessel.wgmma = "mma"} "wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16 {$0, $1, $2, $3, $4, $5, $6, $7}, $8, $9, 0, 1, 1, 0, 1;"
  // CHECK: llvm.inline_asm has_side_effects {{.*}}{tessel.wgmma = "commit"} "wgmma.commit_group.sync.aligned;"
  // CHECK: llvm.inline_asm has_side_effects {{.*}}{tessel.wgmma = "wait"} "wgmma.wait_group.sync.aligned 0;"
  // CHECK-NOT: vector.contract
  // CHECK-NOT: nvvm.mma.sync
  return
}
// -----

// Two chains, the first's results used after the second is issued (the
// overlapped attention's S, then the previous step's P v): both are
// committed, the first waited for where it is used with the second still
// in flight (wait_group 1), the second where it is (wait_group 0). The
// second accumulates into what it reads (scale-d 1).
#mapA = affine_map<(m, n, k) -> (m, k)>
#mapB = affine_map<(m, n, k) -> (k, n)>
#mapC = affine_map<(m, n, k) -> (m, n)>
// CHECK-LABEL: func.func @warpgroup_overlap
func.func @warpgroup_overlap(%a: memref<16x16xbf16, 3>, %c: memref<16x16xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : bf16
  %fpad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<16x8xf32>
  %tile = memref.alloc() : memref<16x16xbf16, 3>
  scf.forall (%w) in (4) {
    %a0 = vector.transfer_read %a[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x16xbf16, 3>, vector<16x16xbf16>
    %a1 = vector.transfer_read %a[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x16xbf16, 3>, vector<16x16xbf16>
    %b0 = vector.transfer_read %tile[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x16xbf16, 3>, vector<16x8xbf16>
    %b1 = vector.transfer_read %tile[%c0, %c8], %pad {in_bounds = [true, true]} : memref<16x16xbf16, 3>, vector<16x8xbf16>
    %o = vector.transfer_read %c[%c0, %c8], %fpad {in_bounds = [true, true]} : memref<16x16xf32, 3>, vector<16x8xf32>
    %d0 = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a0, %b0, %zero : vector<16x16xbf16>, vector<16x8xbf16> into vector<16x8xf32>
    %d1 = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a1, %b1, %o : vector<16x16xbf16>, vector<16x8xbf16> into vector<16x8xf32>
    %x = arith.mulf %d0, %d0 : vector<16x8xf32>
    vector.transfer_write %x, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x16xf32, 3>
    vector.transfer_write %d1, %c[%c0, %c8] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x16xf32, 3>
  } {mapping = [#gpu.warp<linear_dim_0>], tessel.warpgroup_mma}
  // CHECK: "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {{.*}}, 0, 1, 1, 0, 1;"
  // CHECK: "wgmma.commit_group.sync.aligned;"
  // CHECK-NOT: wgmma.wait_group
  // CHECK: "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {{.*}}, 1, 1, 1, 0, 1;"
  // CHECK: "wgmma.commit_group.sync.aligned;"
  // CHECK-NOT: arith.mulf
  // CHECK: "wgmma.wait_group.sync.aligned 1;"
  // CHECK: arith.mulf
  // CHECK: "wgmma.wait_group.sync.aligned 0;"
  return
}

// -----

// A warp's block without pieces that reads what a block of pieces wrote
// (the register-resident attention's epilogue on MFMA: O over its rows'
// sums, rounded) is spread over the lanes as that block holds its
// accumulators: by rows, lane (g, p) columns 4 g .. 4 g + 3 of row p, the
// elements the lane stored of O, one reciprocal, product and rounding a
// value, four bf16 stores.
// CHECK-LABEL: func.func @mfma_reader_block
// CHECK: amdgpu.mfma 16x16x16
// CHECK: memref.store %{{.*}}, %arg4[%{{.*}}, %{{.*}}] : memref<16x16xf32, 3>
// CHECK: } {mapping = [#gpu.warp<linear_dim_0>]}
// CHECK: scf.forall
// CHECK: %[[LANE:.*]] = gpu.lane_id
// CHECK: %[[G:.*]] = arith.divui %[[LANE]], %c16
// CHECK: %[[P:.*]] = arith.remui %[[LANE]], %c16
// CHECK: %[[G4:.*]] = arith.muli %[[G]], %c4
// CHECK: %[[L0:.*]] = memref.load %arg3[%[[P]], %[[G4]]] : memref<16x16xf32, 3>
// CHECK-COUNT-3: memref.load %arg3[%[[P]],
// CHECK: %[[INV0:.*]] = arith.divf %{{.*}}, %[[L0]] : f32
// CHECK-COUNT-3: arith.divf
// CHECK: %[[O0:.*]] = memref.load %arg4[%[[P]], %[[G4]]] : memref<16x16xf32, 3>
// CHECK-COUNT-3: memref.load %arg4[%[[P]],
// CHECK: %[[X0:.*]] = arith.mulf %[[O0]], %[[INV0]] : f32
// CHECK-COUNT-3: arith.mulf
// CHECK: %[[R0:.*]] = arith.truncf %[[X0]] : f32 to bf16
// CHECK-COUNT-3: arith.truncf
// CHECK: memref.store %[[R0]], %arg5[%[[P]], %[[G4]]] : memref<16x16xbf16, 3>
// CHECK-COUNT-3: memref.store %{{.*}}, %arg5[%[[P]],
// CHECK-NOT: vector.transfer
// CHECK: return
#mapA = affine_map<(m, n, k) -> (m, k)>
#mapB = affine_map<(m, n, k) -> (k, n)>
#mapC = affine_map<(m, n, k) -> (m, n)>
#transposed = affine_map<(d0, d1) -> (d1, d0)>
func.func @mfma_reader_block(%q: memref<16x16xbf16, 3>, %k: memref<16x16xbf16, 3>, %v: memref<16x16xbf16, 3>, %sums: memref<16x16xf32, 3>, %o: memref<16x16xf32, 3>, %r: memref<16x16xbf16, 3>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : bf16
  %fpad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<16x16xf32>
  %one = arith.constant dense<1.0> : vector<16x16xf32>
  scf.forall (%w) in (1) {
    %q0 = vector.transfer_read %q[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x16xbf16, 3>, vector<16x16xbf16>
    %k0 = vector.transfer_read %k[%c0, %c0], %pad {in_bounds = [true, true], permutation_map = #transposed} : memref<16x16xbf16, 3>, vector<16x16xbf16>
    %s = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %q0, %k0, %zero : vector<16x16xbf16>, vector<16x16xbf16> into vector<16x16xf32>
    %p = math.exp2 %s : vector<16x16xf32>
    %ph = arith.truncf %p : vector<16x16xf32> to vector<16x16xbf16>
    %v0 = vector.transfer_read %v[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x16xbf16, 3>, vector<16x16xbf16>
    %out = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %ph, %v0, %zero : vector<16x16xbf16>, vector<16x16xbf16> into vector<16x16xf32>
    vector.transfer_write %out, %o[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf32>, memref<16x16xf32, 3>
  } {mapping = [#gpu.warp<linear_dim_0>]}
  scf.forall (%w) in (1) {
    %l = vector.transfer_read %sums[%c0, %c0], %fpad {in_bounds = [true, true]} : memref<16x16xf32, 3>, vector<16x16xf32>
    %inverse = arith.divf %one, %l : vector<16x16xf32>
    %o0 = vector.transfer_read %o[%c0, %c0], %fpad {in_bounds = [true, true]} : memref<16x16xf32, 3>, vector<16x16xf32>
    %x = arith.mulf %o0, %inverse : vector<16x16xf32>
    %xh = arith.truncf %x : vector<16x16xf32> to vector<16x16xbf16>
    vector.transfer_write %xh, %r[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xbf16>, memref<16x16xbf16, 3>
  } {mapping = [#gpu.warp<linear_dim_0>]}
  return
}
