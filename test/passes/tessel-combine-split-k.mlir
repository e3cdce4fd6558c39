// tessel-combine-split-k makes the two halves of a split kernel whose sum
// runs in its partial kernel (tessel.sum_in_kernel; tessel-split-reduction
// makes it @NAME_split, tessel-lower-to-linalg outlines its partial and its
// sum) one function again, after bufferization: the partial's block loop
// over (split, M tiles, N tiles), then in each block one thread's arrival
// at its tile (an atomic add between two fences; the last resets the
// count), and in the block that arrives last the sum's block for that tile,
// on linear thread ids. The host calls it once, with a buffer of arrival
// counts. On the host (on-host=true) the kernel zeroes the counts itself
// and has no fences.
// RUN: tessel-opt %s --tessel-split-reduction --tessel-lower-to-linalg -o %t.outlined.mlir
// RUN: FileCheck %s --check-prefix=OUTLINED < %t.outlined.mlir
// RUN: tessel-opt %t.outlined.mlir --pass-pipeline='builtin.module(func.func(tessel-tile-and-fuse),one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},canonicalize,buffer-results-to-out-params{hoist-static-allocs modify-public-functions},tessel-combine-split-k)' | FileCheck %s
// RUN: tessel-opt %t.outlined.mlir --pass-pipeline='builtin.module(func.func(tessel-tile-and-fuse{on-host}),one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},canonicalize,buffer-results-to-out-params{hoist-static-allocs modify-public-functions},tessel-combine-split-k{on-host})' | FileCheck %s --check-prefix=HOST
// Numerics on the CPU path, the split's three results against the
// reference (the partial products; the counts back at zero), and the GPU
// kernel the pipeline emits: one launch, its counts zeroed by the runner.
// RUN: tessel-run %s --cpu --check | FileCheck %s --check-prefix=CPU
// RUN: rm -rf %t.out && tessel-compile %s --target=h100 -o %t.out | FileCheck %s --check-prefix=GPU
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.out/manifest.json

// OUTLINED: func.func private @k_split_partial(%{{.*}}: tensor<64x512xbf16>, %{{.*}}: tensor<512x96xbf16>) -> tensor<2x64x96xf32>
// OUTLINED-SAME: tessel.split_part = {args = array<i64: 0, 1, 4>, kernel = "k_split", part = "partial", splits = 2 : i64, type = (tensor<64x512xbf16>, tensor<512x96xbf16>, tensor<96xbf16>) -> (tensor<64x96xbf16>, tensor<2x64x96xf32>, tensor<2x3xf32>)}
// OUTLINED: func.func private @k_split_sum(%{{.*}}: tensor<2x64x96xf32>, %{{.*}}: tensor<96xbf16>) -> tensor<64x96xbf16>
// OUTLINED-SAME: tessel.schedule = #tessel.schedule<block = [32, 32], warps = 4, stages = 1, split_k = 1, vector = 1, mma = simt>
// OUTLINED-SAME: tessel.split_part = {args = array<i64: 4, 2, 3>, kernel = "k_split", part = "sum"
// OUTLINED: func.func @bias_gelu
// OUTLINED: %[[P:.*]] = call @k_split_partial
// OUTLINED: call @k_split_sum(%[[P]]

