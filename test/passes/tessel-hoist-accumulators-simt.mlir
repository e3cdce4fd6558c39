// tessel-hoist-accumulators keeps a SIMT K step's accumulator in registers
// through the K loop where each thread's part of it is static: the step's
// copies of that part in and out of the block's shared-memory tile, which
// tessel-unroll-private-buffers unrolls, then run unguarded at the loop's
// top level. The part starts at zero (the tile is only zero-filled before
// the loop) and is stored once after it. A remainder tile's copies are
// guarded (scf.if), and stay in the loop, copied every step; so do those
// of a step that is the whole reduction (no loop). The cost model decides
// the same cases the same way (simtAccumulatorInRegisters, its unit test
// SimtAccumulatorsStayInRegistersWhereEachThreadsPartIsStatic), and counts
// the accumulator's buffer over the stage buffers where that lets an SM
// hold more blocks, as tessel-dynamic-shared-memory places it.
// RUN: tessel-run %s --cpu --check | FileCheck %s
// RUN: tessel-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(tessel-to-nvvm{target=h100})' --mlir-print-ir-after=tessel-hoist-accumulators -o /dev/null 2>&1 | FileCheck %s --check-prefix=HOIST
// NVPTX keeps its own unrolling: no loop annotation.
// RUN: tessel-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(tessel-to-nvvm{target=h100})' --mlir-print-ir-after=tessel-hoist-accumulators -o /dev/null 2>&1 | FileCheck %s --check-prefix=NVROLL
// NVROLL: func.func private @k_divides(
// NVROLL-NOT: loop_annotation
// On the MI300X (64-lane wavefronts, one stage) the same kernels carry
// their accumulators, in K loops that tessel-to-rocdl's roll-simt-loops
// keeps LLVM from unrolling: unrolled whole, @ragged_k's five steps took
// 512 VGPRs and 2220 bytes of scratch; rolled, 98 and none while each
// step's k loop ran to min(K - k, 16). With the whole steps' k loops of a
// static 16, which the backend unrolls, it takes 254 (@divides: 250).
// RUN: sed -e 's/"h100"/"mi300x"/' -e 's/warps = 2/warps = 1/' -e 's/warps = 4/warps = 2/' -e 's/stages = 3/stages = 1/' %s > %t.amd.mlir
// RUN: tessel-opt %t.amd.mlir --mlir-disable-threading --pass-pipeline='builtin.module(tessel-to-rocdl{target=mi300x})' --mlir-print-ir-after=tessel-hoist-accumulators -o /dev/null 2>&1 | FileCheck %s --check-prefix=AMD
// AMD-LABEL: func.func private @k_divides(
// AMD: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32,
// AMD: } {loop_annotation = #llvm.loop_annotation<unroll = <disable = true>>}
// AMD-LABEL: func.func private @k_ragged_k(
// AMD: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32,
// AMD: } {loop_annotation = #llvm.loop_annotation<unroll = <disable = true>>}
// AMD-LABEL: func.func private @k_one_step(
// AMD-NOT: iter_args
// AMD-LABEL: func.func private @k_ragged_n(
// AMD-NOT: iter_args
// AMD-LABEL: func.func private @k_ragged_m(
// AMD-NOT: iter_args
// AMD-LABEL: func.func private @k_narrow_m24(
// AMD: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32,
// AMD: } {loop_annotation = #llvm.loop_annotation<unroll = <disable = true>>}
// AMD-LABEL: func.func private @k_narrow_m20(
// AMD-NOT: iter_args
// AMD-LABEL: func.func private @k_narrow_n96(
// AMD: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32,
// AMD: } {loop_annotation = #llvm.loop_annotation<unroll = <disable = true>>}
// AMD-LABEL: func.func private @k_narrow_n100(
// AMD-NOT: iter_args
// AMD-LABEL: func.func private @k_stages3(
// AMD: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32,
// AMD: } {loop_annotation = #llvm.loop_annotation<unroll = <disable = true>>}
// AMD-LABEL: func.func private @k_epilogue(
// AMD: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32,
// AMD: } {loop_annotation = #llvm.loop_annotation<unroll = <disable = true>>}
// They compile, with no thread's values in local memory:
// RUN: rm -rf %t && tessel-compile %s --target=h100 -o %t | FileCheck %s --check-prefix=GPU
// RUN: rm -rf %t.rocm && tessel-compile %t.amd.mlir --target=mi300x -o %t.rocm | FileCheck %s --check-prefix=GPU

// CHECK-NOT: MISMATCH
// CHECK: all outputs match the reference
// GPU: tessel-compile: 11 GPU kernel(s)
// GPU-NOT: bytes of local memory

