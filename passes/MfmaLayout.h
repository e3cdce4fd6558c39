//===- MfmaLayout.h - Where each lane's MFMA fragments sit ----*- C++ -*-===//
//
// The operand layout of AMD's v_mfma_f32_16x16x16_{bf16,f16} and
// v_mfma_f32_32x32x8_{bf16,f16} (one block; gfx90a spells the bf16 forms
// ..._1k), as tessel-lower-mma loads and stores them (AMD CDNA3 ISA
// reference, section 7.1 "Dependency and layout of matrix operands"; the
// same for CDNA2). Plain C++, so that a unit test can check it without
// MLIR.
//
// With an M x N x K shape of M = N and G = 64 / M lane groups, lane l is in
// group g = l / M at position p = l % M, and holds:
//   A: four consecutive elements of row p along K, from column 4 g;
//   B: four consecutive elements of column p along K, from row 4 g (held
//      transposed, [N, K]: of row p from column 4 g);
//   C: M / 16 runs of four consecutive rows of column p, run r starting at
//      row 4 G r + 4 g (16x16: rows 4 g .. 4 g + 3; 32x32: 8 r + 4 g ..).
//
// Issued with its operands swapped (B's fragments as the instruction's A,
// A's as its B), an MFMA computes D^T = B^T A^T: the lane holds C by rows,
// runs of four consecutive columns of row p from column 4 G r + 4 g. On
// 16x16x16 that is A's layout: a piece of P computed so (the register-
// resident fused attention's S = q k^T) is the A fragment of P v as it is.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_MFMALAYOUT_H
#define TESSEL_PASSES_MFMALAYOUT_H

#include "costmodel/Model.h"

#include <array>
#include <cstdint>

namespace mlir::tessel::mfma {

constexpr int64_t kWaveSize = MfmaShape::kWaveSize;
/// Elements of A or B one lane holds, consecutive along K.
constexpr int64_t kRun = MfmaShape::kOperandElements;

/// Lane groups of a shape (4 for 16x16x16, 2 for 32x32x8).
constexpr int64_t groupsOf(const MfmaShape &s) { return kWaveSize / s.m; }

/// Where a lane's element sits in its piece: row rowPerG g + rowPerP p +
/// row0, column colPerG g + colPerP p + col0.
struct Placement {
  int64_t rowPerG, rowPerP, row0;
  int64_t colPerG, colPerP, col0;
};

/// A's element `e` (0..3): row p, K 4 g + e.
constexpr Placement placeA(int64_t e) { return {0, 1, 0, kRun, 0, e}; }

/// B's element `e` (0..3): K 4 g + e, column p.
constexpr Placement placeB(int64_t e) { return {kRun, 0, e, 0, 1, 0}; }

/// B's element `e` where B is held transposed, as [N, K] (the fused
/// attention's key tile): row p, column 4 g + e, consecutive as A's are.
constexpr Placement placeBTransposed(int64_t e) { return placeA(e); }

/// Accumulator value `v` (0 .. s.accumulators() - 1): in runs of four
/// consecutive rows of column p, run r from row 4 G r + 4 g.
constexpr Placement placeC(const MfmaShape &s, int64_t v) {
  return {kRun, 0, kRun * groupsOf(s) * (v / kRun) + v % kRun, 0, 1, 0};
}

/// Accumulator value `v` of a piece computed with swapped operands:
/// placeC's transposed, runs of four consecutive columns of row p.
constexpr Placement placeCByRows(const MfmaShape &s, int64_t v) {
  Placement c = placeC(s, v);
  return {c.colPerG, c.colPerP, c.col0, c.rowPerG, c.rowPerP, c.row0};
}

/// Where `place` puts the element of `lane`: {row, column}.
constexpr std::array<int64_t, 2>
positionOf(const MfmaShape &s, const Placement &place, int64_t lane) {
  int64_t g = lane / s.m, p = lane % s.m;
  return {place.rowPerG * g + place.rowPerP * p + place.row0,
          place.colPerG * g + place.colPerP * p + place.col0};
}

constexpr std::array<int64_t, 2> positionInA(const MfmaShape &s, int64_t lane,
                                             int64_t e) {
  return positionOf(s, placeA(e), lane);
}
constexpr std::array<int64_t, 2> positionInB(const MfmaShape &s, int64_t lane,
                                             int64_t e) {
  return positionOf(s, placeB(e), lane);
}
constexpr std::array<int64_t, 2>
positionInBTransposed(const MfmaShape &s, int64_t lane, int64_t e) {
  return positionOf(s, placeBTransposed(e), lane);
}
constexpr std::array<int64_t, 2> positionInC(const MfmaShape &s, int64_t lane,
                                             int64_t v) {
  return positionOf(s, placeC(s, v), lane);
}
constexpr std::array<int64_t, 2> positionInCByRows(const MfmaShape &s,
                                                   int64_t lane, int64_t v) {
  return positionOf(s, placeCByRows(s, v), lane);
}

} // namespace mlir::tessel::mfma

#endif // TESSEL_PASSES_MFMALAYOUT_H
