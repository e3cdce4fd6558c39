// Which step's tile each load of tessel-register-staged-copies' three
// stages reads, on a hand-written K loop of one thread: step k copies
// element k + 2 (tessel-tile-and-fuse's pipelineCopies: the tile S - 1
// steps ahead) into LDS slot (k + 2) mod 3 and reads slot k mod 3. After
// the pass, the element step 0 stores (2) is loaded before the loop; step
// k loads what step k + 1 stores ((k + 1) + 2) and stores what step k - 1
// loaded for it (carried by the loop), after its LDS read, with the step's
// one barrier (which waits for LDS only) last. Two steps an iteration, the
// second's loads one step further on; with a trip count not known when
// compiling, a loop of single steps takes what is left. A loop of two
// static steps is not unrolled.
// RUN: tessel-opt %s --tessel-register-staged-copies --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @steps(
// CHECK-SAME: %[[A:[^:]*]]: memref<?xf32>
// CHECK-SAME: %[[N:[^:]*]]: index
// CHECK: workgroup(%[[LDS:.*]] : memref<3xf32, #gpu.address_space<workgroup>>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[AT0:.*]] = arith.addi %[[C0]], %[[C2]] : index
// CHECK-NEXT: %[[FIRST:.*]] = memref.load %[[A]][%[[AT0]]]
// CHECK: %[[MAIN:.*]]:2 = scf.for %[[K:.*]] = %[[C0]] to %[[EVEN:[^ ]*]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[CARRIED:.*]] = %[[FIRST]])
// The first step of the two: loads step k + 1's element, stores its own.
// CHECK-NEXT: %[[K1:.*]] = arith.addi %[[K]], %[[C1:.*]] : index
// CHECK-NEXT: %[[OWN:.*]] = arith.addi %[[K]], %[[C2]] : index
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[K1]], %[[C2]] : index
// CHECK-NEXT: %[[LOADED:.*]] = memref.load %[[A]][%[[NEXT]]]
// CHECK-NEXT: %[[SLOT:.*]] = arith.remui %[[OWN]], %[[C3]] : index
// CHECK-NEXT: %[[READ:.*]] = arith.remui %[[K]], %[[C3]] : index
// CHECK-NEXT: memref.load %[[LDS]][%[[READ]]]
// CHECK-NEXT: arith.addf %[[ACC]]
// CHECK-NEXT: memref.store %[[CARRIED]], %[[LDS]][%[[SLOT]]]
// CHECK-NEXT: amdgpu.lds_barrier
// The second: step k + 1, loading step k + 2's element, storing the first's load.
// CHECK: %[[KB:.*]] = arith.addi %[[K]], %{{.*}} : index
// CHECK-NEXT: %[[KB1:.*]] = arith.addi %[[KB]], %[[C1]] : index
// CHECK-NEXT: %[[OWNB:.*]] = arith.addi %[[KB]], %[[C2]] : index
// CHECK-NEXT: %[[NEXTB:.*]] = arith.addi %[[KB1]], %[[C2]] : index
// CHECK-NEXT: %[[LOADEDB:.*]] = memref.load %[[A]][%[[NEXTB]]]
// CHECK-NEXT: %[[SLOTB:.*]] = arith.remui %[[OWNB]], %[[C3]] : index
// CHECK-NEXT: %[[READB:.*]] = arith.remui %[[KB]], %[[C3]] : index
// CHECK-NEXT: memref.load %[[LDS]][%[[READB]]]
// CHECK-NEXT: %[[SUMB:.*]] = arith.addf
// CHECK-NEXT: memref.store %[[LOADED]], %[[LDS]][%[[SLOTB]]]
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: scf.yield %[[SUMB]], %[[LOADEDB]] : f32, f32
// What is left, a step an iteration, from where the pairs ended.
// CHECK: scf.for %{{.*}} = %[[EVEN]] to %[[N]] step %{{.*}} iter_args(%{{.*}} = %[[MAIN]]#0, %[[CARRIEDR:.*]] = %[[MAIN]]#1)
// CHECK: memref.load %[[A]]
// CHECK: memref.store %[[CARRIEDR]], %[[LDS]]
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: scf.yield
// CHECK-NOT: gpu.barrier
// CHECK: gpu.terminator
func.func @steps(%a: memref<?xf32>, %out: memref<1xf32>, %n: index) attributes {tessel.schedule = #tessel.schedule<block = [16, 16, 16], warps = 1, stages = 3, mma = mfma>} {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) workgroup(%lds : memref<3xf32, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %zero = arith.constant 0.0 : f32
    %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
      %ahead = arith.addi %k, %c2 : index
      %x = memref.load %a[%ahead] : memref<?xf32>
      %slot = arith.remui %ahead, %c3 : index
      memref.store %x, %lds[%slot] : memref<3xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %own = arith.remui %k, %c3 : index
      %y = memref.load %lds[%own] : memref<3xf32, #gpu.address_space<workgroup>>
      %next = arith.addf %acc, %y : f32
      gpu.barrier
      scf.yield %next : f32
    }
    memref.store %sum, %out[%c0] : memref<1xf32>
    gpu.terminator
  }
  return
}

// -----

// CHECK-LABEL: func.func @two_steps(
// CHECK: %[[FIRST:.*]] = memref.load
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %{{.*}}, %[[CARRIED:.*]] = %[[FIRST]])
// CHECK-COUNT-1: amdgpu.lds_barrier
// CHECK-NEXT: scf.yield
// CHECK-NOT: scf.for
// CHECK: gpu.terminator
func.func @two_steps(%a: memref<?xf32>, %out: memref<1xf32>) attributes {tessel.schedule = #tessel.schedule<block = [16, 16, 16], warps = 1, stages = 3, mma = mfma>} {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) workgroup(%lds : memref<3xf32, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %zero = arith.constant 0.0 : f32
    %sum = scf.for %k = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> f32 {
      %ahead = arith.addi %k, %c2 : index
      %x = memref.load %a[%ahead] : memref<?xf32>
      %slot = arith.remui %ahead, %c3 : index
      memref.store %x, %lds[%slot] : memref<3xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %own = arith.remui %k, %c3 : index
      %y = memref.load %lds[%own] : memref<3xf32, #gpu.address_space<workgroup>>
      %next = arith.addf %acc, %y : f32
      gpu.barrier
      scf.yield %next : f32
    }
    memref.store %sum, %out[%c0] : memref<1xf32>
    gpu.terminator
  }
  return
}
