//===- FormKernels.cpp - tessel-form-kernels
//-------------------------------===//
//
// Groups the loose Tessel ops of each function into tessel.kernel regions,
// one GPU kernel each. The rule (each join is put to the FusionPolicy):
//
//  - contractions (matmul, batch_matmul, conv2d) and attention start a
//    kernel;
//  - an elementwise op (unary, binary, cast, transpose) joins the kernel of
//    an operand whose value it alone uses (epilogue: bias, activation,
//    residual add, cast); otherwise it starts a kernel, which later
//    elementwise ops may join (chains of elementwise ops);
//  - softmax, layer_norm, rms_norm and reduce join the kernel of their input
//    when that kernel holds only elementwise ops and its value is used by
//    them alone (prologue); otherwise they start a kernel; elementwise ops
//    after them join as epilogues;
//  - reshapes move no data and stay outside kernels; ops already in a
//    tessel.kernel are left as they are.
//
//===----------------------------------------------------------------------===//

#include "passes/FusionPolicy.h"
#include "passes/KernelDescription.h"
#include "passes/Passes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/Pass/PassManager.h"
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

struct RuleFusionPolicy : FusionPolicy {
  bool shouldFuse(ArrayRef<Operation *>, Operation *, FusionKind) override {
    return true;
  }
};
struct NoFusionPolicy : FusionPolicy {
  bool shouldFuse(ArrayRef<Operation *>, Operation *, FusionKind) override {
    return false;
  }
};

/// What a group of ops reads from outside it and what it yields to ops
/// outside it, in program order.
struct Boundary {
  llvm::SetVector<Value> inputs;
  SmallVector<Value> outputs;
};

Boundary boundaryOf(ArrayRef<Operation *> ops) {
  Boundary b;
  llvm::SmallPtrSet<Operation *, 8> members(ops.begin(), ops.end());
  for (Operation *op : ops) {
    for (Value operand : op->getOperands())
      if (!members.contains(operand.getDefiningOp()))
        b.inputs.insert(operand);
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
                  FusionKind) override {
    SmallVector<Operation *> fused(group.begin(), group.end());
    fused.push_back(consumer);
    std::optional<double> together = predictKernel(fused);
    std::optional<double> apart = predictKernel(group);
    std::optional<double> alone = predictKernel({consumer});
    if (!together || !apart || !alone) {
      if (explain)
        consumer->emitRemark()
            << "joins its producer's kernel by the rule: the cost model "
               "could not predict one of the candidate kernels";
      return true;
    }
    bool fuse = *together <= *apart + *alone;
    if (explain)
      consumer->emitRemark() << llvm::formatv(
          "{0} its producer's kernel: {1:f2} us fused against {2:f2} + "
          "{3:f2} us apart on {4}",
          fuse ? "joins" : "stays out of", *together, *apart, *alone,
          target.name());
    return fuse;
  }

private:
  /// The predicted time of `ops` as one kernel. A group that grew by a join
  /// was predicted as the join's fused candidate: remembered, not redone.
  std::optional<double> predictKernel(ArrayRef<Operation *> ops) {
    std::vector<Operation *> key(ops.begin(), ops.end());
    auto it = predicted.find(key);
    if (it == predicted.end())
      it = predicted.emplace(std::move(key), timeAsOneKernel(ops)).first;
    return it->second;
  }

  std::optional<double> timeAsOneKernel(ArrayRef<Operation *> ops) {
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
    PassManager pm(ctx);
    pm.addPass(createTesselLowerToLinalg());
    if (failed(pm.run(*scratch)))
      return std::nullopt;
    auto outlined = scratch->lookupSymbol<func::FuncOp>("probe_kernel");
    FailureOr<KernelDesc> desc =
        outlined ? describeKernel(outlined) : FailureOr<KernelDesc>(failure());
    if (failed(desc))
      return std::nullopt;
    std::optional<std::pair<Schedule, Prediction>> best =
        bestSchedule(*desc, target);
    if (!best)
      return std::nullopt;
    return best->second.timeUs;
  }

  Attribute targetAttr;
  const Target &target;
  std::map<std::vector<Operation *>, std::optional<double>> predicted;
  bool explain;
};

bool isElementwiseLike(Operation *op) {
  return isa<NegOp, ExpOp, TanhOp, SigmoidOp, ReluOp, SiluOp, RsqrtOp, GeluOp,
             CastOp, AddOp, SubOp, MulOp, DivOp, MaxOp, MinOp, TransposeOp>(op);
}

bool isRowwise(Operation *op) {
  return isa<SoftmaxOp, LayerNormOp, RmsNormOp, ReduceOp>(op);
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
          isa<KernelOp, YieldOp, ReshapeOp>(op))
        continue;
      if (isElementwiseLike(&op) && joinProducer(&op, FusionKind::Epilogue))
        continue;
      if (isRowwise(&op) && joinProducer(&op, FusionKind::Prologue))
        continue;
      groupOf[&op] = groups.size();
      groups.push_back({{&op}, isElementwiseLike(&op)});
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
      if (kind == FusionKind::Prologue && !g.elementwiseOnly)
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

struct FormKernelsPass
    : public tessel::impl::TesselFormKernelsBase<FormKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::unique_ptr<FusionPolicy> fusionPolicy;
    std::optional<Target> target;
    bool useModel =
        policy == "model" ||
        (policy == "auto" && module->hasAttr(TesselDialect::kTargetAttrName));
    if (useModel) {
      FailureOr<Target> t = getModuleTarget(module, "tessel-form-kernels");
      if (failed(t))
        return signalPassFailure();
      target = *t;
      fusionPolicy = createModelFusionPolicy(module, *target, explain);
    } else if (policy == "rule" || policy == "auto")
      fusionPolicy = createRuleFusionPolicy();
    else if (policy == "none")
      fusionPolicy = createNoFusionPolicy();
    else {
      module.emitError() << "unknown fusion policy '" << policy
                         << "' (expected 'auto', 'model', 'rule' or 'none')";
      return signalPassFailure();
    }
    OpBuilder builder(&getContext());
    for (auto func : llvm::to_vector(getOperation().getOps<func::FuncOp>())) {
      if (func.isExternal() || func->hasAttr(TesselDialect::kKernelAttrName))
        continue;
      KernelFormer former(*fusionPolicy);
      former.formGroups(func.getBody().front());
      former.materialize(func, builder);
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
