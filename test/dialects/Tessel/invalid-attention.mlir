// Every verifier rule of tessel.attention (its sliding window's too),
// tessel.attention_partial, tessel.attention_split, tessel.attention_combine,
// tessel.transpose and tessel.reshape.
// RUN: tessel-opt %s -split-input-file -verify-diagnostics

func.func @query_rank(%q: tensor<8x64x64xf16>, %k: tensor<1x8x64x64xf16>, %v: tensor<1x8x64x64xf16>) -> tensor<1x8x64x64xf16> {
  // expected-error @+1 {{'tessel.attention' op query must have rank 4, got 'tensor<8x64x64xf16>'}}
  %0 = tessel.attention %q, %k, %v : tensor<8x64x64xf16>, tensor<1x8x64x64xf16>, tensor<1x8x64x64xf16> -> tensor<1x8x64x64xf16>
  return %0 : tensor<1x8x64x64xf16>
}

// -----

func.func @key_rank(%q: tensor<1x8x64x64xf16>, %k: tensor<8x64x64xf16>, %v: tensor<1x8x64x64xf16>) -> tensor<1x8x64x64xf16> {
  // expected-error @+1 {{'tessel.attention' op key must have rank 4, got 'tensor<8x64x64xf16>'}}
  %0 = tessel.attention %q, %k, %v : tensor<1x8x64x64xf16>, tensor<8x64x64xf16>, tensor<1x8x64x64xf16> -> tensor<1x8x64x64xf16>
  return %0 : tensor<1x8x64x64xf16>
}

// -----

func.func @value_rank(%q: tensor<1x8x64x64xf16>, %k: tensor<1x8x64x64xf16>, %v: tensor<8x64x64xf16>) -> tensor<1x8x64x64xf16> {
  // expected-error @+1 {{'tessel.attention' op value must have rank 4, got 'tensor<8x64x64xf16>'}}
  %0 = tessel.attention %q, %k, %v : tensor<1x8x64x64xf16>, tensor<1x8x64x64xf16>, tensor<8x64x64xf16> -> tensor<1x8x64x64xf16>
  return %0 : tensor<1x8x64x64xf16>
}

// -----

func.func @result_rank(%q: tensor<1x8x64x64xf16>) -> tensor<8x64x64xf16> {
  // expected-error @+1 {{'tessel.attention' op result must have rank 4, got 'tensor<8x64x64xf16>'}}
  %0 = tessel.attention %q, %q, %q : tensor<1x8x64x64xf16>, tensor<1x8x64x64xf16>, tensor<1x8x64x64xf16> -> tensor<8x64x64xf16>
  return %0 : tensor<8x64x64xf16>
}

// -----

func.func @key_type(%q: tensor<1x8x64x64xf16>, %k: tensor<1x8x64x64xbf16>) -> tensor<1x8x64x64xf16> {
  // expected-error @+1 {{'tessel.attention' op key element type 'bf16' differs from query element type 'f16'}}
  %0 = tessel.attention %q, %k, %q : tensor<1x8x64x64xf16>, tensor<1x8x64x64xbf16>, tensor<1x8x64x64xf16> -> tensor<1x8x64x64xf16>
  return %0 : tensor<1x8x64x64xf16>
}

// -----

func.func @value_type(%q: tensor<1x8x64x64xf16>, %v: tensor<1x8x64x64xf32>) -> tensor<1x8x64x64xf16> {
  // expected-error @+1 {{'tessel.attention' op value element type 'f32' differs from query element type 'f16'}}
  %0 = tessel.attention %q, %q, %v : tensor<1x8x64x64xf16>, tensor<1x8x64x64xf16>, tensor<1x8x64x64xf32> -> tensor<1x8x64x64xf16>
  return %0 : tensor<1x8x64x64xf16>
}

// -----

func.func @result_type(%q: tensor<1x8x64x64xf16>) -> tensor<1x8x64x64xf32> {
  // expected-error @+1 {{'tessel.attention' op result element type 'f32' differs from query element type 'f16'}}
  %0 = tessel.attention %q, %q, %q : tensor<1x8x64x64xf16>, tensor<1x8x64x64xf16>, tensor<1x8x64x64xf16> -> tensor<1x8x64x64xf32>
  return %0 : tensor<1x8x64x64xf32>
}

// -----

