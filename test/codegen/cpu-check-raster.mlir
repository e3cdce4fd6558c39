// A schedule's raster (raster = G): tessel-raster-blocks makes the block
// loop one loop over linear ids whose last two loops are walked in groups
// of G rows of tiles. The CPU path runs that loop, so each kernel here is
// checked against the reference: a wrong id split would leave a tile
// uncomputed or compute one twice. wgmma with a bias epilogue on 10 rows of
// tiles (G = 4: the last group has 2 rows) and a partial last column;
// mma.sync with stages on 5 x 5 partial tiles (G = 3); a batch_matmul (the
// batch slowest); G beyond the rows (the whole grid walked a column at a
// time); a SIMT K step; split-K (the partial kernel's grid is its slices x
// rows x columns); and an elementwise grid. Compiled for h100, each
// rastered launch is one row of blocks, as many as its tiles.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: rm -rf %t && tessel-compile %s --target=h100 -o %t | FileCheck %s --check-prefix=GPU

// CHECK-COUNT-8: {{^kernel @}}
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
// GPU: tessel-compile: 8 GPU kernel(s) for h100
// GPU-DAG: k_wgmma_bias_kernel {{.*}}grid 80x1x1
// GPU-DAG: k_mma_stages_kernel {{.*}}grid 25x1x1
// GPU-DAG: k_batch_kernel {{.*}}grid 36x1x1
// GPU-DAG: k_whole_column_kernel {{.*}}grid 12x1x1
// GPU-DAG: k_simt_kernel {{.*}}grid 20x1x1
// GPU-DAG: k_split_partial_kernel {{.*}}grid 24x1x1
// GPU-DAG: k_elementwise_kernel {{.*}}grid 30x1x1

