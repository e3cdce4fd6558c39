// f32 GEMMs on SIMT lanes at one to four warps a scheduler, side by side,
// for measuring the cost model's SIMT K step (simtStepAlone,
// costmodel/Terms.cpp): each k of a step waits a shared-memory round trip
// before its FMAs (the k loop stays rolled in the PTX), which only other
// warps on the same scheduler hide. Nsight Compute measured one point (the
// first kernel: 2.63 clocks an instruction, one warp a scheduler); the
// others measure the closed queue of warps the model puts around it, and
// the split the model now chooses for 1024^3. 8 x 8 thread tiles
// throughout. Compile with `tessel-compile` (the schedules are given);
// bench/gpu's `variants` step times them (bench/gpu/prepare.sh:
// variants-simt/); replay with `tessel-bench accuracy <variants.json>
// --repredict tessel-opt --workloads bench/workloads/simt-variants.mlir
// --workload 'k_([a-z0-9]+)_'`.

module attributes {tessel.target = #tessel.target<"h100">} {
  // 1024^3 as tier 1 ran it until 2026-11-30 (117 us on the H200, the point Nsight Compute measured): 128 blocks, one an SM, one warp a scheduler.
  func.func @f32sq1024_b64x128k64_w4_s2(%x: tensor<1024x1024xf32>, %w: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
    %r = tessel.kernel @k_f32sq1024_b64x128k64_w4_s2(%x, %w) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
        schedule = #tessel.schedule<block = [64, 128, 64], thread = [8, 8, 64], warps = 4, stages = 2, split_k = 1, vector = 1, mma = simt> {
    ^bb0(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>):
      %0 = tessel.matmul %a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32> -> tensor<1024x1024xf32>
      tessel.yield %0 : tensor<1024x1024xf32>
    }
    return %r : tensor<1024x1024xf32>
  }
  // 1024^3 with its K split in two (a partial and a sum kernel), tier 1's choice since 2026-11-30: 256 blocks, two an SM.
  func.func @f32sq1024_b64x128k32_w4_s1_split2(%x: tensor<1024x1024xf32>, %w: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
    %r = tessel.kernel @k_f32sq1024_b64x128k32_w4_s1_split2(%x, %w) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
        schedule = #tessel.schedule<block = [64, 128, 32], thread = [8, 8, 32], warps = 4, stages = 1, split_k = 2, vector = 1, mma = simt>
        attributes {tessel.sum_in_kernel = false} {
    ^bb0(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>):
      %0 = tessel.matmul %a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32> -> tensor<1024x1024xf32>
      tessel.yield %0 : tensor<1024x1024xf32>
    }
    return %r : tensor<1024x1024xf32>
  }
  // 4096 x 1024 x 4096 on the same tiles: 512 blocks, but 128 KiB each, so one an SM at a time, one warp a scheduler.
  func.func @f32m4096_b64x128k64_w4_s2(%x: tensor<4096x4096xf32>, %w: tensor<4096x1024xf32>) -> tensor<4096x1024xf32> {
    %r = tessel.kernel @k_f32m4096_b64x128k64_w4_s2(%x, %w) : (tensor<4096x4096xf32>, tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
        schedule = #tessel.schedule<block = [64, 128, 64], thread = [8, 8, 64], warps = 4, stages = 2, split_k = 1, vector = 1, mma = simt> {
    ^bb0(%a: tensor<4096x4096xf32>, %b: tensor<4096x1024xf32>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xf32>, tensor<4096x1024xf32> -> tensor<4096x1024xf32>
      tessel.yield %0 : tensor<4096x1024xf32>
    }
    return %r : tensor<4096x1024xf32>
  }
  // 56 KiB a block: four an SM, four warps a scheduler (the breakdown test's choice).
  func.func @f32m4096_b64x128k32_w4_s1(%x: tensor<4096x4096xf32>, %w: tensor<4096x1024xf32>) -> tensor<4096x1024xf32> {
    %r = tessel.kernel @k_f32m4096_b64x128k32_w4_s1(%x, %w) : (tensor<4096x4096xf32>, tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
        schedule = #tessel.schedule<block = [64, 128, 32], thread = [8, 8, 32], warps = 4, stages = 1, split_k = 1, vector = 1, mma = simt> {
    ^bb0(%a: tensor<4096x4096xf32>, %b: tensor<4096x1024xf32>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xf32>, tensor<4096x1024xf32> -> tensor<4096x1024xf32>
      tessel.yield %0 : tensor<4096x1024xf32>
    }
    return %r : tensor<4096x1024xf32>
  }
  // eight warps, 128 KiB a block: one an SM, two warps a scheduler.
  func.func @f32m4096_b128x128k32_w8_s2(%x: tensor<4096x4096xf32>, %w: tensor<4096x1024xf32>) -> tensor<4096x1024xf32> {
    %r = tessel.kernel @k_f32m4096_b128x128k32_w8_s2(%x, %w) : (tensor<4096x4096xf32>, tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
        schedule = #tessel.schedule<block = [128, 128, 32], thread = [8, 8, 32], warps = 8, stages = 2, split_k = 1, vector = 1, mma = simt> {
    ^bb0(%a: tensor<4096x4096xf32>, %b: tensor<4096x1024xf32>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xf32>, tensor<4096x1024xf32> -> tensor<4096x1024xf32>
      tessel.yield %0 : tensor<4096x1024xf32>
    }
    return %r : tensor<4096x1024xf32>
  }
  // two warps, 32 KiB a block: seven an SM, three or four warps a scheduler.
  func.func @f32m4096_b64x64k32_w2_s1(%x: tensor<4096x4096xf32>, %w: tensor<4096x1024xf32>) -> tensor<4096x1024xf32> {
    %r = tessel.kernel @k_f32m4096_b64x64k32_w2_s1(%x, %w) : (tensor<4096x4096xf32>, tensor<4096x1024xf32>) -> tensor<4096x1024xf32>
        schedule = #tessel.schedule<block = [64, 64, 32], thread = [8, 8, 32], warps = 2, stages = 1, split_k = 1, vector = 1, mma = simt> {
    ^bb0(%a: tensor<4096x4096xf32>, %b: tensor<4096x1024xf32>):
      %0 = tessel.matmul %a, %b : tensor<4096x4096xf32>, tensor<4096x1024xf32> -> tensor<4096x1024xf32>
      tessel.yield %0 : tensor<4096x1024xf32>
    }
    return %r : tensor<4096x1024xf32>
  }
}
