// With the model policy, tessel-form-kernels takes into a matmul's kernel
// the elementwise kernel computing an operand that the matmul alone reads,
// where the one kernel is predicted no slower than the two (split-K
// included): the K step's copies compute the cast or the activation on the
// way (on h100 the threads' copies feeding wgmma), and the operand never
// goes through device memory. The rule policy keeps contractions starting a
// kernel.
// RUN: tessel-opt %s --tessel-form-kernels | FileCheck %s
// RUN: tessel-opt %s --tessel-form-kernels=policy=rule | FileCheck %s --check-prefix=RULE
// RUN: tessel-opt %s --tessel-form-kernels=explain=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// RUN: tessel-compile %s --target=h100 --predict-only | FileCheck %s --check-prefix=PREDICT
// test/codegen/cpu-check-prologue-join.mlir runs such kernels on the CPU
// against the reference on every target, and compiles them.

// A cast from f32 before a skinny bf16 matmul (4096 x 128 x 4096): the cast
// alone writes and the matmul reads 32 MiB of bf16; fused, each block reads
// its f32 rows once (split-K spreads them): one kernel.
// CHECK-LABEL: func.func @skinny
// CHECK: tessel.kernel @skinny_k0_matmul
// CHECK-NEXT: ^bb0
// CHECK-NEXT: tessel.cast
// CHECK-NEXT: tessel.matmul
// CHECK-NEXT: tessel.yield
// CHECK-NOT: tessel.kernel
// CHECK: return
// At 4096^3 the fused kernel would read A's f32 rows once per column of
// blocks through L2, at L2's rate: two kernels.
// CHECK-LABEL: func.func @square
// CHECK: tessel.kernel @square_k0_cast
// CHECK: tessel.kernel @square_k1_matmul
// CHECK-NEXT: ^bb0
// CHECK-NEXT: tessel.matmul
// A tanh GELU before a small matmul (197 tokens, ViT's MLP width), and a
// cast of the weights (B): one kernel each.
// CHECK-LABEL: func.func @gelu
// CHECK: tessel.kernel @gelu_k0_matmul
// CHECK-NEXT: ^bb0
// CHECK-NEXT: tessel.gelu
// CHECK-NEXT: tessel.matmul
// CHECK-NOT: tessel.kernel
// CHECK-LABEL: func.func @weights
// CHECK: tessel.kernel @weights_k0_matmul
// CHECK-NEXT: ^bb0
// CHECK-NEXT: tessel.cast
// CHECK-NEXT: tessel.matmul
// CHECK-NOT: tessel.kernel
// CHECK: return
// An operand the matmul reads twice, a transpose and a concat stay kernels
// of their own (the copies compute a prologue element by element). A
// product of two tensors could join, but is predicted slower fused.
// CHECK-LABEL: func.func @twice
// CHECK: tessel.kernel @twice_k0_cast
// CHECK: tessel.kernel @twice_k1_matmul
// CHECK-LABEL: func.func @product
// CHECK: tessel.kernel @product_k0_mul
// CHECK: tessel.kernel @product_k1_matmul
// CHECK-LABEL: func.func @transposed
// CHECK: tessel.kernel @transposed_k0_transpose
// CHECK: tessel.kernel @transposed_k1_matmul
// CHECK-LABEL: func.func @concat
// CHECK: tessel.kernel @concat_k0_concat
// CHECK: tessel.kernel @concat_k1_matmul

// RULE-LABEL: func.func @skinny
// RULE: tessel.kernel @skinny_k0_cast
// RULE: tessel.kernel @skinny_k1_matmul
// RULE-LABEL: func.func @gelu
// RULE: tessel.kernel @gelu_k0_gelu
// RULE: tessel.kernel @gelu_k1_matmul

// EXPLAIN: remark: is computed in its contraction's kernel: {{[0-9.]+}} us as one kernel against {{[0-9.]+}} + {{[0-9.]+}} us apart on h100
// EXPLAIN: remark: stays out of its contraction's kernel: {{[0-9.]+}} us as one kernel against {{[0-9.]+}} + {{[0-9.]+}} us apart on h100
// EXPLAIN: remark: is computed in its contraction's kernel:
// EXPLAIN: remark: is computed in its contraction's kernel:
// EXPLAIN: remark: stays out of its contraction's kernel: {{[0-9.]+}} us as one kernel against {{[0-9.]+}} + {{[0-9.]+}} us apart on h100
// EXPLAIN-NOT: remark: {{.*}}contraction's kernel

