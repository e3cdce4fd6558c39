//===- FormKernels.cpp - tessel-form-kernels
//-------------------------------===//
//
// Groups the loose Tessel ops of each function into tessel.kernel regions,
// one GPU kernel each. The rule (each join is put to the FusionPolicy):
//
//  - contractions (matmul, batch_matmul, conv2d) and attention start a
//    kernel; the model policy (no other) may then take into a matmul's or
//    batch_matmul's kernel the kernel of unary, cast and broadcasting
//    binary ops computing an operand that it alone reads: its K step's
//    copies compute them on the way (a prologue);
//  - an elementwise op (unary, binary, cast, transpose) joins the kernel of
//    an operand whose value it alone uses (epilogue: bias, activation,
//    residual add, cast); otherwise it starts a kernel, which later
//    elementwise ops may join (chains of elementwise ops); having joined a
//    kernel of elementwise ops, it also takes in the elementwise kernel of
//    another operand it alone reads (siblings: `q * cos + rotate_half(q) *
//    sin` as one kernel); a concat or a gathering slice joins only a
//    kernel of elementwise ops, whose values it computes where it reads
//    them (tessel-lower-to-linalg);
//  - an attention's query, key or value that is a transpose swapping heads
//    and tokens ([B, S, H, D] -> [B, H, S, D], a linear layer's output
//    split into heads), used by it alone and a kernel of its own or the
//    last op of one, moves into the attention's kernel, which reads its
//    input in place (and the transpose of its result back, an epilogue,
//    writes in place); before grouping, such a transpose moves below the
//    elementwise ops between it and the attention (a rotary embedding),
//    which then compute in the tokens' layout;
//  - softmax, layer_norm, rms_norm and reduce join the kernel of their input
//    when that kernel holds only elementwise ops and its value is used by
//    them alone (prologue); otherwise they start a kernel; elementwise ops
//    after them join as epilogues;
//  - reshapes move no data and stay outside kernels (a reshape of a
//    computed value first moves below the elementwise op that alone uses
//    it, where that computes the same values, so that the op can join);
//    ops already in a tessel.kernel are left as they are.
//
// Before grouping, the policy may replace an attention or a convolution by
// its parts (the model policy does where their kernels are predicted
// faster).
//
//===----------------------------------------------------------------------===//

#include "passes/FusionPolicy.h"
#include "passes/KernelDescription.h"
#include "passes/Passes.h"
#include "passes/SplitReduction.h"
#include "passes/tiling/FusedAttention.h"

#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>

namespace mlir::tessel {
#define GEN_PASS_DEF_TESSELFORMKERNELS
#include "passes/Passes.h.inc"
} // namespace mlir::tessel

using namespace mlir;
using namespace mlir::tessel;