func.func @batch(%q: tensor<2x8x64x64xf16>, %k: tensor<1x8x64x64xf16>) -> tensor<2x8x64x64xf16> {
  // expected-error @+1 {{'tessel.attention' op batch sizes differ: query 2, key 1, value 1}}
  %0 = tessel.attention %q, %k, %k : tensor<2x8x64x64xf16>, tensor<1x8x64x64xf16>, tensor<1x8x64x64xf16> -> tensor<2x8x64x64xf16>
  return %0 : tensor<2x8x64x64xf16>
}

// -----

func.func @kv_heads(%q: tensor<1x8x64x64xf16>, %k: tensor<1x8x64x64xf16>, %v: tensor<1x4x64x64xf16>) -> tensor<1x8x64x64xf16> {
  // expected-error @+1 {{'tessel.attention' op key has 8 heads but value has 4}}
  %0 = tessel.attention %q, %k, %v : tensor<1x8x64x64xf16>, tensor<1x8x64x64xf16>, tensor<1x4x64x64xf16> -> tensor<1x8x64x64xf16>
  return %0 : tensor<1x8x64x64xf16>
}

// -----

func.func @gqa_heads(%q: tensor<1x8x64x64xf16>, %k: tensor<1x3x64x64xf16>) -> tensor<1x8x64x64xf16> {
  // expected-error @+1 {{'tessel.attention' op query heads 8 are not a multiple of key/value heads 3}}
  %0 = tessel.attention %q, %k, %k : tensor<1x8x64x64xf16>, tensor<1x3x64x64xf16>, tensor<1x3x64x64xf16> -> tensor<1x8x64x64xf16>
  return %0 : tensor<1x8x64x64xf16>
}

// -----

func.func @kv_sequence(%q: tensor<1x8x64x64xf16>, %k: tensor<1x8x128x64xf16>, %v: tensor<1x8x64x64xf16>) -> tensor<1x8x64x64xf16> {
  // expected-error @+1 {{'tessel.attention' op key sequence length 128 differs from value sequence length 64}}
  %0 = tessel.attention %q, %k, %v : tensor<1x8x64x64xf16>, tensor<1x8x128x64xf16>, tensor<1x8x64x64xf16> -> tensor<1x8x64x64xf16>
  return %0 : tensor<1x8x64x64xf16>
}

// -----

func.func @head_dim(%q: tensor<1x8x64x128xf16>, %k: tensor<1x8x64x64xf16>) -> tensor<1x8x64x64xf16> {
  // expected-error @+1 {{'tessel.attention' op query head dimension 128 differs from key head dimension 64}}
  %0 = tessel.attention %q, %k, %k : tensor<1x8x64x128xf16>, tensor<1x8x64x64xf16>, tensor<1x8x64x64xf16> -> tensor<1x8x64x64xf16>
  return %0 : tensor<1x8x64x64xf16>
}

// -----

func.func @scale(%q: tensor<1x8x64x64xf16>) -> tensor<1x8x64x64xf16> {
  // expected-error @+1 {{'tessel.attention' op scale = -1.250000e-01 must be a positive normal f32 (1.2e-38 to 3.4e38): the kernels compute in f32}}
  %0 = tessel.attention %q, %q, %q scale = -0.125 : tensor<1x8x64x64xf16>, tensor<1x8x64x64xf16>, tensor<1x8x64x64xf16> -> tensor<1x8x64x64xf16>
  return %0 : tensor<1x8x64x64xf16>
}

// -----

func.func @causal_longer_query(%q: tensor<1x8x64x64xf16>, %k: tensor<1x8x32x64xf16>) -> tensor<1x8x64x64xf16> {
  // expected-error @+1 {{'tessel.attention' op causal attention needs the query length 64 to be at most the key length 32 (otherwise the first rows attend to nothing)}}
  %0 = tessel.attention %q, %k, %k causal : tensor<1x8x64x64xf16>, tensor<1x8x32x64xf16>, tensor<1x8x32x64xf16> -> tensor<1x8x64x64xf16>
  return %0 : tensor<1x8x64x64xf16>
}

// -----

func.func @result_shape(%q: tensor<1x8x32x64xf16>, %k: tensor<1x8x64x64xf16>, %v: tensor<1x8x64x16xf16>) -> tensor<1x8x32x64xf16> {
  // expected-error @+1 {{'tessel.attention' op result shape [1, 8, 32, 64] differs from the expected [1, 8, 32, 16]}}
  %0 = tessel.attention %q, %k, %v causal : tensor<1x8x32x64xf16>, tensor<1x8x64x64xf16>, tensor<1x8x64x16xf16> -> tensor<1x8x32x64xf16>
  return %0 : tensor<1x8x32x64xf16>
}

