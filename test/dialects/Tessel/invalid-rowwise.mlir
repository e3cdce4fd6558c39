// Every verifier rule of tessel.reduce, tessel.softmax, tessel.layer_norm and
// tessel.rms_norm.
// RUN: tessel-opt %s -split-input-file -verify-diagnostics

func.func @reduce_type(%x: tensor<4x8xf32>) -> tensor<4xbf16> {
  // expected-error @+1 {{'tessel.reduce' op result element type 'bf16' differs from input element type 'f32'}}
  %0 = tessel.reduce sum %x dims = [1] : tensor<4x8xf32> -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

func.func @reduce_no_dims(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'tessel.reduce' op needs at least one dimension to reduce}}
  %0 = tessel.reduce sum %x dims = [] : tensor<4x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @reduce_dim_range(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'tessel.reduce' op dimension 2 is outside [0, 2) for input 'tensor<4x8xf32>'}}
  %0 = tessel.reduce max %x dims = [2] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_negative_dim(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'tessel.reduce' op dimension -1 is outside [0, 2) for input 'tensor<4x8xf32>'}}
  %0 = tessel.reduce max %x dims = [-1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_unsorted(%x: tensor<4x8x2xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'tessel.reduce' op dims [2, 0] must be distinct and ascending}}
  %0 = tessel.reduce mean %x dims = [2, 0] : tensor<4x8x2xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @reduce_duplicate(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'tessel.reduce' op dims [1, 1] must be distinct and ascending}}
  %0 = tessel.reduce mean %x dims = [1, 1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_keep_dims_shape(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'tessel.reduce' op result shape [4] differs from the expected [4, 1]}}
  %0 = tessel.reduce sum %x dims = [1] keep_dims : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_unknown_kind(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{custom op 'tessel.reduce' expected string or keyword containing one of the following enum values for attribute 'kind' [sum, max, mean]}}
  %0 = tessel.reduce prod %x dims = [1] : tensor<4x8xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @softmax_dim(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'tessel.softmax' op dim = 2 is outside [0, 2)}}
  %0 = tessel.softmax %x dim = 2 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @softmax_negative_dim(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'tessel.softmax' op dim = -1 is outside [0, 2)}}
  %0 = tessel.softmax %x dim = -1 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @softmax_type(%x: tensor<4x8xf32>) -> tensor<4x8xf16> {
  // expected-error @+1 {{'tessel.softmax' op requires the same type for all operands and results}}
  %0 = "tessel.softmax"(%x) <{dim = 1 : i64}> : (tensor<4x8xf32>) -> tensor<4x8xf16>
  return %0 : tensor<4x8xf16>
}

// -----

func.func @softmax_scale(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'tessel.softmax' op scale = -5.000000e-01 must be a positive normal f32 (1.2e-38 to 3.4e38): the kernels compute in f32}}
  %0 = tessel.softmax %x dim = 1 scale = -0.5 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// A scale past f32's range (found by the fuzzer: the kernel's f32 scale was
// infinite, the scores NaN).
func.func @softmax_scale_overflows_f32(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'tessel.softmax' op scale = 1.250000e+55 must be a positive normal f32 (1.2e-38 to 3.4e38): the kernels compute in f32}}
  %0 = tessel.softmax %x dim = 1 scale = 1.25e55 causal : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// An epsilon that flushes to zero in f32: a constant row would divide by 0.
func.func @norm_epsilon_underflows_f32(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'tessel.layer_norm' op epsilon = 1.000000e-45 must be a positive normal f32 (1.2e-38 to 3.4e38): the kernels compute in f32}}
  %0 = tessel.layer_norm %x normalized_rank = 1 epsilon = 1.0e-45 : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @softmax_causal_dim(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'tessel.softmax' op causal needs dim >= 1: the mask compares the position along dim with the one along dim - 1}}
  %0 = tessel.softmax %x dim = 0 causal : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @softmax_causal_rows(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{'tessel.softmax' op causal needs size(dim - 1) = 8 to be at most size(dim) = 4 (otherwise the first rows keep no element)}}
  %0 = tessel.softmax %x dim = 1 causal : tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @norm_result(%x: tensor<4x8xf32>) -> tensor<4x8xf16> {
  // expected-error @+1 {{'tessel.layer_norm' op result type 'tensor<4x8xf16>' differs from the input type 'tensor<4x8xf32>'}}
  %0 = tessel.layer_norm %x normalized_rank = 1 epsilon = 1.0e-05 : (tensor<4x8xf32>) -> tensor<4x8xf16>
  return %0 : tensor<4x8xf16>
}

// -----

func.func @norm_rank_zero(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'tessel.rms_norm' op normalized_rank = 0 is outside [1, 2]}}
  %0 = tessel.rms_norm %x normalized_rank = 0 epsilon = 1.0e-05 : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @norm_rank_too_big(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'tessel.layer_norm' op normalized_rank = 3 is outside [1, 2]}}
  %0 = tessel.layer_norm %x normalized_rank = 3 epsilon = 1.0e-05 : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @norm_scale_type(%x: tensor<4x8xbf16>, %g: tensor<8xf32>) -> tensor<4x8xbf16> {
  // expected-error @+1 {{'tessel.rms_norm' op scale element type 'f32' differs from input element type 'bf16'}}
  %0 = tessel.rms_norm %x scale(%g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<4x8xbf16>, tensor<8xf32>) -> tensor<4x8xbf16>
  return %0 : tensor<4x8xbf16>
}

// -----

func.func @norm_scale_shape(%x: tensor<4x8xf32>, %g: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'tessel.layer_norm' op scale shape [4, 8] differs from the normalized shape [8]}}
  %0 = tessel.layer_norm %x scale(%g) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @norm_bias_shape(%x: tensor<2x4x8xf32>, %b: tensor<8xf32>) -> tensor<2x4x8xf32> {
  // expected-error @+1 {{'tessel.layer_norm' op bias shape [8] differs from the normalized shape [4, 8]}}
  %0 = tessel.layer_norm %x bias(%b) normalized_rank = 2 epsilon = 1.0e-05 : (tensor<2x4x8xf32>, tensor<8xf32>) -> tensor<2x4x8xf32>
  return %0 : tensor<2x4x8xf32>
}

// -----

func.func @norm_epsilon(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'tessel.layer_norm' op epsilon = 0.000000e+00 must be a positive normal f32 (1.2e-38 to 3.4e38): the kernels compute in f32}}
  %0 = tessel.layer_norm %x normalized_rank = 1 epsilon = 0.0 : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @norm_negative_epsilon(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'tessel.rms_norm' op epsilon = -1.000000e+00 must be a positive normal f32 (1.2e-38 to 3.4e38): the kernels compute in f32}}
  %0 = tessel.rms_norm %x normalized_rank = 1 epsilon = -1.0 : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @softmax_window_without_causal(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'tessel.softmax' op window = 3 needs causal: the window ends at each row's last visible element}}
  %0 = tessel.softmax %x dim = 1 window = 3 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @softmax_window_negative(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'tessel.softmax' op window = -2 must be at least 1}}
  %0 = tessel.softmax %x dim = 1 causal window = -2 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
