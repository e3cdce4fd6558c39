// tessel-lower-to-linalg: each op family becomes linalg on tensors with f32
// arithmetic and accumulation, contract fast-math, and kernels become
// private functions that keep their schedule.
// RUN: tessel-opt %s --tessel-lower-to-linalg --split-input-file | FileCheck %s

// A transposed operand is a linalg.transpose feeding a row-major
// contraction (so that a K step copies it transposed and tensor cores see
// A [M, K] and B [K, N]).
// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[RHS:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @matmul_bf16
// CHECK-SAME: (%[[A:.*]]: tensor<64x32xbf16>, %[[B:.*]]: tensor<64x16xbf16>)
// CHECK: %[[AT:.*]] = linalg.transpose ins(%[[A]] : tensor<64x32xbf16>) outs(%{{.*}} : tensor<32x64xbf16>) permutation = [1, 0]
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[ACC:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<32x16xf32>)
// CHECK: %[[MM:.*]] = linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[AT]], %[[B]] : tensor<32x64xbf16>, tensor<64x16xbf16>) outs(%[[ACC]] : tensor<32x16xf32>)
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK: %[[P:.*]] = arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK: arith.addf %{{.*}}, %[[P]] fastmath<contract> : f32
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[MM]] : tensor<32x16xf32>) outs(%{{.*}} : tensor<32x16xbf16>)
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// CHECK: return %[[R]]
func.func @matmul_bf16(%a: tensor<64x32xbf16>, %b: tensor<64x16xbf16>) -> tensor<32x16xbf16> {
  %0 = tessel.matmul %a, %b transpose_lhs : tensor<64x32xbf16>, tensor<64x16xbf16> -> tensor<32x16xbf16>
  return %0 : tensor<32x16xbf16>
}

// -----

// An f32 result needs no truncation.
// CHECK-LABEL: func.func @batch_matmul_f32_result
// CHECK: %[[MM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK-NOT: linalg.generic
// CHECK: return %[[MM]]
func.func @batch_matmul_f32_result(%a: tensor<2x8x4xf16>, %b: tensor<2x4x8xf16>) -> tensor<2x8x8xf32> {
  %0 = tessel.batch_matmul %a, %b : tensor<2x8x4xf16>, tensor<2x4x8xf16> -> tensor<2x8x8xf32>
  return %0 : tensor<2x8x8xf32>
}

// -----

// A padded convolution gathers its input (clamped tensor.extract, zero
// outside) instead of padding a copy. A convolution of several groups
// runs over (n, oh, ow, f, kh, kw, c) into [N, OH, OW, F] directly: it
// reads the filter [KH, KW, C/G, F] through a projected permutation and
// computes the input channel (f floordiv F/G) * C/G + c from the loops'
// indices, so no indexing map divides a loop (tiling slices an operand
// read through one as if the map were linear).
// CHECK-DAG: #[[FILTER:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @conv2d_grouped
// CHECK-SAME: (%[[X:.*]]: tensor<1x8x8x8xf32>, %[[W:.*]]: tensor<3x3x4x16xf32>)
// CHECK-NOT: tensor.pad
// CHECK-NOT: tensor.expand_shape
// CHECK: %[[CONV:.*]] = linalg.generic {indexing_maps = [#[[FILTER]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
// CHECK-SAME: ins(%[[W]] : tensor<3x3x4x16xf32>) outs(%{{.*}} : tensor<1x3x3x16xf32>)
// CHECK: %[[F:.*]] = linalg.index 3 : index
// CHECK: %[[G:.*]] = arith.divui %[[F]], %c8 : index
// CHECK: %[[GC:.*]] = arith.muli %[[G]], %c4 : index
// CHECK: %[[C:.*]] = linalg.index 6 : index
// CHECK: %[[CHAN:.*]] = arith.addi %[[GC]], %[[C]] : index
// CHECK: arith.cmpi sge
// CHECK: arith.cmpi slt
// CHECK: tensor.extract %[[X]][%{{.*}}, %{{.*}}, %{{.*}}, %[[CHAN]]]
// CHECK: arith.select
// CHECK-NOT: floordiv
// CHECK: return %[[CONV]]
func.func @conv2d_grouped(%x: tensor<1x8x8x8xf32>, %w: tensor<3x3x4x16xf32>) -> tensor<1x3x3x16xf32> {
  %0 = tessel.conv2d %x, %w strides = [2, 2] padding = [1, 1, 1, 1] dilations = [2, 2] groups = 2 : tensor<1x8x8x8xf32>, tensor<3x3x4x16xf32> -> tensor<1x3x3x16xf32>
  return %0 : tensor<1x3x3x16xf32>
}

