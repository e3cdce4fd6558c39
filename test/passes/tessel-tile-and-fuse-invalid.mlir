// tessel-tile-and-fuse rejects kernels it cannot turn into one loop nest.
// RUN: tessel-opt %s --tessel-lower-to-linalg --tessel-tile-and-fuse --split-input-file --verify-diagnostics

// A reshape between two computations breaks the loop nest.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<4x8xf32>) -> tensor<32xf32> {
    %0 = tessel.kernel @k(%x) : (tensor<4x8xf32>) -> tensor<32xf32> {
    ^bb0(%a: tensor<4x8xf32>):
      %1 = tessel.exp %a : tensor<4x8xf32>
      // expected-error @+1 {{'tensor.collapse_shape' op cannot be tiled or fused into kernel @k; a kernel may only hold ops that tile (split the kernel at this op)}}
      %2 = tessel.reshape %1 : tensor<4x8xf32> -> tensor<32xf32>
      %3 = tessel.exp %2 : tensor<32xf32>
      tessel.yield %3 : tensor<32xf32>
    }
    return %0 : tensor<32xf32>
  }
}

// -----

// Kernels are tiled for a GPU: without a target there is no warp size.
// expected-error @+1 {{tessel-tile-and-fuse needs the GPU target: set 'tessel.target' on the module (tessel-set-target)}}
module {
  func.func @model(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = tessel.kernel @k(%x) : (tensor<4xf32>) -> tensor<4xf32> {
    ^bb0(%a: tensor<4xf32>):
      %1 = tessel.exp %a : tensor<4xf32>
      tessel.yield %1 : tensor<4xf32>
    }
    return %0 : tensor<4xf32>
  }
}

// -----

// A kernel that only returns its input computes nothing.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error @+1 {{'func.func' op kernel @k returns a value that no loop nest computes (an input or a constant); such a kernel has nothing to run}}
    %0 = tessel.kernel @k(%x) : (tensor<4xf32>) -> tensor<4xf32> {
    ^bb0(%a: tensor<4xf32>):
      %1 = tessel.reshape %a : tensor<4xf32> -> tensor<4xf32>
      %2 = tessel.exp %a : tensor<4xf32>
      tessel.yield %1 : tensor<4xf32>
    }
    return %0 : tensor<4xf32>
  }
}

// -----

// MFMA is AMD's matrix instruction: on an NVIDIA target it is refused.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<64x64xf16>, %y: tensor<64x64xf16>) -> tensor<64x64xf16> {
    // expected-error @+1 {{sets mma = mfma, which needs an AMD GPU with bf16 matrix cores (gfx90a, gfx94x); h100 is sm_90a (use mma = mma_sync)}}
    %0 = tessel.kernel @k(%x, %y) : (tensor<64x64xf16>, tensor<64x64xf16>) -> tensor<64x64xf16>
        schedule = #tessel.schedule<block = [64, 64, 16], warp = [32, 32, 16], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>):
      %1 = tessel.matmul %a, %b : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf16>
      tessel.yield %1 : tensor<64x64xf16>
    }
    return %0 : tensor<64x64xf16>
  }
}

// -----

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<64x64xf16>, %y: tensor<64x64xf16>) -> tensor<64x64xf16> {
    // expected-error @+1 {{sets split_k = 4, which one kernel does not run: tessel-split-reduction emits it as a partial and a sum kernel}}
    %0 = tessel.kernel @k(%x, %y) : (tensor<64x64xf16>, tensor<64x64xf16>) -> tensor<64x64xf16>
        schedule = #tessel.schedule<block = [32, 32], warps = 4, split_k = 4> {
    ^bb0(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>):
      %1 = tessel.matmul %a, %b : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf16>
      tessel.yield %1 : tensor<64x64xf16>
    }
    return %0 : tensor<64x64xf16>
  }
}

// -----

// 32 waves of 64 lanes is 2048 threads; an MI300X block holds 1024.
module attributes {tessel.target = #tessel.target<"mi300x">} {
  func.func @model(%x: tensor<64xf32>) -> tensor<64xf32> {
    // expected-error @+1 {{asks for 32 warps of 64 threads, 2048 in all, but a block on mi300x holds at most 1024}}
    %0 = tessel.kernel @k(%x) : (tensor<64xf32>) -> tensor<64xf32>
        schedule = #tessel.schedule<block = [64], warps = 32> {
    ^bb0(%a: tensor<64xf32>):
      %1 = tessel.exp %a : tensor<64xf32>
      tessel.yield %1 : tensor<64xf32>
    }
    return %0 : tensor<64xf32>
  }
}

// -----

// [32, 64] / [4, 4] is 128 threads; 8 warps of 32 are 256.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
    // expected-error @+1 {{gives 128 threads per block through its thread tile, but warps x warp_size is 256}}
    %0 = tessel.kernel @k(%x) : (tensor<64x64xf32>) -> tensor<64x64xf32>
        schedule = #tessel.schedule<block = [32, 64], thread = [4, 4], warps = 8> {
    ^bb0(%a: tensor<64x64xf32>):
      %1 = tessel.exp %a : tensor<64x64xf32>
      tessel.yield %1 : tensor<64x64xf32>
    }
    return %0 : tensor<64x64xf32>
  }
}

// -----

// A K step applies to one contraction; this kernel chains two.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%a: tensor<16x8xf32>, %b: tensor<8x16xf32>, %c: tensor<16x4xf32>) -> tensor<16x4xf32> {
    // expected-error @+1 {{sets a K step, but the kernel holds 2 contractions; a K step applies to one}}
    %0 = tessel.kernel @k(%a, %b, %c) : (tensor<16x8xf32>, tensor<8x16xf32>, tensor<16x4xf32>) -> tensor<16x4xf32>
        schedule = #tessel.schedule<block = [8, 4, 8], warps = 1> {
    ^bb0(%x: tensor<16x8xf32>, %y: tensor<8x16xf32>, %z: tensor<16x4xf32>):
      %1 = tessel.matmul %x, %y : tensor<16x8xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
      %2 = tessel.matmul %1, %z : tensor<16x16xf32>, tensor<16x4xf32> -> tensor<16x4xf32>
      tessel.yield %2 : tensor<16x4xf32>
    }
    return %0 : tensor<16x4xf32>
  }
}

// -----

// Convolutions take no K step yet: refused rather than ignored.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32> {
    // expected-error @+1 {{sets a K step for a convolution; the code generator emits K steps for matmul and batch_matmul only (drop the block's last entry)}}
    %0 = tessel.kernel @k(%x, %w) : (tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32>) -> tensor<1x6x6x8xf32>
        schedule = #tessel.schedule<block = [1, 2, 6, 8, 4], warps = 1> {
    ^bb0(%a: tensor<1x8x8x4xf32>, %b: tensor<3x3x4x8xf32>):
      %1 = tessel.conv2d %a, %b strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<1x8x8x4xf32>, tensor<3x3x4x8xf32> -> tensor<1x6x6x8xf32>
      tessel.yield %1 : tensor<1x6x6x8xf32>
    }
    return %0 : tensor<1x6x6x8xf32>
  }
}

// -----

