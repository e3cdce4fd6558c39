// Matmul and batch_matmul run on the CPU path and match the reference in
// f32, f16 and bf16, with and without transposed operands, on sizes that no
// tile divides (37 x 29 x 23), with f32 results from half operands, and
// with a batch of 1 broadcast; tiled for h100 (mma.sync where the model
// takes tensor cores) and for mi300x (MFMA).
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: tessel-run %s --cpu --check --target=mi300x | FileCheck %s

// CHECK-LABEL: func @matmul_f32
// CHECK-COUNT-4: ok
func.func @matmul_f32(%a: tensor<37x29xf32>, %b: tensor<29x23xf32>, %at: tensor<29x37xf32>, %bt: tensor<23x29xf32>)
    -> (tensor<37x23xf32>, tensor<37x23xf32>, tensor<37x23xf32>, tensor<37x23xf32>) {
  %0 = tessel.matmul %a, %b : tensor<37x29xf32>, tensor<29x23xf32> -> tensor<37x23xf32>
  %1 = tessel.matmul %at, %b transpose_lhs : tensor<29x37xf32>, tensor<29x23xf32> -> tensor<37x23xf32>
  %2 = tessel.matmul %a, %bt transpose_rhs : tensor<37x29xf32>, tensor<23x29xf32> -> tensor<37x23xf32>
  %3 = tessel.matmul %at, %bt transpose_lhs transpose_rhs : tensor<29x37xf32>, tensor<23x29xf32> -> tensor<37x23xf32>
  return %0, %1, %2, %3 : tensor<37x23xf32>, tensor<37x23xf32>, tensor<37x23xf32>, tensor<37x23xf32>
}

// CHECK-LABEL: func @batch_matmul_f32
// CHECK-COUNT-2: ok
func.func @batch_matmul_f32(%a: tensor<3x17x13xf32>, %b: tensor<3x13x11xf32>, %bt: tensor<3x11x13xf32>) -> (tensor<3x17x11xf32>, tensor<3x17x11xf32>) {
  %0 = tessel.batch_matmul %a, %b : tensor<3x17x13xf32>, tensor<3x13x11xf32> -> tensor<3x17x11xf32>
  %1 = tessel.batch_matmul %a, %bt transpose_rhs : tensor<3x17x13xf32>, tensor<3x11x13xf32> -> tensor<3x17x11xf32>
  return %0, %1 : tensor<3x17x11xf32>, tensor<3x17x11xf32>
}

// CHECK-LABEL: func @matmul_f16
// CHECK-COUNT-4: ok
func.func @matmul_f16(%a: tensor<37x29xf16>, %b: tensor<29x23xf16>, %at: tensor<29x37xf16>, %bt: tensor<23x29xf16>)
    -> (tensor<37x23xf16>, tensor<37x23xf16>, tensor<37x23xf16>, tensor<37x23xf16>) {
  %0 = tessel.matmul %a, %b : tensor<37x29xf16>, tensor<29x23xf16> -> tensor<37x23xf16>
  %1 = tessel.matmul %at, %b transpose_lhs : tensor<29x37xf16>, tensor<29x23xf16> -> tensor<37x23xf16>
  %2 = tessel.matmul %a, %bt transpose_rhs : tensor<37x29xf16>, tensor<23x29xf16> -> tensor<37x23xf16>
  %3 = tessel.matmul %at, %bt transpose_lhs transpose_rhs : tensor<29x37xf16>, tensor<23x29xf16> -> tensor<37x23xf16>
  return %0, %1, %2, %3 : tensor<37x23xf16>, tensor<37x23xf16>, tensor<37x23xf16>, tensor<37x23xf16>
}

// CHECK-LABEL: func @batch_matmul_f16
// CHECK-COUNT-2: ok
func.func @batch_matmul_f16(%a: tensor<3x17x13xf16>, %b: tensor<3x13x11xf16>, %bt: tensor<3x11x13xf16>) -> (tensor<3x17x11xf16>, tensor<3x17x11xf16>) {
  %0 = tessel.batch_matmul %a, %b : tensor<3x17x13xf16>, tensor<3x13x11xf16> -> tensor<3x17x11xf16>
  %1 = tessel.batch_matmul %a, %bt transpose_rhs : tensor<3x17x13xf16>, tensor<3x11x13xf16> -> tensor<3x17x11xf16>
  return %0, %1 : tensor<3x17x11xf16>, tensor<3x17x11xf16>
}

