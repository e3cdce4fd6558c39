// Tier 1 of Tessel's workload suite: operator instances from real models,
// one function per workload, each with its provenance (model, layer). A few
// dozen kernels that run in minutes on one GPU (bench/gpu/run_suite.sh).
// Shapes: LLaMA projections from ../shared/FACTS.md's list; BERT-base
// (hidden 768, 12 heads, FFN 3072; batch 8 x sequence 128 = 1024 tokens);
// GPT-2 small (hidden 768, 12 heads of 64, context 1024); ResNet-50 (He et
// al. 2016) stage convolutions with batch norm folded into a bias; ViT-B/16
// (197 tokens, hidden 768, 12 heads of 64, MLP 3072).

// LLaMA-7B attention projection (K, N) = (4096, 4096): decode-sized M = 16.
func.func @llama7b_qproj_m16(%x: tensor<16x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<16x4096xbf16> {
  %y = tessel.matmul %x, %w : tensor<16x4096xbf16>, tensor<4096x4096xbf16> -> tensor<16x4096xbf16>
  return %y : tensor<16x4096xbf16>
}

// LLaMA-7B attention projection, a prefill chunk of M = 512 tokens.
func.func @llama7b_qproj_m512(%x: tensor<512x4096xbf16>, %w: tensor<4096x4096xbf16>) -> tensor<512x4096xbf16> {
  %y = tessel.matmul %x, %w : tensor<512x4096xbf16>, tensor<4096x4096xbf16> -> tensor<512x4096xbf16>
  return %y : tensor<512x4096xbf16>
}

// LLaMA-7B MLP up projection (4096 -> 11008) with SiLU, M = 128.
func.func @llama7b_up_silu_m128(%x: tensor<128x4096xbf16>, %w: tensor<4096x11008xbf16>) -> tensor<128x11008xbf16> {
  %u = tessel.matmul %x, %w : tensor<128x4096xbf16>, tensor<4096x11008xbf16> -> tensor<128x11008xbf16>
  %y = tessel.silu %u : tensor<128x11008xbf16>
  return %y : tensor<128x11008xbf16>
}

// LLaMA-7B MLP down projection (11008 -> 4096), M = 128.
func.func @llama7b_down_m128(%x: tensor<128x11008xbf16>, %w: tensor<11008x4096xbf16>) -> tensor<128x4096xbf16> {
  %y = tessel.matmul %x, %w : tensor<128x11008xbf16>, tensor<11008x4096xbf16> -> tensor<128x4096xbf16>
  return %y : tensor<128x4096xbf16>
}

// LLaMA RMSNorm before each block, 2048 tokens x hidden 4096.
func.func @llama7b_rmsnorm(%x: tensor<2048x4096xbf16>, %g: tensor<4096xbf16>) -> tensor<2048x4096xbf16> {
  %y = tessel.rms_norm %x scale(%g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<2048x4096xbf16>, tensor<4096xbf16>) -> tensor<2048x4096xbf16>
  return %y : tensor<2048x4096xbf16>
}

// BERT-base fused QKV projection with bias, 1024 tokens.
func.func @bert_qkv_bias(%x: tensor<1024x768xbf16>, %w: tensor<768x2304xbf16>, %b: tensor<2304xbf16>) -> tensor<1024x2304xbf16> {
  %0 = tessel.matmul %x, %w : tensor<1024x768xbf16>, tensor<768x2304xbf16> -> tensor<1024x2304xbf16>
  %1 = tessel.add %0, %b : tensor<1024x2304xbf16>, tensor<2304xbf16> -> tensor<1024x2304xbf16>
  return %1 : tensor<1024x2304xbf16>
}

// BERT-base FFN in: 768 -> 3072, bias, GELU (erf).
func.func @bert_ffn1_gelu(%x: tensor<1024x768xbf16>, %w: tensor<768x3072xbf16>, %b: tensor<3072xbf16>) -> tensor<1024x3072xbf16> {
  %0 = tessel.matmul %x, %w : tensor<1024x768xbf16>, tensor<768x3072xbf16> -> tensor<1024x3072xbf16>
  %1 = tessel.add %0, %b : tensor<1024x3072xbf16>, tensor<3072xbf16> -> tensor<1024x3072xbf16>
  %2 = tessel.gelu erf %1 : tensor<1024x3072xbf16>
  return %2 : tensor<1024x3072xbf16>
}

// BERT-base FFN out: 3072 -> 768, bias, residual.
func.func @bert_ffn2_residual(%x: tensor<1024x3072xbf16>, %w: tensor<3072x768xbf16>, %b: tensor<768xbf16>, %r: tensor<1024x768xbf16>) -> tensor<1024x768xbf16> {
  %0 = tessel.matmul %x, %w : tensor<1024x3072xbf16>, tensor<3072x768xbf16> -> tensor<1024x768xbf16>
  %1 = tessel.add %0, %b : tensor<1024x768xbf16>, tensor<768xbf16> -> tensor<1024x768xbf16>
  %2 = tessel.add %1, %r : tensor<1024x768xbf16>, tensor<1024x768xbf16> -> tensor<1024x768xbf16>
  return %2 : tensor<1024x768xbf16>
}

// BERT-base residual add + post-norm LayerNorm (epsilon 1e-12).
func.func @bert_add_layernorm(%x: tensor<1024x768xbf16>, %r: tensor<1024x768xbf16>, %g: tensor<768xbf16>, %b: tensor<768xbf16>) -> tensor<1024x768xbf16> {
  %0 = tessel.add %x, %r : tensor<1024x768xbf16>, tensor<1024x768xbf16> -> tensor<1024x768xbf16>
  %1 = tessel.layer_norm %0 scale(%g) bias(%b) normalized_rank = 1 epsilon = 1.0e-12 : (tensor<1024x768xbf16>, tensor<768xbf16>, tensor<768xbf16>) -> tensor<1024x768xbf16>
  return %1 : tensor<1024x768xbf16>
}

// BERT-base attention probabilities: softmax over 128 keys, 8 x 12 heads.
func.func @bert_attn_softmax(%s: tensor<8x12x128x128xf16>) -> tensor<8x12x128x128xf16> {
  %0 = tessel.softmax %s dim = 3 : tensor<8x12x128x128xf16>
  return %0 : tensor<8x12x128x128xf16>
}

// GPT-2 small attention scores Q K^T per head, context 1024.
func.func @gpt2_attn_scores(%q: tensor<12x1024x64xf16>, %k: tensor<12x1024x64xf16>) -> tensor<12x1024x1024xf16> {
  %0 = tessel.batch_matmul %q, %k transpose_rhs : tensor<12x1024x64xf16>, tensor<12x1024x64xf16> -> tensor<12x1024x1024xf16>
  return %0 : tensor<12x1024x1024xf16>
}

// GPT-2 small attention softmax over 1024 keys.
func.func @gpt2_softmax(%s: tensor<12x1024x1024xf16>) -> tensor<12x1024x1024xf16> {
  %0 = tessel.softmax %s dim = 2 : tensor<12x1024x1024xf16>
  return %0 : tensor<12x1024x1024xf16>
}

// GPT-2 small MLP activation: bias + GELU (tanh), 1024 tokens x 3072.
func.func @gpt2_bias_gelu(%x: tensor<1024x3072xf16>, %b: tensor<3072xf16>) -> tensor<1024x3072xf16> {
  %0 = tessel.add %x, %b : tensor<1024x3072xf16>, tensor<3072xf16> -> tensor<1024x3072xf16>
  %1 = tessel.gelu tanh %0 : tensor<1024x3072xf16>
  return %1 : tensor<1024x3072xf16>
}

// ResNet-50 conv2_x 3x3, 64 -> 64 on 56x56, bias + ReLU, batch 1.
func.func @resnet50_conv2_3x3(%x: tensor<1x56x56x64xbf16>, %w: tensor<3x3x64x64xbf16>, %b: tensor<64xbf16>) -> tensor<1x56x56x64xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<1x56x56x64xbf16>, tensor<3x3x64x64xbf16> -> tensor<1x56x56x64xbf16>
  %1 = tessel.add %0, %b : tensor<1x56x56x64xbf16>, tensor<64xbf16> -> tensor<1x56x56x64xbf16>
  %2 = tessel.relu %1 : tensor<1x56x56x64xbf16>
  return %2 : tensor<1x56x56x64xbf16>
}