module attributes {tessel.target = #tessel.target<"h100">} {
  // 640 rows: 10 tiles of 64 (groups of 4, 4 and 2); 1000 columns: 8 tiles
  // of 128, the last shifted back.
  func.func @wgmma_bias(%x: tensor<640x256xbf16>, %w: tensor<256x1000xbf16>, %b: tensor<1000xbf16>) -> tensor<640x1000xbf16> {
    %r = tessel.kernel @k_wgmma_bias(%x, %w, %b) : (tensor<640x256xbf16>, tensor<256x1000xbf16>, tensor<1000xbf16>) -> tensor<640x1000xbf16>
        schedule = #tessel.schedule<block = [64, 128, 64], warps = 4, stages = 3, raster = 4, mma = wgmma> {
    ^bb0(%a: tensor<640x256xbf16>, %c: tensor<256x1000xbf16>, %d: tensor<1000xbf16>):
      %0 = tessel.matmul %a, %c : tensor<640x256xbf16>, tensor<256x1000xbf16> -> tensor<640x1000xbf16>
      %1 = tessel.add %0, %d : tensor<640x1000xbf16>, tensor<1000xbf16> -> tensor<640x1000xbf16>
      tessel.yield %1 : tensor<640x1000xbf16>
    }
    return %r : tensor<640x1000xbf16>
  }

  // 300 x 260 on 64 x 64 tiles: 5 x 5, both partial; groups of 3 and 2.
  func.func @mma_stages(%x: tensor<300x96xf16>, %w: tensor<96x260xf16>) -> tensor<300x260xf32> {
    %r = tessel.kernel @k_mma_stages(%x, %w) : (tensor<300x96xf16>, tensor<96x260xf16>) -> tensor<300x260xf32>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [32, 32, 32], warps = 4, stages = 3, raster = 3, mma = mma_sync> {
    ^bb0(%a: tensor<300x96xf16>, %c: tensor<96x260xf16>):
      %0 = tessel.matmul %a, %c : tensor<300x96xf16>, tensor<96x260xf16> -> tensor<300x260xf32>
      tessel.yield %0 : tensor<300x260xf32>
    }
    return %r : tensor<300x260xf32>
  }

  // 3 batches of 4 x 3 tiles, groups of 2 rows.
  func.func @batch(%p: tensor<3x200x64xbf16>, %v: tensor<3x64x192xbf16>) -> tensor<3x200x192xf32> {
    %r = tessel.kernel @k_batch(%p, %v) : (tensor<3x200x64xbf16>, tensor<3x64x192xbf16>) -> tensor<3x200x192xf32>
        schedule = #tessel.schedule<block = [1, 64, 64, 64], warps = 4, stages = 2, raster = 2, mma = wgmma> {
    ^bb0(%a: tensor<3x200x64xbf16>, %c: tensor<3x64x192xbf16>):
      %0 = tessel.batch_matmul %a, %c : tensor<3x200x64xbf16>, tensor<3x64x192xbf16> -> tensor<3x200x192xf32>
      tessel.yield %0 : tensor<3x200x192xf32>
    }
    return %r : tensor<3x200x192xf32>
  }

  // G = 16 over 3 rows of tiles: one group, walked a column at a time.
  func.func @whole_column(%x: tensor<192x64xbf16>, %w: tensor<64x256xbf16>) -> tensor<192x256xbf16> {
    %r = tessel.kernel @k_whole_column(%x, %w) : (tensor<192x64xbf16>, tensor<64x256xbf16>) -> tensor<192x256xbf16>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [32, 32, 32], warps = 4, stages = 2, raster = 16, mma = mma_sync> {
    ^bb0(%a: tensor<192x64xbf16>, %c: tensor<64x256xbf16>):
      %0 = tessel.matmul %a, %c : tensor<192x64xbf16>, tensor<64x256xbf16> -> tensor<192x256xbf16>
      tessel.yield %0 : tensor<192x256xbf16>
    }
    return %r : tensor<192x256xbf16>
  }

  // f32 on SIMT lanes with a K step: 5 x 4 tiles of 32, groups of 2.
  func.func @simt(%x: tensor<150x40xf32>, %w: tensor<40x100xf32>) -> tensor<150x100xf32> {
    %r = tessel.kernel @k_simt(%x, %w) : (tensor<150x40xf32>, tensor<40x100xf32>) -> tensor<150x100xf32>
        schedule = #tessel.schedule<block = [32, 32, 16], thread = [4, 4, 16], warps = 2, raster = 2> {
    ^bb0(%a: tensor<150x40xf32>, %c: tensor<40x100xf32>):
      %0 = tessel.matmul %a, %c : tensor<150x40xf32>, tensor<40x100xf32> -> tensor<150x100xf32>
      tessel.yield %0 : tensor<150x100xf32>
    }
    return %r : tensor<150x100xf32>
  }

  // Split-K: the partial kernel's 2 slices of 3 x 4 tiles keep the raster.
  func.func @split(%x: tensor<192x512xbf16>, %w: tensor<512x256xbf16>) -> tensor<192x256xbf16> {
    %r = tessel.kernel @k_split(%x, %w) : (tensor<192x512xbf16>, tensor<512x256xbf16>) -> tensor<192x256xbf16>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [32, 32, 32], warps = 4, split_k = 2, raster = 2, mma = mma_sync> {
    ^bb0(%a: tensor<192x512xbf16>, %c: tensor<512x256xbf16>):
      %0 = tessel.matmul %a, %c : tensor<192x512xbf16>, tensor<512x256xbf16> -> tensor<192x256xbf16>
      tessel.yield %0 : tensor<192x256xbf16>
    }
    return %r : tensor<192x256xbf16>
  }

  // An elementwise grid: 6 x 5 tiles of 16 x 64, groups of 4 rows.
  func.func @elementwise(%x: tensor<96x300xf32>, %y: tensor<96x300xf32>) -> tensor<96x300xf32> {
    %r = tessel.kernel @k_elementwise(%x, %y) : (tensor<96x300xf32>, tensor<96x300xf32>) -> tensor<96x300xf32>
        schedule = #tessel.schedule<block = [16, 64], warps = 4, raster = 4> {
    ^bb0(%a: tensor<96x300xf32>, %b: tensor<96x300xf32>):
      %0 = tessel.add %a, %b : tensor<96x300xf32>, tensor<96x300xf32> -> tensor<96x300xf32>
      %1 = tessel.relu %0 : tensor<96x300xf32>
      tessel.yield %1 : tensor<96x300xf32>
    }
    return %r : tensor<96x300xf32>
  }
}
