// Kernels on the tiled CPU path, three schedules each, in f32, f16 and
// bf16, on sizes no tile divides: layer_norm after a residual add, rms_norm, a reduction after exp, softmax.
// RUN: tessel-run %s --cpu --check | FileCheck %s

func.func @residual_layer_norm_f32_narrow(%x: tensor<6x5x33xf32>, %y: tensor<6x5x33xf32>, %g: tensor<33xf32>, %b: tensor<33xf32>) -> tensor<6x5x33xf32> {
  %r = tessel.kernel @k_residual_layer_norm_f32_narrow(%x, %y, %g, %b) : (tensor<6x5x33xf32>, tensor<6x5x33xf32>, tensor<33xf32>, tensor<33xf32>) -> tensor<6x5x33xf32>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_x: tensor<6x5x33xf32>, %k_y: tensor<6x5x33xf32>, %k_g: tensor<33xf32>, %k_b: tensor<33xf32>):
    %0 = tessel.add %k_x, %k_y : tensor<6x5x33xf32>, tensor<6x5x33xf32> -> tensor<6x5x33xf32>
    %1 = tessel.layer_norm %0 scale(%k_g) bias(%k_b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x5x33xf32>, tensor<33xf32>, tensor<33xf32>) -> tensor<6x5x33xf32>
    tessel.yield %1 : tensor<6x5x33xf32>
  }
  return %r : tensor<6x5x33xf32>
}

func.func @rms_norm_f32_narrow(%x: tensor<6x5x33xf32>, %g: tensor<33xf32>) -> tensor<6x5x33xf32> {
  %r = tessel.kernel @k_rms_norm_f32_narrow(%x, %g) : (tensor<6x5x33xf32>, tensor<33xf32>) -> tensor<6x5x33xf32>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_x: tensor<6x5x33xf32>, %k_g: tensor<33xf32>):
    %0 = tessel.rms_norm %k_x scale(%k_g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x5x33xf32>, tensor<33xf32>) -> tensor<6x5x33xf32>
    tessel.yield %0 : tensor<6x5x33xf32>
  }
  return %r : tensor<6x5x33xf32>
}

func.func @exp_reduce_f32_narrow(%x: tensor<6x5x33xf32>) -> (tensor<6x1x1xf32>, tensor<6x5x33xf32>) {
  %r:2 = tessel.kernel @k_exp_reduce_f32_narrow(%x) : (tensor<6x5x33xf32>) -> (tensor<6x1x1xf32>, tensor<6x5x33xf32>)
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_x: tensor<6x5x33xf32>):
    %0 = tessel.exp %k_x : tensor<6x5x33xf32>
    %1 = tessel.reduce mean %0 dims = [1, 2] keep_dims : tensor<6x5x33xf32> -> tensor<6x1x1xf32>
    %2 = tessel.softmax %k_x dim = 2 : tensor<6x5x33xf32>
    tessel.yield %1, %2 : tensor<6x1x1xf32>, tensor<6x5x33xf32>
  }
  return %r#0, %r#1 : tensor<6x1x1xf32>, tensor<6x5x33xf32>
}

func.func @residual_layer_norm_f32_square(%x: tensor<6x5x33xf32>, %y: tensor<6x5x33xf32>, %g: tensor<33xf32>, %b: tensor<33xf32>) -> tensor<6x5x33xf32> {
  %r = tessel.kernel @k_residual_layer_norm_f32_square(%x, %y, %g, %b) : (tensor<6x5x33xf32>, tensor<6x5x33xf32>, tensor<33xf32>, tensor<33xf32>) -> tensor<6x5x33xf32>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_x: tensor<6x5x33xf32>, %k_y: tensor<6x5x33xf32>, %k_g: tensor<33xf32>, %k_b: tensor<33xf32>):
    %0 = tessel.add %k_x, %k_y : tensor<6x5x33xf32>, tensor<6x5x33xf32> -> tensor<6x5x33xf32>
    %1 = tessel.layer_norm %0 scale(%k_g) bias(%k_b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x5x33xf32>, tensor<33xf32>, tensor<33xf32>) -> tensor<6x5x33xf32>
    tessel.yield %1 : tensor<6x5x33xf32>
  }
  return %r : tensor<6x5x33xf32>
}

