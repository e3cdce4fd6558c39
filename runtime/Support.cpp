//===- Support.cpp - Plain C++ pieces shared by every layer ---------------===//
//
// See Support.h.
//
//===----------------------------------------------------------------------===//

#include "runtime/Support.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace mlir::tessel {

const char *dtypeName(DType dtype) {
  switch (dtype) {
  case DType::F32:
    return "f32";
  case DType::F16:
    return "f16";
  case DType::BF16:
    return "bf16";
  }
  return "?";
}

std::optional<DType> parseDType(const std::string &name) {
  if (name == "f32")
    return DType::F32;
  if (name == "f16")
    return DType::F16;
  if (name == "bf16")
    return DType::BF16;
  return std::nullopt;
}

int64_t dtypeBytes(DType dtype) { return dtype == DType::F32 ? 4 : 2; }

std::optional<std::string> readFile(const std::string &path,
                                    std::string &error) {
  std::error_code ec;
  if (std::filesystem::exists(path, ec) &&
      !std::filesystem::is_regular_file(path, ec)) {
    error = "cannot read '" + path + "': not a regular file";
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot read '" + path + "'";
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

} // namespace mlir::tessel
