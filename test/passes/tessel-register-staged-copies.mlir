// A two-stage MFMA K step on AMD (no asynchronous copies): inside the K
// loop, each thread's loads of the next step's tiles stay ahead of the
// step's MFMAs, their stores into the other LDS buffer follow the MFMAs,
// and the step keeps one barrier, at its end, which waits for LDS only
// (amdgpu.lds_barrier; the barriers that separated the copies from the
// math are gone). The prologue's copies of step 0 stay as they were, each
// followed by its barrier. A copy loop whose trip count depends on the
// thread (a tile of fewer vectors than threads) stays synchronous, behind
// its barrier. The fused attention's two-stage form on MFMA is staged the
// same way. With three stages each step loads what the next step stores:
// the K loop carries the loaded tiles, two steps an iteration.
// RUN: tessel-opt %s --tessel-lower-to-linalg --tessel-tile-and-fuse --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --cse --canonicalize --tessel-lower-mma --tessel-map-to-gpu --convert-linalg-to-loops --tessel-register-staged-copies | FileCheck %s

// CHECK-LABEL: func.func private @k_staged(
// The prologue: step 0's tiles, copied and published.
// CHECK: vector.store {{.*}} #gpu.address_space<workgroup>>, vector<8xbf16>
// CHECK: gpu.barrier
// CHECK: vector.store {{.*}} #gpu.address_space<workgroup>>, vector<8xbf16>
// CHECK: gpu.barrier
// The K loop: loads, MFMAs, stores, one barrier.
// CHECK: scf.for
// CHECK: %[[A:.*]] = vector.load {{.*}} : memref<1x8xbf16, strided<[64, 1], offset: ?>>, vector<8xbf16>
// CHECK: %[[B:.*]] = vector.load {{.*}} : memref<1x8xbf16, strided<[128, 1], offset: ?>>, vector<8xbf16>
// CHECK-NOT: gpu.barrier
// CHECK: amdgpu.mfma
// CHECK-NOT: gpu.barrier
// CHECK: vector.store %[[A]], {{.*}}#gpu.address_space<workgroup>>, vector<8xbf16>
// CHECK-NOT: gpu.barrier
// CHECK: vector.store %[[B]], {{.*}}#gpu.address_space<workgroup>>, vector<8xbf16>
// CHECK-NEXT: amdgpu.lds_barrier
// CHECK-NEXT: }
module attributes {tessel.target = #tessel.target<"mi300x">} {
  func.func @staged(%x: tensor<256x64xbf16>, %w: tensor<64x128xbf16>) -> tensor<256x128xf32> {
    %r = tessel.kernel @k_staged(%x, %w) : (tensor<256x64xbf16>, tensor<64x128xbf16>) -> tensor<256x128xf32>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [32, 32, 32], warps = 4, stages = 2, mma = mfma> {
    ^bb0(%a: tensor<256x64xbf16>, %c: tensor<64x128xbf16>):
      %0 = tessel.matmul %a, %c : tensor<256x64xbf16>, tensor<64x128xbf16> -> tensor<256x128xf32>
      tessel.yield %0 : tensor<256x128xf32>
    }
    return %r : tensor<256x128xf32>
  }

