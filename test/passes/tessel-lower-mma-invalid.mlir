// tessel-lower-mma refuses pieces (mma.sync, MFMA) it cannot give the lanes: an
// operand not read whole from memory (nor, on mma.sync, computed by the
// warp from pieces it holds), a result that leaves the warp other than
// through a write, warp-level vectors the lanes cannot compute; on wgmma,
// a run of B pieces one descriptor cannot cover, and a tile wgmma reads
// that something else reads too.
// RUN: tessel-opt %s --split-input-file --tessel-lower-mma --verify-diagnostics

// A piece whose A does not come from memory cannot be loaded by lanes.
#mapA = affine_map<(m, n, k) -> (m, k)>
#mapB = affine_map<(m, n, k) -> (k, n)>
#mapC = affine_map<(m, n, k) -> (m, n)>
func.func @a_in_registers(%a: vector<16x16xbf16>, %b: memref<16x8xbf16>, %c: memref<16x8xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : bf16
  %fpad = arith.constant 0.0 : f32
  %acc = vector.transfer_read %c[%c0, %c0], %fpad {in_bounds = [true, true]} : memref<16x8xf32>, vector<16x8xf32>
  %b0 = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x8xbf16>, vector<16x8xbf16>
  // expected-error @+1 {{'vector.contract' op cannot become mma.sync: its A piece is neither read whole from a row-major buffer nor, on mma.sync, two 16 x 8 halves side by side}}
  %d0 = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b0, %acc : vector<16x16xbf16>, vector<16x8xbf16> into vector<16x8xf32>
  vector.transfer_write %d0, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
  return
}

// -----

// A result used by something else than the next piece or a write.
#mapA = affine_map<(m, n, k) -> (m, k)>
#mapB = affine_map<(m, n, k) -> (k, n)>
#mapC = affine_map<(m, n, k) -> (m, n)>
func.func @result_escapes(%a: memref<16x16xbf16>, %b: memref<16x8xbf16>, %c: memref<16x8xf32>) -> vector<16x8xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : bf16
  %fpad = arith.constant 0.0 : f32
  %acc = vector.transfer_read %c[%c0, %c0], %fpad {in_bounds = [true, true]} : memref<16x8xf32>, vector<16x8xf32>
  %a0 = vector.transfer_read %a[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x16xbf16>, vector<16x16xbf16>
  %b0 = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x8xbf16>, vector<16x8xbf16>
  // expected-error @+1 {{'vector.contract' op cannot become mma.sync: its result has uses the warp's lanes do not hold}}
  %d0 = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a0, %b0, %acc : vector<16x16xbf16>, vector<16x8xbf16> into vector<16x8xf32>
  return %d0 : vector<16x8xf32>
}

// -----