// -----

func.func @transpose_type(%x: tensor<4x8xf32>) -> tensor<8x4xf16> {
  // expected-error @+1 {{'tessel.transpose' op result element type 'f16' differs from input element type 'f32'}}
  %0 = tessel.transpose %x permutation = [1, 0] : tensor<4x8xf32> -> tensor<8x4xf16>
  return %0 : tensor<8x4xf16>
}

// -----

func.func @transpose_length(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{'tessel.transpose' op permutation [1, 0, 2] has 3 entries but the input has rank 2}}
  %0 = tessel.transpose %x permutation = [1, 0, 2] : tensor<4x8xf32> -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @transpose_repeat(%x: tensor<4x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'tessel.transpose' op permutation [1, 1] is not a permutation of [0, 2)}}
  %0 = tessel.transpose %x permutation = [1, 1] : tensor<4x8xf32> -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

func.func @transpose_range(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{'tessel.transpose' op permutation [2, -1] is not a permutation of [0, 2)}}
  %0 = tessel.transpose %x permutation = [2, -1] : tensor<4x8xf32> -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

func.func @transpose_shape(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'tessel.transpose' op result shape [4, 8] differs from the expected [8, 4]}}
  %0 = tessel.transpose %x permutation = [1, 0] : tensor<4x8xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

func.func @reshape_type(%x: tensor<4x8xf32>) -> tensor<32xf16> {
  // expected-error @+1 {{'tessel.reshape' op result element type 'f16' differs from input element type 'f32'}}
  %0 = tessel.reshape %x : tensor<4x8xf32> -> tensor<32xf16>
  return %0 : tensor<32xf16>
}

// -----

func.func @reshape_count(%x: tensor<4x8xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{'tessel.reshape' op result 'tensor<4x4xf32>' holds 16 elements but input 'tensor<4x8xf32>' holds 32}}
  %0 = tessel.reshape %x : tensor<4x8xf32> -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @partial_empty_slice(%q: tensor<1x2x1x64xf16>, %k: tensor<1x2x6x64xf16>, %v: tensor<1x2x6x64xf16>) -> tensor<1x2x1x64xf16> {
  // expected-error @+1 {{'tessel.attention_partial' op splits = 4 must cut the 6 keys read into that many non-empty slices of ceil(6 / splits) keys}}
  %p, %l = tessel.attention_partial %q, %k, %v splits = 4 : tensor<1x2x1x64xf16>, tensor<1x2x6x64xf16>, tensor<1x2x6x64xf16> -> tensor<4x1x2x1x64xf32>, tensor<4x1x2x1xf32>
  %o = tessel.attention_combine %p, %l : tensor<4x1x2x1x64xf32>, tensor<4x1x2x1xf32> -> tensor<1x2x1x64xf16>
  return %o : tensor<1x2x1x64xf16>
}

// -----

func.func @partial_operands(%q: tensor<1x3x1x64xf16>, %k: tensor<1x2x10x64xf16>, %v: tensor<1x2x10x64xf16>) -> tensor<2x1x3x1xf32> {
  // expected-error @+1 {{'tessel.attention_partial' op query heads 3 are not a multiple of key/value heads 2}}
  %p, %l = tessel.attention_partial %q, %k, %v splits = 2 : tensor<1x3x1x64xf16>, tensor<1x2x10x64xf16>, tensor<1x2x10x64xf16> -> tensor<2x1x3x1x64xf32>, tensor<2x1x3x1xf32>
  return %l : tensor<2x1x3x1xf32>
}

// -----

func.func @partial_type(%q: tensor<1x2x1x64xf16>, %k: tensor<1x2x10x64xf16>, %v: tensor<1x2x10x64xf16>) -> tensor<2x1x2x1xf32> {
  // expected-error @+1 {{'tessel.attention_partial' op partial and lse must be f32, got 'f16' and 'f32'}}
  %p, %l = tessel.attention_partial %q, %k, %v splits = 2 : tensor<1x2x1x64xf16>, tensor<1x2x10x64xf16>, tensor<1x2x10x64xf16> -> tensor<2x1x2x1x64xf16>, tensor<2x1x2x1xf32>
  return %l : tensor<2x1x2x1xf32>
}

