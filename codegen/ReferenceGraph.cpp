//===- ReferenceGraph.cpp - Tessel IR to the reference interpreter
//---------===//
//
// Each Tessel compute op becomes a ref::Op carrying its attributes by name;
// kernels and func.call are inlined; func.return and tessel.yield name the
// outputs. See ReferenceGraph.h.
//
//===----------------------------------------------------------------------===//

#include "codegen/ReferenceGraph.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::tessel;

ref::TensorType mlir::tessel::toReferenceType(RankedTensorType type) {
  ref::TensorType t;
  Type e = type.getElementType();
  t.dtype = e.isF16()    ? ref::DType::F16
            : e.isBF16() ? ref::DType::BF16
                         : ref::DType::F32;
  t.shape.assign(type.getShape().begin(), type.getShape().end());
  return t;
}

namespace {

class GraphBuilder {
public:
  explicit GraphBuilder(ref::Graph &graph) : graph(graph) {}

  /// Where each kernel reads its inputs, once per time it runs (kernels of
  /// a function called twice: twice); null: not collected.
  std::vector<KernelSite> *sites = nullptr;

  /// Adds the values of `block`'s arguments as graph inputs.
  void addInputs(Block &block) {
    for (BlockArgument arg : block.getArguments()) {
      ids[arg] = graph.inputs.size();
      graph.inputs.push_back(
          toReferenceType(cast<RankedTensorType>(arg.getType())));
    }
  }

  /// Translates the ops of `block` (whose arguments already have ids) and
  /// returns the ids of the values its terminator returns.
  FailureOr<SmallVector<int>> translateBlock(Block &block) {
    for (Operation &op : block) {
      if (op.hasTrait<mlir::OpTrait::IsTerminator>())
        return idsOf(op.getOperands());
      if (failed(translateOp(op)))
        return failure();
    }
    return emitError(block.getParentOp()->getLoc())
           << "block has no terminator";
  }

private:
  SmallVector<int> idsOf(ValueRange values) {
    SmallVector<int> result;
    for (Value v : values)
      result.push_back(ids.lookup(v));
    return result;
  }

  /// Binds `block`'s arguments to `operands` and translates it in place.
  LogicalResult inlineBlock(Block &block, ValueRange operands,
                            ResultRange results) {
    for (auto [arg, operand] : llvm::zip_equal(block.getArguments(), operands))
      ids[arg] = ids.lookup(operand);
    FailureOr<SmallVector<int>> returned = translateBlock(block);
    if (failed(returned))
      return failure();
    for (auto [result, id] : llvm::zip_equal(results, *returned))
      ids[result] = id;
    return success();
  }

  LogicalResult translateOp(Operation &op) {
    if (auto kernel = dyn_cast<KernelOp>(op)) {
      if (sites) {
        SmallVector<int> inputs = idsOf(kernel.getInputs());
        sites->push_back({kernel.getSymName().str(),
                          std::vector<int>(inputs.begin(), inputs.end())});
      }
      return inlineBlock(kernel.getBody().front(), kernel.getInputs(),
                         kernel.getResults());
    }
    if (auto call = dyn_cast<func::CallOp>(op)) {
      auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
          call, call.getCalleeAttr());
      if (!callee || callee.isExternal())
        return call.emitError()
               << "the reference needs the body of @" << call.getCallee();
      return inlineBlock(callee.getBody().front(), call.getOperands(),
                         call.getResults());
    }
    // A split-KV attention's partial as two reference ops, one per result.
    if (auto partial = dyn_cast<AttentionPartialOp>(op)) {
      for (OpResult result : partial->getResults()) {
        ref::Op r;
        r.kind = op.getName().stripDialect().str();
        r.result = toReferenceType(cast<RankedTensorType>(result.getType()));
        for (int id : idsOf(op.getOperands()))
          r.operands.push_back(id);
        for (NamedAttribute attr : op.getAttrDictionary())
          addAttribute(r, attr);
        r.ints["result_index"] = {int64_t(result.getResultNumber())};
        ids[result] = graph.inputs.size() + graph.ops.size();
        graph.ops.push_back(std::move(r));
      }
      return success();
    }
    // A split-KV attention as one kernel: the attention, the partial's two
    // results, and the arrival counts, which it leaves at zero.
    if (auto split = dyn_cast<AttentionSplitOp>(op)) {
      auto add = [&](Value result, StringRef kind, bool withAttributes,
                     std::optional<int64_t> index) {
        ref::Op r;
        r.kind = kind.str();
        r.result = toReferenceType(cast<RankedTensorType>(result.getType()));
        if (withAttributes) {
          for (int id : idsOf(op.getOperands()))
            r.operands.push_back(id);
          for (NamedAttribute attr : op.getAttrDictionary())
            if (index || attr.getName() != split.getSplitsAttrName())
              addAttribute(r, attr);
        } else {
          r.floats["value"] = 0;
        }
        if (index)
          r.ints["result_index"] = {*index};
        ids[result] = graph.inputs.size() + graph.ops.size();
        graph.ops.push_back(std::move(r));
      };
      add(split.getResult(), "attention", true, std::nullopt);
      add(split.getPartial(), "attention_partial", true, 0);
      add(split.getLse(), "attention_partial", true, 1);
      add(split.getArrivals(), "constant", false, std::nullopt);
      return success();
    }
    if (!isa<TesselDialect>(op.getDialect()) || op.getNumResults() != 1)
      return op.emitError() << "the reference interpreter does not handle '"
                            << op.getName() << "'";

