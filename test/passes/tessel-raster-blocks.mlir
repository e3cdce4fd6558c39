// tessel-raster-blocks: a block loop of a schedule with raster = G becomes
// one loop over linear block ids (the grid's x), split back with the last
// two loops walked in groups of G rows of tiles, row fastest within a group.
// RUN: tessel-opt %s --split-input-file --tessel-raster-blocks | FileCheck %s

// 10 rows x 8 columns of tiles, groups of 4: 32 ids a group; the last group
// has 2 rows, so a group's height is min(10 - first row, 4).
// CHECK-LABEL: func.func private @ragged
// CHECK: scf.forall (%[[ID:.*]]) in (80) {
// CHECK: %[[G:.*]] = arith.divui %[[ID]], %c32 : index
// CHECK: %[[FIRST:.*]] = arith.muli %[[G]], %c4 : index
// CHECK: %[[LEFT:.*]] = arith.subi %c10, %[[FIRST]] : index
// CHECK: %[[H:.*]] = arith.minui %[[LEFT]], %c4 : index
// CHECK: %[[IN:.*]] = arith.remui %[[ID]], %c32 : index
// CHECK: %[[R:.*]] = arith.remui %[[IN]], %[[H]] : index
// CHECK: %[[ROW:.*]] = arith.addi %[[FIRST]], %[[R]] : index
// CHECK: %[[COL:.*]] = arith.divui %[[IN]], %[[H]] : index
// CHECK: memref.load %{{.*}}[%[[ROW]], %[[COL]]]
// CHECK: } {mapping = [#gpu.block<linear_dim_0>]}
func.func private @ragged(%x: memref<10x8xf32>) attributes {tessel.kernel, tessel.schedule = #tessel.schedule<block = [64, 128, 64], warps = 4, raster = 4, mma = wgmma>} {
  scf.forall (%i, %j) in (10, 8) {
    %v = memref.load %x[%i, %j] : memref<10x8xf32>
    memref.store %v, %x[%i, %j] : memref<10x8xf32>
  } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
  return
}

// -----

// 16 rows in groups of 8: every group is whole, its height a constant.
// CHECK-LABEL: func.func private @even
// CHECK: scf.forall (%[[ID:.*]]) in (1376) {
// CHECK-NOT: arith.minui
// CHECK: arith.divui %[[ID]], %c688
// CHECK: arith.remui %[[ID]], %c688
// CHECK: arith.remui %{{.*}}, %c8
// CHECK: arith.divui %{{.*}}, %c8
// CHECK: } {mapping = [#gpu.block<linear_dim_0>]}
func.func private @even(%x: memref<16x86xf32>) attributes {tessel.kernel, tessel.schedule = #tessel.schedule<block = [128, 128, 64], warps = 8, raster = 8, mma = wgmma>} {
  scf.forall (%i, %j) in (16, 86) {
    %v = memref.load %x[%i, %j] : memref<16x86xf32>
    memref.store %v, %x[%i, %j] : memref<16x86xf32>
  } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
  return
}

// -----

// A batch of 3 planes of 4 x 3 tiles: the batch varies slowest.
// CHECK-LABEL: func.func private @batch
// CHECK: scf.forall (%[[ID:.*]]) in (36) {
// CHECK: %[[B:.*]] = arith.divui %[[ID]], %c12 : index
// CHECK: %[[LOCAL:.*]] = arith.remui %[[ID]], %c12 : index
// CHECK: %[[BATCH:.*]] = affine.delinearize_index %[[B]] into (3) : index
// CHECK: arith.divui %[[LOCAL]], %c6 : index
// CHECK: memref.load %{{.*}}[%[[BATCH]], %{{.*}}, %{{.*}}]
func.func private @batch(%x: memref<3x4x3xf32>) attributes {tessel.kernel, tessel.schedule = #tessel.schedule<block = [1, 64, 64, 64], warps = 4, raster = 2, mma = wgmma>} {
  scf.forall (%b, %i, %j) in (3, 4, 3) {
    %v = memref.load %x[%b, %i, %j] : memref<3x4x3xf32>
    memref.store %v, %x[%b, %i, %j] : memref<3x4x3xf32>
  } {mapping = [#gpu.block<linear_dim_2>, #gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
  return
}

// -----

// One row of tiles has nothing to group, and raster = 1 (the default) is
// the order of the ids: both loops stay as they are.
// CHECK-LABEL: func.func private @one_row
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (1, 8)
// CHECK-LABEL: func.func private @linear
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (10, 8)
func.func private @one_row(%x: memref<1x8xf32>) attributes {tessel.kernel, tessel.schedule = #tessel.schedule<block = [64, 64], raster = 4>} {
  scf.forall (%i, %j) in (1, 8) {
    %v = memref.load %x[%i, %j] : memref<1x8xf32>
    memref.store %v, %x[%i, %j] : memref<1x8xf32>
  } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
  return
}
func.func private @linear(%x: memref<10x8xf32>) attributes {tessel.kernel, tessel.schedule = #tessel.schedule<block = [64, 64]>} {
  scf.forall (%i, %j) in (10, 8) {
    %v = memref.load %x[%i, %j] : memref<10x8xf32>
    memref.store %v, %x[%i, %j] : memref<10x8xf32>
  } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
  return
}