func.func @rms_norm_f32_square(%x: tensor<6x5x33xf32>, %g: tensor<33xf32>) -> tensor<6x5x33xf32> {
  %r = tessel.kernel @k_rms_norm_f32_square(%x, %g) : (tensor<6x5x33xf32>, tensor<33xf32>) -> tensor<6x5x33xf32>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_x: tensor<6x5x33xf32>, %k_g: tensor<33xf32>):
    %0 = tessel.rms_norm %k_x scale(%k_g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x5x33xf32>, tensor<33xf32>) -> tensor<6x5x33xf32>
    tessel.yield %0 : tensor<6x5x33xf32>
  }
  return %r : tensor<6x5x33xf32>
}

func.func @exp_reduce_f32_square(%x: tensor<6x5x33xf32>) -> (tensor<6x1x1xf32>, tensor<6x5x33xf32>) {
  %r:2 = tessel.kernel @k_exp_reduce_f32_square(%x) : (tensor<6x5x33xf32>) -> (tensor<6x1x1xf32>, tensor<6x5x33xf32>)
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_x: tensor<6x5x33xf32>):
    %0 = tessel.exp %k_x : tensor<6x5x33xf32>
    %1 = tessel.reduce mean %0 dims = [1, 2] keep_dims : tensor<6x5x33xf32> -> tensor<6x1x1xf32>
    %2 = tessel.softmax %k_x dim = 2 : tensor<6x5x33xf32>
    tessel.yield %1, %2 : tensor<6x1x1xf32>, tensor<6x5x33xf32>
  }
  return %r#0, %r#1 : tensor<6x1x1xf32>, tensor<6x5x33xf32>
}

func.func @residual_layer_norm_f32_rows(%x: tensor<6x5x33xf32>, %y: tensor<6x5x33xf32>, %g: tensor<33xf32>, %b: tensor<33xf32>) -> tensor<6x5x33xf32> {
  %r = tessel.kernel @k_residual_layer_norm_f32_rows(%x, %y, %g, %b) : (tensor<6x5x33xf32>, tensor<6x5x33xf32>, tensor<33xf32>, tensor<33xf32>) -> tensor<6x5x33xf32>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_x: tensor<6x5x33xf32>, %k_y: tensor<6x5x33xf32>, %k_g: tensor<33xf32>, %k_b: tensor<33xf32>):
    %0 = tessel.add %k_x, %k_y : tensor<6x5x33xf32>, tensor<6x5x33xf32> -> tensor<6x5x33xf32>
    %1 = tessel.layer_norm %0 scale(%k_g) bias(%k_b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x5x33xf32>, tensor<33xf32>, tensor<33xf32>) -> tensor<6x5x33xf32>
    tessel.yield %1 : tensor<6x5x33xf32>
  }
  return %r : tensor<6x5x33xf32>
}

func.func @rms_norm_f32_rows(%x: tensor<6x5x33xf32>, %g: tensor<33xf32>) -> tensor<6x5x33xf32> {
  %r = tessel.kernel @k_rms_norm_f32_rows(%x, %g) : (tensor<6x5x33xf32>, tensor<33xf32>) -> tensor<6x5x33xf32>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_x: tensor<6x5x33xf32>, %k_g: tensor<33xf32>):
    %0 = tessel.rms_norm %k_x scale(%k_g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x5x33xf32>, tensor<33xf32>) -> tensor<6x5x33xf32>
    tessel.yield %0 : tensor<6x5x33xf32>
  }
  return %r : tensor<6x5x33xf32>
}

func.func @exp_reduce_f32_rows(%x: tensor<6x5x33xf32>) -> (tensor<6x1x1xf32>, tensor<6x5x33xf32>) {
  %r:2 = tessel.kernel @k_exp_reduce_f32_rows(%x) : (tensor<6x5x33xf32>) -> (tensor<6x1x1xf32>, tensor<6x5x33xf32>)
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_x: tensor<6x5x33xf32>):
    %0 = tessel.exp %k_x : tensor<6x5x33xf32>
    %1 = tessel.reduce mean %0 dims = [1, 2] keep_dims : tensor<6x5x33xf32> -> tensor<6x1x1xf32>
    %2 = tessel.softmax %k_x dim = 2 : tensor<6x5x33xf32>
    tessel.yield %1, %2 : tensor<6x1x1xf32>, tensor<6x5x33xf32>
  }
  return %r#0, %r#1 : tensor<6x1x1xf32>, tensor<6x5x33xf32>
}

