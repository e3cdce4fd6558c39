// A raster on AMD matrix cores: an MFMA matmul with its blocks in groups
// of 2 rows of tiles (5 rows of 64: groups of 2, 2 and 1; 4 columns, the
// last partial), checked on the CPU path and compiled for mi300x and
// mi250x, one row of 20 blocks. (cpu-check-raster.mlir: the NVIDIA
// classes.)
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: rm -rf %t && tessel-compile %s --target=mi300x -o %t | FileCheck %s --check-prefix=GPU
// RUN: sed 's/"mi300x"/"mi250x"/' %s > %t.mi250x.mlir
// RUN: rm -rf %t.gfx90a && tessel-compile %t.mi250x.mlir --target=mi250x -o %t.gfx90a | FileCheck %s --check-prefix=GPU

// CHECK: kernel @k_mfma_raster
// CHECK-NEXT: result #0 300x250xbf16 {{.*}} ok
// CHECK: all outputs match the reference
// GPU: k_mfma_raster_kernel {{.*}}grid 20x1x1
// GPU: k_mfma_raster {{.*}}raster = 2, mma = mfma (given)

module attributes {tessel.target = #tessel.target<"mi300x">} {
  func.func @mfma_raster(%x: tensor<300x128xbf16>, %w: tensor<128x250xbf16>, %b: tensor<250xbf16>) -> tensor<300x250xbf16> {
    %r = tessel.kernel @k_mfma_raster(%x, %w, %b) : (tensor<300x128xbf16>, tensor<128x250xbf16>, tensor<250xbf16>) -> tensor<300x250xbf16>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [32, 32, 32], warps = 4, raster = 2, mma = mfma> {
    ^bb0(%a: tensor<300x128xbf16>, %c: tensor<128x250xbf16>, %d: tensor<250xbf16>):
      %0 = tessel.matmul %a, %c : tensor<300x128xbf16>, tensor<128x250xbf16> -> tensor<300x250xbf16>
      %1 = tessel.add %0, %d : tensor<300x250xbf16>, tensor<250xbf16> -> tensor<300x250xbf16>
      tessel.yield %1 : tensor<300x250xbf16>
    }
    return %r : tensor<300x250xbf16>
  }
}
