//===- CombineSplitK.cpp - tessel-combine-split-k -------------------------===//
//
// A split-K kernel whose sum runs in its partial kernel (see
// passes/SplitReduction.h, combineSplit) is tiled as its two halves, each
// a kernel function of its own (tessel-lower-to-linalg, expandSplit). After
// bufferization this pass makes them one function again, named after the
// kernel, whose one block loop is the partial's over (split, M tiles,
// N tiles), followed in each block by:
//
//   the arrival: one thread adds 1 to the tile's count (an atomic add,
//     between two device-scope fences that publish the block's partial
//     products and, in the last block, order the others' before its reads)
//     and keeps what it read in a block buffer (shared memory); the last
//     block resets the count for the next launch;
//   the sum: in the block that read splits - 1, the sum kernel's block for
//     the same tile, whose thread loops take linear thread ids (they fit
//     the partial's block of threads, whose shape they need not have).
//
// The host's two calls become one; the arrival counts are the kernel's last
// result, which the runners allocate zeroed (on the host, the kernel zeroes
// them first).
//
//===----------------------------------------------------------------------===//

#include "costmodel/Target.h"
#include "passes/BlockLoops.h"
#include "passes/Passes.h"
#include "passes/tiling/KernelOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <map>

namespace mlir::tessel {
#define GEN_PASS_DEF_TESSELCOMBINESPLITK
#include "passes/Passes.h.inc"
} // namespace mlir::tessel

using namespace mlir;
using namespace mlir::tessel;

