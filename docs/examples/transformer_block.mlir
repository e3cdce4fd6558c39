// Tessel's bundled example: one BERT-base encoder layer and one ResNet-50
// convolution, in bf16, written in the tessel dialect.
//
// BERT-base (Devlin et al., 2019): hidden 768, 12 heads of 64, FFN 3072, GELU,
// post-norm residuals, layer_norm epsilon 1e-12; here batch 1, sequence 128.
// ResNet-50 (He et al., 2016), stage conv2_x: 3x3 convolution, 64 -> 64
// channels on 56x56, padding 1, followed by bias and ReLU (batch norm folded
// into the bias, as inference compilers do).
//
// `make demo` runs: tessel-opt --tessel-set-target=target=h100 on this file.

func.func @bert_encoder_layer(
    %x: tensor<128x768xbf16>,
    %wq: tensor<768x768xbf16>, %bq: tensor<768xbf16>,
    %wk: tensor<768x768xbf16>, %bk: tensor<768xbf16>,
    %wv: tensor<768x768xbf16>, %bv: tensor<768xbf16>,
    %wo: tensor<768x768xbf16>, %bo: tensor<768xbf16>,
    %ln1_g: tensor<768xbf16>, %ln1_b: tensor<768xbf16>,
    %w1: tensor<768x3072xbf16>, %b1: tensor<3072xbf16>,
    %w2: tensor<3072x768xbf16>, %b2: tensor<768xbf16>,
    %ln2_g: tensor<768xbf16>, %ln2_b: tensor<768xbf16>) -> tensor<128x768xbf16> {
  // Q, K and V projections, split into 12 heads of 64: [1, 12, 128, 64].
  %q0 = tessel.matmul %x, %wq : tensor<128x768xbf16>, tensor<768x768xbf16> -> tensor<128x768xbf16>
  %q1 = tessel.add %q0, %bq : tensor<128x768xbf16>, tensor<768xbf16> -> tensor<128x768xbf16>
  %q2 = tessel.reshape %q1 : tensor<128x768xbf16> -> tensor<1x128x12x64xbf16>
  %q = tessel.transpose %q2 permutation = [0, 2, 1, 3] : tensor<1x128x12x64xbf16> -> tensor<1x12x128x64xbf16>
  %k0 = tessel.matmul %x, %wk : tensor<128x768xbf16>, tensor<768x768xbf16> -> tensor<128x768xbf16>
  %k1 = tessel.add %k0, %bk : tensor<128x768xbf16>, tensor<768xbf16> -> tensor<128x768xbf16>
  %k2 = tessel.reshape %k1 : tensor<128x768xbf16> -> tensor<1x128x12x64xbf16>
  %k = tessel.transpose %k2 permutation = [0, 2, 1, 3] : tensor<1x128x12x64xbf16> -> tensor<1x12x128x64xbf16>
  %v0 = tessel.matmul %x, %wv : tensor<128x768xbf16>, tensor<768x768xbf16> -> tensor<128x768xbf16>
  %v1 = tessel.add %v0, %bv : tensor<128x768xbf16>, tensor<768xbf16> -> tensor<128x768xbf16>
  %v2 = tessel.reshape %v1 : tensor<128x768xbf16> -> tensor<1x128x12x64xbf16>
  %v = tessel.transpose %v2 permutation = [0, 2, 1, 3] : tensor<1x128x12x64xbf16> -> tensor<1x12x128x64xbf16>

  // Scaled dot-product attention, 1 / sqrt(64) = 0.125, and the heads merged.
  %a = tessel.attention %q, %k, %v scale = 0.125 : tensor<1x12x128x64xbf16>, tensor<1x12x128x64xbf16>, tensor<1x12x128x64xbf16> -> tensor<1x12x128x64xbf16>
  %a1 = tessel.transpose %a permutation = [0, 2, 1, 3] : tensor<1x12x128x64xbf16> -> tensor<1x128x12x64xbf16>
  %a2 = tessel.reshape %a1 : tensor<1x128x12x64xbf16> -> tensor<128x768xbf16>

  // Output projection, residual, layer_norm.
  %o0 = tessel.matmul %a2, %wo : tensor<128x768xbf16>, tensor<768x768xbf16> -> tensor<128x768xbf16>
  %o1 = tessel.add %o0, %bo : tensor<128x768xbf16>, tensor<768xbf16> -> tensor<128x768xbf16>
  %r1 = tessel.add %o1, %x : tensor<128x768xbf16>, tensor<128x768xbf16> -> tensor<128x768xbf16>
  %h = tessel.layer_norm %r1 scale(%ln1_g) bias(%ln1_b) normalized_rank = 1 epsilon = 1.0e-12 : (tensor<128x768xbf16>, tensor<768xbf16>, tensor<768xbf16>) -> tensor<128x768xbf16>

  // Feed-forward: 768 -> 3072 with GELU, 3072 -> 768, residual, layer_norm.
  %f0 = tessel.matmul %h, %w1 : tensor<128x768xbf16>, tensor<768x3072xbf16> -> tensor<128x3072xbf16>
  %f1 = tessel.add %f0, %b1 : tensor<128x3072xbf16>, tensor<3072xbf16> -> tensor<128x3072xbf16>
  %f2 = tessel.gelu erf %f1 : tensor<128x3072xbf16>
  %f3 = tessel.matmul %f2, %w2 : tensor<128x3072xbf16>, tensor<3072x768xbf16> -> tensor<128x768xbf16>
  %f4 = tessel.add %f3, %b2 : tensor<128x768xbf16>, tensor<768xbf16> -> tensor<128x768xbf16>
  %r2 = tessel.add %f4, %h : tensor<128x768xbf16>, tensor<128x768xbf16> -> tensor<128x768xbf16>
  %y = tessel.layer_norm %r2 scale(%ln2_g) bias(%ln2_b) normalized_rank = 1 epsilon = 1.0e-12 : (tensor<128x768xbf16>, tensor<768xbf16>, tensor<768xbf16>) -> tensor<128x768xbf16>
  return %y : tensor<128x768xbf16>
}

func.func @resnet50_conv2_x(%x: tensor<1x56x56x64xbf16>, %w: tensor<3x3x64x64xbf16>,
                            %b: tensor<64xbf16>) -> tensor<1x56x56x64xbf16> {
  %c = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<1x56x56x64xbf16>, tensor<3x3x64x64xbf16> -> tensor<1x56x56x64xbf16>
  %cb = tessel.add %c, %b : tensor<1x56x56x64xbf16>, tensor<64xbf16> -> tensor<1x56x56x64xbf16>
  %y = tessel.relu %cb : tensor<1x56x56x64xbf16>
  return %y : tensor<1x56x56x64xbf16>
}
