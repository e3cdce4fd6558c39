//===- Passes.td - Tessel pass declarations --------------------------------===//
//
// Every Tessel pass is declared here (summary, description, typed options,
// dependent dialects) and defined in its own .cpp with GEN_PASS_DEF_*.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_TD
#define TESSEL_PASSES_TD

include "mlir/Pass/PassBase.td"

def TesselFormKernels : Pass<"tessel-form-kernels", "mlir::ModuleOp"> {
  let summary = "Group Tessel ops into tessel.kernel regions";
  let description = [{
    Puts the loose Tessel ops of every function into `tessel.kernel` regions,
    each of which becomes one GPU kernel. Contractions (matmul, batch_matmul,
    conv2d) and attention start a kernel; an elementwise op (unary, binary,
    cast, transpose) joins the kernel of a value it alone uses (epilogue:
    bias, activation, residual add, cast), or starts one that later
    elementwise ops join (chains), and then also takes in the kernel of
    another operand it alone reads where both hold elementwise ops alone
    (one kernel for `q * cos + rotate_half(q) * sin`); a concat, or a slice
    that gathers, joins only a kernel of elementwise ops (it computes the
    elements it reads in place: tessel-lower-to-linalg); softmax, layer_norm, rms_norm and reduce
    join a kernel of elementwise ops whose value they alone use (prologue),
    else start their own, and elementwise ops after them join as epilogues.
    An attention's query, key or value that is a transpose swapping heads
    and tokens (`permutation = [0, 2, 1, 3]`, a linear layer's output split
    into heads), used by the attention alone, joins the attention's kernel,
    which reads the transpose's input in place (as the transpose of its
    result, an epilogue, is written in place); such a transpose followed by
    elementwise ops (a rotary embedding: unary ops, casts, slices, concats,
    binary ops whose other operand is a splat or a table broadcast over
    heads or tokens) whose values only attentions read first moves below
    them, which then compute in the tokens' layout. Reshapes move no data
    and stay outside; existing kernels are kept. A
    reshape of a computed value moves below the elementwise op that alone
    uses it (a unary op or cast; a binary op whose other operand broadcasts
    over trailing dims the reshape keeps, or has the reshaped shape and is
    then read in the producer's; a transpose when the reshape only
    adds or drops dims of size 1), so that the op can join the producer's
    kernel.

    Each join is put to a fusion policy: `model` asks the cost model for the
    module's `tessel.target` (the op joins when the fused kernel, with its
    best schedule, is predicted no slower than the two kernels apart,
    launches included; where a candidate cannot be predicted, the rule
    decides); `rule` accepts every join above; `none` makes one kernel per
    op; `auto` (the default) is `model` when the module names a target and
    `rule` otherwise. Kernels are named `<function>_k<N>_<main op>`.

    The model policy also takes into a matmul's or batch_matmul's kernel
    the kernel of elementwise ops (unary ops, casts, broadcasting binary
    ops; no transpose, slice or concat) computing an operand that the
    contraction alone reads, where the one kernel, split along K where
    that pays, is predicted no slower than the two: the K step's copies
    compute that prologue on the way (a cast from f32 before a skinny
    bf16 matmul). Where one of them cannot be predicted, or with the rule
    policy, the contraction's kernel stays apart.

    The model policy also replaces an op by its parts where their kernels
    are predicted faster than the one: an attention by reshapes viewing the
    heads that share a key/value head as one batch, `batch_matmul` q k^T
    (f32), `softmax` with the attention's `scale` and `causal` (f32), v cast
    to f32, `batch_matmul`, cast to the result type; a convolution with
    `groups = 1` by `im2col` and a `matmul` with the filter viewed as
    [KH * KW * C, F] (a pointwise one by the matmul alone). `parts=always`
    replaces every such op by its parts, `parts=never` none.
  }];
  let options = [
    Option<"policy", "policy", "FusionPolicyKind",
           /*default=*/"FusionPolicyKind::Auto", "fusion policy",
           [{::llvm::cl::values(
             clEnumValN(FusionPolicyKind::Auto, "auto",
                        "model where the module has a target, else rule"),
             clEnumValN(FusionPolicyKind::Model, "model",
                        "the cost model decides each join and split"),
             clEnumValN(FusionPolicyKind::Rule, "rule",
                        "every legal epilogue and prologue joins"),
             clEnumValN(FusionPolicyKind::None, "none", "one kernel per op"))}]>,
    Option<"explain", "explain", "bool", /*default=*/"false",
           "with the model policy, a remark per decision with the predicted "
           "times (fused, and the two kernels apart)">,
    Option<"parts", "parts", "PartsPolicy",
           /*default=*/"PartsPolicy::Model",
           "when an attention or a convolution becomes its parts",
           [{::llvm::cl::values(
             clEnumValN(PartsPolicy::Model, "model",
                        "where the model policy predicts them faster"),
             clEnumValN(PartsPolicy::Always, "always",
                        "always (to compare them, or to check them)"),
             clEnumValN(PartsPolicy::Never, "never", "never"))}]>,
  ];
}

def TesselSelectSchedules : Pass<"tessel-select-schedules", "mlir::ModuleOp"> {
  let summary = "Choose each kernel's schedule with the cost model";
  let description = [{
    For every `tessel.kernel` without a schedule (every kernel with
    `reselect`), describes what it computes from its lowering to linalg,
    enumerates the schedules the code generator can emit for the module's
    `tessel.target` (today: SIMT block tiles of the two innermost parallel
    loops and 1 to 8 warps), predicts each with the cost model
    (docs/cost-model.md) and attaches the fastest as its `schedule`, with
    its `#tessel.prediction` in `tessel.prediction`. Ties go to the schedule
    whose time without the launch is shortest, then to one predicted from
    the target table's measured or cited figures alone (a prediction marked
    `uncalibrated`, where an estimate stood in, comes after), then whose
    throughput terms (compute, loads, DRAM, L2) add up to least, then to the
    first enumerated, so the choice is deterministic. A
    kernel that has a schedule keeps it and gets its prediction; where the
    model finds that schedule illegal on the target (an instruction class or
    pipelining the GPU lacks, more shared memory than a block may have), the
    kernel gets no prediction and a warning that says why, or, with
    `refit`, the model's choice and a remark. With `top-k=K` the
    next K-1 schedules, best first, are kept in `tessel.candidates` for
    measurement. With `rank=N` the N-th best is attached instead of the best
    (bench/ compiles the same kernel at several ranks and measures them).

    A kernel with one `tessel.matmul` is also priced split: for `split_k` =
    2, 3, 4, 6, 8, 12, 16 dividing K into slices of at least 64, as the two
    kernels `tessel-split-reduction` makes of it (the partial kernel with
    its best schedule, the sum kernel with its). Where a split is predicted
    faster than the best unsplit schedule (with `rank=0`), the kernel gets
    the split schedule (the partial's tiles, `split_k = S`) and the two
    kernels' prediction added up; a hand-written `split_k > 1` is priced the
    same way.
  }];
  let options = [
    Option<"topK", "top-k", "int64_t", /*default=*/"1",
           "keep this many best schedules (the chosen one included)">,
    Option<"reselect", "reselect", "bool", /*default=*/"false",
           "replace schedules already attached">,
    Option<"refit", "refit", "bool", /*default=*/"false",
           "replace an attached schedule that the cost model finds illegal "
           "on the target (a remark says why) instead of compiling it as "
           "written with a warning: a module tuned for one GPU compiled "
           "for another">,
    Option<"rank", "rank", "int64_t", /*default=*/"0",
           "attach the schedule ranked this (0 = the best; a kernel with "
           "fewer legal schedules gets its last): for measuring the ranking">,
  ];
  let dependentDialects = [
    "mlir::linalg::LinalgDialect",
    "mlir::tensor::TensorDialect",
  ];
}

