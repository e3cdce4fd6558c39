//===- Support.h - Plain C++ pieces shared by every layer -------*- C++ -*-===//
//
// What the cost model, the runtime and the tools all need and none owns:
// the element types Tessel computes in (their names as manifests, reports
// and targets spell them, and their sizes), and reading a whole file. Plain
// C++17, no MLIR or LLVM, so that the GPU-side runner links it too.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_RUNTIME_SUPPORT_H
#define TESSEL_RUNTIME_SUPPORT_H

#include <cstdint>
#include <optional>
#include <string>

namespace mlir::tessel {

/// The element types of Tessel's tensors.
enum class DType { F32, F16, BF16 };

/// "f32", "f16", "bf16".
const char *dtypeName(DType dtype);

/// The type a name spells ("f32", "f16", "bf16"); nullopt for another.
std::optional<DType> parseDType(const std::string &name);

/// Bytes per element: 4 for f32, 2 for f16 and bf16.
int64_t dtypeBytes(DType dtype);

/// Reads the whole file at `path`; nullopt (with `error` naming the file
/// and why) when it cannot be read.
std::optional<std::string> readFile(const std::string &path,
                                    std::string &error);

} // namespace mlir::tessel

#endif // TESSEL_RUNTIME_SUPPORT_H
