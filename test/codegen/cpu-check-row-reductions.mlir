// A kernel that is one tessel.reduce (sum, max, mean) over a run of
// consecutive dims runs as a row kernel (passes/tiling/RowKernel.cpp).
// Over the trailing dims (a row reduction) each row's threads load its
// vectors in batches of up to 32 elements a thread (all of a batch's loads
// in flight together), reduce them in f32, combine the partials in shared
// memory, and the row's first thread writes the value, rounded once to the
// result type. Checked against the reference in all three types: a
// resident row (one batch), batches in a loop with a ragged last one,
// guarded last slots, rows a block does not divide, more than 32 threads a
// row (two groups, the second of 16), two trailing dims, keep_dims, a
// rank-1 input to a scalar; then schedules the model chooses, a residual
// add's sum among them. Over leading or middle dims (a column reduction,
// ColumnKernelLayout) a block's threads run along its columns and groups
// of them split the reduced rows: ragged columns and rows, middle dims
// with keep_dims, batches, ResNet's average pool. Compiled for sm_90a (the
// loop's batch of loads before its adds, one store a row or a vector of
// columns), sm_80 (ptxas: no spills) and gfx942.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: rm -rf %t && tessel-compile %s --target=h100 --emit=ptx -o %t/nv | FileCheck %s --check-prefix=GPU
// RUN: FileCheck %s --check-prefix=PTX < %t/nv/k_sum_batches_f32_kernel.ptx
// RUN: FileCheck %s --check-prefix=COLPTX < %t/nv/k_col_sum_f32_kernel.ptx
// RUN: sed s/h100/a100/ %s > %t.a100.mlir && tessel-compile %t.a100.mlir --target=a100 --emit=ptx -o %t/a100 | FileCheck %s --check-prefix=GPU
// RUN: %if tessel-ptxas %{ for f in %t/a100/*.ptx; do %ptxas -arch=sm_80 -v $f -o /dev/null 2>&1 || exit 1; done | FileCheck %s --check-prefix=SPILLS %}
// RUN: sed s/h100/mi300x/ %s > %t.amd.mlir && tessel-compile %t.amd.mlir --target=mi300x -o %t/amd | FileCheck %s --check-prefix=GPU

// GPU: 17 GPU kernel(s)
// The model's choices: a row kernel each (block = [rows], no K tiles).
// GPU: sum_model_bf16_k0_reduce {{.*}} block = [{{[0-9]+}}],
// GPU: add_sum_model_bf16_k0_reduce {{.*}} block = [{{[0-9]+}}],
// GPU: col_pool_model_bf16_k0_reduce {{.*}} block = [{{[0-9]+}}],
// GPU: col_add_sum_apart_f32_k0_add {{.*}} block = [{{[0-9]+}}, {{[0-9]+}}],
// GPU: col_add_sum_apart_f32_k1_reduce {{.*}} block = [{{[0-9]+}}],

// SPILLS-COUNT-17: 0 bytes spill stores, 0 bytes spill loads
// SPILLS-NOT: spill

// One warp a row of 20000 f32: the loop's 8 loads, its adds, then the last
// 5 slots; no local memory; one store, by the row's first thread.
// PTX-NOT: .local
// PTX: {{^\$L__BB}}
// PTX-COUNT-8: ld.global.v4.b32
// PTX-NOT: ld.global
// PTX: add.rn.f32
// PTX: bra
// PTX-COUNT-5: ld.global
// PTX-NOT: ld.global
// PTX: bar.sync
// PTX: st.global.b32
// PTX-NOT: st.global

// The column sum's threads: 16-byte loads of their columns, four rows
// unguarded, the fifth where the row is inside; their partials meet after
// one barrier and the first group stores a vector of sums each.
// COLPTX-NOT: .local
// COLPTX-COUNT-4: ld.global.v4.b32
// COLPTX: bra
// COLPTX: ld.global.v4.b32
// COLPTX-NOT: ld.global
// COLPTX: bar.sync
// COLPTX: st.global.v4.b32
// COLPTX-NOT: st.global

