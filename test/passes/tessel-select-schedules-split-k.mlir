// tessel-select-schedules on split-K: where the model splits a matmul and
// predicts the sum faster in the partial kernel's last blocks, it records
// that as tessel.sum_in_kernel (the sum's schedule on the partial's tiles);
// `tessel.sum_in_kernel = false`, written by hand, keeps the sum in a
// kernel of its own (the split is still the model's, priced that way), and
// a hand-written split with that mark is priced so and keeps it.
// tessel-split-reduction then makes one kernel or two.
// RUN: tessel-opt %s --tessel-select-schedules | FileCheck %s
// RUN: tessel-opt %s --tessel-select-schedules --tessel-split-reduction | FileCheck %s --check-prefix=SPLIT

// CHECK-LABEL: func.func @gemv
// CHECK: tessel.kernel @mm({{.*}} schedule = #tessel.schedule<block = [1, {{[0-9]+}}, {{[0-9]+}}]{{.*}}, split_k = {{[0-9]+}}{{.*}} attributes {tessel.prediction = {{.*}}, tessel.sum_in_kernel = #tessel.schedule<block = [1, {{[0-9]+}}]
// CHECK-LABEL: func.func @gemv_apart
// CHECK: tessel.kernel @mm_apart({{.*}} schedule = #tessel.schedule<{{.*}}split_k = {{[0-9]+}}{{.*}} attributes {tessel.prediction = #tessel.prediction<time_us = {{.*}}, tessel.sum_in_kernel = false}
// CHECK-LABEL: func.func @given_apart
// CHECK: tessel.kernel @mm_given({{.*}} schedule = #tessel.schedule<block = [1, 256, 64], warps = 4, stages = 2, split_k = 8, vector = 1, mma = simt> attributes {tessel.prediction = #tessel.prediction<time_us = {{.*}}, tessel.sum_in_kernel = false}

// SPLIT-LABEL: func.func @gemv
// SPLIT: tessel.kernel @mm_split(
// SPLIT-NOT: tessel.kernel
// SPLIT-LABEL: func.func @gemv_apart
// SPLIT: tessel.kernel @mm_apart_partial(
// SPLIT: tessel.kernel @mm_apart_sum(
// SPLIT-LABEL: func.func @given_apart
// SPLIT: tessel.kernel @mm_given_partial(
// SPLIT: tessel.kernel @mm_given_sum(

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @gemv(%x: tensor<1x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<1x4096xbf16> {
    %r = tessel.kernel @mm(%x, %w) : (tensor<1x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<1x4096xbf16> {
    ^bb0(%a: tensor<1x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<1x4096xbf16>, tensor<4096x4096xbf16> -> tensor<1x4096xbf16>
      tessel.yield %0 : tensor<1x4096xbf16>
    }
    return %r : tensor<1x4096xbf16>
  }
  func.func @gemv_apart(%x: tensor<1x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<1x4096xbf16> {
    %r = tessel.kernel @mm_apart(%x, %w) : (tensor<1x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<1x4096xbf16>
        attributes {tessel.sum_in_kernel = false} {
    ^bb0(%a: tensor<1x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<1x4096xbf16>, tensor<4096x4096xbf16> -> tensor<1x4096xbf16>
      tessel.yield %0 : tensor<1x4096xbf16>
    }
    return %r : tensor<1x4096xbf16>
  }
  func.func @given_apart(%x: tensor<1x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<1x4096xbf16> {
    %r = tessel.kernel @mm_given(%x, %w) : (tensor<1x4096xbf16>, tensor<4096x4096xbf16>) -> tensor<1x4096xbf16>
        schedule = #tessel.schedule<block = [1, 256, 64], warps = 4, stages = 2, split_k = 8, mma = simt>
        attributes {tessel.sum_in_kernel = false} {
    ^bb0(%a: tensor<1x4096xbf16>, %b: tensor<4096x4096xbf16>):
      %0 = tessel.matmul %a, %b : tensor<1x4096xbf16>, tensor<4096x4096xbf16> -> tensor<1x4096xbf16>
      tessel.yield %0 : tensor<1x4096xbf16>
    }
    return %r : tensor<1x4096xbf16>
  }
}
