// Tensor-core K steps (mma = mma_sync): each warp computes its piece of the
// block's accumulator in 16x8x16 contractions, the shape of one mma.sync.
// The CPU path runs them as vector code and checks every kernel against the
// reference, in bf16 and f16 (tensor cores take 16-bit inputs; f32 kernels
// stay SIMT): a matmul with a bias + gelu epilogue at three warp tilings, a
// matmul as the kernel's root at three (one warp, the smallest 16 x 8
// pieces, 32 x 64), a batch_matmul under a softmax, and a cast fused into
// the copy of A. The tiles divide the shapes here (shapes they do not
// divide: cpu-check-mma-partial.mlir; a K step not dividing K is refused,
// tessel-tile-and-fuse-invalid.mlir). Compiled for
// sm_90a, each kernel's PTX issues mma.sync on bf16 or f16; ptxas takes
// them (test/tools/tessel-compile-ptxas.test).
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: rm -rf %t && tessel-compile %s --target=h100 --emit=ptx -o %t | FileCheck %s --check-prefix=GPU
// RUN: FileCheck %s --check-prefix=BF16 < %t/k_epilogue_bf16_w32x32_kernel.ptx
// RUN: FileCheck %s --check-prefix=F16 < %t/k_root_f16_w16x8_kernel.ptx
// RUN: grep -o "ldmatrix[.a-z0-9]*" %t/k_epilogue_bf16_w32x32_kernel.ptx | sort | uniq -c | FileCheck %s --check-prefix=LDMATRIX
// RUN: grep -o "ldmatrix[.a-z0-9]*" %t/k_root_f16_w16x8_kernel.ptx | sort | uniq -c | FileCheck %s --check-prefix=LDMATRIX-F16
// RUN: tessel-opt %s --tessel-to-nvvm=target=h100 --mlir-disable-threading --mlir-print-ir-after=tessel-hoist-accumulators -o /dev/null 2>&1 | FileCheck %s --check-prefix=HOIST
// RUN: sed s/h100/mi300x/ %s > %t.amd.mlir && not tessel-compile %t.amd.mlir --target=mi300x -o %t/amd 2>&1 | FileCheck %s --check-prefix=AMD
// On AMD the cost model refits these schedules (onto MFMA where it applies:
// mma = mfma, 64-lane wavefronts), checked on the CPU the same way. The
// small batch_matmuls under a softmax and the cast prologues (whose MFMA
// K steps copy synchronously: each step waits for its bytes over the CU's
// link) run on SIMT lanes.
// RUN: sed 's/"h100"/"mi300x"/' %s > %t.amd.mlir
// RUN: tessel-opt %t.amd.mlir --tessel-select-schedules=refit=true -o %t.amd.refit.mlir 2>/dev/null
// RUN: grep -c "mma = mfma" %t.amd.refit.mlir | FileCheck %s --check-prefix=AMD-MFMA
// RUN: tessel-run %t.amd.refit.mlir --cpu --check | FileCheck %s --check-prefix=AMD-CPU
// AMD-MFMA: {{^12$}}
// AMD-CPU-NOT: MISMATCH
// AMD-CPU: all outputs match the reference