module attributes {tessel.target = #tessel.target<"h100">} {
  // 64 x 4096 f32 on 2 rows x 128 threads, vectors of 4: a thread's 8 vectors
  // one batch (resident); 4 groups of 32 partials a row.
  // CHECK-LABEL: func @sum_resident_f32
  // CHECK: ok
  func.func @sum_resident_f32(%x: tensor<64x4096xf32>) -> tensor<64xf32> {
    %r = tessel.kernel @k_sum_resident_f32(%x) : (tensor<64x4096xf32>) -> tensor<64xf32>
        schedule = #tessel.schedule<block = [2], warps = 8, vector = 4> {
    ^bb0(%bx: tensor<64x4096xf32>):
      %0 = tessel.reduce sum %bx dims = [1] : tensor<64x4096xf32> -> tensor<64xf32>
      tessel.yield %0 : tensor<64xf32>
    }
    return %r : tensor<64xf32>
  }
  // One warp a row of 20000: 157 slots, 19 whole batches of 8 in a loop, then 5
  // slots, the last guarded (20000 is not a multiple of 128).
  // CHECK-LABEL: func @sum_batches_f32
  // CHECK: ok
  func.func @sum_batches_f32(%x: tensor<5x20000xf32>) -> tensor<5xf32> {
    %r = tessel.kernel @k_sum_batches_f32(%x) : (tensor<5x20000xf32>) -> tensor<5xf32>
        schedule = #tessel.schedule<block = [1], warps = 1, vector = 4> {
    ^bb0(%bx: tensor<5x20000xf32>):
      %0 = tessel.reduce sum %bx dims = [1] : tensor<5x20000xf32> -> tensor<5xf32>
      tessel.yield %0 : tensor<5xf32>
    }
    return %r : tensor<5xf32>
  }
  // 37 rows on blocks of 4 (the last block's threads past row 36 write
  // nothing), 24 threads a row.
  // CHECK-LABEL: func @max_odd_rows_bf16
  // CHECK: ok
  func.func @max_odd_rows_bf16(%x: tensor<37x1000xbf16>) -> tensor<37xbf16> {
    %r = tessel.kernel @k_max_odd_rows_bf16(%x) : (tensor<37x1000xbf16>) -> tensor<37xbf16>
        schedule = #tessel.schedule<block = [4], warps = 3, vector = 8> {
    ^bb0(%bx: tensor<37x1000xbf16>):
      %0 = tessel.reduce max %bx dims = [1] : tensor<37x1000xbf16> -> tensor<37xbf16>
      tessel.yield %0 : tensor<37xbf16>
    }
    return %r : tensor<37xbf16>
  }
  // Two trailing dims (a row of 2331), 48 threads a row: two groups, the second
  // of 16.
  // CHECK-LABEL: func @mean_groups_f16
  // CHECK: ok
  func.func @mean_groups_f16(%x: tensor<6x7x333xf16>) -> tensor<6xf16> {
    %r = tessel.kernel @k_mean_groups_f16(%x) : (tensor<6x7x333xf16>) -> tensor<6xf16>
        schedule = #tessel.schedule<block = [2], warps = 3> {
    ^bb0(%bx: tensor<6x7x333xf16>):
      %0 = tessel.reduce mean %bx dims = [1, 2] : tensor<6x7x333xf16> -> tensor<6xf16>
      tessel.yield %0 : tensor<6xf16>
    }
    return %r : tensor<6xf16>
  }
  // keep_dims: the result [3, 5, 1] viewed as its 15 rows; 4 threads a row.
  // CHECK-LABEL: func @mean_keep_dims_bf16
  // CHECK: ok
  func.func @mean_keep_dims_bf16(%x: tensor<3x5x769xbf16>) -> tensor<3x5x1xbf16> {
    %r = tessel.kernel @k_mean_keep_dims_bf16(%x) : (tensor<3x5x769xbf16>) -> tensor<3x5x1xbf16>
        schedule = #tessel.schedule<block = [8], warps = 2, vector = 1> {
    ^bb0(%bx: tensor<3x5x769xbf16>):
      %0 = tessel.reduce mean %bx dims = [2] keep_dims : tensor<3x5x769xbf16> -> tensor<3x5x1xbf16>
      tessel.yield %0 : tensor<3x5x1xbf16>
    }
    return %r : tensor<3x5x1xbf16>
  }
  // A rank-1 input to a scalar: one block of 512 threads, 49 slots each
  // (6 whole batches of 8, then one).
  // CHECK-LABEL: func @sum_one_row_f32
  // CHECK: ok
  func.func @sum_one_row_f32(%x: tensor<100000xf32>) -> tensor<f32> {
    %r = tessel.kernel @k_sum_one_row_f32(%x) : (tensor<100000xf32>) -> tensor<f32>
        schedule = #tessel.schedule<block = [1], warps = 16, vector = 4> {
    ^bb0(%bx: tensor<100000xf32>):
      %0 = tessel.reduce sum %bx dims = [0] : tensor<100000xf32> -> tensor<f32>
      tessel.yield %0 : tensor<f32>
    }
    return %r : tensor<f32>
  }
  // 16 threads a row of 77: a thread's last slot guarded.
  // CHECK-LABEL: func @max_guarded_f32
  // CHECK: ok
  func.func @max_guarded_f32(%x: tensor<9x77xf32>) -> tensor<9xf32> {
    %r = tessel.kernel @k_max_guarded_f32(%x) : (tensor<9x77xf32>) -> tensor<9xf32>
        schedule = #tessel.schedule<block = [2], warps = 1> {
    ^bb0(%bx: tensor<9x77xf32>):
      %0 = tessel.reduce max %bx dims = [1] : tensor<9x77xf32> -> tensor<9xf32>
      tessel.yield %0 : tensor<9xf32>
    }
    return %r : tensor<9xf32>
  }

  // The model's schedule, for 300 rows of 1000 bf16 values.
  // CHECK-LABEL: func @sum_model_bf16
  // CHECK: ok
  func.func @sum_model_bf16(%x: tensor<300x1000xbf16>) -> tensor<300xbf16> {
    %0 = tessel.reduce sum %x dims = [1] : tensor<300x1000xbf16> -> tensor<300xbf16>
    return %0 : tensor<300xbf16>
  }
  // A residual add's sum: each vector read from both inputs and added in
  // bf16 (rounded, as the unfused add rounds it), then summed in f32.
  // CHECK-LABEL: func @add_sum_model_bf16
  // CHECK: ok
  func.func @add_sum_model_bf16(%x: tensor<33x500xbf16>, %y: tensor<33x500xbf16>) -> tensor<33xbf16> {
    %0 = tessel.add %x, %y : tensor<33x500xbf16>, tensor<33x500xbf16> -> tensor<33x500xbf16>
    %1 = tessel.reduce sum %0 dims = [1] : tensor<33x500xbf16> -> tensor<33xbf16>
    return %1 : tensor<33xbf16>
  }
  // A column sum (dims = [0]): 4 blocks of 32 columns, 8 threads along them and
  // 8 groups of rows; 37 rows, each thread's last guarded; the last block's
  // threads past column 99 read the last vector and write nothing.
  // CHECK-LABEL: func @col_sum_f32
  // CHECK: ok
  func.func @col_sum_f32(%x: tensor<37x100xf32>) -> tensor<100xf32> {
    %r = tessel.kernel @k_col_sum_f32(%x) : (tensor<37x100xf32>) -> tensor<100xf32>
        schedule = #tessel.schedule<block = [32], warps = 2, vector = 4> {
    ^bb0(%bx: tensor<37x100xf32>):
      %0 = tessel.reduce sum %bx dims = [0] : tensor<37x100xf32> -> tensor<100xf32>
      tessel.yield %0 : tensor<100xf32>
    }
    return %r : tensor<100xf32>
  }
  // Middle dims with keep_dims (a global max pool over NHWC): 3 outer rows of
  // 24 columns, 35 rows each over 32 groups of one thread.
  // CHECK-LABEL: func @col_max_middle_bf16
  // CHECK: ok
  func.func @col_max_middle_bf16(%x: tensor<3x5x7x24xbf16>) -> tensor<3x1x1x24xbf16> {
    %r = tessel.kernel @k_col_max_middle_bf16(%x) : (tensor<3x5x7x24xbf16>) -> tensor<3x1x1x24xbf16>
        schedule = #tessel.schedule<block = [8], warps = 1, vector = 8> {
    ^bb0(%bx: tensor<3x5x7x24xbf16>):
      %0 = tessel.reduce max %bx dims = [1, 2] keep_dims : tensor<3x5x7x24xbf16> -> tensor<3x1x1x24xbf16>
      tessel.yield %0 : tensor<3x1x1x24xbf16>
    }
    return %r : tensor<3x1x1x24xbf16>
  }
  // Leading dims to [3, 6]: 1998 rows over 4 groups, 500 slots in 31 whole
  // batches of 16 and one of 4; 18 columns in two blocks of 16.
  // CHECK-LABEL: func @col_mean_batches_f16
  // CHECK: ok
  func.func @col_mean_batches_f16(%x: tensor<2x999x3x6xf16>) -> tensor<3x6xf16> {
    %r = tessel.kernel @k_col_mean_batches_f16(%x) : (tensor<2x999x3x6xf16>) -> tensor<3x6xf16>
        schedule = #tessel.schedule<block = [16], warps = 1, vector = 2> {
    ^bb0(%bx: tensor<2x999x3x6xf16>):
      %0 = tessel.reduce mean %bx dims = [0, 1] : tensor<2x999x3x6xf16> -> tensor<3x6xf16>
      tessel.yield %0 : tensor<3x6xf16>
    }
    return %r : tensor<3x6xf16>
  }
  // ResNet's global average pool at batch 4 (NHWC, dims = [1, 2]), the
  // model's schedule.
  // CHECK-LABEL: func @col_pool_model_bf16
  // CHECK: ok
  func.func @col_pool_model_bf16(%x: tensor<4x7x7x512xbf16>) -> tensor<4x1x1x512xbf16> {
    %0 = tessel.reduce mean %x dims = [1, 2] keep_dims : tensor<4x7x7x512xbf16> -> tensor<4x1x1x512xbf16>
    return %0 : tensor<4x1x1x512xbf16>
  }
  // A residual add's column sum: fused it would be a cooperative kernel
  // (the column kernel reads one input), so the model runs the add apart
  // and the sum as a column reduction.
  // CHECK-LABEL: func @col_add_sum_apart_f32
  // CHECK: ok
  func.func @col_add_sum_apart_f32(%x: tensor<37x100xf32>, %y: tensor<37x100xf32>) -> tensor<100xf32> {
    %a = tessel.add %x, %y : tensor<37x100xf32>, tensor<37x100xf32> -> tensor<37x100xf32>
    %0 = tessel.reduce sum %a dims = [0] : tensor<37x100xf32> -> tensor<100xf32>
    return %0 : tensor<100xf32>
  }
  // Unit dims after the reduced one: still rows of the reduced length (one
  // row of 100; six rows of 50 with keep_dims).
  // CHECK-LABEL: func @sum_unit_dims_f32
  // CHECK: ok
  func.func @sum_unit_dims_f32(%x: tensor<100x1xf32>, %y: tensor<6x50x1x1xbf16>) -> (tensor<1xf32>, tensor<6x1x1x1xbf16>) {
    %0 = tessel.reduce sum %x dims = [0] : tensor<100x1xf32> -> tensor<1xf32>
    %1 = tessel.reduce max %y dims = [1] keep_dims : tensor<6x50x1x1xbf16> -> tensor<6x1x1x1xbf16>
    return %0, %1 : tensor<1xf32>, tensor<6x1x1x1xbf16>
  }
}
