// Warpgroup MMA K steps fed by the block's threads (`mma = wgmma` with a
// warp tile of 16 rows of the block's N: sm_90a): where a prologue computes
// an operand (a cast from f32, a tanh GELU), TMA cannot load it, so the
// threads copy the tiles, as for mma.sync, computing the prologue on the
// way, and tessel-lower-mma issues each warp's 16 x 8 x 16 pieces as its
// quarter of its warpgroup's wgmma.m64nNk16, A and B read through
// descriptors from tiles laid out with the 128-byte swizzle. Checked on the
// CPU against the reference: N of 64 to 256, bf16 and f16, one to three
// stages (cp.async for B), 197 rows (the last block shifted back), a
// `transpose_rhs` B read in place (K-major), a batch_matmul, one whose
// weight's batch of 1 is broadcast, a split-K partial, a bias epilogue.
// Compiled for h100: each kernel's PTX issues wgmma, no mma.sync, with the
// accumulators in registers through the K loop; ptxas takes them without
// spills (test/tools/tessel-compile-wgmma-threads.test).
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: rm -rf %t && tessel-compile %s --target=h100 --emit=ptx -o %t | FileCheck %s --check-prefix=GPU
// RUN: cat %t/*.ptx | grep -o "wgmma.mma_async[.a-z0-9]*" | sort | uniq -c | FileCheck %s --check-prefix=WGMMA
// RUN: cat %t/*.ptx | FileCheck %s --check-prefix=NOMMA
// RUN: tessel-opt %s --tessel-to-nvvm=target=h100 --mlir-disable-threading --mlir-print-ir-after=tessel-hoist-accumulators -o /dev/null 2>&1 | FileCheck %s --check-prefix=HOIST
// On a100 (no wgmma) the cost model refits each kernel (mma.sync where it
// applies), checked on the CPU the same way.
// RUN: sed 's/"h100"/"a100"/' %s > %t.a100.mlir
// RUN: tessel-opt %t.a100.mlir --tessel-select-schedules=refit=true -o %t.a100.refit.mlir 2>/dev/null
// RUN: not grep "mma = wgmma" %t.a100.refit.mlir
// RUN: tessel-run %t.a100.refit.mlir --cpu --check | FileCheck %s

// CHECK-COUNT-23: {{^(kernel|func) @}}
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
// GPU: tessel-compile: 8 GPU kernel(s) for h100
// One wgmma of the warpgroup per 16 of each K step of 64 (32 for the batch;
// the split-K partial's and the batch's m64n64k16 together; the cast and
// the broadcast batch's m64n128k16 together).
// WGMMA-DAG: 8 wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// WGMMA-DAG: 4 wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// WGMMA-DAG: 4 wgmma.mma_async.sync.aligned.m64n192k16.f32.bf16.bf16
// WGMMA-DAG: 4 wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// WGMMA-DAG: 6 wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// NOMMA-NOT: mma.sync
// NOMMA-NOT: ldmatrix
// The K loop carries the wgmma's accumulators (32 pairs of f32 a thread at N = 128)
// in registers; the proxy fence orders the threads' stores before wgmma
// reads the tiles.
// HOIST-LABEL: func.func private @k_cast_bf16
// HOIST: scf.for {{.*}} -> (vector<2xf32>,
// HOIST: fence.proxy.async.shared::cta
// HOIST: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// HOIST: wgmma.commit_group.sync.aligned
// HOIST: wgmma.wait_group.sync.aligned 0
// HOIST: scf.yield