// -----

func.func @partial_lse_shape(%q: tensor<1x2x1x64xf16>, %k: tensor<1x2x10x64xf16>, %v: tensor<1x2x10x64xf16>) -> tensor<2x1x2x64xf32> {
  // expected-error @+1 {{'tessel.attention_partial' op lse shape [2, 1, 2, 64] differs from the expected [2, 1, 2, 1]}}
  %p, %l = tessel.attention_partial %q, %k, %v splits = 2 : tensor<1x2x1x64xf16>, tensor<1x2x10x64xf16>, tensor<1x2x10x64xf16> -> tensor<2x1x2x1x64xf32>, tensor<2x1x2x64xf32>
  return %l : tensor<2x1x2x64xf32>
}

// -----

func.func @partial_shape(%q: tensor<1x2x1x64xf16>, %k: tensor<1x2x10x64xf16>, %v: tensor<1x2x10x32xf16>) -> tensor<2x1x2x1x64xf32> {
  // expected-error @+1 {{'tessel.attention_partial' op result shape [2, 1, 2, 1, 64] differs from the expected [2, 1, 2, 1, 32]}}
  %p, %l = tessel.attention_partial %q, %k, %v splits = 2 : tensor<1x2x1x64xf16>, tensor<1x2x10x64xf16>, tensor<1x2x10x32xf16> -> tensor<2x1x2x1x64xf32>, tensor<2x1x2x1xf32>
  return %p : tensor<2x1x2x1x64xf32>
}

// -----

func.func @combine_rank(%p: tensor<2x2x1x64xf32>, %l: tensor<2x2x1xf32>) -> tensor<2x1x64xf16> {
  // expected-error @+1 {{'tessel.attention_combine' op partial must have rank 5, got 'tensor<2x2x1x64xf32>'}}
  %o = tessel.attention_combine %p, %l : tensor<2x2x1x64xf32>, tensor<2x2x1xf32> -> tensor<2x1x64xf16>
  return %o : tensor<2x1x64xf16>
}

// -----

func.func @combine_type(%p: tensor<2x1x2x1x64xf16>, %l: tensor<2x1x2x1xf32>) -> tensor<1x2x1x64xf16> {
  // expected-error @+1 {{'tessel.attention_combine' op partial and lse must be f32, got 'f16' and 'f32'}}
  %o = tessel.attention_combine %p, %l : tensor<2x1x2x1x64xf16>, tensor<2x1x2x1xf32> -> tensor<1x2x1x64xf16>
  return %o : tensor<1x2x1x64xf16>
}

// -----

func.func @combine_lse(%p: tensor<2x1x2x1x64xf32>, %l: tensor<2x1x2x2xf32>) -> tensor<1x2x1x64xf16> {
  // expected-error @+1 {{'tessel.attention_combine' op lse shape [2, 1, 2, 2] must be the partial's [2, 1, 2, 1, 64] without its last dim}}
  %o = tessel.attention_combine %p, %l : tensor<2x1x2x1x64xf32>, tensor<2x1x2x2xf32> -> tensor<1x2x1x64xf16>
  return %o : tensor<1x2x1x64xf16>
}

// -----

func.func @combine_shape(%p: tensor<2x1x2x1x64xf32>, %l: tensor<2x1x2x1xf32>) -> tensor<1x2x1x32xf16> {
  // expected-error @+1 {{'tessel.attention_combine' op result shape [1, 2, 1, 32] differs from the expected [1, 2, 1, 64]}}
  %o = tessel.attention_combine %p, %l : tensor<2x1x2x1x64xf32>, tensor<2x1x2x1xf32> -> tensor<1x2x1x32xf16>
  return %o : tensor<1x2x1x32xf16>
}

// -----

func.func @split_empty_slice(%q: tensor<1x2x1x64xf16>, %k: tensor<1x2x6x64xf16>, %v: tensor<1x2x6x64xf16>) -> tensor<1x2x1x64xf16> {
  // expected-error @+1 {{'tessel.attention_split' op splits = 4 must cut the 6 keys read into that many non-empty slices of ceil(6 / splits) keys}}
  %o, %p, %l, %n = tessel.attention_split %q, %k, %v splits = 4 : tensor<1x2x1x64xf16>, tensor<1x2x6x64xf16>, tensor<1x2x6x64xf16> -> tensor<1x2x1x64xf16>, tensor<4x1x2x1x64xf32>, tensor<4x1x2x1xf32>, tensor<1x2x1xf32>
  return %o : tensor<1x2x1x64xf16>
}