// ResNet-50 conv3_x 3x3, 128 -> 128 on 28x28, bias + ReLU, batch 8.
func.func @resnet50_conv3_3x3_b8(%x: tensor<8x28x28x128xbf16>, %w: tensor<3x3x128x128xbf16>, %b: tensor<128xbf16>) -> tensor<8x28x28x128xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<8x28x28x128xbf16>, tensor<3x3x128x128xbf16> -> tensor<8x28x28x128xbf16>
  %1 = tessel.add %0, %b : tensor<8x28x28x128xbf16>, tensor<128xbf16> -> tensor<8x28x28x128xbf16>
  %2 = tessel.relu %1 : tensor<8x28x28x128xbf16>
  return %2 : tensor<8x28x28x128xbf16>
}

// ResNet-50 conv2_x 1x1 reduction, 256 -> 64 on 56x56, bias + ReLU.
func.func @resnet50_conv2_1x1(%x: tensor<1x56x56x256xbf16>, %w: tensor<1x1x256x64xbf16>, %b: tensor<64xbf16>) -> tensor<1x56x56x64xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<1x56x56x256xbf16>, tensor<1x1x256x64xbf16> -> tensor<1x56x56x64xbf16>
  %1 = tessel.add %0, %b : tensor<1x56x56x64xbf16>, tensor<64xbf16> -> tensor<1x56x56x64xbf16>
  %2 = tessel.relu %1 : tensor<1x56x56x64xbf16>
  return %2 : tensor<1x56x56x64xbf16>
}

