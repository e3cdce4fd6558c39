// tessel-select-schedules attaches the schedule the cost model predicts
// fastest, with its prediction; kernels that have a schedule keep it.
// RUN: tessel-opt %s --tessel-select-schedules | FileCheck %s
// RUN: tessel-opt %s --tessel-select-schedules=top-k=3 | FileCheck %s --check-prefix=TOPK
// RUN: tessel-opt %s --tessel-select-schedules="reselect=true" | FileCheck %s --check-prefix=RESELECT
// rank=N attaches the N-th best instead (what bench/ measures); the second
// best is the first of top-k's candidates. A huge rank gets the last.
// RUN: tessel-opt %s --tessel-select-schedules=top-k=2 | FileCheck %s --check-prefix=SECOND
// RUN: tessel-opt %s --tessel-select-schedules=rank=1 | FileCheck %s --check-prefix=RANK1
// RUN: tessel-opt %s --tessel-select-schedules=rank=1000000 | FileCheck %s --check-prefix=LAST
// The choice is deterministic.
// RUN: tessel-opt %s --tessel-select-schedules > %t.a && tessel-opt %s --tessel-select-schedules > %t.b && diff %t.a %t.b

// CHECK-LABEL: func.func @model
// CHECK: tessel.kernel @mm_gelu({{.*}} schedule = #tessel.schedule<block = [{{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}]{{(, thread = \[[0-9]+, [0-9]+, [0-9]+\])?}}, warps = {{[1248]}}, stages = {{[1-4]}}, split_k = {{[1248]}}, vector = {{[124]}}, mma = simt> attributes {tessel.prediction = #tessel.prediction<time_us = {{.*}}, bound = "{{compute|loads|dram|l2|latency|blocks|launch}}", compute_us = {{.*}}, blocks = {{[0-9]+}}, flops = {{.*}}, dram_bytes = {{.*}}, uncalibrated = false, registers = {{[0-9]+}}, achievable_compute_us = {{.*}}>}
// A schedule written by hand is kept, and predicted.
// CHECK: tessel.kernel @mine({{.*}} schedule = #tessel.schedule<block = [4, 4], warps = 2, stages = 1, split_k = 1, vector = 1, mma = simt> attributes {tessel.prediction = #tessel.prediction<time_us
// A hand-written schedule of an instruction class the model does not know
// yet keeps no prediction.
// CHECK: tessel.kernel @tensor_cores(
// CHECK-NOT: tessel.prediction
// Software pipelining of a K step is emitted (NVIDIA sm_80+), and
// predicted.
// CHECK: tessel.kernel @pipelined({{.*}} stages = 3{{.*}} attributes {tessel.prediction = #tessel.prediction<time_us
// CHECK: return
// TOPK: tessel.kernel @mm_gelu({{.*}} attributes {tessel.candidates = [#tessel.schedule<{{[^>]*}}>, #tessel.schedule<{{[^>]*}}>], tessel.prediction
// RESELECT: tessel.kernel @mine({{.*}} attributes {tessel.prediction
// SECOND: tessel.kernel @mm_gelu({{.*}} attributes {tessel.candidates = [#tessel.schedule<[[SECOND:[^>]*]]>]
// RANK1: tessel.kernel @mm_gelu({{.*}} schedule = #tessel.schedule<block = [8, 64, 16], thread = [2, 2, 16], warps = 4, stages = 2, split_k = 1, vector = 2, mma = simt> attributes {tessel.prediction
// LAST: tessel.kernel @mm_gelu({{.*}} schedule = #tessel.schedule<{{.*}}> attributes {tessel.prediction = #tessel.prediction<time_us
// A vector width applies to every value a kernel returns: none is offered
// when one of them (a row sum beside an elementwise exp) is computed over
// other loops.
// RUN: tessel-opt %s --tessel-select-schedules=top-k=100000 | FileCheck %s --check-prefix=ROOTS
// ROOTS: tessel.kernel @two_roots(
// ROOTS-NOT: vector = {{[248]}}
// ROOTS: tessel.yield
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<512x256xf32>, %w: tensor<256x384xf32>) -> (tensor<512x384xf32>, tensor<512x256xf32>) {
    %0 = tessel.kernel @mm_gelu(%x, %w) : (tensor<512x256xf32>, tensor<256x384xf32>) -> tensor<512x384xf32> {
    ^bb0(%a: tensor<512x256xf32>, %b: tensor<256x384xf32>):
      %1 = tessel.matmul %a, %b : tensor<512x256xf32>, tensor<256x384xf32> -> tensor<512x384xf32>
      %2 = tessel.gelu tanh %1 : tensor<512x384xf32>
      tessel.yield %2 : tensor<512x384xf32>
    }
    %3 = tessel.kernel @mine(%x) : (tensor<512x256xf32>) -> tensor<512x256xf32>
        schedule = #tessel.schedule<block = [4, 4], warps = 2> {
    ^bb0(%a: tensor<512x256xf32>):
      %4 = tessel.exp %a : tensor<512x256xf32>
      tessel.yield %4 : tensor<512x256xf32>
    }
    %5 = tessel.kernel @tensor_cores(%x, %w) : (tensor<512x256xf32>, tensor<256x384xf32>) -> tensor<512x384xf32>
        schedule = #tessel.schedule<block = [64, 64], warps = 4, mma = wgmma> {
    ^bb0(%a: tensor<512x256xf32>, %b: tensor<256x384xf32>):
      %6 = tessel.matmul %a, %b : tensor<512x256xf32>, tensor<256x384xf32> -> tensor<512x384xf32>
      tessel.yield %6 : tensor<512x384xf32>
    }
    %7 = tessel.kernel @pipelined(%x, %w) : (tensor<512x256xf32>, tensor<256x384xf32>) -> tensor<512x384xf32>
        schedule = #tessel.schedule<block = [64, 64, 32], warps = 4, stages = 3> {
    ^bb0(%a: tensor<512x256xf32>, %b: tensor<256x384xf32>):
      %8 = tessel.matmul %a, %b : tensor<512x256xf32>, tensor<256x384xf32> -> tensor<512x384xf32>
      tessel.yield %8 : tensor<512x384xf32>
    }
    return %0, %3 : tensor<512x384xf32>, tensor<512x256xf32>
  }
  func.func @roots(%x: tensor<512x256xf32>) -> (tensor<512x256xf32>, tensor<512xf32>) {
    %0:2 = tessel.kernel @two_roots(%x) : (tensor<512x256xf32>) -> (tensor<512x256xf32>, tensor<512xf32>) {
    ^bb0(%a: tensor<512x256xf32>):
      %1 = tessel.exp %a : tensor<512x256xf32>
      %2 = tessel.reduce sum %a dims = [1] : tensor<512x256xf32> -> tensor<512xf32>
      tessel.yield %1, %2 : tensor<512x256xf32>, tensor<512xf32>
    }
    return %0#0, %0#1 : tensor<512x256xf32>, tensor<512xf32>
  }
}
