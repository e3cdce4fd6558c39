// A small matmul + ReLU, one tessel.kernel: input for the runner's tests.
func.func @model(%a: tensor<33x20xf32>, %b: tensor<20x17xf32>) -> tensor<33x17xf32> {
  %0 = tessel.kernel @mm_relu(%a, %b) : (tensor<33x20xf32>, tensor<20x17xf32>) -> tensor<33x17xf32> {
  ^bb0(%x: tensor<33x20xf32>, %y: tensor<20x17xf32>):
    %1 = tessel.matmul %x, %y : tensor<33x20xf32>, tensor<20x17xf32> -> tensor<33x17xf32>
    %2 = tessel.relu %1 : tensor<33x17xf32>
    tessel.yield %2 : tensor<33x17xf32>
  }
  return %0 : tensor<33x17xf32>
}
