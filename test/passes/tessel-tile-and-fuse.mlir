// tessel-tile-and-fuse: a kernel becomes one loop nest, block tiles (from the
// schedule) over threads (warps * the target's warp size) over single
// elements, with every producer fused in, except reductions read with a
// broadcast (a softmax row's max and sum): when the block tiles divide the
// rows, the block's threads compute those together (partial results per
// thread, combined by each reader); otherwise each thread computes them once
// for its rows before its element loops.
// RUN: tessel-opt %s --tessel-lower-to-linalg --tessel-tile-and-fuse --split-input-file | FileCheck %s
// RUN: tessel-opt %s --tessel-lower-to-linalg --tessel-tile-and-fuse=print-scripts --split-input-file | FileCheck %s --check-prefix=SCRIPT

// 130 x 90 in 32 x 32 tiles: 5 x 3 blocks; 2 warps of 32 threads as 2 x 32.
// CHECK-LABEL: func.func private @mm_bias_relu
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (5, 3) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<130x90xf32>)
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (2, 32)
// CHECK: scf.for
// CHECK: scf.for
// CHECK: linalg.fill {{.*}} -> tensor<1x1xf32>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<1x70xf32>, tensor<70x1xf32>) outs(%{{.*}} : tensor<1x1xf32>)
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x1xf32>, tensor<1xf32>)
// CHECK: arith.maximumf
// CHECK: {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// CHECK: {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
// Functions that are not kernels are left alone.
// CHECK-LABEL: func.func @model
// CHECK-NOT: scf.forall
// CHECK: call @mm_bias_relu

// SCRIPT-LABEL: // tessel-tile-and-fuse script for @mm_bias_relu
// SCRIPT: transform.named_sequence @__transform_main(%{{.*}}: !transform.any_op {transform.readonly})
// SCRIPT: transform.structured.tile_using_forall %{{.*}} tile_sizes [32, 32](mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>])
// SCRIPT-COUNT-3: transform.structured.fuse_into_containing_op
// SCRIPT: transform.structured.tile_using_forall %{{.*}} num_threads [2, 32](mapping = [#gpu.thread<y>, #gpu.thread<x>])
// SCRIPT-NEXT: transform.yield
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%a: tensor<130x70xf32>, %b: tensor<70x90xf32>, %c: tensor<90xf32>) -> tensor<130x90xf32> {
    %0 = tessel.kernel @mm_bias_relu(%a, %b, %c) : (tensor<130x70xf32>, tensor<70x90xf32>, tensor<90xf32>) -> tensor<130x90xf32>
        schedule = #tessel.schedule<block = [32, 32], warps = 2> {
    ^bb0(%x: tensor<130x70xf32>, %y: tensor<70x90xf32>, %z: tensor<90xf32>):
      %1 = tessel.matmul %x, %y : tensor<130x70xf32>, tensor<70x90xf32> -> tensor<130x90xf32>
      %2 = tessel.add %1, %z : tensor<130x90xf32>, tensor<90xf32> -> tensor<130x90xf32>
      %3 = tessel.relu %2 : tensor<130x90xf32>
      tessel.yield %3 : tensor<130x90xf32>
    }
    return %0 : tensor<130x90xf32>
  }
}

// -----