func.func @residual_layer_norm_f16_narrow(%x: tensor<6x5x33xf16>, %y: tensor<6x5x33xf16>, %g: tensor<33xf16>, %b: tensor<33xf16>) -> tensor<6x5x33xf16> {
  %r = tessel.kernel @k_residual_layer_norm_f16_narrow(%x, %y, %g, %b) : (tensor<6x5x33xf16>, tensor<6x5x33xf16>, tensor<33xf16>, tensor<33xf16>) -> tensor<6x5x33xf16>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_x: tensor<6x5x33xf16>, %k_y: tensor<6x5x33xf16>, %k_g: tensor<33xf16>, %k_b: tensor<33xf16>):
    %0 = tessel.add %k_x, %k_y : tensor<6x5x33xf16>, tensor<6x5x33xf16> -> tensor<6x5x33xf16>
    %1 = tessel.layer_norm %0 scale(%k_g) bias(%k_b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x5x33xf16>, tensor<33xf16>, tensor<33xf16>) -> tensor<6x5x33xf16>
    tessel.yield %1 : tensor<6x5x33xf16>
  }
  return %r : tensor<6x5x33xf16>
}

func.func @rms_norm_f16_narrow(%x: tensor<6x5x33xf16>, %g: tensor<33xf16>) -> tensor<6x5x33xf16> {
  %r = tessel.kernel @k_rms_norm_f16_narrow(%x, %g) : (tensor<6x5x33xf16>, tensor<33xf16>) -> tensor<6x5x33xf16>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_x: tensor<6x5x33xf16>, %k_g: tensor<33xf16>):
    %0 = tessel.rms_norm %k_x scale(%k_g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x5x33xf16>, tensor<33xf16>) -> tensor<6x5x33xf16>
    tessel.yield %0 : tensor<6x5x33xf16>
  }
  return %r : tensor<6x5x33xf16>
}

func.func @exp_reduce_f16_narrow(%x: tensor<6x5x33xf16>) -> (tensor<6x1x1xf16>, tensor<6x5x33xf16>) {
  %r:2 = tessel.kernel @k_exp_reduce_f16_narrow(%x) : (tensor<6x5x33xf16>) -> (tensor<6x1x1xf16>, tensor<6x5x33xf16>)
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_x: tensor<6x5x33xf16>):
    %0 = tessel.exp %k_x : tensor<6x5x33xf16>
    %1 = tessel.reduce mean %0 dims = [1, 2] keep_dims : tensor<6x5x33xf16> -> tensor<6x1x1xf16>
    %2 = tessel.softmax %k_x dim = 2 : tensor<6x5x33xf16>
    tessel.yield %1, %2 : tensor<6x1x1xf16>, tensor<6x5x33xf16>
  }
  return %r#0, %r#1 : tensor<6x1x1xf16>, tensor<6x5x33xf16>
}

func.func @residual_layer_norm_f16_square(%x: tensor<6x5x33xf16>, %y: tensor<6x5x33xf16>, %g: tensor<33xf16>, %b: tensor<33xf16>) -> tensor<6x5x33xf16> {
  %r = tessel.kernel @k_residual_layer_norm_f16_square(%x, %y, %g, %b) : (tensor<6x5x33xf16>, tensor<6x5x33xf16>, tensor<33xf16>, tensor<33xf16>) -> tensor<6x5x33xf16>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_x: tensor<6x5x33xf16>, %k_y: tensor<6x5x33xf16>, %k_g: tensor<33xf16>, %k_b: tensor<33xf16>):
    %0 = tessel.add %k_x, %k_y : tensor<6x5x33xf16>, tensor<6x5x33xf16> -> tensor<6x5x33xf16>
    %1 = tessel.layer_norm %0 scale(%k_g) bias(%k_b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x5x33xf16>, tensor<33xf16>, tensor<33xf16>) -> tensor<6x5x33xf16>
    tessel.yield %1 : tensor<6x5x33xf16>
  }
  return %r : tensor<6x5x33xf16>
}

func.func @rms_norm_f16_square(%x: tensor<6x5x33xf16>, %g: tensor<33xf16>) -> tensor<6x5x33xf16> {
  %r = tessel.kernel @k_rms_norm_f16_square(%x, %g) : (tensor<6x5x33xf16>, tensor<33xf16>) -> tensor<6x5x33xf16>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_x: tensor<6x5x33xf16>, %k_g: tensor<33xf16>):
    %0 = tessel.rms_norm %k_x scale(%k_g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x5x33xf16>, tensor<33xf16>) -> tensor<6x5x33xf16>
    tessel.yield %0 : tensor<6x5x33xf16>
  }
  return %r : tensor<6x5x33xf16>
}

