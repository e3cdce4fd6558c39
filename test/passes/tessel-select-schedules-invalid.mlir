// tessel-select-schedules needs the target whose schedules it enumerates,
// and says when a hand-written schedule is one the target cannot run.
// RUN: tessel-opt %s --split-input-file --tessel-select-schedules --verify-diagnostics

// expected-error @+1 {{tessel-select-schedules needs the GPU target: set 'tessel.target' on the module (tessel-set-target)}}
module {
  func.func @model(%x: tensor<8xf32>) -> tensor<8xf32> {
    %0 = tessel.kernel @k(%x) : (tensor<8xf32>) -> tensor<8xf32> {
    ^bb0(%a: tensor<8xf32>):
      %1 = tessel.exp %a : tensor<8xf32>
      tessel.yield %1 : tensor<8xf32>
    }
    return %0 : tensor<8xf32>
  }
}

// -----

// A schedule tuned for an H100 (tensor cores through mma.sync) on an
// MI300X: kept as written (codegen then refuses it), with a warning and the
// reason in `tessel.unpriced`.
module attributes {tessel.target = #tessel.target<"mi300x">} {
  func.func @model(%x: tensor<64x64xbf16>, %w: tensor<64x64xbf16>) -> tensor<64x64xf32> {
    // expected-warning @+1 {{schedule #tessel.schedule<block = [32, 32, 32], warp = [16, 16, 32], warps = 4, stages = 1, split_k = 1, vector = 1, mma = mma_sync> is not one the cost model finds legal on mi300x (gfx942): mma.sync needs an NVIDIA GPU of sm_80 or newer; it is kept as written (refit=true replaces it with the model's choice)}}
    %0 = tessel.kernel @tuned_for_h100(%x, %w) : (tensor<64x64xbf16>, tensor<64x64xbf16>) -> tensor<64x64xf32>
        schedule = #tessel.schedule<block = [32, 32, 32], warp = [16, 16, 32], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<64x64xbf16>, %b: tensor<64x64xbf16>):
      %1 = tessel.matmul %a, %b : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
      tessel.yield %1 : tensor<64x64xf32>
    }
    return %0 : tensor<64x64xf32>
  }
}