// The same kernel with a K step of 16 (the block's entry after the root's
// two parallel loops): the matmul's accumulator is a block buffer (shared
// memory once mapped), zeroed by the threads; each step copies a 32 x 16
// tile of A and a 16 x 32 tile of B into block buffers (any 64 threads:
// linear ids, 16 lanes along A's rows, 32 along B's; A's rows one element
// longer, 32 x 17, so that the threads' reads of A's rows a thread tile
// apart fall in distinct banks), then every thread
// copies its 16 x 1 part of the accumulator into a buffer of its own
// (registers), runs the step k outermost (an outer product per k) and
// copies it back; after the loop the epilogue reads the accumulator.
// 70 = 4 x 16 + 6: the loop runs the four whole steps, whose tiles are
// static along K (A's rows are copied two floats at a time), and the rest
// of K, 6, runs as one step after it.
// CHECK-LABEL: func.func private @mm_bias_relu_kstep
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (5, 3)
// CHECK: bufferization.alloc_tensor() : tensor<32x32xf32>
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (2, 32)
// CHECK: linalg.fill {{.*}} -> tensor<1x1xf32>
// CHECK: {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// CHECK: scf.for %{{.*}} = %c0 to %c64 step %c16 iter_args
// CHECK: bufferization.alloc_tensor() : tensor<32x17xf32>
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [%{{.*}}, 16] [1, 1] : tensor<32x17xf32> to tensor<?x16xf32>
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (8, 8)
// CHECK: vector.transfer_read %{{.*}} : tensor<1x2xf32>, vector<2xf32>
// CHECK: {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// CHECK: bufferization.alloc_tensor() : tensor<16x32xf32>
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (2, 32)
// CHECK: linalg.copy ins(%{{.*}} : tensor<1x1xf32>)
// CHECK: {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (2, 32)
// CHECK: bufferization.alloc_tensor() : tensor<16x1xf32>
// CHECK: linalg.copy ins(%{{.*}} : tensor<1x1xf32>)
// CHECK: scf.for %{{.*}} = %c0 to %{{.*}} step %c1
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %{{.*}} step %c1
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %{{.*}} step %c1
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<1x1xf32>, tensor<1x1xf32>) outs(%{{.*}} : tensor<1x1xf32>)
// CHECK: linalg.copy ins(%{{.*}} : tensor<1x1xf32>)
// CHECK: {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// CHECK: scf.yield
// CHECK: bufferization.alloc_tensor() : tensor<32x7xf32>
// CHECK: bufferization.alloc_tensor() : tensor<6x32xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c6 step %c1
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK: {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (2, 32)
// CHECK-NOT: arith.mulf
// CHECK: arith.maximumf
// CHECK: {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// CHECK: {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}

// The script stops at the block level: the threads come after the K loop.
// SCRIPT-LABEL: // tessel-tile-and-fuse script for @mm_bias_relu_kstep
// SCRIPT: transform.structured.tile_using_forall %{{.*}} tile_sizes [32, 32](mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>])
// SCRIPT-COUNT-3: transform.structured.fuse_into_containing_op
// SCRIPT-NOT: num_threads
// SCRIPT: transform.yield
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%a: tensor<130x70xf32>, %b: tensor<70x90xf32>, %c: tensor<90xf32>) -> tensor<130x90xf32> {
    %0 = tessel.kernel @mm_bias_relu_kstep(%a, %b, %c) : (tensor<130x70xf32>, tensor<70x90xf32>, tensor<90xf32>) -> tensor<130x90xf32>
        schedule = #tessel.schedule<block = [32, 32, 16], warps = 2> {
    ^bb0(%x: tensor<130x70xf32>, %y: tensor<70x90xf32>, %z: tensor<90xf32>):
      %1 = tessel.matmul %x, %y : tensor<130x70xf32>, tensor<70x90xf32> -> tensor<130x90xf32>
      %2 = tessel.add %1, %z : tensor<130x90xf32>, tensor<90xf32> -> tensor<130x90xf32>
      %3 = tessel.relu %2 : tensor<130x90xf32>
      tessel.yield %3 : tensor<130x90xf32>
    }
    return %0 : tensor<130x90xf32>
  }
}

// -----