// -----

// Without padding the input is read through an affine map of a grouped view.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1 + d5, d2 + d6, d3, d7)>
// CHECK-LABEL: func.func @conv2d_unpadded
// CHECK: %[[X5:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0], [1], [2], [3, 4]] output_shape [1, 6, 6, 1, 3]
// CHECK: linalg.generic {indexing_maps = [#[[IN]], {{.*}}]{{.*}} ins(%[[X5]], %{{.*}} : tensor<1x6x6x1x3xf32>, tensor<3x3x3x1x4xf32>)
// CHECK-NOT: tensor.extract
func.func @conv2d_unpadded(%x: tensor<1x6x6x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32> -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// -----

// im2col is a copy over [N, OH, OW, KH, KW, C]: through an affine map of the
// input without padding, gathered like a padded convolution's input with it.
// CHECK-DAG: #[[WIN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 + d3 * 2, d2 + d4 * 2, d5)>
// CHECK-LABEL: func.func @im2col_unpadded
// CHECK: linalg.generic {indexing_maps = [#[[WIN]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]}
// CHECK-SAME: ins(%{{.*}} : tensor<1x10x10x3xf32>) outs(%{{.*}} : tensor<1x6x6x3x3x3xf32>)
// CHECK-NOT: tensor.extract
// CHECK-LABEL: func.func @im2col_padded
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<2x5x4x3x3x5xbf16>)
// CHECK: tensor.extract %{{.*}} : tensor<2x9x7x5xbf16>
// CHECK: arith.select
// CHECK: arith.truncf %{{.*}} : f32 to bf16
func.func @im2col_unpadded(%x: tensor<1x10x10x3xf32>) -> tensor<1x6x6x3x3x3xf32> {
  %0 = tessel.im2col %x window = [3, 3] strides = [1, 1] padding = [0, 0, 0, 0] dilations = [2, 2] : tensor<1x10x10x3xf32> -> tensor<1x6x6x3x3x3xf32>
  return %0 : tensor<1x6x6x3x3x3xf32>
}
func.func @im2col_padded(%x: tensor<2x9x7x5xbf16>) -> tensor<2x5x4x3x3x5xbf16> {
  %0 = tessel.im2col %x window = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] : tensor<2x9x7x5xbf16> -> tensor<2x5x4x3x3x5xbf16>
  return %0 : tensor<2x5x4x3x3x5xbf16>
}

// -----

// Broadcasting reads size-1 dims at index 0 and drops missing leading dims;
// f16 operands are computed in f32 and stored back as f16.
// CHECK-DAG: #[[COL:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-DAG: #[[ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @broadcast_add
// CHECK: linalg.generic {indexing_maps = [#[[COL]], #[[ROW]], {{.*}}], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME: outs(%{{.*}} : tensor<4x8xf16>)
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @broadcast_add(%a: tensor<4x1xf16>, %b: tensor<8xf16>) -> tensor<4x8xf16> {
  %0 = tessel.add %a, %b : tensor<4x1xf16>, tensor<8xf16> -> tensor<4x8xf16>
  return %0 : tensor<4x8xf16>
}

// -----

