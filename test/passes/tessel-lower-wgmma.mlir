// RUN: tessel-opt %s --tessel-split-reduction --tessel-lower-to-linalg --tessel-tile-and-fuse --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --canonicalize --buffer-results-to-out-params="hoist-static-allocs modify-public-functions" --tessel-map-to-gpu --tessel-lower-wgmma | FileCheck %s

// The block-level K loop of a wgmma step becomes: a tensor map per operand
// on the host (A in 128 x 64 boxes, B in 64 x 64), one shared-memory
// buffer holding 3 stages of both and, after the loop, the accumulator (its
// zero fill gone: the registers start at zero), an mbarrier per stage, the
// first 3
// steps' TMA loads issued by thread 0, and a loop over the 4 K steps that
// waits for its stage, issues one warpgroup MMA per warpgroup (64 x 128
// accumulators in registers) and refills the previous step's stage; after
// it, the accumulators go to the shared accumulator for the epilogue.
//
// A `transpose_rhs` B ([N, K], read in place) is K-major like A: its tensor
// map's box is [128, 64] over the [384, 256] weight, one TMA load a stage
// into [128, 64] stage tiles, and each K step is four warpgroup MMAs (one
// per 16-wide slice, without transposeB) from descriptors at the slice's
// columns of both tiles, the first waiting for one group, the others for
// none.
//
// A batch_matmul takes one batch element a block: its tensor maps are 3-D
// (box [1, rows, 64], TMA's third coordinate the batch element), while the
// warpgroup MMA descriptors take the same map under its [rows, 64] box.
// NVGPU's descriptor lowering reads the distance between a row-major B's
// 64-column chunks (rows x 128 bytes) from the map type's first box dim,
// which would be the unit batch dim: the 192-column P v here would read
// its chunks 128 bytes apart (it did, on an H200: only its first 64
// columns were right).

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @mm(%x: tensor<256x256xbf16>, %w: tensor<256x384xbf16>) -> tensor<256x384xf32> {
    %r = tessel.kernel @k_mm(%x, %w) : (tensor<256x256xbf16>, tensor<256x384xbf16>) -> tensor<256x384xf32>
        schedule = #tessel.schedule<block = [128, 128, 64], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<256x256xbf16>, %c: tensor<256x384xbf16>):
      %0 = tessel.matmul %a, %c : tensor<256x256xbf16>, tensor<256x384xbf16> -> tensor<256x384xf32>
      tessel.yield %0 : tensor<256x384xf32>
    }
    return %r : tensor<256x384xf32>
  }

  func.func @linear(%x: tensor<256x256xbf16>, %w: tensor<384x256xbf16>) -> tensor<256x384xf32> {
    %r = tessel.kernel @k_linear(%x, %w) : (tensor<256x256xbf16>, tensor<384x256xbf16>) -> tensor<256x384xf32>
        schedule = #tessel.schedule<block = [128, 128, 64], warps = 8, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<256x256xbf16>, %c: tensor<384x256xbf16>):
      %0 = tessel.matmul %a, %c transpose_rhs : tensor<256x256xbf16>, tensor<384x256xbf16> -> tensor<256x384xf32>
      tessel.yield %0 : tensor<256x384xf32>
    }
    return %r : tensor<256x384xf32>
  }

  func.func @batch_pv(%p: tensor<2x130x128xf16>, %v: tensor<2x128x192xf16>) -> tensor<2x130x192xf32> {
    %r = tessel.kernel @k_batch_pv(%p, %v) : (tensor<2x130x128xf16>, tensor<2x128x192xf16>) -> tensor<2x130x192xf32>
        schedule = #tessel.schedule<block = [1, 64, 192, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<2x130x128xf16>, %c: tensor<2x128x192xf16>):
      %0 = tessel.batch_matmul %a, %c : tensor<2x130x128xf16>, tensor<2x128x192xf16> -> tensor<2x130x192xf32>
      tessel.yield %0 : tensor<2x130x192xf32>
    }
    return %r : tensor<2x130x192xf32>
  }
}

// CHECK-LABEL: func.func private @k_mm
// CHECK: nvgpu.tma.create.descriptor %{{.*}} box[%{{.*}}, %{{.*}}] : memref<*xbf16> -> <tensor = memref<128x64xbf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = l2promo_256b, oob = zero, interleave = none>
// CHECK: nvgpu.tma.create.descriptor %{{.*}} : memref<*xbf16> -> <tensor = memref<64x64xbf16, #gpu.address_space<workgroup>>
// CHECK: gpu.launch
// CHECK-SAME: threads({{.*}}) in ({{.*}} = %c256{{.*}}, {{.*}} = %c1{{.*}}, {{.*}} = %c1
// CHECK-SAME: workgroup(%[[ACCOLD:.*]] : memref<16xi8, #gpu.address_space<workgroup>>, %[[SMEM:.*]] : memref<98304xi8, #gpu.address_space<workgroup>>, %{{.*}} : memref<16xi8, #gpu.address_space<workgroup>>)
// The stages, then the accumulator over them after the loop.
// CHECK: memref.view %[[SMEM]][%c0{{.*}}][] : memref<98304xi8, #gpu.address_space<workgroup>> to memref<3x128x64xbf16, #gpu.address_space<workgroup>>
// CHECK: memref.view %[[SMEM]][%c49152{{.*}}][] : memref<98304xi8, #gpu.address_space<workgroup>> to memref<3x2x64x64xbf16, #gpu.address_space<workgroup>>
// CHECK: memref.view %[[SMEM]][%c0{{.*}}][] : memref<98304xi8, #gpu.address_space<workgroup>> to memref<128x136xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: linalg.fill
// CHECK: nvgpu.mbarrier.create -> <memorySpace = #gpu.address_space<workgroup>, num_barriers = 3>
// CHECK-COUNT-3: nvgpu.mbarrier.init
// CHECK: gpu.barrier
// CHECK-COUNT-3: nvgpu.mbarrier.arrive.expect_tx %{{.*}}[%{{.*}}], %c32768
// CHECK: nvgpu.warpgroup.mma.init.accumulator -> <fragmented = vector<64x128xf32>>
// CHECK: scf.for %{{.*}} = %c0{{.*}} to %c4{{.*}} step %c1{{.*}} iter_args
// CHECK: nvgpu.mbarrier.try_wait.parity
// CHECK: nvgpu.warpgroup.generate.descriptor
// CHECK: nvgpu.warpgroup.generate.descriptor
// CHECK: nvgpu.warpgroup.mma {{.*}} {transposeB}
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK: nvgpu.tma.async.load
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0
// CHECK-NEXT: gpu.barrier
// CHECK: nvgpu.warpgroup.mma.store
// CHECK-NOT: tessel.tma_copy
// CHECK-NOT: tessel.wgmma_step

