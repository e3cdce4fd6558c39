// tessel-form-kernels moves a transpose that swaps heads and tokens below
// the elementwise ops between it and an attention (a rotary embedding:
// HF LLaMA's `q.view(B, S, H, D).transpose(1, 2)`, then `q * cos +
// rotate_half(q) * sin`), so that they compute in the tokens' layout
// [B, S, H, D] (cos and sin [S, D] read as [1, S, 1, D], a reshape) and
// the fused attention reads their results through its views: no transpose
// is a kernel of its own. The embedding itself (slices, negation, concat,
// products, sum) is one kernel per tensor, which reads q or k alone: the
// concat joins the kernel of the values it gathers, and a binary op takes
// in the elementwise kernel of its other operand. Where something other
// than an attention reads
// the DAG's values, or an operand would need a transpose of its own, the
// transpose stays where it is. Every function is checked on the CPU path
// against its ops as written.
// RUN: tessel-opt %s --tessel-form-kernels=policy=rule | FileCheck %s
// RUN: tessel-opt %s --tessel-set-target=target=h100 --tessel-form-kernels | FileCheck %s --check-prefix=MODEL
// RUN: tessel-run %s --cpu --check | FileCheck %s --check-prefix=CPU

// CHECK-LABEL: func.func @rotary
// CHECK-NOT: _transpose
// CHECK-DAG: %[[SIN:.*]] = tessel.reshape %arg5 : tensor<40x32xbf16> -> tensor<1x40x1x32xbf16>
// CHECK-DAG: %[[COS:.*]] = tessel.reshape %arg4 : tensor<40x32xbf16> -> tensor<1x40x1x32xbf16>
// CHECK: %[[Q:.*]] = tessel.reshape %{{.*}} : tensor<40x128xbf16> -> tensor<1x40x4x32xbf16>
// The whole embedding of the query is one kernel: the concat joins the
// negated half's kernel and takes in the other half's, the add takes in
// q * cos (the rotation's halves gather q itself).
// CHECK: tessel.kernel @rotary_k{{[0-9]+}}_mul(%[[Q]], %[[COS]], %[[SIN]])
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<1x40x4x32xbf16>, %[[C:.*]]: tensor<1x40x1x32xbf16>, %[[S:.*]]: tensor<1x40x1x32xbf16>):
// CHECK-NEXT: %[[XC:.*]] = tessel.mul %[[X]], %[[C]]
// CHECK-NEXT: %[[LO:.*]] = tessel.slice %[[X]] offsets = [0, 0, 0, 0] strides = [1, 1, 1, 1] : tensor<1x40x4x32xbf16> -> tensor<1x40x4x16xbf16>
// CHECK-NEXT: %[[HI:.*]] = tessel.slice %[[X]] offsets = [0, 0, 0, 16] strides = [1, 1, 1, 1] : tensor<1x40x4x32xbf16> -> tensor<1x40x4x16xbf16>
// CHECK-NEXT: %[[HIN:.*]] = tessel.neg %[[HI]]
// CHECK-NEXT: %[[ROT:.*]] = tessel.concat %[[HIN]], %[[LO]] dim = 3
// CHECK-NEXT: %[[XS:.*]] = tessel.mul %[[ROT]], %[[S]]
// CHECK-NEXT: %[[SUM:.*]] = tessel.add %[[XC]], %[[XS]]
// CHECK-NEXT: tessel.yield %[[SUM]]
// CHECK: tessel.kernel @rotary_k{{[0-9]+}}_mul(%{{.*}}, %[[COS]], %[[SIN]])
// CHECK: tessel.kernel @rotary_k{{[0-9]+}}_attention
// CHECK-NEXT: ^bb0(%[[V:.*]]: tensor<1x40x2x32xbf16>, %[[QR:.*]]: tensor<1x40x4x32xbf16>, %[[KR:.*]]: tensor<1x40x2x32xbf16>):
// CHECK-NEXT: %[[VT:.*]] = tessel.transpose %[[V]] permutation = [0, 2, 1, 3]
// CHECK-NEXT: %[[QT:.*]] = tessel.transpose %[[QR]] permutation = [0, 2, 1, 3]
// CHECK-NEXT: %[[KT:.*]] = tessel.transpose %[[KR]] permutation = [0, 2, 1, 3]
// CHECK-NEXT: %[[A:.*]] = tessel.attention %[[QT]], %[[KT]], %[[VT]]
// CHECK-NEXT: %[[O:.*]] = tessel.transpose %[[A]] permutation = [0, 2, 1, 3]
// CHECK-NEXT: tessel.yield %[[O]]
// CHECK-NOT: _transpose
// CHECK: return
// The model policy: the same, no transpose a kernel of its own.
// MODEL-LABEL: func.func @rotary
// MODEL-NOT: _transpose
// MODEL-COUNT-2: tessel.kernel @rotary_k{{[0-9]+}}_matmul
// MODEL-NOT: tessel.kernel
// MODEL: tessel.kernel @rotary_k{{[0-9]+}}_matmul
// MODEL-NOT: tessel.kernel
// MODEL: tessel.kernel @rotary_k{{[0-9]+}}_mul(
// MODEL-NOT: tessel.kernel
// MODEL: tessel.kernel @rotary_k{{[0-9]+}}_mul(
// MODEL-NOT: tessel.kernel
// MODEL: tessel.kernel @rotary_k{{[0-9]+}}_attention
// MODEL-NEXT: ^bb0(%{{.*}}: tensor<1x40x2x32xbf16>, %{{.*}}: tensor<1x40x4x32xbf16>, %{{.*}}: tensor<1x40x2x32xbf16>):
// MODEL-COUNT-3: tessel.transpose %{{.*}} permutation = [0, 2, 1, 3]
// MODEL-NEXT: tessel.attention
// MODEL-LABEL: func.func @mixed
// CPU: func @rotary
// CPU-NEXT: ok
func.func @rotary(%x: tensor<40x128xbf16>, %wq: tensor<128x128xbf16>, %wk: tensor<128x64xbf16>, %wv: tensor<128x64xbf16>, %cos: tensor<40x32xbf16>, %sin: tensor<40x32xbf16>) -> tensor<40x128xbf16> {
  %q0 = tessel.matmul %x, %wq : tensor<40x128xbf16>, tensor<128x128xbf16> -> tensor<40x128xbf16>
  %q1 = tessel.reshape %q0 : tensor<40x128xbf16> -> tensor<1x40x4x32xbf16>
  %q = tessel.transpose %q1 permutation = [0, 2, 1, 3] : tensor<1x40x4x32xbf16> -> tensor<1x4x40x32xbf16>
  %k0 = tessel.matmul %x, %wk : tensor<40x128xbf16>, tensor<128x64xbf16> -> tensor<40x64xbf16>
  %k1 = tessel.reshape %k0 : tensor<40x64xbf16> -> tensor<1x40x2x32xbf16>
  %k = tessel.transpose %k1 permutation = [0, 2, 1, 3] : tensor<1x40x2x32xbf16> -> tensor<1x2x40x32xbf16>
  %v0 = tessel.matmul %x, %wv : tensor<40x128xbf16>, tensor<128x64xbf16> -> tensor<40x64xbf16>
  %v1 = tessel.reshape %v0 : tensor<40x64xbf16> -> tensor<1x40x2x32xbf16>
  %v = tessel.transpose %v1 permutation = [0, 2, 1, 3] : tensor<1x40x2x32xbf16> -> tensor<1x2x40x32xbf16>
  %qc = tessel.mul %q, %cos : tensor<1x4x40x32xbf16>, tensor<40x32xbf16> -> tensor<1x4x40x32xbf16>
  %q_lo = tessel.slice %q offsets = [0, 0, 0, 0] strides = [1, 1, 1, 1] : tensor<1x4x40x32xbf16> -> tensor<1x4x40x16xbf16>
  %q_hi = tessel.slice %q offsets = [0, 0, 0, 16] strides = [1, 1, 1, 1] : tensor<1x4x40x32xbf16> -> tensor<1x4x40x16xbf16>
  %q_hin = tessel.neg %q_hi : tensor<1x4x40x16xbf16>
  %q_rot = tessel.concat %q_hin, %q_lo dim = 3 : tensor<1x4x40x16xbf16>, tensor<1x4x40x16xbf16> -> tensor<1x4x40x32xbf16>
  %qs = tessel.mul %q_rot, %sin : tensor<1x4x40x32xbf16>, tensor<40x32xbf16> -> tensor<1x4x40x32xbf16>
  %qr = tessel.add %qc, %qs : tensor<1x4x40x32xbf16>, tensor<1x4x40x32xbf16> -> tensor<1x4x40x32xbf16>
  %kc = tessel.mul %k, %cos : tensor<1x2x40x32xbf16>, tensor<40x32xbf16> -> tensor<1x2x40x32xbf16>
  %k_lo = tessel.slice %k offsets = [0, 0, 0, 0] strides = [1, 1, 1, 1] : tensor<1x2x40x32xbf16> -> tensor<1x2x40x16xbf16>
  %k_hi = tessel.slice %k offsets = [0, 0, 0, 16] strides = [1, 1, 1, 1] : tensor<1x2x40x32xbf16> -> tensor<1x2x40x16xbf16>
  %k_hin = tessel.neg %k_hi : tensor<1x2x40x16xbf16>
  %k_rot = tessel.concat %k_hin, %k_lo dim = 3 : tensor<1x2x40x16xbf16>, tensor<1x2x40x16xbf16> -> tensor<1x2x40x32xbf16>
  %ks = tessel.mul %k_rot, %sin : tensor<1x2x40x32xbf16>, tensor<40x32xbf16> -> tensor<1x2x40x32xbf16>
  %kr = tessel.add %kc, %ks : tensor<1x2x40x32xbf16>, tensor<1x2x40x32xbf16> -> tensor<1x2x40x32xbf16>
  %a = tessel.attention %qr, %kr, %v causal : tensor<1x4x40x32xbf16>, tensor<1x2x40x32xbf16>, tensor<1x2x40x32xbf16> -> tensor<1x4x40x32xbf16>
  %o = tessel.transpose %a permutation = [0, 2, 1, 3] : tensor<1x4x40x32xbf16> -> tensor<1x40x4x32xbf16>
  %r = tessel.reshape %o : tensor<1x40x4x32xbf16> -> tensor<40x128xbf16>
  return %r : tensor<40x128xbf16>
}

