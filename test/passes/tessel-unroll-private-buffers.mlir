// tessel-unroll-private-buffers fully unrolls the loops whose induction
// variables index a thread's private buffer (memref.alloca in a gpu.launch),
// so that every index folds to a constant and the backend keeps the buffer
// in registers; loops that index only shared memory stay rolled.
// RUN: tessel-opt %s --split-input-file --tessel-unroll-private-buffers --canonicalize | FileCheck %s

// A SIMT K step's thread tile (2 x 2 of the accumulator): the reduction loop
// reads shared memory and stays a loop; the element loops inside it go.
// CHECK-LABEL: func @thread_tile
// CHECK: gpu.launch
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<2x2xf32>
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NOT: scf.for
// CHECK-DAG: memref.subview %[[ACC]][0, 0] [1, 1]
// CHECK-DAG: memref.subview %[[ACC]][0, 1] [1, 1]
// CHECK-DAG: memref.subview %[[ACC]][1, 0] [1, 1]
// CHECK-DAG: memref.subview %[[ACC]][1, 1] [1, 1]
// CHECK: }
// CHECK-NOT: scf.for
// CHECK: gpu.terminator
func.func @thread_tile(%out: memref<2x2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %cst = arith.constant 0.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
             workgroup(%a : memref<2x16xf32, #gpu.address_space<workgroup>>,
                       %b : memref<16x2xf32, #gpu.address_space<workgroup>>) {
    %acc = memref.alloca() : memref<2x2xf32>
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c2 step %c1 {
        memref.store %cst, %acc[%i, %j] : memref<2x2xf32>
      }
    }
    scf.for %k = %c0 to %c16 step %c1 {
      scf.for %i = %c0 to %c2 step %c1 {
        scf.for %j = %c0 to %c2 step %c1 {
          %x = memref.load %a[%i, %k] : memref<2x16xf32, #gpu.address_space<workgroup>>
          %y = memref.load %b[%k, %j] : memref<16x2xf32, #gpu.address_space<workgroup>>
          %view = memref.subview %acc[%i, %j] [1, 1] [1, 1] : memref<2x2xf32> to memref<1x1xf32, strided<[2, 1], offset: ?>>
          %c = memref.load %view[%c0, %c0] : memref<1x1xf32, strided<[2, 1], offset: ?>>
          %p = arith.mulf %x, %y : f32
          %d = arith.addf %c, %p : f32
          memref.store %d, %view[%c0, %c0] : memref<1x1xf32, strided<[2, 1], offset: ?>>
        }
      }
    }
    scf.for %i = %c0 to %c2 step %c1 {
      scf.for %j = %c0 to %c2 step %c1 {
        %v = memref.load %acc[%i, %j] : memref<2x2xf32>
        memref.store %v, %out[%i, %j] : memref<2x2xf32>
      }
    }
    gpu.terminator
  }
  return
}

// -----

// A remainder tile: the loop's bound is an affine.min (at most 2); it runs
// to that bound, each iteration guarded by the real one.
// CHECK-LABEL: func @remainder
// CHECK: %[[N:.*]] = affine.min
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<2xf32>
// CHECK-NOT: scf.for
// CHECK: %[[IN0:.*]] = arith.cmpi sgt, %[[N]], %c0
// CHECK: scf.if %[[IN0]] {
// CHECK: memref.store %{{.*}}, %[[ACC]][%c0]
// CHECK: %[[IN1:.*]] = arith.cmpi sgt, %[[N]], %c1
// CHECK: scf.if %[[IN1]] {
// CHECK: memref.store %{{.*}}, %[[ACC]][%c1]
// CHECK-NOT: scf.for
// CHECK: gpu.terminator
func.func @remainder(%n: index, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %m = affine.min affine_map<(d0) -> (2, d0)>(%n)
    %acc = memref.alloca() : memref<2xf32>
    scf.for %i = %c0 to %m step %c1 {
      memref.store %cst, %acc[%i] : memref<2xf32>
    }
    scf.for %i = %c0 to %m step %c1 {
      %v = memref.load %acc[%i] : memref<2xf32>
      memref.store %v, %out[%i] : memref<2xf32>
    }
    gpu.terminator
  }
  return
}

// -----

// Shared memory indexed by a loop: nothing private, nothing unrolled.
// CHECK-LABEL: func @shared_only
// CHECK: scf.for
func.func @shared_only(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
             workgroup(%s : memref<4xf32, #gpu.address_space<workgroup>>) {
    scf.for %i = %c0 to %c4 step %c1 {
      %v = memref.load %s[%i] : memref<4xf32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%i] : memref<4xf32>
    }
    gpu.terminator
  }
  return
}
