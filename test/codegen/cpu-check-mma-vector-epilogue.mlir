// A tensor-core contraction that is its kernel's root copies its
// accumulator to the output in vectors when the schedule gives it a vector
// width (tessel-tile-and-fuse, tileContractionK): each thread takes
// `vector` consecutive columns of as many rows as the thread tile says,
// reading the shared accumulator in 16-byte loads and writing 8- to
// 16-byte global stores, where before every element was copied alone. The
// split-K partials (f32) and the f32 or 16-bit outputs of plain matmuls
// take this copy. Checked on the CPU against the reference on tiles that
// divide the shapes and tiles that do not (a last block shifted back),
// bf16 and f16, mma.sync, (h100) wgmma and (mi300x) MFMA; compiled for
// sm_90a and sm_80, the PTX stores the result in vectors.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: rm -rf %t && tessel-compile %s --target=h100 --emit=ptx -o %t | FileCheck %s --check-prefix=GPU
// RUN: FileCheck %s --check-prefix=V4F32 < %t/k_f32_out_v4_kernel.ptx
// RUN: FileCheck %s --check-prefix=V8BF16 < %t/k_bf16_out_v8_kernel.ptx
// RUN: FileCheck %s --check-prefix=SCALAR < %t/k_f32_out_scalar_kernel.ptx
// On AMD the cost model refits them onto MFMA, which copies its accumulator
// the same way (4- and 8-wide), checked on the CPU the same way.
// RUN: sed 's/"h100"/"mi300x"/' %s > %t.amd.mlir
// RUN: tessel-opt %t.amd.mlir --tessel-select-schedules=refit=true -o %t.amd.refit.mlir 2>/dev/null
// RUN: grep -c "vector = [48], mma = mfma" %t.amd.refit.mlir | FileCheck %s --check-prefix=AMD-MFMA
// RUN: tessel-run %t.amd.refit.mlir --cpu --check | FileCheck %s
// AMD-MFMA: {{^8$}}
// RUN: sed -e s/h100/a100/ -e '/^  func.func @wgmma_f32_out_v4/,/^  }$/d' %s > %t.a100.mlir && tessel-compile %t.a100.mlir --target=a100 --emit=ptx -o %t/a100 | FileCheck %s --check-prefix=A100

// CHECK-COUNT-8: {{^(kernel|func) @}}
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
// GPU: tessel-compile: 8 GPU kernel(s) for h100
// A100: tessel-compile: 7 GPU kernel(s) for a100