// An MFMA piece whose B does not come from memory.
#mapA = affine_map<(m, n, k) -> (m, k)>
#mapB = affine_map<(m, n, k) -> (k, n)>
#mapC = affine_map<(m, n, k) -> (m, n)>
func.func @mfma_b_in_registers(%a: memref<16x16xf16>, %b: vector<16x16xf16>, %c: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f16
  %fpad = arith.constant 0.0 : f32
  %acc = vector.transfer_read %c[%c0, %c0], %fpad {in_bounds = [true, true]} : memref<16x16xf32>, vector<16x16xf32>
  %a0 = vector.transfer_read %a[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x16xf16>, vector<16x16xf16>
  // expected-error @+1 {{'vector.contract' op cannot become MFMA: its B piece is not read whole from a row-major buffer (or transposed)}}
  %d0 = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a0, %b, %acc : vector<16x16xf16>, vector<16x16xf16> into vector<16x16xf32>
  vector.transfer_write %d0, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x16xf32>, memref<16x16xf32>
  return
}

// -----

// A warp-level vector the lanes cannot compute: a piece transposed (each
// lane would need other lanes' values).
#mapA = affine_map<(m, n, k) -> (m, k)>
#mapB = affine_map<(m, n, k) -> (k, n)>
#mapC = affine_map<(m, n, k) -> (m, n)>
func.func @transposed_accumulator(%a: memref<16x16xbf16>, %b: memref<16x8xbf16>, %c: memref<16x8xf32>, %m: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : bf16
  %fpad = arith.constant 0.0 : f32
  %acc = vector.transfer_read %m[%c0, %c0], %fpad {in_bounds = [true, true]} : memref<8x16xf32>, vector<8x16xf32>
  %t = vector.transpose %acc, [1, 0] : vector<8x16xf32> to vector<16x8xf32>
  %a0 = vector.transfer_read %a[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x16xbf16>, vector<16x16xbf16>
  %b0 = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x8xbf16>, vector<16x8xbf16>
  // expected-error @+1 {{'vector.contract' op cannot become mma.sync: its operands come from vector.transpose, which the warp's lanes cannot compute}}
  %d0 = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a0, %b0, %t : vector<16x16xbf16>, vector<16x8xbf16> into vector<16x8xf32>
  vector.transfer_write %d0, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
  return
}

// -----

// A reduction down a piece's columns: its result would be spread along
// the lanes' columns, which the lowering does not lay out.
#mapA = affine_map<(m, n, k) -> (m, k)>
#mapB = affine_map<(m, n, k) -> (k, n)>
#mapC = affine_map<(m, n, k) -> (m, n)>
func.func @column_reduction(%a: memref<16x16xbf16>, %b: memref<16x8xbf16>, %c: memref<16x8xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : bf16
  %zero = arith.constant dense<0.0> : vector<16x8xf32>
  %init = arith.constant dense<0.0> : vector<8xf32>
  %a0 = vector.transfer_read %a[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x16xbf16>, vector<16x16xbf16>
  %b0 = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x8xbf16>, vector<16x8xbf16>
  %d0 = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a0, %b0, %zero : vector<16x16xbf16>, vector<16x8xbf16> into vector<16x8xf32>
  %cols = vector.multi_reduction <add>, %d0, %init [0] : vector<16x8xf32> to vector<8xf32>
  %back = vector.broadcast %cols : vector<8xf32> to vector<16x8xf32>
  // expected-error @+1 {{'vector.transfer_write' op cannot become mma.sync: its operands come from vector.multi_reduction, a reduction other than of a piece's rows}}
  vector.transfer_write %back, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32>
  return
}
// -----

// On wgmma, a run's B pieces must be consecutive 8-column pieces of one
// tile: one descriptor covers them.
#mapA = affine_map<(m, n, k) -> (m, k)>
#mapB = affine_map<(m, n, k) -> (k, n)>
#mapC = affine_map<(m, n, k) -> (m, n)>
func.func @warpgroup_gap(%a: memref<16x16xbf16, 3>, %tile: memref<16x32xbf16, 3>, %c: memref<16x32xf32, 3>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : bf16
  %zero = arith.constant dense<0.0> : vector<16x8xf32>
  scf.forall (%w) in (4) {
    %a0 = vector.transfer_read %a[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x16xbf16, 3>, vector<16x16xbf16>
    %b0 = vector.transfer_read %tile[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x32xbf16, 3>, vector<16x8xbf16>
    %b1 = vector.transfer_read %tile[%c0, %c16], %pad {in_bounds = [true, true]} : memref<16x32xbf16, 3>, vector<16x8xbf16>
    %d0 = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a0, %b0, %zero : vector<16x16xbf16>, vector<16x8xbf16> into vector<16x8xf32>
    // expected-error @+1 {{'vector.contract' op cannot become wgmma: its B piece is not the next 8 columns of its run's B in the same tile}}
    %d1 = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a0, %b1, %zero : vector<16x16xbf16>, vector<16x8xbf16> into vector<16x8xf32>
    vector.transfer_write %d0, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x32xf32, 3>
    vector.transfer_write %d1, %c[%c0, %c16] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x32xf32, 3>
  } {mapping = [#gpu.warp<linear_dim_0>], tessel.warpgroup_mma}
  return
}

// -----

// On wgmma, a tile wgmma reads through descriptors is laid out as core
// matrices: nothing else may read it.
#mapA = affine_map<(m, n, k) -> (m, k)>
#mapB = affine_map<(m, n, k) -> (k, n)>
#mapC = affine_map<(m, n, k) -> (m, n)>
func.func @warpgroup_tile_read(%a: memref<16x16xbf16, 3>, %c: memref<16x8xf32, 3>, %out: memref<bf16>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : bf16
  %zero = arith.constant dense<0.0> : vector<16x8xf32>
  %tile = memref.alloc() : memref<16x8xbf16, 3>
  scf.forall (%w) in (4) {
    %a0 = vector.transfer_read %a[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x16xbf16, 3>, vector<16x16xbf16>
    %b0 = vector.transfer_read %tile[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x8xbf16, 3>, vector<16x8xbf16>
    %d0 = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a0, %b0, %zero : vector<16x16xbf16>, vector<16x8xbf16> into vector<16x8xf32>
    vector.transfer_write %d0, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32, 3>
  } {mapping = [#gpu.warp<linear_dim_0>], tessel.warpgroup_mma}
  // expected-error @+1 {{'memref.load' op uses a tile that wgmma reads through descriptors (laid out as core matrices), which only stores may write}}
  %x = memref.load %tile[%c0, %c0] : memref<16x8xbf16, 3>
  memref.store %x, %out[] : memref<bf16>
  return
}

// -----

// On MFMA, an A the lanes compute is P v's: a piece of the instruction's
// own width. A 32x32x8 piece's A is 32 x 8, not a piece the lanes hold.
#mapA = affine_map<(m, n, k) -> (m, k)>
#mapB = affine_map<(m, n, k) -> (k, n)>
#mapC = affine_map<(m, n, k) -> (m, n)>
func.func @mfma_computed_a_32x32x8(%a: memref<32x8xf32>, %b: memref<8x32xf16>, %c: memref<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f16
  %fpad = arith.constant 0.0 : f32
  %acc = arith.constant dense<0.0> : vector<32x32xf32>
  %a32 = vector.transfer_read %a[%c0, %c0], %fpad {in_bounds = [true, true]} : memref<32x8xf32>, vector<32x8xf32>
  %a0 = arith.truncf %a32 : vector<32x8xf32> to vector<32x8xf16>
  %b0 = vector.transfer_read %b[%c0, %c0], %pad {in_bounds = [true, true]} : memref<8x32xf16>, vector<8x32xf16>
  // expected-error @+1 {{'vector.contract' op cannot become MFMA: its operands come from arith.truncf, a vector of neither a piece's shape (32 x 32), its rows' nor its columns'}}
  %d0 = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a0, %b0, %acc : vector<32x8xf16>, vector<8x32xf16> into vector<32x32xf32>
  vector.transfer_write %d0, %c[%c0, %c0] {in_bounds = [true, true]} : vector<32x32xf32>, memref<32x32xf32>
  return
}

// -----

// A warp's block that reads what a warpgroup's wgmma accumulated: wgmma
// holds its accumulators across the warpgroup, not as the lanes spread a
// warp's vectors.
#mapA = affine_map<(m, n, k) -> (m, k)>
#mapB = affine_map<(m, n, k) -> (k, n)>
#mapC = affine_map<(m, n, k) -> (m, n)>
func.func @reads_wgmma_accumulators(%a: memref<16x16xbf16, 3>, %c: memref<16x8xf32, 3>, %r: memref<16x8xbf16, 3>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : bf16
  %fpad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<16x8xf32>
  %tile = memref.alloc() : memref<16x8xbf16, 3>
  scf.forall (%w) in (4) {
    %a0 = vector.transfer_read %a[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x16xbf16, 3>, vector<16x16xbf16>
    %b0 = vector.transfer_read %tile[%c0, %c0], %pad {in_bounds = [true, true]} : memref<16x8xbf16, 3>, vector<16x8xbf16>
    %d0 = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a0, %b0, %zero : vector<16x16xbf16>, vector<16x8xbf16> into vector<16x8xf32>
    vector.transfer_write %d0, %c[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xf32>, memref<16x8xf32, 3>
  } {mapping = [#gpu.warp<linear_dim_0>], tessel.warpgroup_mma}
  // expected-error @+1 {{'scf.forall' op reads what a warpgroup's wgmma accumulated: its vectors cannot be spread over the lanes as wgmma holds them}}
  scf.forall (%w) in (4) {
    %x = vector.transfer_read %c[%c0, %c0], %fpad {in_bounds = [true, true]} : memref<16x8xf32, 3>, vector<16x8xf32>
    %xh = arith.truncf %x : vector<16x8xf32> to vector<16x8xbf16>
    vector.transfer_write %xh, %r[%c0, %c0] {in_bounds = [true, true]} : vector<16x8xbf16>, memref<16x8xbf16, 3>
  } {mapping = [#gpu.warp<linear_dim_0>]}
  return
}