// A `transpose_rhs` B (an nn.Linear weight, stored [N, K]) on the same K
// step: its 16 x 32 tile is copied along K, as it lies in memory (the
// copy's threads are 16 along K, linear_dim_0, and 4 along N, 8 rows of
// the weight each: a warp's load reads 16 consecutive K of two rows), into
// a buffer whose rows are one element longer (16 x 33), so that the
// copy's writes (consecutive K) and the step's reads (consecutive N) fall
// in distinct banks. A's copy is unchanged.
// CHECK-LABEL: func.func private @linear_kstep
// CHECK: scf.for %{{.*}} = %c0 to %c64 step %c16 iter_args
// CHECK: bufferization.alloc_tensor() : tensor<32x17xf32>
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (8, 8)
// CHECK: vector.transfer_read %{{.*}} : tensor<1x2xf32>, vector<2xf32>
// CHECK: bufferization.alloc_tensor() : tensor<16x33xf32>
// CHECK: %[[B:.*]] = tensor.extract_slice %{{.*}}[0, 0] [16, %[[NS:.*]]] [1, 1] : tensor<16x33xf32> to tensor<16x?xf32>
// CHECK: scf.forall (%[[N:.*]], %[[K:.*]]) in (4, 16) shared_outs(%{{.*}} = %[[B]])
// CHECK: %[[WN:.*]] = affine.apply #{{.*}}(%[[N]])[%[[NS]]]
// CHECK: %[[WK:.*]] = affine.apply #{{.*}}()[%[[K]], %{{.*}}]
// CHECK: tensor.extract_slice %{{.*}}[%[[WN]], %[[WK]]] {{.*}} : tensor<?x70xf32> to tensor<?x1xf32>
// CHECK: linalg.transpose ins(%{{.*}} : tensor<1x1xf32>) outs(%{{.*}} : tensor<1x1xf32>) permutation = [1, 0]
// CHECK: {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%a: tensor<130x70xf32>, %w: tensor<90x70xf32>) -> tensor<130x90xf32> {
    %0 = tessel.kernel @linear_kstep(%a, %w) : (tensor<130x70xf32>, tensor<90x70xf32>) -> tensor<130x90xf32>
        schedule = #tessel.schedule<block = [32, 32, 16], warps = 2> {
    ^bb0(%x: tensor<130x70xf32>, %y: tensor<90x70xf32>):
      %1 = tessel.matmul %x, %y transpose_rhs : tensor<130x70xf32>, tensor<90x70xf32> -> tensor<130x90xf32>
      tessel.yield %1 : tensor<130x90xf32>
    }
    return %0 : tensor<130x90xf32>
  }
}

// -----

// A `transpose_lhs` A ([K, M] = 70 x 130 in memory) on a SIMT K step: each
// step's 32 x 16 tile of [M, K] is copied as it lies in memory, 32 threads
// along M (linear_dim_0, the fastest) and 2 along K, so that a warp's load
// reads 32 consecutive M of one K; the buffer's rows are a float longer
// (32 x 17), so the copy's writes (consecutive M, a row apart) fall in
// distinct banks. The tiles divide neither M nor K. B, row-major, keeps its
// plain copy into 16 x 32.
// CHECK-LABEL: func.func private @lhs_kstep
// CHECK: scf.for %{{.*}} = %c0 to %c64 step %c16 iter_args
// CHECK: bufferization.alloc_tensor() : tensor<32x17xf32>
// CHECK: %[[A:.*]] = tensor.extract_slice %{{.*}}[0, 0] [%[[MS:.*]], 16] [1, 1] : tensor<32x17xf32> to tensor<?x16xf32>
// CHECK: scf.forall (%[[K:.*]], %[[M:.*]]) in (2, 32) shared_outs(%{{.*}} = %[[A]])
// CHECK: %[[WM:.*]] = affine.apply #{{.*}}(%[[M]])[%[[MS]]]
// CHECK: affine.apply #{{.*}}(%[[K]])
// CHECK: %[[WK:.*]] = affine.apply #{{.*}}(%[[K]])[%{{.*}}]
// CHECK: tensor.extract_slice %{{.*}}[%[[WK]], %[[WM]]] [8, %{{.*}}] {{.*}} : tensor<70x?xf32> to tensor<8x?xf32>
// CHECK: linalg.transpose ins(%{{.*}} : tensor<1x1xf32>) outs(%{{.*}} : tensor<1x1xf32>) permutation = [1, 0]
// CHECK: {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// CHECK: bufferization.alloc_tensor() : tensor<16x32xf32>
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%a: tensor<70x130xf32>, %w: tensor<70x90xf32>) -> tensor<130x90xf32> {
    %0 = tessel.kernel @lhs_kstep(%a, %w) : (tensor<70x130xf32>, tensor<70x90xf32>) -> tensor<130x90xf32>
        schedule = #tessel.schedule<block = [32, 32, 16], warps = 2> {
    ^bb0(%x: tensor<70x130xf32>, %y: tensor<70x90xf32>):
      %1 = tessel.matmul %x, %y transpose_lhs : tensor<70x130xf32>, tensor<70x90xf32> -> tensor<130x90xf32>
      tessel.yield %1 : tensor<130x90xf32>
    }
    return %0 : tensor<130x90xf32>
  }
}