func.func @exp_reduce_f16_square(%x: tensor<6x5x33xf16>) -> (tensor<6x1x1xf16>, tensor<6x5x33xf16>) {
  %r:2 = tessel.kernel @k_exp_reduce_f16_square(%x) : (tensor<6x5x33xf16>) -> (tensor<6x1x1xf16>, tensor<6x5x33xf16>)
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_x: tensor<6x5x33xf16>):
    %0 = tessel.exp %k_x : tensor<6x5x33xf16>
    %1 = tessel.reduce mean %0 dims = [1, 2] keep_dims : tensor<6x5x33xf16> -> tensor<6x1x1xf16>
    %2 = tessel.softmax %k_x dim = 2 : tensor<6x5x33xf16>
    tessel.yield %1, %2 : tensor<6x1x1xf16>, tensor<6x5x33xf16>
  }
  return %r#0, %r#1 : tensor<6x1x1xf16>, tensor<6x5x33xf16>
}

func.func @residual_layer_norm_f16_rows(%x: tensor<6x5x33xf16>, %y: tensor<6x5x33xf16>, %g: tensor<33xf16>, %b: tensor<33xf16>) -> tensor<6x5x33xf16> {
  %r = tessel.kernel @k_residual_layer_norm_f16_rows(%x, %y, %g, %b) : (tensor<6x5x33xf16>, tensor<6x5x33xf16>, tensor<33xf16>, tensor<33xf16>) -> tensor<6x5x33xf16>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_x: tensor<6x5x33xf16>, %k_y: tensor<6x5x33xf16>, %k_g: tensor<33xf16>, %k_b: tensor<33xf16>):
    %0 = tessel.add %k_x, %k_y : tensor<6x5x33xf16>, tensor<6x5x33xf16> -> tensor<6x5x33xf16>
    %1 = tessel.layer_norm %0 scale(%k_g) bias(%k_b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x5x33xf16>, tensor<33xf16>, tensor<33xf16>) -> tensor<6x5x33xf16>
    tessel.yield %1 : tensor<6x5x33xf16>
  }
  return %r : tensor<6x5x33xf16>
}

func.func @rms_norm_f16_rows(%x: tensor<6x5x33xf16>, %g: tensor<33xf16>) -> tensor<6x5x33xf16> {
  %r = tessel.kernel @k_rms_norm_f16_rows(%x, %g) : (tensor<6x5x33xf16>, tensor<33xf16>) -> tensor<6x5x33xf16>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_x: tensor<6x5x33xf16>, %k_g: tensor<33xf16>):
    %0 = tessel.rms_norm %k_x scale(%k_g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x5x33xf16>, tensor<33xf16>) -> tensor<6x5x33xf16>
    tessel.yield %0 : tensor<6x5x33xf16>
  }
  return %r : tensor<6x5x33xf16>
}

func.func @exp_reduce_f16_rows(%x: tensor<6x5x33xf16>) -> (tensor<6x1x1xf16>, tensor<6x5x33xf16>) {
  %r:2 = tessel.kernel @k_exp_reduce_f16_rows(%x) : (tensor<6x5x33xf16>) -> (tensor<6x1x1xf16>, tensor<6x5x33xf16>)
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_x: tensor<6x5x33xf16>):
    %0 = tessel.exp %k_x : tensor<6x5x33xf16>
    %1 = tessel.reduce mean %0 dims = [1, 2] keep_dims : tensor<6x5x33xf16> -> tensor<6x1x1xf16>
    %2 = tessel.softmax %k_x dim = 2 : tensor<6x5x33xf16>
    tessel.yield %1, %2 : tensor<6x1x1xf16>, tensor<6x5x33xf16>
  }
  return %r#0, %r#1 : tensor<6x1x1xf16>, tensor<6x5x33xf16>
}

