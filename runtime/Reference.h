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

#include "runtime/Support.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tessel::ref {

using mlir::tessel::DType;
using mlir::tessel::dtypeName;

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
  /// Per element, how far a kernel's value may be from this one (see
  /// evaluate); empty for exact values (inputs).
  std::vector<double> bound;
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

/// Evaluates `graph` on `inputs` and returns its outputs, each with the
/// bound on how far a kernel computing it may be off, element by element: a
/// forward error analysis of f32 arithmetic (rounding of each operation,
/// sums' rounding growing with their length, math functions' errors carried
/// through, each result stored in its type), exact where no rounding
/// happens. An input with a bound (a value computed upstream) carries it
/// in. Returns nullopt and sets `error` when an op is unknown or
/// inconsistent with its operands.
std::optional<std::vector<Tensor>> evaluate(const Graph &graph,
                                            const std::vector<Tensor> &inputs,
                                            std::string &error);

/// As evaluate, but every value of the graph by id (the inputs, then each
/// op's result): what each kernel of a function reads.
std::optional<std::vector<Tensor>>
evaluateAll(const Graph &graph, const std::vector<Tensor> &inputs,
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

/// The half-width of the uniform distribution each input of `graph` is
/// drawn from: 1, except for an input that is the weights of a contraction
/// (the right operand of a matmul or batch_matmul, a convolution's filter,
/// directly or through casts, reshapes and transposes), drawn with variance
/// 1 / fan-in (LeCun's scaling: sqrt(3 / fan-in)) so that a layer keeps its
/// input's scale and deep stacks stay finite. An attention's queries and
/// keys (inputs that reach it through data movement alone) are drawn so
/// that its scores spread as a trained model's (a standard deviation of 3)
/// rather than weighing every key alike.
std::vector<double> inputScales(const Graph &graph);

/// Seeded inputs for `graph`: input i uniform in +-inputScales(graph)[i],
/// seeded with seed * 1000003 + i.
std::vector<Tensor> randomInputs(const Graph &graph, uint64_t seed);

/// How far `actual` is from `expected`, and whether it is within the bound.
struct Comparison {
  double maxAbsError = 0;
  /// The largest |a - e| / bound (0 where both are 0); <= 1 passes.
  double worstRatio = 0;
  int64_t mismatches = 0; // elements outside their bound (NaN mismatches too)
  int64_t firstMismatch = -1;
  bool ok() const { return mismatches == 0; }
};

/// An element passes when |a - e| <= boundScale * bound (expected.bound,
/// from evaluate; 0 for an exact value). Both NaN, or equal infinities,
/// pass; an infinite bound (a division by an interval holding 0) fails, as
/// nothing is checked there.
Comparison compare(const Tensor &actual, const Tensor &expected,
                   double boundScale = 1.0);

} // namespace mlir::tessel::ref

#endif // TESSEL_RUNTIME_REFERENCE_H
