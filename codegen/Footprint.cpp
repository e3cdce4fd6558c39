//===- Footprint.cpp - Device memory a function needs at its peak ---------===//
//
// See Footprint.h. A linear walk over the function's ops: each value that is
// not a view of another takes its bytes from the op that makes it until the
// last op that reads it or a view of it (to the end for what the function
// returns and for its arguments).
//
//===----------------------------------------------------------------------===//

#include "codegen/Footprint.h"
#include "dialects/Tessel/TesselDialect.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::tessel;

namespace {

int64_t bytesOf(Value v) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!type || !type.hasStaticShape())
    return 0;
  return type.getNumElements() *
         int64_t((type.getElementTypeBitWidth() + 7) / 8);
}

/// Whether `op` only views its operand (no memory of its own).
bool isView(Operation *op) {
  return isa<ReshapeOp, tensor::ExpandShapeOp, tensor::CollapseShapeOp>(op);
}

} // namespace

Footprint mlir::tessel::peakFootprint(func::FuncOp func) {
  Footprint result{0, 0, func.getLoc(), ""};
  if (func.isExternal())
    return result;
  Block &body = func.getBody().front();
  // Each value's owner (the value that holds its memory).
  llvm::DenseMap<Value, Value> owner;
  auto ownerOf = [&](Value v) { return owner.lookup(v) ? owner.lookup(v) : v; };
  // The index of each owner's last use (the terminator's index: live to
  // the end).
  llvm::DenseMap<Value, size_t> lastUse;
  SmallVector<Operation *> ops;
  for (Operation &op : body)
    ops.push_back(&op);
  for (auto [i, op] : llvm::enumerate(ops)) {
    if (isView(op))
      owner[op->getResult(0)] = ownerOf(op->getOperand(0));
    for (Value operand : op->getOperands())
      lastUse[ownerOf(operand)] = i;
    for (Value r : op->getResults())
      if (!lastUse.count(ownerOf(r)))
        lastUse[ownerOf(r)] = i;
  }

  // Live owners and their bytes, in the order they were made (the first
  // of equally large values is named); the arguments live throughout.
  llvm::MapVector<Value, int64_t> live;
  int64_t current = 0;
  auto add = [&](Value v) {
    live[v] = bytesOf(v);
    current += live[v];
  };
  for (BlockArgument arg : body.getArguments()) {
    add(arg);
    result.ioBytes += live[arg];
  }
  for (Value returned : body.getTerminator()->getOperands())
    result.ioBytes += bytesOf(returned);
  auto notePeak = [&](int64_t extra) {
    if (current + extra <= result.peakBytes)
      return;
    result.peakBytes = current + extra;
    result.largestBytes = 0;
    for (auto [v, bytes] : live)
      if (bytes > result.largestBytes) {
        result.largestBytes = bytes;
        result.largestLoc = v.getLoc();
        if (auto arg = dyn_cast<BlockArgument>(v)) {
          result.largest = "argument #" + std::to_string(arg.getArgNumber());
        } else {
          Operation *def = v.getDefiningOp();
          result.largest =
              "result of '" + def->getName().getStringRef().str() + "'";
          if (auto kernel = dyn_cast<KernelOp>(def))
            result.largest += " @" + kernel.getSymName().str();
        }
      }
  };
  notePeak(0);
  for (auto [i, op] : llvm::enumerate(ops)) {
    // A called function holds its own values beyond its arguments while it
    // runs.
    int64_t inside = 0;
    if (auto call = dyn_cast<func::CallOp>(op))
      if (auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
              call, call.getCalleeAttr());
          callee && !callee.isExternal()) {
        int64_t args = 0;
        for (BlockArgument arg : callee.getArguments())
          args += bytesOf(arg);
        inside = std::max<int64_t>(0, peakFootprint(callee).peakBytes - args);
      }
    if (!isView(op))
      for (Value r : op->getResults())
        add(r);
    notePeak(inside);
    // Free what no later op reads (the terminator frees nothing: what it
    // returns lives on, and so do the arguments).
    if (op->hasTrait<mlir::OpTrait::IsTerminator>())
      break;
    SmallVector<Value> dead;
    for (auto [v, bytes] : live)
      if (!isa<BlockArgument>(v) && lastUse.lookup(v) == i)
        dead.push_back(v);
    for (Value v : dead) {
      current -= live[v];
      live.erase(v);
    }
  }
  return result;
}
