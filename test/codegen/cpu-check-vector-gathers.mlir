// Vector steps over gathers (vectorStepWidths): a concat along its
// innermost dim reads each input with one vector load where the step's
// width divides the inputs' sizes there (tessel-lower-to-linalg computes
// its index from the step's aligned position), a concat along a leading
// dim and a gathered slice of stride 1 where the first element of the read
// is aligned to the width; otherwise the gather stays a scalar loop inside
// the step. Rotary embeddings (rotate_half: slices, a negation and a
// concat), in bf16 and f16, over head counts no block tile divides; a
// concat of 4 + 12 at widths 4 (vector) and 8 (scalar); a concat along
// dim 0; slices of stride 1 at column 4 (vector) and 3 (scalar); a padded
// im2col (each window position's channels in one read). Checked on the
// CPU path, tiled, and compiled for sm_90a, sm_80 and gfx942.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: tessel-opt %s --tessel-lower-to-linalg --tessel-tile-and-fuse | FileCheck %s --check-prefix=TILED
// RUN: rm -rf %t && tessel-compile %s --target=h100 -o %t | FileCheck %s --check-prefix=GPU
// RUN: FileCheck %s --check-prefix=ROPE8 < %t/k_rotary_bf16_v8_kernel.ptx
// RUN: FileCheck %s --check-prefix=ROPE4 < %t/k_rotary_f16_v4_kernel.ptx
// RUN: FileCheck %s --check-prefix=SCALAR < %t/k_concat_4_12_bf16_v8_kernel.ptx
// RUN: sed s/h100/a100/ %s > %t.a100.mlir && tessel-compile %t.a100.mlir --target=a100 -o %t/a100 | FileCheck %s --check-prefix=A100
// RUN: FileCheck %s --check-prefix=ROPE8 < %t/a100/k_rotary_bf16_v8_kernel.ptx
// On wave64 the schedules above do not fill a wave: the model's own.
// RUN: sed -e s/h100/mi300x/ -e 's/schedule = #tessel.schedule<[^>]*> {/{/' %s > %t.amd.mlir && tessel-compile %t.amd.mlir --target=mi300x -o %t/amd | FileCheck %s --check-prefix=AMD

// CHECK-LABEL: func @rotary_bf16_v8
// CHECK: ok
// CHECK-LABEL: func @rotary_f16_v4
// CHECK: ok
// CHECK-LABEL: func @concat_4_12_f32_v4
// CHECK: ok
// CHECK-LABEL: func @concat_4_12_bf16_v8
// CHECK: ok
// CHECK-LABEL: func @concat_rows_f32_v4
// CHECK: ok
// CHECK-LABEL: func @slice_at_4_f32_v4
// CHECK: ok
// CHECK-LABEL: func @slice_at_3_f32_v4
// CHECK: ok
// CHECK-LABEL: func @im2col_padded_bf16_v8
// CHECK: ok
// CHECK: all outputs match the reference

// The rotary kernels read both halves of x with vector loads at the
// step's aligned index: no element is gathered lane by lane.
// TILED-LABEL: func.func private @k_rotary_bf16_v8
// TILED-NOT: tensor.extract %
// TILED-NOT: vector.gather
// TILED: vector.transfer_read %arg0{{.*}} : tensor<2x3x5x64xbf16>, vector<8xbf16>
// TILED: vector.transfer_read %arg0{{.*}} : tensor<2x3x5x64xbf16>, vector<8xbf16>
// TILED-NOT: tensor.extract %
// TILED-LABEL: func.func private @k_rotary_f16_v4
// TILED-NOT: tensor.extract %
// TILED: vector.transfer_read %arg0{{.*}} : tensor<3x5x128xf16>, vector<4xf16>
// TILED: vector.transfer_read %arg0{{.*}} : tensor<3x5x128xf16>, vector<4xf16>
// TILED-NOT: tensor.extract %
// TILED-LABEL: func.func private @k_concat_4_12_f32_v4
// TILED-NOT: tensor.extract %
// TILED: vector.transfer_read %arg0{{.*}} : tensor<7x5x4xf32>, vector<4xf32>
// TILED: vector.transfer_read %arg1{{.*}} : tensor<7x5x12xf32>, vector<4xf32>
// A width of 8 does not divide 4: the concat is a scalar loop in the step.
// TILED-LABEL: func.func private @k_concat_4_12_bf16_v8
// TILED: linalg.generic
// TILED: tensor.extract %arg0
// TILED: tensor.extract %arg1
// TILED-LABEL: func.func private @k_concat_rows_f32_v4
// TILED-NOT: tensor.extract %
// TILED: vector.transfer_read %arg0{{.*}} : tensor<3x10x16xf32>, vector<4xf32>
// TILED: vector.transfer_read %arg1{{.*}} : tensor<4x10x16xf32>, vector<4xf32>
// TILED-LABEL: func.func private @k_slice_at_4_f32_v4
// TILED-NOT: tensor.extract %
// TILED: vector.transfer_read %arg0{{.*}} : tensor<4x6x128xf32>, vector<4xf32>
// TILED-LABEL: func.func private @k_slice_at_3_f32_v4
// TILED: linalg.generic
// TILED: tensor.extract %arg0
// A padded im2col: each window position's channels in one vector load at
// clamped pixel indices, zeros selected where the window leaves the image.
// TILED-LABEL: func.func private @k_im2col_padded_bf16_v8
// TILED-NOT: tensor.extract %
// TILED: vector.transfer_read %arg0{{.*}} : tensor<2x7x9x256xbf16>, vector<8xbf16>
// TILED: arith.select {{.*}} : vector<8xi1>, vector<8xf32>