// One block entry per parallel loop of the root, then at most the K step.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%a: tensor<16x8xf32>, %b: tensor<8x16xf32>) -> tensor<16x16xf32> {
    // expected-error @+1 {{has 4 block entries, but its root has 2 parallel loops: one entry each, then at most the K step}}
    %0 = tessel.kernel @k(%a, %b) : (tensor<16x8xf32>, tensor<8x16xf32>) -> tensor<16x16xf32>
        schedule = #tessel.schedule<block = [1, 8, 16, 8], warps = 1> {
    ^bb0(%x: tensor<16x8xf32>, %y: tensor<8x16xf32>):
      %1 = tessel.matmul %x, %y : tensor<16x8xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
      tessel.yield %1 : tensor<16x16xf32>
    }
    return %0 : tensor<16x16xf32>
  }
}

// -----

// A kernel returning a matmul and the relu of that matmul: the matmul would
// have to leave the relu's loop nest too.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%a: tensor<16x8xf32>, %b: tensor<8x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
    %0:2 = tessel.kernel @k(%a, %b) : (tensor<16x8xf32>, tensor<8x16xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>) {
    ^bb0(%x: tensor<16x8xf32>, %y: tensor<8x16xf32>):
      // expected-error @+1 {{is returned by kernel @k and also read by another value it returns; a kernel's results must not feed each other (return only the last, or let tessel-form-kernels split the kernel)}}
      %1 = tessel.matmul %x, %y : tensor<16x8xf32>, tensor<8x16xf32> -> tensor<16x16xf32>
      %2 = tessel.relu %1 : tensor<16x16xf32>
      tessel.yield %1, %2 : tensor<16x16xf32>, tensor<16x16xf32>
    }
    return %0#0, %0#1 : tensor<16x16xf32>, tensor<16x16xf32>
  }
}

// -----

// A vector width must divide every thread's share of the innermost loop:
// 32 threads over a tile of 64 take 2 elements each, not 4.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
    // expected-error @+1 {{sets vector = 4, but along the innermost loop of linalg.generic (64 elements, a block tile of 64, 32 threads) a thread's share of a tile is not a whole number of aligned vectors: the loop, the tile and ceil(tile / threads) must be multiples of 4}}
    %0 = tessel.kernel @k(%x) : (tensor<8x64xf32>) -> tensor<8x64xf32>
        schedule = #tessel.schedule<block = [1, 64], warps = 1, vector = 4> {
    ^bb0(%a: tensor<8x64xf32>):
      %1 = tessel.exp %a : tensor<8x64xf32>
      tessel.yield %1 : tensor<8x64xf32>
    }
    return %0 : tensor<8x64xf32>
  }
}

// -----

// A row of 66 elements: rows after the first would start misaligned.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<8x66xf32>) -> tensor<8x66xf32> {
    // expected-error @+1 {{(66 elements, a block tile of 64, 16 threads)}}
    %0 = tessel.kernel @k(%x) : (tensor<8x66xf32>) -> tensor<8x66xf32>
        schedule = #tessel.schedule<block = [2, 64], thread = [1, 4], warps = 1, vector = 4> {
    ^bb0(%a: tensor<8x66xf32>):
      %1 = tessel.exp %a : tensor<8x66xf32>
      tessel.yield %1 : tensor<8x66xf32>
    }
    return %0 : tensor<8x66xf32>
  }
}

// -----

// A matmul without a K step is its kernel's root, and reduces: each output
// is a loop over K, not a vector lane.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<64x64xf32>, %y: tensor<64x64xf32>) -> tensor<64x64xf32> {
    // expected-error @+1 {{sets vector = 2, but the kernel's root (linalg.generic) reduces; a vector width applies to a root whose loops are all parallel (an elementwise op, a norm's or softmax's output)}}
    %0 = tessel.kernel @k(%x, %y) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
        schedule = #tessel.schedule<block = [16, 64], warps = 1, vector = 2> {
    ^bb0(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>):
      %1 = tessel.matmul %a, %b : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
      tessel.yield %1 : tensor<64x64xf32>
    }
    return %0 : tensor<64x64xf32>
  }
}

// -----

// A matmul that is its kernel's root, with a SIMT K step, is copied out by
// scalar loops.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<64x64xf32>, %y: tensor<64x64xf32>) -> tensor<64x64xf32> {
    // expected-error @+1 {{sets vector = 4, but the kernel's root is its SIMT K-stepped contraction, whose result is copied out by scalar loops; give the kernel vector = 1 (tensor-core schedules take a vector width for that copy)}}
    %0 = tessel.kernel @k(%x, %y) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
        schedule = #tessel.schedule<block = [16, 32, 16], thread = [2, 4, 16], warps = 2, vector = 4> {
    ^bb0(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>):
      %1 = tessel.matmul %a, %b : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
      tessel.yield %1 : tensor<64x64xf32>
    }
    return %0 : tensor<64x64xf32>
  }
}

// -----

// A warp tile means tensor cores; SIMT schedules take thread tiles.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<64x64xf16>, %y: tensor<64x64xf16>) -> tensor<64x64xf16> {
    // expected-error @+1 {{sets a warp tile for SIMT instructions, which the code generator does not emit yet}}
    %0 = tessel.kernel @k(%x, %y) : (tensor<64x64xf16>, tensor<64x64xf16>) -> tensor<64x64xf16>
        schedule = #tessel.schedule<block = [64, 64, 16], warp = [32, 32, 16], warps = 4> {
    ^bb0(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>):
      %1 = tessel.matmul %a, %b : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf16>
      tessel.yield %1 : tensor<64x64xf16>
    }
    return %0 : tensor<64x64xf16>
  }
}

// -----

// Tensor cores on AMD are MFMA, not mma.sync.
module attributes {tessel.target = #tessel.target<"mi300x">} {
  func.func @model(%x: tensor<64x64xf16>, %y: tensor<64x64xf16>) -> tensor<64x64xf16> {
    // expected-error @+1 {{sets mma = mma_sync, which needs an NVIDIA GPU of sm_80 or newer; mi300x is gfx942 (use mma = mfma)}}
    %0 = tessel.kernel @k(%x, %y) : (tensor<64x64xf16>, tensor<64x64xf16>) -> tensor<64x64xf16>
        schedule = #tessel.schedule<block = [64, 64, 16], warp = [32, 32, 16], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>):
      %1 = tessel.matmul %a, %b : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf16>
      tessel.yield %1 : tensor<64x64xf16>
    }
    return %0 : tensor<64x64xf16>
  }
}

// -----