// A splat constant is made again in the tokens' layout, a table that
// broadcasts over the heads and the tokens ([D]) is read as it is, and a
// cast moves too: the query's transpose joins the attention. The key is
// also returned and multiplied by a table of every head and token ([H, S,
// D], which would need a transpose of its own): its transpose stays a
// kernel of its own.
// CHECK-LABEL: func.func @mixed
// CHECK: tessel.kernel @mixed_k0_mul
// CHECK: tessel.constant dense<5.000000e-01> : tensor<1x40x4x32xf32>
// CHECK: tessel.mul %{{.*}}, %{{.*}} : tensor<1x40x4x32xf32>, tensor<32xf32> -> tensor<1x40x4x32xf32>
// CHECK: tessel.cast %{{.*}} : tensor<1x40x4x32xf32> to tensor<1x40x4x32xbf16>
// CHECK: tessel.kernel @mixed_k{{[0-9]+}}_transpose
// CHECK: tessel.kernel @mixed_k{{[0-9]+}}_mul
// CHECK: tessel.kernel @mixed_k{{[0-9]+}}_attention
// CHECK-NEXT: ^bb0(%{{.*}}: tensor<1x40x4x32xbf16>, %{{.*}}: tensor<1x2x40x32xbf16>, %{{.*}}: tensor<1x2x40x32xbf16>):
// CHECK-NEXT: tessel.transpose
// CHECK-NEXT: tessel.attention
// CHECK-NEXT: tessel.yield
// CPU: func @mixed
// CPU-NEXT: ok
func.func @mixed(%q1: tensor<1x40x4x32xf32>, %k1: tensor<1x40x2x32xbf16>, %v: tensor<1x2x40x32xbf16>, %g: tensor<32xf32>, %t: tensor<2x40x32xbf16>) -> (tensor<1x4x40x32xbf16>, tensor<1x2x40x32xbf16>) {
  %half = tessel.constant dense<0.5> : tensor<1x4x40x32xf32>
  %q = tessel.transpose %q1 permutation = [0, 2, 1, 3] : tensor<1x40x4x32xf32> -> tensor<1x4x40x32xf32>
  %qh = tessel.mul %q, %half : tensor<1x4x40x32xf32>, tensor<1x4x40x32xf32> -> tensor<1x4x40x32xf32>
  %qg = tessel.mul %qh, %g : tensor<1x4x40x32xf32>, tensor<32xf32> -> tensor<1x4x40x32xf32>
  %qb = tessel.cast %qg : tensor<1x4x40x32xf32> to tensor<1x4x40x32xbf16>
  %k = tessel.transpose %k1 permutation = [0, 2, 1, 3] : tensor<1x40x2x32xbf16> -> tensor<1x2x40x32xbf16>
  %kt = tessel.mul %k, %t : tensor<1x2x40x32xbf16>, tensor<2x40x32xbf16> -> tensor<1x2x40x32xbf16>
  %a = tessel.attention %qb, %kt, %v : tensor<1x4x40x32xbf16>, tensor<1x2x40x32xbf16>, tensor<1x2x40x32xbf16> -> tensor<1x4x40x32xbf16>
  return %a, %k : tensor<1x4x40x32xbf16>, tensor<1x2x40x32xbf16>
}
