// Row kernel schedules side by side, for measuring what the cost model
// must predict of them (issue 18's single-pass row kernels): softmax
// [4096, 4096] and layer_norm [8192, 1024] in bf16 (the Done-when's shapes)
// with 1 to 16 rows a block, 1 to 32 warps, resident rows (a thread's
// share in registers) and one streamed row (`softmax4096_b2_w2`: 128
// elements a thread, read in each phase), and each beside the multi-pass
// cooperative kernel a written `block = [rows, row]` still selects (`_coop`);
// then the residual add + layer_norm on the same rows (two inputs read,
// rowKernelPrologue) in three row-kernel schedules and the multi-pass one;
// then the tier-1 row sum (8192 x 8192 f32, one read of 268 MB) as a row
// kernel with 2, 8, 32 and 256 threads a row (16 rows a warp's lanes over
// 32-byte runs, the model's [4]; one warp a row in 8 batches of loads; a
// resident row) and the cooperative kernel it ran as before (462 us on an
// H200, bench/data/h200/suite-rank0-2026-11-28a.json); and the column sum
// of the same matrix (dims = [0]) as a column reduction (the model's
// schedule and a 256-column block of one group) beside the cooperative
// kernel it ran as before.
// bench/gpu/prepare.sh compiles it into variants-rows/ and run_suite.sh's
// `variants` step times it; compare with the copy bandwidth of the same
// run's calibration. No GPU has run them yet.

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @softmax4096_b1_w4_v8(%x: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_softmax4096_b1_w4_v8(%x) : (tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [1], warps = 4, vector = 8> {
    ^bb0(%xx: tensor<4096x4096xbf16>):
      %0 = tessel.softmax %xx dim = 1 : tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @softmax4096_b1_w8_v8(%x: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_softmax4096_b1_w8_v8(%x) : (tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [1], warps = 8, vector = 8> {
    ^bb0(%xx: tensor<4096x4096xbf16>):
      %0 = tessel.softmax %xx dim = 1 : tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @softmax4096_b2_w8_v8(%x: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_softmax4096_b2_w8_v8(%x) : (tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [2], warps = 8, vector = 8> {
    ^bb0(%xx: tensor<4096x4096xbf16>):
      %0 = tessel.softmax %xx dim = 1 : tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @softmax4096_b4_w16_v8(%x: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_softmax4096_b4_w16_v8(%x) : (tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [4], warps = 16, vector = 8> {
    ^bb0(%xx: tensor<4096x4096xbf16>):
      %0 = tessel.softmax %xx dim = 1 : tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @softmax4096_b8_w32_v8(%x: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_softmax4096_b8_w32_v8(%x) : (tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [8], warps = 32, vector = 8> {
    ^bb0(%xx: tensor<4096x4096xbf16>):
      %0 = tessel.softmax %xx dim = 1 : tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @softmax4096_b2_w2_v8(%x: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_softmax4096_b2_w2_v8(%x) : (tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [2], warps = 2, vector = 8> {
    ^bb0(%xx: tensor<4096x4096xbf16>):
      %0 = tessel.softmax %xx dim = 1 : tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @softmax4096_coop_w2(%x: tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16> {
    %r = tessel.kernel @k_softmax4096_coop_w2(%x) : (tensor<4096x4096xbf16>) -> tensor<4096x4096xbf16>
        schedule = #tessel.schedule<block = [2, 4096], warps = 2, vector = 8> {
    ^bb0(%xx: tensor<4096x4096xbf16>):
      %0 = tessel.softmax %xx dim = 1 : tensor<4096x4096xbf16>
      tessel.yield %0 : tensor<4096x4096xbf16>
    }
    return %r : tensor<4096x4096xbf16>
  }
  func.func @layernorm8192_b1_w1_v8(%x: tensor<8192x1024xbf16>, %g: tensor<1024xbf16>, %b: tensor<1024xbf16>) -> tensor<8192x1024xbf16> {
    %r = tessel.kernel @k_layernorm8192_b1_w1_v8(%x, %g, %b) : (tensor<8192x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<8192x1024xbf16>
        schedule = #tessel.schedule<block = [1], warps = 1, vector = 8> {
    ^bb0(%xx: tensor<8192x1024xbf16>, %gg: tensor<1024xbf16>, %bb: tensor<1024xbf16>):
      %0 = tessel.layer_norm %xx scale(%gg) bias(%bb) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<8192x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<8192x1024xbf16>
      tessel.yield %0 : tensor<8192x1024xbf16>
    }
    return %r : tensor<8192x1024xbf16>
  }
  func.func @layernorm8192_b1_w4_v8(%x: tensor<8192x1024xbf16>, %g: tensor<1024xbf16>, %b: tensor<1024xbf16>) -> tensor<8192x1024xbf16> {
    %r = tessel.kernel @k_layernorm8192_b1_w4_v8(%x, %g, %b) : (tensor<8192x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<8192x1024xbf16>
        schedule = #tessel.schedule<block = [1], warps = 4, vector = 8> {
    ^bb0(%xx: tensor<8192x1024xbf16>, %gg: tensor<1024xbf16>, %bb: tensor<1024xbf16>):
      %0 = tessel.layer_norm %xx scale(%gg) bias(%bb) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<8192x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<8192x1024xbf16>
      tessel.yield %0 : tensor<8192x1024xbf16>
    }
    return %r : tensor<8192x1024xbf16>
  }
  func.func @layernorm8192_b4_w4_v8(%x: tensor<8192x1024xbf16>, %g: tensor<1024xbf16>, %b: tensor<1024xbf16>) -> tensor<8192x1024xbf16> {
    %r = tessel.kernel @k_layernorm8192_b4_w4_v8(%x, %g, %b) : (tensor<8192x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<8192x1024xbf16>
        schedule = #tessel.schedule<block = [4], warps = 4, vector = 8> {
    ^bb0(%xx: tensor<8192x1024xbf16>, %gg: tensor<1024xbf16>, %bb: tensor<1024xbf16>):
      %0 = tessel.layer_norm %xx scale(%gg) bias(%bb) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<8192x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<8192x1024xbf16>
      tessel.yield %0 : tensor<8192x1024xbf16>
    }
    return %r : tensor<8192x1024xbf16>
  }
  func.func @layernorm8192_b4_w16_v8(%x: tensor<8192x1024xbf16>, %g: tensor<1024xbf16>, %b: tensor<1024xbf16>) -> tensor<8192x1024xbf16> {
    %r = tessel.kernel @k_layernorm8192_b4_w16_v8(%x, %g, %b) : (tensor<8192x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<8192x1024xbf16>
        schedule = #tessel.schedule<block = [4], warps = 16, vector = 8> {
    ^bb0(%xx: tensor<8192x1024xbf16>, %gg: tensor<1024xbf16>, %bb: tensor<1024xbf16>):
      %0 = tessel.layer_norm %xx scale(%gg) bias(%bb) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<8192x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<8192x1024xbf16>
      tessel.yield %0 : tensor<8192x1024xbf16>
    }
    return %r : tensor<8192x1024xbf16>
  }
  func.func @layernorm8192_b16_w32_v8(%x: tensor<8192x1024xbf16>, %g: tensor<1024xbf16>, %b: tensor<1024xbf16>) -> tensor<8192x1024xbf16> {
    %r = tessel.kernel @k_layernorm8192_b16_w32_v8(%x, %g, %b) : (tensor<8192x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<8192x1024xbf16>
        schedule = #tessel.schedule<block = [16], warps = 32, vector = 8> {
    ^bb0(%xx: tensor<8192x1024xbf16>, %gg: tensor<1024xbf16>, %bb: tensor<1024xbf16>):
      %0 = tessel.layer_norm %xx scale(%gg) bias(%bb) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<8192x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<8192x1024xbf16>
      tessel.yield %0 : tensor<8192x1024xbf16>
    }
    return %r : tensor<8192x1024xbf16>
  }
  func.func @layernorm8192_b2_w4_v4(%x: tensor<8192x1024xbf16>, %g: tensor<1024xbf16>, %b: tensor<1024xbf16>) -> tensor<8192x1024xbf16> {
    %r = tessel.kernel @k_layernorm8192_b2_w4_v4(%x, %g, %b) : (tensor<8192x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<8192x1024xbf16>
        schedule = #tessel.schedule<block = [2], warps = 4, vector = 4> {
    ^bb0(%xx: tensor<8192x1024xbf16>, %gg: tensor<1024xbf16>, %bb: tensor<1024xbf16>):
      %0 = tessel.layer_norm %xx scale(%gg) bias(%bb) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<8192x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<8192x1024xbf16>
      tessel.yield %0 : tensor<8192x1024xbf16>
    }
    return %r : tensor<8192x1024xbf16>
  }
  func.func @layernorm8192_coop_w8(%x: tensor<8192x1024xbf16>, %g: tensor<1024xbf16>, %b: tensor<1024xbf16>) -> tensor<8192x1024xbf16> {
    %r = tessel.kernel @k_layernorm8192_coop_w8(%x, %g, %b) : (tensor<8192x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<8192x1024xbf16>
        schedule = #tessel.schedule<block = [8, 1024], warps = 8, vector = 4> {
    ^bb0(%xx: tensor<8192x1024xbf16>, %gg: tensor<1024xbf16>, %bb: tensor<1024xbf16>):
      %0 = tessel.layer_norm %xx scale(%gg) bias(%bb) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<8192x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<8192x1024xbf16>
      tessel.yield %0 : tensor<8192x1024xbf16>
    }
    return %r : tensor<8192x1024xbf16>
  }
  func.func @addlayernorm8192_b1_w4_v8(%x: tensor<8192x1024xbf16>, %r: tensor<8192x1024xbf16>, %g: tensor<1024xbf16>, %b: tensor<1024xbf16>) -> tensor<8192x1024xbf16> {
    %y = tessel.kernel @k_addlayernorm8192_b1_w4_v8(%x, %r, %g, %b) : (tensor<8192x1024xbf16>, tensor<8192x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<8192x1024xbf16>
        schedule = #tessel.schedule<block = [1], warps = 4, vector = 8> {
    ^bb0(%xx: tensor<8192x1024xbf16>, %rr: tensor<8192x1024xbf16>, %gg: tensor<1024xbf16>, %bb: tensor<1024xbf16>):
      %0 = tessel.add %xx, %rr : tensor<8192x1024xbf16>, tensor<8192x1024xbf16> -> tensor<8192x1024xbf16>
      %1 = tessel.layer_norm %0 scale(%gg) bias(%bb) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<8192x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<8192x1024xbf16>
      tessel.yield %1 : tensor<8192x1024xbf16>
    }
    return %y : tensor<8192x1024xbf16>
  }
  func.func @addlayernorm8192_b4_w16_v8(%x: tensor<8192x1024xbf16>, %r: tensor<8192x1024xbf16>, %g: tensor<1024xbf16>, %b: tensor<1024xbf16>) -> tensor<8192x1024xbf16> {
    %y = tessel.kernel @k_addlayernorm8192_b4_w16_v8(%x, %r, %g, %b) : (tensor<8192x1024xbf16>, tensor<8192x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<8192x1024xbf16>
        schedule = #tessel.schedule<block = [4], warps = 16, vector = 8> {
    ^bb0(%xx: tensor<8192x1024xbf16>, %rr: tensor<8192x1024xbf16>, %gg: tensor<1024xbf16>, %bb: tensor<1024xbf16>):
      %0 = tessel.add %xx, %rr : tensor<8192x1024xbf16>, tensor<8192x1024xbf16> -> tensor<8192x1024xbf16>
      %1 = tessel.layer_norm %0 scale(%gg) bias(%bb) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<8192x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<8192x1024xbf16>
      tessel.yield %1 : tensor<8192x1024xbf16>
    }
    return %y : tensor<8192x1024xbf16>
  }
  func.func @addlayernorm8192_b16_w32_v8(%x: tensor<8192x1024xbf16>, %r: tensor<8192x1024xbf16>, %g: tensor<1024xbf16>, %b: tensor<1024xbf16>) -> tensor<8192x1024xbf16> {
    %y = tessel.kernel @k_addlayernorm8192_b16_w32_v8(%x, %r, %g, %b) : (tensor<8192x1024xbf16>, tensor<8192x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<8192x1024xbf16>
        schedule = #tessel.schedule<block = [16], warps = 32, vector = 8> {
    ^bb0(%xx: tensor<8192x1024xbf16>, %rr: tensor<8192x1024xbf16>, %gg: tensor<1024xbf16>, %bb: tensor<1024xbf16>):
      %0 = tessel.add %xx, %rr : tensor<8192x1024xbf16>, tensor<8192x1024xbf16> -> tensor<8192x1024xbf16>
      %1 = tessel.layer_norm %0 scale(%gg) bias(%bb) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<8192x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<8192x1024xbf16>
      tessel.yield %1 : tensor<8192x1024xbf16>
    }
    return %y : tensor<8192x1024xbf16>
  }
  func.func @addlayernorm8192_coop_w8(%x: tensor<8192x1024xbf16>, %r: tensor<8192x1024xbf16>, %g: tensor<1024xbf16>, %b: tensor<1024xbf16>) -> tensor<8192x1024xbf16> {
    %y = tessel.kernel @k_addlayernorm8192_coop_w8(%x, %r, %g, %b) : (tensor<8192x1024xbf16>, tensor<8192x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<8192x1024xbf16>
        schedule = #tessel.schedule<block = [8, 1024], warps = 8, vector = 4> {
    ^bb0(%xx: tensor<8192x1024xbf16>, %rr: tensor<8192x1024xbf16>, %gg: tensor<1024xbf16>, %bb: tensor<1024xbf16>):
      %0 = tessel.add %xx, %rr : tensor<8192x1024xbf16>, tensor<8192x1024xbf16> -> tensor<8192x1024xbf16>
      %1 = tessel.layer_norm %0 scale(%gg) bias(%bb) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<8192x1024xbf16>, tensor<1024xbf16>, tensor<1024xbf16>) -> tensor<8192x1024xbf16>
      tessel.yield %1 : tensor<8192x1024xbf16>
    }
    return %y : tensor<8192x1024xbf16>
  }
  func.func @rowsum8192_b16_w1_v4(%x: tensor<8192x8192xf32>) -> tensor<8192xf32> {
    %r = tessel.kernel @k_rowsum8192_b16_w1_v4(%x) : (tensor<8192x8192xf32>) -> tensor<8192xf32>
        schedule = #tessel.schedule<block = [16], warps = 1, vector = 4> {
    ^bb0(%xx: tensor<8192x8192xf32>):
      %0 = tessel.reduce sum %xx dims = [1] : tensor<8192x8192xf32> -> tensor<8192xf32>
      tessel.yield %0 : tensor<8192xf32>
    }
    return %r : tensor<8192xf32>
  }
  func.func @rowsum8192_b4_w1_v4(%x: tensor<8192x8192xf32>) -> tensor<8192xf32> {
    %r = tessel.kernel @k_rowsum8192_b4_w1_v4(%x) : (tensor<8192x8192xf32>) -> tensor<8192xf32>
        schedule = #tessel.schedule<block = [4], warps = 1, vector = 4> {
    ^bb0(%xx: tensor<8192x8192xf32>):
      %0 = tessel.reduce sum %xx dims = [1] : tensor<8192x8192xf32> -> tensor<8192xf32>
      tessel.yield %0 : tensor<8192xf32>
    }
    return %r : tensor<8192xf32>
  }
  func.func @rowsum8192_b1_w1_v4(%x: tensor<8192x8192xf32>) -> tensor<8192xf32> {
    %r = tessel.kernel @k_rowsum8192_b1_w1_v4(%x) : (tensor<8192x8192xf32>) -> tensor<8192xf32>
        schedule = #tessel.schedule<block = [1], warps = 1, vector = 4> {
    ^bb0(%xx: tensor<8192x8192xf32>):
      %0 = tessel.reduce sum %xx dims = [1] : tensor<8192x8192xf32> -> tensor<8192xf32>
      tessel.yield %0 : tensor<8192xf32>
    }
    return %r : tensor<8192xf32>
  }
  func.func @rowsum8192_b1_w8_v4(%x: tensor<8192x8192xf32>) -> tensor<8192xf32> {
    %r = tessel.kernel @k_rowsum8192_b1_w8_v4(%x) : (tensor<8192x8192xf32>) -> tensor<8192xf32>
        schedule = #tessel.schedule<block = [1], warps = 8, vector = 4> {
    ^bb0(%xx: tensor<8192x8192xf32>):
      %0 = tessel.reduce sum %xx dims = [1] : tensor<8192x8192xf32> -> tensor<8192xf32>
      tessel.yield %0 : tensor<8192xf32>
    }
    return %r : tensor<8192xf32>
  }
  func.func @rowsum8192_coop_w1(%x: tensor<8192x8192xf32>) -> tensor<8192xf32> {
    %r = tessel.kernel @k_rowsum8192_coop_w1(%x) : (tensor<8192x8192xf32>) -> tensor<8192xf32>
        schedule = #tessel.schedule<block = [1, 1], warps = 1> {
    ^bb0(%xx: tensor<8192x8192xf32>):
      %0 = tessel.reduce sum %xx dims = [1] : tensor<8192x8192xf32> -> tensor<8192xf32>
      tessel.yield %0 : tensor<8192xf32>
    }
    return %r : tensor<8192xf32>
  }
  func.func @colsum8192_b32_w2_v4(%x: tensor<8192x8192xf32>) -> tensor<8192xf32> {
    %r = tessel.kernel @k_colsum8192_b32_w2_v4(%x) : (tensor<8192x8192xf32>) -> tensor<8192xf32>
        schedule = #tessel.schedule<block = [32], warps = 2, vector = 4> {
    ^bb0(%xx: tensor<8192x8192xf32>):
      %0 = tessel.reduce sum %xx dims = [0] : tensor<8192x8192xf32> -> tensor<8192xf32>
      tessel.yield %0 : tensor<8192xf32>
    }
    return %r : tensor<8192xf32>
  }
  func.func @colsum8192_b256_w2_v4(%x: tensor<8192x8192xf32>) -> tensor<8192xf32> {
    %r = tessel.kernel @k_colsum8192_b256_w2_v4(%x) : (tensor<8192x8192xf32>) -> tensor<8192xf32>
        schedule = #tessel.schedule<block = [256], warps = 2, vector = 4> {
    ^bb0(%xx: tensor<8192x8192xf32>):
      %0 = tessel.reduce sum %xx dims = [0] : tensor<8192x8192xf32> -> tensor<8192xf32>
      tessel.yield %0 : tensor<8192xf32>
    }
    return %r : tensor<8192xf32>
  }
  func.func @colsum8192_coop_w1(%x: tensor<8192x8192xf32>) -> tensor<8192xf32> {
    %r = tessel.kernel @k_colsum8192_coop_w1(%x) : (tensor<8192x8192xf32>) -> tensor<8192xf32>
        schedule = #tessel.schedule<block = [1, 1], warps = 1> {
    ^bb0(%xx: tensor<8192x8192xf32>):
      %0 = tessel.reduce sum %xx dims = [0] : tensor<8192x8192xf32> -> tensor<8192xf32>
      tessel.yield %0 : tensor<8192xf32>
    }
    return %r : tensor<8192xf32>
  }
}