// HOIST-LABEL: func.func private @k_divides(
// HOIST: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32,
// K = 70 in steps of 16: the loop takes the four whole steps, the rest of
// K (6) is one step after it, its accumulator copied in and out.
// HOIST-LABEL: func.func private @k_ragged_k(
// HOIST: scf.for {{.*}} = %c0 to %c64 step %c16 iter_args({{.*}}) -> (f32, f32,
// HOIST: scf.for %{{.*}} = %c0 to %c6 step %c1 {
// HOIST-LABEL: func.func private @k_one_step(
// HOIST-NOT: iter_args
// HOIST-LABEL: func.func private @k_ragged_n(
// HOIST-NOT: iter_args
// HOIST-LABEL: func.func private @k_ragged_m(
// HOIST-NOT: iter_args
// HOIST-LABEL: func.func private @k_narrow_m24(
// HOIST: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32,
// HOIST-LABEL: func.func private @k_narrow_m20(
// HOIST-NOT: iter_args
// HOIST-LABEL: func.func private @k_narrow_n96(
// HOIST: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32,
// HOIST-LABEL: func.func private @k_narrow_n100(
// HOIST-NOT: iter_args
// HOIST-LABEL: func.func private @k_stages3(
// HOIST: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32,
// HOIST-LABEL: func.func private @k_epilogue(
// HOIST: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32,

module attributes {tessel.target = #tessel.target<"h100">} {
  // Tiles that divide M and N: in registers.
  func.func @divides(%a: tensor<128x64xf32>, %b: tensor<64x128xf32>) -> tensor<128x128xf32> {
    %r = tessel.kernel @k_divides(%a, %b) : (tensor<128x64xf32>, tensor<64x128xf32>) -> tensor<128x128xf32>
        schedule = #tessel.schedule<block = [32, 64, 16], thread = [4, 8, 16], warps = 2, stages = 1, mma = simt> {
    ^bb0(%k_a: tensor<128x64xf32>, %k_b: tensor<64x128xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<128x64xf32>, tensor<64x128xf32> -> tensor<128x128xf32>
      tessel.yield %0 : tensor<128x128xf32>
    }
    return %r : tensor<128x128xf32>
  }

  // K need not divide the step (its last step is partial).
  func.func @ragged_k(%a: tensor<128x70xf32>, %b: tensor<70x128xf32>) -> tensor<128x128xf32> {
    %r = tessel.kernel @k_ragged_k(%a, %b) : (tensor<128x70xf32>, tensor<70x128xf32>) -> tensor<128x128xf32>
        schedule = #tessel.schedule<block = [32, 64, 16], thread = [4, 8, 16], warps = 2, stages = 1, mma = simt> {
    ^bb0(%k_a: tensor<128x70xf32>, %k_b: tensor<70x128xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<128x70xf32>, tensor<70x128xf32> -> tensor<128x128xf32>
      tessel.yield %0 : tensor<128x128xf32>
    }
    return %r : tensor<128x128xf32>
  }

  // One step: no loop to carry it through.
  func.func @one_step(%a: tensor<128x16xf32>, %b: tensor<16x128xf32>) -> tensor<128x128xf32> {
    %r = tessel.kernel @k_one_step(%a, %b) : (tensor<128x16xf32>, tensor<16x128xf32>) -> tensor<128x128xf32>
        schedule = #tessel.schedule<block = [32, 64, 16], thread = [4, 8, 16], warps = 2, stages = 1, mma = simt> {
    ^bb0(%k_a: tensor<128x16xf32>, %k_b: tensor<16x128xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<128x16xf32>, tensor<16x128xf32> -> tensor<128x128xf32>
      tessel.yield %0 : tensor<128x128xf32>
    }
    return %r : tensor<128x128xf32>
  }

  // A remainder tile along N: guarded copies.
  func.func @ragged_n(%a: tensor<64x64xf32>, %b: tensor<64x200xf32>) -> tensor<64x200xf32> {
    %r = tessel.kernel @k_ragged_n(%a, %b) : (tensor<64x64xf32>, tensor<64x200xf32>) -> tensor<64x200xf32>
        schedule = #tessel.schedule<block = [32, 64, 16], thread = [4, 8, 16], warps = 2, stages = 1, mma = simt> {
    ^bb0(%k_a: tensor<64x64xf32>, %k_b: tensor<64x200xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<64x64xf32>, tensor<64x200xf32> -> tensor<64x200xf32>
      tessel.yield %0 : tensor<64x200xf32>
    }
    return %r : tensor<64x200xf32>
  }

  // A remainder tile along M: guarded copies.
  func.func @ragged_m(%a: tensor<100x64xf32>, %b: tensor<64x128xf32>) -> tensor<100x128xf32> {
    %r = tessel.kernel @k_ragged_m(%a, %b) : (tensor<100x64xf32>, tensor<64x128xf32>) -> tensor<100x128xf32>
        schedule = #tessel.schedule<block = [32, 64, 16], thread = [4, 8, 16], warps = 2, stages = 1, mma = simt> {
    ^bb0(%k_a: tensor<100x64xf32>, %k_b: tensor<64x128xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<100x64xf32>, tensor<64x128xf32> -> tensor<100x128xf32>
      tessel.yield %0 : tensor<100x128xf32>
    }
    return %r : tensor<100x128xf32>
  }