func.func @residual_layer_norm_bf16_narrow(%x: tensor<6x5x33xbf16>, %y: tensor<6x5x33xbf16>, %g: tensor<33xbf16>, %b: tensor<33xbf16>) -> tensor<6x5x33xbf16> {
  %r = tessel.kernel @k_residual_layer_norm_bf16_narrow(%x, %y, %g, %b) : (tensor<6x5x33xbf16>, tensor<6x5x33xbf16>, tensor<33xbf16>, tensor<33xbf16>) -> tensor<6x5x33xbf16>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_x: tensor<6x5x33xbf16>, %k_y: tensor<6x5x33xbf16>, %k_g: tensor<33xbf16>, %k_b: tensor<33xbf16>):
    %0 = tessel.add %k_x, %k_y : tensor<6x5x33xbf16>, tensor<6x5x33xbf16> -> tensor<6x5x33xbf16>
    %1 = tessel.layer_norm %0 scale(%k_g) bias(%k_b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x5x33xbf16>, tensor<33xbf16>, tensor<33xbf16>) -> tensor<6x5x33xbf16>
    tessel.yield %1 : tensor<6x5x33xbf16>
  }
  return %r : tensor<6x5x33xbf16>
}

func.func @rms_norm_bf16_narrow(%x: tensor<6x5x33xbf16>, %g: tensor<33xbf16>) -> tensor<6x5x33xbf16> {
  %r = tessel.kernel @k_rms_norm_bf16_narrow(%x, %g) : (tensor<6x5x33xbf16>, tensor<33xbf16>) -> tensor<6x5x33xbf16>
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_x: tensor<6x5x33xbf16>, %k_g: tensor<33xbf16>):
    %0 = tessel.rms_norm %k_x scale(%k_g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x5x33xbf16>, tensor<33xbf16>) -> tensor<6x5x33xbf16>
    tessel.yield %0 : tensor<6x5x33xbf16>
  }
  return %r : tensor<6x5x33xbf16>
}

func.func @exp_reduce_bf16_narrow(%x: tensor<6x5x33xbf16>) -> (tensor<6x1x1xbf16>, tensor<6x5x33xbf16>) {
  %r:2 = tessel.kernel @k_exp_reduce_bf16_narrow(%x) : (tensor<6x5x33xbf16>) -> (tensor<6x1x1xbf16>, tensor<6x5x33xbf16>)
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%k_x: tensor<6x5x33xbf16>):
    %0 = tessel.exp %k_x : tensor<6x5x33xbf16>
    %1 = tessel.reduce mean %0 dims = [1, 2] keep_dims : tensor<6x5x33xbf16> -> tensor<6x1x1xbf16>
    %2 = tessel.softmax %k_x dim = 2 : tensor<6x5x33xbf16>
    tessel.yield %1, %2 : tensor<6x1x1xbf16>, tensor<6x5x33xbf16>
  }
  return %r#0, %r#1 : tensor<6x1x1xbf16>, tensor<6x5x33xbf16>
}

func.func @residual_layer_norm_bf16_square(%x: tensor<6x5x33xbf16>, %y: tensor<6x5x33xbf16>, %g: tensor<33xbf16>, %b: tensor<33xbf16>) -> tensor<6x5x33xbf16> {
  %r = tessel.kernel @k_residual_layer_norm_bf16_square(%x, %y, %g, %b) : (tensor<6x5x33xbf16>, tensor<6x5x33xbf16>, tensor<33xbf16>, tensor<33xbf16>) -> tensor<6x5x33xbf16>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_x: tensor<6x5x33xbf16>, %k_y: tensor<6x5x33xbf16>, %k_g: tensor<33xbf16>, %k_b: tensor<33xbf16>):
    %0 = tessel.add %k_x, %k_y : tensor<6x5x33xbf16>, tensor<6x5x33xbf16> -> tensor<6x5x33xbf16>
    %1 = tessel.layer_norm %0 scale(%k_g) bias(%k_b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x5x33xbf16>, tensor<33xbf16>, tensor<33xbf16>) -> tensor<6x5x33xbf16>
    tessel.yield %1 : tensor<6x5x33xbf16>
  }
  return %r : tensor<6x5x33xbf16>
}

func.func @rms_norm_bf16_square(%x: tensor<6x5x33xbf16>, %g: tensor<33xbf16>) -> tensor<6x5x33xbf16> {
  %r = tessel.kernel @k_rms_norm_bf16_square(%x, %g) : (tensor<6x5x33xbf16>, tensor<33xbf16>) -> tensor<6x5x33xbf16>
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_x: tensor<6x5x33xbf16>, %k_g: tensor<33xbf16>):
    %0 = tessel.rms_norm %k_x scale(%k_g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x5x33xbf16>, tensor<33xbf16>) -> tensor<6x5x33xbf16>
    tessel.yield %0 : tensor<6x5x33xbf16>
  }
  return %r : tensor<6x5x33xbf16>
}

