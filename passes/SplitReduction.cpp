//===- SplitReduction.cpp - tessel-split-reduction ------------------------===//
//
// Split-K as two kernels (see SplitReduction.h). For a kernel whose matmul
// C[M, N] = A[M, K] B[K, N] is followed by an epilogue E:
//
//   partial: W[s, m, n] = sum_k' A[m, s K/S + k'] B[s K/S + k', n]
//            (A viewed as [M, S, K/S] and permuted to [S, M, K/S], B viewed
//            as [S, K/S, N]: one batch_matmul into f32)
//   sum:     out = E(cast(sum_s W[s, :, :]))
//
// The permutation of A is fused into the copies of its tiles: no copy of A
// is made. Elementwise ops computing an operand from a kernel input (a cast
// of A) move to the partial kernel, applied to the views; everything else
// stays in the sum kernel.
//
//===----------------------------------------------------------------------===//

#include "passes/SplitReduction.h"
#include "passes/KernelDescription.h"
#include "passes/Passes.h"
#include "passes/tiling/FusedAttention.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::tessel {
#define GEN_PASS_DEF_TESSELSPLITREDUCTION
#include "passes/Passes.h.inc"
} // namespace mlir::tessel

using namespace mlir;
using namespace mlir::tessel;

namespace {

/// The kernel's attention when it is one attention alone on its inputs,
/// read and written in place or through views (the fused attention
/// kernel); null otherwise.
AttentionOp theAttention(KernelOp kernel) {
  return dyn_cast_or_null<AttentionOp>(
      tiling::fusedAttentionIn(kernel.getBody().front()));
}

/// The kernel's one matmul, or null with `why` set.
MatmulOp theMatmul(KernelOp kernel, std::string &why) {
  MatmulOp matmul;
  for (Operation &op : kernel.getBody().front()) {
    if (isa<BatchMatmulOp, Conv2DOp, AttentionOp>(op)) {
      why = "split_k splits a tessel.matmul's reduction; this kernel holds " +
            op.getName().getStringRef().str();
      return nullptr;
    }
    if (auto m = dyn_cast<MatmulOp>(op)) {
      if (matmul) {
        why = "split_k splits one matmul's reduction; this kernel holds two";
        return nullptr;
      }
      matmul = m;
    }
  }
  if (!matmul)
    why = "split_k splits a matmul's reduction; this kernel has no matmul";
  return matmul;
}

/// The elementwise ops of one operand that commute with a view of it: a
/// view of their input, then the op, is the op, then the view.
bool commutesWithViews(Operation *op) {
  return op->hasTrait<tessel::OpTrait::UnaryElementwise>();
}

/// The ops computing `operand` from a kernel input, each an elementwise op
/// of one operand used only by the next (a cast of A), the input's first;
/// none when `operand` is computed otherwise.
std::optional<SmallVector<Operation *>> unaryChain(Value operand) {
  SmallVector<Operation *> chain;
  for (Value v = operand; Operation *def = v.getDefiningOp();
       v = def->getOperand(0)) {
    if (!commutesWithViews(def) || !def->getResult(0).hasOneUse())
      return std::nullopt;
    chain.push_back(def);
  }
  std::reverse(chain.begin(), chain.end());
  return chain;
}

int64_t reductionSize(MatmulOp matmul) {
  auto lhs = cast<RankedTensorType>(matmul.getLhs().getType());
  return matmul.getTransposeLhs() ? lhs.getDimSize(0) : lhs.getDimSize(1);
}

/// `base`, or `base` with a number appended, that no symbol of `module`
/// (function or kernel) takes.
std::string uniqueName(ModuleOp module, StringRef base) {
  llvm::StringSet<> taken;
  module.walk([&](Operation *op) {
    if (auto name =
            op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
      taken.insert(name.getValue());
  });
  std::string name = base.str();
  for (int i = 1; taken.contains(name); ++i)
    name = (base + "_" + Twine(i)).str();
  return name;
}

/// The numbers of `body`'s arguments that `ops` read, in order.
SmallVector<unsigned> argumentsRead(Block &body, ArrayRef<Operation *> ops) {
  llvm::SmallSetVector<unsigned, 8> args;
  for (Operation *op : ops)
    for (Value v : op->getOperands())
      if (auto arg = dyn_cast<BlockArgument>(v); arg && arg.getOwner() == &body)
        args.insert(arg.getArgNumber());
  SmallVector<unsigned> sorted(args.begin(), args.end());
  llvm::sort(sorted);
  return sorted;
}

/// `tiles` with a leading 1 (empty stays empty).
SmallVector<int64_t> withBatchTile(ArrayRef<int64_t> tiles) {
  SmallVector<int64_t> out;
  if (tiles.empty())
    return out;
  out.push_back(1);
  out.append(tiles.begin(), tiles.end());
  return out;
}

/// `tiles` without its leading entry (empty stays empty).
SmallVector<int64_t> withoutBatchTile(ArrayRef<int64_t> tiles) {
  return tiles.empty() ? SmallVector<int64_t>()
                       : SmallVector<int64_t>(tiles.drop_front());
}

} // namespace

std::string mlir::tessel::splitReductionRefusal(KernelOp kernel,
                                                int64_t splits) {
  if (AttentionOp attention = theAttention(kernel)) {
    int64_t keys = attention.getKeysRead();
    if (splits < 2)
      return "split_k = " + std::to_string(splits) + " splits nothing";
    if ((splits - 1) * ((keys + splits - 1) / splits) >= keys)
      return "split_k = " + std::to_string(splits) +
             " leaves a slice of the attention's " + std::to_string(keys) +
             " keys empty";
    return "";
  }
  std::string why;
  MatmulOp matmul = theMatmul(kernel, why);
  if (!matmul)
    return why;
  if (splits < 2)
    return "split_k = " + std::to_string(splits) + " splits nothing";
  int64_t k = reductionSize(matmul);
  if (k % splits)
    return "split_k = " + std::to_string(splits) +
           " does not divide the matmul's K (" + std::to_string(k) + ")";
  // The partial kernel views its operands as [M, S, K / S]: a view of a
  // value computed in the kernel is not one tile-and-fuse takes, so the
  // views go on the kernel inputs, and the ops computing an operand from
  // one (a cast of A) must commute with them and feed only the matmul.
  for (Value operand : matmul->getOperands())
    if (!unaryChain(operand))
      return "the matmul's operands must be kernel inputs or elementwise "
             "ops of one (a cast) that feed only the matmul";
  if (matmul.getLhs() == matmul.getRhs())
    return "the matmul reads one value as both operands";
  return "";
}

ScheduleAttr mlir::tessel::partialScheduleOf(KernelOp kernel,
                                             ScheduleAttr split) {
  if (theAttention(kernel))
    return ScheduleAttr::get(split.getContext(), split.getBlock(),
                             split.getWarp(), split.getThread(),
                             split.getWarps(), split.getStages(), /*splitK=*/1,
                             split.getVector(), split.getMma(),
                             split.getRaster(), split.getCluster());
  return ScheduleAttr::get(
      split.getContext(), withBatchTile(split.getBlock()),
      withBatchTile(split.getWarp()), withBatchTile(split.getThread()),
      split.getWarps(), split.getStages(), /*splitK=*/1, split.getVector(),
      split.getMma(), split.getRaster(), split.getCluster());
}

ScheduleAttr mlir::tessel::splitScheduleOf(KernelOp kernel,
                                           ScheduleAttr partial,
                                           int64_t splits) {
  if (theAttention(kernel))
    return ScheduleAttr::get(partial.getContext(), partial.getBlock(),
                             partial.getWarp(), partial.getThread(),
                             partial.getWarps(), partial.getStages(), splits,
                             partial.getVector(), partial.getMma(),
                             partial.getRaster(), partial.getCluster());
  return ScheduleAttr::get(
      partial.getContext(), withoutBatchTile(partial.getBlock()),
      withoutBatchTile(partial.getWarp()),
      withoutBatchTile(partial.getThread()), partial.getWarps(),
      partial.getStages(), splits, partial.getVector(), partial.getMma(),
      partial.getRaster(), partial.getCluster());
}

SmallVector<int64_t> mlir::tessel::splitCandidates(KernelOp kernel) {
  if (AttentionOp attention = theAttention(kernel)) {
    SmallVector<int64_t> splits;
    int64_t keys = attention.getKeysRead();
    for (int64_t s : {2, 4, 8, 16, 32})
      if ((keys + s - 1) / s >= kMinAttentionSlice &&
          splitReductionRefusal(kernel, s).empty())
        splits.push_back(s);
    return splits;
  }
  std::string why;
  MatmulOp matmul = theMatmul(kernel, why);
  return matmul ? splitCandidates(reductionSize(matmul))
                : SmallVector<int64_t>();
}

SmallVector<int64_t> mlir::tessel::splitCandidates(int64_t k) {
  SmallVector<int64_t> splits;
  for (int64_t s : {2, 3, 4, 6, 8, 12, 16})
    if (k % s == 0 && k / s >= 64)
      splits.push_back(s);
  return splits;
}

std::string mlir::tessel::sumInKernelRefusal(KernelOp kernel) {
  std::string why;
  MatmulOp matmul = theMatmul(kernel, why);
  if (!matmul)
    return why;
  auto result = cast<RankedTensorType>(matmul.getType());
  SmallVector<Operation *> partialOps = {matmul};
  llvm::append_range(partialOps, *unaryChain(matmul.getLhs()));
  llvm::append_range(partialOps, *unaryChain(matmul.getRhs()));
  for (Operation &op : kernel.getBody().front().without_terminator()) {
    if (llvm::is_contained(partialOps, &op) || isa<ConstantOp>(op))
      continue;
    bool elementwise = op.hasTrait<tessel::OpTrait::UnaryElementwise>() ||
                       op.hasTrait<tessel::OpTrait::BroadcastingElementwise>();
    auto type = dyn_cast<RankedTensorType>(op.getResult(0).getType());
    if (!elementwise || op.getNumResults() != 1 || !type ||
        type.getShape() != result.getShape())
      return "the sum runs in the partial kernel's tiles of M x N; " +
             op.getName().getStringRef().str() +
             " after the matmul is not an elementwise op computing the "
             "matmul's shape";
  }
  return "";
}

ScheduleAttr mlir::tessel::sumInKernelSchedule(ScheduleAttr partial) {
  ArrayRef<int64_t> block = partial.getBlock();
  if (block.size() < 3)
    return ScheduleAttr();
  return ScheduleAttr::get(partial.getContext(), {block[1], block[2]}, {}, {},
                           partial.getWarps(), /*stages=*/1, /*splitK=*/1,
                           /*vector=*/1, InstructionClass::Simt,
                           /*raster=*/1, /*cluster=*/1);
}

std::string mlir::tessel::sumOnTilesRefusal(ScheduleAttr partial,
                                            ArrayRef<int64_t> sumBlock) {
  ScheduleAttr onTiles = sumInKernelSchedule(partial);
  if (!onTiles)
    return "its blocks do not tile both M and N";
  if (onTiles.getBlock() == sumBlock)
    return "";
  std::string why;
  llvm::raw_string_ostream os(why);
  os << "the sum runs on the partial's tiles of M and N, block = [";
  llvm::interleaveComma(onTiles.getBlock(), os);
  os << "]";
  return why;
}

bool mlir::tessel::isCombinedSplit(KernelOp kernel) {
  ScheduleAttr schedule = kernel.getScheduleAttr();
  if (!kernel->getAttrOfType<ScheduleAttr>(
          TesselDialect::kSumInKernelAttrName) ||
      !schedule || schedule.getSplitK() != 1 || kernel.getNumResults() < 3)
    return false;
  Operation *yield = kernel.getBody().front().getTerminator();
  return bool(yield->getOperand(kernel.getNumResults() - 2)
                  .getDefiningOp<BatchMatmulOp>());
}

KernelOp mlir::tessel::combineSplit(RewriterBase &rewriter, KernelOp partial,
                                    KernelOp sum, ScheduleAttr sumSchedule,
                                    StringRef name) {
  Location loc = sum.getLoc();
  MLIRContext *ctx = sum.getContext();
  auto module = sum->getParentOfType<ModuleOp>();
  Block &partialBody = partial.getBody().front(),
        &sumBody = sum.getBody().front();
  // The inputs of both, each once; the sum's first is the partials.
  llvm::SmallSetVector<Value, 8> inputs;
  for (Value v : partial.getInputs())
    inputs.insert(v);
  for (Value v : sum.getInputs().drop_front())
    inputs.insert(v);
  auto partials = cast<RankedTensorType>(partial.getResult(0).getType());
  ScheduleAttr schedule = partial.getScheduleAttr();
  ArrayRef<int64_t> block = schedule.getBlock();
  int64_t m = partials.getDimSize(1), n = partials.getDimSize(2);
  auto arrivalsType = RankedTensorType::get(
      {(m + block[1] - 1) / block[1], (n + block[2] - 1) / block[2]},
      Float32Type::get(ctx));
  SmallVector<Type> resultTypes(sum.getResultTypes());
  resultTypes.push_back(partials);
  resultTypes.push_back(arrivalsType);

  rewriter.setInsertionPoint(sum);
  auto combined = KernelOp::create(
      rewriter, loc, resultTypes,
      rewriter.getStringAttr(uniqueName(module, (name + "_split").str())),
      inputs.getArrayRef(), schedule);
  combined->setAttr(TesselDialect::kSumInKernelAttrName, sumSchedule);
  Block *body = rewriter.createBlock(&combined.getBody());
  IRMapping map;
  for (Value v : inputs)
    body->addArgument(v.getType(), loc);
  auto argOf = [&](Value input) {
    return body->getArgument(
        unsigned(llvm::find(inputs, input) - inputs.begin()));
  };
  for (auto [arg, input] :
       llvm::zip_equal(partialBody.getArguments(), partial.getInputs()))
    map.map(arg, argOf(input));
  for (Operation &op : partialBody.without_terminator())
    rewriter.clone(op, map);
  Value products = map.lookup(partialBody.getTerminator()->getOperand(0));
  map.map(sumBody.getArgument(0), products);
  for (auto [arg, input] : llvm::zip_equal(sumBody.getArguments().drop_front(),
                                           sum.getInputs().drop_front()))
    map.map(arg, argOf(input));
  for (Operation &op : sumBody.without_terminator())
    rewriter.clone(op, map);
  SmallVector<Value> results;
  for (Value v : sumBody.getTerminator()->getOperands())
    results.push_back(map.lookup(v));
  results.push_back(products);
  results.push_back(ConstantOp::create(
      rewriter, loc, arrivalsType,
      DenseElementsAttr::get(arrivalsType, rewriter.getF32FloatAttr(0))));
  YieldOp::create(rewriter, loc, results);

  rewriter.replaceOp(sum,
                     combined.getResults().take_front(sum.getNumResults()));
  rewriter.eraseOp(partial);
  return combined;
}

FailureOr<ExpandedSplit> mlir::tessel::expandSplit(RewriterBase &rewriter,
                                                   KernelOp kernel) {
  MLIRContext *ctx = kernel.getContext();
  Location loc = kernel.getLoc();
  auto module = kernel->getParentOfType<ModuleOp>();
  auto sumSchedule =
      kernel->getAttrOfType<ScheduleAttr>(TesselDialect::kSumInKernelAttrName);
  Block &body = kernel.getBody().front();
  Operation *yield = body.getTerminator();
  unsigned outs = kernel.getNumResults() - 2;
  Value products = yield->getOperand(outs),
        arrivals = yield->getOperand(outs + 1);
  auto batch = products.getDefiningOp<BatchMatmulOp>();
  if (!batch || !arrivals.getDefiningOp<ConstantOp>() ||
      !kernel.getResult(outs).use_empty() ||
      !kernel.getResult(outs + 1).use_empty())
    return kernel.emitOpError()
           << "is not a split whose sum runs in its partial kernel (the "
              "partial products of a batch_matmul and the arrival counts "
              "last, neither used outside)";
  int64_t splits = cast<RankedTensorType>(products.getType()).getDimSize(0);
  // The partial: what the products are computed from.
  llvm::SetVector<Operation *> partialOps;
  SmallVector<Operation *> work = {batch};
  while (!work.empty()) {
    Operation *op = work.pop_back_val();
    if (!partialOps.insert(op))
      continue;
    for (Value v : op->getOperands())
      if (Operation *def = v.getDefiningOp())
        work.push_back(def);
  }
  SmallVector<Operation *> inPartial, inSum;
  for (Operation &op : body.without_terminator()) {
    bool inSumToo = llvm::any_of(op.getUsers(), [&](Operation *user) {
      return user != yield && !partialOps.contains(user);
    });
    if (partialOps.contains(&op))
      inPartial.push_back(&op);
    // (A constant both read goes to both.)
    if (partialOps.contains(&op) && &op != batch && inSumToo) {
      if (!isa<ConstantOp>(op))
        return op.emitOpError() << "feeds both halves of a split kernel";
      inSum.push_back(&op);
    } else if (!partialOps.contains(&op) && &op != arrivals.getDefiningOp()) {
      inSum.push_back(&op);
    }
  }
  // A half: `first` (the products, for the sum) and the kernel's inputs
  // `args` in, `ops` on them, `returned` out.
  auto halfOf = [&](StringRef suffix, Value first, ArrayRef<unsigned> args,
                    ScheduleAttr schedule, ArrayRef<Operation *> ops,
                    ValueRange returned) {
    SmallVector<Value> inputs;
    if (first)
      inputs.push_back(first);
    for (unsigned i : args)
      inputs.push_back(kernel.getInputs()[i]);
    auto half =
        KernelOp::create(rewriter, loc, returned.getTypes(),
                         rewriter.getStringAttr(uniqueName(
                             module, (kernel.getSymName() + suffix).str())),
                         inputs, schedule);
    Block *halfBody = rewriter.createBlock(&half.getBody());
    IRMapping map;
    if (first)
      map.map(products, halfBody->addArgument(products.getType(), loc));
    for (unsigned i : args)
      map.map(body.getArgument(i),
              halfBody->addArgument(body.getArgument(i).getType(), loc));
    for (Operation *op : ops)
      rewriter.clone(*op, map);
    SmallVector<Value> yielded;
    for (Value v : returned)
      yielded.push_back(map.lookup(v));
    YieldOp::create(rewriter, loc, yielded);
    rewriter.setInsertionPoint(kernel);
    return half;
  };
  rewriter.setInsertionPoint(kernel);
  SmallVector<unsigned> partialArgs = argumentsRead(body, inPartial),
                        sumArgs = argumentsRead(body, inSum);
  KernelOp partial = halfOf("_partial", Value(), partialArgs,
                            kernel.getScheduleAttr(), inPartial, products);
  KernelOp sum = halfOf("_sum", partial.getResult(0), sumArgs, sumSchedule,
                        inSum, yield->getOperands().take_front(outs));

  // Where each of the halves' parameters (inputs, then results) is among
  // the kernel's (inputs, then its results: the sum's, the products, the
  // arrival counts).
  int64_t ins = kernel.getInputs().size();
  SmallVector<int64_t> partialIndex, sumIndex;
  for (unsigned i : partialArgs)
    partialIndex.push_back(i);
  partialIndex.push_back(ins + outs);
  sumIndex.push_back(ins + outs);
  for (unsigned i : sumArgs)
    sumIndex.push_back(i);
  for (unsigned i = 0; i < outs; ++i)
    sumIndex.push_back(ins + i);
  auto type = FunctionType::get(ctx, kernel.getInputs().getTypes(),
                                kernel.getResultTypes());
  auto partOf = [&](StringRef part, ArrayRef<int64_t> index) {
    Builder b(ctx);
    return b.getDictionaryAttr(
        {b.getNamedAttr("kernel", kernel.getSymNameAttr()),
         b.getNamedAttr("type", TypeAttr::get(type)),
         b.getNamedAttr("part", b.getStringAttr(part)),
         b.getNamedAttr("args", b.getDenseI64ArrayAttr(index)),
         b.getNamedAttr("splits", b.getI64IntegerAttr(splits))});
  };
  ExpandedSplit expanded{partial, sum, partOf("partial", partialIndex),
                         partOf("sum", sumIndex)};
  SmallVector<Value> replacements(sum.getResults());
  replacements.push_back(partial.getResult(0));
  replacements.push_back(Value());
  for (auto [old, now] : llvm::zip_equal(kernel.getResults(), replacements))
    if (now)
      old.replaceAllUsesWith(now);
  rewriter.eraseOp(kernel);
  return expanded;
}

/// The attention kernel as one split-KV kernel (tessel.attention_split)
/// named `<kernel>_split`: the attention, then the slices' partials, their
/// log-sum-exps and the arrival counts as results the function does not
/// use (the buffers the kernel's blocks share).
static KernelOp splitAttention(RewriterBase &rewriter, KernelOp kernel,
                               AttentionOp attention, int64_t splits) {
  MLIRContext *ctx = kernel.getContext();
  Location loc = kernel.getLoc();
  auto module = kernel->getParentOfType<ModuleOp>();
  auto q = cast<RankedTensorType>(attention.getQuery().getType());
  auto v = cast<RankedTensorType>(attention.getValue().getType());
  Type f32 = Float32Type::get(ctx);
  SmallVector<int64_t> rows = {q.getDimSize(0), q.getDimSize(1),
                               q.getDimSize(2)};
  auto arrivalsType = RankedTensorType::get(rows, f32);
  rows.insert(rows.begin(), splits);
  auto lseType = RankedTensorType::get(rows, f32);
  rows.push_back(v.getDimSize(3));
  auto partialType = RankedTensorType::get(rows, f32);

  rewriter.setInsertionPoint(kernel);
  ScheduleAttr schedule = kernel.getScheduleAttr();
  auto split = KernelOp::create(
      rewriter, loc,
      TypeRange{kernel.getResult(0).getType(), partialType, lseType,
                arrivalsType},
      rewriter.getStringAttr(
          uniqueName(module, (kernel.getSymName() + "_split").str())),
      kernel.getInputs(),
      schedule ? partialScheduleOf(kernel, schedule) : ScheduleAttr());
  // The body's ops as they are (the attention's views), the attention
  // replaced by the split.
  IRMapping map;
  Block &old = kernel.getBody().front();
  Block *body = rewriter.createBlock(&split.getBody());
  for (BlockArgument arg : old.getArguments())
    map.map(arg, body->addArgument(arg.getType(), loc));
  SmallVector<Value> results;
  for (Operation &op : old.without_terminator()) {
    if (&op != attention.getOperation()) {
      rewriter.clone(op, map);
      continue;
    }
    auto created = AttentionSplitOp::create(
        rewriter, loc, attention.getType(), partialType, lseType, arrivalsType,
        map.lookup(attention.getQuery()), map.lookup(attention.getKey()),
        map.lookup(attention.getValue()), rewriter.getI64IntegerAttr(splits),
        attention.getScaleAttr(), attention.getCausalAttr(),
        attention.getWindowAttr());
    map.map(attention.getResult(), created->getResult(0));
    results.assign(created->result_begin() + 1, created->result_end());
  }
  results.insert(results.begin(),
                 map.lookup(old.getTerminator()->getOperand(0)));
  YieldOp::create(rewriter, loc, results);
  rewriter.replaceOp(kernel, split.getResults().take_front(1));
  return split;
}

FailureOr<std::pair<KernelOp, KernelOp>>
mlir::tessel::splitReduction(RewriterBase &rewriter, KernelOp kernel,
                             int64_t splits) {
  if (std::string why = splitReductionRefusal(kernel, splits); !why.empty())
    return kernel.emitOpError() << "cannot be split: " << why;
  if (AttentionOp attention = theAttention(kernel))
    return std::make_pair(splitAttention(rewriter, kernel, attention, splits),
                          KernelOp());
  std::string why;
  MatmulOp matmul = theMatmul(kernel, why);
  MLIRContext *ctx = kernel.getContext();
  Location loc = kernel.getLoc();
  Block &body = kernel.getBody().front();
  auto module = kernel->getParentOfType<ModuleOp>();

  auto result = cast<RankedTensorType>(matmul.getType());
  int64_t m = result.getDimSize(0), n = result.getDimSize(1);
  int64_t slice = reductionSize(matmul) / splits;
  Type f32 = Float32Type::get(ctx);
  auto partials = RankedTensorType::get({splits, m, n}, f32);

  SmallVector<Operation *> lhsChain = *unaryChain(matmul.getLhs()),
                           rhsChain = *unaryChain(matmul.getRhs());
  SmallVector<Operation *> partialOps = {matmul};
  llvm::append_range(partialOps, lhsChain);
  llvm::append_range(partialOps, rhsChain);
  SmallVector<Operation *> sumOps;
  for (Operation &op : body)
    if (!llvm::is_contained(partialOps, &op))
      sumOps.push_back(&op);

  // The partial kernel: the views, one batch_matmul.
  rewriter.setInsertionPoint(kernel);
  SmallVector<unsigned> partialArgs = argumentsRead(body, partialOps);
  SmallVector<Value> partialInputs;
  for (unsigned i : partialArgs)
    partialInputs.push_back(kernel.getInputs()[i]);
  ScheduleAttr schedule = kernel.getScheduleAttr();
  auto partial = KernelOp::create(
      rewriter, loc, TypeRange{partials},
      rewriter.getStringAttr(
          uniqueName(module, (kernel.getSymName() + "_partial").str())),
      partialInputs,
      schedule ? partialScheduleOf(kernel, schedule) : ScheduleAttr());
  IRMapping map;
  Block *partialBody = rewriter.createBlock(&partial.getBody());
  for (unsigned i : partialArgs)
    map.map(body.getArgument(i),
            partialBody->addArgument(body.getArgument(i).getType(), loc));
  auto tensorOf = [&](Value v, ArrayRef<int64_t> shape) {
    return RankedTensorType::get(
        shape, cast<RankedTensorType>(v.getType()).getElementType());
  };
  auto swapOuter = rewriter.getDenseI64ArrayAttr({1, 0, 2});
  // The kernel inputs the operands are computed from, viewed first.
  auto inputOf = [&](Value operand, ArrayRef<Operation *> chain) {
    return map.lookup(chain.empty() ? operand : chain.front()->getOperand(0));
  };
  Value lhs = inputOf(matmul.getLhs(), lhsChain),
        rhs = inputOf(matmul.getRhs(), rhsChain);
  if (matmul.getTransposeLhs()) { // [K, M] as [S, K/S, M]
    lhs = ReshapeOp::create(rewriter, loc, tensorOf(lhs, {splits, slice, m}),
                            lhs);
  } else { // [M, K] as [M, S, K/S], permuted to [S, M, K/S]
    lhs = ReshapeOp::create(rewriter, loc, tensorOf(lhs, {m, splits, slice}),
                            lhs);
    lhs = TransposeOp::create(rewriter, loc, tensorOf(lhs, {splits, m, slice}),
                              lhs, swapOuter);
  }
  if (matmul.getTransposeRhs()) { // [N, K] as [N, S, K/S] -> [S, N, K/S]
    rhs = ReshapeOp::create(rewriter, loc, tensorOf(rhs, {n, splits, slice}),
                            rhs);
    rhs = TransposeOp::create(rewriter, loc, tensorOf(rhs, {splits, n, slice}),
                              rhs, swapOuter);
  } else { // [K, N] as [S, K/S, N]
    rhs = ReshapeOp::create(rewriter, loc, tensorOf(rhs, {splits, slice, n}),
                            rhs);
  }
  // Then the ops that computed them, on the views.
  auto applyChain = [&](Value viewed, ArrayRef<Operation *> chain) {
    for (Operation *op : chain) {
      IRMapping onView;
      onView.map(op->getOperand(0), viewed);
      Operation *clone = rewriter.clone(*op, onView);
      clone->getResult(0).setType(
          tensorOf(op->getResult(0),
                   cast<RankedTensorType>(viewed.getType()).getShape()));
      viewed = clone->getResult(0);
    }
    return viewed;
  };
  lhs = applyChain(lhs, lhsChain);
  rhs = applyChain(rhs, rhsChain);
  Value sums = BatchMatmulOp::create(rewriter, loc, partials, lhs, rhs,
                                     matmul.getTransposeLhsAttr(),
                                     matmul.getTransposeRhsAttr());
  YieldOp::create(rewriter, loc, ValueRange{sums});

  // The sum kernel: the partials added, in the matmul's element type, then
  // the rest of the kernel.
  rewriter.setInsertionPoint(kernel);
  SmallVector<unsigned> sumArgs = argumentsRead(body, sumOps);
  SmallVector<Value> sumInputs = {partial.getResult(0)};
  for (unsigned i : sumArgs)
    sumInputs.push_back(kernel.getInputs()[i]);
  auto sum =
      KernelOp::create(rewriter, loc, kernel.getResultTypes(),
                       rewriter.getStringAttr(uniqueName(
                           module, (kernel.getSymName() + "_sum").str())),
                       sumInputs, ScheduleAttr());
  Block *sumBody = rewriter.createBlock(&sum.getBody());
  Value partialsArg = sumBody->addArgument(partials, loc);
  IRMapping sumMap;
  for (unsigned i : sumArgs)
    sumMap.map(body.getArgument(i),
               sumBody->addArgument(body.getArgument(i).getType(), loc));
  Value total =
      ReduceOp::create(rewriter, loc, RankedTensorType::get({m, n}, f32),
                       ReduceKindAttr::get(ctx, ReduceKind::Sum), partialsArg,
                       rewriter.getDenseI64ArrayAttr({0}));
  if (result.getElementType() != f32)
    total = CastOp::create(rewriter, loc, result, total);
  sumMap.map(matmul.getResult(), total);
  for (Operation *op : sumOps)
    rewriter.clone(*op, sumMap);

  rewriter.replaceOp(kernel, sum.getResults());
  return std::make_pair(partial, sum);
}

Prediction SplitPrice::combined() const {
  const Prediction &p = partialPrediction, &s = sumPrediction;
  Prediction c = p;
  // The two kernels run one after the other: their times, terms and
  // traffic add up.
  for (double Prediction::*sum :
       {&Prediction::timeUs, &Prediction::computeUs, &Prediction::loadsUs,
        &Prediction::dramUs, &Prediction::l2Us, &Prediction::launchUs,
        &Prediction::latencyUs, &Prediction::blocksUs,
        &Prediction::achievableUs, &Prediction::flops, &Prediction::dramBytes,
        &Prediction::l2Bytes})
    c.*sum += s.*sum;
  // The matmul's useful work over the time of both kernels.
  c.fractionOfPeak = c.timeUs > 0 ? p.fractionOfPeak * p.timeUs / c.timeUs : 0;
  if (s.timeUs > p.timeUs)
    c.bound = s.bound;
  c.uncalibrated |= s.uncalibrated;
  return c;
}

std::optional<SplitPrice>
mlir::tessel::priceSplit(KernelOp kernel, int64_t splits, const Target &target,
                         const Schedule *partial, const Schedule *sumInKernel,
                         bool sumApart) {
  if (!splitReductionRefusal(kernel, splits).empty())
    return std::nullopt;
  MLIRContext *ctx = kernel.getContext();
  // Prices are questions, not errors.
  ScopedDiagnosticHandler quiet(ctx, [](Diagnostic &) { return success(); });

  // The kernel alone in a scratch module, split there.
  OwningOpRef<ModuleOp> scratch = isolateKernel(kernel, "tessel_split_probe");
  KernelOp copy;
  scratch->walk([&](KernelOp k) { copy = k; });
  copy.removeScheduleAttr();
  copy->removeAttr(TesselDialect::kPredictionAttrName);
  copy->removeAttr(TesselDialect::kCandidatesAttrName);
  IRRewriter rewriter(ctx);
  FailureOr<std::pair<KernelOp, KernelOp>> halves =
      splitReduction(rewriter, copy, splits);
  if (failed(halves))
    return std::nullopt;
  // (A split attention is one kernel: no sum kernel to price.)
  bool withSum = bool(halves->second);
  std::vector<std::string> names = {halves->first.getSymName().str()};
  if (withSum)
    names.push_back(halves->second.getSymName().str());
  // Alone, the sum of a matmul with no epilogue is one column reduction (a
  // row kernel); in the partial kernel it is tiled on the partial's tiles
  // of M x N, as a two-dimensional schedule asks (the linalg path): a copy
  // of it with such a schedule is described for that.
  OwningOpRef<ModuleOp> sumOnTiles;
  bool inKernelAsked = withSum && !sumApart &&
                       (sumInKernel || sumInKernelRefusal(kernel).empty());
  if (inKernelAsked) {
    sumOnTiles = isolateKernel(halves->second, "tessel_split_sum_probe");
    sumOnTiles->walk([&](KernelOp k) {
      // (Any two-dimensional one: the description does not depend on it.)
      k.setScheduleAttr(ScheduleAttr::get(
          ctx, {1, 1}, {}, {}, /*warps=*/1, /*stages=*/1, /*splitK=*/1,
          /*vector=*/1, InstructionClass::Simt, /*raster=*/1, /*cluster=*/1));
    });
  }
  FailureOr<std::vector<std::optional<KernelDesc>>> descs =
      lowerAndDescribe(*scratch, names);
  if (failed(descs) || llvm::any_of(*descs, [](const auto &d) { return !d; }))
    return std::nullopt;
  const KernelDesc &partialDesc = *(*descs)[0];

  SplitPrice price;
  if (partial) {
    price.partial = *partial;
    price.partialPrediction = predict(partialDesc, *partial, target);
    if (!price.partialPrediction.legal)
      return std::nullopt;
  } else {
    auto best = bestSchedule(partialDesc, target);
    if (!best)
      return std::nullopt;
    std::tie(price.partial, price.partialPrediction) = *best;
  }
  if (!withSum)
    return price;
  auto sumBest = bestSchedule(*(*descs)[1], target);
  if (!sumBest)
    return std::nullopt;
  price.sumPrediction = sumBest->second;
  // Or the sum in the partial kernel, in its last blocks: no launch of its
  // own, and three round trips to L2 (the arrival's fence, atomic add and
  // fence) before it; on the partial's tiles, in vectors of the width the
  // model finds fastest.
  std::optional<KernelDesc> tiledSum;
  if (inKernelAsked) {
    if (!(*descs)[1]->row) {
      tiledSum = *(*descs)[1];
    } else {
      FailureOr<std::vector<std::optional<KernelDesc>>> tiled =
          lowerAndDescribe(*sumOnTiles, {names[1]});
      if (succeeded(tiled) && (*tiled)[0] && !(*tiled)[0]->row)
        tiledSum = *(*tiled)[0];
    }
  }
  // The partials it sums are the partial kernel's own stores, in L2: so
  // the tail was measured on Hopper, with its arrival (the target's
  // split_arrival_cycles). A target without that figure keeps the loads'
  // usual latency (an MI300X's blocks on other XCDs wrote theirs to
  // another L2).
  if (tiledSum && target.has(TargetField::SplitArrivalCycles))
    tiledSum->inputsInL2 = true;
  auto asTail = [&](const Schedule &schedule) {
    return asBlockTail(predict(*tiledSum, schedule, target), target,
                       /*roundTrips=*/3);
  };
  if (sumInKernel) {
    // (On the partial's tiles of M and N, or not in it at all.)
    if (!tiledSum || !sumOnTilesRefusal(toScheduleAttr(ctx, price.partial),
                                        sumInKernel->block)
                          .empty())
      return std::nullopt;
    Prediction tail = asTail(*sumInKernel);
    if (!tail.legal)
      return std::nullopt;
    price.sumInKernel = *sumInKernel;
    price.sumPrediction = tail;
    return price;
  }
  if (!tiledSum)
    return price;
  // The sum's fastest form on a partial's tiles: vectors along N of 1, 2
  // or 4 (each thread a column of `vector`, as many rows as the tile
  // needs).
  auto bestTail = [&](const Schedule &onPartial)
      -> std::optional<std::pair<Schedule, Prediction>> {
    ScheduleAttr onTiles = sumInKernelSchedule(toScheduleAttr(ctx, onPartial));
    if (!onTiles)
      return std::nullopt;
    Schedule base = fromScheduleAttr(onTiles);
    int64_t bm = base.block[0], bn = base.block[1];
    int64_t threads = base.warps * target.warpSize();
    std::optional<std::pair<Schedule, Prediction>> best;
    for (int64_t vector : {1, 2, 4}) {
      Schedule inKernel = base;
      if (vector > 1) {
        int64_t alongN = bn / vector;
        if (bn % vector || alongN == 0 || threads % alongN ||
            bm % (threads / alongN))
          continue;
        inKernel.vector = vector;
        inKernel.thread = {bm / (threads / alongN), vector};
      }
      Prediction tail = asTail(inKernel);
      if (tail.legal && (!best || rankKey(tail) < rankKey(best->second)))
        best = {inKernel, tail};
    }
    return best;
  };
  // On the best partial's tiles; and where those do not tile both M and N
  // (and no partial schedule is given), on the best partial's that do: a
  // slower partial may still win by the sum kernel's launch.
  SmallVector<std::pair<Schedule, Prediction>, 2> partials = {
      {price.partial, price.partialPrediction}};
  if (!partial && !sumInKernelSchedule(toScheduleAttr(ctx, price.partial)))
    for (auto &ranked : rankSchedules(partialDesc, target))
      if (sumInKernelSchedule(toScheduleAttr(ctx, ranked.first))) {
        partials.push_back(std::move(ranked));
        break;
      }
  SplitPrice separate = price;
  for (const auto &[schedule, prediction] : partials) {
    std::optional<std::pair<Schedule, Prediction>> tail = bestTail(schedule);
    if (!tail)
      continue;
    SplitPrice inKernel = separate;
    inKernel.partial = schedule;
    inKernel.partialPrediction = prediction;
    inKernel.sumInKernel = tail->first;
    inKernel.sumPrediction = tail->second;
    if (rankKey(inKernel.combined()) < rankKey(price.combined()))
      price = inKernel;
  }
  return price;
}

namespace {

struct SplitReductionPass
    : public tessel::impl::TesselSplitReductionBase<SplitReductionPass> {
  void runOnOperation() override {
    SmallVector<KernelOp> kernels;
    getOperation().walk([&](KernelOp kernel) {
      if (ScheduleAttr s = kernel.getScheduleAttr(); s && s.getSplitK() > 1)
        kernels.push_back(kernel);
    });
    IRRewriter rewriter(&getContext());
    for (KernelOp kernel : kernels) {
      // The sum in the partial kernel (tessel-select-schedules' choice).
      auto sumSchedule = kernel->getAttrOfType<ScheduleAttr>(
          TesselDialect::kSumInKernelAttrName);
      if (sumSchedule) {
        if (std::string why = sumInKernelRefusal(kernel); !why.empty()) {
          kernel.emitOpError() << "cannot run its split's sum in the partial "
                                  "kernel: "
                               << why;
          return signalPassFailure();
        }
        if (std::string why = sumOnTilesRefusal(
                partialScheduleOf(kernel, kernel.getScheduleAttr()),
                sumSchedule.getBlock());
            !why.empty()) {
          kernel.emitOpError()
              << "cannot run its split's sum in the partial kernel on "
              << sumSchedule << ": " << why;
          return signalPassFailure();
        }
      }
      std::string name = kernel.getSymName().str();
      Attribute prediction =
          kernel->getAttr(TesselDialect::kPredictionAttrName);
      FailureOr<std::pair<KernelOp, KernelOp>> halves = splitReduction(
          rewriter, kernel, kernel.getScheduleAttr().getSplitK());
      if (failed(halves))
        return signalPassFailure();
      if (!sumSchedule)
        continue;
      KernelOp combined = combineSplit(rewriter, halves->first, halves->second,
                                       sumSchedule, name);
      if (prediction)
        combined->setAttr(TesselDialect::kPredictionAttrName, prediction);
    }
  }
};

} // namespace