namespace {

/// The one block loop at the top of `func`, or null with an error.
scf::ForallOp theBlockLoop(func::FuncOp func) {
  scf::ForallOp found;
  for (auto forall : func.getBody().front().getOps<scf::ForallOp>()) {
    if (!isBlockLoop(forall))
      continue;
    if (found) {
      func.emitOpError() << "has more than one block loop; the halves of a "
                            "split kernel have one each";
      return nullptr;
    }
    found = forall;
  }
  if (!found)
    func.emitOpError() << "has no block loop (run tessel-tile-and-fuse "
                          "first)";
  return found;
}

/// The most threads one thread loop inside `root` takes.
int64_t mostThreads(Operation *root) {
  int64_t most = 0;
  root->walk([&](scf::ForallOp forall) {
    if (!tiling::isThreadForall(forall))
      return;
    int64_t threads = 1;
    for (OpFoldResult ub : forall.getMixedUpperBound())
      threads *= getConstantIntValue(ub).value_or(1);
    most = std::max(most, threads);
  });
  return most;
}

struct CombineSplitKPass
    : public tessel::impl::TesselCombineSplitKBase<CombineSplitKPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Each split kernel's partial and sum, by the kernel's name.
    std::map<std::string, std::pair<func::FuncOp, func::FuncOp>> splits;
    for (auto func : module.getOps<func::FuncOp>()) {
      auto part = func->getAttrOfType<DictionaryAttr>(
          TesselDialect::kSplitPartAttrName);
      if (!part)
        continue;
      auto &halves = splits[part.getAs<StringAttr>("kernel").str()];
      (part.getAs<StringAttr>("part").getValue() == "partial" ? halves.first
                                                              : halves.second) =
          func;
    }
    for (auto &[name, halves] : splits) {
      auto [partial, sum] = halves;
      if (!partial || !sum) {
        func::FuncOp half = partial ? partial : sum;
        half.emitOpError() << "is one half of split kernel @" << name
                           << ", whose other half is not in the module";
        return signalPassFailure();
      }
      if (failed(combine(module, name, partial, sum)))
        return signalPassFailure();
    }
  }

  LogicalResult combine(ModuleOp module, StringRef name, func::FuncOp partial,
                        func::FuncOp sum) {
    MLIRContext *ctx = module.getContext();
    for (func::FuncOp half : {partial, sum})
      if (llvm::any_of(half.getArgumentTypes(),
                       [](Type t) { return !isa<MemRefType>(t); }) ||
          half.getNumResults() != 0)
        return half.emitOpError()
               << "must be bufferized, its results passed as output "
                  "parameters, before tessel-combine-split-k";
    auto partialPart = partial->getAttrOfType<DictionaryAttr>(
        TesselDialect::kSplitPartAttrName);
    auto sumPart =
        sum->getAttrOfType<DictionaryAttr>(TesselDialect::kSplitPartAttrName);
    auto type =
        cast<FunctionType>(partialPart.getAs<TypeAttr>("type").getValue());
    int64_t splits = partialPart.getAs<IntegerAttr>("splits").getInt();
    ArrayRef<int64_t> partialArgs =
        partialPart.getAs<DenseI64ArrayAttr>("args").asArrayRef();
    ArrayRef<int64_t> sumArgs =
        sumPart.getAs<DenseI64ArrayAttr>("args").asArrayRef();
    SmallVector<Type> params;
    for (Type t : llvm::concat<const Type>(type.getInputs(), type.getResults()))
      params.push_back(MemRefType::get(cast<ShapedType>(t).getShape(),
                                       cast<ShapedType>(t).getElementType()));
    int64_t arrivalsArg = int64_t(params.size()) - 1;
    for (auto [half, args] :
         {std::make_pair(partial, partialArgs), std::make_pair(sum, sumArgs)})
      if (half.getNumArguments() != args.size() ||
          llvm::any_of(args,
                       [&](int64_t i) { return i < 0 || i >= arrivalsArg; }))
        return half.emitOpError()
               << "has parameters that its 'tessel.split_part' does not "
                  "place among split kernel @"
               << name << "'s";

    // The loops: (split, M tiles, N tiles) and (M tiles, N tiles).
    scf::ForallOp sumBlocks = theBlockLoop(sum);
    if (!theBlockLoop(partial) || !sumBlocks)
      return failure();
    BlockLoopBounds partialBounds(theBlockLoop(partial)), sumBounds(sumBlocks);
    auto arrivalsType = cast<MemRefType>(params.back());
    if (!partialBounds.isStatic() || !sumBounds.isStatic() ||
        !partialBounds.fromZeroByOne() || !sumBounds.fromZeroByOne() ||
        partialBounds.ubs->size() != 3 ||
        ArrayRef<int64_t>(*partialBounds.ubs).drop_front() !=
            ArrayRef<int64_t>(*sumBounds.ubs) ||
        (*partialBounds.ubs)[0] != splits ||
        arrivalsType.getShape() != ArrayRef<int64_t>(*sumBounds.ubs))
      return sum.emitOpError()
             << "does not run on the tiles of split kernel @" << name
             << "'s partial: its blocks must be the partial's but for the "
                "split (the sum's schedule takes the partial's tiles of M "
                "and N)";

    // The kernel: the partial's body on the kernel's parameters.
    OpBuilder b(partial);
    Location loc = partial.getLoc();
    auto kernel =
        func::FuncOp::create(b, loc, name, FunctionType::get(ctx, params, {}));
    kernel.setPrivate();
    kernel->setAttr(TesselDialect::kKernelAttrName, b.getUnitAttr());
    if (Attribute schedule = partial->getAttr(TesselDialect::kScheduleAttrName))
      kernel->setAttr(TesselDialect::kScheduleAttrName, schedule);
    Block *entry = kernel.addEntryBlock();
    Value arrivals = entry->getArgument(arrivalsArg);
    IRMapping map;
    for (auto [arg, i] : llvm::zip_equal(partial.getArguments(), partialArgs))
      map.map(arg, entry->getArgument(i));
    b.setInsertionPointToStart(entry);
    // (The sum's ops outside its block loop: constants.)
    IRMapping sumMap;
    for (auto [arg, i] : llvm::zip_equal(sum.getArguments(), sumArgs))
      sumMap.map(arg, entry->getArgument(i));
    for (Operation &op : sum.getBody().front().without_terminator()) {
      if (&op == sumBlocks.getOperation())
        continue;
      if (!isPure(&op) || op.getNumRegions())
        return op.emitOpError()
               << "is outside the sum's block loop; only constants may be, "
                  "for the sum to run in split kernel @"
               << name << "'s blocks";
      b.clone(op, sumMap);
    }
    Type f32 = b.getF32Type();
    auto constant = [&](OpBuilder &at, double v) -> Value {
      return arith::ConstantOp::create(at, loc, at.getF32FloatAttr(float(v)));
    };
    // On the host, the counts start at zero here.
    if (onHost)
      linalg::FillOp::create(b, loc, ValueRange{constant(b, 0)},
                             ValueRange{arrivals});
    for (Operation &op : partial.getBody().front())
      b.clone(op, map);
    scf::ForallOp blocks = theBlockLoop(kernel);

    // Each block's arrival at its tile.
    std::optional<Target> target;
    if (module->hasAttr(TesselDialect::kTargetAttrName)) {
      FailureOr<Target> t = getModuleTarget(module, "tessel-combine-split-k");
      if (failed(t))
        return failure();
      target = std::move(*t);
    }
    StringRef fenceScope =
        target && target->vendor() == Vendor::AMD ? "agent" : "device";
    b.setInsertionPoint(blocks.getBody()->getTerminator());
    SmallVector<Value> tile(llvm::drop_begin(blocks.getInductionVars()));
    Value arrived = memref::AllocOp::create(b, loc, MemRefType::get({1}, f32));
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value lastCount = constant(b, double(splits - 1));
    auto one = scf::ForallOp::create(
        b, loc, ArrayRef<OpFoldResult>{b.getIndexAttr(1)}, ValueRange(),
        b.getArrayAttr(
            {gpu::GPUThreadMappingAttr::get(ctx, gpu::MappingId::LinearDim0)}));
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(one.getBody());
      auto fence = [&] {
        if (!onHost)
          LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::acq_rel,
                                fenceScope);
      };
      fence();
      Value before = memref::AtomicRMWOp::create(
          b, loc, arith::AtomicRMWKind::addf, constant(b, 1), arrivals, tile);
      fence();
      Value last = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ,
                                         before, lastCount);
      auto reset = scf::IfOp::create(b, loc, last);
      b.setInsertionPointToStart(reset.thenBlock());
      memref::StoreOp::create(b, loc, constant(b, 0), arrivals, tile);
      b.setInsertionPointAfter(reset);
      memref::StoreOp::create(b, loc, before, arrived, zero);
    }
    // The last block sums the tile.
    Value seen = memref::LoadOp::create(b, loc, arrived, zero);
    auto isLast = scf::IfOp::create(
        b, loc,
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, seen,
                              lastCount));
    b.setInsertionPointToStart(isLast.thenBlock());
    for (auto [was, is] : llvm::zip_equal(sumBlocks.getInductionVars(), tile))
      sumMap.map(was, is);
    for (Operation &op : sumBlocks.getBody()->without_terminator())
      b.clone(op, sumMap);
    linearizeThreadLoops(isLast);
    int64_t threads = mostThreads(isLast);
    if (target) {
      auto schedule =
          kernel->getAttrOfType<ScheduleAttr>(TesselDialect::kScheduleAttrName);
      int64_t blockThreads =
          schedule ? schedule.getWarps() * target->warpSize() : 0;
      if (schedule && threads > blockThreads)
        return sum.emitOpError()
               << "takes " << threads << " threads per block, more than "
               << "split kernel @" << name << "'s partial (" << blockThreads
               << ")";
    }

    // The host's two calls become one.
    std::optional<SymbolTable::UseRange> partialUses =
        SymbolTable::getSymbolUses(partial, module);
    std::optional<SymbolTable::UseRange> sumUses =
        SymbolTable::getSymbolUses(sum, module);
    if (!partialUses || !sumUses)
      return partial.emitOpError()
             << "and its sum have uses this pass cannot see (an unknown "
                "symbol table); split kernel @"
             << name << " is called only as its two halves";
    SmallVector<func::CallOp> partialCalls, sumCalls;
    for (const SymbolTable::SymbolUse &use : *partialUses)
      if (auto call = dyn_cast<func::CallOp>(use.getUser()))
        partialCalls.push_back(call);
    for (const SymbolTable::SymbolUse &use : *sumUses)
      if (auto call = dyn_cast<func::CallOp>(use.getUser()))
        sumCalls.push_back(call);
    if (partialCalls.size() != llvm::range_size(*partialUses) ||
        sumCalls.size() != llvm::range_size(*sumUses) ||
        partialCalls.size() != sumCalls.size())
      return partial.emitOpError()
             << "and its sum are not called in pairs, as split kernel @" << name
             << " was";
    for (auto [first, second] : llvm::zip_equal(partialCalls, sumCalls)) {
      if (first->getBlock() != second->getBlock() ||
          !first->isBeforeInBlock(second))
        return second.emitOpError()
               << "does not follow the call of its partial in its block";
      SmallVector<Value> operands(params.size());
      for (auto [operand, i] :
           llvm::zip_equal(first.getOperands(), partialArgs))
        operands[i] = operand;
      for (auto [operand, i] : llvm::zip_equal(second.getOperands(), sumArgs)) {
        if (operands[i] && operands[i] != operand)
          return second.emitOpError()
                 << "reads other partial products than its partial writes";
        operands[i] = operand;
      }
      OpBuilder host(second);
      operands[arrivalsArg] = memref::AllocOp::create(host, loc, arrivalsType);
      if (llvm::any_of(operands, [](Value v) { return !v; }))
        return second.emitOpError() << "and its partial leave a parameter of "
                                       "split kernel @"
                                    << name << " unset";
      func::CallOp::create(host, second.getLoc(), kernel, operands);
      second.erase();
      first.erase();
    }
    partial.erase();
    sum.erase();
    return success();
  }
};

} // namespace
