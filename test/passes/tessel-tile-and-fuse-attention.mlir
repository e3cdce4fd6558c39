// A kernel that is one attention alone becomes the fused attention kernel
// (passes/tiling/FusedAttention.h): a block per (batch, key/value head,
// query tile) (causal: the query tile varying slowest and counted down,
// the longest blocks first), the q tile and each key step's k and v tiles in block
// buffers (shared memory after tessel-map-to-gpu), five thread phases per
// key step (copy, S, row statistics, exp2, P v) with an online softmax,
// and the causal key tiles past the query tile's last query skipped. The
// query tiles take rows of the 2 heads that share a key/value head, row R
// being query R / 2 of head 2 kv + R % 2 (5 tiles of 16 of the 80 rows):
// where the queries are fewer than a tile (decoding), the heads share one. Already on buffers: no linalg
// op, no [Sq, Skv] tensor.
// RUN: tessel-opt %s --split-input-file --tessel-lower-to-linalg --tessel-tile-and-fuse | FileCheck %s

// CHECK-LABEL: func.func private @k(
// CHECK-NOT: linalg.
// CHECK-DAG: %[[Q:.*]] = bufferization.to_buffer %arg0 read_only : tensor<1x4x40x32xf16> to memref<1x4x40x32xf16>
// CHECK-DAG: %[[K:.*]] = bufferization.to_buffer %arg1 read_only
// CHECK-DAG: %[[V:.*]] = bufferization.to_buffer %arg2 read_only
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<1x4x40x24xf16>
// CHECK: scf.forall (%[[QT:.*]], %[[B:.*]], %[[KV:.*]]) in (5, 1, 2)
// CHECK: arith.subi %{{.*}}, %[[QT]] : index
// The q tile (rows padded by 2 halves: an odd word stride), k, v, S, O,
// partial maxima and sums, and the rows' max, sum and rescale factor.
// CHECK-DAG: memref.alloc() : memref<16x34xf16>
// CHECK-DAG: memref.alloc() : memref<32x34xf16>
// CHECK-DAG: memref.alloc() : memref<32x24xf16>
// CHECK-DAG: memref.alloc() : memref<16x33xf32>
// CHECK-DAG: memref.alloc() : memref<16x24xf32>
// The q tile: row R of the tile's first, its head and its query, 8 halves
// (16 bytes) of a row at a time, zeros past the 80 rows.
// CHECK: scf.forall (%{{.*}}) in (32)
// CHECK: arith.muli %[[KV]], %c2
// CHECK: arith.remui %{{.*}}, %c2
// CHECK: arith.divui %{{.*}}, %c2
// CHECK: %[[QV:.*]] = vector.load %[[Q]][%[[B]], %{{.*}}, %{{.*}}, %{{.*}}] : memref<1x4x40x32xf16>, vector<8xf16>
// CHECK: arith.select %{{.*}}, %[[QV]], %{{.*}} : vector<8xf16>
// CHECK: vector.store
// CHECK: } {mapping = [#gpu.thread<x>]}
// The causal bound: min(all key tiles, (last row / 2 + 50 - 40) / 32 + 1).
// CHECK: %[[LAST:.*]] = arith.minsi
// CHECK: scf.for %[[KT:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// The k tile: 128 vectors over 32 threads, each thread's 4 loads issued
// before its stores (they wait on memory together).
// CHECK: scf.forall
// CHECK: vector.load %[[K]]
// CHECK-NOT: vector.store
// CHECK: vector.load %[[K]]
// CHECK-NOT: vector.store
// CHECK: vector.load %[[K]]
// CHECK-NOT: vector.store
// CHECK: vector.load %[[K]]
// CHECK-NOT: vector.load %[[K]]
// CHECK: vector.store
// CHECK: } {mapping = [#gpu.thread<x>]}
// CHECK: scf.forall
// CHECK: math.fma
// CHECK: arith.cmpi sgt
// CHECK: arith.maximumf
// CHECK: } {mapping = [#gpu.thread<x>]}
// CHECK: scf.forall
// CHECK: math.exp2
// CHECK: } {mapping = [#gpu.thread<x>]}
// CHECK: scf.forall
// CHECK: math.exp2
// CHECK: } {mapping = [#gpu.thread<x>]}
// CHECK: scf.forall
// CHECK: math.fma
// CHECK: } {mapping = [#gpu.thread<x>]}
// CHECK: }
// CHECK: scf.forall
// CHECK: } {mapping = [#gpu.thread<x>]}
// The result: per run of 8 values of a row (16 bytes), the reciprocal of
// the row's sum, 8 products and one store.
// CHECK: scf.forall
// CHECK: scf.if
// CHECK: arith.divf
// CHECK: arith.mulf %{{.*}} : vector<8xf32>
// CHECK: arith.truncf %{{.*}} : vector<8xf32> to vector<8xf16>
// CHECK: vector.store %{{.*}}, %[[OUT]]
// CHECK: } {mapping = [#gpu.thread<x>]}
// CHECK: } {mapping = [#gpu.block<linear_dim_2>, #gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
// CHECK: bufferization.to_tensor %[[OUT]] restrict writable
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%q: tensor<1x4x40x32xf16>, %k: tensor<1x2x50x32xf16>, %v: tensor<1x2x50x24xf16>) -> tensor<1x4x40x24xf16> {
    %0 = tessel.kernel @k(%q, %k, %v) : (tensor<1x4x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x24xf16>) -> tensor<1x4x40x24xf16>
        schedule = #tessel.schedule<block = [16, 32], warps = 1> {
    ^bb0(%a: tensor<1x4x40x32xf16>, %b: tensor<1x2x50x32xf16>, %c: tensor<1x2x50x24xf16>):
      %1 = tessel.attention %a, %b, %c causal : tensor<1x4x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x24xf16> -> tensor<1x4x40x24xf16>
      tessel.yield %1 : tensor<1x4x40x24xf16>
    }
    return %0 : tensor<1x4x40x24xf16>
  }
}

