//===- Npy.h - Tensors in NumPy's .npy files --------------------*- C++ -*-===//
//
// How tensors enter and leave the runners (tessel-run --inputs,
// --save-outputs, --expected): NumPy's .npy format, version 1.0 to 3.0,
// little-endian, C order. f32 is '<f4' and f16 '<f2'. NumPy has no bf16, so
// a bf16 tensor is stored as '<u2' holding each element's bf16 bits
// (PyTorch: `t.view(torch.int16).numpy().view('<u2')`); a '<f4' file is
// also read into an f16 or bf16 tensor, each value rounded to it (nearest
// even), so that f32 data from PyTorch feeds a bf16 model directly. Plain
// C++, no MLIR or LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_RUNTIME_NPY_H
#define TESSEL_RUNTIME_NPY_H

#include "runtime/Reference.h"

#include <optional>
#include <string>

namespace mlir::tessel::npy {

/// Reads `path` as a tensor of `type`. Its shape must be type.shape and its
/// dtype one this header lists for type.dtype; otherwise nullopt, with
/// `error` naming the file, what it holds and what was expected.
std::optional<ref::Tensor>
read(const std::string &path, const ref::TensorType &type, std::string &error);

/// Writes `tensor` to `path` ('<f4', '<f2', or '<u2' bf16 bits); false,
/// with `error`, when the file cannot be written.
bool write(const std::string &path, const ref::Tensor &tensor,
           std::string &error);

} // namespace mlir::tessel::npy

#endif // TESSEL_RUNTIME_NPY_H
