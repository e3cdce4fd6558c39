// Matrix-core K steps on AMD (mma = mfma): each wavefront of 64 lanes
// computes its piece of the block's accumulator in contractions of one
// MFMA's shape, 32x32x8 where the warp tile's M and N are multiples of 32
// and 16x16x16 otherwise (MfmaShape in costmodel/Model.h). The CPU path runs
// them as vector code and checks every kernel against the reference, in
// bf16 and f16: matmuls with a bias + gelu epilogue, matmuls as the kernel's
// root (one wavefront; two 32x32 pieces a wave), shapes the tiles do not
// divide (197, 257 and 196 rows, 96 and 80 columns: the last block is
// shifted back, every tile stays on matrix cores), a batch_matmul under a
// softmax, a cast fused into the copy of A, and a 128 x 128 block whose
// f32 accumulator (64 KiB, unpadded) takes the LDS of its stage buffers
// once the K loop is over (tessel-dynamic-shared-memory), the same
// with a bias + gelu epilogue in vectors of 8 (a thread tile of 8 x 8:
// 16-byte stores, no 2-byte ones), a two-stage K loop whose next step
// waits in registers during the step's MFMAs, and a three-stage one whose
// next two steps do (its K loop two steps an iteration, an odd step count
// leaving one step after it). Compiled for mi300x
// (gfx942) and mi250x (gfx90a), the HSACO's K loop issues v_mfma with no
// bf16 -> f32 conversion of the operands, and keeps the accumulators in
// registers (tessel-hoist-accumulators).
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: rm -rf %t && tessel-compile %s --target=mi300x -o %t | FileCheck %s --check-prefix=GPU
// RUN: llvm-objdump -d --mcpu=gfx942 %t/k_root_bf16_w64x32_kernel.hsaco | FileCheck %s --check-prefix=GFX942
// RUN: llvm-objdump -d --mcpu=gfx942 %t/k_epilogue_f16_w16x32_kernel.hsaco | FileCheck %s --check-prefix=GFX942-F16
// RUN: llvm-readelf --notes %t/k_root_bf16_w64x32_kernel.hsaco | FileCheck %s --check-prefix=NOTES
// RUN: llvm-readelf --notes %t/k_big_tile_bf16_kernel.hsaco | FileCheck %s --check-prefix=BIG
// RUN: llvm-objdump -d --mcpu=gfx942 %t/k_vector_epilogue_bf16_kernel.hsaco | FileCheck %s --check-prefix=VEC
// RUN: llvm-objdump -d --mcpu=gfx942 %t/k_staged_bf16_kernel.hsaco | FileCheck %s --check-prefix=STAGED
// RUN: llvm-objdump -d --mcpu=gfx942 %t/k_staged_three_f16_kernel.hsaco | FileCheck %s --check-prefix=STAGED3
// RUN: sed s/mi300x/mi250x/ %s > %t.mi250x.mlir && tessel-compile %t.mi250x.mlir --target=mi250x -o %t/mi250x | FileCheck %s --check-prefix=GPU250
// RUN: llvm-objdump -d --mcpu=gfx90a %t/mi250x/k_root_bf16_w64x32_kernel.hsaco | FileCheck %s --check-prefix=GFX90A
// RUN: tessel-opt %s --tessel-to-rocdl=target=mi300x --mlir-disable-threading --mlir-print-ir-after=tessel-hoist-accumulators -o /dev/null 2>&1 | FileCheck %s --check-prefix=HOIST
// RUN: sed s/mi300x/h100/ %s > %t.nv.mlir && not tessel-compile %t.nv.mlir --target=h100 -o %t/nv 2>&1 | FileCheck %s --check-prefix=NVIDIA