// f32 out, 4-wide: the accumulator read in 16-byte shared loads and the
// output written in 16-byte global stores; no scalar global store.
// V4F32: ld.shared.v4.b32
// V4F32: st.global.v4.b32
// V4F32-NOT: st.global.b32
// bf16 out, 8-wide: two f32x4 shared loads a vector, one 16-byte store.
// V8BF16: ld.shared.v4.b32
// V8BF16: st.global.v4.b32
// V8BF16-NOT: st.global.b16
// The same kernel without a vector width copies element by element.
// SCALAR: st.global.b32
// SCALAR-NOT: st.global.v4

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @f32_out_v4(%x: tensor<128x96xbf16>, %w: tensor<96x128xbf16>) -> tensor<128x128xf32> {
    %r = tessel.kernel @k_f32_out_v4(%x, %w) : (tensor<128x96xbf16>, tensor<96x128xbf16>) -> tensor<128x128xf32>
        schedule = #tessel.schedule<block = [64, 128, 32], warp = [32, 64, 32], thread = [16, 4, 32], warps = 4, mma = mma_sync, vector = 4> {
    ^bb0(%a: tensor<128x96xbf16>, %b: tensor<96x128xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x96xbf16>, tensor<96x128xbf16> -> tensor<128x128xf32>
      tessel.yield %0 : tensor<128x128xf32>
    }
    return %r : tensor<128x128xf32>
  }
  func.func @f32_out_scalar(%x: tensor<128x96xbf16>, %w: tensor<96x128xbf16>) -> tensor<128x128xf32> {
    %r = tessel.kernel @k_f32_out_scalar(%x, %w) : (tensor<128x96xbf16>, tensor<96x128xbf16>) -> tensor<128x128xf32>
        schedule = #tessel.schedule<block = [64, 128, 32], warp = [32, 64, 32], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<128x96xbf16>, %b: tensor<96x128xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x96xbf16>, tensor<96x128xbf16> -> tensor<128x128xf32>
      tessel.yield %0 : tensor<128x128xf32>
    }
    return %r : tensor<128x128xf32>
  }
  func.func @bf16_out_v8(%x: tensor<64x96xbf16>, %w: tensor<96x128xbf16>) -> tensor<64x128xbf16> {
    %r = tessel.kernel @k_bf16_out_v8(%x, %w) : (tensor<64x96xbf16>, tensor<96x128xbf16>) -> tensor<64x128xbf16>
        schedule = #tessel.schedule<block = [64, 128, 32], warp = [32, 64, 32], thread = [8, 8, 32], warps = 4, mma = mma_sync, vector = 8> {
    ^bb0(%a: tensor<64x96xbf16>, %b: tensor<96x128xbf16>):
      %0 = tessel.matmul %a, %b : tensor<64x96xbf16>, tensor<96x128xbf16> -> tensor<64x128xbf16>
      tessel.yield %0 : tensor<64x128xbf16>
    }
    return %r : tensor<64x128xbf16>
  }
  // Rows (100) and columns (96) the 64 x 64 tiles do not divide: the last
  // block shifted back to overlap its neighbour.
  func.func @f16_partial_v8(%x: tensor<100x64xf16>, %w: tensor<64x96xf16>) -> tensor<100x96xf16> {
    %r = tessel.kernel @k_f16_partial_v8(%x, %w) : (tensor<100x64xf16>, tensor<64x96xf16>) -> tensor<100x96xf16>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [32, 32, 32], thread = [4, 8, 32], warps = 4, mma = mma_sync, vector = 8> {
    ^bb0(%a: tensor<100x64xf16>, %b: tensor<64x96xf16>):
      %0 = tessel.matmul %a, %b : tensor<100x64xf16>, tensor<64x96xf16> -> tensor<100x96xf16>
      tessel.yield %0 : tensor<100x96xf16>
    }
    return %r : tensor<100x96xf16>
  }
  func.func @f32_partial_v2(%x: tensor<100x64xbf16>, %w: tensor<64x96xbf16>) -> tensor<100x96xf32> {
    %r = tessel.kernel @k_f32_partial_v2(%x, %w) : (tensor<100x64xbf16>, tensor<64x96xbf16>) -> tensor<100x96xf32>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [32, 32, 32], thread = [16, 2, 32], warps = 4, mma = mma_sync, vector = 2> {
    ^bb0(%a: tensor<100x64xbf16>, %b: tensor<64x96xbf16>):
      %0 = tessel.matmul %a, %b : tensor<100x64xbf16>, tensor<64x96xbf16> -> tensor<100x96xf32>
      tessel.yield %0 : tensor<100x96xf32>
    }
    return %r : tensor<100x96xf32>
  }
  // A batch_matmul root: one batch element a block.
  func.func @bmm_v4(%q: tensor<3x64x48xbf16>, %k: tensor<3x48x64xbf16>) -> tensor<3x64x64xf32> {
    %r = tessel.kernel @k_bmm_v4(%q, %k) : (tensor<3x64x48xbf16>, tensor<3x48x64xbf16>) -> tensor<3x64x64xf32>
        schedule = #tessel.schedule<block = [1, 32, 64, 16], warp = [1, 16, 32, 16], thread = [1, 4, 4, 16], warps = 4, mma = mma_sync, vector = 4> {
    ^bb0(%a: tensor<3x64x48xbf16>, %b: tensor<3x48x64xbf16>):
      %0 = tessel.batch_matmul %a, %b : tensor<3x64x48xbf16>, tensor<3x48x64xbf16> -> tensor<3x64x64xf32>
      tessel.yield %0 : tensor<3x64x64xf32>
    }
    return %r : tensor<3x64x64xf32>
  }
  // Pipelined (stages = 3): the copy follows the hoisted accumulator.
  func.func @f32_out_v4_staged(%x: tensor<128x256xbf16>, %w: tensor<256x128xbf16>) -> tensor<128x128xf32> {
    %r = tessel.kernel @k_f32_out_v4_staged(%x, %w) : (tensor<128x256xbf16>, tensor<256x128xbf16>) -> tensor<128x128xf32>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [32, 32, 32], thread = [8, 4, 32], warps = 4, stages = 3, mma = mma_sync, vector = 4> {
    ^bb0(%a: tensor<128x256xbf16>, %b: tensor<256x128xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x256xbf16>, tensor<256x128xbf16> -> tensor<128x128xf32>
      tessel.yield %0 : tensor<128x128xf32>
    }
    return %r : tensor<128x128xf32>
  }
  // wgmma (sm_90a): the same copy after the warpgroups' accumulator store.
  func.func @wgmma_f32_out_v4(%x: tensor<128x128xbf16>, %w: tensor<128x128xbf16>) -> tensor<128x128xf32> {
    %r = tessel.kernel @k_wgmma_f32_out_v4(%x, %w) : (tensor<128x128xbf16>, tensor<128x128xbf16>) -> tensor<128x128xf32>
        schedule = #tessel.schedule<block = [64, 128, 64], thread = [16, 4, 64], warps = 4, stages = 2, mma = wgmma, vector = 4> {
    ^bb0(%a: tensor<128x128xbf16>, %b: tensor<128x128xbf16>):
      %0 = tessel.matmul %a, %b : tensor<128x128xbf16>, tensor<128x128xbf16> -> tensor<128x128xf32>
      tessel.yield %0 : tensor<128x128xf32>
    }
    return %r : tensor<128x128xf32>
  }
}
