// tessel-warpgroup-pipeline: the register-resident fused attention on
// wgmma with stages (here 2) and two warpgroups. Its key tiles arrive on
// mbarriers (`full`, one a slot: every thread's cp.async copies of a tile
// arrive when they land) instead of a wait and a block barrier; each step
// ends with an arrival on `done` instead of a barrier; the copies that
// refill the previous step's slots follow the step's products, behind a
// wait for every thread to be done with that step; the two warpgroups take
// turns issuing their products on named barriers 1 and 2. No block barrier
// is left in or between the key loops (unmasked, then masked). With one
// warpgroup there are no turns; a kernel on mma.sync is left as it is.
// RUN: tessel-opt %s --tessel-split-reduction --tessel-lower-to-linalg --tessel-tile-and-fuse --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --canonicalize --buffer-results-to-out-params="hoist-static-allocs modify-public-functions" --cse --canonicalize --promote-buffers-to-stack="max-alloc-size-in-bytes=1024" --tessel-lower-mma --convert-vector-to-scf="full-unroll" --tessel-map-to-gpu --tessel-lower-wgmma --convert-linalg-to-loops --tessel-async-copies --tessel-mma-ldmatrix --tessel-hoist-accumulators --tessel-dynamic-shared-memory --tessel-warpgroup-pipeline | FileCheck %s

// The mbarriers (4: full and done for each of 2 slots) in a buffer of
// their own (the launch has no dynamic shared memory), initialized by
// thread 0 for all 256 threads.
// CHECK-LABEL: func.func private @k_two_groups
// CHECK: gpu.launch {{.*}}threads({{.*}}%c256{{.*}}, %[[BARS:.*]] : memref<4xi64, #gpu.address_space<workgroup>>)
// CHECK: memref.extract_aligned_pointer_as_index %[[BARS]]
// CHECK: scf.if
// CHECK-COUNT-4: mbarrier.init.shared::cta.b64 [$0], $1;", "r,r,~{memory}" %{{.*}}, %c256_i32
// CHECK: gpu.barrier
// The prologue's tile arrives on full[0]; warpgroup 1 lets warpgroup 0 go
// first.
// CHECK: nvgpu.device_async_copy
// CHECK: cp.async.mbarrier.arrive.noinc.shared::cta.b64
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
// be done with the previous step, the refill and its arrival on full.
// CHECK: @zero bar.arrive 2, 256;\0A\09@!zero bar.arrive 1, 256;
// CHECK: scf.if
// CHECK: mbarrier.try_wait.parity.shared::cta.b64
// CHECK: nvgpu.device_async_copy
// CHECK-NOT: wgmma
// CHECK: cp.async.mbarrier.arrive.noinc.shared::cta.b64
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
// CHECK: cp.async.mbarrier.arrive.noinc.shared::cta.b64
// CHECK: mbarrier.arrive.shared::cta.b64 state
// CHECK-NOT: gpu.barrier
// CHECK: scf.yield
// Warpgroup 0 takes warpgroup 1's last arrival; then the block meets
// before the last product and the epilogue.
// CHECK: bar.sync 1, 256;
// CHECK: gpu.barrier

// One warpgroup: the mbarriers, no turns.
// CHECK-LABEL: func.func private @k_one_group
// CHECK: mbarrier.init
// CHECK-NOT: bar.sync
// CHECK-NOT: bar.arrive
// CHECK: scf.for
// CHECK-NOT: gpu.barrier
// CHECK: mbarrier.try_wait.parity
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
  func.func @one_group(%q: tensor<1x2x200x64xbf16>, %k: tensor<1x2x200x64xbf16>, %v: tensor<1x2x200x64xbf16>) -> tensor<1x2x200x64xbf16> {
    %r = tessel.kernel @k_one_group(%q, %k, %v) : (tensor<1x2x200x64xbf16>, tensor<1x2x200x64xbf16>, tensor<1x2x200x64xbf16>) -> tensor<1x2x200x64xbf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<1x2x200x64xbf16>, %b: tensor<1x2x200x64xbf16>, %c: tensor<1x2x200x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x2x200x64xbf16>, tensor<1x2x200x64xbf16>, tensor<1x2x200x64xbf16> -> tensor<1x2x200x64xbf16>
      tessel.yield %0 : tensor<1x2x200x64xbf16>
    }
    return %r : tensor<1x2x200x64xbf16>
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