// -----

// On tensor cores (mma = mma_sync): K is copied transposed (B of q k^T),
// S (from zero) and O (read, rescaled) accumulate 16x8x16 vector.contract
// pieces in warp loops (one
// 16-row strip per warp, split along the keys and the value columns: here
// 2 strips x 2), P enters the second product as two bf16 terms, and the key
// loop is marked so that tessel-hoist-accumulators leaves S and O in shared
// memory.
// CHECK-LABEL: func.func private @k(
// CHECK-NOT: linalg.
// CHECK-DAG: memref.alloc() : memref<32x24xbf16>
// CHECK-DAG: memref.alloc() : memref<16x40xbf16>
// CHECK-DAG: memref.alloc() : memref<32x40xf32>
// CHECK-DAG: memref.alloc() : memref<32x24xf32>
// CHECK: scf.for
// CHECK: scf.forall
// CHECK: memref.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : memref<16x40xbf16>
// CHECK: } {mapping = [#gpu.thread<x>]}
// CHECK: scf.forall (%{{.*}}) in (4)
// CHECK-NOT: vector.transfer_read {{.*}} : memref<32x40xf32>
// CHECK: arith.constant dense<0.000000e+00> : vector<16x8xf32>
// CHECK: scf.for
// CHECK: vector.transfer_read {{.*}} : memref<32x24xbf16>, vector<16x16xbf16>
// CHECK: vector.transfer_read {{.*}} : memref<16x40xbf16>, vector<16x8xbf16>
// CHECK: vector.contract
// CHECK: vector.transfer_write {{.*}} : vector<16x8xf32>, memref<32x40xf32>
// CHECK: } {mapping = [#gpu.warp<linear_dim_0>]}
// P rounded once to bf16 (no second term of its rounding error), and one
// product a piece and step.
// CHECK: math.exp2
// CHECK: math.exp2
// CHECK-NEXT: arith.truncf {{.*}} : f32 to bf16
// CHECK-NOT: arith.extf
// CHECK: scf.forall (%{{.*}}) in (4)
// CHECK: vector.contract
// CHECK-NOT: vector.contract
// CHECK: } {mapping = [#gpu.warp<linear_dim_0>]}
// CHECK: } {tessel.shared_accumulators}
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%q: tensor<1x2x40x16xbf16>, %k: tensor<1x2x50x16xbf16>, %v: tensor<1x2x50x16xbf16>) -> tensor<1x2x40x16xbf16> {
    %0 = tessel.kernel @k(%q, %k, %v) : (tensor<1x2x40x16xbf16>, tensor<1x2x50x16xbf16>, tensor<1x2x50x16xbf16>) -> tensor<1x2x40x16xbf16>
        schedule = #tessel.schedule<block = [32, 32], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<1x2x40x16xbf16>, %b: tensor<1x2x50x16xbf16>, %c: tensor<1x2x50x16xbf16>):
      %1 = tessel.attention %a, %b, %c causal : tensor<1x2x40x16xbf16>, tensor<1x2x50x16xbf16>, tensor<1x2x50x16xbf16> -> tensor<1x2x40x16xbf16>
      tessel.yield %1 : tensor<1x2x40x16xbf16>
    }
    return %0 : tensor<1x2x40x16xbf16>
  }
}

