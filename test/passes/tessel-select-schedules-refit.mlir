// tessel-select-schedules{refit=true}: a module tuned for one GPU compiled
// for another. A hand-written schedule the target cannot run is replaced
// with the cost model's choice (a remark says why); one it can run is kept;
// a split-K schedule whose partial kernel cannot run keeps its split and
// takes the model's tiles for the partial kernel.
// RUN: tessel-opt %s --tessel-select-schedules=refit=true --verify-diagnostics | FileCheck %s
// Without refit the schedules stay as written, unpriced.
// RUN: tessel-opt %s --tessel-select-schedules 2>&1 | FileCheck %s --check-prefix=KEPT

module attributes {tessel.target = #tessel.target<"mi300x">} {
  // CHECK-LABEL: func.func @tuned_for_h100
  // CHECK: tessel.kernel @mma({{.*}} schedule = #tessel.schedule<{{.*}}mma = mfma> attributes {tessel.prediction = #tessel.prediction<time_us
  // CHECK: tessel.kernel @simt({{.*}} schedule = #tessel.schedule<block = [16, 64], warps = 1, stages = 1, split_k = 1, vector = 1, mma = simt> attributes {tessel.prediction
  // CHECK: tessel.kernel @split({{.*}} schedule = #tessel.schedule<{{.*}}split_k = 2, vector = {{[0-9]+}}, mma = mfma> attributes {tessel.prediction
  // KEPT: warning: schedule {{.*}}mma = mma_sync> is not one the cost model finds legal on mi300x
  // KEPT: tessel.kernel @mma({{.*}} mma = mma_sync> attributes {tessel.unpriced = "mma.sync needs an NVIDIA GPU of sm_80 or newer"}
  func.func @tuned_for_h100(%x: tensor<64x256xbf16>, %w: tensor<256x64xbf16>) -> (tensor<64x64xf32>, tensor<64x256xbf16>, tensor<64x64xf32>) {
    // expected-remark @+1 {{schedule #tessel.schedule<block = [32, 32, 32], warp = [16, 16, 32], warps = 4, stages = 1, split_k = 1, vector = 1, mma = mma_sync> cannot run on mi300x (gfx942): mma.sync needs an NVIDIA GPU of sm_80 or newer; replaced with the cost model's choice}}
    %0 = tessel.kernel @mma(%x, %w) : (tensor<64x256xbf16>, tensor<256x64xbf16>) -> tensor<64x64xf32>
        schedule = #tessel.schedule<block = [32, 32, 32], warp = [16, 16, 32], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<64x256xbf16>, %b: tensor<256x64xbf16>):
      %1 = tessel.matmul %a, %b : tensor<64x256xbf16>, tensor<256x64xbf16> -> tensor<64x64xf32>
      tessel.yield %1 : tensor<64x64xf32>
    }
    %2 = tessel.kernel @simt(%x) : (tensor<64x256xbf16>) -> tensor<64x256xbf16>
        schedule = #tessel.schedule<block = [16, 64], warps = 1> {
    ^bb0(%a: tensor<64x256xbf16>):
      %3 = tessel.exp %a : tensor<64x256xbf16>
      tessel.yield %3 : tensor<64x256xbf16>
    }
    // expected-remark @+1 {{schedule #tessel.schedule<block = [32, 32, 32], warp = [16, 16, 32], warps = 4, stages = 1, split_k = 2, vector = 1, mma = mma_sync> has a partial kernel the cost model finds illegal on mi300x (gfx942); replaced with #tessel.schedule<}}
    %4 = tessel.kernel @split(%x, %w) : (tensor<64x256xbf16>, tensor<256x64xbf16>) -> tensor<64x64xf32>
        schedule = #tessel.schedule<block = [32, 32, 32], warp = [16, 16, 32], warps = 4, split_k = 2, mma = mma_sync> {
    ^bb0(%a: tensor<64x256xbf16>, %b: tensor<256x64xbf16>):
      %5 = tessel.matmul %a, %b : tensor<64x256xbf16>, tensor<256x64xbf16> -> tensor<64x64xf32>
      tessel.yield %5 : tensor<64x64xf32>
    }
    return %0, %2, %4 : tensor<64x64xf32>, tensor<64x256xbf16>, tensor<64x64xf32>
  }
}