// -----

// A SIMT K step whose threads hold 8 f32 columns each (8 x 8 thread tiles,
// 16 threads along N) on a tile the shape divides: the step's threads hold
// their columns in two chunks of 4 (kSimtChunkBytes), 64 apart. The step
// becomes a linalg.generic over N split into [2, 16, 4] (B's tile and the
// accumulator expanded alike, the threads along the 16), so thread x reads
// columns 4x .. 4x + 3 and 64 + 4x .. 64 + 4x + 3 of each row of B, and
// a quarter-warp's 16-byte loads read 128 consecutive bytes. The
// accumulator's fill and the copy to the output keep whole runs of 8.
// CHECK-LABEL: func.func private @chunks_kstep
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (8, 16)
// CHECK: linalg.fill {{.*}} -> tensor<1x1xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c256 step %c32 iter_args
// CHECK: bufferization.alloc_tensor() : tensor<64x33xf32>
// CHECK: bufferization.alloc_tensor() : tensor<32x128xf32>
// CHECK: %[[B:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2, 3]] output_shape [32, 2, 16, 4] : tensor<32x128xf32> into tensor<32x2x16x4xf32>
// CHECK: %[[ACC:.*]] = tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2, 3]] output_shape [64, 2, 16, 4] : tensor<64x128xf32> into tensor<64x2x16x4xf32>
// CHECK: %[[STEP:.*]] = scf.forall (%[[Y:.*]], %[[X:.*]]) in (8, 16) shared_outs(%[[OUT:.*]] = %[[ACC]]) -> (tensor<64x2x16x4xf32>)
// CHECK: %[[ROW:.*]] = affine.apply #{{.*}}(%[[Y]])
// CHECK: tensor.extract_slice %[[B]][0, 0, %[[X]], 0] [32, 2, 1, 4] [1, 1, 1, 1] : tensor<32x2x16x4xf32> to tensor<32x2x1x4xf32>
// CHECK: tensor.extract_slice %[[OUT]][%[[ROW]], 0, %[[X]], 0] [8, 2, 1, 4] [1, 1, 1, 1] : tensor<64x2x16x4xf32> to tensor<8x2x1x4xf32>
// CHECK: scf.for %{{.*}} = %c0 to %c32 step %c1 iter_args(%{{.*}} = %{{.*}}) -> (tensor<8x2x1x4xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<1x1xf32>, tensor<1x1x1x1xf32>) outs(%{{.*}} : tensor<1x1x1x1xf32>)
// CHECK: {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// CHECK: tensor.collapse_shape %[[STEP]] {{\[}}[0], [1, 2, 3]] : tensor<64x2x16x4xf32> into tensor<64x128xf32>
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (8, 16)
// CHECK: tensor.extract_slice %{{.*}} [8, 8] [1, 1] : tensor<64x128xf32> to tensor<8x8xf32>
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>) -> tensor<256x256xf32> {
    %0 = tessel.kernel @chunks_kstep(%a, %b) : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
        schedule = #tessel.schedule<block = [64, 128, 32], thread = [8, 8, 32], warps = 4, stages = 1> {
    ^bb0(%x: tensor<256x256xf32>, %y: tensor<256x256xf32>):
      %1 = tessel.matmul %x, %y : tensor<256x256xf32>, tensor<256x256xf32> -> tensor<256x256xf32>
      tessel.yield %1 : tensor<256x256xf32>
    }
    return %0 : tensor<256x256xf32>
  }
}