namespace {

/// Sorts `ops` (of one block) in program order.
void sortInProgramOrder(MutableArrayRef<Operation *> ops) {
  llvm::sort(ops,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
}

struct RuleFusionPolicy : FusionPolicy {
  bool shouldFuse(ArrayRef<Operation *>, Operation *, FusionKind) override {
    return true;
  }
  bool shouldMerge(ArrayRef<Operation *>, ArrayRef<Operation *>) override {
    return true;
  }
};
struct NoFusionPolicy : FusionPolicy {
  bool shouldFuse(ArrayRef<Operation *>, Operation *, FusionKind) override {
    return false;
  }
  bool shouldMerge(ArrayRef<Operation *>, ArrayRef<Operation *>) override {
    return false;
  }
};

/// What a group of ops reads from outside it and what it yields to ops
/// outside it, in program order.
struct Boundary {
  llvm::SetVector<Value> inputs;
  SmallVector<Value> outputs;
  /// Splat constants the ops read: copied into the kernel, not passed in.
  llvm::SetVector<Operation *> constants;
};

Boundary boundaryOf(ArrayRef<Operation *> ops) {
  Boundary b;
  llvm::SmallPtrSet<Operation *, 8> members(ops.begin(), ops.end());
  for (Operation *op : ops) {
    for (Value operand : op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (isa_and_nonnull<ConstantOp>(def))
        b.constants.insert(def);
      else if (!members.contains(def))
        b.inputs.insert(operand);
    }
    for (Value result : op->getResults())
      if (llvm::any_of(result.getUsers(), [&](Operation *user) {
            return !members.contains(user);
          }))
        b.outputs.push_back(result);
  }
  return b;
}

/// A tessel.kernel named `name`, taking `kernelInputs` (one per boundary
/// input) and yielding the boundary's outputs, with clones of `ops` inside.
KernelOp cloneIntoKernel(OpBuilder &builder, Location loc, StringRef name,
                         ArrayRef<Operation *> ops, const Boundary &boundary,
                         ValueRange kernelInputs) {
  auto kernel = KernelOp::create(
      builder, loc, ValueRange(boundary.outputs).getTypes(),
      builder.getStringAttr(name), kernelInputs, ScheduleAttr());
  OpBuilder::InsertionGuard guard(builder);
  Block *body = builder.createBlock(&kernel.getBody());
  IRMapping mapping;
  for (Value in : boundary.inputs)
    mapping.map(in, body->addArgument(in.getType(), in.getLoc()));
  for (Operation *constant : boundary.constants)
    builder.clone(*constant, mapping);
  for (Operation *op : ops)
    builder.clone(*op, mapping);
  SmallVector<Value> yielded;
  for (Value out : boundary.outputs)
    yielded.push_back(mapping.lookup(out));
  YieldOp::create(builder, loc, yielded);
  return kernel;
}

/// Predicts candidate kernels: each is built alone in a scratch module
/// (the ops cloned into a tessel.kernel whose inputs are the values they
/// read from outside and whose results are the values used outside),
/// lowered to linalg, described, and timed with its best schedule.
class ModelFusionPolicy : public FusionPolicy {
public:
  ModelFusionPolicy(ModuleOp module, const Target &target, bool explain)
      : targetAttr(module->getAttr(TesselDialect::kTargetAttrName)),
        target(target), explain(explain) {}

  bool shouldFuse(ArrayRef<Operation *> group, Operation *consumer,
                  FusionKind kind) override {
    SmallVector<Operation *> fused(group.begin(), group.end());
    fused.push_back(consumer);
    std::optional<Weighing> w = weigh(fused, group, {consumer});
    if (!w) {
      if (explain)
        consumer->emitRemark()
            << "joins its producer's kernel by the rule: the cost model "
               "could not predict one of the candidate kernels";
      return true;
    }
    if (explain && kind == FusionKind::View)
      consumer->emitRemark() << llvm::formatv(
          "{0} the transpose of an operand in place: {1:f2} us fused "
          "against {2:f2} + {3:f2} us apart on {4}",
          w->join ? "reads" : "does not read", w->together, w->first, w->second,
          target.name());
    else if (explain)
      consumer->emitRemark() << llvm::formatv(
          "{0} its producer's kernel: {1:f2} us fused against {2:f2} + "
          "{3:f2} us apart on {4}",
          w->join ? "joins" : "stays out of", w->together, w->first, w->second,
          target.name());
    return w->join;
  }

  bool shouldMerge(ArrayRef<Operation *> group,
                   ArrayRef<Operation *> sibling) override {
    SmallVector<Operation *> merged(group.begin(), group.end());
    merged.append(sibling.begin(), sibling.end());
    sortInProgramOrder(merged);
    std::optional<Weighing> w = weigh(merged, group, sibling);
    Operation *consumer = group.back();
    if (!w) {
      if (explain)
        consumer->emitRemark()
            << "computes its other operand in its kernel by the rule: the "
               "cost model could not predict one of the candidate kernels";
      return true;
    }
    if (explain)
      consumer->emitRemark() << llvm::formatv(
          "{0} its other operand's kernel: {1:f2} us as one kernel against "
          "{2:f2} + {3:f2} us apart on {4}",
          w->join ? "takes in" : "does not take in", w->together, w->first,
          w->second, target.name());
    return w->join;
  }

  bool shouldTakeIn(ArrayRef<Operation *> contraction,
                    ArrayRef<Operation *> operand) override {
    SmallVector<Operation *> together(contraction.begin(), contraction.end());
    together.append(operand.begin(), operand.end());
    sortInProgramOrder(together);
    // Split-K where it pays, on both sides: an operand the copies compute
    // makes each K step dearer, which a split spreads over more blocks.
    std::optional<double> one = timeAsOneKernel(together, /*withSplits=*/true);
    std::optional<double> first = predictKernel(operand);
    std::optional<double> second =
        timeAsOneKernel(contraction, /*withSplits=*/true);
    Operation *op = operand.back();
    if (!one || !first || !second) {
      if (explain)
        op->emitRemark() << "stays a kernel of its own: the cost model could "
                            "not predict one of the candidate kernels";
      return false;
    }
    bool join = *one <= *first + *second;
    if (explain)
      op->emitRemark() << llvm::formatv(
          "{0} its contraction's kernel: {1:f2} us as one kernel against "
          "{2:f2} + {3:f2} us apart on {4}",
          join ? "is computed in" : "stays out of", *one, *first, *second,
          target.name());
    return join;
  }

  bool shouldSplit(Operation *whole,
                   ArrayRef<SmallVector<Operation *>> kernels) override {
    // The parts pass their values through device memory: where those
    // cannot fit, the op stays one kernel (which holds them on chip).
    if (target.has(TargetField::DeviceMemoryBytes)) {
      double between = bytesBetween(kernels);
      double capacity = target.get(TargetField::DeviceMemoryBytes);
      if (between > capacity) {
        if (explain)
          whole->emitRemark() << llvm::formatv(
              "stays one kernel: its parts would pass {0:f1} GB between "
              "them, more than the {1:f1} GB of {2}",
              between / 1e9, capacity / 1e9, target.name());
        return false;
      }
    }
    // Not through the cache: the parts are erased when the op stays whole,
    // and a later op could take one's address.
    std::optional<double> one = timeAsOneKernel({whole}, /*withSplits=*/true);
    SmallVector<double> times;
    for (ArrayRef<Operation *> k : kernels) {
      std::optional<double> t = timeAsOneKernel(k);
      if (!t)
        break;
      times.push_back(*t);
    }
    if (!one || times.size() != kernels.size()) {
      if (explain)
        whole->emitRemark() << "runs as one kernel by the rule: the cost "
                               "model could not predict one of the kernels";
      return false;
    }
    double apart = 0;
    for (double t : times)
      apart += t;
    bool split = apart < *one;
    if (explain) {
      std::string each;
      for (double t : times)
        each += (each.empty() ? "" : " + ") + llvm::formatv("{0:f2}", t).str();
      whole->emitRemark() << llvm::formatv(
          "{0}: {1:f2} us as one kernel against {2:f2} us ({3}) as {4} "
          "kernel{5} on {6}",
          split ? "runs as its parts" : "stays one kernel", *one, apart, each,
          kernels.size(), kernels.size() == 1 ? "" : "s", target.name());
    }
    return split;
  }

private:
  /// One kernel of `together` against two of `first` and `second`: join
  /// when it is predicted no slower. None where one cannot be predicted.
  struct Weighing {
    double together, first, second;
    bool join;
  };
  std::optional<Weighing> weigh(ArrayRef<Operation *> together,
                                ArrayRef<Operation *> first,
                                ArrayRef<Operation *> second) {
    std::optional<double> one = predictKernel(together);
    std::optional<double> a = predictKernel(first);
    std::optional<double> b = predictKernel(second);
    if (!one || !a || !b)
      return std::nullopt;
    return Weighing{*one, *a, *b, *one <= *a + *b};
  }

  /// The bytes of the values a kernel of `kernels` writes for others (read
  /// outside it, directly or through views; the last kernel's are the
  /// op's own results).
  static double bytesBetween(ArrayRef<SmallVector<Operation *>> kernels) {
    double bytes = 0;
    for (ArrayRef<Operation *> kernel : kernels.drop_back())
      for (Operation *op : kernel)
        for (Value result : op->getResults()) {
          bool readElsewhere =
              llvm::any_of(result.getUsers(), [&](Operation *user) {
                return !llvm::is_contained(kernel, user);
              });
          auto type = dyn_cast<RankedTensorType>(result.getType());
          if (readElsewhere && type && type.hasStaticShape())
            bytes += double(type.getNumElements()) *
                     double((type.getElementTypeBitWidth() + 7) / 8);
        }
    return bytes;
  }

  /// The predicted time of `ops` as one kernel. A group that grew by a join
  /// was predicted as the join's fused candidate: remembered, not redone.
  std::optional<double> predictKernel(ArrayRef<Operation *> ops) {
    std::vector<Operation *> key(ops.begin(), ops.end());
    auto it = predicted.find(key);
    if (it == predicted.end())
      it = predicted.emplace(std::move(key), timeAsOneKernel(ops)).first;
    return it->second;
  }

  /// The predicted time of `ops` as one kernel with its best schedule;
  /// `withSplits` also tries the kernel split in two (split-KV for an
  /// attention, tessel-split-reduction) and takes the faster.
  std::optional<double> timeAsOneKernel(ArrayRef<Operation *> ops,
                                        bool withSplits = false) {
    MLIRContext *ctx = ops.front()->getContext();
    Boundary boundary = boundaryOf(ops);
    if (boundary.outputs.empty())
      boundary.outputs.append(ops.back()->result_begin(),
                              ops.back()->result_end());

    OpBuilder b(ctx);
    Location loc = ops.front()->getLoc();
    OwningOpRef<ModuleOp> scratch = ModuleOp::create(loc);
    (*scratch)->setAttr(TesselDialect::kTargetAttrName, targetAttr);
    b.setInsertionPointToEnd(scratch->getBody());
    auto func = func::FuncOp::create(
        b, loc, "probe",
        b.getFunctionType(ValueRange(boundary.inputs.getArrayRef()).getTypes(),
                          ValueRange(boundary.outputs).getTypes()));
    Block *entry = func.addEntryBlock();
    b.setInsertionPointToStart(entry);
    KernelOp kernel = cloneIntoKernel(b, loc, "probe_kernel", ops, boundary,
                                      entry->getArguments());
    func::ReturnOp::create(b, loc, kernel.getResults());

    // Predictions are questions, not errors: a failure here keeps the rule.
    ScopedDiagnosticHandler quiet(ctx, [](Diagnostic &) { return success(); });
    // Splits first: lowering outlines the kernel.
    double fastestSplit = INFINITY;
    if (withSplits)
      for (int64_t splits : splitCandidates(kernel))
        if (std::optional<SplitPrice> price =
                priceSplit(kernel, splits, target))
          fastestSplit = std::min(fastestSplit, price->combined().timeUs);
    FailureOr<std::vector<std::optional<KernelDesc>>> descs =
        lowerAndDescribe(*scratch, {"probe_kernel"});
    if (failed(descs) || !descs->front())
      return std::nullopt;
    std::optional<std::pair<Schedule, Prediction>> best =
        bestSchedule(*descs->front(), target);
    if (!best)
      return std::nullopt;
    return std::min(best->second.timeUs, fastestSplit);
  }

  Attribute targetAttr;
  const Target &target;
  std::map<std::vector<Operation *>, std::optional<double>> predicted;
  bool explain;
};

bool isElementwiseLike(Operation *op) {
  return op->hasTrait<tessel::OpTrait::UnaryElementwise>() ||
         op->hasTrait<tessel::OpTrait::BroadcastingElementwise>() ||
         isa<TransposeOp, SliceOp, ConcatOp>(op);
}

/// Whether `op`'s loop nest gathers its inputs (tensor.extract in its body),
/// which then cannot be computed in the same kernel: a concat, a slice
/// that does not read through an affine map.
bool gathers(Operation *op) {
  if (auto slice = dyn_cast<SliceOp>(op))
    return !slice.readsThroughMap();
  return isa<ConcatOp>(op);
}

bool isRowwise(Operation *op) {
  return isa<SoftmaxOp, LayerNormOp, RmsNormOp, ReduceOp>(op);
}

/// An op (an attention, a convolution) as the ops of the kernels it is made
/// of. `kernels` groups them as they would form kernels (each cast in its
/// producer's); `ops` are all of them, reshapes included, in program order.
struct OpParts {
  SmallVector<SmallVector<Operation *>> kernels;
  SmallVector<Operation *> ops;
  Value result;

  /// Appends `created` to `ops`; returns its result.
  Value record(Operation *created) {
    ops.push_back(created);
    return created->getResult(0);
  }
};

/// Builds, before `op`, S = q k^T (batch_matmul, f32 for f16 and bf16),
/// P = softmax(scale * S) with the causal mask and its window (f32), and
/// O = P v with v cast to f32, stored in the result type: like the one
/// attention kernel, every intermediate stays f32 and only the result is
/// rounded (rounding P to bf16, as FlashAttention does, would put its second
/// matmul on tensor cores at the cost of that rounding). Grouped-query heads
/// become rows of one batch: q [B, H, Sq, D] is viewed as [B * Hkv, (H /
/// Hkv) * Sq, D], k and v as [B * Hkv, Skv, .]; the causal softmax views S
/// as [B * Hkv, H / Hkv, Sq, Skv] so that its rows are query positions.
OpParts buildAttentionParts(OpBuilder &b, AttentionOp op) {
  OpParts parts;
  Location loc = op.getLoc();
  auto q = cast<RankedTensorType>(op.getQuery().getType());
  auto k = cast<RankedTensorType>(op.getKey().getType());
  auto v = cast<RankedTensorType>(op.getValue().getType());
  auto resultType = cast<RankedTensorType>(op.getResult().getType());
  Type elem = q.getElementType(), f32 = b.getF32Type();
  int64_t heads = q.getDimSize(1), sq = q.getDimSize(2), d = q.getDimSize(3);
  int64_t kvHeads = k.getDimSize(1), skv = k.getDimSize(2),
          dv = v.getDimSize(3);
  int64_t batch = q.getDimSize(0) * kvHeads, group = heads / kvHeads;
  auto type = [](ArrayRef<int64_t> shape, Type t) {
    return RankedTensorType::get(shape, t);
  };
  auto reshape = [&](Value x, RankedTensorType to) {
    return parts.record(ReshapeOp::create(b, loc, to, x));
  };
  auto castTo = [&](Value x, Type to, SmallVector<Operation *> &kernel) {
    auto from = cast<RankedTensorType>(x.getType());
    if (from.getElementType() == to)
      return x;
    Value c =
        parts.record(CastOp::create(b, loc, type(from.getShape(), to), x));
    kernel.push_back(parts.ops.back());
    return c;
  };

  Value q3 = reshape(op.getQuery(), type({batch, group * sq, d}, elem));
  Value k3 = reshape(op.getKey(), type({batch, skv, d}, elem));
  Value v3 = reshape(op.getValue(), type({batch, skv, dv}, elem));

  SmallVector<Operation *> scores, probabilities;
  Value s = parts.record(
      BatchMatmulOp::create(b, loc, type({batch, group * sq, skv}, f32), q3, k3,
                            /*transpose_lhs=*/false,
                            /*transpose_rhs=*/true));
  scores.push_back(parts.ops.back());

  double scale = op.getScale() ? op.getScale()->convertToDouble()
                               : 1.0 / std::sqrt(double(d));
  bool causal = op.getCausal();
  if (causal)
    s = reshape(s, type({batch, group, sq, skv}, f32));
  auto sType = cast<RankedTensorType>(s.getType());
  Value p = parts.record(SoftmaxOp::create(
      b, loc, sType, s, b.getI64IntegerAttr(sType.getRank() - 1),
      b.getF64FloatAttr(scale), causal ? b.getUnitAttr() : UnitAttr(),
      op.getWindowAttr()));
  probabilities.push_back(parts.ops.back());
  if (causal)
    p = reshape(p, type({batch, group * sq, skv}, f32));

  SmallVector<Operation *> values, output;
  Value vf = castTo(v3, f32, values);
  Value o = parts.record(
      BatchMatmulOp::create(b, loc, type({batch, group * sq, dv}, f32), p, vf));
  output.push_back(parts.ops.back());
  o = castTo(o, resultType.getElementType(), output);
  parts.result = reshape(o, resultType);
  parts.kernels = {scores, probabilities};
  if (!values.empty())
    parts.kernels.push_back(values);
  parts.kernels.push_back(output);
  return parts;
}

/// A convolution with groups = 1 as im2col and a matmul: P = im2col(x)
/// [N, OH, OW, KH, KW, C] viewed as [N * OH * OW, KH * KW * C], times the
/// filter viewed as [KH * KW * C, F], viewed as the result [N, OH, OW, F]
/// (a pointwise convolution needs no im2col: x itself is viewed so).
/// Its result's element type is the convolution's (f32 accumulation either
/// way). None for grouped convolutions.
std::optional<OpParts> buildConvParts(OpBuilder &b, Conv2DOp op) {
  if (op.getGroupsAttr().getInt() != 1)
    return std::nullopt;
  OpParts parts;
  Location loc = op.getLoc();
  auto x = cast<RankedTensorType>(op.getInput().getType());
  auto w = cast<RankedTensorType>(op.getFilter().getType());
  auto resultType = cast<RankedTensorType>(op.getResult().getType());
  Type elem = x.getElementType();
  int64_t n = x.getDimSize(0), c = x.getDimSize(3);
  int64_t kh = w.getDimSize(0), kw = w.getDimSize(1), f = w.getDimSize(3);
  int64_t oh = resultType.getDimSize(1), ow = resultType.getDimSize(2);
  // A pointwise convolution (1 x 1, stride 1, no padding) is a matmul of
  // the input itself.
  bool pointwise =
      kh == 1 && kw == 1 &&
      llvm::all_of(op.getStrides(), [](int64_t s) { return s == 1; }) &&
      llvm::all_of(op.getPadding(), [](int64_t p) { return p == 0; });
  Value patches = op.getInput();
  Operation *im2col = nullptr;
  if (!pointwise) {
    patches = parts.record(Im2ColOp::create(
        b, loc, RankedTensorType::get({n, oh, ow, kh, kw, c}, elem),
        op.getInput(), b.getDenseI64ArrayAttr({kh, kw}), op.getStridesAttr(),
        op.getPaddingAttr(), op.getDilationsAttr()));
    im2col = parts.ops.back();
  }
  Value rows = parts.record(ReshapeOp::create(
      b, loc, RankedTensorType::get({n * oh * ow, kh * kw * c}, elem),
      patches));
  Value filter = parts.record(ReshapeOp::create(
      b, loc, RankedTensorType::get({kh * kw * c, f}, elem), op.getFilter()));
  Value product = parts.record(MatmulOp::create(
      b, loc,
      RankedTensorType::get({n * oh * ow, f}, resultType.getElementType()),
      rows, filter));
  Operation *matmul = parts.ops.back();
  parts.result = parts.record(ReshapeOp::create(b, loc, resultType, product));
  if (im2col)
    parts.kernels.push_back({im2col});
  parts.kernels.push_back({matmul});
  return parts;
}

/// The ops that become one kernel, in program order.
struct Group {
  SmallVector<Operation *> ops;
  bool elementwiseOnly = true;
};

class KernelFormer {
public:
  KernelFormer(FusionPolicy &policy) : policy(policy) {}

  void formGroups(Block &block) {
    for (Operation &op : block) {
      if (!isa<TesselDialect>(op.getDialect()) ||
          isa<KernelOp, YieldOp, ReshapeOp, ConstantOp>(op))
        continue;
      if (isElementwiseLike(&op) && joinProducer(&op, FusionKind::Epilogue)) {
        mergeSiblings(&op);
        continue;
      }
      if (isRowwise(&op) && joinProducer(&op, FusionKind::Prologue))
        continue;
      groupOf[&op] = groups.size();
      groups.push_back({{&op}, isElementwiseLike(&op)});
      if (isa<AttentionOp>(op))
        joinViews(&op);
      else if (isa<MatmulOp, BatchMatmulOp>(op))
        takeInOperandKernels(&op);
    }
  }

  void materialize(func::FuncOp func, OpBuilder &builder);

private:
  /// Puts `op` in the group of an operand's producer when it alone uses that
  /// value and the policy agrees.
  bool joinProducer(Operation *op, FusionKind kind) {
    ValueRange candidates = op->getOperands();
    if (kind == FusionKind::Prologue) // the normalized or reduced input only
      candidates = op->getOperands().take_front();
    for (Value operand : candidates) {
      Operation *producer = operand.getDefiningOp();
      auto it = producer ? groupOf.find(producer) : groupOf.end();
      if (it == groupOf.end() || !operand.hasOneUse())
        continue;
      Group &g = groups[it->second];
      // A gather computes the elements it reads itself (in place of
      // reading them: tessel-lower-to-linalg), which an elementwise op can.
      if ((kind == FusionKind::Prologue || gathers(op)) && !g.elementwiseOnly)
        continue;
      if (!policy.shouldFuse(g.ops, op, kind))
        continue;
      g.ops.push_back(op);
      g.elementwiseOnly &= isElementwiseLike(op);
      groupOf[op] = it->second;
      return true;
    }
    return false;
  }

  /// Moves into the group `op` (elementwise) has just joined the other
  /// elementwise groups whose values it alone reads, where the policy
  /// agrees: `q * cos + rotate_half(q) * sin` becomes one kernel. Each
  /// group's values but its last op's are read inside it alone, so the
  /// merged group still computes its inputs before its last op and yields
  /// only after it.
  void mergeSiblings(Operation *op) {
    size_t index = groupOf[op];
    if (!groups[index].elementwiseOnly)
      return;
    for (Value operand : op->getOperands()) {
      Group *sibling = elementwiseGroupYielding(operand, index);
      if (sibling && policy.shouldMerge(groups[index].ops, sibling->ops))
        moveInto(index, *sibling);
    }
  }

  /// The other group of elementwise ops (not `index`) whose last op yields
  /// `operand`, used once; null if there is none.
  Group *elementwiseGroupYielding(Value operand, size_t index) {
    Operation *producer = operand.getDefiningOp();
    auto it = producer ? groupOf.find(producer) : groupOf.end();
    if (it == groupOf.end() || it->second == index || !operand.hasOneUse())
      return nullptr;
    Group &g = groups[it->second];
    return g.elementwiseOnly && g.ops.back() == producer ? &g : nullptr;
  }

  /// Moves `other`'s ops into group `index`, in program order.
  void moveInto(size_t index, Group &other) {
    for (Operation *moved : other.ops)
      groupOf[moved] = index;
    Group &g = groups[index];
    g.ops.append(other.ops.begin(), other.ops.end());
    other.ops.clear();
    sortInProgramOrder(g.ops);
  }

  /// Moves into `attention`'s group (just made) the transposes of its
  /// query, key and value that swap heads and tokens, used by the attention
  /// alone, each a kernel of its own so far or the last op of one (the
  /// epilogue of a rotary embedding's kernel), where the policy agrees: the
  /// fused attention reads their inputs in place (AttentionViews).
  void joinViews(Operation *attention) {
    size_t index = groupOf[attention];
    for (Value operand : attention->getOperands()) {
      auto view = operand.getDefiningOp<TransposeOp>();
      auto it = view ? groupOf.find(view) : groupOf.end();
      if (!tiling::swapsHeadsAndTokens(view) || !operand.hasOneUse() ||
          it == groupOf.end() || groups[it->second].ops.empty() ||
          groups[it->second].ops.back() != view.getOperation() ||
          !policy.shouldFuse({view.getOperation()}, attention,
                             FusionKind::View))
        continue;
      groups[it->second].ops.pop_back();
      groups[index].ops.insert(groups[index].ops.begin(), view);
      it->second = index;
    }
    sortInProgramOrder(groups[index].ops);
  }

  /// Moves into `contraction`'s group (just made) the elementwise kernel
  /// computing an operand it alone reads, where the policy agrees: a cast
  /// from f32 or an activation before a matmul becomes the prologue its K
  /// step's copies compute. Only ops computing each element from the same
  /// element of their inputs (unary, cast, broadcasting binary ops): the
  /// copies read the tile's elements, not a gather's or a transpose's.
  void takeInOperandKernels(Operation *contraction) {
    size_t index = groupOf[contraction];
    for (Value operand : contraction->getOperands()) {
      Group *g = elementwiseGroupYielding(operand, index);
      if (!g || !llvm::all_of(g->ops, [](Operation *op) {
            return op->hasTrait<tessel::OpTrait::UnaryElementwise>() ||
                   op->hasTrait<tessel::OpTrait::BroadcastingElementwise>();
          }))
        continue;
      if (policy.shouldTakeIn(groups[index].ops, g->ops))
        moveInto(index, *g);
    }
  }

  FusionPolicy &policy;
  SmallVector<Group> groups;
  DenseMap<Operation *, size_t> groupOf;
};

/// A name for the kernel from its function and its most significant op.
std::string kernelName(func::FuncOp func, const Group &g, unsigned index) {
  Operation *main = g.ops.front();
  for (Operation *op : g.ops)
    if (!isElementwiseLike(op)) {
      main = op;
      break;
    }
  return (func.getSymName() + "_k" + Twine(index) + "_" +
          main->getName().stripDialect())
      .str();
}

void KernelFormer::materialize(func::FuncOp func, OpBuilder &builder) {
  SymbolTable symbols(func->getParentOfType<ModuleOp>());
  unsigned index = 0;
  for (Group &g : groups) {
    if (g.ops.empty()) // (its ops joined another group)
      continue;
    Boundary boundary = boundaryOf(g.ops);
    std::string name = kernelName(func, g, index++);
    while (symbols.lookup(name))
      name += "_";

    // The kernel takes the place of the group's last op: every input is
    // defined before it, and the group's results are used only after it (an
    // op joins a group only as the sole user of the value it reads).
    Operation *last = g.ops.back();
    builder.setInsertionPoint(last);
    KernelOp kernel = cloneIntoKernel(builder, last->getLoc(), name, g.ops,
                                      boundary, boundary.inputs.getArrayRef());

    for (auto [out, result] :
         llvm::zip_equal(boundary.outputs, kernel.getResults()))
      out.replaceAllUsesWith(result);
    for (Operation *op : llvm::reverse(g.ops))
      op->erase();
  }
}

/// `transpose(reshape(x))` as `reshape(transpose'(x))` when the reshape only
/// adds or drops dims of size 1: `transpose'` permutes x's dims as the
/// transpose permutes the reshape's dims of size > 1. Null otherwise (or
/// when x has dims of size 1, whose place the result would not fix).
Value sinkThroughTranspose(OpBuilder &b, TransposeOp t, Value x) {
  auto xType = cast<RankedTensorType>(x.getType());
  auto rType = cast<RankedTensorType>(t.getInput().getType());
  if (llvm::is_contained(xType.getShape(), 1))
    return {};
  // Position among x's dims of each of the reshape's dims of size > 1.
  SmallVector<int64_t> xDimOf(rType.getRank(), -1);
  int64_t next = 0;
  for (auto [i, size] : llvm::enumerate(rType.getShape())) {
    if (size == 1)
      continue;
    if (next >= xType.getRank() || xType.getDimSize(next) != size)
      return {};
    xDimOf[i] = next++;
  }
  if (next != xType.getRank())
    return {};
  SmallVector<int64_t> perm;
  SmallVector<int64_t> shape;
  for (int64_t p : t.getPermutation())
    if (xDimOf[p] >= 0) {
      perm.push_back(xDimOf[p]);
      shape.push_back(xType.getDimSize(xDimOf[p]));
    }
  auto type = RankedTensorType::get(shape, xType.getElementType());
  Value moved =
      TransposeOp::create(b, t.getLoc(), type, x, b.getDenseI64ArrayAttr(perm));
  return ReshapeOp::create(b, t.getLoc(), t.getType(), moved);
}

/// `shape` (of a value in the heads' layout [B, H, S, D]) in the tokens'
/// layout [B, S, H, D]: the two middle dims swapped.
SmallVector<int64_t> inTokensLayout(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> out(shape);
  std::swap(out[1], out[2]);
  return out;
}

/// `type`'s shape with leading 1s up to rank 4 (numpy's broadcast).
SmallVector<int64_t> extendedTo4(RankedTensorType type) {
  SmallVector<int64_t> extended(4 - type.getRank(), 1);
  llvm::append_range(extended, type.getShape());
  return extended;
}

/// Whether a binary op's operand that is not in the sunk DAG can be read in
/// the tokens' layout without moving data: it broadcasts over both swapped
/// dims (read as it is), over one of them (a reshape that moves a dim of
/// size 1: the rotary tables [S, D] read as [1, S, 1, D]), or it is a splat
/// constant (made again in the new shape).
bool readsInTokensLayout(Value v) {
  auto type = cast<RankedTensorType>(v.getType());
  if (type.getRank() > 4)
    return false;
  if (auto c = v.getDefiningOp<ConstantOp>())
    return cast<DenseElementsAttr>(c.getValue()).isSplat();
  SmallVector<int64_t> extended = extendedTo4(type);
  return extended[1] == 1 || extended[2] == 1;
}

/// `v` (see readsInTokensLayout) as the tokens' layout reads it, made
/// right after `v` (so that every op after it may read it) and once per
/// value (`made`: the rotary tables of the query and the key).
Value inTokensLayout(OpBuilder &b, Value v, DenseMap<Value, Value> &made) {
  auto type = cast<RankedTensorType>(v.getType());
  SmallVector<int64_t> extended = extendedTo4(type);
  if (extended[1] == 1 && extended[2] == 1) // the swap moves nothing
    return v;
  Value &moved = made[v];
  if (moved)
    return moved;
  auto movedType =
      RankedTensorType::get(inTokensLayout(extended), type.getElementType());
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointAfterValue(v);
  if (auto c = v.getDefiningOp<ConstantOp>())
    moved = ConstantOp::create(
        b, v.getLoc(), movedType,
        cast<DenseElementsAttr>(c.getValue()).resizeSplat(movedType));
  else
    moved = ReshapeOp::create(b, v.getLoc(), movedType, v);
  return moved;
}

/// Moves a transpose that swaps heads and tokens ([B, S, H, D] -> [B, H, S,
/// D]) below the elementwise DAG that reads it, when every value the DAG
/// yields is an attention's query, key or value: the DAG then computes in
/// the tokens' layout, and the transposes it yields are read in place by
/// the fused attention (AttentionViews). Rotary embeddings between a
/// projection split into heads and the attention (HF LLaMA's `q.view(...)
/// .transpose(1, 2)` then `q * cos + rotate_half(q) * sin`) so lose their
/// transposes. The DAG's ops: unary elementwise ops and casts, slices,
/// concats of values in it, and binary ops whose other operand is in it or
/// broadcasts so that a reshape (or nothing) reads it in the tokens'
/// layout. The values computed are the same.
void sinkHeadTransposes(func::FuncOp func, OpBuilder &b) {
  Block &body = func.getBody().front();
  DenseMap<Value, Value> made;
  for (auto t : llvm::to_vector(body.getOps<TransposeOp>())) {
    if (!tiling::swapsHeadsAndTokens(t))
      continue;
    // The DAG, in program order, and its values in the heads' layout.
    SetVector<Operation *> dag;
    SetVector<Value> inDag;
    inDag.insert(t.getResult());
    for (Operation *op = t->getNextNode(); op; op = op->getNextNode()) {
      if (!llvm::any_of(op->getOperands(),
                        [&](Value v) { return inDag.contains(v); }))
        continue;
      bool joins = false;
      if (op->getNumResults() == 1 && isa<TesselDialect>(op->getDialect())) {
        if (op->hasTrait<tessel::OpTrait::UnaryElementwise>() ||
            isa<SliceOp>(op)) {
          joins = true;
        } else if (isa<ConcatOp>(op)) {
          joins = llvm::all_of(op->getOperands(),
                               [&](Value v) { return inDag.contains(v); });
        } else if (op->hasTrait<tessel::OpTrait::BroadcastingElementwise>()) {
          joins = llvm::all_of(op->getOperands(), [&](Value v) {
            return inDag.contains(v) || readsInTokensLayout(v);
          });
        }
      }
      if (!joins)
        continue;
      dag.insert(op);
      inDag.insert(op->getResult(0));
    }
    if (dag.empty())
      continue;
    // The values used outside the DAG: each must be an attention's
    // operand alone, which reads the transpose back in place.
    SmallVector<Value> exits;
    bool worthIt = true;
    for (Value v : inDag) {
      bool usedOutside = false;
      for (OpOperand &use : v.getUses())
        if (!dag.contains(use.getOwner()))
          usedOutside = true;
      if (!usedOutside)
        continue;
      if (!v.hasOneUse() || !isa<AttentionOp>(*v.getUsers().begin()) ||
          v.getUses().begin()->getOperandNumber() >= 3) {
        worthIt = false;
        break;
      }
      exits.push_back(v);
    }
    if (!worthIt)
      continue;
    // Each op again, in the tokens' layout.
    IRMapping tokens;
    tokens.map(t.getResult(), t.getInput());
    for (Operation *op : dag) {
      b.setInsertionPoint(op);
      auto type = cast<RankedTensorType>(op->getResult(0).getType());
      auto movedType = RankedTensorType::get(inTokensLayout(type.getShape()),
                                             type.getElementType());
      Operation *moved;
      if (auto slice = dyn_cast<SliceOp>(op)) {
        moved = SliceOp::create(
            b, op->getLoc(), movedType, tokens.lookup(slice.getInput()),
            b.getDenseI64ArrayAttr(inTokensLayout(slice.getOffsets())),
            b.getDenseI64ArrayAttr(inTokensLayout(slice.getStrides())));
      } else if (auto concat = dyn_cast<ConcatOp>(op)) {
        int64_t dim = concat.getDim();
        dim = dim == 1 ? 2 : dim == 2 ? 1 : dim;
        SmallVector<Value> inputs = llvm::map_to_vector(
            concat.getInputs(), [&](Value v) { return tokens.lookup(v); });
        moved = ConcatOp::create(b, op->getLoc(), movedType, inputs,
                                 b.getI64IntegerAttr(dim));
      } else {
        IRMapping map;
        for (Value v : op->getOperands())
          map.map(v, inDag.contains(v) ? tokens.lookup(v)
                                       : inTokensLayout(b, v, made));
        moved = b.clone(*op, map);
        moved->getResult(0).setType(movedType);
      }
      tokens.map(op->getResult(0), moved->getResult(0));
    }
    for (Value v : exits) {
      Value x = tokens.lookup(v);
      b.setInsertionPointAfterValue(x);
      Value back = TransposeOp::create(b, t.getLoc(), v.getType(), x,
                                       b.getDenseI64ArrayAttr({0, 2, 1, 3}));
      v.replaceUsesWithIf(
          back, [&](OpOperand &use) { return !dag.contains(use.getOwner()); });
    }
    for (Operation *op : llvm::reverse(dag))
      op->erase();
    if (t->use_empty())
      t->erase();
  }
}

/// Moves each reshape of a computed value below the elementwise op that
/// alone uses it, so that the op can join the producer's kernel as an
/// epilogue (reshapes stay between kernels): a unary op or cast always; a
/// binary op when its other operand broadcasts over trailing dims the
/// reshape leaves as they are, or has the reshaped shape itself (a residual
/// add, or two reshaped results multiplied: the other operand is then read
/// in the producer's shape, through its own reshape's input where it is
/// one, else a reshape of it, which moves no data); a transpose when the
/// reshape only adds or drops dims of size 1 (the attention's parts, whose
/// heads are then merged). The values computed are the same.
void sinkReshapes(func::FuncOp func, OpBuilder &b) {
  // `v` as a reshape of a computed value that `op` alone uses.
  auto sinkable = [](Value v) -> ReshapeOp {
    auto r = v.getDefiningOp<ReshapeOp>();
    if (r && v.hasOneUse() && r.getInput().getDefiningOp() &&
        !r.getInput().getDefiningOp<ReshapeOp>())
      return r;
    return nullptr;
  };
  for (Operation *op :
       llvm::to_vector(llvm::make_pointer_range(func.getBody().front()))) {
    // A slice's offsets and strides, a concat's dim, are per dim of its
    // own inputs.
    if (!isElementwiseLike(op) || isa<SliceOp, ConcatOp>(op) ||
        op->getNumResults() != 1)
      continue;
    // The operand that is a reshape of a computed value used by `op`
    // alone (of two such, the first: the other then has its shape).
    int reshaped = -1;
    ReshapeOp r;
    for (auto [i, v] : llvm::enumerate(op->getOperands()))
      if ((r = sinkable(v))) {
        reshaped = int(i);
        break;
      }
    if (!r)
      continue;
    Value x = r.getInput();
    auto xType = cast<RankedTensorType>(x.getType());
    auto rType = cast<RankedTensorType>(r.getType());
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    b.setInsertionPoint(op);
    Value replacement;
    // The other operand's reshape, dead once `op` reads its input.
    ReshapeOp otherReshape;
    if (auto t = dyn_cast<TransposeOp>(op)) {
      replacement = sinkThroughTranspose(b, t, x);
    } else {
      if (resultType.getShape() != rType.getShape())
        continue;
      IRMapping map;
      map.map(r.getResult(), x);
      // The other operand: a broadcast over trailing dims the reshape
      // keeps is read as it is; one of the reshaped shape is read in x's.
      if (op->getNumOperands() == 2) {
        Value other = op->getOperand(1 - reshaped);
        auto otherType = cast<RankedTensorType>(other.getType());
        int64_t tail = otherType.getRank();
        if (otherType.getShape() == rType.getShape()) {
          // (A splat constant stays a constant of the shape it is read in.)
          if (other.getDefiningOp<ConstantOp>())
            continue;
          auto asX = RankedTensorType::get(xType.getShape(),
                                           otherType.getElementType());
          auto o = other.getDefiningOp<ReshapeOp>();
          if (o && o.getInput().getType() == asX) {
            map.map(other, o.getInput());
            if (other.hasOneUse())
              otherReshape = o;
          } else {
            map.map(other, ReshapeOp::create(b, op->getLoc(), asX, other));
          }
        } else if (tail > xType.getRank() ||
                   rType.getShape().take_back(tail) !=
                       xType.getShape().take_back(tail)) {
          continue;
        }
      }
      Operation *moved = b.clone(*op, map);
      moved->getResult(0).setType(
          RankedTensorType::get(xType.getShape(), resultType.getElementType()));
      replacement =
          ReshapeOp::create(b, op->getLoc(), resultType, moved->getResult(0));
    }
    if (!replacement)
      continue;
    op->getResult(0).replaceAllUsesWith(replacement);
    op->erase();
    r.erase();
    if (otherReshape)
      otherReshape.erase();
  }
}

/// A reshape of a splat constant becomes the splat in the reshaped type,
/// so that every constant a kernel reads can be copied into it.
void reshapeConstants(func::FuncOp func, OpBuilder &b) {
  SmallVector<ReshapeOp> reshapes;
  func.walk([&](ReshapeOp r) {
    if (r.getInput().getDefiningOp<ConstantOp>())
      reshapes.push_back(r);
  });
  for (ReshapeOp r : reshapes) {
    auto constant = r.getInput().getDefiningOp<ConstantOp>();
    auto value = cast<DenseElementsAttr>(constant.getValue());
    b.setInsertionPoint(r);
    Value splat = ConstantOp::create(b, r.getLoc(), r.getType(),
                                     value.reshape(r.getType()));
    r.replaceAllUsesWith(splat);
    r.erase();
  }
}

/// Constants that every kernel reading them copied in.
void eraseUnusedConstants(func::FuncOp func) {
  SmallVector<ConstantOp> dead;
  for (auto c : func.getBody().front().getOps<ConstantOp>())
    if (c->use_empty())
      dead.push_back(c);
  for (ConstantOp c : dead)
    c->erase();
}

/// Replaces each loose attention and convolution of `func` by its parts
/// where `parts` says so: always, never, or where the policy says they run
/// faster.
void splitOps(func::FuncOp func, FusionPolicy &policy, PartsPolicy parts,
              OpBuilder &builder) {
  if (parts == PartsPolicy::Never)
    return;
  for (Operation &op :
       llvm::make_early_inc_range(func.getBody().front().getOperations())) {
    builder.setInsertionPoint(&op);
    std::optional<OpParts> opParts;
    if (auto attention = dyn_cast<AttentionOp>(op))
      opParts = buildAttentionParts(builder, attention);
    else if (auto conv = dyn_cast<Conv2DOp>(op))
      opParts = buildConvParts(builder, conv);
    if (!opParts)
      continue;
    if (parts == PartsPolicy::Always ||
        policy.shouldSplit(&op, opParts->kernels)) {
      op.getResult(0).replaceAllUsesWith(opParts->result);
      op.erase();
      continue;
    }
    for (Operation *part : llvm::reverse(opParts->ops))
      part->erase();
  }
}

struct FormKernelsPass
    : public tessel::impl::TesselFormKernelsBase<FormKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<Target> target;
    bool useModel = policy == FusionPolicyKind::Model ||
                    (policy == FusionPolicyKind::Auto &&
                     module->hasAttr(TesselDialect::kTargetAttrName));
    if (useModel) {
      FailureOr<Target> t = getModuleTarget(module, "tessel-form-kernels");
      if (failed(t))
        return signalPassFailure();
      target = *t;
    }
    OpBuilder builder(&getContext());
    for (auto func : llvm::to_vector(getOperation().getOps<func::FuncOp>())) {
      if (func.isExternal() || func->hasAttr(TesselDialect::kKernelAttrName))
        continue;
      // One policy per function: the model's remembers predictions by op,
      // and the ops a function erases free addresses that the next
      // function's new ops (an attention's parts) may take.
      std::unique_ptr<FusionPolicy> fusionPolicy =
          useModel ? createModelFusionPolicy(module, *target, explain)
          : policy == FusionPolicyKind::None ? createNoFusionPolicy()
                                             : createRuleFusionPolicy();
      reshapeConstants(func, builder);
      splitOps(func, *fusionPolicy, parts, builder);
      sinkHeadTransposes(func, builder);
      sinkReshapes(func, builder);
      KernelFormer former(*fusionPolicy);
      former.formGroups(func.getBody().front());
      former.materialize(func, builder);
      eraseUnusedConstants(func);
    }
  }
};

} // namespace

std::unique_ptr<FusionPolicy> mlir::tessel::createRuleFusionPolicy() {
  return std::make_unique<RuleFusionPolicy>();
}
std::unique_ptr<FusionPolicy> mlir::tessel::createNoFusionPolicy() {
  return std::make_unique<NoFusionPolicy>();
}
std::unique_ptr<FusionPolicy>
mlir::tessel::createModelFusionPolicy(ModuleOp module, const Target &target,
                                      bool explain) {
  return std::make_unique<ModelFusionPolicy>(module, target, explain);
}
