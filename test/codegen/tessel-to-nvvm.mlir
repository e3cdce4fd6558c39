// tessel-to-nvvm compiles kernels to PTX with bare-pointer parameters (one per
// input and output) and the block size as .maxntid, for
// sm_90a, math functions (exp, tanh, erf from libdevice) included: see
// test/tools/tessel-compile-ptxas.mlir for ptxas itself.
// RUN: tessel-opt %s --tessel-to-nvvm=target=h100 | FileCheck %s
// RUN: not tessel-opt %s --tessel-to-nvvm=target=mi300x 2>&1 | FileCheck %s --check-prefix=AMD
// RUN: not tessel-opt %s --tessel-to-nvvm 2>&1 | FileCheck %s --check-prefix=NOTARGET
// Its options are typed: an unknown one is refused.
// RUN: not tessel-opt %s --tessel-to-nvvm=chip=sm_90a 2>&1 | FileCheck %s --check-prefix=BADOPTION
// BADOPTION: tessel-to-nvvm: cannot parse its options 'chip=sm_90a' (it takes target=NAME)

// The PTX text is stored escaped (\0A newlines, \09 tabs).
// CHECK: gpu.binary @gelu_softmax_kernel  [#gpu.object<#nvvm.target<chip = "sm_90a", features = "+ptx80">
// CHECK-SAME: .visible .entry gelu_softmax_kernel(\0A\09.param .u64 .ptr .align 1 gelu_softmax_kernel_param_0,\0A\09.param .u64 .ptr .align 1 gelu_softmax_kernel_param_1\0A)\0A.maxntid 64, 1, 1
// AMD: tessel-to-nvvm: target 'mi300x' (gfx942) is amd, not nvidia
// NOTARGET: tessel-to-nvvm needs target=NAME

module attributes {tessel.target = #tessel.target<"h100">} {
  func.func @model(%x: tensor<37x100xbf16>) -> tensor<37x100xbf16> {
    %0 = tessel.kernel @gelu_softmax(%x) : (tensor<37x100xbf16>) -> tensor<37x100xbf16>
        schedule = #tessel.schedule<block = [1, 100], warps = 2> {
    ^bb0(%a: tensor<37x100xbf16>):
      %1 = tessel.gelu erf %a : tensor<37x100xbf16>
      %2 = tessel.tanh %1 : tensor<37x100xbf16>
      %3 = tessel.softmax %2 dim = 1 : tensor<37x100xbf16>
      tessel.yield %3 : tensor<37x100xbf16>
    }
    return %0 : tensor<37x100xbf16>
  }
}