// The skinny kernel takes wgmma fed by the threads' copies, split along K.
// PREDICT: skinny_k0_matmul_partial {{.*}} warp = [1, 16, 128, 64]{{.*}}mma = wgmma
// PREDICT: skinny_k0_matmul_sum

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @skinny(%x: tensor<4096x4096xf32>, %w: tensor<4096x128xbf16>) -> tensor<4096x128xbf16> {
    %a = tessel.cast %x : tensor<4096x4096xf32> to tensor<4096x4096xbf16>
    %r = tessel.matmul %a, %w : tensor<4096x4096xbf16>, tensor<4096x128xbf16> -> tensor<4096x128xbf16>
    return %r : tensor<4096x128xbf16>
  }
  func.func @square(%x: tensor<4096x4096xf32>, %w: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %a = tessel.cast %x : tensor<4096x4096xf32> to tensor<4096x4096xbf16>
    %r = tessel.matmul %a, %w : tensor<4096x4096xbf16>, tensor<4096x4096xbf16> -> tensor<4096x4096xbf16>
    return %r : tensor<4096x4096xbf16>
  }
  func.func @gelu(%x: tensor<197x768xf16>, %w: tensor<768x192xf16>) -> tensor<197x192xf16> {
    %a = tessel.gelu tanh %x : tensor<197x768xf16>
    %r = tessel.matmul %a, %w : tensor<197x768xf16>, tensor<768x192xf16> -> tensor<197x192xf16>
    return %r : tensor<197x192xf16>
  }
  func.func @weights(%x: tensor<197x768xbf16>, %w: tensor<768x192xf32>) -> tensor<197x192xbf16> {
    %b = tessel.cast %w : tensor<768x192xf32> to tensor<768x192xbf16>
    %r = tessel.matmul %x, %b : tensor<197x768xbf16>, tensor<768x192xbf16> -> tensor<197x192xbf16>
    return %r : tensor<197x192xbf16>
  }
  func.func @twice(%x: tensor<256x1024xf32>) -> tensor<256x256xbf16> {
    %a = tessel.cast %x : tensor<256x1024xf32> to tensor<256x1024xbf16>
    %r = tessel.matmul %a, %a transpose_rhs : tensor<256x1024xbf16>, tensor<256x1024xbf16> -> tensor<256x256xbf16>
    return %r : tensor<256x256xbf16>
  }
  func.func @product(%x: tensor<197x768xbf16>, %s: tensor<197x768xbf16>, %w: tensor<768x192xbf16>) -> tensor<197x192xbf16> {
    %a = tessel.mul %x, %s : tensor<197x768xbf16>, tensor<197x768xbf16> -> tensor<197x768xbf16>
    %r = tessel.matmul %a, %w : tensor<197x768xbf16>, tensor<768x192xbf16> -> tensor<197x192xbf16>
    return %r : tensor<197x192xbf16>
  }
  func.func @transposed(%x: tensor<768x197xbf16>, %w: tensor<768x192xbf16>) -> tensor<197x192xbf16> {
    %a = tessel.transpose %x permutation = [1, 0] : tensor<768x197xbf16> -> tensor<197x768xbf16>
    %r = tessel.matmul %a, %w : tensor<197x768xbf16>, tensor<768x192xbf16> -> tensor<197x192xbf16>
    return %r : tensor<197x192xbf16>
  }
  func.func @concat(%x: tensor<197x384xbf16>, %y: tensor<197x384xbf16>, %w: tensor<768x192xbf16>) -> tensor<197x192xbf16> {
    %a = tessel.concat %x, %y dim = 1 : tensor<197x384xbf16>, tensor<197x384xbf16> -> tensor<197x768xbf16>
    %r = tessel.matmul %a, %w : tensor<197x768xbf16>, tensor<768x192xbf16> -> tensor<197x192xbf16>
    return %r : tensor<197x192xbf16>
  }
}