// ViT-B/16 MLP in: 197 tokens (not a multiple of any tile), bias + GELU.
func.func @vit_b16_mlp1(%x: tensor<197x768xf16>, %w: tensor<768x3072xf16>, %b: tensor<3072xf16>) -> tensor<197x3072xf16> {
  %0 = tessel.matmul %x, %w : tensor<197x768xf16>, tensor<768x3072xf16> -> tensor<197x3072xf16>
  %1 = tessel.add %0, %b : tensor<197x3072xf16>, tensor<3072xf16> -> tensor<197x3072xf16>
  %2 = tessel.gelu erf %1 : tensor<197x3072xf16>
  return %2 : tensor<197x3072xf16>
}

// ViT-B/16 self-attention, 12 heads of 64 over 197 tokens.
func.func @vit_b16_attention(%q: tensor<1x12x197x64xf16>, %k: tensor<1x12x197x64xf16>, %v: tensor<1x12x197x64xf16>) -> tensor<1x12x197x64xf16> {
  %0 = tessel.attention %q, %k, %v scale = 0.125 : tensor<1x12x197x64xf16>, tensor<1x12x197x64xf16>, tensor<1x12x197x64xf16> -> tensor<1x12x197x64xf16>
  return %0 : tensor<1x12x197x64xf16>
}

// f32 LayerNorm, 8192 rows of 1024 (a wide-model activation).
func.func @layernorm_f32_8192x1024(%x: tensor<8192x1024xf32>, %g: tensor<1024xf32>, %b: tensor<1024xf32>) -> tensor<8192x1024xf32> {
  %0 = tessel.layer_norm %x scale(%g) bias(%b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<8192x1024xf32>, tensor<1024xf32>, tensor<1024xf32>) -> tensor<8192x1024xf32>
  return %0 : tensor<8192x1024xf32>
}

// f32 softmax, 4096 rows of 4096 (a long-context attention row).
func.func @softmax_f32_4096x4096(%x: tensor<4096x4096xf32>) -> tensor<4096x4096xf32> {
  %0 = tessel.softmax %x dim = 1 : tensor<4096x4096xf32>
  return %0 : tensor<4096x4096xf32>
}

// Elementwise chain over 64 Mi f32 elements (256 MiB in, 256 MiB out):
// residual add + ReLU, the HBM-bound case.
func.func @add_relu_f32_64mi(%x: tensor<8192x8192xf32>, %y: tensor<8192x8192xf32>) -> tensor<8192x8192xf32> {
  %0 = tessel.add %x, %y : tensor<8192x8192xf32>, tensor<8192x8192xf32> -> tensor<8192x8192xf32>
  %1 = tessel.relu %0 : tensor<8192x8192xf32>
  return %1 : tensor<8192x8192xf32>
}

// Row sums, 8192 x 8192 f32 (a pooling / loss reduction).
func.func @rowsum_f32_8192(%x: tensor<8192x8192xf32>) -> tensor<8192xf32> {
  %0 = tessel.reduce sum %x dims = [1] : tensor<8192x8192xf32> -> tensor<8192xf32>
  return %0 : tensor<8192xf32>
}

// f32 GEMM 1024^3 (the SIMT instruction class).
func.func @gemm_f32_1024(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = tessel.matmul %a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32> -> tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}

// BERT-base attention output projection with bias, 1024 tokens.
func.func @bert_attn_out_bias(%x: tensor<1024x768xf16>, %w: tensor<768x768xf16>, %b: tensor<768xf16>) -> tensor<1024x768xf16> {
  %0 = tessel.matmul %x, %w : tensor<1024x768xf16>, tensor<768x768xf16> -> tensor<1024x768xf16>
  %1 = tessel.add %0, %b : tensor<1024x768xf16>, tensor<768xf16> -> tensor<1024x768xf16>
  return %1 : tensor<1024x768xf16>
}

// GPT-2 small head split: [tokens, heads, 64] -> [heads, tokens, 64].
func.func @gpt2_head_split(%x: tensor<1024x12x64xf16>) -> tensor<12x1024x64xf16> {
  %0 = tessel.transpose %x permutation = [1, 0, 2] : tensor<1024x12x64xf16> -> tensor<12x1024x64xf16>
  return %0 : tensor<12x1024x64xf16>
}

