// A public function that calls another: the call stays outside its
// kernels, so the manifest cannot describe @model as kernel calls.
func.func private @helper(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = tessel.relu %x : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
func.func @model(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = func.call @helper(%x) : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %1 = tessel.exp %0 : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