// -----

// 16 x 64 tiles of the two innermost dims, 4 warps: on a target with 64-wide
// waves (mi300x) that is 256 threads, 4 x 64. The tiles do not divide the
// rows (16 x 100 in 16 x 64), so each thread computes its rows' statistics.
// Each thread's tile is 1 x 4 rows x 1 column: it computes the max of its 4
// rows (element by element, accumulating over the row's 100), then their sums
// of exp, then its elements, which read the two per-row values.
// CHECK-LABEL: func.func private @softmax_rows
// CHECK: scf.forall (%{{.*}}, %{{.*}}, %{{.*}}) in (3, 1, 2)
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (4, 64)
// CHECK: %[[MAX0:.*]] = linalg.fill {{.*}} -> tensor<1x4xf32>
// CHECK: %[[MAX:.*]] = scf.for %{{.*}} = %c0 to %c4 step %c1 iter_args(%{{.*}} = %[[MAX0]])
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %c100 step %c1
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%{{.*}} : tensor<1x1x1xf32>) outs(%{{.*}} : tensor<1x1xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.maximumf
// CHECK: %[[SUM:.*]] = scf.for
// CHECK: math.exp
// CHECK: arith.addf
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NOT: arith.maximumf
// CHECK: tensor.extract_slice %[[MAX]]
// CHECK: tensor.extract_slice %[[SUM]]
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]}
// CHECK: math.exp
// CHECK: arith.divf
// CHECK: {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// CHECK: {mapping = [#gpu.block<linear_dim_2>, #gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
module attributes {tessel.target = #tessel.target<"mi300x">} {
  func.func @model(%x: tensor<3x16x100xf32>) -> tensor<3x16x100xf32> {
    %0 = tessel.kernel @softmax_rows(%x) : (tensor<3x16x100xf32>) -> tensor<3x16x100xf32>
        schedule = #tessel.schedule<block = [16, 64], warps = 4> {
    ^bb0(%a: tensor<3x16x100xf32>):
      %1 = tessel.softmax %a dim = 2 : tensor<3x16x100xf32>
      tessel.yield %1 : tensor<3x16x100xf32>
    }
    return %0 : tensor<3x16x100xf32>
  }
}

// -----

// A thread tile fixes the threads per loop: [32, 64] / [4, 2] is 8 x 32
// threads, the 8 warps of 32 the schedule asks for.
// CHECK-LABEL: func.func private @thread_tiles
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (2, 1)
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (8, 32)
// CHECK: {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// SCRIPT-LABEL: // tessel-tile-and-fuse script for @thread_tiles
// SCRIPT: num_threads [8, 32](mapping = [#gpu.thread<y>, #gpu.thread<x>])
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
    %0 = tessel.kernel @thread_tiles(%x) : (tensor<64x64xf32>) -> tensor<64x64xf32>
        schedule = #tessel.schedule<block = [32, 64], thread = [4, 2], warps = 8> {
    ^bb0(%a: tensor<64x64xf32>):
      %1 = tessel.exp %a : tensor<64x64xf32>
      tessel.yield %1 : tensor<64x64xf32>
    }
    return %0 : tensor<64x64xf32>
  }
}

// -----

