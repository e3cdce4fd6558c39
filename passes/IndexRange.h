//===- IndexRange.h - Static bounds of index values -------------*- C++ -*-===//
//
// The range of an index value from interval arithmetic over constants and
// affine.apply / min / max and the sizes of tensors and memref views: the
// bound of a remainder tile's size.
// Upstream's ValueBoundsConstraintSet gives up on these sizes once a tile is
// tiled again (semi-affine maps such as d0 * (s0 ceildiv 32)), while an
// interval per value still bounds them.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_INDEXRANGE_H
#define TESSEL_PASSES_INDEXRANGE_H

#include "mlir/IR/Value.h"

#include <cstdint>
#include <optional>
#include <utility>

namespace mlir::tessel {

/// A range of integers; a missing end is unbounded.
struct IndexRange {
  std::optional<int64_t> lo, hi;
};

/// The range of the index value `v` (unbounded where unknown).
IndexRange rangeOf(Value v);

/// The range of dim `dim` of the ranked tensor `tensor`: static, or the
/// size it was given (an extract_slice's, a tensor.empty's), followed
/// through ops that write into their init and loops that carry it.
IndexRange rangeOfDim(Value tensor, int64_t dim);

/// The index value `v` as `root + constant`, seen through arith.addi with
/// a constant operand; a constant is {null, its value}.
std::pair<Value, int64_t> splitConstantOffset(Value v);

} // namespace mlir::tessel

#endif // TESSEL_PASSES_INDEXRANGE_H