// CHECK-COUNT-13: {{^(kernel|func) @}}
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
// GPU: tessel-compile: 13 GPU kernel(s) for mi300x
// GPU250: tessel-compile: 13 GPU kernel(s) for mi250x
// A 128 x 64 block of 4 waves, each 64 x 32 (two 32 x 32 pieces), a K
// step of 64 (8 pieces): 16 MFMAs a step, 32 over K = 128 (the backend
// unrolls a loop this short; the K loops of the GEMM anchors stay loops:
// test/tools/tessel-compile-mfma.test). A and B are read from LDS as bf16,
// with no shift or mask turning them into f32.
// GFX942-COUNT-32: v_mfma_f32_32x32x8_bf16
// GFX942-NOT: v_mfma
// GFX942-NOT: v_lshlrev_b32_e32 v{{[0-9]+}}, 16,
// GFX942-NOT: 0xffff0000
// GFX942-F16: v_mfma_f32_16x16x16_f16
// GFX90A-COUNT-32: v_mfma_f32_32x32x8bf16_1k
// NOTES: .vgpr_spill_count: 0
// BIG-DAG: .group_segment_fixed_size: 65536
// BIG-DAG: .vgpr_spill_count: 0
// With stages = 2 the K loop's stores of the next step's tiles into LDS
// follow the step's MFMAs (tessel-register-staged-copies), its loads
// precede them.
// STAGED: global_load_dwordx4
// STAGED: v_mfma_f32_32x32x8_bf16
// STAGED: global_load_dwordx4
// STAGED: v_mfma_f32_32x32x8_bf16
// STAGED: ds_write_b128
// STAGED: s_barrier
// With stages = 3 each step stores the tiles the step before loaded while
// its own loads stay in flight (the waits before its LDS stores leave
// loads outstanding), and its barrier waits for LDS only: the loads cross
// it (the backend unrolls this K loop of 15 steps whole).
// STAGED3: v_mfma_f32_32x32x8_f16
// STAGED3: s_waitcnt vmcnt({{[1-9]}})
// STAGED3-NEXT: ds_write_b128
// STAGED3: s_waitcnt vmcnt({{[1-9]}})
// STAGED3-NEXT: ds_write_b128
// STAGED3-NOT: vmcnt(0)
// STAGED3: s_barrier
// STAGED3-NOT: vmcnt(0)
// STAGED3: global_load_dwordx4
// STAGED3-NOT: vmcnt(0)
// STAGED3: s_waitcnt vmcnt({{[1-9]}})
// STAGED3-NEXT: ds_write_b128
// VEC: global_store_dwordx4
// VEC-NOT: global_store_short
// On the GPU the K loop carries each lane's accumulators (two pieces of 16
// f32) in registers: stored to LDS once, after the loop.
// HOIST-LABEL: func.func private @k_root_bf16_w64x32
// HOIST: scf.for {{.*}} -> (f32,
// HOIST-NOT: memref.load {{.*}} : memref<128x72xf32, 3>
// HOIST: amdgpu.mfma 32x32x8
// HOIST: scf.yield
// HOIST-COUNT-32: memref.store
// HOIST: gpu.barrier
// NVIDIA: error: 'func.func' op schedule {{.*}} sets mma = mfma, which needs an AMD GPU with bf16 matrix cores (gfx90a, gfx94x); h100 is sm_90a (use mma = mma_sync)