// GPU: 8 GPU kernel(s) for h100
// ROPE8-NOT: ld.global.b16
// ROPE8-COUNT-5: ld.global.v4.b32
// ROPE8-NOT: ld.global.b16
// ROPE4-NOT: ld.global.b16
// ROPE4-COUNT-5: ld.global.v{{2.b32|4.b16}}
// ROPE4-NOT: ld.global.b16
// SCALAR-NOT: ld.global.v
// SCALAR: ld.global.b16
// SCALAR-NOT: ld.global.v
// A100: 8 GPU kernel(s) for a100
// AMD: 8 GPU kernel(s) for mi300x

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @rotary_bf16_v8(%x: tensor<2x3x5x64xbf16>, %cos: tensor<1x3x1x64xbf16>, %sin: tensor<1x3x1x64xbf16>) -> tensor<2x3x5x64xbf16> {
    %r = tessel.kernel @k_rotary_bf16_v8(%x, %cos, %sin) : (tensor<2x3x5x64xbf16>, tensor<1x3x1x64xbf16>, tensor<1x3x1x64xbf16>) -> tensor<2x3x5x64xbf16>
        schedule = #tessel.schedule<block = [4, 64], thread = [1, 8], warps = 1, vector = 8> {
    ^bb0(%q: tensor<2x3x5x64xbf16>, %c: tensor<1x3x1x64xbf16>, %s: tensor<1x3x1x64xbf16>):
      %qc = tessel.mul %q, %c : tensor<2x3x5x64xbf16>, tensor<1x3x1x64xbf16> -> tensor<2x3x5x64xbf16>
      %lo = tessel.slice %q offsets = [0, 0, 0, 0] strides = [1, 1, 1, 1] : tensor<2x3x5x64xbf16> -> tensor<2x3x5x32xbf16>
      %hi = tessel.slice %q offsets = [0, 0, 0, 32] strides = [1, 1, 1, 1] : tensor<2x3x5x64xbf16> -> tensor<2x3x5x32xbf16>
      %hin = tessel.neg %hi : tensor<2x3x5x32xbf16>
      %rot = tessel.concat %hin, %lo dim = 3 : tensor<2x3x5x32xbf16>, tensor<2x3x5x32xbf16> -> tensor<2x3x5x64xbf16>
      %qs = tessel.mul %rot, %s : tensor<2x3x5x64xbf16>, tensor<1x3x1x64xbf16> -> tensor<2x3x5x64xbf16>
      %y = tessel.add %qc, %qs : tensor<2x3x5x64xbf16>, tensor<2x3x5x64xbf16> -> tensor<2x3x5x64xbf16>
      tessel.yield %y : tensor<2x3x5x64xbf16>
    }
    return %r : tensor<2x3x5x64xbf16>
  }

  func.func @rotary_f16_v4(%x: tensor<3x5x128xf16>, %cos: tensor<3x1x128xf16>, %sin: tensor<3x1x128xf16>) -> tensor<3x5x128xf16> {
    %r = tessel.kernel @k_rotary_f16_v4(%x, %cos, %sin) : (tensor<3x5x128xf16>, tensor<3x1x128xf16>, tensor<3x1x128xf16>) -> tensor<3x5x128xf16>
        schedule = #tessel.schedule<block = [2, 128], thread = [1, 4], warps = 2, vector = 4> {
    ^bb0(%q: tensor<3x5x128xf16>, %c: tensor<3x1x128xf16>, %s: tensor<3x1x128xf16>):
      %qc = tessel.mul %q, %c : tensor<3x5x128xf16>, tensor<3x1x128xf16> -> tensor<3x5x128xf16>
      %lo = tessel.slice %q offsets = [0, 0, 0] strides = [1, 1, 1] : tensor<3x5x128xf16> -> tensor<3x5x64xf16>
      %hi = tessel.slice %q offsets = [0, 0, 64] strides = [1, 1, 1] : tensor<3x5x128xf16> -> tensor<3x5x64xf16>
      %hin = tessel.neg %hi : tensor<3x5x64xf16>
      %rot = tessel.concat %hin, %lo dim = 2 : tensor<3x5x64xf16>, tensor<3x5x64xf16> -> tensor<3x5x128xf16>
      %qs = tessel.mul %rot, %s : tensor<3x5x128xf16>, tensor<3x1x128xf16> -> tensor<3x5x128xf16>
      %y = tessel.add %qc, %qs : tensor<3x5x128xf16>, tensor<3x5x128xf16> -> tensor<3x5x128xf16>
      tessel.yield %y : tensor<3x5x128xf16>
    }
    return %r : tensor<3x5x128xf16>
  }

  func.func @concat_4_12_f32_v4(%a: tensor<7x5x4xf32>, %b: tensor<7x5x12xf32>) -> tensor<7x5x16xf32> {
    %r = tessel.kernel @k_concat_4_12_f32_v4(%a, %b) : (tensor<7x5x4xf32>, tensor<7x5x12xf32>) -> tensor<7x5x16xf32>
        schedule = #tessel.schedule<block = [8, 16], thread = [1, 4], warps = 1, vector = 4> {
    ^bb0(%p: tensor<7x5x4xf32>, %q: tensor<7x5x12xf32>):
      %0 = tessel.concat %p, %q dim = 2 : tensor<7x5x4xf32>, tensor<7x5x12xf32> -> tensor<7x5x16xf32>
      tessel.yield %0 : tensor<7x5x16xf32>
    }
    return %r : tensor<7x5x16xf32>
  }

  func.func @concat_4_12_bf16_v8(%a: tensor<7x20x4xbf16>, %b: tensor<7x20x12xbf16>) -> tensor<7x20x16xbf16> {
    %r = tessel.kernel @k_concat_4_12_bf16_v8(%a, %b) : (tensor<7x20x4xbf16>, tensor<7x20x12xbf16>) -> tensor<7x20x16xbf16>
        schedule = #tessel.schedule<block = [16, 16], thread = [1, 8], warps = 1, vector = 8> {
    ^bb0(%p: tensor<7x20x4xbf16>, %q: tensor<7x20x12xbf16>):
      %0 = tessel.concat %p, %q dim = 2 : tensor<7x20x4xbf16>, tensor<7x20x12xbf16> -> tensor<7x20x16xbf16>
      tessel.yield %0 : tensor<7x20x16xbf16>
    }
    return %r : tensor<7x20x16xbf16>
  }

  func.func @concat_rows_f32_v4(%a: tensor<3x10x16xf32>, %b: tensor<4x10x16xf32>) -> tensor<7x10x16xf32> {
    %r = tessel.kernel @k_concat_rows_f32_v4(%a, %b) : (tensor<3x10x16xf32>, tensor<4x10x16xf32>) -> tensor<7x10x16xf32>
        schedule = #tessel.schedule<block = [8, 16], thread = [1, 4], warps = 1, vector = 4> {
    ^bb0(%p: tensor<3x10x16xf32>, %q: tensor<4x10x16xf32>):
      %0 = tessel.concat %p, %q dim = 0 : tensor<3x10x16xf32>, tensor<4x10x16xf32> -> tensor<7x10x16xf32>
      tessel.yield %0 : tensor<7x10x16xf32>
    }
    return %r : tensor<7x10x16xf32>
  }

  func.func @slice_at_4_f32_v4(%x: tensor<4x6x128xf32>) -> tensor<4x3x64xf32> {
    %r = tessel.kernel @k_slice_at_4_f32_v4(%x) : (tensor<4x6x128xf32>) -> tensor<4x3x64xf32>
        schedule = #tessel.schedule<block = [2, 64], thread = [1, 4], warps = 1, vector = 4> {
    ^bb0(%p: tensor<4x6x128xf32>):
      %0 = tessel.slice %p offsets = [0, 0, 4] strides = [1, 1, 1] : tensor<4x6x128xf32> -> tensor<4x3x64xf32>
      tessel.yield %0 : tensor<4x3x64xf32>
    }
    return %r : tensor<4x3x64xf32>
  }

  func.func @slice_at_3_f32_v4(%x: tensor<4x6x128xf32>) -> tensor<4x3x64xf32> {
    %r = tessel.kernel @k_slice_at_3_f32_v4(%x) : (tensor<4x6x128xf32>) -> tensor<4x3x64xf32>
        schedule = #tessel.schedule<block = [2, 64], thread = [1, 4], warps = 1, vector = 4> {
    ^bb0(%p: tensor<4x6x128xf32>):
      %0 = tessel.slice %p offsets = [0, 0, 3] strides = [1, 1, 1] : tensor<4x6x128xf32> -> tensor<4x3x64xf32>
      tessel.yield %0 : tensor<4x3x64xf32>
    }
    return %r : tensor<4x3x64xf32>
  }

  func.func @im2col_padded_bf16_v8(%x: tensor<2x7x9x256xbf16>) -> tensor<2x4x5x3x3x256xbf16> {
    %r = tessel.kernel @k_im2col_padded_bf16_v8(%x) : (tensor<2x7x9x256xbf16>) -> tensor<2x4x5x3x3x256xbf16>
        schedule = #tessel.schedule<block = [4, 3, 256], warps = 1, vector = 8> {
    ^bb0(%p: tensor<2x7x9x256xbf16>):
      %0 = tessel.im2col %p window = [3, 3] strides = [2, 2] padding = [1, 1, 1, 1] dilations = [1, 1] : tensor<2x7x9x256xbf16> -> tensor<2x4x5x3x3x256xbf16>
      tessel.yield %0 : tensor<2x4x5x3x3x256xbf16>
    }
    return %r : tensor<2x4x5x3x3x256xbf16>
  }
}
