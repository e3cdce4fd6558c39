// RUN: tessel-opt %s --split-input-file --verify-diagnostics --tessel-kernel-clusters

// A kernel launched in clusters of two sizes cannot be compiled for both.
module attributes {gpu.container_module} {
  func.func @host() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @k::@f clusters in (%c1, %c2, %c1) blocks in (%c4, %c4, %c1) threads in (%c4, %c1, %c1)
    // expected-error @+1 {{launches @k::@f in clusters of [2, 1, 1], which another launch runs in clusters of [1, 2, 1]}}
    gpu.launch_func @k::@f clusters in (%c2, %c1, %c1) blocks in (%c4, %c4, %c1) threads in (%c4, %c1, %c1)
    return
  }
  gpu.module @k {
    gpu.func @f() kernel {
      gpu.return
    }
  }
}

// -----

// A cluster size known only at run time.
module attributes {gpu.container_module} {
  func.func @host(%n: index) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-error @+1 {{has a cluster size that is not a positive constant}}
    gpu.launch_func @k::@f clusters in (%n, %c1, %c1) blocks in (%c4, %c4, %c1) threads in (%c4, %c1, %c1)
    return
  }
  gpu.module @k {
    gpu.func @f() kernel {
      gpu.return
    }
  }
}
