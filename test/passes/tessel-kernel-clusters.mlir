// tessel-kernel-clusters gives a kernel launched in clusters its cluster
// size (known_cluster_size), which the NVVM conversion makes
// nvvm.cluster_dim (PTX's .reqnctapercluster); a kernel launched without
// clusters is left as it is.
// RUN: tessel-opt %s --tessel-kernel-clusters | FileCheck %s
// RUN: tessel-opt %s --pass-pipeline='builtin.module(tessel-kernel-clusters,gpu.module(convert-gpu-to-nvvm))' | FileCheck %s --check-prefix=NVVM

module attributes {gpu.container_module} {
  func.func @host() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @k::@paired clusters in (%c1, %c2, %c1) blocks in (%c4, %c4, %c1) threads in (%c128, %c1, %c1)
    gpu.launch_func @k::@alone blocks in (%c4, %c4, %c1) threads in (%c128, %c1, %c1)
    return
  }
  gpu.module @k {
    // CHECK-LABEL: gpu.func @paired
    // CHECK-SAME: known_cluster_size = array<i32: 1, 2, 1>
    // NVVM: llvm.func @paired
    // NVVM-SAME: nvvm.cluster_dim = array<i32: 1, 2, 1>
    gpu.func @paired() kernel {
      gpu.return
    }
    // CHECK-LABEL: gpu.func @alone
    // CHECK-NOT: known_cluster_size
    // NVVM-LABEL: llvm.func @alone
    // NVVM-NOT: cluster_dim
    gpu.func @alone() kernel {
      gpu.return
    }
  }
}
