//===- TesselBase.td - Tessel dialect, traits and type constraints --------===//
//
// The dialect definition and the pieces every Tessel op shares: the tensor
// type constraint (static shapes of f32, f16 or bf16) and native traits whose
// verifiers live in TesselTraits.h.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BASE_TD
#define TESSEL_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def Tessel_Dialect : Dialect {
  let name = "tessel";
  let cppNamespace = "::mlir::tessel";
  let summary = "Deep-learning operators, fused kernels and GPU targets";
  let description = [{
    The `tessel` dialect is the input language of Tessel. Its ops are
    deep-learning operators (matmul, convolution, attention, softmax, norms,
    elementwise chains, reductions) on statically shaped, ranked tensors of
    `f32`, `f16` or `bf16`. `tessel.kernel` groups ops that will become one GPU
    kernel; `#tessel.target` names the GPU to compile for and
    `#tessel.schedule` says how a kernel is tiled and mapped onto it.

    Every op checks its shapes, element types and attributes, and names the
    offending value in its diagnostic. Dynamic dimensions, other element types,
    zero-sized dimensions and tensors too large to address in 64 bits are
    rejected.

    A module states its GPU with the discardable attribute `tessel.target`:

    ```mlir
    module attributes {tessel.target = #tessel.target<"h100">} {
      func.func @ffn(%x: tensor<128x768xbf16>, %w: tensor<768x3072xbf16>)
          -> tensor<128x3072xbf16> {
        %y = tessel.matmul %x, %w
            : tensor<128x768xbf16>, tensor<768x3072xbf16> -> tensor<128x3072xbf16>
        %z = tessel.gelu tanh %y : tensor<128x3072xbf16>
        return %z : tensor<128x3072xbf16>
      }
    }
    ```
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// The name of the discardable attribute that holds a `#tessel.target`.
    static constexpr ::llvm::StringLiteral kTargetAttrName = "tessel.target";
    /// Marks a func.func that was a `tessel.kernel` (unit attribute).
    static constexpr ::llvm::StringLiteral kKernelAttrName = "tessel.kernel";
    /// The `#tessel.schedule` of an outlined kernel function.
    static constexpr ::llvm::StringLiteral kScheduleAttrName = "tessel.schedule";
    /// The `#tessel.prediction` for a kernel's chosen schedule.
    static constexpr ::llvm::StringLiteral kPredictionAttrName =
        "tessel.prediction";
    /// The next-best schedules, best first, kept for measurement.
    static constexpr ::llvm::StringLiteral kCandidatesAttrName =
        "tessel.candidates";
    /// Why a kernel's (hand-written) schedule has no prediction: the cost
    /// model's reason, as a string.
    static constexpr ::llvm::StringLiteral kUnpricedAttrName =
        "tessel.unpriced";
    /// Mark, inside a tiled kernel with `mma = wgmma`, a K step's operand
    /// copy (TMA) and its step (warpgroup MMA), for tessel-lower-wgmma
    /// (unit attributes).
    static constexpr ::llvm::StringLiteral kTmaCopyAttrName =
        "tessel.tma_copy";
    static constexpr ::llvm::StringLiteral kWgmmaStepAttrName =
        "tessel.wgmma_step";
    /// Marks the warp loop of a register-resident fused attention's key
    /// step with `mma = wgmma` (a unit attribute), or of a K step with `mma
    /// = wgmma` and a warp tile (the string kWarpgroupKStep): each warp's
    /// 16 x 8 x 16 pieces are its quarter of its warpgroup's wgmma
    /// instructions, which tessel-lower-mma issues. A K step's threads copy
    /// A's tile by rows, which in core matrices would put a warp's 16-byte
    /// stores 128 bytes apart, in the same banks: its A, like B, takes the
    /// 128-byte swizzle where its rows are whole 64-column boxes.
    static constexpr ::llvm::StringLiteral kWarpgroupKStep = "k_step";
    static constexpr ::llvm::StringLiteral kWarpgroupMmaAttrName =
        "tessel.warpgroup_mma";
    /// Marks an scf.for whose tensor-core products accumulate into block
    /// buffers that other threads read within each iteration (the fused
    /// attention kernel's key loop): tessel-hoist-accumulators leaves its
    /// accumulators in shared memory (unit attribute).
    static constexpr ::llvm::StringLiteral kSharedAccumulatorsAttrName =
        "tessel.shared_accumulators";
    /// Marks a block-level memref.alloc [threads, n] whose row t only
    /// thread t uses, through a subview at the thread loop's index (a row
    /// kernel's registers): tessel-map-to-gpu gives each thread a stack
    /// buffer [n] of its own instead (unit attribute).
    static constexpr ::llvm::StringLiteral kPerThreadAttrName =
        "tessel.per_thread";
    /// Marks the memref.extract_aligned_pointer_as_index whose address a
    /// wgmma descriptor with the 128-byte swizzle starts from
    /// (tessel-lower-mma's swizzled key and value tiles): the buffer it
    /// views starts on a 1024-byte boundary of shared memory, which
    /// tessel-dynamic-shared-memory and tessel-align-shared-memory see to
    /// (unit attribute).
    static constexpr ::llvm::StringLiteral kSwizzledTileAttrName =
        "tessel.swizzled_tile";
    /// Tags the inline PTX tessel-lower-mma writes for a wgmma chain with
    /// what it does ("fence", "mma", "commit" or "wait"), which
    /// tessel-hoist-accumulators and tessel-warpgroup-pipeline find it by
    /// (a string attribute of llvm.inline_asm).
    static constexpr ::llvm::StringLiteral kWgmmaAsmAttrName =
        "tessel.wgmma";
    /// Its values, in the order of passes/Passes.h's WgmmaAsm (past None).
    static constexpr ::llvm::StringLiteral kWgmmaAsmKinds[] = {
        "fence", "mma", "commit", "wait"};
    /// On a tessel.kernel with a split-K schedule (tessel-select-schedules'
    /// choice), and on the one kernel tessel-split-reduction makes of it:
    /// the `#tessel.schedule` of the split's sum, which runs in the partial
    /// kernel, in the last block of each output tile to finish, instead of
    /// in a kernel of its own.
    static constexpr ::llvm::StringLiteral kSumInKernelAttrName =
        "tessel.sum_in_kernel";
    /// On the two functions tessel-lower-to-linalg outlines such a kernel
    /// into (its partial and its sum), what tessel-combine-split-k needs to
    /// make them one function again: a dictionary of `kernel` (the name),
    /// `type` (its function type), `part` ("partial" or "sum"), `args` (for
    /// each of the function's parameters, inputs then results, the one of
    /// the kernel's it is) and `splits`.
    static constexpr ::llvm::StringLiteral kSplitPartAttrName =
        "tessel.split_part";

  private:
    /// Registers the attributes (TesselAttrs.cpp, beside their storage).
    void registerAttributes();

  public:
  }];
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def Tessel_Float : AnyTypeOf<[F32, F16, BF16], "f32, f16 or bf16">;

def Tessel_Tensor : StaticShapeTensorOf<[F32, F16, BF16]>;

//===----------------------------------------------------------------------===//
// Native traits (TesselTraits.h)
//===----------------------------------------------------------------------===//

// Every tensor operand and result has non-zero dimensions and a byte size that
// fits in a signed 64-bit integer.
def Tessel_AddressableTensors : NativeOpTrait<"AddressableTensors"> {
  let cppNamespace = "::mlir::tessel::OpTrait";
}

// A binary elementwise op whose operands broadcast numpy-style along trailing
// dimensions to the result shape, all with one element type.
def Tessel_BroadcastingElementwise : NativeOpTrait<"BroadcastingElementwise"> {
  let cppNamespace = "::mlir::tessel::OpTrait";
}

// An op of one operand mapping each element to one element of its result.
def Tessel_UnaryElementwise : NativeOpTrait<"UnaryElementwise"> {
  let cppNamespace = "::mlir::tessel::OpTrait";
}

class Tessel_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tessel_Dialect, mnemonic,
         !listconcat(traits, [Tessel_AddressableTensors])>;

#endif // TESSEL_BASE_TD