func.func @exp_reduce_bf16_square(%x: tensor<6x5x33xbf16>) -> (tensor<6x1x1xbf16>, tensor<6x5x33xbf16>) {
  %r:2 = tessel.kernel @k_exp_reduce_bf16_square(%x) : (tensor<6x5x33xbf16>) -> (tensor<6x1x1xbf16>, tensor<6x5x33xbf16>)
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%k_x: tensor<6x5x33xbf16>):
    %0 = tessel.exp %k_x : tensor<6x5x33xbf16>
    %1 = tessel.reduce mean %0 dims = [1, 2] keep_dims : tensor<6x5x33xbf16> -> tensor<6x1x1xbf16>
    %2 = tessel.softmax %k_x dim = 2 : tensor<6x5x33xbf16>
    tessel.yield %1, %2 : tensor<6x1x1xbf16>, tensor<6x5x33xbf16>
  }
  return %r#0, %r#1 : tensor<6x1x1xbf16>, tensor<6x5x33xbf16>
}

func.func @residual_layer_norm_bf16_rows(%x: tensor<6x5x33xbf16>, %y: tensor<6x5x33xbf16>, %g: tensor<33xbf16>, %b: tensor<33xbf16>) -> tensor<6x5x33xbf16> {
  %r = tessel.kernel @k_residual_layer_norm_bf16_rows(%x, %y, %g, %b) : (tensor<6x5x33xbf16>, tensor<6x5x33xbf16>, tensor<33xbf16>, tensor<33xbf16>) -> tensor<6x5x33xbf16>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_x: tensor<6x5x33xbf16>, %k_y: tensor<6x5x33xbf16>, %k_g: tensor<33xbf16>, %k_b: tensor<33xbf16>):
    %0 = tessel.add %k_x, %k_y : tensor<6x5x33xbf16>, tensor<6x5x33xbf16> -> tensor<6x5x33xbf16>
    %1 = tessel.layer_norm %0 scale(%k_g) bias(%k_b) normalized_rank = 1 epsilon = 1.0e-05 : (tensor<6x5x33xbf16>, tensor<33xbf16>, tensor<33xbf16>) -> tensor<6x5x33xbf16>
    tessel.yield %1 : tensor<6x5x33xbf16>
  }
  return %r : tensor<6x5x33xbf16>
}

func.func @rms_norm_bf16_rows(%x: tensor<6x5x33xbf16>, %g: tensor<33xbf16>) -> tensor<6x5x33xbf16> {
  %r = tessel.kernel @k_rms_norm_bf16_rows(%x, %g) : (tensor<6x5x33xbf16>, tensor<33xbf16>) -> tensor<6x5x33xbf16>
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_x: tensor<6x5x33xbf16>, %k_g: tensor<33xbf16>):
    %0 = tessel.rms_norm %k_x scale(%k_g) normalized_rank = 1 epsilon = 1.0e-06 : (tensor<6x5x33xbf16>, tensor<33xbf16>) -> tensor<6x5x33xbf16>
    tessel.yield %0 : tensor<6x5x33xbf16>
  }
  return %r : tensor<6x5x33xbf16>
}

func.func @exp_reduce_bf16_rows(%x: tensor<6x5x33xbf16>) -> (tensor<6x1x1xbf16>, tensor<6x5x33xbf16>) {
  %r:2 = tessel.kernel @k_exp_reduce_bf16_rows(%x) : (tensor<6x5x33xbf16>) -> (tensor<6x1x1xbf16>, tensor<6x5x33xbf16>)
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%k_x: tensor<6x5x33xbf16>):
    %0 = tessel.exp %k_x : tensor<6x5x33xbf16>
    %1 = tessel.reduce mean %0 dims = [1, 2] keep_dims : tensor<6x5x33xbf16> -> tensor<6x1x1xbf16>
    %2 = tessel.softmax %k_x dim = 2 : tensor<6x5x33xbf16>
    tessel.yield %1, %2 : tensor<6x1x1xbf16>, tensor<6x5x33xbf16>
  }
  return %r#0, %r#1 : tensor<6x1x1xbf16>, tensor<6x5x33xbf16>
}

