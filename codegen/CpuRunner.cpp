//===- CpuRunner.cpp - Run Tessel functions on the host CPU
//----------------===//
//
// See CpuRunner.h. Buffers follow the bare-pointer calling convention that
// tessel-to-cpu produces: each tensor argument is one pointer to its
// row-major data, inputs first, then one out-parameter per result.
//
//===----------------------------------------------------------------------===//

#include "codegen/CpuRunner.h"
#include "passes/Pipelines.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/Support/TargetSelect.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::tessel;

FailureOr<std::unique_ptr<CpuRunner>> CpuRunner::create(ModuleOp module) {
  OwningOpRef<ModuleOp> clone = module.clone();
  // Every function is an entry point: kernels are called one by one.
  clone->walk([](func::FuncOp f) { f.setPublic(); });

  PassManager pm(module.getContext());
  buildTesselToCpuPipeline(pm);
  if (failed(pm.run(*clone)))
    return failure(); // the failing pass has emitted its diagnostic

  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  registerBuiltinDialectTranslation(*module.getContext());
  registerLLVMDialectTranslation(*module.getContext());

  // ExecutionEngineOptions holds a function_ref: keep the callee alive.
  auto optimize = makeOptimizingTransformer(/*optLevel=*/2, /*sizeLevel=*/0,
                                            /*targetMachine=*/nullptr);
  // memref.copy (from tensor.pad, for instance) lowers to a call into MLIR's
  // C runner utilities, which Debian's MLIR ships.
  SmallVector<StringRef> libraries = {TESSEL_MLIR_C_RUNNER_UTILS};
  ExecutionEngineOptions options;
  options.transformer = optimize;
  options.sharedLibPaths = libraries;
  auto engine = ExecutionEngine::create(*clone, options);
  if (!engine)
    return emitError(module.getLoc())
           << "JIT compilation failed: " << llvm::toString(engine.takeError());
  return std::unique_ptr<CpuRunner>(new CpuRunner(std::move(*engine)));
}

std::optional<std::vector<ref::Tensor>>
CpuRunner::run(StringRef name, ArrayRef<ref::Tensor> inputs,
               ArrayRef<ref::TensorType> resultTypes, std::string &error) {
  std::vector<std::vector<unsigned char>> buffers;
  for (const ref::Tensor &t : inputs)
    buffers.push_back(ref::toStorage(t));
  for (const ref::TensorType &type : resultTypes)
    buffers.emplace_back(type.numElements() * ref::storageBytes(type.dtype));
  std::vector<void *> pointers;
  for (auto &b : buffers)
    pointers.push_back(b.data());
  SmallVector<void *> args;
  for (void *&p : pointers)
    args.push_back(&p);
  if (llvm::Error err = engine->invokePacked(name, args)) {
    error =
        "cannot call @" + name.str() + ": " + llvm::toString(std::move(err));
    return std::nullopt;
  }
  std::vector<ref::Tensor> results;
  for (auto [i, type] : llvm::enumerate(resultTypes))
    results.push_back(
        ref::fromStorage(type, buffers[inputs.size() + i].data()));
  return results;
}