// CHECK-LABEL: func @matmul_bf16
// CHECK-COUNT-4: ok
func.func @matmul_bf16(%a: tensor<37x29xbf16>, %b: tensor<29x23xbf16>, %at: tensor<29x37xbf16>, %bt: tensor<23x29xbf16>)
    -> (tensor<37x23xbf16>, tensor<37x23xbf16>, tensor<37x23xbf16>, tensor<37x23xbf16>) {
  %0 = tessel.matmul %a, %b : tensor<37x29xbf16>, tensor<29x23xbf16> -> tensor<37x23xbf16>
  %1 = tessel.matmul %at, %b transpose_lhs : tensor<29x37xbf16>, tensor<29x23xbf16> -> tensor<37x23xbf16>
  %2 = tessel.matmul %a, %bt transpose_rhs : tensor<37x29xbf16>, tensor<23x29xbf16> -> tensor<37x23xbf16>
  %3 = tessel.matmul %at, %bt transpose_lhs transpose_rhs : tensor<29x37xbf16>, tensor<23x29xbf16> -> tensor<37x23xbf16>
  return %0, %1, %2, %3 : tensor<37x23xbf16>, tensor<37x23xbf16>, tensor<37x23xbf16>, tensor<37x23xbf16>
}

// CHECK-LABEL: func @batch_matmul_bf16
// CHECK-COUNT-2: ok
func.func @batch_matmul_bf16(%a: tensor<3x17x13xbf16>, %b: tensor<3x13x11xbf16>, %bt: tensor<3x11x13xbf16>) -> (tensor<3x17x11xbf16>, tensor<3x17x11xbf16>) {
  %0 = tessel.batch_matmul %a, %b : tensor<3x17x13xbf16>, tensor<3x13x11xbf16> -> tensor<3x17x11xbf16>
  %1 = tessel.batch_matmul %a, %bt transpose_rhs : tensor<3x17x13xbf16>, tensor<3x11x13xbf16> -> tensor<3x17x11xbf16>
  return %0, %1 : tensor<3x17x11xbf16>, tensor<3x17x11xbf16>
}

// CHECK-LABEL: func @matmul_f16_to_f32
// CHECK: ok
func.func @matmul_f16_to_f32(%a: tensor<19x64xf16>, %b: tensor<64x5xf16>) -> tensor<19x5xf32> {
  %0 = tessel.matmul %a, %b : tensor<19x64xf16>, tensor<64x5xf16> -> tensor<19x5xf32>
  return %0 : tensor<19x5xf32>
}

// CHECK-LABEL: func @matmul_bf16_to_f32
// CHECK: ok
func.func @matmul_bf16_to_f32(%a: tensor<19x64xbf16>, %b: tensor<64x5xbf16>) -> tensor<19x5xf32> {
  %0 = tessel.matmul %a, %b : tensor<19x64xbf16>, tensor<64x5xbf16> -> tensor<19x5xf32>
  return %0 : tensor<19x5xf32>
}

// A batch of 1 is broadcast against the other operand's batch: a shared
// weight (rhs), a shared lhs, and a transposed shared rhs.
// CHECK-LABEL: func @batch_matmul_broadcast_f32
// CHECK-COUNT-3: ok
func.func @batch_matmul_broadcast_f32(%a: tensor<3x17x13xf32>, %w: tensor<1x13x11xf32>, %x: tensor<1x17x13xf32>,
                                      %b: tensor<3x13x11xf32>, %wt: tensor<1x11x13xf32>)
    -> (tensor<3x17x11xf32>, tensor<3x17x11xf32>, tensor<3x17x11xf32>) {
  %0 = tessel.batch_matmul %a, %w : tensor<3x17x13xf32>, tensor<1x13x11xf32> -> tensor<3x17x11xf32>
  %1 = tessel.batch_matmul %x, %b : tensor<1x17x13xf32>, tensor<3x13x11xf32> -> tensor<3x17x11xf32>
  %2 = tessel.batch_matmul %a, %wt transpose_rhs : tensor<3x17x13xf32>, tensor<1x11x13xf32> -> tensor<3x17x11xf32>
  return %0, %1, %2 : tensor<3x17x11xf32>, tensor<3x17x11xf32>, tensor<3x17x11xf32>
}

// The same in bf16 on shapes large enough for tensor-core K steps (the
// model's choice), tiles not dividing M or N.
// CHECK-LABEL: func @batch_matmul_broadcast_bf16
// CHECK-COUNT-2: ok
func.func @batch_matmul_broadcast_bf16(%a: tensor<4x70x64xbf16>, %w: tensor<1x64x52xbf16>, %wt: tensor<1x52x64xbf16>)
    -> (tensor<4x70x52xbf16>, tensor<4x70x52xf32>) {
  %0 = tessel.batch_matmul %a, %w : tensor<4x70x64xbf16>, tensor<1x64x52xbf16> -> tensor<4x70x52xbf16>
  %1 = tessel.batch_matmul %a, %wt transpose_rhs : tensor<4x70x64xbf16>, tensor<1x52x64xbf16> -> tensor<4x70x52xf32>
  return %0, %1 : tensor<4x70x52xbf16>, tensor<4x70x52xf32>
}

// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
