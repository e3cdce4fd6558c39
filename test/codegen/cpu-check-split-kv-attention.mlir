// Split-KV attention as one kernel (tessel-split-reduction:
// tessel.attention_split) on the CPU path against the reference: schedules
// written by hand with `split_k = S` on attention kernels: decode steps (one
// query against 1000 and 4096 keys), causal prefills whose early slices
// some query tiles see none of (their rows get a zero partial and an lse of
// -inf), slices the tiles do not divide (1000 / 5, 77 / 2, 197 / 3), head
// dims 64, 80, 128 and 256, grouped-query heads, SIMT lanes and mma.sync,
// bf16 and f16. Each kernel's four results are checked: the attention
// (weighed by the last block of each query tile), the slices' partials and
// log-sum-exps, and the arrival counts, which the kernel must leave at zero
// for its next launch.
// RUN: tessel-run %s --cpu --check | FileCheck %s

// CHECK: kernel @k_split_decode_bf16_split
// CHECK-NEXT: result #0 {{.*}} ok
// CHECK-NEXT: result #1 {{.*}} ok
// CHECK-NEXT: result #2 {{.*}} ok
// CHECK-NEXT: result #3 {{.*}} max abs err 0.000e+00 {{.*}} ok
// CHECK: kernel @k_split_decode_f16_simt_split
// CHECK-NEXT: result #0 {{.*}} ok
// CHECK-NEXT: result #1 {{.*}} ok
// CHECK-NEXT: result #2 {{.*}} ok
// CHECK-NEXT: result #3 {{.*}} max abs err 0.000e+00 {{.*}} ok
// CHECK: kernel @k_split_causal_prefill_bf16_split
// CHECK-NEXT: result #0 {{.*}} ok
// CHECK-NEXT: result #1 {{.*}} ok
// CHECK-NEXT: result #2 {{.*}} ok
// CHECK-NEXT: result #3 {{.*}} max abs err 0.000e+00 {{.*}} ok
// CHECK: kernel @k_split_causal_simt_f16_split
// CHECK-NEXT: result #0 {{.*}} ok
// CHECK-NEXT: result #1 {{.*}} ok
// CHECK-NEXT: result #2 {{.*}} ok
// CHECK-NEXT: result #3 {{.*}} max abs err 0.000e+00 {{.*}} ok
// CHECK: kernel @k_split_short_bf16_split
// CHECK-NEXT: result #0 {{.*}} ok
// CHECK-NEXT: result #1 {{.*}} ok
// CHECK-NEXT: result #2 {{.*}} ok
// CHECK-NEXT: result #3 {{.*}} max abs err 0.000e+00 {{.*}} ok
// CHECK: kernel @k_split_dim80_f16_split
// CHECK-NEXT: result #0 {{.*}} ok
// CHECK-NEXT: result #1 {{.*}} ok
// CHECK-NEXT: result #2 {{.*}} ok
// CHECK-NEXT: result #3 {{.*}} max abs err 0.000e+00 {{.*}} ok
// The two halves written as kernels of their own (tessel.attention_partial,
// then tessel.attention_combine), as tessel-split-reduction made them
// before the split became one kernel: a causal GQA prefill whose early
// slices some rows see none of, on mma.sync and on SIMT lanes.
// CHECK: kernel @k_halves_partial_bf16
// CHECK-NEXT: result #0 {{.*}} ok
// CHECK-NEXT: result #1 {{.*}} ok
// CHECK: kernel @k_halves_combine_bf16
// CHECK-NEXT: ok
// CHECK: kernel @k_halves_partial_f16
// CHECK-NEXT: result #0 {{.*}} ok
// CHECK-NEXT: result #1 {{.*}} ok
// CHECK: kernel @k_halves_combine_f16
// CHECK-NEXT: ok
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference

func.func @split_decode_bf16(%q: tensor<1x8x1x128xbf16>, %k: tensor<1x2x4096x128xbf16>, %v: tensor<1x2x4096x128xbf16>) -> tensor<1x8x1x128xbf16> {
  %r = tessel.kernel @k_split_decode_bf16(%q, %k, %v) : (tensor<1x8x1x128xbf16>, tensor<1x2x4096x128xbf16>, tensor<1x2x4096x128xbf16>) -> tensor<1x8x1x128xbf16>
      schedule = #tessel.schedule<block = [16, 128], warps = 2, split_k = 16, mma = mma_sync> {
  ^bb0(%a: tensor<1x8x1x128xbf16>, %b: tensor<1x2x4096x128xbf16>, %c: tensor<1x2x4096x128xbf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x8x1x128xbf16>, tensor<1x2x4096x128xbf16>, tensor<1x2x4096x128xbf16> -> tensor<1x8x1x128xbf16>
    tessel.yield %0 : tensor<1x8x1x128xbf16>
  }
  return %r : tensor<1x8x1x128xbf16>
}

