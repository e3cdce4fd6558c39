// RUN: tessel-opt %s --tessel-split-reduction --tessel-lower-to-linalg --tessel-tile-and-fuse --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --tessel-lower-wgmma -verify-diagnostics

// A wgmma step that never became a GPU launch: its CPU form must not reach
// the GPU as it is.
module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @mm(%x: tensor<128x128xbf16>, %w: tensor<128x128xbf16>) -> tensor<128x128xf32> {
    %r = tessel.kernel @k_mm(%x, %w) : (tensor<128x128xbf16>, tensor<128x128xbf16>) -> tensor<128x128xf32>
        schedule = #tessel.schedule<block = [64, 64, 64], warps = 4, stages = 2, mma = wgmma> {
    ^bb0(%a: tensor<128x128xbf16>, %c: tensor<128x128xbf16>):
      // expected-error @+1 {{is a wgmma K step outside a GPU launch (run tessel-map-to-gpu first)}}
      %0 = tessel.matmul %a, %c : tensor<128x128xbf16>, tensor<128x128xbf16> -> tensor<128x128xf32>
      tessel.yield %0 : tensor<128x128xf32>
    }
    return %r : tensor<128x128xf32>
  }
}