// CHECK-LABEL: func.func @unary_chain
// CHECK: math.tanh
// CHECK: math.erf
// CHECK: math.exp
// CHECK: arith.maximumf
// CHECK: math.rsqrt
// CHECK: arith.negf
// CHECK: arith.truncf %{{.*}} : f32 to bf16
func.func @unary_chain(%x: tensor<16xf32>) -> tensor<16xbf16> {
  %0 = tessel.gelu tanh %x : tensor<16xf32>
  %1 = tessel.gelu erf %0 : tensor<16xf32>
  %2 = tessel.silu %1 : tensor<16xf32>
  %3 = tessel.relu %2 : tensor<16xf32>
  %4 = tessel.rsqrt %3 : tensor<16xf32>
  %5 = tessel.neg %4 : tensor<16xf32>
  %6 = tessel.cast %5 : tensor<16xf32> to tensor<16xbf16>
  return %6 : tensor<16xbf16>
}

// -----

// CHECK-LABEL: func.func @reduce_mean_keep_dims
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "reduction"]
// CHECK-SAME: outs(%{{.*}} : tensor<4xf32>)
// With keep_dims the last generic iterates over the unit dims too and reads
// the sum without them: no reshape.
// CHECK: %[[MEAN:.*]] = linalg.generic {indexing_maps = [#[[KEEP:.*]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[SUM]] : tensor<4xf32>) outs(%{{.*}} : tensor<4x1x1xf32>)
// CHECK: arith.constant 4.000000e+01 : f32
// CHECK: arith.divf
// CHECK-NOT: tensor.expand_shape
// CHECK: return %[[MEAN]]
func.func @reduce_mean_keep_dims(%x: tensor<4x8x5xf32>) -> tensor<4x1x1xf32> {
  %0 = tessel.reduce mean %x dims = [1, 2] keep_dims : tensor<4x8x5xf32> -> tensor<4x1x1xf32>
  return %0 : tensor<4x1x1xf32>
}

// -----

// Softmax: row max, sum of exp(x - max), then exp(x - max) / sum.
// CHECK-LABEL: func.func @softmax
// CHECK: arith.constant 0xFF800000 : f32
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK: arith.maximumf
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK: math.exp
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]
// CHECK: math.exp
// CHECK: arith.divf
func.func @softmax(%x: tensor<8x32xbf16>) -> tensor<8x32xbf16> {
  %0 = tessel.softmax %x dim = 1 : tensor<8x32xbf16>
  return %0 : tensor<8x32xbf16>
}

// -----

