//===- KernelOps.cpp - A kernel's ops as tiling sees them -----------------===//
//
// See KernelOps.h.
//
//===----------------------------------------------------------------------===//

#include "passes/tiling/KernelOps.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::tessel;
using namespace mlir::tessel::tiling;

namespace {

/// Ops that need no tiling: constants and new tensors.
bool isTrivial(Operation *op) {
  return isa<arith::ConstantOp, tensor::EmptyOp, bufferization::AllocTensorOp,
             func::ReturnOp>(op);
}

/// Whether `v` is a new tensor (empty or allocated), seen through reshapes.
bool viewsNewTensor(Value v) {
  while (isa_and_present<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(
      v.getDefiningOp()))
    v = v.getDefiningOp()->getOperand(0);
  return isa_and_present<tensor::EmptyOp, bufferization::AllocTensorOp>(
      v.getDefiningOp());
}

/// A reshape that only views a kernel input, views an empty destination (the
/// buffer of a value returned through a reshape), or only views a value the
/// kernel returns, moves no data and needs no tile.
bool isBoundaryReshape(Operation *op) {
  if (!isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(op))
    return false;
  Value src = op->getOperand(0);
  if (isa<BlockArgument>(src) || viewsNewTensor(src))
    return true;
  return llvm::all_of(op->getUsers(), [](Operation *user) {
    return isa<func::ReturnOp>(user) || isBoundaryReshape(user);
  });
}

} // namespace

FailureOr<KernelOps> tiling::analyzeKernel(func::FuncOp func) {
  KernelOps k;
  for (Operation &op : func.getBody().front()) {
    if (isTrivial(&op) || isBoundaryReshape(&op))
      continue;
    if (!isa<TilingInterface>(op))
      return op.emitOpError()
             << "cannot be tiled or fused into kernel @" << func.getSymName()
             << "; a kernel may only hold ops that tile (split the kernel at "
                "this op)";
    k.tileable.push_back(&op);
  }
  auto ret = cast<func::ReturnOp>(func.getBody().front().getTerminator());
  for (Value v : ret.getOperands()) {
    Operation *def = v.getDefiningOp();
    while (def && isBoundaryReshape(def) &&
           !isa<BlockArgument>(def->getOperand(0)))
      def = def->getOperand(0).getDefiningOp();
    if (!def || !isa<TilingInterface>(def))
      return func.emitOpError()
             << "kernel @" << func.getSymName()
             << " returns a value that no loop nest computes (an input or a "
                "constant); such a kernel has nothing to run";
    if (!llvm::is_contained(k.roots, def))
      k.roots.push_back(def);
  }
  return k;
}

SmallVector<Operation *> tiling::producersOf(Operation *root,
                                             const KernelOps &k) {
  llvm::SetVector<Operation *> slice;
  SmallVector<Operation *> work = {root};
  while (!work.empty()) {
    Operation *op = work.pop_back_val();
    for (Value operand : op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (def && llvm::is_contained(k.tileable, def) && slice.insert(def))
        work.push_back(def);
    }
  }
  SmallVector<Operation *> ordered;
  for (Operation *op : llvm::reverse(k.tileable))
    if (slice.contains(op))
      ordered.push_back(op);
  return ordered;
}

bool tiling::isThreadForall(scf::ForallOp forall) {
  std::optional<ArrayAttr> mapping = forall.getMapping();
  return mapping && llvm::any_of(*mapping, [](Attribute a) {
           return isa<gpu::GPUThreadMappingAttr>(a);
         });
}

bool tiling::isInThreadForall(Operation *op) {
  for (auto forall = op->getParentOfType<scf::ForallOp>(); forall;
       forall = forall->getParentOfType<scf::ForallOp>())
    if (isThreadForall(forall))
      return true;
  return false;
}
