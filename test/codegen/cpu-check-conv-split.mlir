// With the model's fusion policy, a convolution with groups = 1 runs as
// im2col and a matmul (tensor cores for f16 and bf16) where the two kernels
// are predicted faster than the direct convolution: the input's windows
// [N, OH, OW, KH, KW, C] viewed as [N * OH * OW, KH * KW * C] times the
// filter viewed as [KH * KW * C, F]. A pointwise convolution is a matmul
// of the input itself; a grouped one stays whole. The bias and activation
// after it join the matmul's kernel (the result's reshape moves below
// them). Padding, strides, dilations, shapes that divide no tile, all three
// types; every kernel and function checked against the reference, the
// functions against the convolutions as written. (The strided one runs 4
// images: at 2 its direct kernel and its parts tied, 6.56 against 6.57
// us, once an mma.sync step paid its own cost, 2026-12-06.)
// RUN: tessel-opt --tessel-form-kernels=explain %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DECIDE
// RUN: tessel-opt --tessel-form-kernels --tessel-select-schedules %s | FileCheck %s --check-prefix=KERNELS
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: tessel-compile %s --target=h100 --predict-only | FileCheck %s --check-prefix=PREDICT

// DECIDE: 74:8: remark: runs as its parts: {{[0-9.]+}} us as one kernel against {{[0-9.]+}} us ({{[0-9.]+}} + {{[0-9.]+}}) as 2 kernels on h100
// DECIDE: 80:8: remark: runs as its parts: {{.*}} as 2 kernels on h100
// A small f32 convolution, its 14 KiB filter in L1 (since 2026-12-01), stays
// one kernel: 2 launches cost more than the direct kernel saves.
// DECIDE: 84:8: remark: stays one kernel: {{[0-9.]+}} us as one kernel against {{[0-9.]+}} us ({{[0-9.]+}} + {{[0-9.]+}}) as 2 kernels on h100
// DECIDE: 88:8: remark: runs as its parts: {{[0-9.]+}} us as one kernel against {{[0-9.]+}} us ({{[0-9.]+}}) as 1 kernel on h100
// DECIDE: 92:8: remark: runs as its parts: {{.*}} as 2 kernels on h100
// DECIDE-NOT: 96:8: remark

// KERNELS-LABEL: func.func @resnet_bias_relu_bf16
// KERNELS: %[[P:.*]] = tessel.kernel @resnet_bias_relu_bf16_k0_im2col(%arg0)
// KERNELS: tessel.im2col %{{.*}} window = [3, 3] strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] : tensor<1x28x28x64xbf16> -> tensor<1x28x28x3x3x64xbf16>
// KERNELS: %[[ROWS:.*]] = tessel.reshape %[[P]] : tensor<1x28x28x3x3x64xbf16> -> tensor<784x576xbf16>
// KERNELS: %[[W:.*]] = tessel.reshape %arg1 : tensor<3x3x64x64xbf16> -> tensor<576x64xbf16>
// KERNELS: %[[MM:.*]] = tessel.kernel @resnet_bias_relu_bf16_k1_matmul(%[[ROWS]], %[[W]], %arg2)
// KERNELS: tessel.matmul %{{.*}}, %{{.*}} : tensor<784x576xbf16>, tensor<576x64xbf16> -> tensor<784x64xbf16>
// KERNELS: tessel.add %{{.*}}, %{{.*}} : tensor<784x64xbf16>, tensor<64xbf16> -> tensor<784x64xbf16>
// KERNELS: tessel.relu %{{.*}} : tensor<784x64xbf16>
// KERNELS: tessel.reshape %[[MM]] : tensor<784x64xbf16> -> tensor<1x28x28x64xbf16>
// KERNELS-LABEL: func.func @strided_f16
// KERNELS: tessel.im2col %{{.*}} window = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] : tensor<4x29x31x32xf16> -> tensor<4x15x16x3x3x32xf16>
// KERNELS: tessel.matmul %{{.*}}, %{{.*}} : tensor<960x288xf16>, tensor<288x48xf16> -> tensor<960x48xf32>
// KERNELS-LABEL: func.func @dilated_f32
// KERNELS-NOT: tessel.im2col
// KERNELS: tessel.conv2d %{{.*}} strides = [1, 1] padding = [0, 0, 0, 0] dilations = [2, 2]
// KERNELS-LABEL: func.func @pointwise_bf16
// KERNELS-NOT: tessel.im2col
// KERNELS: tessel.reshape %arg0 : tensor<1x14x14x256xbf16> -> tensor<196x256xbf16>
// KERNELS: tessel.matmul %{{.*}}, %{{.*}} : tensor<196x256xbf16>, tensor<256x64xbf16> -> tensor<196x64xbf16>
// KERNELS-LABEL: func.func @tensor_cores_bf16
// KERNELS: tessel.kernel @tensor_cores_bf16_k1_matmul
// KERNELS-SAME: mma = wgmma
// KERNELS-LABEL: func.func @grouped_bf16
// KERNELS: tessel.kernel @grouped_bf16_k0_conv2d

