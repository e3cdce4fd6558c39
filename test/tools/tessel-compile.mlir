// tessel-compile writes PTX per GPU kernel, manifest.json and kernels.h; it
// reports a bad target or an input without kernels as an error.
// RUN: rm -rf %t && tessel-compile %s --target=h100 --emit=ptx -o %t | FileCheck %s --check-prefix=SAY
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/manifest.json
// RUN: FileCheck %s --check-prefix=HEADER < %t/kernels.h
// RUN: FileCheck %s --check-prefix=PTX < %t/mm_relu_kernel.ptx
// RUN: tessel-compile %s --target=h100 --emit=mlir | FileCheck %s --check-prefix=MLIR
// --emit=llvm writes each kernel's LLVM IR as the backend gets it.
// RUN: tessel-compile %s --target=h100 --emit=llvm -o %t/ll | FileCheck %s --check-prefix=SAY
// RUN: FileCheck %s --check-prefix=LL < %t/ll/mm_relu_kernel.ll
// RUN: FileCheck %s --check-prefix=LLMANIFEST < %t/ll/manifest.json
// RUN: tessel-compile %s --target=mi300x --emit=llvm -o %t/amdll | FileCheck %s --check-prefix=AMD
// RUN: FileCheck %s --check-prefix=AMDLL < %t/amdll/mm_relu_kernel.ll
// RUN: tessel-compile %s --target=mi300x -o %t/amd | FileCheck %s --check-prefix=AMD
// Only an HSACO needs a linker: a copy of the tool outside the build, where
// no ld.lld is beside it (and none under ROCM_PATH), still emits LLVM IR.
// RUN: mkdir -p %t/copy/bin && cp %tessel_bin/tessel-compile %t/copy/bin/
// RUN: env ROCM_PATH=%t/none %t/copy/bin/tessel-compile %s --target=mi300x --emit=llvm -o %t/copyll | FileCheck %s --check-prefix=AMD
// RUN: FileCheck %s --check-prefix=AMDLL < %t/copyll/mm_relu_kernel.ll
// RUN: FileCheck %s --check-prefix=AMDMANIFEST < %t/amd/manifest.json
// --help lists the tool's own options, not every LLVM one.
// RUN: tessel-compile --help | FileCheck %s --check-prefix=HELP
// RUN: not tessel-compile %s -o %t 2>&1 | FileCheck %s --check-prefix=NOTARGET
// RUN: not tessel-compile %s --target=b200 -o %t 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not tessel-compile %S/../Inputs/no_tessel_ops.mlir --target=h100 -o %t 2>&1 | FileCheck %s --check-prefix=NOKERNEL

// SAY: tessel-compile: 3 GPU kernel(s) for h100 in

// HELP: USAGE: tessel-compile [options] <model.mlir>
// HELP-NOT: aarch64
// HELP: tessel-compile options:
// HELP: --emit=<value>
// HELP: =llvm
// HELP-NOT: aarch64

// LL: target triple = "nvptx64-nvidia-cuda"
// LL: define ptx_kernel void @mm_relu_kernel(ptr
// LL: fmul contract float
// LLMANIFEST: "llvm_ir": "mm_relu_kernel.ll",
// LLMANIFEST-NOT: "ptx":
// AMDLL: target triple = "amdgcn-amd-amdhsa"
// AMDLL: define amdgpu_kernel void @mm_relu_kernel(ptr