    ref::Op r;
    r.kind = op.getName().stripDialect().str();
    r.result =
        toReferenceType(cast<RankedTensorType>(op.getResult(0).getType()));
    // Norms have optional operands: keep their positions (-1 when absent).
    if (auto ln = dyn_cast<LayerNormOp>(op))
      r.operands = normOperands(ln.getInput(), ln.getScale(), ln.getBias());
    else if (auto rms = dyn_cast<RmsNormOp>(op))
      r.operands = normOperands(rms.getInput(), rms.getScale(), rms.getBias());
    else
      for (int id : idsOf(op.getOperands()))
        r.operands.push_back(id);
    for (NamedAttribute attr : op.getAttrDictionary())
      addAttribute(r, attr);
    // I32 enum attributes are integers underneath: name them by their op.
    if (auto gelu = dyn_cast<GeluOp>(op))
      r.strings["approximation"] =
          stringifyGeluApproximation(gelu.getApproximation()).str();
    if (auto reduce = dyn_cast<ReduceOp>(op))
      r.strings["kind"] = stringifyReduceKind(reduce.getKind()).str();
    if (auto constant = dyn_cast<ConstantOp>(op))
      r.floats["value"] = constant.getSplatValue();
    if (auto pool = dyn_cast<Pool2DOp>(op))
      r.strings["kind"] = stringifyReduceKind(pool.getKind()).str();
    ids[op.getResult(0)] = graph.inputs.size() + graph.ops.size();
    graph.ops.push_back(std::move(r));
    return success();
  }

  std::vector<int> normOperands(Value input, Value scale, Value bias) {
    return {ids.lookup(input), scale ? ids.lookup(scale) : -1,
            bias ? ids.lookup(bias) : -1};
  }

  static void addAttribute(ref::Op &r, NamedAttribute attr) {
    std::string name = attr.getName().str();
    Attribute value = attr.getValue();
    if (auto list = dyn_cast<DenseI64ArrayAttr>(value))
      r.ints[name].assign(list.asArrayRef().begin(), list.asArrayRef().end());
    else if (auto i = dyn_cast<IntegerAttr>(value))
      r.ints[name] = {i.getInt()};
    else if (isa<UnitAttr>(value))
      r.ints[name] = {1};
    else if (auto f = dyn_cast<FloatAttr>(value))
      r.floats[name] = f.getValueAsDouble();
  }

  ref::Graph &graph;
  DenseMap<Value, int> ids;
};

FailureOr<ref::Graph> buildFrom(StringRef name, Block &body,
                                std::vector<KernelSite> *sites = nullptr) {
  ref::Graph graph;
  graph.name = name.str();
  GraphBuilder builder(graph);
  builder.sites = sites;
  builder.addInputs(body);
  FailureOr<SmallVector<int>> outputs = builder.translateBlock(body);
  if (failed(outputs))
    return failure();
  graph.outputs.assign(outputs->begin(), outputs->end());
  return graph;
}

} // namespace

FailureOr<ref::Graph>
mlir::tessel::buildReferenceGraph(func::FuncOp func,
                                  std::vector<KernelSite> *sites) {
  if (func.isExternal())
    return func.emitError() << "the reference needs a function body";
  for (Type t : func.getFunctionType().getInputs())
    if (!isa<RankedTensorType>(t))
      return func.emitError()
             << "the reference takes tensor arguments only, got " << t;
  return buildFrom(func.getSymName(), func.getBody().front(), sites);
}

FailureOr<ref::Graph> mlir::tessel::buildReferenceGraph(KernelOp kernel) {
  return buildFrom(kernel.getSymName(), kernel.getBody().front());
}