// AMD has no asynchronous copy: an MFMA K step stages its next steps in
// registers, two or three stages, not four.
module attributes {tessel.target = #tessel.target<"mi300x">} {
  func.func @model(%x: tensor<64x128xf16>, %y: tensor<128x64xf16>) -> tensor<64x64xf16> {
    // expected-error @+1 {{sets stages = 4, which pipelines a K step's copies with asynchronous copies (cp.async, NVIDIA sm_80 or newer); on MFMA the next steps are staged in registers, stages = 2 or 3; mi300x is gfx942}}
    %0 = tessel.kernel @k(%x, %y) : (tensor<64x128xf16>, tensor<128x64xf16>) -> tensor<64x64xf16>
        schedule = #tessel.schedule<block = [64, 64, 16], warp = [32, 32, 16], warps = 4, stages = 4, mma = mfma> {
    ^bb0(%a: tensor<64x128xf16>, %b: tensor<128x64xf16>):
      %1 = tessel.matmul %a, %b : tensor<64x128xf16>, tensor<128x64xf16> -> tensor<64x64xf16>
      tessel.yield %1 : tensor<64x64xf16>
    }
    return %0 : tensor<64x64xf16>
  }
}

// -----

// mma = mma_sync needs a warp tile whose K is the K step.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<64x64xf16>, %y: tensor<64x64xf16>) -> tensor<64x64xf16> {
    // expected-error @+1 {{without a warp tile [.., M, N, K] whose K is the block's K step}}
    %0 = tessel.kernel @k(%x, %y) : (tensor<64x64xf16>, tensor<64x64xf16>) -> tensor<64x64xf16>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [32, 32, 16], warps = 8, mma = mma_sync> {
    ^bb0(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>):
      %1 = tessel.matmul %a, %b : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf16>
      tessel.yield %1 : tensor<64x64xf16>
    }
    return %0 : tensor<64x64xf16>
  }
}

// -----

// mma = mfma needs a warp tile whose K is the K step, as mma.sync does.
module attributes {tessel.target = #tessel.target<"mi300x">} {
  func.func @model(%x: tensor<64x64xf16>, %y: tensor<64x64xf16>) -> tensor<64x64xf16> {
    // expected-error @+1 {{sets mma = mfma without a warp tile [.., M, N, K] whose K is the block's K step}}
    %0 = tessel.kernel @k(%x, %y) : (tensor<64x64xf16>, tensor<64x64xf16>) -> tensor<64x64xf16>
        schedule = #tessel.schedule<block = [64, 64, 32], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>):
      %1 = tessel.matmul %a, %b : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf16>
      tessel.yield %1 : tensor<64x64xf16>
    }
    return %0 : tensor<64x64xf16>
  }
}

// -----

// An MFMA warp tile is made of 16x16x16 (or 32x32x8) pieces: 8 columns are
// not one.
module attributes {tessel.target = #tessel.target<"mi300x">} {
  func.func @model(%x: tensor<64x64xf16>, %y: tensor<64x64xf16>) -> tensor<64x64xf16> {
    // expected-error @+1 {{could not be tiled with schedule}}
    %0 = tessel.kernel @k(%x, %y) : (tensor<64x64xf16>, tensor<64x64xf16>) -> tensor<64x64xf16>
        schedule = #tessel.schedule<block = [32, 16, 16], warp = [16, 8, 16], warps = 4, mma = mfma> {
    ^bb0(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>):
      // expected-error @+1 {{cannot run on tensor cores (mfma): warp tiles of 16 x 8 must divide the block's 32 x 16 and be multiples of 16 x 16, and the K step (16) a multiple of 16}}
      %1 = tessel.matmul %a, %b : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf16>
      tessel.yield %1 : tensor<64x64xf16>
    }
    return %0 : tensor<64x64xf16>
  }
}

// -----

// mma = mma_sync runs a K step: none is given.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<64x64xf16>, %y: tensor<64x64xf16>) -> tensor<64x64xf16> {
    // expected-error @+1 {{without a warp tile [.., M, N, K] whose K is the block's K step}}
    %0 = tessel.kernel @k(%x, %y) : (tensor<64x64xf16>, tensor<64x64xf16>) -> tensor<64x64xf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [32, 32], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>):
      %1 = tessel.matmul %a, %b : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf16>
      tessel.yield %1 : tensor<64x64xf16>
    }
    return %0 : tensor<64x64xf16>
  }
}

// -----

// Tensor cores take f16 or bf16 inputs, not f32.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<64x64xf32>, %y: tensor<64x64xf32>) -> tensor<64x64xf32> {
    // expected-error @+1 {{could not be tiled with schedule}}
    %0 = tessel.kernel @k(%x, %y) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [32, 32, 32], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>):
      // expected-error @+1 {{cannot run on tensor cores (mma_sync): its inputs must both be f16 or both bf16, accumulated in f32}}
      %1 = tessel.matmul %a, %b : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
      tessel.yield %1 : tensor<64x64xf32>
    }
    return %0 : tensor<64x64xf32>
  }
}

// -----

// A K step that does not divide K is refused on tensor cores (80 in steps
// of 32): the last step would read past the operands. (Rows and columns
// the tiles do not divide are fine: the last block is shifted back.)
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<64x80xbf16>, %y: tensor<80x64xbf16>) -> tensor<64x64xbf16> {
    // expected-error @+1 {{could not be tiled with schedule}}
    %0 = tessel.kernel @k(%x, %y) : (tensor<64x80xbf16>, tensor<80x64xbf16>) -> tensor<64x64xbf16>
        schedule = #tessel.schedule<block = [64, 64, 32], warp = [32, 32, 32], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<64x80xbf16>, %b: tensor<80x64xbf16>):
      // expected-error @+1 {{cannot run on tensor cores (mma_sync): its tiles are not static (the K step must divide K; block tiles that do not divide M or N are shifted, not cut)}}
      %1 = tessel.matmul %a, %b : tensor<64x80xbf16>, tensor<80x64xbf16> -> tensor<64x64xbf16>
      tessel.yield %1 : tensor<64x64xbf16>
    }
    return %0 : tensor<64x64xbf16>
  }
}

// -----

// Tile-and-fuse follows a schedule; it never invents one (the model
// chooses them, in tessel-select-schedules).
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<130x70xf32>) -> tensor<130x70xf32> {
    // expected-error @+1 {{kernel @no_schedule has no #tessel.schedule; run tessel-select-schedules before tessel-tile-and-fuse (the tessel-to-* pipelines do), or write one}}
    %0 = tessel.kernel @no_schedule(%x) : (tensor<130x70xf32>) -> tensor<130x70xf32> {
    ^bb0(%a: tensor<130x70xf32>):
      %1 = tessel.exp %a : tensor<130x70xf32>
      tessel.yield %1 : tensor<130x70xf32>
    }
    return %0 : tensor<130x70xf32>
  }
}

// -----

// A softmax over the contraction's rows reads whole rows: a block of half a
// row computes the whole row again for it, in warp tiles that need more
// warps than the block has (the cost model never offers such a schedule).
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%q: tensor<2x64x32xbf16>, %k: tensor<2x32x64xbf16>) -> tensor<2x64x64xbf16> {
    // expected-error @+1 {{could not be tiled with schedule}}
    %0 = tessel.kernel @k(%q, %k) : (tensor<2x64x32xbf16>, tensor<2x32x64xbf16>) -> tensor<2x64x64xbf16>
        schedule = #tessel.schedule<block = [1, 32, 32, 16], warp = [1, 16, 32, 16], warps = 2, mma = mma_sync> {
    ^bb0(%a: tensor<2x64x32xbf16>, %b: tensor<2x32x64xbf16>):
      // expected-error @+1 {{cannot run on tensor cores (mma_sync): 32 x 64 outputs in warp tiles of 16 x 32 need 4 warps, more than the block's 2 (a consumer reducing over rows wider than the block tile computes them again: give the block whole rows)}}
      %1 = tessel.batch_matmul %a, %b : tensor<2x64x32xbf16>, tensor<2x32x64xbf16> -> tensor<2x64x64xbf16>
      %2 = tessel.softmax %1 dim = 2 : tensor<2x64x64xbf16>
      tessel.yield %2 : tensor<2x64x64xbf16>
    }
    return %0 : tensor<2x64x64xbf16>
  }
}

