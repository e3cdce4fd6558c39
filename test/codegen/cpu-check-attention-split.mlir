// An attention as its parts (S = q k^T in f32, the scaled and masked
// softmax in f32, v cast to f32 for f16 and bf16, O = P v rounded once to
// the result type). The model's fusion policy chooses them where their
// kernels are predicted faster than the fused attention kernel at its best
// (split-KV included); on h100 that is none of these shapes, not even a
// few queries against many keys (the split-KV kernel fills the GPU where
// the fused kernel alone has too few blocks), so the
// parts are checked with `parts=always`. v's cast joins the kernel of
// O = P v where the model predicts that faster (the K step's copies of v
// compute it), which it does for all but one shape here. Grouped-query
// heads become rows of one batch; shapes that divide no tile; all three types. Every kernel and
// every function is checked against the reference, the functions against
// the attention as written (a sliding window's too).
// RUN: tessel-opt --tessel-form-kernels=explain %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DECIDE
// RUN: tessel-opt --tessel-form-kernels=parts=always %s | FileCheck %s --check-prefix=KERNELS
// RUN: tessel-run %s --cpu --check --parts=always | FileCheck %s
// RUN: tessel-compile %s --target=h100 --predict-only | FileCheck %s --check-prefix=PREDICT
// The compile suites (test/tools/tessel-compile-suite-*.test) compile the
// parts too:
// COMPILE-SUITE-FLAGS: --parts=always

// DECIDE: 84:8: remark: stays one kernel: {{[0-9.]+}} us as one kernel against {{[0-9.]+}} us ({{[0-9.]+}} + {{[0-9.]+}} + {{[0-9.]+}} + {{[0-9.]+}}) as 4 kernels on h100
// DECIDE: 88:8: remark: stays one kernel:
// DECIDE: 92:8: remark: stays one kernel: {{.*}} as 3 kernels on h100
// DECIDE: 96:8: remark: stays one kernel: {{[0-9.]+}} us as one kernel against {{[0-9.]+}} us ({{.*}}) as 4 kernels on h100
// DECIDE: 100:8: remark: stays one kernel: {{[0-9.]+}} us as one kernel against {{[0-9.]+}} us ({{[0-9.]+}} + {{[0-9.]+}} + {{[0-9.]+}} + {{[0-9.]+}}) as 4 kernels on h100
// DECIDE: 104:8: remark: stays one kernel:
// DECIDE: 108:8: remark: stays one kernel: {{.*}} as 3 kernels on h100
// DECIDE: 114:8: remark: stays one kernel: {{[0-9.]+}} us as one kernel against {{[0-9.]+}} us ({{.*}}) as 4 kernels on h100

// KERNELS-LABEL: func.func @gqa_causal_bf16
// KERNELS: tessel.kernel @gqa_causal_bf16_k0_batch_matmul
// KERNELS: tessel.kernel @gqa_causal_bf16_k2_batch_matmul
// KERNELS-LABEL: func.func @tiny_bf16
// KERNELS: tessel.kernel @tiny_bf16_k0_batch_matmul
// KERNELS-LABEL: func.func @decode_gqa_causal_bf16
// KERNELS: %[[Q:.*]] = tessel.reshape %arg0 : tensor<2x4x3x40xbf16> -> tensor<4x6x40xbf16>
// KERNELS: %[[K:.*]] = tessel.reshape %arg1 : tensor<2x2x700x40xbf16> -> tensor<4x700x40xbf16>
// KERNELS: %[[V:.*]] = tessel.reshape %arg2 : tensor<2x2x700x24xbf16> -> tensor<4x700x24xbf16>
// KERNELS: tessel.kernel @decode_gqa_causal_bf16_k0_batch_matmul(%[[Q]], %[[K]])
// KERNELS: tessel.batch_matmul %{{.*}}, %{{.*}} transpose_rhs : tensor<4x6x40xbf16>, tensor<4x700x40xbf16> -> tensor<4x6x700xf32>
// KERNELS: tessel.reshape %{{.*}} : tensor<4x6x700xf32> -> tensor<4x2x3x700xf32>
// KERNELS: tessel.kernel @decode_gqa_causal_bf16_k1_softmax
// KERNELS: tessel.softmax %{{.*}} dim = 3 scale = 0.15811388300841897 causal : tensor<4x2x3x700xf32>
// KERNELS: %[[P:.*]] = tessel.reshape %{{.*}} : tensor<4x2x3x700xf32> -> tensor<4x6x700xf32>
// KERNELS: tessel.kernel @decode_gqa_causal_bf16_k2_batch_matmul(%[[V]], %[[P]])
// KERNELS: tessel.cast %{{.*}} : tensor<4x700x24xbf16> to tensor<4x700x24xf32>
// KERNELS: tessel.batch_matmul %{{.*}}, %{{.*}} : tensor<4x6x700xf32>, tensor<4x700x24xf32> -> tensor<4x6x24xf32>
// KERNELS: tessel.cast %{{.*}} : tensor<4x6x24xf32> to tensor<4x6x24xbf16>
// KERNELS: tessel.reshape %{{.*}} : tensor<4x6x24xbf16> -> tensor<2x4x3x24xbf16>
// KERNELS-LABEL: func.func @decode_mha_f16
// KERNELS: tessel.softmax %{{.*}} dim = 2 scale = 2.000000e-01 : tensor<3x5x3000xf32>
// KERNELS-LABEL: func.func @decode_gqa_causal_f32
// KERNELS-NOT: tessel.cast
// KERNELS: tessel.softmax %{{.*}} dim = 3 scale = 2.500000e-01 causal : tensor<2x3x2x1000xf32>
// KERNELS-NOT: tessel.cast
// KERNELS-LABEL: func.func @window_gqa_bf16
// KERNELS: tessel.softmax %{{.*}} dim = 3 scale = 0.17677669529663687 causal window = 20 : tensor<2x2x50x77xf32>

