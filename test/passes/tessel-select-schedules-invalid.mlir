// tessel-select-schedules needs the target whose schedules it enumerates.
// RUN: tessel-opt %s --tessel-select-schedules --verify-diagnostics

// expected-error @+1 {{tessel-select-schedules needs the GPU target: set 'tessel.target' on the module (tessel-set-target)}}
module {
  func.func @model(%x: tensor<8xf32>) -> tensor<8xf32> {
    %0 = tessel.kernel @k(%x) : (tensor<8xf32>) -> tensor<8xf32> {
    ^bb0(%a: tensor<8xf32>):
      %1 = tessel.exp %a : tensor<8xf32>
      tessel.yield %1 : tensor<8xf32>
    }
    return %0 : tensor<8xf32>
  }
}