// -----

// wgmma's warpgroups each take 64 rows of the block.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<128x128xbf16>, %y: tensor<128x128xbf16>) -> tensor<128x128xf32> {
    // expected-error @+1 {{sets mma = wgmma with 4 warps and a block of 128 rows; each warpgroup of 4 warps computes 64 rows, so warps must be 4, 8, 12 or 16 and M 64 per warpgroup}}
    %0 = tessel.kernel @k(%x, %y) : (tensor<128x128xbf16>, tensor<128x128xbf16>) -> tensor<128x128xf32>
        schedule = #tessel.schedule<block = [128, 128, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<128x128xbf16>, %b: tensor<128x128xbf16>):
      %1 = tessel.matmul %a, %b : tensor<128x128xbf16>, tensor<128x128xbf16> -> tensor<128x128xf32>
      tessel.yield %1 : tensor<128x128xf32>
    }
    return %0 : tensor<128x128xf32>
  }
}

// -----

// TMA loads the kernel's arguments as they are: a cast fused into A's
// copy keeps the K step on mma.sync, or on wgmma from the threads' copies
// (a warp tile).
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<128x128xf32>, %y: tensor<128x128xbf16>) -> tensor<128x128xf32> {
    // expected-error @+1 {{could not be tiled with schedule}}
    %0 = tessel.kernel @k(%x, %y) : (tensor<128x128xf32>, tensor<128x128xbf16>) -> tensor<128x128xf32>
        schedule = #tessel.schedule<block = [64, 64, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<128x128xf32>, %b: tensor<128x128xbf16>):
      %c = tessel.cast %a : tensor<128x128xf32> to tensor<128x128xbf16>
      // expected-error @+1 {{cannot take the schedule's K step: mma = wgmma: its operands are not the kernel's own arguments (TMA loads global memory as it is: a fused prologue or cast runs on mma_sync, or on wgmma with a warp tile, the threads copying)}}
      %1 = tessel.matmul %c, %b : tensor<128x128xbf16>, tensor<128x128xbf16> -> tensor<128x128xf32>
      tessel.yield %1 : tensor<128x128xf32>
    }
    return %0 : tensor<128x128xf32>
  }
}

// -----

// A transposed A (MN-major) and a transposed B (K-major) together: NVGPU's
// warpgroup MMA takes an MN-major A only with an MN-major B.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<128x128xbf16>, %y: tensor<128x128xbf16>) -> tensor<128x128xf32> {
    // expected-error @+1 {{could not be tiled with schedule}}
    %0 = tessel.kernel @k(%x, %y) : (tensor<128x128xbf16>, tensor<128x128xbf16>) -> tensor<128x128xf32>
        schedule = #tessel.schedule<block = [64, 64, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<128x128xbf16>, %b: tensor<128x128xbf16>):
      // expected-error @+1 {{cannot take the schedule's K step: mma = wgmma: both its operands are transposed (NVGPU's warpgroup MMA takes an MN-major A only with an MN-major B)}}
      %1 = tessel.matmul %a, %b transpose_lhs transpose_rhs : tensor<128x128xbf16>, tensor<128x128xbf16> -> tensor<128x128xf32>
      tessel.yield %1 : tensor<128x128xf32>
    }
    return %0 : tensor<128x128xf32>
  }
}

// -----

// A kernel that is one attention alone is the fused attention kernel:
// its schedule is [query tile, key tile] and warps on SIMT lanes.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%q: tensor<1x2x40x32xf16>, %k: tensor<1x2x50x32xf16>, %v: tensor<1x2x50x32xf16>) -> tensor<1x2x40x32xf16> {
    %0 = tessel.kernel @k(%q, %k, %v) : (tensor<1x2x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x32xf16>) -> tensor<1x2x40x32xf16>
        schedule = #tessel.schedule<block = [1, 64, 64], warps = 4> {
    ^bb0(%a: tensor<1x2x40x32xf16>, %b: tensor<1x2x50x32xf16>, %c: tensor<1x2x50x32xf16>):
      // expected-error @+1 {{'tessel.attention' op runs as one fused attention kernel, whose schedule is block = [query tile, key tile] and warps on SIMT lanes, mma.sync or MFMA (on MFMA stages = 2 stages the next key tile in registers), or on mma.sync, wgmma or MFMA with warp = [rows, key tile or a part of it] (each warp's rows in registers; stages pipeline its copies); no split-K, vector or thread tiles; got #tessel.schedule<block = [1, 64, 64], warps = 4, stages = 1, split_k = 1, vector = 1, mma = simt>}}
      %1 = tessel.attention %a, %b, %c : tensor<1x2x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x32xf16> -> tensor<1x2x40x32xf16>
      tessel.yield %1 : tensor<1x2x40x32xf16>
    }
    return %0 : tensor<1x2x40x32xf16>
  }
}

// -----

// Without warp tiles, stages pipeline the attention's copies on MFMA
// alone (staged in registers): SIMT lanes take one stage.
module attributes {tessel.target = #tessel.target<"mi300x">} {
  func.func @model(%q: tensor<1x2x40x32xf16>, %k: tensor<1x2x50x32xf16>, %v: tensor<1x2x50x32xf16>) -> tensor<1x2x40x32xf16> {
    %0 = tessel.kernel @k(%q, %k, %v) : (tensor<1x2x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x32xf16>) -> tensor<1x2x40x32xf16>
        schedule = #tessel.schedule<block = [32, 32], warps = 4, stages = 2> {
    ^bb0(%a: tensor<1x2x40x32xf16>, %b: tensor<1x2x50x32xf16>, %c: tensor<1x2x50x32xf16>):
      // expected-error @+1 {{'tessel.attention' op runs as one fused attention kernel, whose schedule is block = [query tile, key tile] and warps on SIMT lanes, mma.sync or MFMA (on MFMA stages = 2 stages the next key tile in registers), or on mma.sync, wgmma or MFMA with warp = [rows, key tile or a part of it] (each warp's rows in registers; stages pipeline its copies); no split-K, vector or thread tiles; got #tessel.schedule<block = [32, 32], warps = 4, stages = 2, split_k = 1, vector = 1, mma = simt>}}
      %1 = tessel.attention %a, %b, %c : tensor<1x2x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x32xf16> -> tensor<1x2x40x32xf16>
      tessel.yield %1 : tensor<1x2x40x32xf16>
    }
    return %0 : tensor<1x2x40x32xf16>
  }
}

// -----