// -----

func.func @split_result(%q: tensor<1x2x1x64xf16>, %k: tensor<1x2x10x64xf16>, %v: tensor<1x2x10x64xf16>) -> tensor<1x2x1x32xf16> {
  // expected-error @+1 {{'tessel.attention_split' op result shape [1, 2, 1, 32] differs from the expected [1, 2, 1, 64]}}
  %o, %p, %l, %n = tessel.attention_split %q, %k, %v splits = 2 : tensor<1x2x1x64xf16>, tensor<1x2x10x64xf16>, tensor<1x2x10x64xf16> -> tensor<1x2x1x32xf16>, tensor<2x1x2x1x64xf32>, tensor<2x1x2x1xf32>, tensor<1x2x1xf32>
  return %o : tensor<1x2x1x32xf16>
}

// -----

func.func @split_arrivals(%q: tensor<1x2x1x64xf16>, %k: tensor<1x2x10x64xf16>, %v: tensor<1x2x10x64xf16>) -> tensor<1x2x1x64xf16> {
  // expected-error @+1 {{'tessel.attention_split' op arrivals shape [1, 2] differs from the expected [1, 2, 1]}}
  %o, %p, %l, %n = tessel.attention_split %q, %k, %v splits = 2 : tensor<1x2x1x64xf16>, tensor<1x2x10x64xf16>, tensor<1x2x10x64xf16> -> tensor<1x2x1x64xf16>, tensor<2x1x2x1x64xf32>, tensor<2x1x2x1xf32>, tensor<1x2xf32>
  return %o : tensor<1x2x1x64xf16>
}

// -----

func.func @window_without_causal(%q: tensor<1x8x64x64xf16>) -> tensor<1x8x64x64xf16> {
  // expected-error @+1 {{'tessel.attention' op window = 16 needs causal: the window ends at each row's last visible element}}
  %0 = tessel.attention %q, %q, %q window = 16 : tensor<1x8x64x64xf16>, tensor<1x8x64x64xf16>, tensor<1x8x64x64xf16> -> tensor<1x8x64x64xf16>
  return %0 : tensor<1x8x64x64xf16>
}

// -----

func.func @window_empty(%q: tensor<1x8x64x64xf16>) -> tensor<1x8x64x64xf16> {
  // expected-error @+1 {{'tessel.attention' op window = 0 must be at least 1 (each row keeps its window's latest elements, its own included)}}
  %0 = tessel.attention %q, %q, %q causal window = 0 : tensor<1x8x64x64xf16>, tensor<1x8x64x64xf16>, tensor<1x8x64x64xf16> -> tensor<1x8x64x64xf16>
  return %0 : tensor<1x8x64x64xf16>
}

// -----

func.func @split_window_without_causal(%q: tensor<1x32x1x128xbf16>, %k: tensor<1x8x4096x128xbf16>) -> tensor<1x32x1x128xbf16> {
  // expected-error @+1 {{'tessel.attention_split' op window = 512 needs causal}}
  %o, %p, %lse, %n = tessel.attention_split %q, %k, %k splits = 8 window = 512 : tensor<1x32x1x128xbf16>, tensor<1x8x4096x128xbf16>, tensor<1x8x4096x128xbf16> -> tensor<1x32x1x128xbf16>, tensor<8x1x32x1x128xf32>, tensor<8x1x32x1xf32>, tensor<1x32x1xf32>
  return %o : tensor<1x32x1x128xbf16>
}

// -----

func.func @window_slices(%q: tensor<1x32x1x128xbf16>, %k: tensor<1x8x4096x128xbf16>) -> tensor<8x1x32x1xf32> {
  // A decode step's window of 5 keys: 8 slices of its 5 keys leave some empty.
  // expected-error @+1 {{'tessel.attention_partial' op splits = 8 must cut the 5 keys read into that many non-empty slices of ceil(5 / splits) keys}}
  %p, %lse = tessel.attention_partial %q, %k, %k splits = 8 causal window = 5 : tensor<1x32x1x128xbf16>, tensor<1x8x4096x128xbf16>, tensor<1x8x4096x128xbf16> -> tensor<8x1x32x1x128xf32>, tensor<8x1x32x1xf32>
  return %lse : tensor<8x1x32x1xf32>
}