// Cooperative: 64 x 100 in 2 x 100 tiles (rows divide), one warp. The max is
// split over the 32 threads (linear ids), thread t reducing elements t, t +
// 32, t + 64, ... (ceil((100 - t) / 32) of them: a strided slice, so that
// the lanes read neighbouring elements) of both rows into its slot of a
// 2 x 32 partials tensor; a tree then
// combines the partials in 5 steps (16, 8, 4, 2, 1 pairs per row, a thread
// per pair and row), each writing into the other of two buffers (the 2 x
// 16 one and the partials'), and leaves each row's max in column 0. So for
// the sum of exp, whose chunks read the max from the tree; the elements
// read both results.
// SCRIPT-LABEL: // tessel-tile-and-fuse script for @softmax_cooperative
// SCRIPT: tile_reduction_using_forall %{{.*}} by num_threads = [0, 32] mapping = [#gpu.thread<linear_dim_0>]
// SCRIPT: transform.annotate %{{.*}} "tessel.tree"
// SCRIPT: tile_reduction_using_forall %{{.*}} by num_threads = [0, 32] mapping = [#gpu.thread<linear_dim_0>]
// SCRIPT: transform.annotate %{{.*}} "tessel.tree"
// CHECK-LABEL: func.func private @softmax_cooperative
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (32, 1)
// CHECK: %[[MAXP:.*]] = scf.forall (%[[T:.*]]) in (32) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<2x32xf32>)
// CHECK: %[[COUNT:.*]] = affine.apply #[[CEIL:.*]](%[[T]])
// CHECK: tensor.extract_slice %{{.*}}[0, %[[T]]] [2, %[[COUNT]]] [1, 32] : tensor<2x100xf32> to tensor<2x?xf32>
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[COUNT]]
// CHECK: arith.maximumf
// CHECK: {mapping = [#gpu.thread<linear_dim_0>]}
// CHECK: %[[HALF:.*]] = tensor.empty() : tensor<2x16xf32>
// CHECK: %[[LO:.*]] = tensor.extract_slice %[[MAXP]][0, 0] [2, 16] [1, 1]
// CHECK: %[[HI:.*]] = tensor.extract_slice %[[MAXP]][0, 16] [2, 16] [1, 1]
// CHECK: %[[S1:.*]] = scf.forall (%{{.*}}, %{{.*}}) in (2, 16) shared_outs(%{{.*}} = %[[HALF]])
// CHECK: tensor.extract_slice %[[LO]]
// CHECK: tensor.extract_slice %[[HI]]
// CHECK: arith.maximumf
// CHECK: {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// CHECK: tensor.extract_slice %[[MAXP]][0, 0] [2, 8] [1, 1]
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (2, 8)
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (2, 4)
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (2, 2)
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (2, 1)
// CHECK: %[[MAXT:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[0, 0] [2, 1] [1, 1] : tensor<2x1xf32> into tensor<2x16xf32>
// CHECK: %[[MAX:.*]] = tensor.extract_slice %[[MAXT]][0, 0] [2, 1] [1, 1] : tensor<2x16xf32> to tensor<2xf32>
// CHECK-NOT: linalg.reduce
// CHECK: %[[SUMP:.*]] = scf.forall (%[[T2:.*]]) in (32) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<2x32xf32>)
// CHECK: tensor.extract_slice %{{.*}}[0, %[[T2]]] [2, %{{.*}}] [1, 32] : tensor<2x100xf32> to tensor<2x?xf32>
// CHECK: math.exp
// CHECK: {mapping = [#gpu.thread<linear_dim_0>]}
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (2, 16)
// CHECK: arith.addf
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (2, 1)
// CHECK: %[[SUMT:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[0, 0] [2, 1] [1, 1] : tensor<2x1xf32> into tensor<2x16xf32>
// CHECK: %[[SUM:.*]] = tensor.extract_slice %[[SUMT]][0, 0] [2, 1] [1, 1] : tensor<2x16xf32> to tensor<2xf32>
// CHECK-NOT: linalg.reduce
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (1, 32)
// CHECK-DAG: tensor.extract_slice %[[MAX]]
// CHECK-DAG: tensor.extract_slice %[[SUM]]
// CHECK: arith.divf
// CHECK: {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<64x100xf32>) -> tensor<64x100xf32> {
    %0 = tessel.kernel @softmax_cooperative(%x) : (tensor<64x100xf32>) -> tensor<64x100xf32>
        schedule = #tessel.schedule<block = [2, 128], warps = 1> {
    ^bb0(%a: tensor<64x100xf32>):
      %1 = tessel.softmax %a dim = 1 : tensor<64x100xf32>
      tessel.yield %1 : tensor<64x100xf32>
    }
    return %0 : tensor<64x100xf32>
  }
}

// -----