// On MFMA the next key tile waits in registers for one step: two stages,
// not three.
module attributes {tessel.target = #tessel.target<"mi300x">} {
  func.func @model(%q: tensor<1x2x40x32xf16>, %k: tensor<1x2x50x32xf16>, %v: tensor<1x2x50x32xf16>) -> tensor<1x2x40x32xf16> {
    %0 = tessel.kernel @k(%q, %k, %v) : (tensor<1x2x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x32xf16>) -> tensor<1x2x40x32xf16>
        schedule = #tessel.schedule<block = [32, 32], warps = 4, stages = 3, mma = mfma> {
    ^bb0(%a: tensor<1x2x40x32xf16>, %b: tensor<1x2x50x32xf16>, %c: tensor<1x2x50x32xf16>):
      // expected-error @+1 {{'tessel.attention' op cannot run on MFMA with #tessel.schedule<block = [32, 32], warps = 4, stages = 3, split_k = 1, vector = 1, mma = mfma>: stages (2 to 4) pipeline the register-resident form's K and V copies; on MFMA, stages = 2 stages the next key tile in registers; other forms take one stage}}
      %1 = tessel.attention %a, %b, %c : tensor<1x2x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x32xf16> -> tensor<1x2x40x32xf16>
      tessel.yield %1 : tensor<1x2x40x32xf16>
    }
    return %0 : tensor<1x2x40x32xf16>
  }
}

// -----

// 30 keys in one tile of 32, known when compiling: no next tile to stage.
module attributes {tessel.target = #tessel.target<"mi300x">} {
  func.func @model(%q: tensor<1x2x64x64xbf16>, %k: tensor<1x1x30x64xbf16>, %v: tensor<1x1x30x64xbf16>) -> tensor<1x2x64x64xbf16> {
    %0 = tessel.kernel @k(%q, %k, %v) : (tensor<1x2x64x64xbf16>, tensor<1x1x30x64xbf16>, tensor<1x1x30x64xbf16>) -> tensor<1x2x64x64xbf16>
        schedule = #tessel.schedule<block = [32, 32], warps = 4, stages = 2, mma = mfma> {
    ^bb0(%a: tensor<1x2x64x64xbf16>, %b: tensor<1x1x30x64xbf16>, %c: tensor<1x1x30x64xbf16>):
      // expected-error @+1 {{'tessel.attention' op cannot run on MFMA with #tessel.schedule<block = [32, 32], warps = 4, stages = 2, split_k = 1, vector = 1, mma = mfma>: its keys are one key tile, known when compiling: there is no next tile to stage in registers (stages = 1)}}
      %1 = tessel.attention %a, %b, %c : tensor<1x2x64x64xbf16>, tensor<1x1x30x64xbf16>, tensor<1x1x30x64xbf16> -> tensor<1x2x64x64xbf16>
      tessel.yield %1 : tensor<1x2x64x64xbf16>
    }
    return %0 : tensor<1x2x64x64xbf16>
  }
}

// -----

// Query and key tiles whose buffers do not fit the block's shared memory.
module attributes {tessel.target = #tessel.target<"a100">} {
  func.func @model(%q: tensor<1x1x512x256xf32>, %k: tensor<1x1x512x256xf32>, %v: tensor<1x1x512x256xf32>) -> tensor<1x1x512x256xf32> {
    %0 = tessel.kernel @k(%q, %k, %v) : (tensor<1x1x512x256xf32>, tensor<1x1x512x256xf32>, tensor<1x1x512x256xf32>) -> tensor<1x1x512x256xf32>
        schedule = #tessel.schedule<block = [128, 128], warps = 4> {
    ^bb0(%a: tensor<1x1x512x256xf32>, %b: tensor<1x1x512x256xf32>, %c: tensor<1x1x512x256xf32>):
      // expected-error @+1 {{'tessel.attention' op needs 610304 bytes of shared memory per block for query and key tiles of 128 and 128, more than a100 gives a block (166912)}}
      %1 = tessel.attention %a, %b, %c : tensor<1x1x512x256xf32>, tensor<1x1x512x256xf32>, tensor<1x1x512x256xf32> -> tensor<1x1x512x256xf32>
      tessel.yield %1 : tensor<1x1x512x256xf32>
    }
    return %0 : tensor<1x1x512x256xf32>
  }
}

// -----

// An attention kernel goes through tessel-select-schedules first.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%q: tensor<1x2x40x32xf16>, %k: tensor<1x2x50x32xf16>, %v: tensor<1x2x50x32xf16>) -> tensor<1x2x40x32xf16> {
    // expected-error @+1 {{'func.func' op kernel @k has no #tessel.schedule; run tessel-select-schedules before tessel-tile-and-fuse}}
    %0 = tessel.kernel @k(%q, %k, %v) : (tensor<1x2x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x32xf16>) -> tensor<1x2x40x32xf16> {
    ^bb0(%a: tensor<1x2x40x32xf16>, %b: tensor<1x2x50x32xf16>, %c: tensor<1x2x50x32xf16>):
      %1 = tessel.attention %a, %b, %c : tensor<1x2x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x32xf16> -> tensor<1x2x40x32xf16>
      tessel.yield %1 : tensor<1x2x40x32xf16>
    }
    return %0 : tensor<1x2x40x32xf16>
  }
}

// -----

// The register-resident form (a warp tile) runs on tensor cores only.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%q: tensor<1x2x40x32xf16>, %k: tensor<1x2x50x32xf16>, %v: tensor<1x2x50x32xf16>) -> tensor<1x2x40x32xf16> {
    %0 = tessel.kernel @k(%q, %k, %v) : (tensor<1x2x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x32xf16>) -> tensor<1x2x40x32xf16>
        schedule = #tessel.schedule<block = [32, 32], warp = [16, 32], warps = 2> {
    ^bb0(%a: tensor<1x2x40x32xf16>, %b: tensor<1x2x50x32xf16>, %c: tensor<1x2x50x32xf16>):
      // expected-error @+1 {{'tessel.attention' op runs as one fused attention kernel, whose schedule is block = [query tile, key tile] and warps on SIMT lanes, mma.sync or MFMA (on MFMA stages = 2 stages the next key tile in registers), or on mma.sync, wgmma or MFMA with warp = [rows, key tile or a part of it] (each warp's rows in registers; stages pipeline its copies); no split-K, vector or thread tiles; got #tessel.schedule<block = [32, 32], warp = [16, 32], warps = 2, stages = 1, split_k = 1, vector = 1, mma = simt>}}
      %1 = tessel.attention %a, %b, %c : tensor<1x2x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x32xf16> -> tensor<1x2x40x32xf16>
      tessel.yield %1 : tensor<1x2x40x32xf16>
    }
    return %0 : tensor<1x2x40x32xf16>
  }
}

// -----