module attributes {tessel.target = #tessel.target<"h100">} {
  // A cast from f32 fused into A's copy, two warpgroups, one stage.
  func.func @cast_bf16(%x: tensor<256x256xf32>, %w: tensor<256x256xbf16>) -> tensor<256x256xbf16> {
    %r = tessel.kernel @k_cast_bf16(%x, %w) : (tensor<256x256xf32>, tensor<256x256xbf16>) -> tensor<256x256xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], warp = [16, 128, 64], thread = [8, 8, 64], warps = 8, stages = 1, vector = 8, mma = wgmma> {
    ^bb0(%a: tensor<256x256xf32>, %c: tensor<256x256xbf16>):
      %0 = tessel.cast %a : tensor<256x256xf32> to tensor<256x256xbf16>
      %1 = tessel.matmul %0, %c : tensor<256x256xbf16>, tensor<256x256xbf16> -> tensor<256x256xbf16>
      tessel.yield %1 : tensor<256x256xbf16>
    }
    return %r : tensor<256x256xbf16>
  }

  // The widest wgmma (N = 256), two stages: B by cp.async, A's cast
  // copies synchronous.
  func.func @cast_n256(%x: tensor<256x192xf32>, %w: tensor<192x512xbf16>) -> tensor<256x512xbf16> {
    %r = tessel.kernel @k_cast_n256(%x, %w) : (tensor<256x192xf32>, tensor<192x512xbf16>) -> tensor<256x512xbf16>
        schedule = #tessel.schedule<block = [128, 256, 64], warp = [16, 256, 64], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<256x192xf32>, %c: tensor<192x512xbf16>):
      %0 = tessel.cast %a : tensor<256x192xf32> to tensor<256x192xbf16>
      %1 = tessel.matmul %0, %c : tensor<256x192xbf16>, tensor<192x512xbf16> -> tensor<256x512xbf16>
      tessel.yield %1 : tensor<256x512xbf16>
    }
    return %r : tensor<256x512xbf16>
  }

  // A tanh GELU prologue in f16, 197 rows (ViT: the last block of 64
  // shifted back), a bias epilogue.
  func.func @gelu_partial_f16(%x: tensor<197x192xf16>, %w: tensor<192x64xf16>, %b: tensor<64xf16>) -> tensor<197x64xf16> {
    %r = tessel.kernel @k_gelu_partial_f16(%x, %w, %b) : (tensor<197x192xf16>, tensor<192x64xf16>, tensor<64xf16>) -> tensor<197x64xf16>
        schedule = #tessel.schedule<block = [64, 64, 64], warp = [16, 64, 64], warps = 4, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<197x192xf16>, %c: tensor<192x64xf16>, %d: tensor<64xf16>):
      %0 = tessel.gelu tanh %a : tensor<197x192xf16>
      %1 = tessel.matmul %0, %c : tensor<197x192xf16>, tensor<192x64xf16> -> tensor<197x64xf16>
      %2 = tessel.add %1, %d : tensor<197x64xf16>, tensor<64xf16> -> tensor<197x64xf16>
      tessel.yield %2 : tensor<197x64xf16>
    }
    return %r : tensor<197x64xf16>
  }

  // A batch_matmul, one batch element a block, three stages, K steps of 32
  // (A's tile then core matrices, B's too: N = 64 is one box).
  func.func @bmm_cast(%x: tensor<3x128x96xf32>, %w: tensor<3x96x64xbf16>) -> tensor<3x128x64xbf16> {
    %r = tessel.kernel @k_bmm_cast(%x, %w) : (tensor<3x128x96xf32>, tensor<3x96x64xbf16>) -> tensor<3x128x64xbf16>
        schedule = #tessel.schedule<block = [1, 64, 64, 32], warp = [1, 16, 64, 32], warps = 4, stages = 3, mma = wgmma> {
    ^bb0(%a: tensor<3x128x96xf32>, %c: tensor<3x96x64xbf16>):
      %0 = tessel.cast %a : tensor<3x128x96xf32> to tensor<3x128x96xbf16>
      %1 = tessel.batch_matmul %0, %c : tensor<3x128x96xbf16>, tensor<3x96x64xbf16> -> tensor<3x128x64xbf16>
      tessel.yield %1 : tensor<3x128x64xbf16>
    }
    return %r : tensor<3x128x64xbf16>
  }

  // Split along K in two (a partial kernel, each block one half of K on
  // wgmma, then their sum).
  func.func @cast_split(%x: tensor<128x512xf32>, %w: tensor<512x64xbf16>) -> tensor<128x64xbf16> {
    %r = tessel.kernel @k_cast_split(%x, %w) : (tensor<128x512xf32>, tensor<512x64xbf16>) -> tensor<128x64xbf16>
        schedule = #tessel.schedule<block = [64, 64, 64], warp = [16, 64, 64], warps = 4, stages = 1, split_k = 2, mma = wgmma> {
    ^bb0(%a: tensor<128x512xf32>, %c: tensor<512x64xbf16>):
      %0 = tessel.cast %a : tensor<128x512xf32> to tensor<128x512xbf16>
      %1 = tessel.matmul %0, %c : tensor<128x512xbf16>, tensor<512x64xbf16> -> tensor<128x64xbf16>
      tessel.yield %1 : tensor<128x64xbf16>
    }
    return %r : tensor<128x64xbf16>
  }

  // A `transpose_rhs` B (an nn.Linear weight [N, K]) read in place:
  // wgmma reads its tile K-major.
  func.func @cast_bt(%x: tensor<128x128xf32>, %w: tensor<192x128xbf16>) -> tensor<128x192xbf16> {
    %r = tessel.kernel @k_cast_bt(%x, %w) : (tensor<128x128xf32>, tensor<192x128xbf16>) -> tensor<128x192xbf16>
        schedule = #tessel.schedule<block = [128, 192, 64], warp = [16, 192, 64], warps = 8, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<128x128xf32>, %c: tensor<192x128xbf16>):
      %0 = tessel.cast %a : tensor<128x128xf32> to tensor<128x128xbf16>
      %1 = tessel.matmul %0, %c transpose_rhs : tensor<128x128xbf16>, tensor<192x128xbf16> -> tensor<128x192xbf16>
      tessel.yield %1 : tensor<128x192xbf16>
    }
    return %r : tensor<128x192xbf16>
  }

  // A batch_matmul whose weight's batch of 1 is broadcast: no prologue,
  // but TMA does not load an operand the batch reads through a broadcast
  // (test/passes/tessel-select-schedules-broadcast.mlir chooses this class
  // for it on h100, with one stage: the model prices the broadcast read as
  // a computed operand, whose copies stay synchronous).
  func.func @bmm_broadcast(%x: tensor<4x128x128xbf16>, %w: tensor<1x128x128xbf16>) -> tensor<4x128x128xbf16> {
    %r = tessel.kernel @k_bmm_broadcast(%x, %w) : (tensor<4x128x128xbf16>, tensor<1x128x128xbf16>) -> tensor<4x128x128xbf16>
        schedule = #tessel.schedule<block = [1, 128, 128, 64], warp = [1, 16, 128, 64], warps = 8, stages = 1, mma = wgmma> {
    ^bb0(%a: tensor<4x128x128xbf16>, %b: tensor<1x128x128xbf16>):
      %0 = tessel.batch_matmul %a, %b : tensor<4x128x128xbf16>, tensor<1x128x128xbf16> -> tensor<4x128x128xbf16>
      tessel.yield %0 : tensor<4x128x128xbf16>
    }
    return %r : tensor<4x128x128xbf16>
  }
}