// -----

// Split-KV: the partial kernel's blocks also run over the 2 slices of 25
// keys (the grid's fastest dim), each stepping through its own key tiles
// (none where a query tile's last query precedes the slice), and write each
// row's output over the slice (0 where it saw none) and its log-sum-exp
// ((max + log2 sum) ln 2, -inf where it saw none); a causal row that has
// seen no key yet subtracts 0, not -inf, in its exponents. The combine
// kernel: a block per 2 rows, their weights exp(lse - max) in a block
// buffer, then each value's weighted sum.
// CHECK-LABEL: func.func private @k_partial(
// CHECK-NOT: linalg.
// CHECK: %[[PART:.*]] = memref.alloc() : memref<2x1x4x40x24xf32>
// CHECK: %[[LSE:.*]] = memref.alloc() : memref<2x1x4x40xf32>
// CHECK: scf.forall (%[[B:.*]], %[[KV:.*]], %[[QT:.*]], %[[S:.*]]) in (1, 2, 5, 2)
// CHECK: %[[FIRST:.*]] = arith.muli %[[S]], %c25
// CHECK: arith.maxsi
// CHECK: scf.for
// CHECK: arith.cmpf oeq, %{{.*}}, %cst
// CHECK: arith.cmpf ogt
// CHECK: memref.store %{{.*}}, %[[PART]][%[[S]], %[[B]], %{{.*}}, %{{.*}}, %{{.*}}]
// CHECK: math.log2
// CHECK: memref.store %{{.*}}, %[[LSE]][%[[S]], %[[B]], %{{.*}}, %{{.*}}]
// CHECK: } {mapping = [#gpu.block<linear_dim_3>, #gpu.block<linear_dim_2>, #gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
// CHECK-LABEL: func.func private @k_combine(
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<1x4x40x24xf16>
// CHECK: scf.forall (%{{.*}}) in (80)
// CHECK: %[[W:.*]] = memref.alloc() : memref<2x2xf32>
// CHECK: scf.forall (%{{.*}}) in (64)
// CHECK: math.exp2
// CHECK: } {mapping = [#gpu.thread<x>]}
// CHECK: scf.forall (%{{.*}}) in (64)
// CHECK: memref.load %[[W]]
// CHECK: math.fma
// CHECK: memref.store %{{.*}}, %[[OUT]]
// CHECK: } {mapping = [#gpu.thread<x>]}
// CHECK: } {mapping = [#gpu.block<linear_dim_0>]}
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%q: tensor<1x4x40x32xf16>, %k: tensor<1x2x50x32xf16>, %v: tensor<1x2x50x24xf16>) -> tensor<1x4x40x24xf16> {
    %0:2 = tessel.kernel @k_partial(%q, %k, %v) : (tensor<1x4x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x24xf16>) -> (tensor<2x1x4x40x24xf32>, tensor<2x1x4x40xf32>)
        schedule = #tessel.schedule<block = [16, 32], warps = 1> {
    ^bb0(%a: tensor<1x4x40x32xf16>, %b: tensor<1x2x50x32xf16>, %c: tensor<1x2x50x24xf16>):
      %1:2 = tessel.attention_partial %a, %b, %c splits = 2 causal : tensor<1x4x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x24xf16> -> tensor<2x1x4x40x24xf32>, tensor<2x1x4x40xf32>
      tessel.yield %1#0, %1#1 : tensor<2x1x4x40x24xf32>, tensor<2x1x4x40xf32>
    }
    %2 = tessel.kernel @k_combine(%0#0, %0#1) : (tensor<2x1x4x40x24xf32>, tensor<2x1x4x40xf32>) -> tensor<1x4x40x24xf16>
        schedule = #tessel.schedule<block = [2], warps = 2> {
    ^bb0(%p: tensor<2x1x4x40x24xf32>, %l: tensor<2x1x4x40xf32>):
      %3 = tessel.attention_combine %p, %l : tensor<2x1x4x40x24xf32>, tensor<2x1x4x40xf32> -> tensor<1x4x40x24xf16>
      tessel.yield %3 : tensor<1x4x40x24xf16>
    }
    return %2 : tensor<1x4x40x24xf16>
  }
}

