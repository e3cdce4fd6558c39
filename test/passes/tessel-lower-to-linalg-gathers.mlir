// tessel-lower-to-linalg: in a kernel, a gather (a concat, a slice that
// cannot read through an affine map) of a value the kernel computes
// elementwise computes each element it reads in place: the producer's body
// at the gathered indices, its own operands gathered in turn (a transpose
// through its permutation), so that the kernel's loop nests read only its
// inputs and each tiles alone. The producers are gone. Both functions are
// checked on the CPU path against their ops as written, one on a shape the
// tiles do not divide.
// RUN: tessel-opt %s --tessel-lower-to-linalg | FileCheck %s
// RUN: tessel-run %s --cpu --check | FileCheck %s --check-prefix=CPU

// CHECK-LABEL: func.func private @rotate_half_k0
// CHECK-SAME: (%[[X:.*]]: tensor<2x8xbf16>, %[[Y:.*]]: tensor<4x2xbf16>)
// CHECK-NOT: linalg.transpose
// CHECK: %[[CAT:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<2x12xbf16>)
// CHECK: tensor.extract %[[X]]
// CHECK: arith.negf
// CHECK: tensor.extract %[[X]]
// CHECK: arith.select
// CHECK: tensor.extract %[[Y]]
// CHECK: math.exp
// CHECK: arith.select
// CHECK: linalg.yield
// CHECK-NEXT: } -> tensor<2x12xbf16>
// CHECK-NOT: linalg.generic {{.*}} outs(%{{.*}} : tensor<2x4xbf16>)
// CHECK: linalg.generic {{.*}} ins(%[[CAT]] : tensor<2x12xbf16>) outs(%{{.*}} : tensor<2x8xbf16>)
// CPU: func @rotate_half
// CPU-NEXT: ok
func.func @rotate_half(%x: tensor<2x8xbf16>, %y: tensor<4x2xbf16>) -> tensor<2x8xbf16> {
  %r = tessel.kernel @rotate_half_k0(%x, %y) : (tensor<2x8xbf16>, tensor<4x2xbf16>) -> tensor<2x8xbf16> {
  ^bb0(%a: tensor<2x8xbf16>, %b: tensor<4x2xbf16>):
    %lo = tessel.slice %a offsets = [0, 0] strides = [1, 1] : tensor<2x8xbf16> -> tensor<2x4xbf16>
    %hi = tessel.slice %a offsets = [0, 4] strides = [1, 1] : tensor<2x8xbf16> -> tensor<2x4xbf16>
    %n = tessel.neg %hi : tensor<2x4xbf16>
    %t = tessel.transpose %b permutation = [1, 0] : tensor<4x2xbf16> -> tensor<2x4xbf16>
    %e = tessel.exp %t : tensor<2x4xbf16>
    %c = tessel.concat %n, %lo, %e dim = 1 : tensor<2x4xbf16>, tensor<2x4xbf16>, tensor<2x4xbf16> -> tensor<2x12xbf16>
    %s = tessel.slice %c offsets = [0, 2] strides = [1, 1] : tensor<2x12xbf16> -> tensor<2x8xbf16>
    tessel.yield %s : tensor<2x8xbf16>
  }
  return %r : tensor<2x8xbf16>
}

// A rotary embedding on [3, 37, 5, 18] (cos and sin [1, 37, 1, 18]) as one
// kernel: every element of the rotated half is computed where the concat
// reads it.
// CHECK-LABEL: func.func private @rotary_k0
// CHECK-SAME: (%[[Q:.*]]: tensor<3x37x5x18xf16>, %[[COS:.*]]: tensor<1x37x1x18xf16>, %[[SIN:.*]]: tensor<1x37x1x18xf16>)
// CHECK: linalg.generic {{.*}} ins(%[[Q]], %[[COS]] :
// CHECK: %[[ROT:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<3x37x5x18xf16>)
// CHECK-COUNT-2: tensor.extract %[[Q]]
// CHECK: } -> tensor<3x37x5x18xf16>
// CHECK-NOT: tensor<3x37x5x9xf16>
// CHECK: linalg.generic {{.*}} ins(%[[ROT]], %[[SIN]] :
// CPU: func @rotary
// CPU-NEXT: ok
func.func @rotary(%q: tensor<3x37x5x18xf16>, %cos: tensor<1x37x1x18xf16>, %sin: tensor<1x37x1x18xf16>) -> tensor<3x37x5x18xf16> {
  %r = tessel.kernel @rotary_k0(%q, %cos, %sin) : (tensor<3x37x5x18xf16>, tensor<1x37x1x18xf16>, tensor<1x37x1x18xf16>) -> tensor<3x37x5x18xf16> {
  ^bb0(%x: tensor<3x37x5x18xf16>, %c: tensor<1x37x1x18xf16>, %s: tensor<1x37x1x18xf16>):
    %xc = tessel.mul %x, %c : tensor<3x37x5x18xf16>, tensor<1x37x1x18xf16> -> tensor<3x37x5x18xf16>
    %lo = tessel.slice %x offsets = [0, 0, 0, 0] strides = [1, 1, 1, 1] : tensor<3x37x5x18xf16> -> tensor<3x37x5x9xf16>
    %hi = tessel.slice %x offsets = [0, 0, 0, 9] strides = [1, 1, 1, 1] : tensor<3x37x5x18xf16> -> tensor<3x37x5x9xf16>
    %n = tessel.neg %hi : tensor<3x37x5x9xf16>
    %rot = tessel.concat %n, %lo dim = 3 : tensor<3x37x5x9xf16>, tensor<3x37x5x9xf16> -> tensor<3x37x5x18xf16>
    %xs = tessel.mul %rot, %s : tensor<3x37x5x18xf16>, tensor<1x37x1x18xf16> -> tensor<3x37x5x18xf16>
    %sum = tessel.add %xc, %xs : tensor<3x37x5x18xf16>, tensor<3x37x5x18xf16> -> tensor<3x37x5x18xf16>
    tessel.yield %sum : tensor<3x37x5x18xf16>
  }
  return %r : tensor<3x37x5x18xf16>
}
