// tessel-async-copies: a pipelined K step's copies of its operand tiles
// into shared memory (`stages` = S > 1, tessel-tile-and-fuse) become
// cp.async (nvgpu.device_async_copy), each step's copies one group (one
// commit after the step's last copy loop, however many loops copy its
// tiles); in the K loop the step waits until at most S - 1 groups are in
// flight, then the barrier publishes the tiles. Kernels without stages keep
// plain loads and stores.
// RUN: tessel-opt %s --tessel-lower-to-linalg --tessel-tile-and-fuse --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --cse --canonicalize --tessel-map-to-gpu --convert-linalg-to-loops --tessel-async-copies | FileCheck %s

module attributes {tessel.target = #tessel.target<"h100">} {
  // Three stages, two operands: the prologue copies steps 0 and 1 (A then
  // B, one group a step), then each step copies two ahead and waits for
  // all but the 2 youngest groups. 16-byte copies (8 x bf16) bypass L1.
  // CHECK-LABEL: func.func private @k_mma_s3
  // CHECK: gpu.launch
  // CHECK: nvgpu.device_async_copy {{.*}}, 8 {bypassL1} : memref<1x8xbf16, strided<[256, 1], offset: ?>> to memref<1x8xbf16, strided<[40, 1], offset: ?>, #gpu.address_space<workgroup>>
  // CHECK-NOT: gpu.barrier
  // CHECK-NOT: nvgpu.device_async_create_group
  // CHECK: nvgpu.device_async_copy {{.*}} : memref<1x8xbf16, strided<[192, 1], offset: ?>> to memref<1x8xbf16, strided<[72, 1], offset: ?>
  // CHECK: nvgpu.device_async_create_group
  // CHECK: nvgpu.device_async_copy
  // CHECK-NOT: nvgpu.device_async_create_group
  // CHECK: nvgpu.device_async_copy
  // CHECK: nvgpu.device_async_create_group
  // CHECK-NOT: gpu.barrier
  // CHECK: scf.for %{{.*}} = %c0 to %c256 step %c32 {
  // CHECK: nvgpu.device_async_copy
  // CHECK-NOT: gpu.barrier
  // CHECK-NOT: nvgpu.device_async_create_group
  // CHECK: nvgpu.device_async_copy
  // CHECK: %[[G:.*]] = nvgpu.device_async_create_group
  // CHECK-NEXT: nvgpu.device_async_wait %[[G]] {numGroups = 2 : i32}
  // CHECK-NEXT: gpu.barrier
  // CHECK: vector.contract
  // CHECK: gpu.barrier
  // CHECK-NEXT: }
  // CHECK-NEXT: %[[D:.*]] = nvgpu.device_async_create_group
  // CHECK-NEXT: nvgpu.device_async_wait %[[D]] {numGroups = 0 : i32}
  func.func @mma_s3(%x: tensor<128x256xbf16>, %w: tensor<256x192xbf16>) -> tensor<128x192xf32> {
    %r = tessel.kernel @k_mma_s3(%x, %w) : (tensor<128x256xbf16>, tensor<256x192xbf16>) -> tensor<128x192xf32>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [32, 32, 32], warps = 4, stages = 3, mma = mma_sync> {
    ^bb0(%a: tensor<128x256xbf16>, %c: tensor<256x192xbf16>):
      %0 = tessel.matmul %a, %c : tensor<128x256xbf16>, tensor<256x192xbf16> -> tensor<128x192xf32>
      tessel.yield %0 : tensor<128x192xf32>
    }
    return %r : tensor<128x192xf32>
  }

  // f32 rows of 29 elements (K = 29): single 4-byte copies, through L1;
  // two stages, A and B one group a step.
  // CHECK-LABEL: func.func private @k_simt_s2
  // CHECK: nvgpu.device_async_copy {{.*}}, 1 : memref<{{.*}}xf32
  // CHECK-NOT: bypassL1
  // CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 1 : i32}
  func.func @simt_s2(%a: tensor<37x29xf32>, %b: tensor<29x23xf32>) -> tensor<37x23xf32> {
    %r = tessel.kernel @k_simt_s2(%a, %b) : (tensor<37x29xf32>, tensor<29x23xf32>) -> tensor<37x23xf32>
        schedule = #tessel.schedule<block = [32, 32, 8], warps = 4, stages = 2> {
    ^bb0(%k_a: tensor<37x29xf32>, %k_b: tensor<29x23xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf32>, tensor<29x23xf32> -> tensor<37x23xf32>
      tessel.yield %0 : tensor<37x23xf32>
    }
    return %r : tensor<37x23xf32>
  }