module attributes {tessel.target = #tessel.target<"mi300x">} {
  func.func @epilogue_bf16_w32x32(%x: tensor<128x256xbf16>, %w: tensor<256x192xbf16>, %b: tensor<192xbf16>) -> tensor<128x192xbf16> {
    %r = tessel.kernel @k_epilogue_bf16_w32x32(%x, %w, %b) : (tensor<128x256xbf16>, tensor<256x192xbf16>, tensor<192xbf16>) -> tensor<128x192xbf16>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [32, 32, 32], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<128x256xbf16>, %c: tensor<256x192xbf16>, %d: tensor<192xbf16>):
      %0 = tessel.matmul %a, %c : tensor<128x256xbf16>, tensor<256x192xbf16> -> tensor<128x192xbf16>
      %1 = tessel.add %0, %d : tensor<128x192xbf16>, tensor<192xbf16> -> tensor<128x192xbf16>
      %2 = tessel.gelu tanh %1 : tensor<128x192xbf16>
      tessel.yield %2 : tensor<128x192xbf16>
    }
    return %r : tensor<128x192xbf16>
  }
  func.func @epilogue_f16_w16x32(%x: tensor<128x256xf16>, %w: tensor<256x192xf16>, %b: tensor<192xf16>) -> tensor<128x192xf16> {
    %r = tessel.kernel @k_epilogue_f16_w16x32(%x, %w, %b) : (tensor<128x256xf16>, tensor<256x192xf16>, tensor<192xf16>) -> tensor<128x192xf16>
        schedule = #tessel.schedule<block = [32, 64, 32], warp = [16, 32, 32], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<128x256xf16>, %c: tensor<256x192xf16>, %d: tensor<192xf16>):
      %0 = tessel.matmul %a, %c : tensor<128x256xf16>, tensor<256x192xf16> -> tensor<128x192xf16>
      %1 = tessel.add %0, %d : tensor<128x192xf16>, tensor<192xf16> -> tensor<128x192xf16>
      %2 = tessel.gelu tanh %1 : tensor<128x192xf16>
      tessel.yield %2 : tensor<128x192xf16>
    }
    return %r : tensor<128x192xf16>
  }
  func.func @root_bf16_w64x32(%x: tensor<256x128xbf16>, %w: tensor<128x128xbf16>) -> tensor<256x128xbf16> {
    %r = tessel.kernel @k_root_bf16_w64x32(%x, %w) : (tensor<256x128xbf16>, tensor<128x128xbf16>) -> tensor<256x128xbf16>
        schedule = #tessel.schedule<block = [128, 64, 64], warp = [64, 32, 64], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<256x128xbf16>, %c: tensor<128x128xbf16>):
      %0 = tessel.matmul %a, %c : tensor<256x128xbf16>, tensor<128x128xbf16> -> tensor<256x128xbf16>
      tessel.yield %0 : tensor<256x128xbf16>
    }
    return %r : tensor<256x128xbf16>
  }
  func.func @root_f16_one_wave(%x: tensor<64x96xf16>, %w: tensor<96x96xf16>) -> tensor<64x96xf16> {
    %r = tessel.kernel @k_root_f16_one_wave(%x, %w) : (tensor<64x96xf16>, tensor<96x96xf16>) -> tensor<64x96xf16>
        schedule = #tessel.schedule<block = [32, 32, 48], warp = [32, 32, 48], warps = 1, mma = mfma> {
    ^bb0(%a: tensor<64x96xf16>, %c: tensor<96x96xf16>):
      %0 = tessel.matmul %a, %c : tensor<64x96xf16>, tensor<96x96xf16> -> tensor<64x96xf16>
      tessel.yield %0 : tensor<64x96xf16>
    }
    return %r : tensor<64x96xf16>
  }
  func.func @partial_bf16_m197(%x: tensor<197x64xbf16>, %w: tensor<64x96xbf16>) -> tensor<197x96xbf16> {
    %r = tessel.kernel @k_partial_bf16_m197(%x, %w) : (tensor<197x64xbf16>, tensor<64x96xbf16>) -> tensor<197x96xbf16>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [32, 32, 32], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<197x64xbf16>, %c: tensor<64x96xbf16>):
      %0 = tessel.matmul %a, %c : tensor<197x64xbf16>, tensor<64x96xbf16> -> tensor<197x96xbf16>
      tessel.yield %0 : tensor<197x96xbf16>
    }
    return %r : tensor<197x96xbf16>
  }
  func.func @partial_f16_m257(%x: tensor<257x48xf16>, %w: tensor<48x80xf16>) -> tensor<257x80xf16> {
    %r = tessel.kernel @k_partial_f16_m257(%x, %w) : (tensor<257x48xf16>, tensor<48x80xf16>) -> tensor<257x80xf16>
        schedule = #tessel.schedule<block = [64, 32, 16], warp = [32, 16, 16], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<257x48xf16>, %c: tensor<48x80xf16>):
      %0 = tessel.matmul %a, %c : tensor<257x48xf16>, tensor<48x80xf16> -> tensor<257x80xf16>
      tessel.yield %0 : tensor<257x80xf16>
    }
    return %r : tensor<257x80xf16>
  }
  func.func @partial_bf16_m196(%x: tensor<196x32xbf16>, %w: tensor<32x64xbf16>) -> tensor<196x64xbf16> {
    %r = tessel.kernel @k_partial_bf16_m196(%x, %w) : (tensor<196x32xbf16>, tensor<32x64xbf16>) -> tensor<196x64xbf16>
        schedule = #tessel.schedule<block = [64, 64, 16], warp = [16, 64, 16], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<196x32xbf16>, %c: tensor<32x64xbf16>):
      %0 = tessel.matmul %a, %c : tensor<196x32xbf16>, tensor<32x64xbf16> -> tensor<196x64xbf16>
      tessel.yield %0 : tensor<196x64xbf16>
    }
    return %r : tensor<196x64xbf16>
  }
  func.func @bmm_softmax_bf16(%q: tensor<3x64x48xbf16>, %k: tensor<3x48x64xbf16>) -> tensor<3x64x64xbf16> {
    %r = tessel.kernel @k_bmm_softmax_bf16(%q, %k) : (tensor<3x64x48xbf16>, tensor<3x48x64xbf16>) -> tensor<3x64x64xbf16>
        schedule = #tessel.schedule<block = [1, 16, 64, 16], warp = [1, 16, 32, 16], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<3x64x48xbf16>, %c: tensor<3x48x64xbf16>):
      %0 = tessel.batch_matmul %a, %c : tensor<3x64x48xbf16>, tensor<3x48x64xbf16> -> tensor<3x64x64xbf16>
      %1 = tessel.softmax %0 dim = 2 : tensor<3x64x64xbf16>
      tessel.yield %1 : tensor<3x64x64xbf16>
    }
    return %r : tensor<3x64x64xbf16>
  }
  func.func @cast_prologue_bf16(%x: tensor<64x64xf32>, %w: tensor<64x64xbf16>) -> tensor<64x64xbf16> {
    %r = tessel.kernel @k_cast_prologue_bf16(%x, %w) : (tensor<64x64xf32>, tensor<64x64xbf16>) -> tensor<64x64xbf16>
        schedule = #tessel.schedule<block = [32, 32, 32], warp = [16, 16, 32], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<64x64xf32>, %c: tensor<64x64xbf16>):
      %0 = tessel.cast %a : tensor<64x64xf32> to tensor<64x64xbf16>
      %1 = tessel.matmul %0, %c : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xbf16>
      tessel.yield %1 : tensor<64x64xbf16>
    }
    return %r : tensor<64x64xbf16>
  }
  func.func @big_tile_bf16(%x: tensor<256x256xbf16>, %w: tensor<256x256xbf16>) -> tensor<256x256xbf16> {
    %r = tessel.kernel @k_big_tile_bf16(%x, %w) : (tensor<256x256xbf16>, tensor<256x256xbf16>) -> tensor<256x256xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], warp = [64, 64, 64], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<256x256xbf16>, %c: tensor<256x256xbf16>):
      %0 = tessel.matmul %a, %c : tensor<256x256xbf16>, tensor<256x256xbf16> -> tensor<256x256xbf16>
      tessel.yield %0 : tensor<256x256xbf16>
    }
    return %r : tensor<256x256xbf16>
  }
  func.func @vector_epilogue_bf16(%x: tensor<256x128xbf16>, %w: tensor<128x256xbf16>, %b: tensor<256xbf16>) -> tensor<256x256xbf16> {
    %r = tessel.kernel @k_vector_epilogue_bf16(%x, %w, %b) : (tensor<256x128xbf16>, tensor<128x256xbf16>, tensor<256xbf16>) -> tensor<256x256xbf16>
        schedule = #tessel.schedule<block = [128, 128, 64], warp = [64, 64, 64], thread = [8, 8, 64], warps = 4, vector = 8, mma = mfma> {
    ^bb0(%a: tensor<256x128xbf16>, %c: tensor<128x256xbf16>, %d: tensor<256xbf16>):
      %0 = tessel.matmul %a, %c : tensor<256x128xbf16>, tensor<128x256xbf16> -> tensor<256x256xbf16>
      %1 = tessel.add %0, %d : tensor<256x256xbf16>, tensor<256xbf16> -> tensor<256x256xbf16>
      %2 = tessel.gelu tanh %1 : tensor<256x256xbf16>
      tessel.yield %2 : tensor<256x256xbf16>
    }
    return %r : tensor<256x256xbf16>
  }
  // Two stages: the next K step's tiles are loaded into registers before
  // the step's MFMAs and stored into the other LDS buffer after them
  // (tessel-register-staged-copies); 197 rows, a K loop of 8 steps.
  func.func @staged_bf16(%x: tensor<197x256xbf16>, %w: tensor<256x128xbf16>) -> tensor<197x128xbf16> {
    %r = tessel.kernel @k_staged_bf16(%x, %w) : (tensor<197x256xbf16>, tensor<256x128xbf16>) -> tensor<197x128xbf16>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [32, 32, 32], warps = 4, stages = 2, mma = mfma> {
    ^bb0(%a: tensor<197x256xbf16>, %c: tensor<256x128xbf16>):
      %0 = tessel.matmul %a, %c : tensor<197x256xbf16>, tensor<256x128xbf16> -> tensor<197x128xbf16>
      tessel.yield %0 : tensor<197x128xbf16>
    }
    return %r : tensor<197x128xbf16>
  }
  // Three stages: the next two K steps' tiles wait in registers, each
  // stored a step after it is loaded; 15 K steps (the K loop two an
  // iteration, one after it), f16, 100 rows and 80 columns, no tile
  // divides.
  func.func @staged_three_f16(%x: tensor<100x480xf16>, %w: tensor<480x80xf16>) -> tensor<100x80xf16> {
    %r = tessel.kernel @k_staged_three_f16(%x, %w) : (tensor<100x480xf16>, tensor<480x80xf16>) -> tensor<100x80xf16>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [32, 32, 32], warps = 4, stages = 3, mma = mfma> {
    ^bb0(%a: tensor<100x480xf16>, %c: tensor<480x80xf16>):
      %0 = tessel.matmul %a, %c : tensor<100x480xf16>, tensor<480x80xf16> -> tensor<100x80xf16>
      tessel.yield %0 : tensor<100x80xf16>
    }
    return %r : tensor<100x80xf16>
  }
}