// Vector width 4: 64 threads as 2 x 32 over 2 x 128 tiles, each thread's
// 4 contiguous elements of a row one vector step. The x tile and the output
// are 4-wide transfers; the row's max and sum (from the reduction trees) are
// read once each and broadcast to the 4 lanes; exp and the division run on
// vector<4xf32>.
// CHECK-LABEL: func.func private @softmax_vector
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (2, 32) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<2x128xf32>)
// CHECK-NOT: scf.for
// CHECK: %[[X:.*]] = vector.transfer_read %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<1x4xf32>, vector<4xf32>
// CHECK: %[[MAXS:.*]] = tensor.extract %{{.*}}[%{{.*}}] : tensor<1xf32>
// CHECK: %[[MAX:.*]] = vector.broadcast %[[MAXS]] : f32 to vector<4xf32>
// CHECK: %[[SUMS:.*]] = tensor.extract %{{.*}}[%{{.*}}] : tensor<1xf32>
// CHECK: %[[SUM:.*]] = vector.broadcast %[[SUMS]] : f32 to vector<4xf32>
// CHECK: %[[D:.*]] = arith.subf %[[X]], %[[MAX]] fastmath<contract> : vector<4xf32>
// CHECK: %[[E:.*]] = math.exp %[[D]] : vector<4xf32>
// CHECK: %[[Q:.*]] = arith.divf %[[E]], %[[SUM]] fastmath<contract> : vector<4xf32>
// CHECK: vector.transfer_write %[[Q]], %{{.*}} {in_bounds = [true]} : vector<4xf32>, tensor<1x4xf32>
// CHECK: {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
    %0 = tessel.kernel @softmax_vector(%x) : (tensor<64x128xf32>) -> tensor<64x128xf32>
        schedule = #tessel.schedule<block = [2, 128], thread = [1, 4], warps = 2, vector = 4> {
    ^bb0(%a: tensor<64x128xf32>):
      %1 = tessel.softmax %a dim = 1 : tensor<64x128xf32>
      tessel.yield %1 : tensor<64x128xf32>
    }
    return %0 : tensor<64x128xf32>
  }
}

// -----

// A causal mask in a vector step: the column index of each lane (a
// vectorized linalg.index, vector.step) becomes the constant [0, 1, 2, 3]
// added to the step's first column, which every GPU lowering takes.
// CHECK-LABEL: func.func private @causal_softmax_vector
// CHECK-NOT: vector.step
// CHECK: arith.constant dense<[0, 1, 2, 3]> : vector<4xindex>
// CHECK-NOT: vector.step
// CHECK: return
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<4x256xf32>) -> tensor<4x256xf32> {
    %0 = tessel.kernel @causal_softmax_vector(%x) : (tensor<4x256xf32>) -> tensor<4x256xf32>
        schedule = #tessel.schedule<block = [1, 256], warps = 2, vector = 4> {
    ^bb0(%a: tensor<4x256xf32>):
      %1 = tessel.softmax %a dim = 1 causal : tensor<4x256xf32>
      tessel.yield %1 : tensor<4x256xf32>
    }
    return %0 : tensor<4x256xf32>
  }
}

// -----


