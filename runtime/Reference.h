//===- Reference.h - Independent reference for Tessel ops -------*- C++ -*-===//
//
// A plain C++ interpreter of Tessel's operators, written only to check
// compiled kernels. It shares no code with the lowering: every op is computed
// with direct loops in double precision, and each result is rounded once to
// its storage type (f32, f16 or bf16), as a kernel stores it. A `Graph` is a
// straight-line list of ops over numbered values; tools build one from IR
// (codegen/ReferenceGraph.h) or, on a GPU machine, from a file.
//
// Plain C++17, no MLIR or LLVM: the GPU-side runner links it.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_RUNTIME_REFERENCE_H
#define TESSEL_RUNTIME_REFERENCE_H

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tessel::ref {

enum class DType { F32, F16, BF16 };

/// "f32", "f16", "bf16".
const char *dtypeName(DType dtype);

/// Rounds `value` to the nearest value representable in `dtype` (ties to
/// even; out-of-range values become infinities).
double roundTo(DType dtype, double value);

struct TensorType {
  DType dtype = DType::F32;
  std::vector<int64_t> shape;
  int64_t numElements() const;
};

struct Tensor {
  TensorType type;
  std::vector<double> data; // row-major, already rounded to type.dtype
};

/// One operator: `kind` is the op name without the dialect prefix
/// ("matmul", "add", "layer_norm", ...). Integer-list attributes go in
/// `ints` (a flag is a one-element list), floating ones in `floats`, and
/// enum-valued ones (gelu's approximation, reduce's kind) in `strings`.
struct Op {
  std::string kind;
  std::vector<int> operands; // value ids; -1 for an absent optional operand
  TensorType result;
  std::map<std::string, std::vector<int64_t>> ints;
  std::map<std::string, double> floats;
  std::map<std::string, std::string> strings;
};

/// Values 0..inputs.size()-1 are the inputs; op i defines value
/// inputs.size() + i. `outputs` lists the value ids returned.
struct Graph {
  std::string name;
  std::vector<TensorType> inputs;
  std::vector<Op> ops;
  std::vector<int> outputs;
};

/// Evaluates `graph` on `inputs`. Returns nullopt and sets `error` when an op
/// is unknown or inconsistent with its operands.
std::optional<std::vector<Tensor>> evaluate(const Graph &graph,
                                            const std::vector<Tensor> &inputs,
                                            std::string &error);

/// Bytes per element as a kernel stores it (4 for f32, 2 for f16 and bf16).
size_t storageBytes(DType dtype);

/// The tensor as a kernel's buffer holds it: dense row-major f32, IEEE
/// binary16 or bfloat16 bits (its values are already rounded to the type, so
/// the conversion is exact).
std::vector<unsigned char> toStorage(const Tensor &tensor);

/// The inverse: `type.numElements()` elements read from `bytes`.
Tensor fromStorage(const TensorType &type, const unsigned char *bytes);

/// Seeded uniform values in [low, high), rounded to the tensor's dtype.
Tensor randomTensor(const TensorType &type, uint64_t seed, double low = -1.0,
                    double high = 1.0);

/// How far `actual` is from `expected`, and whether it is within tolerance.
struct Comparison {
  double maxAbsError = 0;
  double maxRelError = 0; // |a - e| / (|e| + scale), see compare()
  int64_t mismatches = 0; // elements outside tolerance (NaN mismatches too)
  int64_t firstMismatch = -1;
  bool ok() const { return mismatches == 0; }
};

/// Relative tolerance for a storage type: a few units in the last place.
double defaultTolerance(DType dtype);

/// An element passes when |a - e| <= tol * (|e| + scale), where scale is the
/// largest |e| of the tensor times 0.1 (so near-zero values of a large-valued
/// result are judged against that scale, not against themselves). Both NaN,
/// or equal infinities, pass.
Comparison compare(const Tensor &actual, const Tensor &expected,
                   double tolerance);

} // namespace mlir::tessel::ref

#endif // TESSEL_RUNTIME_REFERENCE_H