// CHECK-LABEL: func.func private @k_linear
// CHECK: nvgpu.tma.create.descriptor %{{.*}} : memref<*xbf16> -> <tensor = memref<128x64xbf16, #gpu.address_space<workgroup>>
// CHECK: nvgpu.tma.create.descriptor %{{.*}} : memref<*xbf16> -> <tensor = memref<128x64xbf16, #gpu.address_space<workgroup>>
// CHECK: memref.view %{{.*}}[%c49152{{.*}}][] : memref<98304xi8, #gpu.address_space<workgroup>> to memref<3x128x64xbf16, #gpu.address_space<workgroup>>
// CHECK-COUNT-3: nvgpu.mbarrier.arrive.expect_tx %{{.*}}[%{{.*}}], %c32768
// CHECK: scf.for
// CHECK: nvgpu.mbarrier.try_wait.parity
// CHECK: memref.subview %{{.*}}[%{{.*}}, %{{.*}}, 0] [1, 64, 16]
// CHECK: memref.subview %{{.*}}[%{{.*}}, 0, 0] [1, 128, 16]
// CHECK: nvgpu.warpgroup.mma {{.*}} : <tensor = memref<64x16xbf16, #gpu.address_space<workgroup>>>, <tensor = memref<16x128xbf16, #gpu.address_space<workgroup>>>
// CHECK-NOT: transposeB
// CHECK: memref.subview %{{.*}}[%{{.*}}, %{{.*}}, 16] [1, 64, 16]
// CHECK: memref.subview %{{.*}}[%{{.*}}, 0, 16] [1, 128, 16]
// CHECK: nvgpu.warpgroup.mma {{.*}} {waitGroup = 2 : i64}
// CHECK: memref.subview %{{.*}}[%{{.*}}, 0, 32] [1, 128, 16]
// CHECK: nvgpu.warpgroup.mma {{.*}} {waitGroup = 3 : i64}
// CHECK: memref.subview %{{.*}}[%{{.*}}, 0, 48] [1, 128, 16]
// CHECK: nvgpu.warpgroup.mma {{.*}} {waitGroup = 4 : i64}
// CHECK-NOT: nvgpu.warpgroup.mma
// CHECK: scf.if
// CHECK-COUNT-2: nvgpu.tma.async.load
// CHECK-NOT: nvgpu.tma.async.load
// CHECK: nvvm.wgmma.wait.group.sync.aligned 0

// CHECK-LABEL: func.func private @k_batch_pv
// CHECK-COUNT-2: nvgpu.tma.create.descriptor %{{.*}} box[%{{.*}}, %{{.*}}, %{{.*}}] : memref<*xf16> -> <tensor = memref<1x64x64xf16
// CHECK: gpu.launch
// B's map (the later built, first in the block), then A's: each for TMA
// and under its 2-D box.
// CHECK: %[[BPTR:.*]] = llvm.inttoptr
// CHECK-NEXT: %[[BTMA:.*]] = builtin.unrealized_conversion_cast %[[BPTR]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<1x64x64xf16
// CHECK-NEXT: %[[BMMA:.*]] = builtin.unrealized_conversion_cast %[[BPTR]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16
// CHECK: %[[APTR:.*]] = llvm.inttoptr
// CHECK-NEXT: %[[ATMA:.*]] = builtin.unrealized_conversion_cast %[[APTR]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<1x64x64xf16
// CHECK-NEXT: %[[AMMA:.*]] = builtin.unrealized_conversion_cast %[[APTR]] : !llvm.ptr to !nvgpu.tensormap.descriptor<tensor = memref<64x64xf16
// CHECK: nvgpu.tma.async.load %[[ATMA]][%{{.*}}, %{{.*}}, %{{.*}}]
// CHECK-COUNT-3: nvgpu.tma.async.load %[[BTMA]][%{{.*}}, %{{.*}}, %{{.*}}]
// CHECK: scf.for
// CHECK: nvgpu.warpgroup.generate.descriptor %{{.*}}, %[[AMMA]] : {{.*}} -> <tensor = memref<64x64xf16
// CHECK: nvgpu.warpgroup.generate.descriptor %{{.*}}, %[[BMMA]] : {{.*}} -> <tensor = memref<64x192xf16
// CHECK: nvgpu.warpgroup.mma {{.*}} {transposeB}
