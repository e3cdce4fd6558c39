// Vector steps over partial block tiles: the innermost dim is a multiple of
// the width (the schedule needs that) but not of the block tile, so the last
// tile along it holds fewer elements than its threads' shares. Each thread's
// share of such a tile is rounded up to whole vectors (tessel-tile-and-fuse:
// tileToThreads), the threads past its end get none; before that, a thread
// took ceil(n / threads) elements there and its vector step ran past them,
// out of the tensor in the last row (the CPU path aborted in the allocator).
// In f32, f16 and bf16, widths 2, 4 and 8; an elementwise op, a chain with a
// broadcast row, and a SIMT K step's epilogue (which splits its root over
// the threads in C++). Compiled for sm_90a: every store stays a vector
// store.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: rm -rf %t && tessel-compile %s --target=h100 --emit=ptx -o %t | FileCheck %s --check-prefix=GPU
// RUN: FileCheck %s --check-prefix=PTX < %t/k_add_f32_v4_kernel.ptx

module attributes {tessel.target = #tessel.target<"h100">} {
  // 100 columns in tiles of 32: the last tile's 4 columns are thread 0's
  // one vector (8 threads along the columns).
  func.func @add_f32_v4(%x: tensor<37x100xf32>, %y: tensor<37x100xf32>) -> tensor<37x100xf32> {
    %r = tessel.kernel @k_add_f32_v4(%x, %y) : (tensor<37x100xf32>, tensor<37x100xf32>) -> tensor<37x100xf32>
        schedule = #tessel.schedule<block = [32, 32], thread = [1, 4], warps = 8, vector = 4> {
    ^bb0(%a: tensor<37x100xf32>, %b: tensor<37x100xf32>):
      %0 = tessel.add %a, %b : tensor<37x100xf32>, tensor<37x100xf32> -> tensor<37x100xf32>
      tessel.yield %0 : tensor<37x100xf32>
    }
    return %r : tensor<37x100xf32>
  }

  // 232 columns in tiles of 64: the last tile's 40 columns are 5 threads'
  // vectors of 8 (8 threads along the columns, whose share of a whole tile
  // is one vector).
  func.func @chain_bf16_v8(%x: tensor<9x232xbf16>, %row: tensor<232xbf16>) -> tensor<9x232xbf16> {
    %r = tessel.kernel @k_chain_bf16_v8(%x, %row) : (tensor<9x232xbf16>, tensor<232xbf16>) -> tensor<9x232xbf16>
        schedule = #tessel.schedule<block = [4, 64], thread = [1, 8], warps = 1, vector = 8> {
    ^bb0(%k_x: tensor<9x232xbf16>, %k_row: tensor<232xbf16>):
      %0 = tessel.add %k_x, %k_row : tensor<9x232xbf16>, tensor<232xbf16> -> tensor<9x232xbf16>
      %1 = tessel.silu %0 : tensor<9x232xbf16>
      tessel.yield %1 : tensor<9x232xbf16>
    }
    return %r : tensor<9x232xbf16>
  }

  // 70 columns in tiles of 32: the last tile's 6 columns are 3 threads'
  // pairs (16 threads along the columns).
  func.func @chain_f16_v2(%x: tensor<5x70xf16>, %y: tensor<5x70xf16>) -> tensor<5x70xf16> {
    %r = tessel.kernel @k_chain_f16_v2(%x, %y) : (tensor<5x70xf16>, tensor<5x70xf16>) -> tensor<5x70xf16>
        schedule = #tessel.schedule<block = [4, 32], thread = [1, 2], warps = 2, vector = 2> {
    ^bb0(%a: tensor<5x70xf16>, %b: tensor<5x70xf16>):
      %0 = tessel.mul %a, %b : tensor<5x70xf16>, tensor<5x70xf16> -> tensor<5x70xf16>
      %1 = tessel.tanh %0 : tensor<5x70xf16>
      tessel.yield %1 : tensor<5x70xf16>
    }
    return %r : tensor<5x70xf16>
  }

  // A SIMT K step's epilogue: 36 columns in tiles of 32 leave 4.
  func.func @mm_epilogue_f32_kstep_v4(%a: tensor<37x29xf32>, %b: tensor<29x36xf32>, %bias: tensor<36xf32>) -> tensor<37x36xf32> {
    %r = tessel.kernel @k_mm_epilogue_f32_kstep_v4(%a, %b, %bias) : (tensor<37x29xf32>, tensor<29x36xf32>, tensor<36xf32>) -> tensor<37x36xf32>
        schedule = #tessel.schedule<block = [8, 32, 8], thread = [2, 4, 8], warps = 1, vector = 4> {
    ^bb0(%k_a: tensor<37x29xf32>, %k_b: tensor<29x36xf32>, %k_bias: tensor<36xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<37x29xf32>, tensor<29x36xf32> -> tensor<37x36xf32>
      %1 = tessel.add %0, %k_bias : tensor<37x36xf32>, tensor<36xf32> -> tensor<37x36xf32>
      %2 = tessel.gelu tanh %1 : tensor<37x36xf32>
      tessel.yield %2 : tensor<37x36xf32>
    }
    return %r : tensor<37x36xf32>
  }
}

// CHECK: kernel @k_add_f32_v4
// CHECK-NOT: FAIL
// CHECK: kernel @k_chain_bf16_v8
// CHECK-NOT: FAIL
// CHECK: kernel @k_chain_f16_v2
// CHECK-NOT: FAIL
// CHECK: kernel @k_mm_epilogue_f32_kstep_v4
// CHECK-NOT: FAIL
// CHECK: all outputs match the reference
// GPU: tessel-compile: 4 GPU kernel(s) for h100

// The partial tile's loads and stores are the whole tiles' 16-byte ones.
// PTX-LABEL: .entry k_add_f32_v4_kernel
// PTX: ld.global.v4.b32
// PTX: st.global.v4.b32
// PTX-NOT: st.global.b32
// PTX-NOT: ld.global.b32