// CHECK-COUNT-9: {{^kernel @}}
// CHECK: func @resnet_bias_relu_bf16
// CHECK-NEXT: ok
// CHECK: func @strided_f16
// CHECK-NEXT: ok
// CHECK: func @dilated_f32
// CHECK-NEXT: ok
// CHECK: func @pointwise_bf16
// CHECK-NEXT: ok
// CHECK: func @tensor_cores_bf16
// CHECK-NEXT: ok
// CHECK: func @grouped_bf16
// CHECK-NEXT: ok
// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference

// PREDICT: Predicted on h100 ({{.*}}), {{[0-9]+}} kernel(s):
// PREDICT-NOT: no prediction

module attributes {tessel.target = #tessel.target<"h100">} {
func.func @resnet_bias_relu_bf16(%x: tensor<1x28x28x64xbf16>, %w: tensor<3x3x64x64xbf16>, %b: tensor<64xbf16>) -> tensor<1x28x28x64xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<1x28x28x64xbf16>, tensor<3x3x64x64xbf16> -> tensor<1x28x28x64xbf16>
  %1 = tessel.add %0, %b : tensor<1x28x28x64xbf16>, tensor<64xbf16> -> tensor<1x28x28x64xbf16>
  %2 = tessel.relu %1 : tensor<1x28x28x64xbf16>
  return %2 : tensor<1x28x28x64xbf16>
}
func.func @strided_f16(%x: tensor<4x29x31x32xf16>, %w: tensor<3x3x32x48xf16>) -> tensor<4x15x16x48xf32> {
  %0 = tessel.conv2d %x, %w strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<4x29x31x32xf16>, tensor<3x3x32x48xf16> -> tensor<4x15x16x48xf32>
  return %0 : tensor<4x15x16x48xf32>
}
func.func @dilated_f32(%x: tensor<1x20x20x16xf32>, %w: tensor<3x3x16x24xf32>) -> tensor<1x16x16x24xf32> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [2, 2] groups = 1 : tensor<1x20x20x16xf32>, tensor<3x3x16x24xf32> -> tensor<1x16x16x24xf32>
  return %0 : tensor<1x16x16x24xf32>
}
func.func @pointwise_bf16(%x: tensor<1x14x14x256xbf16>, %w: tensor<1x1x256x64xbf16>) -> tensor<1x14x14x64xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [0, 0, 0, 0] dilations = [1, 1] groups = 1 : tensor<1x14x14x256xbf16>, tensor<1x1x256x64xbf16> -> tensor<1x14x14x64xbf16>
  return %0 : tensor<1x14x14x64xbf16>
}
func.func @tensor_cores_bf16(%x: tensor<1x32x32x64xbf16>, %w: tensor<3x3x64x64xbf16>) -> tensor<1x32x32x64xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 1 : tensor<1x32x32x64xbf16>, tensor<3x3x64x64xbf16> -> tensor<1x32x32x64xbf16>
  return %0 : tensor<1x32x32x64xbf16>
}
func.func @grouped_bf16(%x: tensor<1x28x28x64xbf16>, %w: tensor<3x3x16x64xbf16>) -> tensor<1x28x28x64xbf16> {
  %0 = tessel.conv2d %x, %w strides = [1, 1] padding = [1, 1, 1, 1] dilations = [1, 1] groups = 4 : tensor<1x28x28x64xbf16>, tensor<3x3x16x64xbf16> -> tensor<1x28x28x64xbf16>
  return %0 : tensor<1x28x28x64xbf16>
}
}