// Stages pipeline the register-resident form's copies with cp.async, 16
// bytes a copy: a head dim of 36 f16 elements (72 bytes a row) is not
// whole vectors.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%q: tensor<1x2x40x36xf16>, %k: tensor<1x2x50x36xf16>, %v: tensor<1x2x50x36xf16>) -> tensor<1x2x40x36xf16> {
    %0 = tessel.kernel @k(%q, %k, %v) : (tensor<1x2x40x36xf16>, tensor<1x2x50x36xf16>, tensor<1x2x50x36xf16>) -> tensor<1x2x40x36xf16>
        schedule = #tessel.schedule<block = [32, 32], warp = [16, 32], warps = 2, stages = 2, mma = mma_sync> {
    ^bb0(%a: tensor<1x2x40x36xf16>, %b: tensor<1x2x50x36xf16>, %c: tensor<1x2x50x36xf16>):
      // expected-error @+1 {{'tessel.attention' op cannot run on mma.sync with #tessel.schedule<block = [32, 32], warp = [16, 32], warps = 2, stages = 2, split_k = 1, vector = 1, mma = mma_sync>: pipelined copies move rows of whole 16-byte vectors: the head dims must be multiples of 8}}
      %1 = tessel.attention %a, %b, %c : tensor<1x2x40x36xf16>, tensor<1x2x50x36xf16>, tensor<1x2x50x36xf16> -> tensor<1x2x40x36xf16>
      tessel.yield %1 : tensor<1x2x40x36xf16>
    }
    return %0 : tensor<1x2x40x36xf16>
  }
}

// -----

// A warp's rows in the register-resident form are whole 16-row strips.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%q: tensor<1x2x40x32xf16>, %k: tensor<1x2x50x32xf16>, %v: tensor<1x2x50x32xf16>) -> tensor<1x2x40x32xf16> {
    %0 = tessel.kernel @k(%q, %k, %v) : (tensor<1x2x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x32xf16>) -> tensor<1x2x40x32xf16>
        schedule = #tessel.schedule<block = [32, 32], warp = [8, 32], warps = 4, mma = mma_sync> {
    ^bb0(%a: tensor<1x2x40x32xf16>, %b: tensor<1x2x50x32xf16>, %c: tensor<1x2x50x32xf16>):
      // expected-error @+1 {{'tessel.attention' op cannot run on mma.sync with #tessel.schedule<block = [32, 32], warp = [8, 32], warps = 4, stages = 1, split_k = 1, vector = 1, mma = mma_sync>: a warp tile's rows must be a multiple of 16 and the warps' tiles must make up the query tile}}
      %1 = tessel.attention %a, %b, %c : tensor<1x2x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x32xf16> -> tensor<1x2x40x32xf16>
      tessel.yield %1 : tensor<1x2x40x32xf16>
    }
    return %0 : tensor<1x2x40x32xf16>
  }
}

// -----

// On tensor cores each 16-row strip of the query tile takes a warp.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%q: tensor<1x2x40x32xf16>, %k: tensor<1x2x50x32xf16>, %v: tensor<1x2x50x32xf16>) -> tensor<1x2x40x32xf16> {
    %0 = tessel.kernel @k(%q, %k, %v) : (tensor<1x2x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x32xf16>) -> tensor<1x2x40x32xf16>
        schedule = #tessel.schedule<block = [64, 32], warps = 2, mma = mma_sync> {
    ^bb0(%a: tensor<1x2x40x32xf16>, %b: tensor<1x2x50x32xf16>, %c: tensor<1x2x50x32xf16>):
      // expected-error @+1 {{'tessel.attention' op cannot run on mma.sync with #tessel.schedule<block = [64, 32], warps = 2, stages = 1, split_k = 1, vector = 1, mma = mma_sync>: each 16-row strip of the query tile needs a warp of its own}}
      %1 = tessel.attention %a, %b, %c : tensor<1x2x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x32xf16> -> tensor<1x2x40x32xf16>
      tessel.yield %1 : tensor<1x2x40x32xf16>
    }
    return %0 : tensor<1x2x40x32xf16>
  }
}

// -----

// Tensor cores take bf16 and f16.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%q: tensor<1x2x40x32xf32>, %k: tensor<1x2x50x32xf32>, %v: tensor<1x2x50x32xf32>) -> tensor<1x2x40x32xf32> {
    %0 = tessel.kernel @k(%q, %k, %v) : (tensor<1x2x40x32xf32>, tensor<1x2x50x32xf32>, tensor<1x2x50x32xf32>) -> tensor<1x2x40x32xf32>
        schedule = #tessel.schedule<block = [32, 32], warps = 2, mma = mma_sync> {
    ^bb0(%a: tensor<1x2x40x32xf32>, %b: tensor<1x2x50x32xf32>, %c: tensor<1x2x50x32xf32>):
      // expected-error @+1 {{cannot run on mma.sync with #tessel.schedule<block = [32, 32], warps = 2, stages = 1, split_k = 1, vector = 1, mma = mma_sync>: tensor cores take bf16 and f16, not f32}}
      %1 = tessel.attention %a, %b, %c : tensor<1x2x40x32xf32>, tensor<1x2x50x32xf32>, tensor<1x2x50x32xf32> -> tensor<1x2x40x32xf32>
      tessel.yield %1 : tensor<1x2x40x32xf32>
    }
    return %0 : tensor<1x2x40x32xf32>
  }
}

// -----

// mma.sync is NVIDIA's.
module attributes {tessel.target = #tessel.target<"mi300x">} {
  func.func @model(%q: tensor<1x2x40x32xf16>, %k: tensor<1x2x50x32xf16>, %v: tensor<1x2x50x32xf16>) -> tensor<1x2x40x32xf16> {
    %0 = tessel.kernel @k(%q, %k, %v) : (tensor<1x2x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x32xf16>) -> tensor<1x2x40x32xf16>
        schedule = #tessel.schedule<block = [32, 32], warps = 2, mma = mma_sync> {
    ^bb0(%a: tensor<1x2x40x32xf16>, %b: tensor<1x2x50x32xf16>, %c: tensor<1x2x50x32xf16>):
      // expected-error @+1 {{'tessel.attention' op cannot run on mma.sync on mi300x (gfx942): it needs an NVIDIA GPU of sm_80 or newer (mma = mfma runs it on this GPU's matrix cores)}}
      %1 = tessel.attention %a, %b, %c : tensor<1x2x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x32xf16> -> tensor<1x2x40x32xf16>
      tessel.yield %1 : tensor<1x2x40x32xf16>
    }
    return %0 : tensor<1x2x40x32xf16>
  }
}

// -----

// MFMA is AMD's.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%q: tensor<1x2x40x32xf16>, %k: tensor<1x2x50x32xf16>, %v: tensor<1x2x50x32xf16>) -> tensor<1x2x40x32xf16> {
    %0 = tessel.kernel @k(%q, %k, %v) : (tensor<1x2x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x32xf16>) -> tensor<1x2x40x32xf16>
        schedule = #tessel.schedule<block = [32, 32], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x2x40x32xf16>, %b: tensor<1x2x50x32xf16>, %c: tensor<1x2x50x32xf16>):
      // expected-error @+1 {{'tessel.attention' op cannot run on MFMA on h100 (sm_90a): it needs an AMD GPU of gfx90a or gfx94x (mma = mma_sync runs it on this GPU's tensor cores)}}
      %1 = tessel.attention %a, %b, %c : tensor<1x2x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x32xf16> -> tensor<1x2x40x32xf16>
      tessel.yield %1 : tensor<1x2x40x32xf16>
    }
    return %0 : tensor<1x2x40x32xf16>
  }
}