// Tensor cores (mma = mma_sync): the K step as for SIMT (copies of A's and
// B's tiles by all threads), then the block's 4 warps each take a 32 x 32
// piece of the 64 x 64 accumulator (#gpu.warp) and loop over its 16 x 8
// pieces, each read as a vector, taking two 16x8x16 vector.contract (the K
// step of 32) with A's 16 x 16 and B's 16 x 8 pieces, and written back.
// CHECK-LABEL: func.func private @matmul_mma
// CHECK: %[[ACC:.*]] = scf.for %{{.*}} = %c0 to %c64 step %c32 iter_args
// CHECK: {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// CHECK: {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (2, 2) shared_outs(%{{.*}}) -> (tensor<64x64xf32>)
// CHECK: scf.for %[[ROW:.*]] = %c0 to %c32 step %c16 iter_args
// CHECK: scf.for %[[COL:.*]] = %c0 to %c32 step %c8 iter_args(%[[TILE:.*]] = %{{.*}})
// CHECK: %[[C:.*]] = vector.transfer_read %[[TILE]][%[[ROW]], %[[COL]]], %{{.*}} {in_bounds = [true, true]} : tensor<32x32xf32>, vector<16x8xf32>
// CHECK: %[[A0:.*]] = vector.transfer_read %{{.*}}[%[[ROW]], %c0], %{{.*}} : tensor<32x32xbf16>, vector<16x16xbf16>
// CHECK: %[[B0:.*]] = vector.transfer_read %{{.*}}[%c0, %[[COL]]], %{{.*}} : tensor<32x32xbf16>, vector<16x8xbf16>
// CHECK: %[[D0:.*]] = vector.contract {{.*}} %[[A0]], %[[B0]], %[[C]] : vector<16x16xbf16>, vector<16x8xbf16> into vector<16x8xf32>
// CHECK: %[[A1:.*]] = vector.transfer_read %{{.*}}[%[[ROW]], %c16]
// CHECK: %[[B1:.*]] = vector.transfer_read %{{.*}}[%c16, %[[COL]]]
// CHECK: %[[D1:.*]] = vector.contract {{.*}} %[[A1]], %[[B1]], %[[D0]]
// CHECK: vector.transfer_write %[[D1]], %[[TILE]][%[[ROW]], %[[COL]]]
// CHECK: {mapping = [#gpu.warp<linear_dim_1>, #gpu.warp<linear_dim_0>]}
// CHECK: {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<128x64xbf16>, %y: tensor<64x64xbf16>) -> tensor<128x64xbf16> {
    %0 = tessel.kernel @matmul_mma(%x, %y) : (tensor<128x64xbf16>, tensor<64x64xbf16>) -> tensor<128x64xbf16>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [32, 32, 32], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<128x64xbf16>, %b: tensor<64x64xbf16>):
      %1 = tessel.matmul %a, %b : tensor<128x64xbf16>, tensor<64x64xbf16> -> tensor<128x64xbf16>
      tessel.yield %1 : tensor<128x64xbf16>
    }
    return %0 : tensor<128x64xbf16>
  }
}

// -----

// A matmul that is the kernel's result, without a K step: each thread
// zeroes an accumulator of its own (its 4 x 1 share of the 8 x 16 tile),
// accumulates there and writes its share once (20 x 30 in 8 x 16 tiles:
// the last ones are partial, so the shares' sizes are dynamic, within a
// buffer of their bound). The block does not zero its tile first: every thread would write all of it, over what the others
// have written, and each would then accumulate in global memory.
// CHECK-LABEL: func.func private @matmul_result
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (3, 2) shared_outs
// CHECK-NOT: linalg.fill
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (2, 16) shared_outs
// CHECK: %[[OWN:.*]] = bufferization.alloc_tensor() : tensor<4x1xf32>
// CHECK: %[[SHARE:.*]] = tensor.extract_slice %[[OWN]][0, 0]
// CHECK: %[[ZERO:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[SHARE]] : tensor<?x?xf32>)
// CHECK: scf.for %{{.*}} = %c0 to %{{.*}} step %c1 iter_args(%{{.*}} = %[[ZERO]])
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%{{.*}}, %{{.*}} : tensor<1x40xf32>, tensor<40x1xf32>) outs(%{{.*}} : tensor<1x1xf32>)
// CHECK: tensor.parallel_insert_slice
// CHECK: {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<20x40xf32>, %y: tensor<40x30xf32>) -> tensor<20x30xf32> {
    %0 = tessel.kernel @matmul_result(%x, %y) : (tensor<20x40xf32>, tensor<40x30xf32>) -> tensor<20x30xf32>
        schedule = #tessel.schedule<block = [8, 16], warps = 1> {
    ^bb0(%a: tensor<20x40xf32>, %b: tensor<40x30xf32>):
      %1 = tessel.matmul %a, %b : tensor<20x40xf32>, tensor<40x30xf32> -> tensor<20x30xf32>
      tessel.yield %1 : tensor<20x30xf32>
    }
    return %0 : tensor<20x30xf32>
  }
}