func.func @reduce_kinds_f32_narrow(%x: tensor<6x5x33xf32>) -> (tensor<6x5xf32>, tensor<1x5x1xf32>) {
  %r:2 = tessel.kernel @k_reduce_kinds_f32_narrow(%x) : (tensor<6x5x33xf32>) -> (tensor<6x5xf32>, tensor<1x5x1xf32>)
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%a: tensor<6x5x33xf32>):
    %0 = tessel.reduce sum %a dims = [2] : tensor<6x5x33xf32> -> tensor<6x5xf32>
    %1 = tessel.reduce max %a dims = [0, 2] keep_dims : tensor<6x5x33xf32> -> tensor<1x5x1xf32>
    tessel.yield %0, %1 : tensor<6x5xf32>, tensor<1x5x1xf32>
  }
  return %r#0, %r#1 : tensor<6x5xf32>, tensor<1x5x1xf32>
}

func.func @reduce_kinds_f32_square(%x: tensor<6x5x33xf32>) -> (tensor<6x5xf32>, tensor<1x5x1xf32>) {
  %r:2 = tessel.kernel @k_reduce_kinds_f32_square(%x) : (tensor<6x5x33xf32>) -> (tensor<6x5xf32>, tensor<1x5x1xf32>)
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%a: tensor<6x5x33xf32>):
    %0 = tessel.reduce sum %a dims = [2] : tensor<6x5x33xf32> -> tensor<6x5xf32>
    %1 = tessel.reduce max %a dims = [0, 2] keep_dims : tensor<6x5x33xf32> -> tensor<1x5x1xf32>
    tessel.yield %0, %1 : tensor<6x5xf32>, tensor<1x5x1xf32>
  }
  return %r#0, %r#1 : tensor<6x5xf32>, tensor<1x5x1xf32>
}

func.func @reduce_kinds_f32_rows(%x: tensor<6x5x33xf32>) -> (tensor<6x5xf32>, tensor<1x5x1xf32>) {
  %r:2 = tessel.kernel @k_reduce_kinds_f32_rows(%x) : (tensor<6x5x33xf32>) -> (tensor<6x5xf32>, tensor<1x5x1xf32>)
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%a: tensor<6x5x33xf32>):
    %0 = tessel.reduce sum %a dims = [2] : tensor<6x5x33xf32> -> tensor<6x5xf32>
    %1 = tessel.reduce max %a dims = [0, 2] keep_dims : tensor<6x5x33xf32> -> tensor<1x5x1xf32>
    tessel.yield %0, %1 : tensor<6x5xf32>, tensor<1x5x1xf32>
  }
  return %r#0, %r#1 : tensor<6x5xf32>, tensor<1x5x1xf32>
}

func.func @reduce_kinds_f16_narrow(%x: tensor<6x5x33xf16>) -> (tensor<6x5xf16>, tensor<1x5x1xf16>) {
  %r:2 = tessel.kernel @k_reduce_kinds_f16_narrow(%x) : (tensor<6x5x33xf16>) -> (tensor<6x5xf16>, tensor<1x5x1xf16>)
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%a: tensor<6x5x33xf16>):
    %0 = tessel.reduce sum %a dims = [2] : tensor<6x5x33xf16> -> tensor<6x5xf16>
    %1 = tessel.reduce max %a dims = [0, 2] keep_dims : tensor<6x5x33xf16> -> tensor<1x5x1xf16>
    tessel.yield %0, %1 : tensor<6x5xf16>, tensor<1x5x1xf16>
  }
  return %r#0, %r#1 : tensor<6x5xf16>, tensor<1x5x1xf16>
}

func.func @reduce_kinds_f16_square(%x: tensor<6x5x33xf16>) -> (tensor<6x5xf16>, tensor<1x5x1xf16>) {
  %r:2 = tessel.kernel @k_reduce_kinds_f16_square(%x) : (tensor<6x5x33xf16>) -> (tensor<6x5xf16>, tensor<1x5x1xf16>)
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%a: tensor<6x5x33xf16>):
    %0 = tessel.reduce sum %a dims = [2] : tensor<6x5x33xf16> -> tensor<6x5xf16>
    %1 = tessel.reduce max %a dims = [0, 2] keep_dims : tensor<6x5x33xf16> -> tensor<1x5x1xf16>
    tessel.yield %0, %1 : tensor<6x5xf16>, tensor<1x5x1xf16>
  }
  return %r#0, %r#1 : tensor<6x5xf16>, tensor<1x5x1xf16>
}

