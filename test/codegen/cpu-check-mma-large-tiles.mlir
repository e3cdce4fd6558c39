// The tensor-core tiles large GEMMs run with: a 128 x 256 block of 8 warps
// of 64 x 64 (4 x 8 pieces of the accumulator a warp, kept in registers
// through the K loop on the GPU), and 256 x 128 with three stages and a
// bias + gelu epilogue. Checked on the tiled CPU path against the
// reference; test/tools/tessel-compile-ptxas.test compiles them for sm_90a
// and checks that ptxas neither spills nor exceeds the cost model's
// register estimate; test/tools/tessel-compile-dynamic-shared-memory.test
// compiles the first for sm_80 in dynamic shared memory (it needs more
// than the 48 KiB a block may have statically there).
// RUN: tessel-run %s --cpu --check | FileCheck %s
// On AMD the cost model refits these schedules (onto MFMA where it applies:
// mma = mfma, 64-lane wavefronts), checked on the CPU the same way.
// RUN: sed 's/"h100"/"mi300x"/' %s > %t.amd.mlir
// RUN: tessel-opt %t.amd.mlir --tessel-select-schedules=refit=true -o %t.amd.refit.mlir 2>/dev/null
// RUN: grep -c "mma = mfma" %t.amd.refit.mlir | FileCheck %s --check-prefix=AMD-MFMA
// RUN: tessel-run %t.amd.refit.mlir --cpu --check | FileCheck %s --check-prefix=AMD-CPU
// AMD-MFMA: {{^2$}}
// AMD-CPU-NOT: MISMATCH
// AMD-CPU: all outputs match the reference

// CHECK-LABEL: kernel @k_block_128x256
// CHECK-NEXT: ok
// CHECK-LABEL: kernel @k_block_256x128_s3
// CHECK-NEXT: ok
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @block_128x256(%x: tensor<256x64xbf16>, %w: tensor<64x512xbf16>) -> tensor<256x512xf32> {
    %r = tessel.kernel @k_block_128x256(%x, %w) : (tensor<256x64xbf16>, tensor<64x512xbf16>) -> tensor<256x512xf32>
        schedule = #tessel.schedule<block = [128, 256, 16], warp = [64, 64, 16], warps = 8, mma = mma_sync> {
    ^bb0(%a: tensor<256x64xbf16>, %c: tensor<64x512xbf16>):
      %0 = tessel.matmul %a, %c : tensor<256x64xbf16>, tensor<64x512xbf16> -> tensor<256x512xf32>
      tessel.yield %0 : tensor<256x512xf32>
    }
    return %r : tensor<256x512xf32>
  }

  func.func @block_256x128_s3(%x: tensor<512x96xbf16>, %w: tensor<96x256xbf16>, %bias: tensor<256xbf16>) -> tensor<512x256xbf16> {
    %r = tessel.kernel @k_block_256x128_s3(%x, %w, %bias) : (tensor<512x96xbf16>, tensor<96x256xbf16>, tensor<256xbf16>) -> tensor<512x256xbf16>
        schedule = #tessel.schedule<block = [256, 128, 32], warp = [64, 64, 32], warps = 8, stages = 3, mma = mma_sync> {
    ^bb0(%a: tensor<512x96xbf16>, %c: tensor<96x256xbf16>, %d: tensor<256xbf16>):
      %0 = tessel.matmul %a, %c : tensor<512x96xbf16>, tensor<96x256xbf16> -> tensor<512x256xbf16>
      %1 = tessel.add %0, %d : tensor<512x256xbf16>, tensor<256xbf16> -> tensor<512x256xbf16>
      %2 = tessel.gelu tanh %1 : tensor<512x256xbf16>
      tessel.yield %2 : tensor<512x256xbf16>
    }
    return %r : tensor<512x256xbf16>
  }
}