  // M smaller than its tile, split evenly over its 8 threads (3 rows each).
  func.func @narrow_m24(%a: tensor<24x64xf32>, %b: tensor<64x128xf32>) -> tensor<24x128xf32> {
    %r = tessel.kernel @k_narrow_m24(%a, %b) : (tensor<24x64xf32>, tensor<64x128xf32>) -> tensor<24x128xf32>
        schedule = #tessel.schedule<block = [32, 64, 16], thread = [4, 8, 16], warps = 2, stages = 1, mma = simt> {
    ^bb0(%k_a: tensor<24x64xf32>, %k_b: tensor<64x128xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<24x64xf32>, tensor<64x128xf32> -> tensor<24x128xf32>
      tessel.yield %0 : tensor<24x128xf32>
    }
    return %r : tensor<24x128xf32>
  }

  // M smaller than its tile, not split evenly: guarded.
  func.func @narrow_m20(%a: tensor<20x64xf32>, %b: tensor<64x128xf32>) -> tensor<20x128xf32> {
    %r = tessel.kernel @k_narrow_m20(%a, %b) : (tensor<20x64xf32>, tensor<64x128xf32>) -> tensor<20x128xf32>
        schedule = #tessel.schedule<block = [32, 64, 16], thread = [4, 8, 16], warps = 2, stages = 1, mma = simt> {
    ^bb0(%k_a: tensor<20x64xf32>, %k_b: tensor<64x128xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<20x64xf32>, tensor<64x128xf32> -> tensor<20x128xf32>
      tessel.yield %0 : tensor<20x128xf32>
    }
    return %r : tensor<20x128xf32>
  }

  // N smaller than its tile, split evenly over its 16 threads.
  func.func @narrow_n96(%a: tensor<64x64xf32>, %b: tensor<64x96xf32>) -> tensor<64x96xf32> {
    %r = tessel.kernel @k_narrow_n96(%a, %b) : (tensor<64x64xf32>, tensor<64x96xf32>) -> tensor<64x96xf32>
        schedule = #tessel.schedule<block = [32, 128, 16], thread = [4, 8, 16], warps = 4, stages = 1, mma = simt> {
    ^bb0(%k_a: tensor<64x64xf32>, %k_b: tensor<64x96xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<64x64xf32>, tensor<64x96xf32> -> tensor<64x96xf32>
      tessel.yield %0 : tensor<64x96xf32>
    }
    return %r : tensor<64x96xf32>
  }

  // N smaller than its tile, not split evenly: guarded.
  func.func @narrow_n100(%a: tensor<64x64xf32>, %b: tensor<64x100xf32>) -> tensor<64x100xf32> {
    %r = tessel.kernel @k_narrow_n100(%a, %b) : (tensor<64x64xf32>, tensor<64x100xf32>) -> tensor<64x100xf32>
        schedule = #tessel.schedule<block = [32, 128, 16], thread = [4, 8, 16], warps = 4, stages = 1, mma = simt> {
    ^bb0(%k_a: tensor<64x64xf32>, %k_b: tensor<64x100xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<64x64xf32>, tensor<64x100xf32> -> tensor<64x100xf32>
      tessel.yield %0 : tensor<64x100xf32>
    }
    return %r : tensor<64x100xf32>
  }

  // Three stages (cp.async): in registers.
  func.func @stages3(%a: tensor<128x128xf32>, %b: tensor<128x128xf32>) -> tensor<128x128xf32> {
    %r = tessel.kernel @k_stages3(%a, %b) : (tensor<128x128xf32>, tensor<128x128xf32>) -> tensor<128x128xf32>
        schedule = #tessel.schedule<block = [32, 64, 16], thread = [4, 8, 16], warps = 2, stages = 3, mma = simt> {
    ^bb0(%k_a: tensor<128x128xf32>, %k_b: tensor<128x128xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<128x128xf32>, tensor<128x128xf32> -> tensor<128x128xf32>
      tessel.yield %0 : tensor<128x128xf32>
    }
    return %r : tensor<128x128xf32>
  }

  // An epilogue reads the tile after the loop, other threads' elements
  // too: the stores after the loop publish it (a barrier).
  func.func @epilogue(%a: tensor<128x64xf32>, %b: tensor<64x128xf32>, %bias: tensor<128xf32>) -> tensor<128x128xf32> {
    %r = tessel.kernel @k_epilogue(%a, %b, %bias) : (tensor<128x64xf32>, tensor<64x128xf32>, tensor<128xf32>) -> tensor<128x128xf32>
        schedule = #tessel.schedule<block = [32, 64, 16], thread = [4, 8, 16], warps = 2, stages = 1, mma = simt> {
    ^bb0(%k_a: tensor<128x64xf32>, %k_b: tensor<64x128xf32>, %k_bias: tensor<128xf32>):
      %0 = tessel.matmul %k_a, %k_b : tensor<128x64xf32>, tensor<64x128xf32> -> tensor<128x128xf32>
      %1 = tessel.add %0, %k_bias : tensor<128x128xf32>, tensor<128xf32> -> tensor<128x128xf32>
      %2 = tessel.relu %1 : tensor<128x128xf32>
      tessel.yield %2 : tensor<128x128xf32>
    }
    return %r : tensor<128x128xf32>
  }
}
