//===- TesselAttrs.td - Tessel enums and attributes -----------------------===//
//
// `#tessel.target` (which GPU) and `#tessel.schedule` (how one kernel is tiled
// and mapped), plus the enums the ops use. Hardware numbers are not here: a
// target attribute holds a name (and optionally a JSON file) that resolves
// against the cost model's target table.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_ATTRS_TD
#define TESSEL_ATTRS_TD

include "dialects/Tessel/TesselBase.td"

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def Tessel_GeluApproximation : I32EnumAttr<"GeluApproximation",
    "how gelu is computed", [
      I32EnumAttrCase<"Erf", 0, "erf">,
      I32EnumAttrCase<"Tanh", 1, "tanh">
    ]> {
  let cppNamespace = "::mlir::tessel";
}

def Tessel_ReduceKind : I32EnumAttr<"ReduceKind", "reduction combiner", [
      I32EnumAttrCase<"Sum", 0, "sum">,
      I32EnumAttrCase<"Max", 1, "max">,
      I32EnumAttrCase<"Mean", 2, "mean">
    ]> {
  let cppNamespace = "::mlir::tessel";
}

def Tessel_InstructionClass : I32EnumAttr<"InstructionClass",
    "instruction class that performs a kernel's multiply-adds", [
      I32EnumAttrCase<"Simt", 0, "simt">,
      I32EnumAttrCase<"MmaSync", 1, "mma_sync">,
      I32EnumAttrCase<"Wgmma", 2, "wgmma">,
      I32EnumAttrCase<"Mfma", 3, "mfma">
    ]> {
  let cppNamespace = "::mlir::tessel";
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

class Tessel_Attr<string name, string mnemonic_, list<Trait> traits = []>
    : AttrDef<Tessel_Dialect, name, traits> {
  let mnemonic = mnemonic_;
}

def Tessel_TargetAttr : Tessel_Attr<"Target", "target"> {
  let summary = "The GPU to compile and predict for";
  let description = [{
    Names a GPU from Tessel's target table (`h100`, `h200`, `a100`, `mi300x`,
    `mi250x`; `tessel-target list` prints them) or, with `json`, carries the
    whole description of a GPU Tessel does not know (the format `tessel-target
    show --json` writes: every value with its source). The attribute
    describes itself: `tessel-set-target=target=my_gpu.json` and the tools'
    `--target=my_gpu.json` read the file once and put its contents here, so
    the IR means the same wherever it is read, with or without the file.
    The verifier resolves the name (or parses the description), so an
    unknown GPU is an error at parse time, and the error lists the known
    names.

    ```mlir
    module attributes {tessel.target = #tessel.target<"h100">} {}
    module attributes {tessel.target = #tessel.target<"my_gpu", json = "{\"name\": \"my_gpu\", ...}">} {}
    ```
  }];
  let parameters = (ins
    StringRefParameter<"target name">:$name,
    StringRefParameter<"the GPU's description (JSON), for a GPU not "
                       "built in", "\"\"">:$json
  );
  let assemblyFormat = "`<` $name (`,` `json` `=` $json^)? `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The target: the built-in one of the name, or the one the attribute
    /// describes. Returns nullopt and sets `error` when it cannot (the
    /// verifier has then failed).
    std::optional<::mlir::tessel::Target> resolve(std::string &error) const;

    /// The attribute for a command-line target spec: a built-in name, or a
    /// .json file, read here once and carried as `json`. Null, with the
    /// reason in `error`, when the spec does not resolve.
    static TargetAttr fromSpec(::mlir::MLIRContext *context,
                               ::llvm::StringRef spec, std::string &error);
  }];
}

