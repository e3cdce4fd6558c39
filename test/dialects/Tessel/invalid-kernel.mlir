// Every verifier rule of tessel.kernel and tessel.yield.
// RUN: tessel-opt %s -split-input-file -verify-diagnostics

func.func @arg_count(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'tessel.kernel' op body has 2 arguments but the kernel has 1 inputs}}
  %0 = tessel.kernel @k(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
    %1 = tessel.exp %a : tensor<4xf32>
    tessel.yield %1 : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @arg_type(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{'tessel.kernel' op body argument #0 has type 'tensor<4xf16>' but input #0 has type 'tensor<4xf32>'}}
  %0 = tessel.kernel @k(%x) : (tensor<4xf32>) -> tensor<4xf16> {
  ^bb0(%a: tensor<4xf16>):
    %1 = tessel.exp %a : tensor<4xf16>
    tessel.yield %1 : tensor<4xf16>
  }
  return %0 : tensor<4xf16>
}

// -----

func.func @no_results(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tessel.kernel' op must produce at least one result}}
  tessel.kernel @k(%x) : (tensor<4xf32>) -> () {
  ^bb0(%a: tensor<4xf32>):
    %1 = tessel.exp %a : tensor<4xf32>
    tessel.yield
  }
  return
}

// -----

func.func @yield_types(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'tessel.kernel' op yields 2 value(s) of types 'tensor<4xf32>', 'tensor<4xf32>' but the kernel returns 'tensor<4xf32>'}}
  %0 = tessel.kernel @k(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %1 = tessel.exp %a : tensor<4xf32>
    tessel.yield %1, %1 : tensor<4xf32>, tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @foreign_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'tessel.kernel' op body holds 'arith.addf', but a kernel may hold only Tessel ops}}
  %0 = tessel.kernel @k(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %1 = arith.addf %a, %a : tensor<4xf32>
    tessel.yield %1 : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @nested(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tessel.kernel @outer(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    // expected-error @+1 {{'tessel.kernel' op cannot be nested in another 'tessel.kernel'}}
    %1 = tessel.kernel @inner(%a) : (tensor<4xf32>) -> tensor<4xf32> {
    ^bb0(%b: tensor<4xf32>):
      %2 = tessel.exp %b : tensor<4xf32>
      tessel.yield %2 : tensor<4xf32>
    }
    tessel.yield %1 : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @empty(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'tessel.kernel' op body holds no computation}}
  %0 = tessel.kernel @k(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    tessel.yield %a : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @captures_from_above(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-note @+1 {{required by region isolation constraints}}
  %0 = tessel.kernel @k() : () -> tensor<4xf32> {
    // expected-error @+1 {{'tessel.exp' op using value defined outside the region}}
    %1 = tessel.exp %x : tensor<4xf32>
    tessel.yield %1 : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @no_terminator(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'tessel.kernel' op body must end in 'tessel.yield'}}
  %0 = "tessel.kernel"(%x) <{sym_name = "k"}> ({
  ^bb0(%a: tensor<4xf32>):
    %1 = tessel.exp %a : tensor<4xf32>
    llvm.unreachable
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @yield_outside(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tessel.yield' op expects parent op 'tessel.kernel'}}
  tessel.yield %x : tensor<4xf32>
}
