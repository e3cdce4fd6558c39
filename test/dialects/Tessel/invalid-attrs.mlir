// Every rule of #tessel.schedule and #tessel.target, and of the dialect's
// discardable attributes.
// RUN: tessel-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{unknown target 'v100'; known targets are: h100 h200 a100 mi300x mi250x (or give the path of a .json target file)}}
module attributes {tessel.target = #tessel.target<"v100">} {}

// -----

// The attribute reads no file: a path is no description.
// expected-error @+1 {{the description of 'mine': invalid JSON}}
module attributes {tessel.target = #tessel.target<"mine", json = "no/such/gpu.json">} {}

// -----

// The old spelling, a file path, is gone.
// expected-error @+1 {{expected 'json'}}
module attributes {tessel.target = #tessel.target<"mine", file = "gpu.json">} {}

// -----

// expected-error @+1 {{'tessel.target' must be a #tessel.target, got "h100"}}
module attributes {tessel.target = "h100"} {}

// -----

// expected-error @+1 {{unknown Tessel attribute 'tessel.targets' (the dialect defines 'tessel.target', 'tessel.kernel', 'tessel.schedule', 'tessel.prediction', 'tessel.candidates', 'tessel.unpriced', 'tessel.tma_copy', 'tessel.wgmma_step', 'tessel.shared_accumulators', 'tessel.warpgroup_mma', 'tessel.per_thread', 'tessel.swizzled_tile', 'tessel.wgmma', 'tessel.sum_in_kernel' and 'tessel.split_part')}}
module attributes {tessel.targets = #tessel.target<"h100">} {}

// -----

// expected-error @+1 {{'tessel.unpriced' belongs on a tessel.kernel or a function}}
module attributes {tessel.unpriced = "why"} {}

// -----

// expected-error @+1 {{'tessel.unpriced' must be a string, got 3 : i64}}
func.func private @k() attributes {tessel.unpriced = 3}

// -----

// expected-error @+1 {{'tessel.schedule' belongs on a function (an outlined kernel)}}
module attributes {tessel.schedule = #tessel.schedule<block = [64]>} {}

// -----

// expected-error @+1 {{'tessel.kernel' must be a unit attribute}}
func.func private @k() attributes {tessel.kernel = 1 : i32}

// -----

// expected-error @+1 {{'tessel.schedule' must be a #tessel.schedule, got "fast"}}
func.func private @k() attributes {tessel.schedule = "fast"}

// -----

// expected-error @+1 {{schedule needs a 'block' tile}}
func.func private @f() attributes {s = #tessel.schedule<warps = 4>}

// -----

// expected-error @+1 {{schedule block tile is empty}}
func.func private @f() attributes {s = #tessel.schedule<block = []>}

// -----

// expected-error @+1 {{schedule block tile [128, 0, 32] has a size that is not positive}}
func.func private @f() attributes {s = #tessel.schedule<block = [128, 0, 32]>}

// -----

// Sizes are bounded before any arithmetic on them (a product of two such
// sizes would overflow 64 bits).
// expected-error @+1 {{schedule block tile [9223372036854775807, 128] has a size above 2147483647 (2^31 - 1)}}
func.func private @f() attributes {s = #tessel.schedule<block = [9223372036854775807, 128]>}

// -----

// expected-error @+1 {{schedule warp tile [4294967296, 16] has a size above 2147483647 (2^31 - 1)}}
func.func private @f() attributes {s = #tessel.schedule<block = [64, 16], warp = [4294967296, 16]>}

// -----

// expected-error @+1 {{schedule warps = 33 is outside [1, 32]}}
func.func private @f() attributes {s = #tessel.schedule<block = [128, 128], warps = 33>}

// -----

// expected-error @+1 {{schedule stages = 0 is outside [1, 16]}}
func.func private @f() attributes {s = #tessel.schedule<block = [128, 128], stages = 0>}

// -----

// expected-error @+1 {{schedule split_k = 0 must be at least 1}}
func.func private @f() attributes {s = #tessel.schedule<block = [128, 128], split_k = 0>}

// -----

// expected-error @+1 {{schedule raster = 0 is outside [1, 2^31 - 1]}}
func.func private @f() attributes {s = #tessel.schedule<block = [128, 128], raster = 0>}

// -----

// expected-error @+1 {{schedule cluster = 4 is not 1 or 2}}
func.func private @f() attributes {s = #tessel.schedule<block = [128, 128, 64], warps = 8, stages = 4, mma = wgmma, cluster = 4>}

// -----

// expected-error @+1 {{schedule cluster = 2 needs mma = wgmma (its B tiles are multicast by TMA)}}
func.func private @f() attributes {s = #tessel.schedule<block = [128, 128, 32], warp = [64, 64, 32], warps = 4, stages = 3, mma = mma_sync, cluster = 2>}

// -----

// expected-error @+1 {{schedule vector = 3 is not 1, 2, 4, 8 or 16}}
func.func private @f() attributes {s = #tessel.schedule<block = [128, 128], vector = 3>}

// -----

// expected-error @+1 {{schedule warp tile [64, 64] has rank 2 but the block tile [128, 128, 32] has rank 3}}
func.func private @f() attributes {s = #tessel.schedule<block = [128, 128, 32], warp = [64, 64]>}

// -----

// expected-error @+1 {{schedule warp tile [48, 64, 32] does not divide the block tile [128, 128, 32]}}
func.func private @f() attributes {s = #tessel.schedule<block = [128, 128, 32], warp = [48, 64, 32]>}

// -----

// expected-error @+1 {{schedule block tile [128, 128, 32] holds 4 warp tiles of [64, 64, 32] but warps = 8}}
func.func private @f() attributes {s = #tessel.schedule<block = [128, 128, 32], warp = [64, 64, 32], warps = 8>}

// -----

// expected-error @+1 {{schedule thread tile [8, 8] has rank 2 but the warp tile [64, 64, 32] has rank 3}}
func.func private @f() attributes {s = #tessel.schedule<block = [128, 128, 32], warp = [64, 64, 32], thread = [8, 8]>}

// -----

// expected-error @+1 {{schedule thread tile [3, 4] does not divide the block tile [64, 64]}}
func.func private @f() attributes {s = #tessel.schedule<block = [64, 64], thread = [3, 4]>}

// -----

// expected-error @+1 {{unknown schedule key 'tile' (expected block, warp, thread, warps, stages, split_k, raster, cluster, vector or mma)}}
func.func private @f() attributes {s = #tessel.schedule<tile = [64, 64]>}

// -----

// expected-error @+1 {{schedule key 'warps' appears twice}}
func.func private @f() attributes {s = #tessel.schedule<block = [64, 64], warps = 4, warps = 8>}

// -----

// expected-error @+1 {{unknown instruction class 'tensorcore' (expected simt, mma_sync, wgmma or mfma)}}
func.func private @f() attributes {s = #tessel.schedule<block = [64, 64], mma = tensorcore>}

// -----

// expected-error @+1 {{integer value too large}}
func.func private @f() attributes {s = #tessel.schedule<block = [99999999999999999999999]>}

// -----

// expected-error @+1 {{'tessel.prediction' belongs on a tessel.kernel or a function}}
module attributes {tessel.prediction = #tessel.prediction<time_us = 1.0, bound = "dram", compute_us = 0.5, loads_us = 0.2, dram_us = 1.0, l2_us = 0.1, launch_us = 0.0, latency_us = 0.0, blocks_us = 0.0, achievable_us = 0.5, fraction_of_peak = 0.1, occupancy = 1.0, waves = 1.0, blocks = 8, flops = 1.0e3, dram_bytes = 4.0e3, uncalibrated = false>} {}

// -----

// expected-error @+1 {{'tessel.prediction' must be a #tessel.prediction, got 3 : i64}}
func.func private @k() attributes {tessel.prediction = 3}

// -----

// expected-error @+1 {{'tessel.candidates' must be an array of #tessel.schedule}}
func.func private @k() attributes {tessel.candidates = [1, 2]}

// -----

// 'tessel.shared_accumulators' marks a loop (the fused attention kernel's
// key loop).
// expected-error @+1 {{'tessel.shared_accumulators' is a unit attribute of a loop}}
func.func private @k() attributes {tessel.shared_accumulators}

// -----

// 'tessel.warpgroup_mma' marks a warp loop: a unit attribute (the fused
// attention's), or "k_step" (a K step's, whose A tile is swizzled).
func.func @warpgroup_kind(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'tessel.warpgroup_mma' is a unit attribute of a loop, or the string "k_step" on a K step's}}
  scf.for %i = %c0 to %n step %c1 {
  } {tessel.warpgroup_mma = "rows"}
  return
}

// -----

// 'tessel.per_thread' marks a buffer (a row kernel's registers).
// expected-error @+1 {{'tessel.per_thread' is a unit attribute of a memref.alloc (or the memref.alloca it may become)}}
func.func private @k() attributes {tessel.per_thread}

// -----

// 'tessel.swizzled_tile' marks the address a swizzled wgmma descriptor
// starts from (tessel-lower-mma's key and value tiles).
// expected-error @+1 {{'tessel.swizzled_tile' is a unit attribute of a memref.extract_aligned_pointer_as_index}}
func.func private @k() attributes {tessel.swizzled_tile}

// -----

// 'tessel.wgmma' tags tessel-lower-mma's inline PTX for a wgmma chain.
func.func @wgmma_kind() {
  // expected-error @+1 {{'tessel.wgmma' is a string attribute of an llvm.inline_asm: "fence", "mma", "commit" or "wait"}}
  llvm.inline_asm has_side_effects asm_dialect = att {tessel.wgmma = "issue"} "wgmma.fence.sync.aligned;", "" : () -> ()
  return
}

// -----

// expected-error @+1 {{'tessel.wgmma' is a string attribute of an llvm.inline_asm: "fence", "mma", "commit" or "wait"}}
func.func private @k() attributes {tessel.wgmma = "mma"}

// -----

// expected-error @+1 {{'tessel.sum_in_kernel' is a #tessel.schedule (the sum in the partial kernel) or false (in a kernel of its own) on a tessel.kernel}}
func.func @sum_in_kernel_on_a_function() attributes {tessel.sum_in_kernel = #tessel.schedule<block = [32, 32], warps = 4>} {
  return
}

// -----

func.func @sum_in_kernel_true(%x: tensor<32x64xf32>, %w: tensor<64x32xf32>) -> tensor<32x32xf32> {
  // expected-error @+1 {{'tessel.sum_in_kernel' is a #tessel.schedule (the sum in the partial kernel) or false (in a kernel of its own) on a tessel.kernel}}
  %r = tessel.kernel @k(%x, %w) : (tensor<32x64xf32>, tensor<64x32xf32>) -> tensor<32x32xf32>
      attributes {tessel.sum_in_kernel = true} {
  ^bb0(%a: tensor<32x64xf32>, %b: tensor<64x32xf32>):
    %0 = tessel.matmul %a, %b : tensor<32x64xf32>, tensor<64x32xf32> -> tensor<32x32xf32>
    tessel.yield %0 : tensor<32x32xf32>
  }
  return %r : tensor<32x32xf32>
}
