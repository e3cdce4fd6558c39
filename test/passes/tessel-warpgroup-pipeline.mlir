// tessel-warpgroup-pipeline: the register-resident fused attention on
// wgmma with stages (here 2) and two warpgroups. Its key tiles arrive on
// mbarriers (`full`, one a slot) instead of a wait and a block barrier;
// each step ends with an arrival on `done` instead of a barrier; the loads
// that refill the previous step's slots follow the step's products,
// behind a wait for every thread to be done with that step; the two
// warpgroups take turns issuing their products on named barriers 1 and 2.
// No block barrier is left in or between the key loops (unmasked, then
// masked). With head dims of whole 64-column boxes (tessel-lower-mma lays
// the key and value tiles out as TMA writes them), TMA loads the tiles:
// thread 0 expects a step's bytes on `full` (which counts it alone) and
// issues a cp.async.bulk.tensor.4d a box, the tensor maps built on the
// host; with another head dim (80) every thread's cp.async copies arrive
// there as they land (`full` counts every thread), and with one warpgroup
// there are no turns; a kernel on mma.sync is left as it is.
// RUN: tessel-opt %s --tessel-split-reduction --tessel-lower-to-linalg --tessel-tile-and-fuse --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --canonicalize --buffer-results-to-out-params="hoist-static-allocs modify-public-functions" --cse --canonicalize --promote-buffers-to-stack="max-alloc-size-in-bytes=1024" --tessel-lower-mma --convert-vector-to-scf="full-unroll" --tessel-map-to-gpu --tessel-lower-wgmma --convert-linalg-to-loops --tessel-async-copies --tessel-mma-ldmatrix --tessel-hoist-accumulators --tessel-dynamic-shared-memory --tessel-warpgroup-pipeline | FileCheck %s