def TesselSplitReduction : Pass<"tessel-split-reduction", "mlir::ModuleOp"> {
  let summary = "Emit split-K schedules as a partial and a sum kernel";
  let description = [{
    Every `tessel.kernel` whose schedule has `split_k = S > 1` shares its
    matmul's reduction among S blocks per output tile. This pass replaces it
    by two kernels. `@NAME_partial` computes the S partial products over
    consecutive K / S slices into an f32 tensor [S, M, N]: a
    `tessel.batch_matmul` of A viewed as [M, S, K / S] and permuted to
    [S, M, K / S] (the permutation is fused into the copies of A's tiles)
    and B viewed as [S, K / S, N]; it takes the schedule with a leading tile
    of 1 on every tile list and `split_k = 1`. `@NAME_sum` adds the
    partials (`tessel.reduce sum` over dim 0), casts to the matmul's element
    type and runs the rest of the kernel (its epilogue); it has no schedule,
    so `tessel-select-schedules` chooses one (the GPU pipelines run it again
    after this pass). Elementwise ops computing an operand from a kernel
    input (a cast of A) move to the partial kernel, on the views.

    ```mlir
    %y = tessel.kernel @k(%a, %b) : ... schedule = #tessel.schedule<
        block = [32, 32, 64], warps = 4, split_k = 4, mma = mma_sync> {...}
    // becomes
    %p = tessel.kernel @k_partial(%a, %b) : ... -> tensor<4xMxNxf32>
        schedule = #tessel.schedule<block = [1, 32, 32, 64], warps = 4,
                                    mma = mma_sync> {...}
    %y = tessel.kernel @k_sum(%p) : ... {...}
    ```

    A kernel that cannot be split is an error that says why: not exactly
    one `tessel.matmul` (a batch_matmul, a convolution, attention), S not
    dividing K, or an operand of the matmul computed in the kernel other
    than by elementwise ops of one input that feed only the matmul.

    Where `tessel-select-schedules` found the sum faster run in the partial
    kernel (it marks the kernel `tessel.sum_in_kernel = #tessel.schedule<
    block = [BM, BN], warps = W>`, the partial's tiles of M and N), the two
    become one kernel, `@NAME_split`: the partial's ops, then the sum's on
    the partial products, returning the sum's results, the partial products
    and the arrival counts ([M tiles, N tiles] f32, zeros), with the
    partial's schedule and the mark. Its halves are tiled apart
    (`tessel-lower-to-linalg` outlines them as `@NAME_split_partial` and
    `@NAME_split_sum`) and `tessel-combine-split-k` makes them one loop
    nest, so the sum launches no kernel of its own. A mark on a kernel
    whose matmul is followed by other than elementwise ops of its shape is
    an error.
  }];
  let dependentDialects = ["mlir::tessel::TesselDialect"];
}

def TesselCombineSplitK : Pass<"tessel-combine-split-k", "mlir::ModuleOp"> {
  let summary = "Run a split-K sum in the last blocks of its partial kernel";
  let description = [{
    After bufferization, makes the two functions `tessel-lower-to-linalg`
    outlined from a split kernel whose sum runs in its partial kernel
    (`@NAME_split`, see `tessel-split-reduction`; each half marked
    `tessel.split_part`) one kernel function `@NAME_split` with the
    kernel's parameters (inputs, then its results: the sum's, the partial
    products, the arrival counts). Its block loop is the partial's, over
    (split, M tiles, N tiles); after its partial products, each block
    counts its arrival at its tile (one thread's atomic add, between two
    device-scope fences: agent scope on AMD) and the block that arrives
    last resets the count and runs the sum kernel's block for that tile,
    its thread loops on linear thread ids. The host's two calls become one
    call; the arrival counts must hold zeros when the kernel starts, and
    do when it ends (tessel-compile marks them `zeroed` in the manifest).

    ```mlir
    // @k_split_partial: scf.forall (%s, %i, %j) in (4, 2, 3) {...}
    // @k_split_sum:     scf.forall (%i, %j) in (2, 3) {...}
    // become @k_split:
    scf.forall (%s, %i, %j) in (4, 2, 3) {
      ...                                  // the partial products
      scf.forall (%t) in (1) {             // the arrival
        %n = memref.atomic_rmw addf %one, %arrivals[%i, %j] ...
      }
      scf.if %last { ... }                 // the sum's block for (%i, %j)
    }
    ```

    The halves must tile alike (the sum's blocks those of the partial but
    for the split) and the sum must take no more threads than the
    partial's block holds; otherwise it is an error that names the half.
  }];
  let options = [
    Option<"onHost", "on-host", "bool", /*default=*/"false",
           "The kernel runs on the host (the CPU path, one block after "
           "another): it zeroes its arrival counts itself and needs no "
           "fences">,
  ];
  let dependentDialects = [
    "mlir::arith::ArithDialect",
    "mlir::gpu::GPUDialect",
    "mlir::LLVM::LLVMDialect",
    "mlir::linalg::LinalgDialect",
    "mlir::memref::MemRefDialect",
    "mlir::scf::SCFDialect",
  ];
}

def TesselSetTarget : Pass<"tessel-set-target", "mlir::ModuleOp"> {
  let summary = "Attach the GPU target to a module";
  let description = [{
    Resolves `target` (a built-in name such as `h100` or `mi300x`, or the
    path of a JSON target file ending in `.json`) and attaches it to the
    module as `tessel.target = #tessel.target<...>`, where every later pass
    and `tessel-compile` look for it. An unknown name or a bad file is an
    error that lists the known targets. A module that already names a
    different target is an error unless `override` is set.

    ```
    tessel-opt --tessel-set-target=target=h100 model.mlir
    ```
  }];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"",
           "GPU name from the target table, or a .json target file">,
    Option<"replaceExisting", "override", "bool", /*default=*/"false",
           "replace a target the module already names">,
  ];
  let dependentDialects = ["mlir::tessel::TesselDialect"];
}