// -----

// MFMA's pieces are 16 columns wide: a value head dim of 40 is not a
// multiple (mma.sync's 8-column pieces take it).
module attributes {tessel.target = #tessel.target<"mi300x">} {
  func.func @model(%q: tensor<1x2x40x32xf16>, %k: tensor<1x2x50x32xf16>, %v: tensor<1x2x50x40xf16>) -> tensor<1x2x40x40xf16> {
    %0 = tessel.kernel @k(%q, %k, %v) : (tensor<1x2x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x40xf16>) -> tensor<1x2x40x40xf16>
        schedule = #tessel.schedule<block = [32, 32], warps = 2, mma = mfma> {
    ^bb0(%a: tensor<1x2x40x32xf16>, %b: tensor<1x2x50x32xf16>, %c: tensor<1x2x50x40xf16>):
      // expected-error @+1 {{'tessel.attention' op cannot run on MFMA with #tessel.schedule<block = [32, 32], warps = 2, stages = 1, split_k = 1, vector = 1, mma = mfma>: the head dims must be multiples of 16}}
      %1 = tessel.attention %a, %b, %c : tensor<1x2x40x32xf16>, tensor<1x2x50x32xf16>, tensor<1x2x50x40xf16> -> tensor<1x2x40x40xf16>
      tessel.yield %1 : tensor<1x2x40x40xf16>
    }
    return %0 : tensor<1x2x40x40xf16>
  }
}

// -----

// A split-KV combine's schedule is block = [rows] and warps.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%p: tensor<2x1x4x40x24xf32>, %l: tensor<2x1x4x40xf32>) -> tensor<1x4x40x24xf16> {
    %0 = tessel.kernel @k(%p, %l) : (tensor<2x1x4x40x24xf32>, tensor<2x1x4x40xf32>) -> tensor<1x4x40x24xf16>
        schedule = #tessel.schedule<block = [2, 24], warps = 2> {
    ^bb0(%a: tensor<2x1x4x40x24xf32>, %b: tensor<2x1x4x40xf32>):
      // expected-error @+1 {{'tessel.attention_combine' op runs as one kernel whose schedule is block = [rows] and warps on SIMT lanes; got #tessel.schedule<block = [2, 24], warps = 2, stages = 1, split_k = 1, vector = 1, mma = simt>}}
      %1 = tessel.attention_combine %a, %b : tensor<2x1x4x40x24xf32>, tensor<2x1x4x40xf32> -> tensor<1x4x40x24xf16>
      tessel.yield %1 : tensor<1x4x40x24xf16>
    }
    return %0 : tensor<1x4x40x24xf16>
  }
}

// -----

// A row kernel's vectors must divide its row: 100 softmax elements are no
// whole number of vectors of 8.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<4x100xf16>) -> tensor<4x100xf16> {
    %0 = tessel.kernel @k(%x) : (tensor<4x100xf16>) -> tensor<4x100xf16>
        schedule = #tessel.schedule<block = [1], warps = 1, vector = 8> {
    ^bb0(%a: tensor<4x100xf16>):
      // expected-error @+1 {{'tessel.softmax' op cannot run with #tessel.schedule<block = [1], warps = 1, stages = 1, split_k = 1, vector = 8, mma = simt>: vectors of 8 elements do not divide the row of 100}}
      %1 = tessel.softmax %a dim = 1 : tensor<4x100xf16>
      tessel.yield %1 : tensor<4x100xf16>
    }
    return %0 : tensor<4x100xf16>
  }
}

// -----

// Nor may its rows share the block's threads unevenly.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<6x64xf32>, %g: tensor<64xf32>) -> tensor<6x64xf32> {
    %0 = tessel.kernel @k(%x, %g) : (tensor<6x64xf32>, tensor<64xf32>) -> tensor<6x64xf32>
        schedule = #tessel.schedule<block = [3], warps = 1> {
    ^bb0(%a: tensor<6x64xf32>, %s: tensor<64xf32>):
      // expected-error @+1 {{'tessel.rms_norm' op cannot run with #tessel.schedule<block = [3], warps = 1, stages = 1, split_k = 1, vector = 1, mma = simt>: the block's 32 threads do not split evenly over its 3 rows}}
      %1 = tessel.rms_norm %a scale(%s) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x64xf32>, tensor<64xf32>) -> tensor<6x64xf32>
      tessel.yield %1 : tensor<6x64xf32>
    }
    return %0 : tensor<6x64xf32>
  }
}

// -----

// A reduction over trailing dims is a row kernel too: its schedule is
// block = [rows], warps and vector, and its vectors divide its row.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<4x10x10xbf16>) -> tensor<4xbf16> {
    %0 = tessel.kernel @k(%x) : (tensor<4x10x10xbf16>) -> tensor<4xbf16>
        schedule = #tessel.schedule<block = [1], warps = 1, vector = 8> {
    ^bb0(%a: tensor<4x10x10xbf16>):
      // expected-error @+1 {{'tessel.reduce' op cannot run with #tessel.schedule<block = [1], warps = 1, stages = 1, split_k = 1, vector = 8, mma = simt>: vectors of 8 elements do not divide the row of 100}}
      %1 = tessel.reduce sum %a dims = [1, 2] : tensor<4x10x10xbf16> -> tensor<4xbf16>
      tessel.yield %1 : tensor<4xbf16>
    }
    return %0 : tensor<4xbf16>
  }
}

// -----

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<4x64xf32>) -> tensor<4xf32> {
    %0 = tessel.kernel @k(%x) : (tensor<4x64xf32>) -> tensor<4xf32>
        schedule = #tessel.schedule<block = [2], warps = 1, stages = 2> {
    ^bb0(%a: tensor<4x64xf32>):
      // expected-error @+1 {{'tessel.reduce' op runs as one row kernel, whose schedule is block = [rows], warps and vector on SIMT lanes (one stage, no split-K, warp or thread tiles); got #tessel.schedule<block = [2], warps = 1, stages = 2, split_k = 1, vector = 1, mma = simt>}}
      %1 = tessel.reduce max %a dims = [1] : tensor<4x64xf32> -> tensor<4xf32>
      tessel.yield %1 : tensor<4xf32>
    }
    return %0 : tensor<4xf32>
  }
}

// -----

// A column reduction's block of columns is a whole number of vectors, and
// its threads make whole groups of them.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<64x48xf32>) -> tensor<48xf32> {
    %0 = tessel.kernel @k(%x) : (tensor<64x48xf32>) -> tensor<48xf32>
        schedule = #tessel.schedule<block = [6], warps = 1, vector = 4> {
    ^bb0(%a: tensor<64x48xf32>):
      // expected-error @+1 {{'tessel.reduce' op cannot run with #tessel.schedule<block = [6], warps = 1, stages = 1, split_k = 1, vector = 4, mma = simt>: a block's 6 columns are no whole number of vectors of 4}}
      %1 = tessel.reduce sum %a dims = [0] : tensor<64x48xf32> -> tensor<48xf32>
      tessel.yield %1 : tensor<48xf32>
    }
    return %0 : tensor<48xf32>
  }
}

