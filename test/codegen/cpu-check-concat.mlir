// tessel.concat on the CPU path against the reference, in all three types:
// along the last dim and a leading one, three inputs of unequal sizes,
// rotary embeddings' rotate_half (slices, a negation and a concat, then the
// rotation's multiply-add),
// and a concat whose result feeds a matmul. Sizes divide no tile.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: tessel-opt --tessel-set-target=target=h100 --tessel-form-kernels %s | FileCheck %s --check-prefix=FUSED

// The rotary embedding is one kernel: the concat joins the kernel of the
// negated half and takes in the other half's (it computes the elements it
// gathers from x itself: tessel-lower-to-linalg), and the final add takes
// in x * cos. (Before 2026-12-04: four kernels.)
// FUSED-LABEL: func.func @rotary_bf16
// FUSED: tessel.kernel
// FUSED-NEXT: ^bb0
// FUSED-NEXT: tessel.slice
// FUSED-NEXT: tessel.slice
// FUSED-NEXT: tessel.neg
// FUSED-NEXT: tessel.concat
// FUSED-NEXT: tessel.mul
// FUSED-NEXT: tessel.mul
// FUSED-NEXT: tessel.add
// FUSED-NEXT: tessel.yield
// FUSED-NOT: tessel.kernel
// FUSED: return

// CHECK-LABEL: func @joins_f32
// CHECK-COUNT-2: ok
func.func @joins_f32(%a: tensor<3x5x7xf32>, %b: tensor<3x5x2xf32>, %c: tensor<3x5x11xf32>, %d: tensor<4x5x7xf32>) -> (tensor<3x5x20xf32>, tensor<7x5x7xf32>) {
  %0 = tessel.concat %a, %b, %c dim = 2 : tensor<3x5x7xf32>, tensor<3x5x2xf32>, tensor<3x5x11xf32> -> tensor<3x5x20xf32>
  %1 = tessel.concat %a, %d dim = 0 : tensor<3x5x7xf32>, tensor<4x5x7xf32> -> tensor<7x5x7xf32>
  return %0, %1 : tensor<3x5x20xf32>, tensor<7x5x7xf32>
}

// CHECK-LABEL: func @joins_f16
// CHECK-COUNT-2: ok
func.func @joins_f16(%a: tensor<3x5x7xf16>, %b: tensor<3x5x2xf16>, %c: tensor<3x5x11xf16>, %d: tensor<4x5x7xf16>) -> (tensor<3x5x20xf16>, tensor<7x5x7xf16>) {
  %0 = tessel.concat %a, %b, %c dim = 2 : tensor<3x5x7xf16>, tensor<3x5x2xf16>, tensor<3x5x11xf16> -> tensor<3x5x20xf16>
  %1 = tessel.concat %a, %d dim = 0 : tensor<3x5x7xf16>, tensor<4x5x7xf16> -> tensor<7x5x7xf16>
  return %0, %1 : tensor<3x5x20xf16>, tensor<7x5x7xf16>
}

// CHECK-LABEL: func @joins_bf16
// CHECK-COUNT-2: ok
func.func @joins_bf16(%a: tensor<3x5x7xbf16>, %b: tensor<3x5x2xbf16>, %c: tensor<3x5x11xbf16>, %d: tensor<4x5x7xbf16>) -> (tensor<3x5x20xbf16>, tensor<7x5x7xbf16>) {
  %0 = tessel.concat %a, %b, %c dim = 2 : tensor<3x5x7xbf16>, tensor<3x5x2xbf16>, tensor<3x5x11xbf16> -> tensor<3x5x20xbf16>
  %1 = tessel.concat %a, %d dim = 0 : tensor<3x5x7xbf16>, tensor<4x5x7xbf16> -> tensor<7x5x7xbf16>
  return %0, %1 : tensor<3x5x20xbf16>, tensor<7x5x7xbf16>
}

// LLaMA's rotary embedding on one head of 2 x 20 (x * cos + rotate_half(x)
// * sin), 9 positions.
// CHECK-LABEL: func @rotary_bf16
// CHECK: ok
func.func @rotary_bf16(%x: tensor<1x2x9x20xbf16>, %cos: tensor<9x20xbf16>, %sin: tensor<9x20xbf16>) -> tensor<1x2x9x20xbf16> {
  %x1 = tessel.slice %x offsets = [0, 0, 0, 0] strides = [1, 1, 1, 1] : tensor<1x2x9x20xbf16> -> tensor<1x2x9x10xbf16>
  %x2 = tessel.slice %x offsets = [0, 0, 0, 10] strides = [1, 1, 1, 1] : tensor<1x2x9x20xbf16> -> tensor<1x2x9x10xbf16>
  %n = tessel.neg %x2 : tensor<1x2x9x10xbf16>
  %r = tessel.concat %n, %x1 dim = 3 : tensor<1x2x9x10xbf16>, tensor<1x2x9x10xbf16> -> tensor<1x2x9x20xbf16>
  %a = tessel.mul %x, %cos : tensor<1x2x9x20xbf16>, tensor<9x20xbf16> -> tensor<1x2x9x20xbf16>
  %b = tessel.mul %r, %sin : tensor<1x2x9x20xbf16>, tensor<9x20xbf16> -> tensor<1x2x9x20xbf16>
  %y = tessel.add %a, %b : tensor<1x2x9x20xbf16>, tensor<1x2x9x20xbf16> -> tensor<1x2x9x20xbf16>
  return %y : tensor<1x2x9x20xbf16>
}

// CHECK-LABEL: func @concat_then_matmul_f16
// CHECK: ok
func.func @concat_then_matmul_f16(%a: tensor<37x24xf16>, %b: tensor<37x17xf16>, %w: tensor<41x29xf16>) -> tensor<37x29xf16> {
  %0 = tessel.concat %a, %b dim = 1 : tensor<37x24xf16>, tensor<37x17xf16> -> tensor<37x41xf16>
  %1 = tessel.matmul %0, %w : tensor<37x41xf16>, tensor<41x29xf16> -> tensor<37x29xf16>
  return %1 : tensor<37x29xf16>
}