// GPT-2 small attention-weighted values: P V per head, context 1024.
func.func @gpt2_attn_values(%p: tensor<12x1024x1024xf16>, %v: tensor<12x1024x64xf16>) -> tensor<12x1024x64xf16> {
  %0 = tessel.batch_matmul %p, %v : tensor<12x1024x1024xf16>, tensor<12x1024x64xf16> -> tensor<12x1024x64xf16>
  return %0 : tensor<12x1024x64xf16>
}

// LLaMA-7B attention softmax at a 2048-token context, 32 heads x 128 queries.
func.func @llama7b_softmax_2048(%s: tensor<32x128x2048xbf16>) -> tensor<32x128x2048xbf16> {
  %0 = tessel.softmax %s dim = 2 : tensor<32x128x2048xbf16>
  return %0 : tensor<32x128x2048xbf16>
}

// LLaMA-7B gated MLP: SiLU(gate) * up, 128 tokens x 11008.
func.func @llama7b_swiglu_m128(%g: tensor<128x11008xbf16>, %u: tensor<128x11008xbf16>) -> tensor<128x11008xbf16> {
  %0 = tessel.silu %g : tensor<128x11008xbf16>
  %1 = tessel.mul %0, %u : tensor<128x11008xbf16>, tensor<128x11008xbf16> -> tensor<128x11008xbf16>
  return %1 : tensor<128x11008xbf16>
}

// ResNet-50 conv4_x 3x3, 256 -> 256 on 14x14, bias + ReLU, batch 8.
func.func @resnet50_conv4_3x3_b8(%x: tensor<8x14x14x256xbf16>, %w: tensor<3x3x256x256xbf16>, %b: tensor<256xbf16>) -> tensor<8x14x14x256xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<8x14x14x256xbf16>, tensor<3x3x256x256xbf16> -> tensor<8x14x14x256xbf16>
  %1 = tessel.add %0, %b : tensor<8x14x14x256xbf16>, tensor<256xbf16> -> tensor<8x14x14x256xbf16>
  %2 = tessel.relu %1 : tensor<8x14x14x256xbf16>
  return %2 : tensor<8x14x14x256xbf16>
}

// ViT-B/16 pre-norm LayerNorm over 197 tokens (f16), batch 8.
func.func @vit_b16_layernorm_b8(%x: tensor<1576x768xf16>, %g: tensor<768xf16>, %b: tensor<768xf16>) -> tensor<1576x768xf16> {
  %0 = tessel.layer_norm %x scale(%g) bias(%b) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<1576x768xf16>, tensor<768xf16>, tensor<768xf16>) -> tensor<1576x768xf16>
  return %0 : tensor<1576x768xf16>
}

// Mistral-7B rotary embedding of the queries (HF's `q * cos +
// rotate_half(q) * sin`), 2048 tokens x 32 heads x 128 in the tokens'
// layout [B, S, H, D] (as tessel-form-kernels computes it before the fused
// attention), cos and sin [1, S, 1, D]: one kernel, reading q once.
func.func @mistral_rotary_q_s2048(%q: tensor<1x2048x32x128xbf16>, %cos: tensor<1x2048x1x128xbf16>, %sin: tensor<1x2048x1x128xbf16>) -> tensor<1x2048x32x128xbf16> {
  %qc = tessel.mul %q, %cos : tensor<1x2048x32x128xbf16>, tensor<1x2048x1x128xbf16> -> tensor<1x2048x32x128xbf16>
  %lo = tessel.slice %q offsets = [0, 0, 0, 0] strides = [1, 1, 1, 1] : tensor<1x2048x32x128xbf16> -> tensor<1x2048x32x64xbf16>
  %hi = tessel.slice %q offsets = [0, 0, 0, 64] strides = [1, 1, 1, 1] : tensor<1x2048x32x128xbf16> -> tensor<1x2048x32x64xbf16>
  %hin = tessel.neg %hi : tensor<1x2048x32x64xbf16>
  %rot = tessel.concat %hin, %lo dim = 3 : tensor<1x2048x32x64xbf16>, tensor<1x2048x32x64xbf16> -> tensor<1x2048x32x128xbf16>
  %qs = tessel.mul %rot, %sin : tensor<1x2048x32x128xbf16>, tensor<1x2048x1x128xbf16> -> tensor<1x2048x32x128xbf16>
  %y = tessel.add %qc, %qs : tensor<1x2048x32x128xbf16>, tensor<1x2048x32x128xbf16> -> tensor<1x2048x32x128xbf16>
  return %y : tensor<1x2048x32x128xbf16>
}
