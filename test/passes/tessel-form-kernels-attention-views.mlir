// tessel-form-kernels puts the transposes that swap heads and tokens of an
// attention's query, key and value (each used by the attention alone) in
// the attention's kernel, and the transpose of its result back too: the
// fused attention reads and writes [B, S, H, D] in place (a BERT layer's
// four transposes are no kernels of their own). Under the model policy
// each join is predicted (explain: a remark); under none, nothing joins.
// A transpose of another permutation, or one something else also reads,
// stays a kernel of its own. Every function is checked on the CPU path
// against its ops as written.
// RUN: tessel-opt %s --tessel-form-kernels=policy=rule | FileCheck %s
// RUN: tessel-opt %s --tessel-set-target=target=h100 --tessel-form-kernels | FileCheck %s
// RUN: tessel-opt %s --tessel-set-target=target=h100 --tessel-form-kernels="policy=model explain" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// RUN: tessel-opt %s --tessel-form-kernels=policy=none | FileCheck %s --check-prefix=NONE
// RUN: tessel-run %s --cpu --check | FileCheck %s --check-prefix=CPU

// CHECK-LABEL: func.func @heads
// CHECK: tessel.kernel @heads_k0_matmul
// CHECK: tessel.kernel @heads_k1_matmul
// CHECK: tessel.kernel @heads_k2_matmul
// CHECK: tessel.kernel @heads_k3_attention
// CHECK-NEXT: ^bb0(%[[Q:.*]]: tensor<2x40x4x32xbf16>, %[[K:.*]]: tensor<2x40x4x32xbf16>, %[[V:.*]]: tensor<2x40x4x32xbf16>):
// CHECK-NEXT: %[[QT:.*]] = tessel.transpose %[[Q]] permutation = [0, 2, 1, 3]
// CHECK-NEXT: %[[KT:.*]] = tessel.transpose %[[K]] permutation = [0, 2, 1, 3]
// CHECK-NEXT: %[[VT:.*]] = tessel.transpose %[[V]] permutation = [0, 2, 1, 3]
// CHECK-NEXT: %[[A:.*]] = tessel.attention %[[QT]], %[[KT]], %[[VT]] causal
// CHECK-NEXT: %[[O:.*]] = tessel.transpose %[[A]] permutation = [0, 2, 1, 3]
// CHECK-NEXT: tessel.yield %[[O]]
// CHECK-NOT: tessel.kernel
// CHECK: return
// EXPLAIN: remark: reads the transpose of an operand in place: {{.*}} us fused against 2.{{[0-9]+}} + {{.*}} us apart on h100
// EXPLAIN: remark: reads the transpose of an operand in place
// EXPLAIN: remark: reads the transpose of an operand in place
// NONE-LABEL: func.func @heads
// NONE-COUNT-4: tessel.kernel @heads_k{{[0-9]+}}_transpose
// CPU: func @heads
// CPU-NEXT: ok
func.func @heads(%x: tensor<80x128xbf16>, %wq: tensor<128x128xbf16>, %wk: tensor<128x128xbf16>, %wv: tensor<128x128xbf16>) -> tensor<80x128xbf16> {
  %q0 = tessel.matmul %x, %wq : tensor<80x128xbf16>, tensor<128x128xbf16> -> tensor<80x128xbf16>
  %q1 = tessel.reshape %q0 : tensor<80x128xbf16> -> tensor<2x40x4x32xbf16>
  %q = tessel.transpose %q1 permutation = [0, 2, 1, 3] : tensor<2x40x4x32xbf16> -> tensor<2x4x40x32xbf16>
  %k0 = tessel.matmul %x, %wk : tensor<80x128xbf16>, tensor<128x128xbf16> -> tensor<80x128xbf16>
  %k1 = tessel.reshape %k0 : tensor<80x128xbf16> -> tensor<2x40x4x32xbf16>
  %k = tessel.transpose %k1 permutation = [0, 2, 1, 3] : tensor<2x40x4x32xbf16> -> tensor<2x4x40x32xbf16>
  %v0 = tessel.matmul %x, %wv : tensor<80x128xbf16>, tensor<128x128xbf16> -> tensor<80x128xbf16>
  %v1 = tessel.reshape %v0 : tensor<80x128xbf16> -> tensor<2x40x4x32xbf16>
  %v = tessel.transpose %v1 permutation = [0, 2, 1, 3] : tensor<2x40x4x32xbf16> -> tensor<2x4x40x32xbf16>
  %a = tessel.attention %q, %k, %v causal : tensor<2x4x40x32xbf16>, tensor<2x4x40x32xbf16>, tensor<2x4x40x32xbf16> -> tensor<2x4x40x32xbf16>
  %o = tessel.transpose %a permutation = [0, 2, 1, 3] : tensor<2x4x40x32xbf16> -> tensor<2x40x4x32xbf16>
  %r = tessel.reshape %o : tensor<2x40x4x32xbf16> -> tensor<80x128xbf16>
  return %r : tensor<80x128xbf16>
}

// The key transposed the other way ([B, H, D, S] to [B, H, S, D]) and the
// value's transpose also returned: both stay kernels of their own; the
// query's joins.
// CHECK-LABEL: func.func @stays
// CHECK: tessel.kernel @stays_k0_transpose
// CHECK: tessel.transpose %{{.*}} permutation = [0, 1, 3, 2]
// CHECK: tessel.kernel @stays_k1_transpose
// CHECK: tessel.transpose %{{.*}} permutation = [0, 2, 1, 3]
// CHECK: tessel.kernel @stays_k2_attention
// CHECK-NEXT: ^bb0(
// CHECK-NEXT: tessel.transpose %{{.*}} permutation = [0, 2, 1, 3]
// CHECK-NEXT: tessel.attention
// CHECK-NEXT: tessel.yield
// CPU: func @stays
// CPU-NEXT: ok
func.func @stays(%q: tensor<1x33x2x64xf16>, %k: tensor<1x2x64x50xf16>, %v: tensor<1x50x2x64xf16>) -> (tensor<1x2x33x64xf16>, tensor<1x2x50x64xf16>) {
  %kt = tessel.transpose %k permutation = [0, 1, 3, 2] : tensor<1x2x64x50xf16> -> tensor<1x2x50x64xf16>
  %vt = tessel.transpose %v permutation = [0, 2, 1, 3] : tensor<1x50x2x64xf16> -> tensor<1x2x50x64xf16>
  %qt = tessel.transpose %q permutation = [0, 2, 1, 3] : tensor<1x33x2x64xf16> -> tensor<1x2x33x64xf16>
  %a = tessel.attention %qt, %kt, %vt : tensor<1x2x33x64xf16>, tensor<1x2x50x64xf16>, tensor<1x2x50x64xf16> -> tensor<1x2x33x64xf16>
  return %a, %vt : tensor<1x2x33x64xf16>, tensor<1x2x50x64xf16>
}
