// tessel-raster-blocks needs a bufferized block loop of two or more loops,
// from 0 by 1 over static counts.
// RUN: tessel-opt %s --split-input-file --tessel-raster-blocks --verify-diagnostics

// expected-error @+1 {{'func.func' op has raster = 4 but no scf.forall mapped to GPU blocks (run tessel-tile-and-fuse first)}}
func.func private @k(%x: memref<4xf32>) attributes {tessel.kernel, tessel.schedule = #tessel.schedule<block = [4, 4], raster = 4>} {
  return
}

// -----

// One loop of blocks (a row kernel's) has no rows of tiles to group.
func.func private @k(%x: memref<8x4xf32>) attributes {tessel.kernel, tessel.schedule = #tessel.schedule<block = [1, 4], raster = 2>} {
  // expected-error @+1 {{'scf.forall' op has one loop of blocks: raster = 2 groups rows of tiles of two loops}}
  scf.forall (%i) in (8) {
    %v = memref.load %x[%i, %i] : memref<8x4xf32>
    memref.store %v, %x[%i, %i] : memref<8x4xf32>
  } {mapping = [#gpu.block<linear_dim_0>]}
  return
}

// -----

// Still on tensors.
func.func private @k(%x: tensor<8x8xf32>) -> tensor<8x8xf32> attributes {tessel.kernel, tessel.schedule = #tessel.schedule<block = [4, 4], raster = 2>} {
  // expected-error @+1 {{'scf.forall' op must be bufferized before tessel-raster-blocks}}
  %r = scf.forall (%i, %j) in (2, 2) shared_outs(%o = %x) -> (tensor<8x8xf32>) {
    scf.forall.in_parallel {
    }
  } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
  return %r : tensor<8x8xf32>
}

// -----

func.func private @k(%x: memref<?x8xf32>) attributes {tessel.kernel, tessel.schedule = #tessel.schedule<block = [4, 4], raster = 2>} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?x8xf32>
  // expected-error @+1 {{'scf.forall' op must have static block counts for raster = 2}}
  scf.forall (%i, %j) in (%n, 2) {
    %v = memref.load %x[%i, %j] : memref<?x8xf32>
    memref.store %v, %x[%i, %j] : memref<?x8xf32>
  } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
  return
}

// -----

func.func private @k(%x: memref<8x8xf32>) attributes {tessel.kernel, tessel.schedule = #tessel.schedule<block = [4, 4], raster = 2>} {
  // expected-error @+1 {{'scf.forall' op must run from 0 by 1 for raster = 2}}
  scf.forall (%i, %j) = (0, 0) to (8, 8) step (2, 2) {
    %v = memref.load %x[%i, %j] : memref<8x8xf32>
    memref.store %v, %x[%i, %j] : memref<8x8xf32>
  } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
  return
}