// layer_norm: the mean, then the centred variance, then normalize, scale and
// shift; the parameters are read along the normalized dims.
// CHECK-DAG: #[[PARAM:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @layer_norm
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK: arith.subf
// CHECK: linalg.generic {indexing_maps = [{{.*}}, {{.*}}, {{.*}}, #[[PARAM]], #[[PARAM]], {{.*}}]
// CHECK: math.rsqrt
// CHECK-LABEL: func.func @rms_norm
// CHECK-COUNT-1: iterator_types = ["parallel", "reduction"]
// CHECK: math.rsqrt
func.func @layer_norm(%x: tensor<8x64xf32>, %g: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<8x64xf32> {
  %0 = tessel.layer_norm %x scale(%g) bias(%b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<8x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<8x64xf32>
  return %0 : tensor<8x64xf32>
}
func.func @rms_norm(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %0 = tessel.rms_norm %x normalized_rank = 1 epsilon = 1.0e-06 : (tensor<8x64xf32>) -> tensor<8x64xf32>
  return %0 : tensor<8x64xf32>
}

// -----

// Attention, unfused: q k^T with grouped key heads (floordiv), the causal mask
// aligned at the bottom right (skv - sq = 16), softmax, then P v.
// CHECK-DAG: #[[KMAP:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 floordiv 2, d3, d4)>
// CHECK-LABEL: func.func @attention_gqa_causal
// CHECK: linalg.generic {indexing_maps = [{{.*}}, #[[KMAP]], {{.*}}]
// CHECK-SAME: outs(%{{.*}} : tensor<1x4x16x32xf32>)
// CHECK: arith.constant 2.500000e-01 : f32
// CHECK: %[[I:.*]] = linalg.index 2 : index
// CHECK: %[[J:.*]] = linalg.index 3 : index
// CHECK: %[[LIMIT:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK: %[[MASKED:.*]] = arith.cmpi ugt, %[[J]], %[[LIMIT]] : index
// CHECK: arith.select %[[MASKED]]
// CHECK: arith.maximumf
// CHECK: math.exp
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x4x16x32xf32>, tensor<1x2x32x16xf16>)
func.func @attention_gqa_causal(%q: tensor<1x4x16x16xf16>, %k: tensor<1x2x32x16xf16>, %v: tensor<1x2x32x16xf16>) -> tensor<1x4x16x16xf16> {
  %0 = tessel.attention %q, %k, %v causal : tensor<1x4x16x16xf16>, tensor<1x2x32x16xf16>, tensor<1x2x32x16xf16> -> tensor<1x4x16x16xf16>
  return %0 : tensor<1x4x16x16xf16>
}

// -----

// CHECK-LABEL: func.func @data_movement
// CHECK: %[[T:.*]] = linalg.transpose ins(%{{.*}} : tensor<2x3x4xf32>) outs(%{{.*}} : tensor<4x2x3xf32>) permutation = [2, 0, 1]
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[T]] {{\[\[}}0, 1, 2]] : tensor<4x2x3xf32> into tensor<24xf32>
// CHECK: tensor.expand_shape %[[FLAT]] {{\[\[}}0, 1]] output_shape [6, 4] : tensor<24xf32> into tensor<6x4xf32>
func.func @data_movement(%x: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %0 = tessel.transpose %x permutation = [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  %1 = tessel.reshape %0 : tensor<4x2x3xf32> -> tensor<6x4xf32>
  return %1 : tensor<6x4xf32>
}

// -----

// A kernel becomes a private function, placed before its caller, that keeps
// its schedule; the kernel op becomes a call.
// CHECK: func.func private @mm_relu(%{{.*}}: tensor<32x16xf32>, %{{.*}}: tensor<16x8xf32>) -> tensor<32x8xf32>
// CHECK-SAME: attributes {tessel.kernel, tessel.schedule = #tessel.schedule<block = [16, 8, 16], warps = 1, stages = 1, split_k = 1, vector = 1, mma = simt>}
// CHECK: linalg.generic
// CHECK: arith.maximumf
// CHECK-NOT: tessel.
// CHECK-LABEL: func.func @uses_kernel
// CHECK: %[[R:.*]] = call @mm_relu(%{{.*}}, %{{.*}}) : (tensor<32x16xf32>, tensor<16x8xf32>) -> tensor<32x8xf32>
// CHECK: return %[[R]]
func.func @uses_kernel(%a: tensor<32x16xf32>, %b: tensor<16x8xf32>) -> tensor<32x8xf32> {
  %0 = tessel.kernel @mm_relu(%a, %b) : (tensor<32x16xf32>, tensor<16x8xf32>) -> tensor<32x8xf32>
      schedule = #tessel.schedule<block = [16, 8, 16], warps = 1> {
  ^bb0(%x: tensor<32x16xf32>, %y: tensor<16x8xf32>):
    %1 = tessel.matmul %x, %y : tensor<32x16xf32>, tensor<16x8xf32> -> tensor<32x8xf32>
    %2 = tessel.relu %1 : tensor<32x8xf32>
    tessel.yield %2 : tensor<32x8xf32>
  }
  return %0 : tensor<32x8xf32>
}

// -----