// CHECK-COUNT-25: ok
// CHECK: func @gqa_causal_bf16
// CHECK-NEXT: ok
// CHECK: func @mha_f16
// CHECK-NEXT: ok
// CHECK: func @gqa_causal_f32
// CHECK-NEXT: ok
// CHECK: func @tiny_bf16
// CHECK-NEXT: ok
// CHECK: func @decode_gqa_causal_bf16
// CHECK-NEXT: ok
// CHECK: func @decode_mha_f16
// CHECK-NEXT: ok
// CHECK: func @decode_gqa_causal_f32
// CHECK-NEXT: ok
// CHECK: func @window_gqa_bf16
// CHECK-NEXT: ok
// CHECK: all outputs match the reference

// PREDICT: Predicted on h100 ({{.*}}), 8 kernel(s):
// PREDICT-NOT: no prediction

module attributes {tessel.target = #tessel.target<"h100">} {
func.func @gqa_causal_bf16(%q: tensor<2x4x60x40xbf16>, %k: tensor<2x2x77x40xbf16>, %v: tensor<2x2x77x24xbf16>) -> tensor<2x4x60x24xbf16> {
  %0 = tessel.attention %q, %k, %v causal : tensor<2x4x60x40xbf16>, tensor<2x2x77x40xbf16>, tensor<2x2x77x24xbf16> -> tensor<2x4x60x24xbf16>
  return %0 : tensor<2x4x60x24xbf16>
}
func.func @mha_f16(%q: tensor<1x3x96x64xf16>, %k: tensor<1x3x96x64xf16>, %v: tensor<1x3x96x64xf16>) -> tensor<1x3x96x64xf16> {
  %0 = tessel.attention %q, %k, %v scale = 0.2 : tensor<1x3x96x64xf16>, tensor<1x3x96x64xf16>, tensor<1x3x96x64xf16> -> tensor<1x3x96x64xf16>
  return %0 : tensor<1x3x96x64xf16>
}
func.func @gqa_causal_f32(%q: tensor<1x6x33x16xf32>, %k: tensor<1x2x50x16xf32>, %v: tensor<1x2x50x16xf32>) -> tensor<1x6x33x16xf32> {
  %0 = tessel.attention %q, %k, %v causal : tensor<1x6x33x16xf32>, tensor<1x2x50x16xf32>, tensor<1x2x50x16xf32> -> tensor<1x6x33x16xf32>
  return %0 : tensor<1x6x33x16xf32>
}
func.func @tiny_bf16(%q: tensor<1x1x1x4xbf16>, %k: tensor<1x1x2x4xbf16>, %v: tensor<1x1x2x4xbf16>) -> tensor<1x1x1x4xbf16> {
  %0 = tessel.attention %q, %k, %v : tensor<1x1x1x4xbf16>, tensor<1x1x2x4xbf16>, tensor<1x1x2x4xbf16> -> tensor<1x1x1x4xbf16>
  return %0 : tensor<1x1x1x4xbf16>
}
func.func @decode_gqa_causal_bf16(%q: tensor<2x4x3x40xbf16>, %k: tensor<2x2x700x40xbf16>, %v: tensor<2x2x700x24xbf16>) -> tensor<2x4x3x24xbf16> {
  %0 = tessel.attention %q, %k, %v causal : tensor<2x4x3x40xbf16>, tensor<2x2x700x40xbf16>, tensor<2x2x700x24xbf16> -> tensor<2x4x3x24xbf16>
  return %0 : tensor<2x4x3x24xbf16>
}
func.func @decode_mha_f16(%q: tensor<1x3x5x64xf16>, %k: tensor<1x3x3000x64xf16>, %v: tensor<1x3x3000x64xf16>) -> tensor<1x3x5x64xf16> {
  %0 = tessel.attention %q, %k, %v scale = 0.2 : tensor<1x3x5x64xf16>, tensor<1x3x3000x64xf16>, tensor<1x3x3000x64xf16> -> tensor<1x3x5x64xf16>
  return %0 : tensor<1x3x5x64xf16>
}
func.func @decode_gqa_causal_f32(%q: tensor<1x6x2x16xf32>, %k: tensor<1x2x1000x16xf32>, %v: tensor<1x2x1000x16xf32>) -> tensor<1x6x2x16xf32> {
  %0 = tessel.attention %q, %k, %v causal : tensor<1x6x2x16xf32>, tensor<1x2x1000x16xf32>, tensor<1x2x1000x16xf32> -> tensor<1x6x2x16xf32>
  return %0 : tensor<1x6x2x16xf32>
}
// A sliding window of 20 keys on a causal grouped-query prefill: the
// softmax's mask hides the keys before each query's window too.
func.func @window_gqa_bf16(%q: tensor<1x4x50x32xbf16>, %k: tensor<1x2x77x32xbf16>, %v: tensor<1x2x77x32xbf16>) -> tensor<1x4x50x32xbf16> {
  %0 = tessel.attention %q, %k, %v causal window = 20 : tensor<1x4x50x32xbf16>, tensor<1x2x77x32xbf16>, tensor<1x2x77x32xbf16> -> tensor<1x4x50x32xbf16>
  return %0 : tensor<1x4x50x32xbf16>
}
}