def TesselLowerToLinalg : Pass<"tessel-lower-to-linalg", "mlir::ModuleOp"> {
  let summary = "Lower Tessel ops to linalg on tensors and outline kernels";
  let description = [{
    Replaces every Tessel op with linalg on tensors: `linalg.generic` with
    `arith`/`math` bodies for arithmetic (contractions, elementwise ops,
    reductions, softmax, norms, attention), `linalg.fill` for accumulator
    initialisation, `linalg.transpose`, and `tensor` pads and reshapes.
    Arithmetic is done in f32 whatever the storage type; contractions and
    reductions accumulate in f32 and the result is truncated once, at the end;
    multiplies and adds carry `fastmath<contract>` so LLVM may form FMAs.
    In a kernel, a gather (a concat, a slice that cannot read through an
    affine map: `tensor.extract` in a loop body) of a value the kernel
    computes elementwise computes that element in place (the producer's
    body at the gathered indices, its operands gathered in turn), so that
    every loop nest reads only kernel inputs and tiles alone.
    A kernel that is one `tessel.attention` alone keeps it: tessel-tile-and-
    fuse emits it as the fused attention kernel. An attention sharing its
    kernel with other ops lowers unfused: scores, masked softmax, weighted
    sum.

    Each `tessel.kernel` becomes a private `func.func` with the kernel's name,
    marked with the unit attribute `tessel.kernel` and carrying its
    `tessel.schedule`; the kernel op becomes a `func.call`. A kernel whose name
    is already taken in the module is an error.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect",
    "mlir::bufferization::BufferizationDialect",
    "mlir::func::FuncDialect",
    "mlir::linalg::LinalgDialect",
    "mlir::math::MathDialect",
    "mlir::tensor::TensorDialect",
  ];
}

def TesselTileAndFuse : Pass<"tessel-tile-and-fuse", "mlir::func::FuncOp"> {
  let summary = "Tile each kernel by its schedule and fuse its producers";
  let description = [{
    For every function marked `tessel.kernel` (see tessel-lower-to-linalg),
    tiles the ops whose results the kernel returns following its
    `#tessel.schedule` (tessel-select-schedules attaches the cost model's
    choice; a kernel without one is an error: this pass never invents a
    schedule) and fuses every producer
    into the tiles, at three levels: `scf.forall` over block tiles
    (`#gpu.block<linear_dim_i>`; `block` gives the tile of the innermost
    parallel loops, 1 for leading ones), `scf.forall` over the block's
    `warps * warp_size` threads (`#gpu.thread<x>`, `<y>`, `<z>`; the warp
    size comes from the module's `tessel.target`; with a `thread` tile,
    `block / thread` threads along each of up to three innermost loops, which
    must make `warps * warp_size`), and `scf.for` over each thread's elements
    one at a time. A reduction read with a broadcast (a softmax row's max
    and sum, a norm's mean and variance) is not fused into the element
    loops, where every element would recompute it. When the block tiles
    divide the root's loops, the block's threads compute it together
    (`tile_reduction_using_forall` over all of them, then each thread `t` of
    `T` given elements `t, t + T, ...` of the row, so that a warp's lanes
    read neighbouring elements: each reduces them into its slot of a
    partial-results tensor, which becomes shared
    memory; a tree then combines the slots in ceil(log2(threads)) steps, each
    a thread loop in which half the remaining partials of every row add the
    other half into a second buffer, the two buffers taking turns, and every
    reader reads its rows' results); otherwise each thread computes it once
    for the rows of its tile, element by element, accumulating.
    Partial tiles at the edges are bounded, not padded, so any shape works.

    A kernel that is one softmax along its innermost dim, one layer_norm or
    one rms_norm (its normalized trailing dims one row) becomes the row
    kernel, already on buffers (passes/tiling/RowKernel.h): `block = [R]`
    rows a block, `warps` and `vector` (elements a 16-byte access at most,
    dividing the row); each row's threads take its vectors cyclically,
    keep them in their own registers as f32 when they fit (a block buffer
    [threads, elements] marked `tessel.per_thread`, each thread using only
    its row), and run one thread loop per phase: the row in and a partial
    (maximum, sum, sum of squares) into shared memory; with more than 32
    threads a row, a loop in which a thread per 32 combines theirs; then
    every thread reads its row's statistic and the next phase runs on the
    values it kept, the last writing the row. Rows too long for registers
    are read again in each phase. A written schedule of the cooperative
    form (`block = [rows, row]`) keeps the path above.

    A kernel that is one `tessel.attention` alone becomes the fused
    attention kernel, already on buffers: `block = [Bq, Bkv]` gives a block
    per tile of `Bq` queries of one head (`scf.forall` over batch, head and
    query tile), which copies its queries into a block buffer and steps
    through the keys `Bkv` at a time (`scf.for`), each step five thread
    loops: copy the K and V tiles, S = q k^T scaled by scale * log2(e) and
    masked (micro-tiles per thread, each writing its rows' partial maxima),
    each row's new maximum and rescale factor, P = exp2(S - max) with
    partial sums, O = O * rescale + P v; then O is divided by the sums and
    stored. Causal key tiles past a query tile's last query are skipped;
    keys and queries past the ends read as zeros and are masked or dropped.
    With `mma = mma_sync` (bf16, f16) the two products run on tensor cores
    as warp-level 16x8x16 `vector.contract` pieces (`scf.forall` over
    `#gpu.warp<linear_dim_0>`: each warp a 16-row strip of the query tile
    and its share of the columns), accumulating into S and O in block
    buffers, K copied transposed, P entering the second product as two
    terms of the input type; the key loop is marked
    `tessel.shared_accumulators`. Its schedule takes only `block`, `warps`
    and `mma` (`simt` or `mma_sync`, one stage); anything else is an error.

    A `K` step (one `block` entry after those of the root's parallel loops)
    tiles the kernel's matmul or batch_matmul along its reduction: its
    accumulator becomes a block buffer (shared memory once mapped) zeroed by
    the threads, and an `scf.for` over the reduction copies each step's
    operand tiles into block buffers (thread loops over linear thread ids,
    any producer of an operand, such as a cast, fused into the copy); then
    each thread copies its part of the accumulator into a buffer of its own
    (registers once unrolled), runs the step with the reduction loop
    outermost (an outer product of a column of A and a row of B per k) and
    copies it back; a matmul that is the kernel's root then copies the
    accumulator to its output. Block buffers
    are allocated with the tile's static bound and viewed with its size, so
    remainder tiles work. A K step on a convolution, on a kernel with two
    contractions, or a `block` longer than the root's parallel loops plus
    one is an error. Without a K step, contractions read their operands
    from global memory.

    With `vector = V` (2, 4, 8 or 16), each thread's elements along the
    root's innermost loop are taken V at a time: the element loop there
    steps by V with static tiles, and the root and every elementwise op
    fused into the step become vector transfers and vector arithmetic (a
    value read along another loop, such as a row's max, is broadcast to the
    lanes; a transposed operand is read element by element); reductions and
    contractions fused into the step stay scalar loops. The root's loops
    must all be parallel, and the innermost loop's size, its block tile and
    each thread's share of the tile, ceil(tile / threads), must be multiples
    of V, so that every vector access is whole and starts at a multiple of
    V; otherwise the schedule is an error that says which. A K-stepped
    matmul that is itself the root takes no vector width.

    With `mma = mma_sync` and a `warp` tile [.., M, N, K] (K the K step), the
    step runs on tensor cores: an `scf.forall` over the block's warps
    (`#gpu.warp<linear_dim_i>`) gives each an M x N piece of the
    accumulator, over which it loops in 16 x 8 pieces, each read as a
    vector, updated by one 16x8x16 `vector.contract` (an mma.sync's shape)
    per 16 of the step with A's 16 x 16 and B's 16 x 8 pieces, and written
    back; tessel-lower-mma makes them mma.sync on the NVIDIA path. It needs
    an NVIDIA target of sm_80 or newer, bf16 or f16 inputs, row-major A and
    B, and a K step dividing K; otherwise it is an error that says which.
    Block tiles need not divide M and N: the last block along each is
    shifted back to overlap its neighbour (its offset becomes
    min(i * T, M - T)), so every tile is whole.

    With `mma = wgmma` and a `warp` tile [.., 16, N, K] (N the block's N;
    sm_90a, warps making whole warpgroups of 64 rows, N a multiple of 8 up
    to 256) the step is the same, with unpadded tiles and each warp's
    pieces in its warpgroup's order, unrolled: its accumulator pieces read,
    then per 16 of K one read of A's piece (from the block's tile at the
    warp's rows) and one contraction per 8 columns, then the pieces
    written; the warp loop is marked `tessel.warpgroup_mma = "k_step"`,
    and tessel-lower-mma issues the pieces as wgmma. It takes what TMA
    cannot load (a prologue fused into A's copy). Without a warp tile, `mma
    = wgmma` is the TMA step of tessel-lower-wgmma.

    With `stages = S` > 1 (NVIDIA sm_80 or newer) a K step's copies are
    software-pipelined: S shared-memory buffers per operand tile, the copies
    of S - 1 steps ahead issued before each step's compute
    (tessel-async-copies makes them cp.async).

    A schedule that sets the knobs the code generator does not emit
    (`split_k`, which tessel-split-reduction emits as two kernels, `mma`
    other than `simt` and `mma_sync`, a `warp` tile for SIMT) is refused.

    The pass validates the schedule, plans each root's tiling, then applies
    the plan: the block level as a transform script built with the
    transform ops' builders (`print-scripts` prints it), the rest in C++;
    passes/tiling/ holds one file per phase.

    A kernel holding an op that cannot be tiled (a reshape between two
    computations, for instance) is an error that names the op. Functions
    that are not kernels are left alone.
  }];
  let options = [
    Option<"onHost", "on-host", "bool", /*default=*/"false",
           "The kernels run on the host (the CPU path, one block after "
           "another): a split-KV attention zeroes its arrival counts itself, "
           "which no runner allocates for it, and needs no device fences">,
    Option<"printScripts", "print-scripts", "bool", /*default=*/"false",
           "print the transform script built for each kernel">,
  ];
  let dependentDialects = [
    "mlir::affine::AffineDialect",
    "mlir::arith::ArithDialect",
    "mlir::bufferization::BufferizationDialect",
    "mlir::gpu::GPUDialect",
    "mlir::linalg::LinalgDialect",
    "mlir::LLVM::LLVMDialect",
    "mlir::math::MathDialect",
    "mlir::memref::MemRefDialect",
    "mlir::scf::SCFDialect",
    "mlir::tensor::TensorDialect",
    "mlir::transform::TransformDialect",
    "mlir::vector::VectorDialect",
  ];
}

def TesselRasterBlocks : Pass<"tessel-raster-blocks", "mlir::func::FuncOp"> {
  let summary = "Start a kernel's blocks in groups of rows of tiles";
  let description = [{
    For a function whose schedule has `raster = G` (G > 1), after
    bufferization: each `scf.forall` mapped to GPU blocks, over n >= 2
    loops of tiles, becomes one loop over all its blocks (linear id, mapped
    to the grid's x, which the GPU starts in order) whose id is split back
    into the loops' indices with the last two loops (a matmul's rows and
    columns of tiles) walked in groups of G rows: within a group the ids go
    down its rows, then to the next column; the last group takes the rows
    that remain; leading loops (a batch) vary slowest. The blocks resident
    at once then cover about G rows and (blocks / G) columns of tiles, and
    read fewer input tiles from DRAM than a row-major order's one or two
    rows and every column (docs/cost-model.md term 5, which prices each
    order and chooses G). The CPU path runs the same loop, so
    `tessel-run --cpu --check` checks that every tile is computed once.

    ```mlir
    scf.forall (%i, %j) in (16, 86) { ... }   // raster = 8
    // becomes
    scf.forall (%id) in (1376) {
      %g = %id / 688, %first = %g * 8, %height = min(16 - %first, 8)
      %i = %first + (%id mod 688) mod %height
      %j = (%id mod 688) / %height
      ...
    } {mapping = [#gpu.block<linear_dim_0>]}
    ```

    A grid with one row of tiles (or G = 1) is left as it is. A block
    loop with dynamic bounds, non-zero lower bounds or steps other than 1,
    results (a kernel still on tensors), or fewer than two loops is an
    error.
  }];
  let dependentDialects = [
    "mlir::affine::AffineDialect",
    "mlir::arith::ArithDialect",
    "mlir::gpu::GPUDialect",
    "mlir::scf::SCFDialect",
  ];
}

def TesselMapToGpu : Pass<"tessel-map-to-gpu", "mlir::func::FuncOp"> {
  let summary = "Map each tiled, bufferized kernel to a gpu.launch";
  let description = [{
    For every function marked `tessel.kernel` whose loop nest comes from
    tessel-tile-and-fuse and has been bufferized: the `scf.forall` mapped to
    GPU blocks becomes the grid of a `gpu.launch` and the nested `scf.forall`
    mapped to threads its block (its static thread counts are the block
    size). Kernel outlining (`gpu-kernel-outlining`) follows in the
    `tessel-to-nvvm` and `tessel-to-rocdl` pipelines.

    A buffer of the block's own (allocated outside every thread loop: the
    partial results of a cooperative row reduction) becomes a workgroup
    attribution of the launch, shared memory; the thread mapping puts a
    barrier after each thread loop. A block buffer [threads, n] marked
    `tessel.per_thread` (a row kernel's registers) becomes instead one stack
    buffer [n] per thread, kept across the thread loops: each use must be a
    `memref.subview` at the thread loop's index, its thread's own row
    (anything else is an error). Per-thread scratch buffers already on the
    stack (`memref.alloca`) move to the start of the launch body, so each is
    one fixed slot rather than a dynamic allocation per loop iteration. With
    `private-scratch` they are also placed in `#gpu.address_space<private>`,
    which AMDGPU requires. `memref.copy` inside a launch becomes
    `linalg.copy` (loops; the runtime copy function exists on the host only).
    Vector transfers (a schedule's `vector`) become 1-D vector loads and
    stores; those of views of the kernel's arguments carry an alignment of
    their size, which tile-and-fuse guarantees, so that the backends emit
    16-byte accesses (ld.global.v4, global_load_dwordx4).

    A kernel still on tensors, or without a block loop, is an error.
  }];
  let options = [
    Option<"privateScratch", "private-scratch", "bool", /*default=*/"false",
           "put per-thread scratch in the private address space (AMDGPU)">,
  ];
  let dependentDialects = [
    "mlir::affine::AffineDialect",
    "mlir::gpu::GPUDialect",
    "mlir::memref::MemRefDialect",
    "mlir::scf::SCFDialect",
    "mlir::transform::TransformDialect",
  ];
}

def TesselAsyncCopies : Pass<"tessel-async-copies", "mlir::func::FuncOp"> {
  let summary = "Copy a pipelined K step's operand tiles with cp.async";
  let description = [{
    A kernel whose schedule sets `stages = S` (S > 1) copies each operand
    tile of its K step S - 1 steps ahead into one of S shared-memory buffers
    (tessel-tile-and-fuse; the register-resident fused attention does the
    same with its K and V tiles). After tessel-map-to-gpu, this pass makes
    those copies asynchronous for NVIDIA GPUs of sm_80 and newer: each load
    of a kernel argument whose only use is a store of the same 4, 8 or 16
    bytes into shared memory (or a select of it and zeros, stored: the
    attention's rows past the keys, for which the copy reads 0 bytes and
    cp.async fills zeros) becomes `nvgpu.device_async_copy` (cp.async;
    16-byte copies bypass L1), the copies of each step one group (one
    `nvgpu.device_async_create_group`, cp.async.commit_group, after the
    step's last copy loop, in the K loop and for each of the S - 1 steps
    its prologue copies; earlier copies, such as the attention's query
    tile, stay synchronous), and after the step's group the loop waits
    until at most S - 1 groups are in flight (`nvgpu.device_async_wait`),
    i.e. until the step it is about to compute has arrived; the barrier
    after it publishes the tiles to the block. All groups are drained after
    the loop. A K loop with no copies before it that follows a K loop
    copying into the same buffers (the register-resident attention's
    unmasked key steps, then its masked ones) continues that loop's
    pipeline: the first is not drained, and the copies in flight when it
    ends are the second's prologue.

    ```mlir
    %v = vector.load %a[%i, %j] : memref<64x256xbf16, ...>, vector<8xbf16>
    vector.store %v, %buf[%s, %r, %c] : memref<3x64x40xbf16, #gpu.address_space<workgroup>>, vector<8xbf16>
    // becomes
    %t = nvgpu.device_async_copy %a[%i, %j], %buf[%s, %r, %c], 8 {bypassL1} : ...
    ```

    Kernels with `stages = 1` are left alone. A pipelined kernel whose
    copies do not have this shape (a copy of another size, a K loop
    without the prologue's S - 1 steps of copies) is an error.
  }];
  let dependentDialects = ["mlir::nvgpu::NVGPUDialect"];
}

def TesselRegisterStagedCopies
    : Pass<"tessel-register-staged-copies", "mlir::func::FuncOp"> {
  let summary = "Stage a pipelined K step's next tiles in registers (AMD)";
  let description = [{
    AMD's CDNA has no asynchronous copy from global memory to LDS. A kernel
    whose schedule sets `stages = S` (2 or 3, on MFMA) copies each operand
    tile of its K step S - 1 steps ahead into another of S LDS buffers
    (tessel-tile-and-fuse). After tessel-map-to-gpu, this pass makes those
    copies overlap the step's math: each thread's copy loops in the K loop
    are unrolled, the loads stay at the top of the step, their stores into
    LDS (and the zeros chosen for a copy past the end) move after the
    step's MFMAs, just before the barrier that ends the step (they fill a
    buffer the step does not read; that barrier publishes it), and the
    barriers that separated the copies from the math, now guarding no LDS
    access, are dropped (a barrier's fence would wait for the loads in
    flight). With S = 3 each load moves one step earlier still: step k
    loads what step k + 1 stores, the K loop carrying the loaded values
    (`iter_args`) and the first step's loads issued before the loop, so
    that a load has two steps' math to arrive. The barrier that ends a
    step becomes `amdgpu.lds_barrier` (it waits for LDS accesses only,
    not for the loads in flight) where the step writes no global memory.
    The prologue's copies stay as they are, and so does a copy loop whose
    trip count depends on the thread (a tile of fewer vectors than the
    block has threads): synchronous, behind its barrier. The fused
    attention's shared-memory and register-resident forms on MFMA with
    `stages = 2` are staged the same way: its key loops copy the next key
    and value tiles into the other slots, and their loads stay ahead of
    the step's products.

    ```mlir
    scf.for %k = ... {
      %v = vector.load %a[...] : memref<...xbf16>, vector<8xbf16>
      vector.store %v, %buf[...] : memref<...xbf16, #gpu.address_space<workgroup>>, vector<8xbf16>
      gpu.barrier
      ... MFMAs on the other buffer ...
      gpu.barrier
    }
    // becomes (stages = 2)
    scf.for %k = ... {
      %v = vector.load %a[...] : memref<...xbf16>, vector<8xbf16>
      ... MFMAs on the other buffer ...
      vector.store %v, %buf[...] : ...
      amdgpu.lds_barrier
    }
    // or (stages = 3)
    %v0 = vector.load %a[... the first step's ...]
    scf.for %k = ... iter_args(%v = %v0) {
      %next = vector.load %a[... step k + 1's ...]
      ... MFMAs on another buffer ...
      vector.store %v, %buf[...] : ...
      amdgpu.lds_barrier
      scf.yield %next
    }
    ```

    Kernels with `stages = 1` are left alone; more stages (three or more
    steps ahead would hold as many tiles in registers), a K loop whose step
    does not end with a barrier, or, with three stages, a copy whose
    address depends on a value the K loop carries, is an error.
  }];
  let dependentDialects = ["mlir::amdgpu::AMDGPUDialect"];
}

def TesselMmaLdmatrix : Pass<"tessel-mma-ldmatrix", "mlir::func::FuncOp"> {
  let summary = "Load a tensor-core K step's A and B fragments with ldmatrix";
  let description = [{
    tessel-lower-mma loads each lane's fragments of a 16 x 16 piece of A
    with four 32-bit loads (rows g and g + 8, columns 2t and 2t + 8, g =
    lane / 4, t = lane % 4) and of a 16 x 8 piece of B with four 16-bit
    loads (rows 2t, 2t + 1, 2t + 8, 2t + 9 of column g). After
    tessel-map-to-gpu has put the operand tiles in shared memory, this pass
    loads the pieces with `nvgpu.ldmatrix` instead: a piece of A with one
    `.x4`, each lane pointing at row `lane % 16`, column `8 (lane / 16)` of
    the piece; two pieces of B side by side (columns n and n + 8, same K
    rows) with one `.x4.trans`, each lane at row (K) `lane % 16`, column
    `n + 8 (lane / 16)`; a lone piece of B with an `.x2.trans`
    (passes/MmaLayout.h; the registers it returns are the fragments, as the
    unit test MmaLayout.LdmatrixDeliversTheMmaFragments checks by emulating
    ldmatrix).
    A piece read by several mma.sync is loaded once. Fragments not loaded
    this way (not from shared memory, another lane arithmetic) are left as
    they are.

    ```mlir
    %p0 = vector.load %a[%g, %t2] : memref<32x32xbf16, ..., #gpu.address_space<workgroup>>, vector<2xbf16>
    ... three more, each bitcast to i32
    // becomes
    %m = nvgpu.ldmatrix %a[%row, %col] {numTiles = 4 : i32, transpose = false}
        : memref<32x32xbf16, ..., #gpu.address_space<workgroup>> -> vector<4x2xbf16>
    ```
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect",
    "mlir::gpu::GPUDialect",
    "mlir::nvgpu::NVGPUDialect",
    "mlir::vector::VectorDialect",
  ];
}

def TesselHoistAccumulators : Pass<"tessel-hoist-accumulators",
                                   "mlir::func::FuncOp"> {
  let summary = "Keep a K loop's accumulators in registers";
  let description = [{
    tessel-lower-mma loads each lane's fragments of the accumulator from the
    block's shared-memory tile before a K step's `nvvm.mma.sync` ops and
    stores them after, in every step. After tessel-map-to-gpu, the K loop is
    one thread's straight-line code and those addresses do not change with
    the step. This pass moves the loop-invariant address arithmetic out of
    every `scf.for` of a `gpu.launch` that runs mma.sync, loads each
    accumulator fragment once before the loop, carries it through the loop
    as an iter_arg (registers) and stores it once after the loop, followed
    by a `gpu.barrier` so that the epilogue's threads see every warp's
    fragments.

    ```mlir
    scf.for %k = %c0 to %cK step %c32 {
      %c = vector.load %acc[%r, %s] : memref<32x32xf32, ..., 3>, vector<2xf32>
      ... nvvm.mma.sync ... C[...%c...]
      vector.store %d, %acc[%r, %s] : memref<32x32xf32, ..., 3>, vector<2xf32>
      gpu.barrier
    }
    // becomes
    %c0v = vector.load %acc[%r, %s] : ...
    %c = scf.for %k = %c0 to %cK step %c32 iter_args(%c = %c0v) -> (vector<2xf32>) {
      ... nvvm.mma.sync ... C[...%c...]
      gpu.barrier
      scf.yield %d : vector<2xf32>
    }
    vector.store %c, %acc[%r, %s] : ...
    gpu.barrier
    ```

    The accumulators are the buffers the loop's mma.sync C operands are
    loaded from, directly or through side-effect-free arithmetic in the
    loop's body (the register-resident attention rescales O by a factor
    from its rows' maxima, kept in a second buffer: both are carried).
    MFMA's C vector and wgmma's accumulator registers count the same:
    tessel-lower-mma issues a warpgroup's wgmma chain as inline PTX whose
    accumulators are tied operands, reached from the loaded values through
    the fence before the chain (followed operand by operand, as it ties
    them); so do wgmma's A registers (the overlapped attention keeps each
    step's P in a buffer for the next step's product), and the buffers
    whose loads feed what the loop stores into an accumulator's buffer (O
    rescaled after its product by the factor from the maxima), and the
    buffers the loop stores what it computes from an accumulator into (a
    row's running sum, rescaled by the factor from its maximum).

    It is sound when, in the loop, the accumulators' buffers are read and
    written only by loads and stores in the loop's body, at addresses
    defined outside the loop, all between the same two barriers (two threads
    sharing an element there would race), and one thread's addresses are
    equal or provably disjoint (different shared-memory buffers, or
    indices that are the same sum of terms plus constants far enough
    apart). A loop running mma.sync whose accumulator breaks one of these
    is an error: the cost model assumes the accumulator stays in
    registers. A loop marked `tessel.shared_accumulators` (the
    fused attention kernel's key loop, whose products feed other threads
    within each iteration) is left as it is.

    Where all the launch does to the accumulator's buffer before the loop
    (which then lies directly in the launch) is fill it with zeros, the
    fragments start at zero instead of being loaded, and the fill moves
    after the loop: after a wait for the thread's cp.async copies and a
    barrier, before the fragments' stores and another barrier. Nothing
    touches the buffer while the loop runs, so tessel-dynamic-shared-memory
    may place it over the loop's stage buffers.

    Then, in the block that holds the loops, the loads and stores of their
    locations that remain (before the first loop, between two loops, after
    the last: a causal attention's unmasked and masked key loops and its
    last product) are forwarded: a load takes the value the thread last
    stored there in the block, or the constant its buffer was filled with
    before any of them (a fill that stores one constant into all of a
    buffer: O's zeros, the maxima's -inf); the stores go after all of it,
    where the rest of the block reads the buffers, behind a wait for the
    thread's cp.async copies and a barrier, with the fills moved there too
    (a fill or a store of a buffer nothing reads later is dropped). The
    locations are each a thread's own: each is one the loops carry and
    store. Where an access is not one of them (the epilogue, reading other
    threads' elements), forwarding stops: everything from there keeps its
    loads and stores. So the second loop starts from the first's registers,
    the buffers are untouched until every loop is done, and
    tessel-dynamic-shared-memory may place them over the tiles.

    On MFMA (a loop running `amdgpu.mfma`), a lane's loads in the loop's
    body of a workgroup buffer the loop only reads, at addresses defined
    outside the loop, move out of it: the register-resident attention's
    query tile, whose A fragments S = Q K^T took from LDS every step, is
    read once and its fragments held in registers, as the cost model
    prices them. They go right after the barrier that publishes the
    buffer's last write before the loop (in the block that holds the
    loop), with the side-effect-free index arithmetic they need, and a
    barrier follows them (one, shared by every loop whose loads move there:
    a causal attention's two key loops), so that the buffer is done before
    the first key tiles are written and tessel-dynamic-shared-memory may
    place those tiles over it. Without such a publishing barrier the loads
    stay in the loop. mma.sync keeps reloading them: on NVIDIA the
    register-resident attention is at ptxas's register limit, on MFMA the
    block's LDS binds first.

    A SIMT K step (`mma = simt`) has no matrix instruction: each thread
    copies its part of the block's accumulator tile from shared memory into
    its own buffer (a `memref.alloca`, registers once
    tessel-unroll-private-buffers has unrolled the loops indexing it), runs
    the step's k loop on that, and copies it back, every step. With
    `simt-accumulators` (the default), a loop whose body, at its top level,
    loads a workgroup buffer only to store the values into a thread's own
    buffer and stores it only from loads of one is handled as above, those
    loads and stores being the accumulator's: the part starts at zero after
    a zero fill, rides through the loop as iter_args and is stored once
    after it. An access of a one-element view (a subview of unit sizes) is
    compared at its view's source, the subview's offsets added (folded
    where computed from constants: an unrolled loop's lb + i * step), so
    that the copies in and out of the same element are one location. Where
    any access of the buffer in the loop is not at its top level (a
    remainder tile's copies, guarded by scf.if) or at an address that
    changes with the loop, or any condition above fails, the loop keeps
    its copies, with no error. The
    fill is dropped where the threads' stores cover the view of the tile
    that is the same in every thread.

    With `roll-simt-loops` (tessel-to-rocdl sets it), such a loop also gets
    an `llvm.loop_annotation` that disables LLVM's unrolling of it
    (`llvm.loop.unroll.disable` on its latch, which scf-to-cf and the LLVM
    translation carry): the AMDGPU backend otherwise unrolls a K loop of a
    few steps whole and, with the accumulators live across it, interleaves
    the steps' loads until they spill (a 4 x 8 f32 tile over a ragged K of
    five steps: 512 VGPRs and 2220 bytes of scratch, against 98 VGPRs
    rolled, and 202 copying every step). NVPTX keeps its own unrolling.
  }];
  let options = [
    Option<"simtAccumulators", "simt-accumulators", "bool",
           /*default=*/"true",
           "also keep a SIMT K step's accumulator in registers">,
    Option<"rollSimtLoops", "roll-simt-loops", "bool", /*default=*/"false",
           "keep LLVM from unrolling a K loop that carries a SIMT step's "
           "accumulator (AMDGPU)">,
  ];
  let dependentDialects = [
    "mlir::gpu::GPUDialect",
    "mlir::LLVM::LLVMDialect",
    "mlir::memref::MemRefDialect",
    "mlir::scf::SCFDialect",
    "mlir::vector::VectorDialect",
  ];
}

def TesselUnrollPrivateBuffers : Pass<"tessel-unroll-private-buffers",
                                      "mlir::func::FuncOp"> {
  let summary = "Unroll the loops that index a thread's private buffers";
  let description = [{
    A thread's own buffers inside a `gpu.launch` (`memref.alloca` in the
    default or the private address space: a SIMT K step's tile of the
    accumulator, a row kernel's scratch) are meant to be registers. NVPTX
    and AMDGPU keep an array in registers only when every access has a
    constant index; one indexed by a loop's induction variable stays in
    local (scratch) memory, where each access costs about what a global
    one does. This pass fully unrolls every `scf.for` with a constant trip
    count whose induction variable reaches an index of an access of such a
    buffer (through its views and the index arithmetic), innermost first,
    so that after canonicalization every index is a constant. Loops that
    only index shared or global memory (a SIMT K step's reduction loop)
    stay rolled.

    ```mlir
    %acc = memref.alloca() : memref<8x8xf32>
    scf.for %k = %c0 to %c64 step %c1 {
      scf.for %i = %c0 to %c8 step %c1 {
        scf.for %j = %c0 to %c8 step %c1 {
          %c = memref.load %acc[%i, %j] : memref<8x8xf32>
          ...
          memref.store %d, %acc[%i, %j] : memref<8x8xf32>
    // becomes: the %k loop with 64 copies of the body, %acc[0, 0] ...
    // %acc[7, 7]
    ```

    A loop that indexes a private buffer but has no constant trip count, or
    whose unrolled body would exceed `max-unrolled-ops` operations, stays
    rolled with a warning saying that its buffer stays in local memory. A
    `max-unrolled-ops` below 1 is an error.
  }];
  let options = [
    Option<"maxUnrolledOps", "max-unrolled-ops", "int64_t",
           /*default=*/"20000",
           "most operations one unrolled loop may hold">,
  ];
  let dependentDialects = ["mlir::scf::SCFDialect"];
}

def TesselLowerMma : Pass<"tessel-lower-mma"> {
  let summary = "Run a tensor-core K step's contractions as mma.sync or MFMA";
  let description = [{
    tessel-tile-and-fuse writes a tensor-core K step (`mma = mma_sync` or
    `mma = mfma`) as warp-level vector code: per warp, pieces of the
    accumulator, A and B read with `vector.transfer_read` from the step's
    buffers, one `vector.contract` per piece (bf16 or f16 inputs, f32
    accumulator), and the pieces written back. On bufferized IR, this pass
    gives every lane its fragment of each piece, loads them, runs one matrix
    instruction per piece and stores the result's fragments; an accumulator
    that is a zero constant starts at zero, loaded from nowhere. The piece's
    shape names the instruction:

    - 16x8x16 (A 16 x 16, B 16 x 8): `nvvm.mma.sync`, laid out as the PTX
      ISA lays out `mma.sync.aligned.m16n8k16.row.col` (lane l holds rows
      l / 4 and l / 4 + 8; A two consecutive elements of K per register, B
      two of K per register in column l / 4, the accumulator two of N).
    - 16x16x16 and 32x32x8: `amdgpu.mfma` (v_mfma_f32_16x16x16 and
      v_mfma_f32_32x32x8 on gfx90a/gfx94x, 64 lanes), laid out as the CDNA3
      ISA says: with M lanes a group, lane l holds four consecutive elements
      of K of A's row l % M and of B's column l % M from K = 4 (l / M), and
      runs of four rows of the accumulator's column l % M.

    On mma.sync, and on MFMA where a piece takes an A the lanes compute
    (P), the warp's other vector code in the block of its pieces is spread
    over the lanes as well (the register-resident fused attention's step:
    S, its mask, the rows' statistics, P and O's rescale never leave the
    warp). Each lane holds its four values of a
    16 x 8 piece (as the accumulator's fragment), its two values of a [16]
    vector of a piece's rows (rows l / 4 and l / 4 + 8) and of an [8]
    vector of its columns (columns 2 (l % 4) and 2 (l % 4) + 1), and one
    value of a splat. Elementwise arith and math ops run on the lane's
    values; `vector.step` and index progressions give the lane's rows or
    columns; `vector.broadcast` puts rows (as [16, 1], a
    `vector.shape_cast` of [16]) or columns across a piece;
    `vector.multi_reduction` over a piece's columns reduces the lane's two
    values of each row, then the four lanes that hold the row with
    `gpu.shuffle xor` 1 and 2, then the initial value; a piece read from
    or written to a row-major buffer is loaded or stored as an
    accumulator; two 16 x 8 pieces of bf16 or f16 put side by side with
    `vector.insert_strided_slice` (columns 0 and 8) are an A operand,
    packed from the lanes' values with no memory between (A's layout is
    two accumulator fragments side by side).

    On MFMA (16x16x16 pieces, 64 lanes) such a block issues every MFMA
    with its operands swapped (B's fragment as the instruction's A, A's as
    its B: D^T = B^T A^T), so that each accumulator is held by rows: lane
    l holds columns 4 (l / 16) .. + 3 of row l % 16, one value of a [16]
    vector of rows and four of a [16] vector of columns (which of the two
    a [16] vector is, its users say: a `vector.shape_cast` to [16, 1]
    takes rows, a `vector.broadcast` to a piece columns). A row's
    reduction is the lane's four values, then `gpu.shuffle xor` 16 and 32
    over the wavefront; a piece of bf16 or f16 computed in the lanes is
    the next product's A fragment as it is (passes/MfmaLayout.h,
    placeCByRows).

    A warp's block without pieces (a `scf.forall` over warps) that reads a
    buffer a block of pieces writes is spread over the lanes as that block
    holds its accumulators, so that each lane reads the elements it wrote
    there: the register-resident attention's epilogue on MFMA (O over its
    rows' sums, rounded to the input type), whose reads
    tessel-hoist-accumulators then takes from the key loops' registers. A
    block that reads what wgmma accumulated is an error.

    A B piece read transposed (from a buffer holding B as [N, K], a
    permutation map swapping the last two dims) is loaded as such: on
    mma.sync each register's pair is consecutive in a row of the buffer, one
    32-bit load; on MFMA a lane's four elements are, one 8-byte load.

    In a warp loop marked `tessel.warpgroup_mma` (the register-resident
    fused attention with `mma = wgmma`, sm_90a, or `= "k_step"`, a K step
    with `mma = wgmma` and a warp tile, the threads copying its tiles: each
    warp one 16-row strip, the warps whole warpgroups), the warp's pieces
    are its quarter of its
    warpgroup's `wgmma.mma_async` instructions. A run of pieces that share
    A and read B's consecutive 8-column pieces of one tile is one
    m64nNk16 (N = 8 x pieces; A read whole from a tile through a
    descriptor too, K-major, the warpgroup's 64 rows, or else from
    registers in mma.sync's A layout; D per warp is mma.sync's accumulator
    pieces side by side), and the runs
    that accumulate into each other (a product's 16-deep steps) are issued
    together as inline PTX: `fence.proxy.async` and `wgmma.fence` (tied to
    the registers they order), the instructions and `wgmma.commit_group`;
    the chain's `wgmma.wait_group N` (tied to the accumulators) goes where
    the warp first uses its results, N being the chains committed after it
    and before that point (the groups complete in order), so that the
    lanes' work in between runs while the chain does. Operands in tiles
    are read through matrix descriptors, each store into a tile moved to
    its place (passes/WgmmaLayout.h), the query and key tiles K-major and
    the value tile MN-major: a key or value tile of whole 64-column boxes
    (its width a multiple of 64, its rows of 8) laid out as TMA writes it,
    [rows, 64] boxes with the 128-byte swizzle (swizzledTileOffset; its
    address marked `tessel.swizzled_tile`, for the 1024-byte alignment the
    swizzle needs), so that tessel-warpgroup-pipeline may load it by TMA;
    the query tile and other tiles as 8 x 8 core matrices, no swizzle
    (coreMatrixOffset); a K step's A tile ("k_step") swizzled as B's where
    it is whole 64-column boxes, since its threads copy it by rows, whose
    16-byte stores would fall 128 bytes apart in core matrices, in one
    bank group. A K step's copies (`vector.transfer_write` of a row's
    vector into subviews of the tile) are first made stores into the tile
    itself. Any other read of such a tile is an error.

    A contraction of one of these shapes whose operands it cannot load or
    compute this way (not read from memory, not row-major, a vector the
    lanes cannot compute, such as a transpose or a reduction down a piece's
    rows) is an error. It runs on
    the GPU paths only: the CPU path runs the vector code.

    ```mlir
    %a = vector.transfer_read %A[%i, %k], %pad {in_bounds = [true, true]}
        : memref<64x32xbf16, 3>, vector<16x16xbf16>
    %d = vector.contract {...} %a, %b, %c
        : vector<16x16xbf16>, vector<16x8xbf16> into vector<16x8xf32>
    // becomes, per lane: 4 x i32 of A, 2 x i32 of B, 4 x f32 of C, and
    %r = nvvm.mma.sync A[...] B[...] C[...] {shape = #nvvm.shape<m = 16, n = 8, k = 16>, ...}
    ```
  }];
  let dependentDialects = [
    "mlir::amdgpu::AMDGPUDialect",
    "mlir::arith::ArithDialect",
    "mlir::gpu::GPUDialect",
    "mlir::LLVM::LLVMDialect",
    "mlir::memref::MemRefDialect",
    "mlir::NVVM::NVVMDialect",
    "mlir::vector::VectorDialect",
  ];
}

def TesselLowerWgmma : Pass<"tessel-lower-wgmma", "mlir::func::FuncOp"> {
  let summary = "Run a wgmma K step on TMA loads and warpgroup MMA (sm_90a)";
  let description = [{
    tessel-tile-and-fuse writes a K step with `mma = wgmma` as a loop whose
    body copies A's [M, 64] (or, a `transpose_lhs` A read in place, [64,
    M]) and B's [64, N] (or, a `transpose_rhs` B read in place, [N, 64])
    tiles of the kernel's arguments, or of one batch element of a
    batch_matmul's, into block buffers (`linalg.copy` marked `tessel.tma_copy`) and runs
    the block's matmul on them (marked `tessel.wgmma_step`, the
    accumulator in a shared-memory buffer); the CPU path runs that as it
    is. On a kernel mapped to a GPU launch (after tessel-map-to-gpu) this
    pass replaces the loop with the Hopper pipeline:

    - a TMA tensor map per operand, built on the host
      (`nvgpu.tma.create.descriptor`, 128-byte swizzle, out-of-bounds
      zero fill): A in [M, 64] boxes (MN-major: [64, 64] boxes, one per
      warpgroup), B in [64, 64] boxes or, K-major, one [N, 64] box (a batch_matmul's: [1, M, 64] and so on, 3-D maps
      whose third coordinate is the block's batch element);
    - `stages` shared-memory buffers per operand, in one buffer of the
      launch that the accumulator overlays after the loop (its zero fill
      goes: the registers start at zero), and one mbarrier per stage;
      thread 0
      issues each step's TMA loads with the stage's expected bytes, the
      first `stages` before the loop and step i + stages - 1 once step i -
      1's buffers are free;
    - per warpgroup (4 warps, 64 rows of the block), the accumulator in
      registers across the whole loop (`nvgpu.warpgroup.mma`, i.e.
      `wgmma.mma_async` m64nNk16 with descriptors into the swizzled
      buffers; an MN-major A or a K-major B takes one per 16-wide K slice,
      from descriptors at the slice's rows or columns), one wgmma group in
      flight
      while the next stage is waited for;
    - after the loop and a barrier, each warpgroup stores its
      accumulator into the shared-memory accumulator, where the kernel's
      epilogue reads it.

    A marked step it cannot rewrite (not in this form, fewer than 2
    stages, a target without wgmma) is an error: the marked ops must not
    reach the GPU as they are. It runs on the NVIDIA path only.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect",
    "mlir::gpu::GPUDialect",
    "mlir::memref::MemRefDialect",
    "mlir::nvgpu::NVGPUDialect",
    "mlir::NVVM::NVVMDialect",
    "mlir::scf::SCFDialect",
  ];
}

def TesselDynamicSharedMemory : Pass<"tessel-dynamic-shared-memory",
                                     "mlir::func::FuncOp"> {
  let summary = "Move a launch's shared memory past the static limit into "
                "dynamic shared memory";
  let description = [{
    A block may allocate only so much shared memory statically (48 KiB on
    sm_80: ptxas refuses more) but may opt into more at launch (163 KiB on
    the A100). Where a `gpu.launch`'s workgroup attributions (with its
    mbarriers) exceed the module target's
    `static_shared_mem_per_block_bytes`, this pass puts them in one
    `gpu.dynamic_shared_memory` buffer: each attribution becomes a
    `memref.view` of it at a 128-byte-aligned offset (1024 for one laid out
    with the 128-byte swizzle, a wgmma descriptor's address marked
    `tessel.swizzled_tile`: then the views start at the buffer's first
    1024-byte boundary, computed from its address, and the buffer is 1008
    bytes larger), and the launch's `dynamic_shared_memory_size` is their
    total. Buffers whose uses do not
    overlap share bytes: taken in the order of their first use (by position
    among the launch body's ops, a loop nest counting as one), each goes at
    the lowest offset clear of the buffers placed before it that are still
    in use, a buffer being done once a `gpu.barrier` follows its last use
    (with, for one that cp.async copies write, a wait for all of the
    thread's copies before that barrier). A tensor-core K loop's
    accumulator, which tessel-hoist-accumulators leaves untouched until the
    loop is over, thus overlays the loop's stage buffers. The total (with
    the mbarriers) must fit what a block may opt into
    (`shared_mem_per_block_bytes`; an error otherwise, which on such a
    target tessel-map-to-gpu leaves to this pass). tessel-compile records
    the size in the manifest (`dynamic_shared_memory_bytes`) and the
    runtime launches with it, raising the kernel's limit first.

    ```mlir
    gpu.launch ... workgroup(%a : memref<128x40xbf16, #gpu.address_space<workgroup>>,
                             %acc : memref<128x136xf32, #gpu.address_space<workgroup>>) {
    // becomes
    gpu.launch ... dynamic_shared_memory_size %c79872_i32 {
      %0 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %a = memref.view %0[%c0][] : ... to memref<128x40xbf16, #gpu.address_space<workgroup>>
      %acc = memref.view %0[%c10240][] : ... to memref<128x136xf32, #gpu.address_space<workgroup>>
    ```

    AMD's LDS has no such opt-in: there, a launch whose buffers exceed what
    a block may allocate (`shared_mem_per_block_bytes`, 64 KiB) gets the
    same placement in one static workgroup attribution of `i8` (the bytes
    the placed buffers take), each former attribution a `memref.view` of
    it, so that an MFMA K step's accumulator overlays its stage buffers.
    Within the limits (on either vendor), a launch's buffers get the same
    placement in one static buffer where that lets an SM hold more of its
    blocks (`Target::overlaysSharedMemory`: by their shared memory, at most
    `max_blocks_per_sm` and the SM's warps; the cost model counts the same),
    and are left as they are otherwise; so are a target's without a
    threshold, and any launch a TMA load writes into when within the
    limit. A buffer nothing uses takes no bytes. A buffer a TMA load
    writes into cannot move (TMA's swizzled destinations need 1024-byte
    alignment, which the dynamic buffer's base does not have): that is an
    error. A module without a target is left as it is.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect",
    "mlir::gpu::GPUDialect",
    "mlir::memref::MemRefDialect",
  ];
}

def TesselWarpgroupPipeline : Pass<"tessel-warpgroup-pipeline",
                                   "mlir::func::FuncOp"> {
  let summary = "Let a fused attention's warpgroups run apart on mbarriers "
                "and take turns on the tensor cores (sm_90a)";
  let description = [{
    The register-resident fused attention on wgmma (`mma = wgmma`,
    `stages` = S > 1) copies its key and value tiles with cp.async
    (tessel-async-copies), and each key step meets the whole block at two
    barriers: after the step's wait for its copies, and at its end. Two
    warpgroups a block thus issue their products together and wait through
    their softmax together, the tensor cores idle meanwhile. In each key
    loop of such a launch (a loop whose step waits for cp.async copies and
    issues wgmma chains), this pass, run after tessel-hoist-accumulators
    and tessel-dynamic-shared-memory:

    - gives the launch 2 S mbarriers (after its dynamic shared memory, or in
      a buffer of their own), `full[s]` and `done[s]`, each counting every
      thread of the block, initialized by thread 0 before a barrier;
    - has each thread's copies of a tile arrive on `full[tile % S]` as they
      land (`cp.async.mbarrier.arrive.noinc`), the prologue's tiles
      included, and the step wait for its tile's phase there (parity `(k /
      S) % 2`) instead of the wait and the barrier;
    - moves the step's copies (which refill step k - 1's slots) with what
      only they compute to after the step's products are issued, behind a
      wait for step k - 1's phase of `done`, and ends the step with an
      arrival on `done[k % S]` instead of the barrier;
    - where every copy of the key and value tiles (the prologue's and
      each step's) copies a whole tile of a global [batch, heads, keys,
      width] memref (identity layout, 16-bit, static) into a slot that
      tessel-lower-mma laid out with the 128-byte swizzle, loads them by
      TMA instead: thread 0 arrives on `full[s]` (which then counts it
      alone) expecting the tiles' bytes and issues one
      `cp.async.bulk.tensor.4d` per [rows, 64] box (out-of-bounds rows
      zero, as the copies' clamp and select make them), the tensor maps
      built on the host (`nvgpu.tma.create.descriptor`, 128-byte swizzle)
      and passed as kernel parameters, which the manifest describes; the
      threads' copies and their index arithmetic go, and after the loops
      every thread waits for the loads the last steps issued past the keys
      (cp.async's wait for every copy does not cover TMA), before anything
      is written over the tiles' bytes;
    - with two warpgroups, makes them take turns issuing their products:
      `bar.sync 1 + w, 256` before and `bar.arrive 2 - w, 256` after
      warpgroup w's issue, warpgroup 1 arriving once before the loops and
      warpgroup 0 taking that last arrival after them (FlashAttention-3's
      ping-pong: one warpgroup's softmax runs while the other's products
      do).

    A launch whose key loops do not have that shape (no barrier after the
    wait, no wgmma chain after it, a block of partial warpgroups or more
    than two) is an error; kernels of other schedules are left as they
    are.

    ```mlir
    scf.for %k = ... {
      nvgpu.device_async_copy ...          // tile k + S - 1
      %g = nvgpu.device_async_create_group
      nvgpu.device_async_wait %g {numGroups = ...}
      gpu.barrier
      llvm.inline_asm "fence.proxy.async...; wgmma.fence..."  // products
      ...
      gpu.barrier
    }
    // becomes
    scf.for %k = ... {
      llvm.inline_asm "...mbarrier.try_wait.parity..."        // full[k % S]
      llvm.inline_asm "bar.sync $0, $1;"                       // my turn
      llvm.inline_asm "fence.proxy.async...; wgmma.fence..."  // products
      llvm.inline_asm "bar.arrive $0, $1;"                     // its turn
      scf.if %k >= 1 { ...mbarrier.try_wait.parity... }        // done[k - 1]
      nvgpu.device_async_copy ...
      llvm.inline_asm "cp.async.mbarrier.arrive.noinc..."      // full[...]
      ...
      llvm.inline_asm "...mbarrier.arrive..."                  // done[k % S]
    }
    ```
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect",
    "mlir::gpu::GPUDialect",
    "mlir::LLVM::LLVMDialect",
    "mlir::memref::MemRefDialect",
    "mlir::scf::SCFDialect",
  ];
}

def TesselExternDynamicSharedMemory
    : Pass<"tessel-extern-dynamic-shared-memory", "mlir::gpu::GPUModuleOp"> {
  let summary = "Declare a kernel's dynamic shared memory as external";
  let description = [{
    The GPU-to-NVVM conversion lowers `gpu.dynamic_shared_memory` to a
    zero-length array in shared memory with internal linkage; the NVPTX
    backend demotes such a global into the kernel as a one-byte static
    `.shared` variable, and the kernel then addresses its dynamic
    allocation past that variable. This pass gives those globals
    (`__dynamic_shmem__N`) external linkage, so that the PTX declares
    `.extern .shared .align 16 .b8 __dynamic_shmem__N[]`, the dynamic
    allocation itself. Run after `convert-gpu-to-nvvm` (tessel-to-nvvm
    does).

    ```mlir
    llvm.mlir.global internal @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
    // becomes
    llvm.mlir.global external @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
    ```

    A global of that name that is not such an array (a size, another
    address space, a value) is an error.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def TesselKernelClusters : Pass<"tessel-kernel-clusters", "mlir::ModuleOp"> {
  let summary = "Compile each kernel launched in clusters for its cluster size";
  let description = [{
    A kernel launched in clusters of thread blocks (a wgmma schedule's
    `cluster = 2`: tessel-map-to-gpu gives its gpu.launch a cluster size,
    which kernel outlining keeps on the gpu.launch_func) gets that size as
    its gpu.func's `known_cluster_size`. The NVVM conversion makes it
    `nvvm.cluster_dim`, and the PTX states it (`.reqnctapercluster`): a
    plain launch of the kernel (the runtime's `cuLaunchKernel`, over a grid
    whose size is a multiple of the cluster's) then runs it in clusters, as
    its TMA multicast and cluster barriers need.

    ```mlir
    gpu.launch_func @k::@k clusters in (%c1, %c2, %c1) blocks in (%c3, %c2, %c1) ...
    gpu.func @k(...) kernel
    // becomes
    gpu.func @k(...) kernel attributes {known_cluster_size = array<i32: 1, 2, 1>}
    ```

    A cluster size that is not a positive constant, or a kernel launched in
    clusters of two sizes, is an error.
  }];
}

def TesselAlignSharedMemory : Pass<"tessel-align-shared-memory",
                                   "mlir::gpu::GPUModuleOp"> {
  let summary = "Align every kernel's shared-memory buffers";
  let description = [{
    Gives each workgroup attribution of each `gpu.func` (a buffer in shared
    memory, LDS on AMD) an alignment of `alignment` bytes (`llvm.align`, which
    the GPU-to-LLVM conversions put on the buffer's global), so that the
    wide accesses Tessel's kernels make into them are legal wherever the
    buffer is placed: the 8-byte accumulator pairs and 4-byte operand pairs
    of a tensor-core K step, the vector loads of a vector step. Without it a
    buffer of f32 is 4-byte aligned and an 8-byte access could fault. A
    buffer laid out with the 128-byte swizzle (a TMA load's destination, or
    a tile a swizzled wgmma descriptor reads: `tessel.swizzled_tile`) gets
    1024 bytes, the swizzle's period. An alignment set already is raised,
    never lowered.

    ```mlir
    gpu.func @k(...) workgroup(%acc : memref<64x72xf32, #gpu.address_space<workgroup>>) kernel
    // becomes
    gpu.func @k(...) workgroup(%acc : memref<64x72xf32, #gpu.address_space<workgroup>> {llvm.align = 16 : i64}) kernel
    ```

    An alignment that is not a power of two is an error.
  }];
  let options = [
    Option<"alignment", "alignment", "int64_t", /*default=*/"16",
           "bytes; a power of two">,
  ];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def TesselExpandMath : Pass<"tessel-expand-math"> {
  let summary = "Replace exp, tanh, erf and rsqrt by plain arithmetic";
  let description = [{
    Rewrites `math.exp`, `math.tanh` and `math.erf` into upstream's
    polynomial approximations, the `math.floor` these use (f32) into integer
    conversions, and `math.rsqrt` into a division by `math.sqrt`;
    `math.log2` (f32), which GPUs execute as one instruction (`v_log_f32`),
    becomes a call of the `llvm.log2.f32` intrinsic. A kernel then calls no
    device library. The ROCDL path runs it on each gpu.module.

    `math.exp2` of f32 (scalars, and 1-D vectors lane by lane) becomes the
    GPU's exponential instruction alone, which flushes subnormal results to
    zero: `llvm.amdgcn.exp2.f32` (one `v_exp_f32`), or with `nvvm`
    `llvm.nvvm.ex2.approx.ftz.f32` (one `MUFU.EX2`). `llvm.exp2.f32`, and
    libdevice's `exp2f` without FTZ, wrap that instruction in a fix-up of
    subnormal results: six instructions on gfx942 (LLVM 22), four on sm_90a
    (ptxas, CUDA 13), for every exp2 of every softmax. A result below
    2^-126 becomes 0 instead of a subnormal, which changes no softmax (each
    row's sum holds a term of 1). With `nvvm` nothing else is rewritten
    (libdevice covers the rest); the NVVM path runs it so on each
    gpu.module.
  }];
  let options = [
    Option<"nvvm", "nvvm", "bool", /*default=*/"false",
           "only math.exp2 (f32), as ex2.approx.ftz (NVIDIA GPUs)">,
  ];
  let dependentDialects = [
    "mlir::LLVM::LLVMDialect",
    "mlir::arith::ArithDialect",
    "mlir::math::MathDialect",
    "mlir::vector::VectorDialect",
  ];
}

#endif // TESSEL_PASSES_TD
