//===- MmaLayout.h - Where each lane's mma.sync fragments sit -*- C++ -*-===//
//
// The operand layout of NVIDIA's mma.sync.aligned.m16n8k16.row.col with f16
// or bf16 inputs and an f32 accumulator (PTX ISA, "Matrix Fragments for
// mma.m16n8k16 with floating point type"), as tessel-lower-mma loads and
// stores it. Plain C++, so that a unit test can check it without MLIR.
//
// With g = lane / 4 and t = lane % 4, each fragment element sits at
//   row = rowPerG * g + rowPerT * t + row0
//   col = colPerG * g + colPerT * t + col0
// of its 16 x 16 (A), 16 x 8 (B) or 16 x 8 (C) piece. Elements come in
// pairs: A's two 16-bit elements of one register are consecutive along K
// (a column), as are the accumulator's two f32 values of one pair (along
// N); B's two are consecutive along K, which is B's row.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_MMALAYOUT_H
#define TESSEL_PASSES_MMALAYOUT_H

#include "costmodel/Model.h"

#include <array>
#include <cstdint>

namespace mlir::tessel::mma {

constexpr int64_t kM = MmaSyncShape::kM, kN = MmaSyncShape::kN,
                  kK = MmaSyncShape::kK;
/// mma.sync is a warp-wide instruction of NVIDIA's 32-lane warps.
constexpr int64_t kWarpSize = 32;

/// Elements added to each row of a tensor-core K step's shared-memory
/// buffers (costmodel/Model.h, which counts them too).
constexpr int64_t kOperandPad = kMmaOperandPad;
constexpr int64_t kAccumulatorPad = kMmaAccumulatorPad;

/// The first element of a pair; the second is one column (A, C) or one
/// row (B) further.
struct PairPosition {
  int64_t rowPerG, rowPerT, row0;
  int64_t colPerG, colPerT, col0;
};

/// A's four registers: rows g and g + 8, columns 2t and 2t + 8.
constexpr std::array<PairPosition, 4> kA = {{
    {1, 0, 0, 0, 2, 0},
    {1, 0, 8, 0, 2, 0},
    {1, 0, 0, 0, 2, 8},
    {1, 0, 8, 0, 2, 8},
}};

/// B's two registers: rows (K) 2t and 2t + 8, column (N) g; the pair runs
/// down the column.
constexpr std::array<PairPosition, 2> kB = {{
    {0, 2, 0, 1, 0, 0},
    {0, 2, 8, 1, 0, 0},
}};

/// The accumulator's two pairs of f32 values: rows g and g + 8, columns
/// 2t and 2t + 1.
constexpr std::array<PairPosition, 2> kC = {{
    {1, 0, 0, 0, 2, 0},
    {1, 0, 8, 0, 2, 0},
}};

/// Where element `e` (0 or 1) of pair `p` sits for `lane`: {row, col}.
constexpr std::array<int64_t, 2> positionOf(const PairPosition &p, int64_t lane,
                                            int64_t e, bool pairAlongRows) {
  int64_t g = lane / 4, t = lane % 4;
  int64_t row = p.rowPerG * g + p.rowPerT * t + p.row0;
  int64_t col = p.colPerG * g + p.colPerT * t + p.col0;
  return pairAlongRows ? std::array<int64_t, 2>{row + e, col}
                       : std::array<int64_t, 2>{row, col + e};
}

/// ldmatrix (PTX ISA, "Warp-level matrix load instruction: ldmatrix")
/// loads 8 x 8 matrices of 16-bit elements from shared memory: lane l gives
/// the address of row l % 8 of matrix l / 8 (8 consecutive elements), and
/// from matrix i each lane receives one register: the pair at row l / 4,
/// columns 2 (l % 4) and 2 (l % 4) + 1, or with .trans the pair at rows
/// 2 (l % 4) and 2 (l % 4) + 1 of column l / 4.
///
/// Where tessel-mma-ldmatrix points lane l in a 16 x 16 piece of A (.x4:
/// matrices rows 0-7 / 8-15 x columns 0-7 / 8-15, in the order of kA):
/// {row, col}. Two 16 x 8 pieces of B side by side take the same lanes
/// (.x4.trans: the first piece's two registers, then the second's).
constexpr std::array<int64_t, 2> ldmatrixRowOfA(int64_t lane) {
  return {lane % 16, 8 * (lane / 16)};
}

/// And in a 16 x 8 piece of B (.x2.trans: K rows 0-7 and 8-15, in the
/// order of kB; lanes 16-31 give addresses ldmatrix does not read).
constexpr std::array<int64_t, 2> ldmatrixRowOfB(int64_t lane) {
  return {lane % 16, 0};
}

/// And in B held as [N, K] (a piece read transposed: the fused attention's
/// key tile, [keys, d]), where a register's pair is consecutive in a row as
/// A's are: ldmatrix without .trans, matrix i at rows 8 (i / 2), columns
/// 8 (i % 2) of the [N, K] tile. .x2: one 16 x 8 piece (its registers in
/// the order of kB); .x4: two side by side along N (the first piece's two
/// registers, then the second's, 8 rows of the tile further). {row, col}
/// of the [N, K] tile.
constexpr std::array<int64_t, 2> ldmatrixRowOfBTransposed(int64_t lane) {
  return {8 * (lane / 16) + lane % 8, 8 * ((lane / 8) % 2)};
}

} // namespace mlir::tessel::mma

#endif // TESSEL_PASSES_MMALAYOUT_H