// CHECK-COUNT-32: {{^(kernel|func) @}}
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
// GPU: tessel-compile: 16 GPU kernel(s) for h100
// A 64 x 64 block, 4 warps of 32 x 32 (2 x 4 pieces), a K step of 32 (2
// pieces): 16 mma.sync per step.
// BF16-COUNT-16: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// BF16-NOT: mma.sync
// F16: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// The pieces are loaded by ldmatrix (tessel-mma-ldmatrix): per step of 32,
// 2 x 2 pieces of A, one .x4 each, and 4 x 2 pieces of B, two side by side
// per .x4.trans; a lone 16 x 8 piece of B takes an .x2.trans.
// LDMATRIX: 4 ldmatrix.sync.aligned.m8n8.x4.shared.b16
// LDMATRIX-NEXT: 4 ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// LDMATRIX-F16: 1 ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// LDMATRIX-F16-NEXT: 1 ldmatrix.sync.aligned.m8n8.x4.shared.b16
// On the GPU the K loop carries each lane's 16 accumulator fragments (8
// pieces, two f32 pairs each) in registers: stored to shared memory once,
// after the loop (tessel-hoist-accumulators).
// HOIST-LABEL: func.func private @k_epilogue_bf16_w32x32
// HOIST: %[[ACC:.*]]:16 = scf.for {{.*}} -> (vector<2xf32>,
// HOIST-NOT: vector.load {{.*}}vector<2xf32>
// HOIST-NOT: vector.store {{.*}}vector<2xf32>
// HOIST: scf.yield
// HOIST-COUNT-16: vector.store %[[ACC]]#
// HOIST-NEXT: gpu.barrier
// AMD: error: 'func.func' op schedule {{.*}} sets mma = mma_sync, which needs an NVIDIA GPU of sm_80 or newer; mi300x is gfx942 (use mma = mfma)

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @epilogue_bf16_w32x32(%x: tensor<128x256xbf16>, %w: tensor<256x192xbf16>, %b: tensor<192xbf16>) -> tensor<128x192xbf16> {
    %r = tessel.kernel @k_epilogue_bf16_w32x32(%x, %w, %b) : (tensor<128x256xbf16>, tensor<256x192xbf16>, tensor<192xbf16>) -> tensor<128x192xbf16>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [32, 32, 32], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<128x256xbf16>, %c: tensor<256x192xbf16>, %d: tensor<192xbf16>):
      %0 = tessel.matmul %a, %c : tensor<128x256xbf16>, tensor<256x192xbf16> -> tensor<128x192xbf16>
      %1 = tessel.add %0, %d : tensor<128x192xbf16>, tensor<192xbf16> -> tensor<128x192xbf16>
      %2 = tessel.gelu tanh %1 : tensor<128x192xbf16>
      tessel.yield %2 : tensor<128x192xbf16>
    }
    return %r : tensor<128x192xbf16>
  }
  func.func @epilogue_bf16_w16x32(%x: tensor<128x256xbf16>, %w: tensor<256x192xbf16>, %b: tensor<192xbf16>) -> tensor<128x192xbf16> {
    %r = tessel.kernel @k_epilogue_bf16_w16x32(%x, %w, %b) : (tensor<128x256xbf16>, tensor<256x192xbf16>, tensor<192xbf16>) -> tensor<128x192xbf16>
        schedule = #tessel.schedule<block = [32, 64, 32], warp = [16, 32, 32], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<128x256xbf16>, %c: tensor<256x192xbf16>, %d: tensor<192xbf16>):
      %0 = tessel.matmul %a, %c : tensor<128x256xbf16>, tensor<256x192xbf16> -> tensor<128x192xbf16>
      %1 = tessel.add %0, %d : tensor<128x192xbf16>, tensor<192xbf16> -> tensor<128x192xbf16>
      %2 = tessel.gelu tanh %1 : tensor<128x192xbf16>
      tessel.yield %2 : tensor<128x192xbf16>
    }
    return %r : tensor<128x192xbf16>
  }
  func.func @epilogue_bf16_w64x32(%x: tensor<128x256xbf16>, %w: tensor<256x192xbf16>, %b: tensor<192xbf16>) -> tensor<128x192xbf16> {
    %r = tessel.kernel @k_epilogue_bf16_w64x32(%x, %w, %b) : (tensor<128x256xbf16>, tensor<256x192xbf16>, tensor<192xbf16>) -> tensor<128x192xbf16>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [64, 32, 32], warps = 2, mma = mma_sync> {
    ^bb0(%a: tensor<128x256xbf16>, %c: tensor<256x192xbf16>, %d: tensor<192xbf16>):
      %0 = tessel.matmul %a, %c : tensor<128x256xbf16>, tensor<256x192xbf16> -> tensor<128x192xbf16>
      %1 = tessel.add %0, %d : tensor<128x192xbf16>, tensor<192xbf16> -> tensor<128x192xbf16>
      %2 = tessel.gelu tanh %1 : tensor<128x192xbf16>
      tessel.yield %2 : tensor<128x192xbf16>
    }
    return %r : tensor<128x192xbf16>
  }
  func.func @root_bf16_w32x64(%x: tensor<64x96xbf16>, %w: tensor<96x128xbf16>) -> tensor<64x128xbf16> {
    %r = tessel.kernel @k_root_bf16_w32x64(%x, %w) : (tensor<64x96xbf16>, tensor<96x128xbf16>) -> tensor<64x128xbf16>
        schedule = #tessel.schedule<block = [64, 128, 32], warp = [32, 64, 32], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<64x96xbf16>, %c: tensor<96x128xbf16>):
      %0 = tessel.matmul %a, %c : tensor<64x96xbf16>, tensor<96x128xbf16> -> tensor<64x128xbf16>
      tessel.yield %0 : tensor<64x128xbf16>
    }
    return %r : tensor<64x128xbf16>
  }
  func.func @root_bf16_w16x8(%x: tensor<64x96xbf16>, %w: tensor<96x128xbf16>) -> tensor<64x128xbf16> {
    %r = tessel.kernel @k_root_bf16_w16x8(%x, %w) : (tensor<64x96xbf16>, tensor<96x128xbf16>) -> tensor<64x128xbf16>
        schedule = #tessel.schedule<block = [32, 32, 16], warp = [16, 8, 16], warps = 8, mma = mma_sync> {
    ^bb0(%a: tensor<64x96xbf16>, %c: tensor<96x128xbf16>):
      %0 = tessel.matmul %a, %c : tensor<64x96xbf16>, tensor<96x128xbf16> -> tensor<64x128xbf16>
      tessel.yield %0 : tensor<64x128xbf16>
    }
    return %r : tensor<64x128xbf16>
  }
  func.func @root_bf16_one_warp(%x: tensor<64x96xbf16>, %w: tensor<96x128xbf16>) -> tensor<64x128xbf16> {
    %r = tessel.kernel @k_root_bf16_one_warp(%x, %w) : (tensor<64x96xbf16>, tensor<96x128xbf16>) -> tensor<64x128xbf16>
        schedule = #tessel.schedule<block = [32, 32, 48], warp = [32, 32, 48], warps = 1, mma = mma_sync> {
    ^bb0(%a: tensor<64x96xbf16>, %c: tensor<96x128xbf16>):
      %0 = tessel.matmul %a, %c : tensor<64x96xbf16>, tensor<96x128xbf16> -> tensor<64x128xbf16>
      tessel.yield %0 : tensor<64x128xbf16>
    }
    return %r : tensor<64x128xbf16>
  }
  func.func @bmm_softmax_bf16(%q: tensor<3x64x48xbf16>, %k: tensor<3x48x64xbf16>) -> tensor<3x64x64xbf16> {
    %r = tessel.kernel @k_bmm_softmax_bf16(%q, %k) : (tensor<3x64x48xbf16>, tensor<3x48x64xbf16>) -> tensor<3x64x64xbf16>
        schedule = #tessel.schedule<block = [1, 32, 64, 16], warp = [1, 16, 32, 16], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<3x64x48xbf16>, %c: tensor<3x48x64xbf16>):
      %0 = tessel.batch_matmul %a, %c : tensor<3x64x48xbf16>, tensor<3x48x64xbf16> -> tensor<3x64x64xbf16>
      %1 = tessel.softmax %0 dim = 2 : tensor<3x64x64xbf16>
      tessel.yield %1 : tensor<3x64x64xbf16>
    }
    return %r : tensor<3x64x64xbf16>
  }
  func.func @cast_prologue_bf16(%x: tensor<64x64xf32>, %w: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
    %r = tessel.kernel @k_cast_prologue_bf16(%x, %w) : (tensor<64x64xf32>, tensor<64x64xbf16>) -> tensor<64x64xbf16>
        schedule = #tessel.schedule<block = [32, 32, 32], warp = [16, 16, 32], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<64x64xf32>, %c: tensor<64x64xbf16>):
      %0 = tessel.cast %a : tensor<64x64xf32> to tensor<64x64xbf16>
      %1 = tessel.matmul %0, %c : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xbf16>
      tessel.yield %1 : tensor<64x64xbf16>
    }
    return %r : tensor<64x64xbf16>
  }
  func.func @epilogue_f16_w32x32(%x: tensor<128x256xf16>, %w: tensor<256x192xf16>, %b: tensor<192xf16>) -> tensor<128x192xf16> {
    %r = tessel.kernel @k_epilogue_f16_w32x32(%x, %w, %b) : (tensor<128x256xf16>, tensor<256x192xf16>, tensor<192xf16>) -> tensor<128x192xf16>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [32, 32, 32], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<128x256xf16>, %c: tensor<256x192xf16>, %d: tensor<192xf16>):
      %0 = tessel.matmul %a, %c : tensor<128x256xf16>, tensor<256x192xf16> -> tensor<128x192xf16>
      %1 = tessel.add %0, %d : tensor<128x192xf16>, tensor<192xf16> -> tensor<128x192xf16>
      %2 = tessel.gelu tanh %1 : tensor<128x192xf16>
      tessel.yield %2 : tensor<128x192xf16>
    }
    return %r : tensor<128x192xf16>
  }
  func.func @epilogue_f16_w16x32(%x: tensor<128x256xf16>, %w: tensor<256x192xf16>, %b: tensor<192xf16>) -> tensor<128x192xf16> {
    %r = tessel.kernel @k_epilogue_f16_w16x32(%x, %w, %b) : (tensor<128x256xf16>, tensor<256x192xf16>, tensor<192xf16>) -> tensor<128x192xf16>
        schedule = #tessel.schedule<block = [32, 64, 32], warp = [16, 32, 32], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<128x256xf16>, %c: tensor<256x192xf16>, %d: tensor<192xf16>):
      %0 = tessel.matmul %a, %c : tensor<128x256xf16>, tensor<256x192xf16> -> tensor<128x192xf16>
      %1 = tessel.add %0, %d : tensor<128x192xf16>, tensor<192xf16> -> tensor<128x192xf16>
      %2 = tessel.gelu tanh %1 : tensor<128x192xf16>
      tessel.yield %2 : tensor<128x192xf16>
    }
    return %r : tensor<128x192xf16>
  }
  func.func @epilogue_f16_w64x32(%x: tensor<128x256xf16>, %w: tensor<256x192xf16>, %b: tensor<192xf16>) -> tensor<128x192xf16> {
    %r = tessel.kernel @k_epilogue_f16_w64x32(%x, %w, %b) : (tensor<128x256xf16>, tensor<256x192xf16>, tensor<192xf16>) -> tensor<128x192xf16>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [64, 32, 32], warps = 2, mma = mma_sync> {
    ^bb0(%a: tensor<128x256xf16>, %c: tensor<256x192xf16>, %d: tensor<192xf16>):
      %0 = tessel.matmul %a, %c : tensor<128x256xf16>, tensor<256x192xf16> -> tensor<128x192xf16>
      %1 = tessel.add %0, %d : tensor<128x192xf16>, tensor<192xf16> -> tensor<128x192xf16>
      %2 = tessel.gelu tanh %1 : tensor<128x192xf16>
      tessel.yield %2 : tensor<128x192xf16>
    }
    return %r : tensor<128x192xf16>
  }
  func.func @root_f16_w32x64(%x: tensor<64x96xf16>, %w: tensor<96x128xf16>) -> tensor<64x128xf16> {
    %r = tessel.kernel @k_root_f16_w32x64(%x, %w) : (tensor<64x96xf16>, tensor<96x128xf16>) -> tensor<64x128xf16>
        schedule = #tessel.schedule<block = [64, 128, 32], warp = [32, 64, 32], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<64x96xf16>, %c: tensor<96x128xf16>):
      %0 = tessel.matmul %a, %c : tensor<64x96xf16>, tensor<96x128xf16> -> tensor<64x128xf16>
      tessel.yield %0 : tensor<64x128xf16>
    }
    return %r : tensor<64x128xf16>
  }
  func.func @root_f16_w16x8(%x: tensor<64x96xf16>, %w: tensor<96x128xf16>) -> tensor<64x128xf16> {
    %r = tessel.kernel @k_root_f16_w16x8(%x, %w) : (tensor<64x96xf16>, tensor<96x128xf16>) -> tensor<64x128xf16>
        schedule = #tessel.schedule<block = [32, 32, 16], warp = [16, 8, 16], warps = 8, mma = mma_sync> {
    ^bb0(%a: tensor<64x96xf16>, %c: tensor<96x128xf16>):
      %0 = tessel.matmul %a, %c : tensor<64x96xf16>, tensor<96x128xf16> -> tensor<64x128xf16>
      tessel.yield %0 : tensor<64x128xf16>
    }
    return %r : tensor<64x128xf16>
  }
  func.func @root_f16_one_warp(%x: tensor<64x96xf16>, %w: tensor<96x128xf16>) -> tensor<64x128xf16> {
    %r = tessel.kernel @k_root_f16_one_warp(%x, %w) : (tensor<64x96xf16>, tensor<96x128xf16>) -> tensor<64x128xf16>
        schedule = #tessel.schedule<block = [32, 32, 48], warp = [32, 32, 48], warps = 1, mma = mma_sync> {
    ^bb0(%a: tensor<64x96xf16>, %c: tensor<96x128xf16>):
      %0 = tessel.matmul %a, %c : tensor<64x96xf16>, tensor<96x128xf16> -> tensor<64x128xf16>
      tessel.yield %0 : tensor<64x128xf16>
    }
    return %r : tensor<64x128xf16>
  }
  func.func @bmm_softmax_f16(%q: tensor<3x64x48xf16>, %k: tensor<3x48x64xf16>) -> tensor<3x64x64xf16> {
    %r = tessel.kernel @k_bmm_softmax_f16(%q, %k) : (tensor<3x64x48xf16>, tensor<3x48x64xf16>) -> tensor<3x64x64xf16>
        schedule = #tessel.schedule<block = [1, 32, 64, 16], warp = [1, 16, 32, 16], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<3x64x48xf16>, %c: tensor<3x48x64xf16>):
      %0 = tessel.batch_matmul %a, %c : tensor<3x64x48xf16>, tensor<3x48x64xf16> -> tensor<3x64x64xf16>
      %1 = tessel.softmax %0 dim = 2 : tensor<3x64x64xf16>
      tessel.yield %1 : tensor<3x64x64xf16>
    }
    return %r : tensor<3x64x64xf16>
  }
  func.func @cast_prologue_f16(%x: tensor<64x64xf32>, %w: tensor<64x64xf16>) -> tensor<64x64xf16> {
    %r = tessel.kernel @k_cast_prologue_f16(%x, %w) : (tensor<64x64xf32>, tensor<64x64xf16>) -> tensor<64x64xf16>
        schedule = #tessel.schedule<block = [32, 32, 32], warp = [16, 16, 32], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<64x64xf32>, %c: tensor<64x64xf16>):
      %0 = tessel.cast %a : tensor<64x64xf32> to tensor<64x64xf16>
      %1 = tessel.matmul %0, %c : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf16>
      tessel.yield %1 : tensor<64x64xf16>
    }
    return %r : tensor<64x64xf16>
  }
}