// The tensor maps of K and V on the host: [1, 1, 64 keys, 64 columns]
// boxes with the 128-byte swizzle, zeros out of bounds; their addresses
// go into the launch.
// CHECK-LABEL: func.func private @k_two_groups
// CHECK: nvgpu.tma.create.descriptor %{{.*}} box[%c1{{.*}}, %c1{{.*}}, %c64{{.*}}, %c64{{.*}}] : memref<*xbf16> -> <tensor = memref<1x1x64x64xbf16, #gpu.address_space<workgroup>>, swizzle = swizzle_128b, l2promo = l2promo_256b, oob = zero, interleave = none>
// CHECK: builtin.unrealized_conversion_cast %{{.*}} to !llvm.ptr
// CHECK: nvgpu.tma.create.descriptor
// CHECK: builtin.unrealized_conversion_cast %{{.*}} to !llvm.ptr
// The mbarriers (4: full and done for each of 2 slots) in a buffer of
// their own (the launch has no dynamic shared memory), initialized by
// thread 0: full for its own arrival, done for all 256 threads.
// CHECK: gpu.launch {{.*}}threads({{.*}}%c256{{.*}}, %[[BARS:.*]] : memref<4xi64, #gpu.address_space<workgroup>>)
// CHECK: memref.extract_aligned_pointer_as_index %[[BARS]]
// CHECK: scf.if %[[LEADER:.*]] {
// CHECK-COUNT-2: mbarrier.init.shared::cta.b64 [$0], $1;", "r,r,~{memory}" %{{.*}}, %c1_i32
// CHECK-COUNT-2: mbarrier.init.shared::cta.b64 [$0], $1;", "r,r,~{memory}" %{{.*}}, %c256_i32
// CHECK: gpu.barrier
// CHECK: %[[KMAP:.*]] = llvm.ptrtoint
// CHECK: %[[VMAP:.*]] = llvm.ptrtoint
// The prologue's tiles: thread 0 expects their 16 KiB on full[0] and
// loads them, K then V ([64 columns, keys, head, batch]); warpgroup 1
// lets warpgroup 0 go first.
// CHECK-NOT: nvgpu.device_async_copy
// CHECK: scf.if %[[LEADER]] {
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64 _, [$0], $1;", "r,r,~{memory}" %[[FULL0:.*]], %c16384_i32
// CHECK: cp.async.bulk.tensor.4d.shared::cluster.global.mbarrier::complete_tx::bytes [$0], [$1, {$2, $3, $4, $5}], [$6];", "r,l,r,r,r,r,r,~{memory}" %{{.*}}, %[[KMAP]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[FULL0]]
// CHECK: cp.async.bulk.tensor.4d.shared::cluster.global.mbarrier::complete_tx::bytes [$0], [$1, {$2, $3, $4, $5}], [$6];", "r,l,r,r,r,r,r,~{memory}" %{{.*}}, %[[VMAP]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[FULL0]]
// CHECK-NOT: cp.async.mbarrier.arrive.noinc
// CHECK: bar.arrive 1, 256;
// A key step: its tile's phase, the warpgroup's turn, its products...
// CHECK: scf.for
// CHECK-NOT: gpu.barrier
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK: @zero bar.sync 1, 256;\0A\09@!zero bar.sync 2, 256;
// CHECK-NEXT: fence.proxy.async.shared::cta;\0A\09wgmma.fence.sync.aligned;
// CHECK: wgmma.commit_group.sync.aligned;
// CHECK: wgmma.commit_group.sync.aligned;
// ... the other's turn, then (from step 1 on) the wait for every thread to
// be done with the previous step, and thread 0's loads of the next tiles.
// CHECK: @zero bar.arrive 2, 256;\0A\09@!zero bar.arrive 1, 256;
// CHECK: scf.if
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK: scf.if %[[LEADER]] {
// CHECK: mbarrier.arrive.expect_tx.shared::cta.b64
// CHECK-NOT: wgmma
// CHECK-COUNT-2: cp.async.bulk.tensor.4d.shared::cluster.global.mbarrier::complete_tx::bytes
// CHECK: wgmma.wait_group.sync.aligned 1;
// CHECK: wgmma.wait_group.sync.aligned 0;
// CHECK: mbarrier.arrive.shared::cta.b64 state
// CHECK-NOT: gpu.barrier
// CHECK: scf.yield
// The masked key loop continues the same pipeline, with no barrier before.
// CHECK-NOT: gpu.barrier
// CHECK: scf.for
// CHECK-NOT: gpu.barrier
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK-COUNT-2: cp.async.bulk.tensor.4d.shared::cluster.global.mbarrier::complete_tx::bytes
// CHECK: mbarrier.arrive.shared::cta.b64 state
// CHECK-NOT: gpu.barrier
// CHECK: scf.yield
// Warpgroup 0 takes warpgroup 1's last arrival; every thread waits for
// the loads the last step issued past the keys (one, a stage ahead: its
// zeros land in bytes the epilogue then writes); then the block meets
// before the last product and the epilogue.
// CHECK: bar.sync 1, 256;
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK-NEXT: gpu.barrier

// One warpgroup, head dim 80 (core matrices): the mbarriers (full counting
// all 128 threads), no turns, the threads' cp.async copies arriving on
// full.
// CHECK-LABEL: func.func private @k_one_group
// CHECK-NOT: nvgpu.tma.create.descriptor
// CHECK: mbarrier.init.shared::cta.b64 [$0], $1;", "r,r,~{memory}" %{{.*}}, %c128_i32
// CHECK-NOT: bar.sync
// CHECK-NOT: bar.arrive
// CHECK: scf.for
// CHECK-NOT: gpu.barrier
// CHECK: mbarrier.try_wait.parity
// CHECK: nvgpu.device_async_copy
// CHECK: cp.async.mbarrier.arrive.noinc
// CHECK: mbarrier.arrive.shared::cta.b64 state
// CHECK-NOT: gpu.barrier
// CHECK: scf.yield

// mma.sync: block barriers as before.
// CHECK-LABEL: func.func private @k_mma_sync
// CHECK-NOT: mbarrier
// CHECK: scf.for
// CHECK: nvgpu.device_async_wait
// CHECK-NEXT: gpu.barrier
// CHECK-NOT: mbarrier

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @two_groups(%q: tensor<1x2x300x64xbf16>, %k: tensor<1x2x300x64xbf16>, %v: tensor<1x2x300x64xbf16>) -> tensor<1x2x300x64xbf16> {
    %r = tessel.kernel @k_two_groups(%q, %k, %v) : (tensor<1x2x300x64xbf16>, tensor<1x2x300x64xbf16>, tensor<1x2x300x64xbf16>) -> tensor<1x2x300x64xbf16>
        schedule = #tessel.schedule<block = [128, 64], warp = [16, 64], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x2x300x64xbf16>, %b: tensor<1x2x300x64xbf16>, %c: tensor<1x2x300x64xbf16>):
      %0 = tessel.attention %a, %b, %c causal : tensor<1x2x300x64xbf16>, tensor<1x2x300x64xbf16>, tensor<1x2x300x64xbf16> -> tensor<1x2x300x64xbf16>
      tessel.yield %0 : tensor<1x2x300x64xbf16>
    }
    return %r : tensor<1x2x300x64xbf16>
  }
  func.func @one_group(%q: tensor<1x2x200x80xbf16>, %k: tensor<1x2x200x80xbf16>, %v: tensor<1x2x200x80xbf16>) -> tensor<1x2x200x80xbf16> {
    %r = tessel.kernel @k_one_group(%q, %k, %v) : (tensor<1x2x200x80xbf16>, tensor<1x2x200x80xbf16>, tensor<1x2x200x80xbf16>) -> tensor<1x2x200x80xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x2x200x80xbf16>, %b: tensor<1x2x200x80xbf16>, %c: tensor<1x2x200x80xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x2x200x80xbf16>, tensor<1x2x200x80xbf16>, tensor<1x2x200x80xbf16> -> tensor<1x2x200x80xbf16>
      tessel.yield %0 : tensor<1x2x200x80xbf16>
    }
    return %r : tensor<1x2x200x80xbf16>
  }
  func.func @mma_sync(%q: tensor<1x2x200x64xbf16>, %k: tensor<1x2x200x64xbf16>, %v: tensor<1x2x200x64xbf16>) -> tensor<1x2x200x64xbf16> {
    %r = tessel.kernel @k_mma_sync(%q, %k, %v) : (tensor<1x2x200x64xbf16>, tensor<1x2x200x64xbf16>, tensor<1x2x200x64xbf16>) -> tensor<1x2x200x64xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = mma_sync> {
    ^bb0(%a: tensor<1x2x200x64xbf16>, %b: tensor<1x2x200x64xbf16>, %c: tensor<1x2x200x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x2x200x64xbf16>, tensor<1x2x200x64xbf16>, tensor<1x2x200x64xbf16> -> tensor<1x2x200x64xbf16>
      tessel.yield %0 : tensor<1x2x200x64xbf16>
    }
    return %r : tensor<1x2x200x64xbf16>
  }
}
