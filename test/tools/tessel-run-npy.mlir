// tessel-run's data in and out (.npy, runtime/Npy.h): a function run on
// arguments from files (f32 as '<f4', bf16 as '<u2' bits or as '<f4'
// rounded), its results written as .npy (read back here without NumPy),
// compared with expected files within the reference's bounds (exit 1 on a
// perturbed element), and clear errors for a wrong shape, a wrong dtype and
// a module with two public functions and no --only.
// RUN: rm -rf %t && mkdir -p %t/in %t/in32 %t/out %t/bad %t/shape %t/dtype
// RUN: %python %S/Inputs/npy_tool.py write %t/in/input0.npy '<f4' 5,7
// RUN: %python %S/Inputs/npy_tool.py write %t/in/input1.npy '<f4' 7,3
// RUN: %python %S/Inputs/npy_tool.py write %t/in/input2.npy '<u2' 3
// RUN: tessel-run %s --cpu --only=linear --check --inputs=%t/in --save-outputs=%t/out | FileCheck %s --check-prefix=DATA
// DATA-LABEL: func @linear on the arguments in
// DATA: result #0 5x3xf32 vs the reference {{.*}} ok
// DATA: result #1 5x3xbf16 vs the reference {{.*}} ok
// DATA: all outputs match
// RUN: %python %S/Inputs/npy_tool.py show %t/out/output0.npy | FileCheck %s --check-prefix=SHOW0
// SHOW0: descr <f4 shape (5, 3) fortran_order False
// RUN: %python %S/Inputs/npy_tool.py show %t/out/output1.npy | FileCheck %s --check-prefix=SHOW1
// SHOW1: descr <u2 shape (5, 3) fortran_order False

// The same arguments against the saved results: every element matches.
// RUN: tessel-run %s --cpu --only=linear --inputs=%t/in --expected=%t/out | FileCheck %s --check-prefix=SAME
// SAME: result #0 5x3xf32 vs output0.npy  max abs err 0.000e+00 {{.*}} ok
// SAME: result #1 5x3xbf16 vs output1.npy  max abs err 0.000e+00 {{.*}} ok
// SAME: all outputs match

// One element of the expected f32 result moved by 0.5: a mismatch, exit 1.
// RUN: %python %S/Inputs/npy_tool.py perturb %t/out/output0.npy %t/bad/output0.npy 4 0.5
// RUN: cp %t/out/output1.npy %t/bad/output1.npy
// RUN: not tessel-run %s --cpu --only=linear --inputs=%t/in --expected=%t/bad | FileCheck %s --check-prefix=BAD
// BAD: result #0 5x3xf32 vs output0.npy {{.*}} MISMATCH
// BAD-NEXT: 1 element(s) off; first at 4
// BAD: MISMATCH: some outputs differ

// The bf16 argument given as f32 (rounded to bf16 as it is read).
// RUN: cp %t/in/input0.npy %t/in/input1.npy %t/in32/
// RUN: %python %S/Inputs/npy_tool.py write %t/in32/input2.npy '<f4' 3
// RUN: tessel-run %s --cpu --only=linear --inputs=%t/in32 --expected=%t/out | FileCheck %s --check-prefix=SAME

// RUN: %python %S/Inputs/npy_tool.py write %t/shape/input0.npy '<f4' 7,5
// RUN: not tessel-run %s --cpu --only=linear --inputs=%t/shape 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: error: argument #0 of @linear: {{.*}}input0.npy: holds shape (7, 5), expected (5, 7) (f32)
// RUN: %python %S/Inputs/npy_tool.py write %t/dtype/input0.npy '<f2' 5,7
// RUN: not tessel-run %s --cpu --only=linear --inputs=%t/dtype 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: error: argument #0 of @linear: {{.*}}input0.npy: holds '<f2' data; a f32 tensor is read from '<f4'
// RUN: not tessel-run %s --cpu --inputs=%t/in 2>&1 | FileCheck %s --check-prefix=WHICH
// WHICH: error: --inputs, --save-outputs and --expected run one public function; the module has 2: choose one with --only=NAME

func.func @linear(%x: tensor<5x7xf32>, %w: tensor<7x3xf32>, %b: tensor<3xbf16>) -> (tensor<5x3xf32>, tensor<5x3xbf16>) {
  %0 = tessel.matmul %x, %w : tensor<5x7xf32>, tensor<7x3xf32> -> tensor<5x3xf32>
  %1 = tessel.cast %0 : tensor<5x3xf32> to tensor<5x3xbf16>
  %2 = tessel.add %1, %b : tensor<5x3xbf16>, tensor<3xbf16> -> tensor<5x3xbf16>
  return %0, %2 : tensor<5x3xf32>, tensor<5x3xbf16>
}

func.func @other(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tessel.relu %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