func.func @split_decode_f16_simt(%q: tensor<1x4x1x64xf16>, %k: tensor<1x4x1000x64xf16>, %v: tensor<1x4x1000x64xf16>) -> tensor<1x4x1x64xf16> {
  %r = tessel.kernel @k_split_decode_f16_simt(%q, %k, %v) : (tensor<1x4x1x64xf16>, tensor<1x4x1000x64xf16>, tensor<1x4x1000x64xf16>) -> tensor<1x4x1x64xf16>
      schedule = #tessel.schedule<block = [16, 64], warps = 2, split_k = 8> {
  ^bb0(%a: tensor<1x4x1x64xf16>, %b: tensor<1x4x1000x64xf16>, %c: tensor<1x4x1000x64xf16>):
    %0 = tessel.attention %a, %b, %c : tensor<1x4x1x64xf16>, tensor<1x4x1000x64xf16>, tensor<1x4x1000x64xf16> -> tensor<1x4x1x64xf16>
    tessel.yield %0 : tensor<1x4x1x64xf16>
  }
  return %r : tensor<1x4x1x64xf16>
}

func.func @split_causal_prefill_bf16(%q: tensor<1x4x77x64xbf16>, %k: tensor<1x2x77x64xbf16>, %v: tensor<1x2x77x64xbf16>) -> tensor<1x4x77x64xbf16> {
  %r = tessel.kernel @k_split_causal_prefill_bf16(%q, %k, %v) : (tensor<1x4x77x64xbf16>, tensor<1x2x77x64xbf16>, tensor<1x2x77x64xbf16>) -> tensor<1x4x77x64xbf16>
      schedule = #tessel.schedule<block = [16, 32], warps = 4, split_k = 4, mma = mma_sync> {
  ^bb0(%a: tensor<1x4x77x64xbf16>, %b: tensor<1x2x77x64xbf16>, %c: tensor<1x2x77x64xbf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x4x77x64xbf16>, tensor<1x2x77x64xbf16>, tensor<1x2x77x64xbf16> -> tensor<1x4x77x64xbf16>
    tessel.yield %0 : tensor<1x4x77x64xbf16>
  }
  return %r : tensor<1x4x77x64xbf16>
}

func.func @split_causal_simt_f16(%q: tensor<1x2x197x80xf16>, %k: tensor<1x1x197x80xf16>, %v: tensor<1x1x197x80xf16>) -> tensor<1x2x197x80xf16> {
  %r = tessel.kernel @k_split_causal_simt_f16(%q, %k, %v) : (tensor<1x2x197x80xf16>, tensor<1x1x197x80xf16>, tensor<1x1x197x80xf16>) -> tensor<1x2x197x80xf16>
      schedule = #tessel.schedule<block = [32, 32], warps = 4, split_k = 3> {
  ^bb0(%a: tensor<1x2x197x80xf16>, %b: tensor<1x1x197x80xf16>, %c: tensor<1x1x197x80xf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x2x197x80xf16>, tensor<1x1x197x80xf16>, tensor<1x1x197x80xf16> -> tensor<1x2x197x80xf16>
    tessel.yield %0 : tensor<1x2x197x80xf16>
  }
  return %r : tensor<1x2x197x80xf16>
}

func.func @split_short_bf16(%q: tensor<2x2x1x256xbf16>, %k: tensor<2x2x77x256xbf16>, %v: tensor<2x2x77x256xbf16>) -> tensor<2x2x1x256xbf16> {
  %r = tessel.kernel @k_split_short_bf16(%q, %k, %v) : (tensor<2x2x1x256xbf16>, tensor<2x2x77x256xbf16>, tensor<2x2x77x256xbf16>) -> tensor<2x2x1x256xbf16>
      schedule = #tessel.schedule<block = [16, 16], warps = 1, split_k = 2> {
  ^bb0(%a: tensor<2x2x1x256xbf16>, %b: tensor<2x2x77x256xbf16>, %c: tensor<2x2x77x256xbf16>):
    %0 = tessel.attention %a, %b, %c : tensor<2x2x1x256xbf16>, tensor<2x2x77x256xbf16>, tensor<2x2x77x256xbf16> -> tensor<2x2x1x256xbf16>
    tessel.yield %0 : tensor<2x2x1x256xbf16>
  }
  return %r : tensor<2x2x1x256xbf16>
}