  // K steps of 16: 128 vectors of each tile for 256 threads.
  // CHECK-LABEL: func.func private @k_thin(
  // CHECK: scf.for
  // CHECK: scf.for
  // CHECK: vector.load
  // CHECK-NEXT: vector.store {{.*}}#gpu.address_space<workgroup>>, vector<8xbf16>
  // CHECK: gpu.barrier
  // CHECK: scf.for
  // CHECK: vector.load
  // CHECK-NEXT: vector.store {{.*}}#gpu.address_space<workgroup>>, vector<8xbf16>
  // CHECK: gpu.barrier
  // CHECK: amdgpu.mfma
  // CHECK: gpu.barrier
  func.func @thin(%x: tensor<256x64xbf16>, %w: tensor<64x128xbf16>) -> tensor<256x128xf32> {
    %r = tessel.kernel @k_thin(%x, %w) : (tensor<256x64xbf16>, tensor<64x128xbf16>) -> tensor<256x128xf32>
        schedule = #tessel.schedule<block = [64, 64, 16], warp = [32, 32, 16], warps = 4, stages = 2, mma = mfma> {
    ^bb0(%a: tensor<256x64xbf16>, %c: tensor<64x128xbf16>):
      %0 = tessel.matmul %a, %c : tensor<256x64xbf16>, tensor<64x128xbf16> -> tensor<256x128xf32>
      tessel.yield %0 : tensor<256x128xf32>
    }
    return %r : tensor<256x128xf32>
  }

  // The fused attention's shared-memory form on MFMA with two stages: in
  // the key loop, the next key and value tiles' loads come first, the
  // products of S after them with no barrier between, and the loaded
  // vectors (each row past the 100 keys a zero, chosen there) are stored
  // into the other slots at the step's end, before its last barrier.
  // CHECK-LABEL: func.func private @k_staged_attention(
  // CHECK: gpu.barrier
  // CHECK: scf.for
  // CHECK: %[[K:.*]] = vector.load %{{.*}} : memref<1x1x100x64xbf16>, vector<8xbf16>
  // CHECK: %[[V:.*]] = vector.load %{{.*}} : memref<1x1x100x64xbf16>, vector<8xbf16>
  // CHECK-NOT: gpu.barrier
  // CHECK: amdgpu.mfma
  // CHECK: gpu.barrier
  // CHECK: amdgpu.mfma
  // CHECK: %[[KZ:.*]] = arith.select %{{.*}}, %[[K]], %{{.*}} : vector<8xbf16>
  // CHECK-NEXT: vector.store %[[KZ]], {{.*}}#gpu.address_space<workgroup>>, vector<8xbf16>
  // CHECK-NEXT: %[[VZ:.*]] = arith.select %{{.*}}, %[[V]], %{{.*}} : vector<8xbf16>
  // CHECK-NEXT: vector.store %[[VZ]], {{.*}}#gpu.address_space<workgroup>>, vector<8xbf16>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: } {tessel.shared_accumulators}
  func.func @staged_attention(%q: tensor<1x2x64x64xbf16>, %k: tensor<1x1x100x64xbf16>, %v: tensor<1x1x100x64xbf16>) -> tensor<1x2x64x64xbf16> {
    %r = tessel.kernel @k_staged_attention(%q, %k, %v) : (tensor<1x2x64x64xbf16>, tensor<1x1x100x64xbf16>, tensor<1x1x100x64xbf16>) -> tensor<1x2x64x64xbf16>
        schedule = #tessel.schedule<block = [32, 32], warps = 4, stages = 2, mma = mfma> {
    ^bb0(%a: tensor<1x2x64x64xbf16>, %b: tensor<1x1x100x64xbf16>, %c: tensor<1x1x100x64xbf16>):
      %0 = tessel.attention %a, %b, %c : tensor<1x2x64x64xbf16>, tensor<1x1x100x64xbf16>, tensor<1x1x100x64xbf16> -> tensor<1x2x64x64xbf16>
      tessel.yield %0 : tensor<1x2x64x64xbf16>
    }
    return %r : tensor<1x2x64x64xbf16>
  }

  // Three stages: before the K loop, the prologue's two steps copied and
  // published, then the loads of the tiles the first step stores; in the
  // loop, two steps an iteration, each loading the tiles the next step
  // stores (carried by the loop) and storing those the step before loaded
  // (step k + 2's, into the third slot) after its MFMAs, with no barrier
  // but its last, which waits for LDS only.
  // CHECK-LABEL: func.func private @k_staged_three(
  // CHECK-COUNT-2: vector.store {{.*}} : memref<1x8xbf16, strided<[40, 1], offset: ?>, #gpu.address_space<workgroup>>, vector<8xbf16>
  // CHECK: vector.store {{.*}} : memref<1x8xbf16, strided<[72, 1], offset: ?>, #gpu.address_space<workgroup>>, vector<8xbf16>
  // CHECK-NEXT: gpu.barrier
  // CHECK: %[[A0:.*]] = vector.load {{.*}} : memref<1x8xbf16, strided<[128, 1], offset: ?>>, vector<8xbf16>
  // CHECK: %[[B0:.*]] = vector.load {{.*}} : memref<1x8xbf16, strided<[128, 1], offset: ?>>, vector<8xbf16>
  // CHECK: scf.for %{{.*}} = %c0 to %c128 step %{{.*}} iter_args(%[[A:.*]] = %[[A0]], %[[B:.*]] = %[[B0]]) -> (vector<8xbf16>, vector<8xbf16>) {
  // CHECK-NOT: barrier
  // CHECK: %[[A1:.*]] = vector.load {{.*}} : memref<1x8xbf16, strided<[128, 1], offset: ?>>, vector<8xbf16>
  // CHECK-NOT: barrier
  // CHECK: %[[B1:.*]] = vector.load {{.*}} : memref<1x8xbf16, strided<[128, 1], offset: ?>>, vector<8xbf16>
  // CHECK-NOT: barrier
  // CHECK: amdgpu.mfma
  // CHECK-NOT: barrier
  // CHECK: vector.store %[[A]], {{.*}}#gpu.address_space<workgroup>>, vector<8xbf16>
  // CHECK-NEXT: vector.store %[[B]], {{.*}}#gpu.address_space<workgroup>>, vector<8xbf16>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NOT: barrier
  // CHECK: %[[A2:.*]] = vector.load {{.*}} : memref<1x8xbf16, strided<[128, 1], offset: ?>>, vector<8xbf16>
  // CHECK-NOT: barrier
  // CHECK: %[[B2:.*]] = vector.load {{.*}} : memref<1x8xbf16, strided<[128, 1], offset: ?>>, vector<8xbf16>
  // CHECK-NOT: barrier
  // CHECK: amdgpu.mfma
  // CHECK-NOT: barrier
  // CHECK: vector.store %[[A1]], {{.*}}#gpu.address_space<workgroup>>, vector<8xbf16>
  // CHECK-NEXT: vector.store %[[B1]], {{.*}}#gpu.address_space<workgroup>>, vector<8xbf16>
  // CHECK-NEXT: amdgpu.lds_barrier
  // CHECK-NEXT: scf.yield %[[A2]], %[[B2]] : vector<8xbf16>, vector<8xbf16>
  func.func @staged_three(%x: tensor<256x128xbf16>, %w: tensor<128x128xbf16>) -> tensor<256x128xf32> {
    %r = tessel.kernel @k_staged_three(%x, %w) : (tensor<256x128xbf16>, tensor<128x128xbf16>) -> tensor<256x128xf32>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [32, 32, 32], warps = 4, stages = 3, mma = mfma> {
    ^bb0(%a: tensor<256x128xbf16>, %c: tensor<128x128xbf16>):
      %0 = tessel.matmul %a, %c : tensor<256x128xbf16>, tensor<128x128xbf16> -> tensor<256x128xf32>
      tessel.yield %0 : tensor<256x128xf32>
    }
    return %r : tensor<256x128xf32>
  }
}
