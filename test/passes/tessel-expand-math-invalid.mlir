// tessel-expand-math rewrites math on any op; malformed math ops are
// rejected by their verifiers before it runs.
// RUN: tessel-opt %s --tessel-expand-math --split-input-file --verify-diagnostics

func.func @int_exp(%x: i32) -> i32 {
  // expected-error @+1 {{'math.exp' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.exp %x : i32
  return %0 : i32
}