func.func @split_dim80_f16(%q: tensor<1x2x77x80xf16>, %k: tensor<1x1x1000x80xf16>, %v: tensor<1x1x1000x80xf16>) -> tensor<1x2x77x80xf16> {
  %r = tessel.kernel @k_split_dim80_f16(%q, %k, %v) : (tensor<1x2x77x80xf16>, tensor<1x1x1000x80xf16>, tensor<1x1x1000x80xf16>) -> tensor<1x2x77x80xf16>
      schedule = #tessel.schedule<block = [32, 64], warps = 4, split_k = 5, mma = mma_sync> {
  ^bb0(%a: tensor<1x2x77x80xf16>, %b: tensor<1x1x1000x80xf16>, %c: tensor<1x1x1000x80xf16>):
    %0 = tessel.attention %a, %b, %c causal : tensor<1x2x77x80xf16>, tensor<1x1x1000x80xf16>, tensor<1x1x1000x80xf16> -> tensor<1x2x77x80xf16>
    tessel.yield %0 : tensor<1x2x77x80xf16>
  }
  return %r : tensor<1x2x77x80xf16>
}

func.func @halves_bf16(%q: tensor<1x4x40x32xbf16>, %k: tensor<1x2x50x32xbf16>, %v: tensor<1x2x50x24xbf16>) -> tensor<1x4x40x24xbf16> {
  %0:2 = tessel.kernel @k_halves_partial_bf16(%q, %k, %v) : (tensor<1x4x40x32xbf16>, tensor<1x2x50x32xbf16>, tensor<1x2x50x24xbf16>) -> (tensor<3x1x4x40x24xf32>, tensor<3x1x4x40xf32>)
      schedule = #tessel.schedule<block = [16, 16], warps = 1, mma = mma_sync> {
  ^bb0(%a: tensor<1x4x40x32xbf16>, %b: tensor<1x2x50x32xbf16>, %c: tensor<1x2x50x24xbf16>):
    %1:2 = tessel.attention_partial %a, %b, %c splits = 3 causal : tensor<1x4x40x32xbf16>, tensor<1x2x50x32xbf16>, tensor<1x2x50x24xbf16> -> tensor<3x1x4x40x24xf32>, tensor<3x1x4x40xf32>
    tessel.yield %1#0, %1#1 : tensor<3x1x4x40x24xf32>, tensor<3x1x4x40xf32>
  }
  %2 = tessel.kernel @k_halves_combine_bf16(%0#0, %0#1) : (tensor<3x1x4x40x24xf32>, tensor<3x1x4x40xf32>) -> tensor<1x4x40x24xbf16>
      schedule = #tessel.schedule<block = [8], warps = 2> {
  ^bb0(%p: tensor<3x1x4x40x24xf32>, %l: tensor<3x1x4x40xf32>):
    %3 = tessel.attention_combine %p, %l : tensor<3x1x4x40x24xf32>, tensor<3x1x4x40xf32> -> tensor<1x4x40x24xbf16>
    tessel.yield %3 : tensor<1x4x40x24xbf16>
  }
  return %2 : tensor<1x4x40x24xbf16>
}

func.func @halves_f16(%q: tensor<1x4x40x32xf16>, %k: tensor<1x2x50x32xf16>, %v: tensor<1x2x50x24xf16>) -> tensor<1x4x40x24xf16> {
  %0:2 = tessel.kernel @k_halves_partial_f16(%q, %k, %v) : (tensor<1x4x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x24xf16>) -> (tensor<2x1x4x40x24xf32>, tensor<2x1x4x40xf32>)
      schedule = #tessel.schedule<block = [16, 32], warps = 1> {
  ^bb0(%a: tensor<1x4x40x32xf16>, %b: tensor<1x2x50x32xf16>, %c: tensor<1x2x50x24xf16>):
    %1:2 = tessel.attention_partial %a, %b, %c splits = 2 causal : tensor<1x4x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x24xf16> -> tensor<2x1x4x40x24xf32>, tensor<2x1x4x40xf32>
    tessel.yield %1#0, %1#1 : tensor<2x1x4x40x24xf32>, tensor<2x1x4x40xf32>
  }
  %2 = tessel.kernel @k_halves_combine_f16(%0#0, %0#1) : (tensor<2x1x4x40x24xf32>, tensor<2x1x4x40xf32>) -> tensor<1x4x40x24xf16>
      schedule = #tessel.schedule<block = [3], warps = 1> {
  ^bb0(%p: tensor<2x1x4x40x24xf32>, %l: tensor<2x1x4x40xf32>):
    %3 = tessel.attention_combine %p, %l : tensor<2x1x4x40x24xf32>, tensor<2x1x4x40xf32> -> tensor<1x4x40x24xf16>
    tessel.yield %3 : tensor<1x4x40x24xf16>
  }
  return %2 : tensor<1x4x40x24xf16>
}