func.func @reduce_kinds_f16_rows(%x: tensor<6x5x33xf16>) -> (tensor<6x5xf16>, tensor<1x5x1xf16>) {
  %r:2 = tessel.kernel @k_reduce_kinds_f16_rows(%x) : (tensor<6x5x33xf16>) -> (tensor<6x5xf16>, tensor<1x5x1xf16>)
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%a: tensor<6x5x33xf16>):
    %0 = tessel.reduce sum %a dims = [2] : tensor<6x5x33xf16> -> tensor<6x5xf16>
    %1 = tessel.reduce max %a dims = [0, 2] keep_dims : tensor<6x5x33xf16> -> tensor<1x5x1xf16>
    tessel.yield %0, %1 : tensor<6x5xf16>, tensor<1x5x1xf16>
  }
  return %r#0, %r#1 : tensor<6x5xf16>, tensor<1x5x1xf16>
}

func.func @reduce_kinds_bf16_narrow(%x: tensor<6x5x33xbf16>) -> (tensor<6x5xbf16>, tensor<1x5x1xbf16>) {
  %r:2 = tessel.kernel @k_reduce_kinds_bf16_narrow(%x) : (tensor<6x5x33xbf16>) -> (tensor<6x5xbf16>, tensor<1x5x1xbf16>)
      schedule = #tessel.schedule<block = [8, 16], warps = 1> {
  ^bb0(%a: tensor<6x5x33xbf16>):
    %0 = tessel.reduce sum %a dims = [2] : tensor<6x5x33xbf16> -> tensor<6x5xbf16>
    %1 = tessel.reduce max %a dims = [0, 2] keep_dims : tensor<6x5x33xbf16> -> tensor<1x5x1xbf16>
    tessel.yield %0, %1 : tensor<6x5xbf16>, tensor<1x5x1xbf16>
  }
  return %r#0, %r#1 : tensor<6x5xbf16>, tensor<1x5x1xbf16>
}

func.func @reduce_kinds_bf16_square(%x: tensor<6x5x33xbf16>) -> (tensor<6x5xbf16>, tensor<1x5x1xbf16>) {
  %r:2 = tessel.kernel @k_reduce_kinds_bf16_square(%x) : (tensor<6x5x33xbf16>) -> (tensor<6x5xbf16>, tensor<1x5x1xbf16>)
      schedule = #tessel.schedule<block = [32, 32], warps = 4> {
  ^bb0(%a: tensor<6x5x33xbf16>):
    %0 = tessel.reduce sum %a dims = [2] : tensor<6x5x33xbf16> -> tensor<6x5xbf16>
    %1 = tessel.reduce max %a dims = [0, 2] keep_dims : tensor<6x5x33xbf16> -> tensor<1x5x1xbf16>
    tessel.yield %0, %1 : tensor<6x5xbf16>, tensor<1x5x1xbf16>
  }
  return %r#0, %r#1 : tensor<6x5xbf16>, tensor<1x5x1xbf16>
}

func.func @reduce_kinds_bf16_rows(%x: tensor<6x5x33xbf16>) -> (tensor<6x5xbf16>, tensor<1x5x1xbf16>) {
  %r:2 = tessel.kernel @k_reduce_kinds_bf16_rows(%x) : (tensor<6x5x33xbf16>) -> (tensor<6x5xbf16>, tensor<1x5x1xbf16>)
      schedule = #tessel.schedule<block = [1, 64], warps = 2> {
  ^bb0(%a: tensor<6x5x33xbf16>):
    %0 = tessel.reduce sum %a dims = [2] : tensor<6x5x33xbf16> -> tensor<6x5xbf16>
    %1 = tessel.reduce max %a dims = [0, 2] keep_dims : tensor<6x5x33xbf16> -> tensor<1x5x1xbf16>
    tessel.yield %0, %1 : tensor<6x5xbf16>, tensor<1x5x1xbf16>
  }
  return %r#0, %r#1 : tensor<6x5xbf16>, tensor<1x5x1xbf16>
}

// Every kernel passes alone and inside its function.
// CHECK-COUNT-72: {{^(kernel|func) @}}
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
