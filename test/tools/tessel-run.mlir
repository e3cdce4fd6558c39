// tessel-run reports per output (its largest error and that error over the
// reference's bound, <= 1 to pass), checks each kernel of a function again
// on the function's own values, exits 1 on a mismatch (here forced by
// bounds shrunk far below f32 rounding), and 2 when it cannot run at all.
// RUN: tessel-run %s --cpu --check | FileCheck %s --check-prefix=OK
// RUN: not tessel-run %s --cpu --check --tolerance-scale=1e-4 | FileCheck %s --check-prefix=STRICT
// RUN: tessel-run %s --cpu | FileCheck %s --check-prefix=NOCHECK
// RUN: tessel-run %s --cpu --check --only=mm | FileCheck %s --check-prefix=ONLY
// RUN: not tessel-run %s 2>&1 | FileCheck %s --check-prefix=WHERE
// RUN: tessel-run --help | FileCheck %s --check-prefix=HELP
// HELP: tessel-run options:
// HELP: --check
// HELP-NOT: aarch64
// RUN: not tessel-run %s --cpu --only=nothing 2>&1 | FileCheck %s --check-prefix=NONAME
// RUN: not tessel-run %S/missing.mlir --cpu 2>&1 | FileCheck %s --check-prefix=NOFILE

// OK: kernel @mm
// OK-NEXT: result #0 9x7xf32  max abs err {{[0-9.e+-]+}}  err/bound {{0|0\.[0-9]+|[0-9.]+e-[0-9]+}}  ok
// OK: func @model
// OK-NEXT: result #0 9x7xf32 {{.*}} ok
// OK: kernel @mm on @model's values
// OK-NEXT: result #0 9x7xf32 {{.*}} ok
// OK: all outputs match the reference

// STRICT: MISMATCH
// STRICT: element(s) off; first at {{[0-9]+}}: got {{.*}}, expected {{.*}} +- {{.*}}
// STRICT: MISMATCH: some outputs differ from the reference

// NOCHECK: kernel @mm
// NOCHECK-NEXT: result #0 9x7xf32  sum
// NOCHECK-NOT: reference

// ONLY: kernel @mm
// ONLY: kernel @mm on @model's values
// ONLY-NOT: func @model

// WHERE: tessel-run: error: choose where to run: --cpu
// NONAME: tessel-run: error: no kernel or public function named 'nothing'
// NOFILE: tessel-run: error: {{.*}}missing.mlir

func.func @model(%a: tensor<9x13xf32>, %b: tensor<13x7xf32>) -> tensor<9x7xf32> {
  %0 = tessel.kernel @mm(%a, %b) : (tensor<9x13xf32>, tensor<13x7xf32>) -> tensor<9x7xf32> {
  ^bb0(%x: tensor<9x13xf32>, %y: tensor<13x7xf32>):
    %1 = tessel.matmul %x, %y : tensor<9x13xf32>, tensor<13x7xf32> -> tensor<9x7xf32>
    %2 = tessel.tanh %1 : tensor<9x7xf32>
    tessel.yield %2 : tensor<9x7xf32>
  }
  return %0 : tensor<9x7xf32>
}
