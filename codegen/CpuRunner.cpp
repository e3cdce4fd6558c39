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

namespace {

/// IEEE half bits of a value already representable in f16.
uint16_t encodeF16(double v) {
  uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  double a = std::fabs(v);
  if (std::isnan(v))
    return 0x7e00;
  if (std::isinf(v))
    return sign | 0x7c00;
  if (a == 0)
    return sign;
  int exp;
  double frac = std::frexp(a, &exp); // a = frac * 2^exp, frac in [0.5, 1)
  int biased = exp + 14;             // f16 exponent of 2^(exp-1), bias 15
  if (biased <= 0)                   // subnormal: a = m * 2^-24
    return sign | uint16_t(std::lround(std::ldexp(a, 24)));
  uint16_t mant = uint16_t(std::lround((frac * 2 - 1) * 1024));
  return sign | uint16_t(biased << 10) | mant;
}

double decodeF16(uint16_t bits) {
  int sign = bits & 0x8000 ? -1 : 1;
  int exp = (bits >> 10) & 0x1f, mant = bits & 0x3ff;
  if (exp == 0x1f)
    return mant ? NAN : sign * INFINITY;
  if (exp == 0)
    return sign * std::ldexp(mant, -24);
  return sign * std::ldexp(1024 + mant, exp - 25);
}

/// bf16 bits of a value already representable in bf16 (the top half of f32).
uint16_t encodeBF16(double v) {
  float f = static_cast<float>(v);
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  return uint16_t(bits >> 16);
}

double decodeBF16(uint16_t bits) {
  uint32_t full = uint32_t(bits) << 16;
  float f;
  std::memcpy(&f, &full, 4);
  return f;
}

size_t elementBytes(ref::DType dtype) {
  return dtype == ref::DType::F32 ? 4 : 2;
}

std::vector<char> encode(const ref::Tensor &t) {
  std::vector<char> bytes(t.data.size() * elementBytes(t.type.dtype));
  for (size_t i = 0; i < t.data.size(); ++i) {
    switch (t.type.dtype) {
    case ref::DType::F32: {
      float f = static_cast<float>(t.data[i]);
      std::memcpy(&bytes[i * 4], &f, 4);
      break;
    }
    case ref::DType::F16: {
      uint16_t h = encodeF16(t.data[i]);
      std::memcpy(&bytes[i * 2], &h, 2);
      break;
    }
    case ref::DType::BF16: {
      uint16_t h = encodeBF16(t.data[i]);
      std::memcpy(&bytes[i * 2], &h, 2);
      break;
    }
    }
  }
  return bytes;
}

ref::Tensor decode(const std::vector<char> &bytes,
                   const ref::TensorType &type) {
  ref::Tensor t{type, std::vector<double>(type.numElements())};
  for (size_t i = 0; i < t.data.size(); ++i) {
    if (type.dtype == ref::DType::F32) {
      float f;
      std::memcpy(&f, &bytes[i * 4], 4);
      t.data[i] = f;
    } else {
      uint16_t h;
      std::memcpy(&h, &bytes[i * 2], 2);
      t.data[i] = type.dtype == ref::DType::F16 ? decodeF16(h) : decodeBF16(h);
    }
  }
  return t;
}

} // namespace

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
  std::vector<std::vector<char>> buffers;
  for (const ref::Tensor &t : inputs)
    buffers.push_back(encode(t));
  for (const ref::TensorType &type : resultTypes)
    buffers.emplace_back(type.numElements() * elementBytes(type.dtype));
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
    results.push_back(decode(buffers[inputs.size() + i], type));
  return results;
}