  // The register-resident fused attention in two stages: the query tile's
  // copy (before the prologue's last step) stays synchronous; K and V of
  // the first tile (two 16-byte copies a thread each) are one group before
  // the key loop, and each step copies the next tile's K and V,
  // zero-filling rows past the 50 keys by a source size of 0 (8 f16
  // elements or none), one group, then waits for all but the youngest.
  // CHECK-LABEL: func.func private @k_attention_s2
  // CHECK: vector.store %{{.*}} : memref<32x40xf16, #gpu.address_space<workgroup>>, vector<8xf16>
  // CHECK-COUNT-4: nvgpu.device_async_copy
  // CHECK-NEXT: nvgpu.device_async_create_group
  // CHECK-NOT: nvgpu.device_async_create_group
  // CHECK: scf.for
  // CHECK: %[[N:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : index
  // CHECK-NEXT: nvgpu.device_async_copy %{{.*}}, %{{.*}}, 8, %[[N]] {bypassL1}
  // CHECK-NOT: nvgpu.device_async_create_group
  // CHECK-COUNT-3: nvgpu.device_async_copy
  // CHECK-NEXT: %[[LAST:.*]] = nvgpu.device_async_create_group
  // CHECK-NEXT: nvgpu.device_async_wait %[[LAST]] {numGroups = 1 : i32}
  // CHECK-NEXT: gpu.barrier
  // The key steps no row masks come first, in a loop of their own; the
  // second loop continues its pipeline: no drain and no prologue between
  // them, only after the second.
  // CHECK-NOT: numGroups = 0
  // CHECK: scf.for
  // CHECK-NOT: numGroups = 0
  // CHECK: nvgpu.device_async_copy %{{.*}}, %{{.*}}, 8, %{{.*}} {bypassL1}
  // CHECK-NOT: nvgpu.device_async_create_group
  // CHECK-COUNT-3: nvgpu.device_async_copy
  // CHECK-NEXT: %[[LAST2:.*]] = nvgpu.device_async_create_group
  // CHECK-NEXT: nvgpu.device_async_wait %[[LAST2]] {numGroups = 1 : i32}
  // CHECK: nvgpu.device_async_wait %{{.*}} {numGroups = 0 : i32}
  func.func @attention_s2(%q: tensor<1x2x40x32xf16>, %k: tensor<1x2x50x32xf16>, %v: tensor<1x2x50x32xf16>) -> tensor<1x2x40x32xf16> {
    %r = tessel.kernel @k_attention_s2(%q, %k, %v) : (tensor<1x2x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x32xf16>) -> tensor<1x2x40x32xf16>
        schedule = #tessel.schedule<block = [32, 32], warp = [16, 32], warps = 2, stages = 2, mma = mma_sync> {
    ^bb0(%a: tensor<1x2x40x32xf16>, %b: tensor<1x2x50x32xf16>, %c: tensor<1x2x50x32xf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x2x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x32xf16> -> tensor<1x2x40x32xf16>
      tessel.yield %0 : tensor<1x2x40x32xf16>
    }
    return %r : tensor<1x2x40x32xf16>
  }

  // One stage: nothing to overlap, the copies stay loads and stores.
  // CHECK-LABEL: func.func private @k_simt_s1
  // CHECK-NOT: nvgpu
  // CHECK: return
  func.func @simt_s1(%a: tensor<37x29xf32>, %b: tensor<29x23xf32>) -> tensor<37x23xf32> {
    %r = tessel.kernel @k_simt_s1(%a, %b) : (tensor<37x29xf32>, tensor<29x23xf32>) -> tensor<37x23xf32>
        schedule = #tessel.schedule<block = [32, 32, 8], warps = 4> {
    ^bb0(%k_a: tensor<37x29xf32>, %k_b: tensor<29x23xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf32>, tensor<29x23xf32> -> tensor<37x23xf32>
      tessel.yield %0 : tensor<37x23xf32>
    }
    return %r : tensor<37x23xf32>
  }
}
