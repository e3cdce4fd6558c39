//===- TesselTraits.h - Native op traits of the Tessel dialect --*- C++ -*-===//
//
// Traits whose checks are shared by many Tessel ops: addressable tensor sizes
// (every op) and numpy-style broadcasting (binary elementwise ops), whose
// verifiers live in TesselOps.cpp; and the unary elementwise ops' marker.
// Passes ask these traits which ops are elementwise instead of listing them.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_DIALECTS_TESSEL_TESSELTRAITS_H
#define TESSEL_DIALECTS_TESSEL_TESSELTRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace mlir::tessel::OpTrait {

namespace impl {
LogicalResult verifyAddressableTensors(Operation *op);
LogicalResult verifyBroadcastingElementwise(Operation *op);
} // namespace impl

/// Every tensor operand and result has non-zero dimensions and a size in
/// bytes that fits in a signed 64-bit integer.
template <typename ConcreteType>
class AddressableTensors
    : public ::mlir::OpTrait::TraitBase<ConcreteType, AddressableTensors> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyAddressableTensors(op);
  }
};

/// Two operands that broadcast along trailing dimensions to the one result,
/// all with the same element type.
template <typename ConcreteType>
class BroadcastingElementwise
    : public ::mlir::OpTrait::TraitBase<ConcreteType, BroadcastingElementwise> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return impl::verifyBroadcastingElementwise(op);
  }
};

/// An op of one operand that maps each element to one element of its result
/// (exp, gelu, cast...): what commutes with a view of its input, and what
/// joins a kernel as an epilogue. A marker: the op's own verifier checks
/// its types.
template <typename ConcreteType>
class UnaryElementwise
    : public ::mlir::OpTrait::TraitBase<ConcreteType, UnaryElementwise> {};

} // namespace mlir::tessel::OpTrait

#endif // TESSEL_DIALECTS_TESSEL_TESSELTRAITS_H
