// tessel-to-rocdl compiles kernels to HSACO for an AMD target: bare-pointer
// parameters, math expanded to arithmetic (no device library), per-thread
// scratch in the private address space, linked by ld.lld.
// RUN: tessel-opt %s --tessel-to-rocdl=target=mi300x | FileCheck %s
// RUN: tessel-opt %s --tessel-to-rocdl=target=mi250x | FileCheck %s --check-prefix=GFX90A
// RUN: not tessel-opt %s --tessel-to-rocdl=target=h100 2>&1 | FileCheck %s --check-prefix=NVIDIA
// RUN: not tessel-opt %s --tessel-to-rocdl=target=%S/../Inputs/toy_amd_unknown_arch.json 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// CHECK: gpu.binary @gelu_softmax_kernel  [#gpu.object<#rocdl.target<chip = "gfx942">, bin = "\7FELF
// GFX90A: gpu.binary @gelu_softmax_kernel  [#gpu.object<#rocdl.target<chip = "gfx90a">, bin = "\7FELF
// NVIDIA: tessel-to-rocdl: target 'h100' (sm_90a) is nvidia, not amd
// UNKNOWN: tessel-to-rocdl: AMD architecture 'gfx999' is not known to this LLVM's AMDGPU backend

module attributes {tessel.target = #tessel.target<"mi300x">} {
  func.func @model(%x: tensor<37x100xbf16>) -> tensor<37x100xbf16> {
    %0 = tessel.kernel @gelu_softmax(%x) : (tensor<37x100xbf16>) -> tensor<37x100xbf16>
        schedule = #tessel.schedule<block = [1, 100], warps = 2> {
    ^bb0(%a: tensor<37x100xbf16>):
      %1 = tessel.gelu erf %a : tensor<37x100xbf16>
      %2 = tessel.rsqrt %1 : tensor<37x100xbf16>
      %3 = tessel.softmax %2 dim = 1 : tensor<37x100xbf16>
      tessel.yield %3 : tensor<37x100xbf16>
    }
    return %0 : tensor<37x100xbf16>
  }
}