// -----

// The register-resident form (warp = [32, 32]: each of 2 warps owns two
// 16-row strips): per key step a thread phase copies K (transposed) and V,
// then one warp phase computes each strip's S, its row maxima and sums as
// row reductions of whole pieces, P as two 16 x 16 A pieces of the input
// type, and O's update, reading and writing O and the statistics (each
// row's maximum and sum, [64, 8] each, across a piece's columns) only as
// whole pieces:
// nothing of S or P in a block buffer. The key tiles no row of the block
// masks a key of (before the end, and up to its first query's last key)
// come first, in a loop of their own without the mask's compares and
// selects; the rest step with them.
// CHECK-LABEL: func.func private @k_registers(
// CHECK: %[[O:.*]] = memref.alloc() : memref<64x{{[0-9]+}}xf32>
// CHECK: %[[MAXIMA:.*]] = memref.alloc() : memref<64x8xf32>
// CHECK: %[[SUMS:.*]] = memref.alloc() : memref<64x8xf32>
// CHECK-NOT: memref.alloc
// CHECK: scf.for
// CHECK: scf.forall (%{{.*}}) in (64)
// CHECK: } {mapping = [#gpu.thread<x>]}
// CHECK: scf.forall (%{{.*}}) in (2)
// CHECK-NOT: vector.step
// CHECK-NOT: arith.select
// CHECK: vector.multi_reduction <maximumf>
// CHECK-NOT: arith.select
// CHECK: } {mapping = [#gpu.warp<linear_dim_0>]}
// CHECK: scf.for
// CHECK: scf.forall (%{{.*}}) in (64)
// CHECK: } {mapping = [#gpu.thread<x>]}
// CHECK: scf.forall (%[[W:.*]]) in (2)
// CHECK: scf.for
// CHECK: vector.contract
// CHECK: vector.step : vector<8xindex>
// CHECK: arith.select
// CHECK: vector.transfer_read %[[MAXIMA]]
// CHECK: vector.transfer_read %[[SUMS]]
// CHECK: vector.multi_reduction <maximumf>, %{{.*}} [1] : vector<16x8xf32> to vector<16xf32>
// CHECK: vector.multi_reduction <add>, %{{.*}} [1] : vector<16x8xf32> to vector<16xf32>
// CHECK: vector.transfer_write %{{.*}}, %[[MAXIMA]]
// CHECK: vector.transfer_write %{{.*}}, %[[SUMS]]
// CHECK: vector.transfer_read %[[O]]
// CHECK: vector.insert_strided_slice %{{.*}} {offsets = [0, 8], strides = [1, 1]} : vector<16x8xf16> into vector<16x16xf16>
// CHECK: vector.contract
// CHECK: vector.transfer_write %{{.*}}, %[[O]]
// CHECK: } {mapping = [#gpu.warp<linear_dim_0>]}
// CHECK-NOT: mapping = [#gpu.thread<x>]
// CHECK: }
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%q: tensor<1x4x40x32xf16>, %k: tensor<1x2x50x32xf16>, %v: tensor<1x2x50x32xf16>) -> tensor<1x4x40x32xf16> {
    %0 = tessel.kernel @k_registers(%q, %k, %v) : (tensor<1x4x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x32xf16>) -> tensor<1x4x40x32xf16>
        schedule = #tessel.schedule<block = [64, 32], warp = [32, 32], warps = 2, mma = mma_sync> {
    ^bb0(%a: tensor<1x4x40x32xf16>, %b: tensor<1x2x50x32xf16>, %c: tensor<1x2x50x32xf16>):
      %1 = tessel.attention %a, %b, %c causal : tensor<1x4x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x32xf16> -> tensor<1x4x40x32xf16>
      tessel.yield %1 : tensor<1x4x40x32xf16>
    }
    return %0 : tensor<1x4x40x32xf16>
  }
}