def Tessel_ScheduleAttr : Tessel_Attr<"Schedule", "schedule"> {
  let summary = "How one kernel is tiled and mapped onto the GPU";
  let description = [{
    A schedule gives the tile sizes at each level of the GPU hierarchy and the
    knobs the code generator turns:

    - `block`: the tile one thread block computes, one size per parallel
      loop of the kernel's root, innermost last (leading loops left out get
      1), then, for a kernel holding one matmul or batch_matmul, optionally
      its reduction step, the K step (for a matmul `[M, N, K]`);
    - `warp` (optional): the tile one warp computes, same rank as `block`;
      `block` must hold exactly `warps` warp tiles;
    - `thread` (optional): the tile one thread computes, same rank, dividing
      the warp tile (or the block tile where there is no warp tile);
    - `warps`: warps per block, 1 to 32;
    - `stages`: software pipeline depth for the reduction loop, 1 to 16;
    - `split_k`: how many blocks share one reduction, at least 1;
    - `raster` (optional, 1 when left out): the order blocks start in. 1:
      by linear id, the last parallel loop fastest. G > 1: grouped, over
      the last two parallel loops (a matmul's rows and columns of tiles):
      blocks walk down G rows of tiles, then to the next column, then the
      next G rows, so that the blocks resident at once share their input
      tiles in L2 (the model chooses G from the DRAM bytes each wave of
      blocks reads; docs/cost-model.md term 5);
    - `cluster` (optional, 1 when left out): thread blocks per cluster
      (sm_90a, `mma = wgmma` only): 2 pairs blocks of neighbouring rows of
      tiles, which share their B tile: each K step's B boxes are loaded
      once for the pair and multicast by TMA into both blocks' shared
      memory, halving B's traffic out of L2 (docs/cost-model.md term 5);
    - `vector`: elements per vector load or store: 1, 2, 4, 8 or 16;
    - `mma`: the instruction class, one of `simt`, `mma_sync`, `wgmma`, `mfma`.

    ```mlir
    #tessel.schedule<block = [128, 128, 32], warp = [64, 64, 32], warps = 4,
                     stages = 3, split_k = 1, vector = 8, mma = mma_sync>
    ```

    Whether a schedule fits a GPU (shared memory, registers) is the target's
    question and is answered when the schedule is used with one; this
    attribute checks only what holds on every GPU.
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t", "block tile">:$block,
    ArrayRefParameter<"int64_t", "warp tile">:$warp,
    ArrayRefParameter<"int64_t", "thread tile">:$thread,
    "int64_t":$warps,
    "int64_t":$stages,
    "int64_t":$splitK,
    "int64_t":$vector,
    "::mlir::tessel::InstructionClass":$mma,
    DefaultValuedParameter<"int64_t", "1",
        "rows of tiles a group of blocks walks (1: linear)">:$raster,
    DefaultValuedParameter<"int64_t", "1",
        "thread blocks per cluster (1: none)">:$cluster
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

// A double-precision value, printed and parsed as a float literal.
class Tessel_F64Parameter<string desc>
    : AttrOrTypeParameter<"::llvm::APFloat", desc> {
  let comparator = "$_lhs.bitwiseIsEqual($_rhs)";
  let parser = [{ [&]() -> ::mlir::FailureOr<::llvm::APFloat> {
    double value;
    if ($_parser.parseFloat(value))
      return ::mlir::failure();
    return ::llvm::APFloat(value);
  }() }];
  let printer = [{ $_printer << ::llvm::formatv("{0:e}",
                                                $_self.convertToDouble()) }];
}

// ... that may be left out, meaning 0 (not printed when 0).
class Tessel_OptionalF64Parameter<string desc> : Tessel_F64Parameter<desc> {
  let defaultValue = "::llvm::APFloat(0.0)";
}

def Tessel_PredictionAttr : Tessel_Attr<"Prediction", "prediction"> {
  let summary = "The cost model's prediction for a kernel's schedule";
  let description = [{
    What `tessel-select-schedules` predicted for a kernel's schedule (see
    docs/cost-model.md): the time in microseconds, the binding limit
    (`compute`, `loads`, `dram`, `l2`, `latency`, `blocks` or `launch`),
    each term, the best time
    the target's measured figures allow for the same work
    (`achievable_us`), the fraction of the compute class's peak, occupancy,
    waves and blocks, the useful flops and DRAM bytes, whether a figure
    the model needs was missing from the target (`uncalibrated`), and the
    registers per thread it estimates (which bound occupancy; compared with
    ptxas's by bench/registers.py), and of the achievable time the part its
    flops alone need (`achievable_compute_us`, which tessel-compile's total
    line adds up per function).

    ```mlir
    #tessel.prediction<time_us = 12.5, bound = "dram", compute_us = 3.1,
                       loads_us = 4.0, dram_us = 11.5, l2_us = 2.0, launch_us = 1.0,
                       latency_us = 6.0, blocks_us = 0.5, achievable_us = 10.2, fraction_of_peak = 0.04,
                       occupancy = 1.0, waves = 0.73, blocks = 1536,
                       flops = 1.0e6, dram_bytes = 3.1e7, uncalibrated = false,
                       registers = 40, achievable_compute_us = 0.02>
    ```
  }];
  let parameters = (ins
    Tessel_F64Parameter<"predicted time (us)">:$time_us,
    StringRefParameter<"binding limit">:$bound,
    Tessel_F64Parameter<"compute term (us)">:$compute_us,
    Tessel_F64Parameter<"L1 load term (us)">:$loads_us,
    Tessel_F64Parameter<"DRAM term (us)">:$dram_us,
    Tessel_F64Parameter<"L2 term (us)">:$l2_us,
    Tessel_F64Parameter<"launch overhead (us)">:$launch_us,
    Tessel_F64Parameter<"dependent-load latency term (us)">:$latency_us,
    Tessel_F64Parameter<"per-block cost term (us)">:$blocks_us,
    Tessel_F64Parameter<"best achievable time for the work (us)">:$achievable_us,
    Tessel_F64Parameter<"fraction of peak">:$fraction_of_peak,
    Tessel_F64Parameter<"occupancy">:$occupancy,
    Tessel_F64Parameter<"waves">:$waves,
    "int64_t":$blocks,
    Tessel_F64Parameter<"useful floating-point operations">:$flops,
    Tessel_F64Parameter<"DRAM bytes moved">:$dram_bytes,
    "bool":$uncalibrated,
    DefaultValuedParameter<"int64_t", "0",
        "registers per thread the model estimates (0: not given)">:$registers,
    Tessel_OptionalF64Parameter<
        "the flops at the achievable peak alone (us)">:$achievable_compute_us
  );
  let assemblyFormat = "`<` struct(params) `>`";
}

#endif // TESSEL_ATTRS_TD
