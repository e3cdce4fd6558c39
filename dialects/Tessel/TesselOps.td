//===- TesselOps.td - Tessel operation definitions -----------------------===//
//
// The operators Tessel compiles. Each has a summary, a description with an
// example, a declarative assembly format and a verifier; the shared checks
// (static f32/f16/bf16 tensors, addressable sizes, broadcasting) come from
// TesselBase.td, the op-specific ones from TesselOps.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_OPS_TD
#define TESSEL_OPS_TD

include "dialects/Tessel/TesselBase.td"
include "dialects/Tessel/TesselAttrs.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

//===----------------------------------------------------------------------===//
// Contractions
//===----------------------------------------------------------------------===//

def Tessel_MatmulOp : Tessel_Op<"matmul", [Pure]> {
  let summary = "Matrix multiplication with optionally transposed operands";
  let description = [{
    Computes `result[m, n] = sum_k lhs[m, k] * rhs[k, n]`. With
    `transpose_lhs` the lhs is stored `[K, M]`; with `transpose_rhs` the rhs is
    stored `[N, K]` (the layout of a PyTorch `nn.Linear` weight). The operands
    share one element type; the result has that type or, for f16 and bf16
    operands, `f32` (accumulate and store in f32).

    ```mlir
    %y = tessel.matmul %x, %w transpose_rhs
        : tensor<128x768xbf16>, tensor<3072x768xbf16> -> tensor<128x3072xf32>
    ```
  }];
  let arguments = (ins Tessel_Tensor:$lhs, Tessel_Tensor:$rhs,
                       UnitAttr:$transpose_lhs, UnitAttr:$transpose_rhs);
  let results = (outs Tessel_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`transpose_lhs` $transpose_lhs^)?
    (`transpose_rhs` $transpose_rhs^)? attr-dict
    `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tessel_BatchMatmulOp : Tessel_Op<"batch_matmul", [Pure]> {
  let summary = "Batched matrix multiplication";
  let description = [{
    Computes `result[b, m, n] = sum_k lhs[b, m, k] * rhs[b, k, n]` with the
    same transpose flags (applied to the two trailing dimensions) and element
    type rules as `tessel.matmul`. The batch sizes must be equal, or one of
    them 1: that operand is broadcast, read for every batch (a weight
    shared by every batch entry, as `torch.matmul` broadcasts), never
    copied out per batch.

    ```mlir
    %s = tessel.batch_matmul %q, %k transpose_rhs
        : tensor<12x128x64xf16>, tensor<12x128x64xf16> -> tensor<12x128x128xf16>
    %y = tessel.batch_matmul %x, %w
        : tensor<8x128x64xbf16>, tensor<1x64x256xbf16> -> tensor<8x128x256xbf16>
    ```
  }];
  let arguments = (ins Tessel_Tensor:$lhs, Tessel_Tensor:$rhs,
                       UnitAttr:$transpose_lhs, UnitAttr:$transpose_rhs);
  let results = (outs Tessel_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs (`transpose_lhs` $transpose_lhs^)?
    (`transpose_rhs` $transpose_rhs^)? attr-dict
    `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tessel_Conv2DOp : Tessel_Op<"conv2d", [Pure]> {
  let summary = "2-D convolution, NHWC input and HWCF filter";
  let description = [{
    A grouped, strided, dilated, padded 2-D convolution (cross-correlation).
    The input is `[N, H, W, C]`, the filter `[KH, KW, C / groups, F]`, the
    result `[N, OH, OW, F]` with
    `OH = (H + pad_top + pad_bottom - dilation_h * (KH - 1) - 1) / stride_h + 1`
    and likewise for `OW`. `padding` is `[top, bottom, left, right]`, zeros.
    `C` and `F` must be divisible by `groups`. Element types follow
    `tessel.matmul`.

    ```mlir
    %y = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1]
        dilations = [1, 1] groups = 1
        : tensor<8x56x56x64xbf16>, tensor<3x3x64x64xbf16> -> tensor<8x56x56x64xbf16>
    ```
  }];
  let arguments = (ins Tessel_Tensor:$input, Tessel_Tensor:$filter,
                       DenseI64ArrayAttr:$strides, DenseI64ArrayAttr:$padding,
                       DenseI64ArrayAttr:$dilations, I64Attr:$groups);
  let results = (outs Tessel_Tensor:$result);
  let assemblyFormat = [{
    $input `,` $filter `strides` `=` $strides `padding` `=` $padding
    `dilations` `=` $dilations `groups` `=` $groups attr-dict
    `:` type($input) `,` type($filter) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tessel_Pool2DOp : Tessel_Op<"pool2d", [Pure]> {
  let summary = "2-D max or average pooling over NHWC windows";
  let description = [{
    For an NHWC input `[N, H, W, C]`, a `KH x KW` window moved by `strides`
    over the input padded by `padding` (`[top, bottom, left, right]`): the
    result `[N, OH, OW, C]` holds each window's `max` (padding never wins,
    as in PyTorch's `max_pool2d`) or `mean` (the sum over the window
    divided by `KH * KW`, padding counted as zeros: `avg_pool2d` with
    `count_include_pad = True`). `OH = (H + top + bottom - KH) / stride_h +
    1` (rounded down), `OW` likewise. Each padding is at most half its
    window, so that every window holds an element of the input.
    Accumulation is in f32; the result has the input's element type.

    ```mlir
    %p = tessel.pool2d max %x window = [3, 3] strides = [2, 2]
        padding = [1, 1, 1, 1]
        : tensor<1x112x112x64xbf16> -> tensor<1x56x56x64xbf16>
    ```
  }];
  let arguments = (ins Tessel_ReduceKind:$kind, Tessel_Tensor:$input,
                       DenseI64ArrayAttr:$window, DenseI64ArrayAttr:$strides,
                       DenseI64ArrayAttr:$padding);
  let results = (outs Tessel_Tensor:$result);
  let assemblyFormat = [{
    $kind $input `window` `=` $window `strides` `=` $strides `padding` `=`
    $padding attr-dict `:` type($input) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tessel_Im2ColOp : Tessel_Op<"im2col", [Pure]> {
  let summary = "The input windows of a 2-D convolution, one per output pixel";
  let description = [{
    For an NHWC input `[N, H, W, C]` and a `KH x KW` window with `strides`,
    `padding` (`[top, bottom, left, right]`, zeros) and `dilations` as in
    `tessel.conv2d`, the result `[N, OH, OW, KH, KW, C]` holds
    `input[n, oh * stride_h + kh * dilation_h - pad_top,
    ow * stride_w + kw * dilation_w - pad_left, c]`, zero where that lies
    in the padding. Viewed as `[N * OH * OW, KH * KW * C]`, its matmul with
    the filter viewed as `[KH * KW * C, F]` is the convolution with
    `groups = 1`: `tessel-form-kernels` writes a convolution so where the
    cost model predicts the two kernels faster. The element type is the
    input's.

    ```mlir
    %p = tessel.im2col %x window = [3, 3] strides = [1, 1]
        padding = [1, 1, 1, 1] dilations = [1, 1]
        : tensor<1x56x56x64xbf16> -> tensor<1x56x56x3x3x64xbf16>
    ```
  }];
  let arguments = (ins Tessel_Tensor:$input, DenseI64ArrayAttr:$window,
                       DenseI64ArrayAttr:$strides, DenseI64ArrayAttr:$padding,
                       DenseI64ArrayAttr:$dilations);
  let results = (outs Tessel_Tensor:$result);
  let assemblyFormat = [{
    $input `window` `=` $window `strides` `=` $strides `padding` `=` $padding
    `dilations` `=` $dilations attr-dict `:` type($input) `->` type($result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise
//===----------------------------------------------------------------------===//

class Tessel_UnaryOp<string mnemonic, string summary_, string formula,
                     list<Trait> traits = []>
    : Tessel_Op<mnemonic, !listconcat(traits,
                                      [Pure, SameOperandsAndResultType,
                                       Tessel_UnaryElementwise])> {
  let summary = summary_;
  let description = "Applies `" # formula # "` to every element; the "
      # "result has the input's type.\n\n```mlir\n%y = tessel." # mnemonic
      # " %x : tensor<4x8xf32>\n```";
  let arguments = (ins Tessel_Tensor:$input);
  let results = (outs Tessel_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($result)";
}

def Tessel_NegOp : Tessel_UnaryOp<"neg", "Elementwise negation", "y = -x">;
def Tessel_ExpOp : Tessel_UnaryOp<"exp", "Elementwise exponential",
                                  "y = e^x">;
def Tessel_TanhOp : Tessel_UnaryOp<"tanh", "Elementwise hyperbolic tangent",
                                   "y = tanh(x)">;
def Tessel_SigmoidOp : Tessel_UnaryOp<"sigmoid", "Elementwise logistic sigmoid",
                                      "y = 1 / (1 + e^-x)">;
def Tessel_ReluOp : Tessel_UnaryOp<"relu", "Elementwise rectifier",
                                   "y = max(x, 0)">;
def Tessel_SiluOp : Tessel_UnaryOp<"silu", "Elementwise SiLU (swish)",
                                   "y = x / (1 + e^-x)">;
def Tessel_RsqrtOp : Tessel_UnaryOp<"rsqrt", "Elementwise reciprocal square root",
                                    "y = 1 / sqrt(x)">;

def Tessel_GeluOp : Tessel_Op<"gelu", [Pure, SameOperandsAndResultType,
                                       Tessel_UnaryElementwise]> {
  let summary = "Elementwise GELU, exact (erf) or tanh-approximated";
  let description = [{
    `erf`: `y = x / 2 * (1 + erf(x / sqrt(2)))`.
    `tanh`: `y = x / 2 * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 x^3)))`
    (GPT-2 and BERT's form).

    ```mlir
    %y = tessel.gelu tanh %x : tensor<128x3072xbf16>
    ```
  }];
  let arguments = (ins Tessel_GeluApproximation:$approximation,
                       Tessel_Tensor:$input);
  let results = (outs Tessel_Tensor:$result);
  let assemblyFormat = "$approximation $input attr-dict `:` type($result)";
}

def Tessel_ClampOp : Tessel_Op<"clamp", [Pure, SameOperandsAndResultType,
                                         Tessel_UnaryElementwise]> {
  let summary = "Elementwise clamp to a range (ReLU6, hardtanh)";
  let description = [{
    `y = min(max(x, min), max)`, with either bound left out where it is
    absent (PyTorch's `clamp`; `relu6` is `min = 0.0 max = 6.0`). A NaN
    input stays NaN. At least one bound must be given, neither may be NaN,
    and `min` may not exceed `max`. Like every unary elementwise op it fuses
    into its producer's kernel as an epilogue.

    ```mlir
    %y = tessel.clamp %x min = 0.0 max = 6.0 : tensor<1x112x112x32xf32>
    ```
  }];
  let arguments = (ins Tessel_Tensor:$input, OptionalAttr<F64Attr>:$min,
                       OptionalAttr<F64Attr>:$max);
  let results = (outs Tessel_Tensor:$result);
  let assemblyFormat = [{
    $input (`min` `=` $min^)? (`max` `=` $max^)? attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def Tessel_CastOp : Tessel_Op<"cast", [Pure, SameOperandsAndResultShape,
                                       Tessel_UnaryElementwise]> {
  let summary = "Elementwise conversion between f32, f16 and bf16";
  let description = [{
    Converts each element to the result's element type, rounding to nearest
    even when narrowing. Shapes must match. A cast to the same type folds to
    its input.

    ```mlir
    %y = tessel.cast %x : tensor<128x3072xf32> to tensor<128x3072xbf16>
    ```
  }];
  let arguments = (ins Tessel_Tensor:$input);
  let results = (outs Tessel_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `to` type($result)";
  let hasFolder = 1;
}

class Tessel_BinaryOp<string mnemonic, string summary_, string formula>
    : Tessel_Op<mnemonic, [Pure, Tessel_BroadcastingElementwise]> {
  let summary = summary_;
  let description = "Computes `" # formula # "` elementwise. The operands "
      # "broadcast numpy-style: shapes are aligned at their trailing "
      # "dimensions, and each pair of sizes must be equal or one of them 1 "
      # "(a missing leading dimension counts as 1). All element types "
      # "are equal.\n\n```mlir\n%y = tessel." # mnemonic # " %x, %b : "
      # "tensor<128x768xf32>, tensor<768xf32> -> tensor<128x768xf32>\n```";
  let arguments = (ins Tessel_Tensor:$lhs, Tessel_Tensor:$rhs);
  let results = (outs Tessel_Tensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
}

def Tessel_AddOp : Tessel_BinaryOp<"add", "Elementwise addition",
                                   "y = lhs + rhs">;
def Tessel_SubOp : Tessel_BinaryOp<"sub", "Elementwise subtraction",
                                   "y = lhs - rhs">;
def Tessel_MulOp : Tessel_BinaryOp<"mul", "Elementwise multiplication",
                                   "y = lhs * rhs">;
def Tessel_DivOp : Tessel_BinaryOp<"div", "Elementwise division",
                                   "y = lhs / rhs">;
def Tessel_MaxOp : Tessel_BinaryOp<"max", "Elementwise maximum",
                                   "y = max(lhs, rhs)">;
def Tessel_MinOp : Tessel_BinaryOp<"min", "Elementwise minimum",
                                   "y = min(lhs, rhs)">;

//===----------------------------------------------------------------------===//
// Reductions and row-wise ops
//===----------------------------------------------------------------------===//

def Tessel_ReduceOp : Tessel_Op<"reduce", [Pure]> {
  let summary = "Sum, max or mean over a list of dimensions";
  let description = [{
    Reduces `input` over `dims` (distinct, ascending, each in `[0, rank)`).
    Without `keep_dims` the reduced dimensions are removed; with it they stay
    with size 1. The element type is unchanged.

    ```mlir
    %m = tessel.reduce mean %x dims = [1] keep_dims
        : tensor<128x768xf32> -> tensor<128x1xf32>
    ```
  }];
  let arguments = (ins Tessel_ReduceKind:$kind, Tessel_Tensor:$input,
                       DenseI64ArrayAttr:$dims, UnitAttr:$keep_dims);
  let results = (outs Tessel_Tensor:$result);
  let assemblyFormat = [{
    $kind $input `dims` `=` $dims (`keep_dims` $keep_dims^)? attr-dict
    `:` type($input) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tessel_SoftmaxOp : Tessel_Op<"softmax", [Pure, SameOperandsAndResultType]> {
  let summary = "Softmax along one dimension, optionally scaled and causal";
  let description = [{
    `result = exp(x - max(x)) / sum(exp(x - max(x)))` along `dim`, which must
    lie in `[0, rank)`. With `scale = s` the input is first multiplied by
    `s` (positive and finite). With `causal`, which needs `dim >= 1`, the
    element at position `j` along `dim` and `i` along `dim - 1` counts as
    `-inf` where `j > i + size(dim) - size(dim - 1)` (the mask of
    `tessel.attention`'s `causal`, keys aligned at the bottom right), which
    needs `size(dim - 1) <= size(dim)`. With `window = W` (which needs
    `causal`, `W >= 1`) the elements more than `W - 1` before that last one
    count as `-inf` too, `j <= i + size(dim) - size(dim - 1) - W`: each row
    keeps at most its `W` latest elements (a sliding-window attention's
    mask). Together they are attention's scores-to-probabilities step.

    ```mlir
    %p = tessel.softmax %s dim = 3 : tensor<1x12x128x128xf32>
    %c = tessel.softmax %s dim = 3 scale = 0.125 causal
        : tensor<1x12x128x128xf32>
    %w = tessel.softmax %s dim = 3 causal window = 64
        : tensor<1x12x128x128xf32>
    ```
  }];
  let arguments = (ins Tessel_Tensor:$input, I64Attr:$dim,
                       OptionalAttr<F64Attr>:$scale, UnitAttr:$causal,
                       OptionalAttr<I64Attr>:$window);
  let results = (outs Tessel_Tensor:$result);
  let assemblyFormat = [{
    $input `dim` `=` $dim (`scale` `=` $scale^)? (`causal` $causal^)?
    (`window` `=` $window^)? attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

class Tessel_NormOp<string mnemonic, string summary_, string formula>
    : Tessel_Op<mnemonic, [Pure, AttrSizedOperandSegments]> {
  let summary = summary_;
  let description = "Normalizes over the trailing `normalized_rank` "
      # "dimensions: `" # formula # "`, then multiplies by `scale` and adds "
      # "`bias` where given. `scale` and `bias` have the shape of the "
      # "normalized dimensions and the input's element type; `epsilon` is "
      # "positive. The result has the input's type.\n\n```mlir\n"
      # "%y = tessel." # mnemonic # " %x scale(%g) bias(%b) normalized_rank = 1"
      # " epsilon = 1.0e-05\n    : (tensor<128x768xf32>, tensor<768xf32>, "
      # "tensor<768xf32>) -> tensor<128x768xf32>\n```";
  let arguments = (ins Tessel_Tensor:$input, Optional<Tessel_Tensor>:$scale,
                       Optional<Tessel_Tensor>:$bias, I64Attr:$normalized_rank,
                       F64Attr:$epsilon);
  let results = (outs Tessel_Tensor:$result);
  let assemblyFormat = [{
    $input (`scale` `(` $scale^ `)`)? (`bias` `(` $bias^ `)`)?
    `normalized_rank` `=` $normalized_rank `epsilon` `=` $epsilon attr-dict
    `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Tessel_LayerNormOp : Tessel_NormOp<"layer_norm", "Layer normalization",
    "y = (x - mean(x)) / sqrt(var(x) + epsilon)">;
def Tessel_RmsNormOp : Tessel_NormOp<"rms_norm", "RMS normalization",
    "y = x / sqrt(mean(x^2) + epsilon)">;

//===----------------------------------------------------------------------===//
// Attention and data movement
//===----------------------------------------------------------------------===//

def Tessel_AttentionOp : Tessel_Op<"attention", [Pure]> {
  let summary = "Scaled dot-product attention, optionally causal or windowed";
  let description = [{
    `result = softmax(scale * q k^T + mask) v` per batch and head. Shapes:
    `query [B, H, Sq, D]`, `key [B, Hkv, Skv, D]`, `value [B, Hkv, Skv, Dv]`,
    `result [B, H, Sq, Dv]`. `H` must be a multiple of `Hkv` (grouped-query
    attention; `Hkv = H` is ordinary multi-head attention). `scale` defaults
    to `1 / sqrt(D)`. With `causal`, query `i` attends to keys
    `j <= i + Skv - Sq` (aligned at the bottom right, as for decoding with a
    KV cache), which needs `Sq <= Skv`. With `window = W` as well (`W >= 1`),
    query `i` attends to at most its `W` latest keys, `i + Skv - Sq - W < j
    <= i + Skv - Sq` (sliding-window attention, as in Mistral-7B; keys
    wholly before every window of a block are skipped, not read). All
    element types are equal. The
    scores, the softmax's statistics and the accumulation are f32; in bf16
    and f16 the probabilities may enter the product with `value` rounded to
    that type, as FlashAttention rounds them.

    ```mlir
    %o = tessel.attention %q, %k, %v causal
        : tensor<1x32x128x128xbf16>, tensor<1x8x128x128xbf16>,
          tensor<1x8x128x128xbf16> -> tensor<1x32x128x128xbf16>
    %w = tessel.attention %q, %k, %v causal window = 4096
        : tensor<1x32x8192x128xbf16>, tensor<1x8x8192x128xbf16>,
          tensor<1x8x8192x128xbf16> -> tensor<1x32x8192x128xbf16>
    ```
  }];
  let arguments = (ins Tessel_Tensor:$query, Tessel_Tensor:$key,
                       Tessel_Tensor:$value, OptionalAttr<F64Attr>:$scale,
                       UnitAttr:$causal, OptionalAttr<I64Attr>:$window);
  let results = (outs Tessel_Tensor:$result);
  let assemblyFormat = [{
    $query `,` $key `,` $value (`scale` `=` $scale^)? (`causal` $causal^)?
    (`window` `=` $window^)? attr-dict `:` type($query) `,` type($key) `,`
    type($value) `->` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The keys some query attends to: Skv, or with a window the last
    /// min(Skv, Sq - 1 + window) (those before are never read).
    int64_t getKeysRead();
  }];
}

def Tessel_AttentionPartialOp : Tessel_Op<"attention_partial", [Pure]> {
  let summary = "An attention over each of several slices of its keys";
  let description = [{
    The first half of a split-KV (flash-decoding) attention: the keys (and
    values) some query attends to (all `Skv`, or with a window the last
    `R = min(Skv, Sq - 1 + window)`: those before are never read) are cut
    into `splits` consecutive slices of `L = ceil(R / splits)` keys (the
    last may be shorter; none is empty), and for each
    slice `s` and query this computes the attention over that slice alone:
    `partial[s, b, h, i, :]`, normalized over the slice, and `lse[s, b, h,
    i]`, the natural log of the sum of `exp(scale * q k^T)` over the slice's
    keys that the query attends to. A query that attends to none of a
    slice's keys (causal, or windowed) gets a partial of zeros and an `lse`
    of -inf.
    `tessel.attention_combine` then weighs the partials by `exp(lse)` into
    the attention. Operands, `scale`, `causal` and `window` are those of
    `tessel.attention`; both results are f32.

    `tessel-split-reduction` makes this op (with the combine) from a kernel
    that is one `tessel.attention` whose schedule has `split_k = splits`:
    it lets one query's attention over a long KV cache (decoding) occupy
    many blocks. It runs only as a kernel of its own, emitted by
    `tessel-tile-and-fuse` like the fused attention.

    ```mlir
    %p, %lse = tessel.attention_partial %q, %k, %v splits = 8
        : tensor<1x32x1x128xbf16>, tensor<1x8x4096x128xbf16>,
          tensor<1x8x4096x128xbf16>
        -> tensor<8x1x32x1x128xf32>, tensor<8x1x32x1xf32>
    ```
  }];
  let arguments = (ins Tessel_Tensor:$query, Tessel_Tensor:$key,
                       Tessel_Tensor:$value, I64Attr:$splits,
                       OptionalAttr<F64Attr>:$scale, UnitAttr:$causal,
                       OptionalAttr<I64Attr>:$window);
  let results = (outs Tessel_Tensor:$partial, Tessel_Tensor:$lse);
  let assemblyFormat = [{
    $query `,` $key `,` $value `splits` `=` $splits
    (`scale` `=` $scale^)? (`causal` $causal^)? (`window` `=` $window^)?
    attr-dict `:` type($query) `,` type($key) `,` type($value) `->`
    type($partial) `,` type($lse)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The keys some query attends to, which the slices cut: the last
    /// Skv of them, or with a window the last min(Skv, Sq - 1 + window).
    int64_t getKeysRead();
    /// Keys per slice, ceil(getKeysRead() / splits); the last slice may be
    /// shorter.
    int64_t getSliceLength();
  }];
}

def Tessel_AttentionCombineOp : Tessel_Op<"attention_combine", [Pure]> {
  let summary = "Weighs the partial attentions of key slices into one";
  let description = [{
    The second half of a split-KV attention (see
    `tessel.attention_partial`): with `m` the largest `lse[s, b, h, i]`
    over the slices `s`, `result[b, h, i, :] = sum_s w_s partial[s, b, h, i,
    :] / sum_s w_s` where `w_s = exp(lse[s, b, h, i] - m)`. `partial` is
    `[S, B, H, Sq, Dv]` f32, `lse` `[S, B, H, Sq]` f32, the result `[B, H,
    Sq, Dv]` of any element type. At least one slice of each query must
    have an `lse` above -inf (a query of `tessel.attention` attends to at
    least one key). It runs only as a kernel of its own.

    ```mlir
    %o = tessel.attention_combine %p, %lse
        : tensor<8x1x32x1x128xf32>, tensor<8x1x32x1xf32>
        -> tensor<1x32x1x128xbf16>
    ```
  }];
  let arguments = (ins Tessel_Tensor:$partial, Tessel_Tensor:$lse);
  let results = (outs Tessel_Tensor:$result);
  let assemblyFormat = [{
    $partial `,` $lse attr-dict `:` type($partial) `,` type($lse) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

def Tessel_AttentionSplitOp : Tessel_Op<"attention_split", [Pure]> {
  let summary = "A split-KV attention that combines its slices in one kernel";
  let description = [{
    Split-KV (flash-decoding) as one kernel: `result` is the attention of
    `tessel.attention` on the same operands, computed as
    `tessel.attention_partial` computes `partial` and `lse` over `splits`
    slices of the keys, and weighed as `tessel.attention_combine` weighs
    them, by the last block to finish each query tile (an arrival count per
    tile, incremented atomically), so that no second kernel is launched.
    `partial` and `lse` are the workspace that the slices' blocks pass to
    that last block; `arrivals` ([B, H, Sq] f32, one count per query row, a
    tile counting at its first row) holds zeros.

    The arrival counts ask one thing of the caller: their buffer must hold
    zeros when the kernel starts, and the kernel leaves it holding zeros
    (the last block of each tile resets its count), so that a buffer zeroed
    once serves every later launch. tessel-compile marks it `zeroed` in the
    manifest and the runners allocate it so; on the CPU path the kernel
    zeroes it first.

    `tessel-split-reduction` makes this op from a kernel that is one
    `tessel.attention` whose schedule has `split_k = splits`. It runs only
    as a kernel of its own, emitted by `tessel-tile-and-fuse` like the
    fused attention.

    ```mlir
    %o, %p, %lse, %n = tessel.attention_split %q, %k, %v splits = 8 causal
        : tensor<1x32x1x128xbf16>, tensor<1x8x4096x128xbf16>,
          tensor<1x8x4096x128xbf16>
        -> tensor<1x32x1x128xbf16>, tensor<8x1x32x1x128xf32>,
           tensor<8x1x32x1xf32>, tensor<1x32x1xf32>
    ```
  }];
  let arguments = (ins Tessel_Tensor:$query, Tessel_Tensor:$key,
                       Tessel_Tensor:$value, I64Attr:$splits,
                       OptionalAttr<F64Attr>:$scale, UnitAttr:$causal,
                       OptionalAttr<I64Attr>:$window);
  let results = (outs Tessel_Tensor:$result, Tessel_Tensor:$partial,
                      Tessel_Tensor:$lse, Tessel_Tensor:$arrivals);
  let assemblyFormat = [{
    $query `,` $key `,` $value `splits` `=` $splits
    (`scale` `=` $scale^)? (`causal` $causal^)? (`window` `=` $window^)?
    attr-dict `:` type($query) `,` type($key) `,` type($value) `->`
    type($result) `,` type($partial) `,` type($lse) `,` type($arrivals)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The keys some query attends to, which the slices cut: the last
    /// Skv of them, or with a window the last min(Skv, Sq - 1 + window).
    int64_t getKeysRead();
    /// Keys per slice, ceil(getKeysRead() / splits); the last slice may be
    /// shorter.
    int64_t getSliceLength();
  }];
}

def Tessel_ConstantOp : Tessel_Op<"constant", [Pure, AllTypesMatch<["value", "result"]>]> {
  let summary = "A tensor whose elements all hold one value";
  let description = [{
    A splat: every element of the result holds `value` (a scale, an
    epsilon, a mask's fill). `tessel-form-kernels` copies it into each
    kernel that reads it, where it costs nothing to load; a reshape of it
    is the same splat in the reshaped type. A tensor of distinct values
    (rotary tables, a mask written out) is not supported: pass it as a
    function argument.

    ```mlir
    %half = tessel.constant dense<0.5> : tensor<1xf32>
    %y = tessel.mul %x, %half : tensor<4x8xf32>, tensor<1xf32> -> tensor<4x8xf32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs Tessel_Tensor:$result);
  let assemblyFormat = "$value attr-dict";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The value every element holds, as a double.
    double getSplatValue();
  }];
}

def Tessel_TransposeOp : Tessel_Op<"transpose", [Pure]> {
  let summary = "Permutes the dimensions of a tensor";
  let description = [{
    `result` dimension `i` is `input` dimension `permutation[i]`; the
    permutation must name every dimension once.

    ```mlir
    %t = tessel.transpose %x permutation = [0, 2, 1, 3]
        : tensor<1x128x12x64xf16> -> tensor<1x12x128x64xf16>
    ```
  }];
  let arguments = (ins Tessel_Tensor:$input, DenseI64ArrayAttr:$permutation);
  let results = (outs Tessel_Tensor:$result);
  let assemblyFormat = [{
    $input `permutation` `=` $permutation attr-dict `:` type($input) `->`
    type($result)
  }];
  let hasVerifier = 1;
}

def Tessel_SliceOp : Tessel_Op<"slice", [Pure]> {
  let summary = "A strided box of a tensor (PyTorch's basic indexing)";
  let description = [{
    `result[i0, i1, ...] = input[offsets[0] + strides[0] * i0, ...]`: the
    result's shape says how many elements each dimension takes. Offsets are
    at least 0, strides at least 1, and the last element taken along each
    dimension must lie inside the input; the rank does not change (a
    reshape drops a dimension of size 1). `x[:, 2:8:2]` of an 8 x 8 tensor:

    ```mlir
    %y = tessel.slice %x offsets = [0, 2] strides = [1, 2]
        : tensor<8x8xf32> -> tensor<8x3xf32>
    ```

    It moves data like a transpose: `tessel-form-kernels` fuses it into its
    consumer's kernel, and into its producer's where the cost model says so
    and the slice reads through an affine map: a slice that keeps the start
    of a dim but not all of it (`x[:, :768]` of `[S, 2304]`) gathers its
    input, which must then come from outside the kernel.
  }];
  let arguments = (ins Tessel_Tensor:$input, DenseI64ArrayAttr:$offsets,
                       DenseI64ArrayAttr:$strides);
  let results = (outs Tessel_Tensor:$result);
  let assemblyFormat = [{
    $input `offsets` `=` $offsets `strides` `=` $strides attr-dict `:`
    type($input) `->` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Whether every dim the slice reads from offset 0 with stride 1 it
    /// reads whole: then its loop nest reads the input through an affine
    /// map (and a producer fuses into it); otherwise the input is gathered
    /// element by element, so it must be a kernel's input.
    bool readsThroughMap();
  }];
}

def Tessel_ConcatOp : Tessel_Op<"concat", [Pure]> {
  let summary = "Joins tensors along one dimension";
  let description = [{
    The inputs, in order, laid one after another along dimension `dim`:
    they have one element type and the same sizes along every other
    dimension, and the result's size along `dim` is the sum of theirs
    (PyTorch's `cat`). Rotary embeddings' `rotate_half` joins the negated
    second half of a head to its first:

    ```mlir
    %r = tessel.concat %x2n, %x1 dim = 3
        : tensor<1x32x128x64xbf16>, tensor<1x32x128x64xbf16>
        -> tensor<1x32x128x128xbf16>
    ```

    Each output element is read from the one input that holds it (a
    gather), so the inputs come from outside the concat's kernel:
    `tessel-form-kernels` fuses a concat into its consumer's kernel, never
    into a producer's.
  }];
  let arguments = (ins Variadic<Tessel_Tensor>:$inputs, I64Attr:$dim);
  let results = (outs Tessel_Tensor:$result);
  let assemblyFormat = [{
    $inputs `dim` `=` $dim attr-dict `:` type($inputs) `->` type($result)
  }];
  let hasVerifier = 1;
}

def Tessel_ReshapeOp : Tessel_Op<"reshape", [Pure]> {
  let summary = "Reinterprets a tensor's elements with another shape";
  let description = [{
    Keeps the elements in row-major order and gives them the result's shape,
    which must hold the same number of elements of the same type. It moves no
    data; it is how a `[S, H * D]` projection becomes `[1, S, H, D]` heads.

    ```mlir
    %h = tessel.reshape %q : tensor<128x768xbf16> -> tensor<1x128x12x64xbf16>
    ```
  }];
  let arguments = (ins Tessel_Tensor:$input);
  let results = (outs Tessel_Tensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

def Tessel_KernelOp : Tessel_Op<"kernel", [
    IsolatedFromAbove, SingleBlock, RecursiveMemoryEffects]> {
  let summary = "A group of ops that becomes one GPU kernel";
  let description = [{
    The body is one block whose arguments stand for `inputs` (the kernel is
    isolated from above, so everything it reads comes in this way) and which
    ends in `tessel.yield` with the kernel's results. The body holds only
    Tessel compute ops; kernels do not nest. `schedule`, when present, says
    how the kernel is tiled; `tessel-select-schedules` attaches it, or a user
    writes it by hand.

    ```mlir
    %y = tessel.kernel @ffn_up(%x, %w)
        : (tensor<128x768xbf16>, tensor<768x3072xbf16>) -> tensor<128x3072xbf16>
        schedule = #tessel.schedule<block = [128, 128, 32], warps = 4,
                                    stages = 3, split_k = 1, vector = 8,
                                    mma = wgmma> {
    ^bb0(%a: tensor<128x768xbf16>, %b: tensor<768x3072xbf16>):
      %0 = tessel.matmul %a, %b
          : tensor<128x768xbf16>, tensor<768x3072xbf16> -> tensor<128x3072xbf16>
      %1 = tessel.gelu tanh %0 : tensor<128x3072xbf16>
      tessel.yield %1 : tensor<128x3072xbf16>
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       Variadic<Tessel_Tensor>:$inputs,
                       OptionalAttr<Tessel_ScheduleAttr>:$schedule);
  let results = (outs Variadic<Tessel_Tensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $sym_name `(` $inputs `)` `:` functional-type($inputs, $results)
    (`schedule` `=` qualified($schedule)^)? attr-dict-with-keyword $body
  }];
  let hasRegionVerifier = 1;
}

def Tessel_YieldOp : Tessel_Op<"yield", [
    Pure, Terminator, ReturnLike, HasParent<"KernelOp">]> {
  let summary = "Returns a kernel's results";
  let description = [{
    Terminates a `tessel.kernel` body; its operands are the kernel's results,
    in order and with the same types.

    ```mlir
    tessel.yield %1 : tensor<128x3072xbf16>
    ```
  }];
  let arguments = (ins Variadic<Tessel_Tensor>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

#endif // TESSEL_OPS_TD