// A scalar used inside its kernel is read as element 0 of its one-element
// loop nest (a constant index map), not through a reshape between two loop
// nests; a scalar the kernel returns is reshaped at the boundary, its
// one-element loop nest writing through the inverse reshape of the returned
// buffer (which becomes the kernel's output, not a copied temporary). (The
// sum is of a relu: a kernel that is one reduction over trailing dims is a
// row kernel, which stays a tessel op for tessel-tile-and-fuse, @rows
// below.)
// CHECK-DAG: #[[ZERO:.*]] = affine_map<(d0, d1) -> (0)>
// CHECK-LABEL: func.func private @center
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]}
// CHECK: %[[MEAN:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[SUM]] : tensor<f32>) outs(%{{.*}} : tensor<1xf32>)
// CHECK-NOT: tensor.collapse_shape
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[ZERO]], #{{.*}}], iterator_types = ["parallel", "parallel"]} ins(%{{.*}}, %[[MEAN]] : tensor<4x6xf32>, tensor<1xf32>)
// CHECK-LABEL: func.func private @total
// CHECK: %[[OUT:.*]] = bufferization.alloc_tensor() : tensor<f32>
// CHECK: %[[VIEW:.*]] = tensor.expand_shape %[[OUT]] [] output_shape [1] : tensor<f32> into tensor<1xf32>
// CHECK: %[[ONE:.*]] = linalg.generic {{.*}} outs(%[[VIEW]] : tensor<1xf32>)
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[ONE]] [] : tensor<1xf32> into tensor<f32>
// CHECK: return %[[R]]
module {
  func.func @model(%x: tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<f32>) {
    %0 = tessel.kernel @center(%x) : (tensor<4x6xf32>) -> tensor<4x6xf32> {
    ^bb0(%a: tensor<4x6xf32>):
      %m = tessel.reduce mean %a dims = [0, 1] : tensor<4x6xf32> -> tensor<f32>
      %c = tessel.sub %a, %m : tensor<4x6xf32>, tensor<f32> -> tensor<4x6xf32>
      tessel.yield %c : tensor<4x6xf32>
    }
    %1 = tessel.kernel @total(%x) : (tensor<4x6xf32>) -> tensor<f32> {
    ^bb0(%a: tensor<4x6xf32>):
      %r = tessel.relu %a : tensor<4x6xf32>
      %s = tessel.reduce sum %r dims = [0, 1] : tensor<4x6xf32> -> tensor<f32>
      tessel.yield %s : tensor<f32>
    }
    return %0, %1 : tensor<4x6xf32>, tensor<f32>
  }
}

// -----

// A kernel that is one reduction over a run of consecutive dims is a row
// kernel (passes/tiling/RowKernel.h), over the trailing dims or over
// leading or middle ones (a column reduction): it stays for
// tessel-tile-and-fuse. One over dims apart, or with other ops, is lowered.
// CHECK-LABEL: func.func private @rows
// CHECK: tessel.reduce mean %{{.*}} dims = [1, 2]
// CHECK-LABEL: func.func private @columns
// CHECK: tessel.reduce sum %{{.*}} dims = [0]
// CHECK-LABEL: func.func private @apart
// CHECK-NOT: tessel.reduce
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["reduction", "parallel", "reduction"]
// CHECK-LABEL: func.func @model
module {
  func.func @model(%x: tensor<3x4x5xbf16>, %y: tensor<4x6xf32>) -> (tensor<3xbf16>, tensor<6xf32>, tensor<4xbf16>) {
    %0 = tessel.kernel @rows(%x) : (tensor<3x4x5xbf16>) -> tensor<3xbf16> {
    ^bb0(%a: tensor<3x4x5xbf16>):
      %m = tessel.reduce mean %a dims = [1, 2] : tensor<3x4x5xbf16> -> tensor<3xbf16>
      tessel.yield %m : tensor<3xbf16>
    }
    %1 = tessel.kernel @columns(%y) : (tensor<4x6xf32>) -> tensor<6xf32> {
    ^bb0(%a: tensor<4x6xf32>):
      %s = tessel.reduce sum %a dims = [0] : tensor<4x6xf32> -> tensor<6xf32>
      tessel.yield %s : tensor<6xf32>
    }
    %2 = tessel.kernel @apart(%x) : (tensor<3x4x5xbf16>) -> tensor<4xbf16> {
    ^bb0(%a: tensor<3x4x5xbf16>):
      %s = tessel.reduce max %a dims = [0, 2] : tensor<3x4x5xbf16> -> tensor<4xbf16>
      tessel.yield %s : tensor<4xbf16>
    }
    return %0, %1, %2 : tensor<3xbf16>, tensor<6xf32>, tensor<4xbf16>
  }
}