// CHECK-NOT: @k_split_partial
// CHECK-NOT: @k_split_sum
// CHECK-LABEL: func.func private @k_split(
// CHECK-SAME: %{{.*}}: memref<64x512xbf16>, %{{.*}}: memref<512x96xbf16>, %{{.*}}: memref<96xbf16>, %[[OUT:.*]]: memref<64x96xbf16>, %[[W:.*]]: memref<2x64x96xf32>, %[[N:.*]]: memref<2x3xf32>)
// CHECK-SAME: tessel.kernel, tessel.schedule = #tessel.schedule<block = [1, 32, 32, 64]
// CHECK-NOT: linalg.fill {{.*}} outs(%[[N]]
// CHECK: scf.forall (%{{.*}}, %[[I:.*]], %[[J:.*]]) in (2, 2, 3) {
// The partial products (the K loop), then the arrival.
// CHECK: scf.for
// CHECK: %[[ARRIVED:.*]] = memref.alloc() : memref<1xf32>
// CHECK: scf.forall (%{{.*}}) in (1) {
// CHECK-NEXT: llvm.fence syncscope("device") acq_rel
// CHECK: %[[BEFORE:.*]] = memref.atomic_rmw addf %{{.*}}, %[[N]][%[[I]], %[[J]]]
// CHECK-NEXT: llvm.fence syncscope("device") acq_rel
// CHECK-NEXT: %[[LAST:.*]] = arith.cmpf oeq, %[[BEFORE]], %{{.*}} : f32
// CHECK-NEXT: scf.if %[[LAST]] {
// CHECK: memref.store %{{.*}}, %[[N]][%[[I]], %[[J]]]
// CHECK: memref.store %[[BEFORE]], %[[ARRIVED]]
// CHECK: } {mapping = [#gpu.thread<linear_dim_0>]}
// The last block sums its tile: the sum's thread loop on linear ids.
// CHECK: %[[SEEN:.*]] = memref.load %[[ARRIVED]]
// CHECK: %[[IS_LAST:.*]] = arith.cmpf oeq, %[[SEEN]]
// CHECK: scf.if %[[IS_LAST]] {
// CHECK: memref.subview %[[W]][0,
// CHECK: scf.forall
// CHECK: linalg.generic {{.*}}iterator_types = ["reduction", "parallel", "parallel"]
// CHECK: math.tanh
// CHECK: } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// CHECK: } {mapping = [#gpu.block<linear_dim_2>, #gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
// CHECK-LABEL: func.func @bias_gelu(
// CHECK: %[[PARTIALS:.*]] = memref.alloc() : memref<2x64x96xf32>
// CHECK: %[[COUNTS:.*]] = memref.alloc() : memref<2x3xf32>
// CHECK: call @k_split(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[PARTIALS]], %[[COUNTS]])
// CHECK-NOT: call

// HOST-LABEL: func.func private @k_split(
// HOST-SAME: %[[N:[^:]*]]: memref<2x3xf32>)
// HOST: linalg.fill ins(%{{.*}} : f32) outs(%[[N]] : memref<2x3xf32>)
// HOST-NOT: llvm.fence
// HOST: memref.atomic_rmw addf
// HOST-NOT: llvm.fence
// HOST-LABEL: func.func @bias_gelu(

// CPU: kernel @k_split
// CPU-NEXT: result #0 64x96xbf16 {{.*}} ok
// CPU-NEXT: result #1 2x64x96xf32 {{.*}} ok
// CPU-NEXT: result #2 2x3xf32 max abs err 0.000e+00 {{.*}} ok
// CPU: all outputs match the reference

// GPU: tessel-compile: 1 GPU kernel(s) for h100
// GPU: k_split_kernel {{.*}}grid 3x2x2
// MANIFEST: "name": "k_split_kernel"
// MANIFEST: "zeroed": true

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @bias_gelu(%x: tensor<64x512xbf16>, %w: tensor<512x96xbf16>, %b: tensor<96xbf16>) -> tensor<64x96xbf16> {
    %r = tessel.kernel @k(%x, %w, %b) : (tensor<64x512xbf16>, tensor<512x96xbf16>, tensor<96xbf16>) -> tensor<64x96xbf16>
        schedule = #tessel.schedule<block = [32, 32, 64], warp = [16, 16, 64], warps = 4, split_k = 2, mma = mma_sync>
        attributes {tessel.sum_in_kernel = #tessel.schedule<block = [32, 32], warps = 4, stages = 1, split_k = 1, vector = 1, mma = simt>} {
    ^bb0(%a: tensor<64x512xbf16>, %c: tensor<512x96xbf16>, %d: tensor<96xbf16>):
      %0 = tessel.matmul %a, %c : tensor<64x512xbf16>, tensor<512x96xbf16> -> tensor<64x96xbf16>
      %1 = tessel.add %0, %d : tensor<64x96xbf16>, tensor<96xbf16> -> tensor<64x96xbf16>
      %2 = tessel.gelu tanh %1 : tensor<64x96xbf16>
      tessel.yield %2 : tensor<64x96xbf16>
    }
    return %r : tensor<64x96xbf16>
  }
}
