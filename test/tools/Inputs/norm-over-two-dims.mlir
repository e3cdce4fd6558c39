// The same data normalized over its two trailing dims, and viewed as one
// dim: a layer_norm of normalized_rank = 2 on [3, 5, 7, 769] and of rank 1
// on [3, 5, 5383] (161 KB of f32 each).
func.func @two_dims(%x: tensor<3x5x7x769xf32>, %g: tensor<7x769xf32>) -> tensor<3x5x7x769xf32> {
  %0 = tessel.layer_norm %x scale(%g) normalized_rank = 2 epsilon = 1.0e-05 : (tensor<3x5x7x769xf32>, tensor<7x769xf32>) -> tensor<3x5x7x769xf32>
  return %0 : tensor<3x5x7x769xf32>
}
func.func @one_dim(%x: tensor<3x5x5383xf32>, %g: tensor<5383xf32>) -> tensor<3x5x5383xf32> {
  %0 = tessel.layer_norm %x scale(%g) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<3x5x5383xf32>, tensor<5383xf32>) -> tensor<3x5x5383xf32>
  return %0 : tensor<3x5x5383xf32>
}
