// A module without any Tessel op (an input for error tests).
func.func @identity(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
