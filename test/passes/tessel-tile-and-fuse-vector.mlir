// RUN: tessel-opt %s --tessel-lower-to-linalg --tessel-tile-and-fuse --split-input-file | FileCheck %s
// RUN: tessel-opt %s --tessel-lower-to-linalg --tessel-tile-and-fuse=print-scripts --split-input-file | FileCheck %s --check-prefix=SCRIPT

// A vector width over a partial block tile. 100 columns in tiles of 32
// leave 4 in the last tile, over the 8 threads along the columns. SCF
// tiling's own share, ceil(4 / 8) = 1 column a thread, would start thread
// t's 4-wide step at column t and run past the tile (and, in the last row,
// the tensor). Each thread's share is rounded up to whole vectors instead,
// ceil(ceil(n / 8) / 4) * 4: thread 0 takes the tile's one vector and the
// others none; in a whole tile (n = 32) it is the 4 columns it always was.
// The rows keep SCF tiling's share. The thread level of such a root is
// tiled in C++, not by the script (which tiles only the blocks).
// CHECK-DAG: #[[$SIZE:.*]] = affine_map<(d0)[s0] -> (-(d0 * (((s0 ceildiv 8) ceildiv 4) * 4)) + s0, ((s0 ceildiv 8) ceildiv 4) * 4)>
// CHECK-DAG: #[[$OFFSET:.*]] = affine_map<(d0)[s0] -> (d0 * (((s0 ceildiv 8) ceildiv 4) * 4))>
// CHECK-DAG: #[[$ROWS:.*]] = affine_map<(d0)[s0] -> (-(d0 * (s0 ceildiv 32)) + s0, s0 ceildiv 32)>
// CHECK-LABEL: func.func private @add_partial_v4
// CHECK: affine.min #{{.*}}(%{{.*}})
// CHECK: %[[COLS:.*]] = affine.min #{{.*}}(%{{.*}})
// CHECK: scf.forall (%[[Y:.*]], %[[X:.*]]) in (32, 8)
// CHECK: affine.min #[[$ROWS]](%[[Y]])
// CHECK: %[[MIN:.*]] = affine.min #[[$SIZE]](%[[X]])[%[[COLS]]]
// CHECK: %[[N:.*]] = affine.max #{{.*}}(%[[MIN]])
// CHECK: affine.apply #[[$OFFSET]](%[[X]])[%[[COLS]]]
// CHECK: scf.for %{{.*}} = %c0 to %[[N]] step %c4
// CHECK: vector.transfer_read {{.*}} : tensor<1x4xf32>, vector<4xf32>
// CHECK: vector.transfer_write {{.*}} : vector<4xf32>, tensor<1x4xf32>
// CHECK: {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
// SCRIPT-LABEL: tessel-tile-and-fuse script for @add_partial_v4
// SCRIPT: transform.structured.tile_using_forall %{{.*}} tile_sizes [32, 32]
// SCRIPT-NOT: tile_using_forall
// SCRIPT: transform.yield
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<37x100xf32>, %y: tensor<37x100xf32>) -> tensor<37x100xf32> {
    %0 = tessel.kernel @add_partial_v4(%x, %y) : (tensor<37x100xf32>, tensor<37x100xf32>) -> tensor<37x100xf32>
        schedule = #tessel.schedule<block = [32, 32], thread = [1, 4], warps = 8, vector = 4> {
    ^bb0(%a: tensor<37x100xf32>, %b: tensor<37x100xf32>):
      %1 = tessel.add %a, %b : tensor<37x100xf32>, tensor<37x100xf32> -> tensor<37x100xf32>
      tessel.yield %1 : tensor<37x100xf32>
    }
    return %0 : tensor<37x100xf32>
  }
}

// -----

// The same rounding for a SIMT K step's epilogue (the K step splits the
// root over the threads in C++ already): 36 columns in tiles of 32 leave 4.
// CHECK-DAG: #[[$KSIZE:.*]] = affine_map<(d0)[s0] -> (-(d0 * (((s0 ceildiv 8) ceildiv 4) * 4)) + s0, ((s0 ceildiv 8) ceildiv 4) * 4)>
// CHECK-LABEL: func.func private @mm_epilogue_partial_v4
// CHECK: affine.min #[[$KSIZE]]
// CHECK: vector.transfer_write {{.*}} : vector<4xf32>, tensor<1x4xf32>
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%a: tensor<37x29xf32>, %b: tensor<29x36xf32>, %bias: tensor<36xf32>) -> tensor<37x36xf32> {
    %r = tessel.kernel @mm_epilogue_partial_v4(%a, %b, %bias) : (tensor<37x29xf32>, tensor<29x36xf32>, tensor<36xf32>) -> tensor<37x36xf32>
        schedule = #tessel.schedule<block = [8, 32, 8], thread = [2, 4, 8], warps = 1, vector = 4> {
    ^bb0(%k_a: tensor<37x29xf32>, %k_b: tensor<29x36xf32>, %k_bias: tensor<36xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf32>, tensor<29x36xf32> -> tensor<37x36xf32>
      %1 = tessel.add %0, %k_bias : tensor<37x36xf32>, tensor<36xf32> -> tensor<37x36xf32>
      tessel.yield %1 : tensor<37x36xf32>
    }
    return %r : tensor<37x36xf32>
  }
}
