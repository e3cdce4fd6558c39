// tessel.slice on the CPU path against the reference, in all three types:
// a strided box (every other row, a window of columns, a stride along the
// contiguous dim), a fused QKV projection split into its three parts (the
// matmul's result has three users: four kernels), the one slice of a
// matmul's result (it joins the matmul's kernel as its epilogue, which then
// computes only the columns it keeps), a slice feeding an elementwise op
// and a softmax. Sizes divide no tile.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: tessel-opt --tessel-set-target=target=h100 --tessel-form-kernels %s | FileCheck %s --check-prefix=FUSED

// FUSED-LABEL: func.func @qkv_split_bf16
// FUSED: tessel.kernel @qkv_split_bf16_k0_matmul
// FUSED: tessel.kernel @qkv_split_bf16_k1_slice
// FUSED: tessel.kernel @qkv_split_bf16_k2_slice
// FUSED: tessel.kernel @qkv_split_bf16_k3_slice
// FUSED-LABEL: func.func @head_of_linear_bf16
// FUSED: tessel.kernel @head_of_linear_bf16_k0_matmul
// FUSED: tessel.matmul
// FUSED: tessel.slice %{{.*}} offsets = [0, 8] strides = [1, 1]
// FUSED: tessel.yield
// FUSED-NOT: tessel.kernel
// FUSED: return
// A slice keeping the first columns gathers its input: it stays out of
// the matmul's kernel.
// FUSED-LABEL: func.func @first_columns_bf16
// FUSED: tessel.kernel @first_columns_bf16_k0_matmul
// FUSED: tessel.kernel @first_columns_bf16_k1_slice

// CHECK-LABEL: func @box_f32
// CHECK-COUNT-2: ok
func.func @box_f32(%x: tensor<7x5x9xf32>) -> (tensor<3x5x6xf32>, tensor<7x2x3xf32>) {
  %0 = tessel.slice %x offsets = [1, 0, 3] strides = [2, 1, 1] : tensor<7x5x9xf32> -> tensor<3x5x6xf32>
  %1 = tessel.slice %x offsets = [0, 3, 2] strides = [1, 1, 3] : tensor<7x5x9xf32> -> tensor<7x2x3xf32>
  return %0, %1 : tensor<3x5x6xf32>, tensor<7x2x3xf32>
}

// CHECK-LABEL: func @box_f16
// CHECK-COUNT-2: ok
func.func @box_f16(%x: tensor<7x5x9xf16>) -> (tensor<3x5x6xf16>, tensor<7x2x3xf16>) {
  %0 = tessel.slice %x offsets = [1, 0, 3] strides = [2, 1, 1] : tensor<7x5x9xf16> -> tensor<3x5x6xf16>
  %1 = tessel.slice %x offsets = [0, 3, 2] strides = [1, 1, 3] : tensor<7x5x9xf16> -> tensor<7x2x3xf16>
  return %0, %1 : tensor<3x5x6xf16>, tensor<7x2x3xf16>
}

// CHECK-LABEL: func @box_bf16
// CHECK-COUNT-2: ok
func.func @box_bf16(%x: tensor<7x5x9xbf16>) -> (tensor<3x5x6xbf16>, tensor<7x2x3xbf16>) {
  %0 = tessel.slice %x offsets = [1, 0, 3] strides = [2, 1, 1] : tensor<7x5x9xbf16> -> tensor<3x5x6xbf16>
  %1 = tessel.slice %x offsets = [0, 3, 2] strides = [1, 1, 3] : tensor<7x5x9xbf16> -> tensor<7x2x3xbf16>
  return %0, %1 : tensor<3x5x6xbf16>, tensor<7x2x3xbf16>
}

// CHECK-LABEL: func @qkv_split_f32
// CHECK-COUNT-3: ok
func.func @qkv_split_f32(%x: tensor<37x40xf32>, %w: tensor<40x72xf32>) -> (tensor<37x24xf32>, tensor<37x24xf32>, tensor<37x24xf32>) {
  %0 = tessel.matmul %x, %w : tensor<37x40xf32>, tensor<40x72xf32> -> tensor<37x72xf32>
  %q = tessel.slice %0 offsets = [0, 0] strides = [1, 1] : tensor<37x72xf32> -> tensor<37x24xf32>
  %k = tessel.slice %0 offsets = [0, 24] strides = [1, 1] : tensor<37x72xf32> -> tensor<37x24xf32>
  %v = tessel.slice %0 offsets = [0, 48] strides = [1, 1] : tensor<37x72xf32> -> tensor<37x24xf32>
  return %q, %k, %v : tensor<37x24xf32>, tensor<37x24xf32>, tensor<37x24xf32>
}

// CHECK-LABEL: func @qkv_split_bf16
// CHECK-COUNT-3: ok
func.func @qkv_split_bf16(%x: tensor<37x40xbf16>, %w: tensor<40x72xbf16>) -> (tensor<37x24xbf16>, tensor<37x24xbf16>, tensor<37x24xbf16>) {
  %0 = tessel.matmul %x, %w : tensor<37x40xbf16>, tensor<40x72xbf16> -> tensor<37x72xbf16>
  %q = tessel.slice %0 offsets = [0, 0] strides = [1, 1] : tensor<37x72xbf16> -> tensor<37x24xbf16>
  %k = tessel.slice %0 offsets = [0, 24] strides = [1, 1] : tensor<37x72xbf16> -> tensor<37x24xbf16>
  %v = tessel.slice %0 offsets = [0, 48] strides = [1, 1] : tensor<37x72xbf16> -> tensor<37x24xbf16>
  return %q, %k, %v : tensor<37x24xbf16>, tensor<37x24xbf16>, tensor<37x24xbf16>
}

// CHECK-LABEL: func @slice_then_rows_f16
// CHECK: ok
func.func @slice_then_rows_f16(%x: tensor<11x50xf16>, %y: tensor<5x25xf16>) -> tensor<5x25xf16> {
  %0 = tessel.slice %x offsets = [1, 1] strides = [2, 2] : tensor<11x50xf16> -> tensor<5x25xf16>
  %1 = tessel.add %0, %y : tensor<5x25xf16>, tensor<5x25xf16> -> tensor<5x25xf16>
  %2 = tessel.softmax %1 dim = 1 : tensor<5x25xf16>
  return %2 : tensor<5x25xf16>
}

// CHECK-LABEL: func @head_of_linear_bf16
// CHECK: ok
func.func @head_of_linear_bf16(%x: tensor<37x40xbf16>, %w: tensor<40x72xbf16>) -> tensor<37x20xbf16> {
  %0 = tessel.matmul %x, %w : tensor<37x40xbf16>, tensor<40x72xbf16> -> tensor<37x72xbf16>
  %1 = tessel.slice %0 offsets = [0, 8] strides = [1, 1] : tensor<37x72xbf16> -> tensor<37x20xbf16>
  return %1 : tensor<37x20xbf16>
}

// CHECK-LABEL: func @first_columns_bf16
// CHECK-COUNT-2: ok
func.func @first_columns_bf16(%x: tensor<37x40xbf16>, %w: tensor<40x72xbf16>) -> tensor<37x20xbf16> {
  %0 = tessel.matmul %x, %w : tensor<37x40xbf16>, tensor<40x72xbf16> -> tensor<37x72xbf16>
  %1 = tessel.slice %0 offsets = [0, 0] strides = [1, 1] : tensor<37x72xbf16> -> tensor<37x20xbf16>
  return %1 : tensor<37x20xbf16>
}
