// Kernels that tessel-form-kernels' model policy makes by taking an
// operand's elementwise kernel into a matmul's (test/passes/
// tessel-form-kernels-prologue.mlir): a cast from f32 or a tanh GELU
// computed in the K step's copies of A, or a cast of the weights in B's,
// on 197 rows (the tiles do not divide them) and on 512. Checked on the
// CPU against the reference as formed for h100 (wgmma from the threads'
// copies), a100 (mma.sync) and mi300x (MFMA), and compiled for each.
// RUN: tessel-opt %s --tessel-form-kernels | FileCheck %s --check-prefix=H100
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: rm -rf %t && tessel-compile %s --target=h100 -o %t/h100 | FileCheck %s --check-prefix=GPU
// RUN: sed 's/"h100"/"a100"/' %s > %t.a100.mlir
// RUN: tessel-opt %t.a100.mlir --tessel-form-kernels | FileCheck %s --check-prefix=A100
// RUN: tessel-run %t.a100.mlir --cpu --check | FileCheck %s
// RUN: tessel-compile %t.a100.mlir --target=a100 -o %t/a100 | FileCheck %s --check-prefix=GPU
// RUN: sed 's/"h100"/"mi300x"/' %s > %t.mi300x.mlir
// RUN: tessel-opt %t.mi300x.mlir --tessel-form-kernels | FileCheck %s --check-prefix=MI300X
// RUN: tessel-run %t.mi300x.mlir --cpu --check | FileCheck %s
// RUN: tessel-compile %t.mi300x.mlir --target=mi300x -o %t/mi300x | FileCheck %s --check-prefix=GPU

// Each prologue joins its matmul's kernel, but a100's GELU at 197 rows
// (predicted 7.97 us fused against 2.63 + 4.32 apart).
// H100: tessel.kernel @cast_a_k0_matmul
// H100: tessel.kernel @gelu_a_k0_matmul
// H100: tessel.kernel @cast_b_k0_matmul
// H100: tessel.kernel @cast_a_skinny_k0_matmul
// H100: tessel.kernel @gelu_a_skinny_k0_matmul
// H100-NOT: tessel.kernel
// A100: tessel.kernel @cast_a_k0_matmul
// A100: tessel.kernel @gelu_a_k0_gelu
// A100: tessel.kernel @gelu_a_k1_matmul
// A100: tessel.kernel @cast_b_k0_matmul
// A100: tessel.kernel @cast_a_skinny_k0_matmul
// A100: tessel.kernel @gelu_a_skinny_k0_matmul
// A100-NOT: tessel.kernel
// MI300X: tessel.kernel @cast_a_k0_matmul
// MI300X: tessel.kernel @gelu_a_k0_matmul
// MI300X: tessel.kernel @cast_b_k0_matmul
// MI300X: tessel.kernel @cast_a_skinny_k0_matmul
// MI300X: tessel.kernel @gelu_a_skinny_k0_matmul
// MI300X-NOT: tessel.kernel

// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
// GPU: tessel-compile: {{[0-9]+}} GPU kernel(s)

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @cast_a(%x: tensor<197x768xf32>, %w: tensor<768x192xbf16>) -> tensor<197x192xbf16> {
    %a = tessel.cast %x : tensor<197x768xf32> to tensor<197x768xbf16>
    %r = tessel.matmul %a, %w : tensor<197x768xbf16>, tensor<768x192xbf16> -> tensor<197x192xbf16>
    return %r : tensor<197x192xbf16>
  }
  func.func @gelu_a(%x: tensor<197x768xf16>, %w: tensor<768x192xf16>) -> tensor<197x192xf16> {
    %a = tessel.gelu tanh %x : tensor<197x768xf16>
    %r = tessel.matmul %a, %w : tensor<197x768xf16>, tensor<768x192xf16> -> tensor<197x192xf16>
    return %r : tensor<197x192xf16>
  }
  func.func @cast_b(%x: tensor<197x768xbf16>, %w: tensor<768x192xf32>) -> tensor<197x192xbf16> {
    %b = tessel.cast %w : tensor<768x192xf32> to tensor<768x192xbf16>
    %r = tessel.matmul %x, %b : tensor<197x768xbf16>, tensor<768x192xbf16> -> tensor<197x192xbf16>
    return %r : tensor<197x192xbf16>
  }
  func.func @cast_a_skinny(%x: tensor<512x2048xf32>, %w: tensor<2048x64xbf16>) -> tensor<512x64xbf16> {
    %a = tessel.cast %x : tensor<512x2048xf32> to tensor<512x2048xbf16>
    %r = tessel.matmul %a, %w : tensor<512x2048xbf16>, tensor<2048x64xbf16> -> tensor<512x64xbf16>
    return %r : tensor<512x64xbf16>
  }
  func.func @gelu_a_skinny(%x: tensor<512x2048xf16>, %w: tensor<2048x64xf16>) -> tensor<512x64xf16> {
    %a = tessel.gelu tanh %x : tensor<512x2048xf16>
    %r = tessel.matmul %a, %w : tensor<512x2048xf16>, tensor<2048x64xf16> -> tensor<512x64xf16>
    return %r : tensor<512x64xf16>
  }
}