// -----

// A warp's part of the key tile (warp = [rows, keys]) must divide it in
// whole 16-key depths of P v's pieces.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%q: tensor<1x2x40x64xf16>, %k: tensor<1x2x50x64xf16>, %v: tensor<1x2x50x64xf16>) -> tensor<1x2x40x64xf16> {
    %0 = tessel.kernel @k(%q, %k, %v) : (tensor<1x2x40x64xf16>, tensor<1x2x50x64xf16>, tensor<1x2x50x64xf16>) -> tensor<1x2x40x64xf16>
        schedule = #tessel.schedule<block = [16, 64], warp = [16, 8], warps = 8, mma = mma_sync> {
    ^bb0(%a: tensor<1x2x40x64xf16>, %b: tensor<1x2x50x64xf16>, %c: tensor<1x2x50x64xf16>):
      // expected-error @+1 {{'tessel.attention' op cannot run on mma.sync with #tessel.schedule<block = [16, 64], warp = [16, 8], warps = 8, stages = 1, split_k = 1, vector = 1, mma = mma_sync>: a warp tile's keys must divide the key tile and be a multiple of 16}}
      %1 = tessel.attention %a, %b, %c causal : tensor<1x2x40x64xf16>, tensor<1x2x50x64xf16>, tensor<1x2x50x64xf16> -> tensor<1x2x40x64xf16>
      tessel.yield %1 : tensor<1x2x40x64xf16>
    }
    return %0 : tensor<1x2x40x64xf16>
  }
}

// -----

// wgmma's warpgroups take the whole key tile: no split among the warps.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%q: tensor<1x2x40x64xf16>, %k: tensor<1x2x50x64xf16>, %v: tensor<1x2x50x64xf16>) -> tensor<1x2x40x64xf16> {
    %0 = tessel.kernel @k(%q, %k, %v) : (tensor<1x2x40x64xf16>, tensor<1x2x50x64xf16>, tensor<1x2x50x64xf16>) -> tensor<1x2x40x64xf16>
        schedule = #tessel.schedule<block = [64, 64], warp = [16, 32], warps = 8, mma = wgmma> {
    ^bb0(%a: tensor<1x2x40x64xf16>, %b: tensor<1x2x50x64xf16>, %c: tensor<1x2x50x64xf16>):
      // expected-error @+1 {{'tessel.attention' op cannot run on wgmma with #tessel.schedule<block = [64, 64], warp = [16, 32], warps = 8, stages = 1, split_k = 1, vector = 1, mma = wgmma>: a warp tile of part of the key tile (warp = [rows, keys]) runs on mma.sync}}
      %1 = tessel.attention %a, %b, %c causal : tensor<1x2x40x64xf16>, tensor<1x2x50x64xf16>, tensor<1x2x50x64xf16> -> tensor<1x2x40x64xf16>
      tessel.yield %1 : tensor<1x2x40x64xf16>
    }
    return %0 : tensor<1x2x40x64xf16>
  }
}

// -----

// A grouped-query attention that shares its kernel with another op lowers
// unfused, reading its key and value heads at h floordiv 2: a tile of 3
// heads starts a tile inside a pair of heads (heads 3 and 4 read key heads
// 1 and 2) and ends it in the next, which tiling would slice as if the
// read were linear.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%q: tensor<1x8x5x8xf32>, %k: tensor<1x4x7x8xf32>, %v: tensor<1x4x7x6xf32>) -> tensor<1x8x5x6xf32> {
    // expected-error @+1 {{'func.func' op schedule #tessel.schedule<block = [1, 3, 5, 6], warps = 1, stages = 1, split_k = 1, vector = 1, mma = simt> tiles loop 1 of its root by 3 over 1 thread(s), but an op reads that loop through floordiv or mod by 2 (such as a grouped-query attention's key heads), and a tile or a thread's part of one that starts inside such a group and ends in the next would read the wrong elements; take a tile that is a multiple or a divisor of 2}}
    %r = tessel.kernel @k(%q, %k, %v) : (tensor<1x8x5x8xf32>, tensor<1x4x7x8xf32>, tensor<1x4x7x6xf32>) -> tensor<1x8x5x6xf32>
        schedule = #tessel.schedule<block = [1, 3, 5, 6], warps = 1> {
    ^bb0(%a: tensor<1x8x5x8xf32>, %b: tensor<1x4x7x8xf32>, %c: tensor<1x4x7x6xf32>):
      %0 = tessel.attention %a, %b, %c : tensor<1x8x5x8xf32>, tensor<1x4x7x8xf32>, tensor<1x4x7x6xf32> -> tensor<1x8x5x6xf32>
      %1 = tessel.relu %0 : tensor<1x8x5x6xf32>
      tessel.yield %1 : tensor<1x8x5x6xf32>
    }
    return %r : tensor<1x8x5x6xf32>
  }
}

// -----

// wgmma from the threads' copies: each warp 16 rows of the block's whole N.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<128x128xf32>, %y: tensor<128x128xbf16>) -> tensor<128x128xf32> {
    // expected-error @+1 {{sets mma = wgmma with a warp tile; each warp computes 16 rows of the block's whole N (its share of its warpgroup's 64): warp = [16, 128, 64]}}
    %0 = tessel.kernel @k(%x, %y) : (tensor<128x128xf32>, tensor<128x128xbf16>) -> tensor<128x128xf32>
        schedule = #tessel.schedule<block = [128, 128, 64], warp = [32, 64, 64], warps = 8, mma = wgmma> {
    ^bb0(%a: tensor<128x128xf32>, %b: tensor<128x128xbf16>):
      %c = tessel.cast %a : tensor<128x128xf32> to tensor<128x128xbf16>
      %1 = tessel.matmul %c, %b : tensor<128x128xbf16>, tensor<128x128xbf16> -> tensor<128x128xf32>
      tessel.yield %1 : tensor<128x128xf32>
    }
    return %0 : tensor<128x128xf32>
  }
}

// -----

// ... and its warps make whole warpgroups of 64 rows.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<128x128xf32>, %y: tensor<128x128xbf16>) -> tensor<128x128xf32> {
    // expected-error @+1 {{sets mma = wgmma with 2 warps of 16 rows and a block of 32 rows; its warpgroups of 4 warps compute 64 rows each, so warps must be 4, 8, 12 or 16 and M 16 per warp}}
    %0 = tessel.kernel @k(%x, %y) : (tensor<128x128xf32>, tensor<128x128xbf16>) -> tensor<128x128xf32>
        schedule = #tessel.schedule<block = [32, 128, 64], warp = [16, 128, 64], warps = 2, mma = wgmma> {
    ^bb0(%a: tensor<128x128xf32>, %b: tensor<128x128xbf16>):
      %c = tessel.cast %a : tensor<128x128xf32> to tensor<128x128xbf16>
      %1 = tessel.matmul %c, %b : tensor<128x128xbf16>, tensor<128x128xbf16> -> tensor<128x128xf32>
      tessel.yield %1 : tensor<128x128xf32>
    }
    return %0 : tensor<128x128xf32>
  }
}