// MANIFEST: "format_version": 1
// MANIFEST: "block": [
// MANIFEST-NEXT: 32,
// MANIFEST-NEXT: 2,
// MANIFEST-NEXT: 1
// MANIFEST: "entry": "mm_relu_kernel"
// MANIFEST: "grid": [
// MANIFEST-NEXT: 3,
// MANIFEST-NEXT: 5,
// MANIFEST-NEXT: 1
// MANIFEST: "name": "mm_relu_kernel"
// MANIFEST: "params": [
// MANIFEST: "dtype": "bf16",
// MANIFEST-NEXT: "position": 0,
// MANIFEST-NEXT: "role": "input",
// MANIFEST: "role": "output",
// MANIFEST: "ptx": "mm_relu_kernel.ptx",
// MANIFEST: "schedule": "#tessel.schedule<block = [32, 32, 16], warps = 2, stages = 1, split_k = 1, vector = 1, mma = simt>",
// MANIFEST: "tessel_kernel": "mm_relu"
// A kernel with two results that share no loop nest is two launches, two
// binaries with the same entry name.
// MANIFEST: "entry": "stats_kernel"
// MANIFEST: "launch_index": 0,
// MANIFEST: "name": "stats_kernel",
// MANIFEST: "entry": "stats_kernel"
// MANIFEST: "launch_index": 1,
// MANIFEST: "name": "stats_kernel_0",
// MANIFEST: "target": {
// MANIFEST-NEXT: "arch": "sm_90a",
// MANIFEST-NEXT: "name": "h100",

// HEADER: #pragma once
// HEADER: // mm_relu_kernel (entry mm_relu_kernel): part 0 of tessel.kernel @mm_relu; parameters: input#0<130x70xbf16> input#1<70x90xbf16> output#0<130x90xbf16>
// HEADER-NEXT: #define TESSEL_mm_relu_kernel_GRID 3, 5, 1
// HEADER-NEXT: #define TESSEL_mm_relu_kernel_BLOCK 32, 2, 1
// HEADER-NEXT: #define TESSEL_mm_relu_kernel_CLUSTER 1, 1, 1
// HEADER-NEXT: #define TESSEL_mm_relu_kernel_DYNAMIC_SHARED_BYTES 0
// HEADER-NEXT: #define TESSEL_mm_relu_kernel_NUM_PARAMS 3

// PTX: .target sm_90a
// PTX: .visible .entry mm_relu_kernel(

// MLIR: gpu.binary @mm_relu_kernel

// AMD: tessel-compile: 3 GPU kernel(s) for mi300x
// AMDMANIFEST: "binary": "mm_relu_kernel.hsaco",
// Two 64-wide waves over a 32-wide tile: 32 x 4 threads.
// AMDMANIFEST: "block": [
// AMDMANIFEST-NEXT: 32,
// AMDMANIFEST-NEXT: 4,
// AMDMANIFEST: "registers":
// AMDMANIFEST: "scratch_bytes":
// NOTARGET: tessel-compile: error: no target: pass --target=NAME or set tessel.target on the module
// UNKNOWN: tessel-compile: error: unknown target 'b200'
// NOKERNEL: error: the module has no Tessel op to compile

func.func @model(%a: tensor<130x70xbf16>, %b: tensor<70x90xbf16>) -> tensor<130x90xbf16> {
  %0 = tessel.kernel @mm_relu(%a, %b) : (tensor<130x70xbf16>, tensor<70x90xbf16>) -> tensor<130x90xbf16>
      schedule = #tessel.schedule<block = [32, 32, 16], warps = 2> {
  ^bb0(%x: tensor<130x70xbf16>, %y: tensor<70x90xbf16>):
    %1 = tessel.matmul %x, %y : tensor<130x70xbf16>, tensor<70x90xbf16> -> tensor<130x90xbf16>
    %2 = tessel.relu %1 : tensor<130x90xbf16>
    tessel.yield %2 : tensor<130x90xbf16>
  }
  return %0 : tensor<130x90xbf16>
}

func.func @model_stats(%x: tensor<8x32xf32>) -> (tensor<8x32xf32>, tensor<8xf32>) {
  %0:2 = tessel.kernel @stats(%x) : (tensor<8x32xf32>) -> (tensor<8x32xf32>, tensor<8xf32>) {
  ^bb0(%a: tensor<8x32xf32>):
    %1 = tessel.exp %a : tensor<8x32xf32>
    %2 = tessel.reduce max %a dims = [1] : tensor<8x32xf32> -> tensor<8xf32>
    tessel.yield %1, %2 : tensor<8x32xf32>, tensor<8xf32>
  }
  return %0#0, %0#1 : tensor<8x32xf32>, tensor<8xf32>
}
