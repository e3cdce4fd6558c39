// tessel-expand-math leaves no math function that needs a device library.
// RUN: tessel-opt %s --tessel-expand-math | FileCheck %s
// With `nvvm` (the NVIDIA path, which links libdevice) only exp2 is
// rewritten, into ex2.approx.ftz.
// RUN: tessel-opt %s --tessel-expand-math=nvvm | FileCheck %s --check-prefix=NVVM

// With `nvvm` the rest stays for libdevice.
// NVVM-LABEL: func.func @math(
// NVVM: math.exp %{{.*}} : f32
// NVVM: math.rsqrt %{{.*}} : f32
// CHECK-LABEL: func.func @math
// CHECK-NOT: math.exp
// CHECK-NOT: math.tanh
// CHECK-NOT: math.erf
// CHECK-NOT: math.rsqrt
// CHECK-NOT: math.floor
// CHECK: math.sqrt
// CHECK: arith.divf
// CHECK: return
func.func @math(%x: f32) -> (f32, f32, f32, f32, f32) {
  %0 = math.exp %x : f32
  %1 = math.tanh %x : f32
  %2 = math.erf %x : f32
  %3 = math.rsqrt %x : f32
  %4 = math.floor %x : f32
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
}

// floor of f64 is left alone: only f32 is expanded.
// CHECK-LABEL: func.func @floor_f64
// CHECK: math.floor %{{.*}} : f64
func.func @floor_f64(%x: f64) -> f64 {
  %0 = math.floor %x : f64
  return %0 : f64
}

// A vector step's math (tile-and-fuse's `vector`) is expanded lane-wise, with
// vector constants and an i32 vector for floor's truncation.
// CHECK-LABEL: func.func @math_vector
// CHECK-NOT: math.exp
// CHECK-NOT: math.rsqrt
// CHECK-NOT: math.floor
// CHECK-DAG: arith.fptosi %{{.*}} : vector<4xf32> to vector<4xi32>
// CHECK-DAG: arith.constant dense<1.000000e+00> : vector<4xf32>
// CHECK: return
func.func @math_vector(%x: vector<4xf32>) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>) {
  %0 = math.exp %x : vector<4xf32>
  %1 = math.rsqrt %x : vector<4xf32>
  %2 = math.floor %x : vector<4xf32>
  return %0, %1, %2 : vector<4xf32>, vector<4xf32>, vector<4xf32>
}

// exp2 (every softmax's) becomes the exponential instruction alone
// (v_exp_f32, MUFU.EX2: subnormal results flushed), not llvm.exp2.f32,
// which wraps it in a fix-up of subnormal results; a 1-D vector lane by
// lane; f16 is left to the conversions.
// CHECK-LABEL: func.func @exp2
// CHECK-NOT: math.exp2 %{{.*}} : f32
// CHECK-NOT: llvm.exp2.f32
// CHECK: llvm.call_intrinsic "llvm.amdgcn.exp2.f32"(%{{.*}}) : (f32) -> f32
// CHECK: math.exp2 %{{.*}} : f16
// CHECK-COUNT-2: llvm.call_intrinsic "llvm.amdgcn.exp2.f32"(%{{.*}}) : (f32) -> f32
// CHECK: vector.from_elements %{{.*}}, %{{.*}} : vector<2xf32>
// NVVM-LABEL: func.func @exp2
// NVVM: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"(%{{.*}}) : (f32) -> f32
// NVVM: math.exp2 %{{.*}} : f16
// NVVM-COUNT-2: llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"
// NVVM: vector.from_elements
func.func @exp2(%x: f32, %h: f16, %v: vector<2xf32>) -> (f32, f16, vector<2xf32>) {
  %0 = math.exp2 %x : f32
  %1 = math.exp2 %h : f16
  %2 = math.exp2 %v : vector<2xf32>
  return %0, %1, %2 : f32, f16, vector<2xf32>
}


// log2 (a split-KV attention's log-sum-exp) likewise.
// NVVM-LABEL: func.func @log2
// NVVM: math.log2 %{{.*}} : f32
// CHECK-LABEL: func.func @log2
// CHECK-NOT: math.log2 %{{.*}} : f32
// CHECK: llvm.call_intrinsic "llvm.log2.f32"(%{{.*}}) : (f32) -> f32
func.func @log2(%x: f32) -> f32 {
  %0 = math.log2 %x : f32
  return %0 : f32
}
