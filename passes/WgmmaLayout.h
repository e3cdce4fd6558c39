//===- WgmmaLayout.h - Where a wgmma K step's data sits -------*- C++ -*-===//
//
// The layouts tessel-lower-wgmma relies on, as plain C++ so that a unit test
// (test/unit/passes/WgmmaLayoutTest.cpp) checks them without MLIR or a GPU:
//
// - where a TMA load with the 128-byte swizzle puts each element of a box
//   whose rows are 128 bytes (CUDA driver API, CU_TENSOR_MAP_SWIZZLE_128B:
//   the 16-byte chunk c of row r lands in chunk c XOR (r mod 8));
// - where wgmma reads each element of A (K-major, or [K, M], MN-major) and
//   B (row-major [K, N], i.e. MN-major, or [N, K], K-major) through a
//   matrix descriptor with the
//   128-byte swizzle (PTX ISA, "Matrix Descriptor Format", "Shared Memory
//   Matrix Layout": the swizzle XORs address bits [4, 7) with bits [7, 10), so
//   a buffer must start on a 1024-byte boundary), given the descriptor's start
//   and byte offsets as NVGPU's lowering of nvgpu.warpgroup.mma sets them;
// - which accumulator element each thread's register holds (PTX ISA,
//   "Register Fragments: wgmma .m64nNk16", D), and where NVGPU's
//   nvgpu.warpgroup.mma.store writes it: row 16 * (tid.x / 32) + ...,
//   which for a block of several warpgroups is the warpgroup's own 64 rows.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PASSES_WGMMALAYOUT_H
#define TESSEL_PASSES_WGMMALAYOUT_H

#include "costmodel/Model.h"

#include <cstdint>
#include <utility>

namespace mlir::tessel::wgmma {

using W = WgmmaShape;

/// Bytes of one swizzle row and of the pattern's repeat (8 rows).
constexpr int64_t kRowBytes = 128, kPatternBytes = 8 * kRowBytes;

/// The 128-byte swizzle of an address relative to a 1024-byte boundary.
constexpr int64_t swizzle128(int64_t address) {
  return address ^ (((address >> 7) & 7) << 4);
}

/// Where TMA puts byte `byte` (< 128) of row `row` of a box with 128-byte
/// rows, relative to the (1024-byte aligned) destination.
constexpr int64_t tmaOffset(int64_t row, int64_t byte) {
  return swizzle128(row * kRowBytes + byte);
}

/// A wgmma K-major operand (A [rows, 64] of 16-bit elements in one 128-byte
/// swizzled box): the shared-memory offset wgmma reads for element (r, k)
/// of the instruction's 16-wide K slice `slice`, from a descriptor whose
/// start NVGPU advances by 32 bytes per slice (iterateDescriptorA). `group`
/// is the warpgroup, whose descriptor starts at its 64 rows.
constexpr int64_t readA(int64_t group, int64_t slice, int64_t r, int64_t k) {
  int64_t start = group * W::kM * kRowBytes + slice * W::kK * 2;
  return swizzle128(start + r * kRowBytes + k * 2);
}

/// A wgmma MN-major operand (B [64, N] of 16-bit elements, loaded as N / 64
/// boxes of [64, 64], one after another): the offset wgmma reads for
/// element (k, n) of slice `slice`, from a descriptor whose leading byte
/// offset (between 64-column chunks) is a box's bytes and whose start NVGPU
/// advances by 16 rows per slice (iterateDescriptorB).
constexpr int64_t readB(int64_t slice, int64_t k, int64_t n) {
  int64_t leading = W::kKBytes / 2 * kRowBytes; // one [64, 64] box
  int64_t start = slice * W::kK * kRowBytes;
  return swizzle128(start + (n / W::kNChunk) * leading + k * kRowBytes +
                    (n % W::kNChunk) * 2);
}

/// A K-major B (a `transpose_rhs` B read in place: [N, 64] of 16-bit
/// elements in one 128-byte swizzled box, row n holding B's column n): the
/// offset wgmma, without B's transpose bit, reads for element (k, n) of
/// slice `slice`, from a descriptor tessel-lower-wgmma starts at the
/// slice's first column (32 bytes per slice, as A), one warpgroup MMA per
/// slice (NVGPU would advance a B descriptor by 16 rows).
constexpr int64_t readBKMajor(int64_t slice, int64_t k, int64_t n) {
  int64_t start = slice * W::kK * 2;
  return swizzle128(start + n * kRowBytes + k * 2);
}

/// An MN-major A (a `transpose_lhs` A read in place: [64, 64] boxes of
/// [K, M], warpgroup `group`'s 64 rows in box `group`): the offset wgmma,
/// with A's transpose bit, reads for element (m, k) of slice `slice`, from
/// a descriptor tessel-lower-wgmma starts at the group's box and the
/// slice's first row (16 rows of 128 bytes per slice, as NVGPU advances an
/// MN-major B), one warpgroup MMA per slice.
constexpr int64_t readAMNMajor(int64_t group, int64_t slice, int64_t m,
                               int64_t k) {
  int64_t box = W::kKBytes / 2 * kRowBytes;
  int64_t start = group * box + slice * W::kK * kRowBytes;
  return swizzle128(start + k * kRowBytes + m * 2);
}

/// Where TMA puts B's element (k, n): box n / 64, row k, column n mod 64.
constexpr int64_t tmaB(int64_t k, int64_t n) {
  return (n / W::kNChunk) * (W::kKBytes / 2 * kRowBytes) +
         tmaOffset(k, (n % W::kNChunk) * 2);
}

/// The accumulator element (row, column) of the block that register `reg`
/// (< N / 2) of thread `tid` holds: PTX's D fragment of m64nNk16 within the
/// thread's warpgroup (64 rows each, in order), as NVGPU's store writes it.
constexpr std::pair<int64_t, int64_t> accumulator(int64_t tid, int64_t reg) {
  int64_t warp = tid / 32, lane = tid % 32;
  int64_t group = warp / W::kWarpsPerGroup;
  int64_t row = W::kM * group + 16 * (warp % W::kWarpsPerGroup) + lane / 4 +
                8 * ((reg / 2) % 2);
  int64_t col = 8 * (reg / 4) + 2 * (lane % 4) + reg % 2;
  return {row, col};
}

/// Where NVGPU's nvgpu.warpgroup.mma.store writes that register: row
/// lane / 4 + 16 * (tid.x / 32) + 8 i, column (lane mod 4) * 2 + 8 j (+ 1)
/// for register 2 i + 4 j (+ 1) (storeFragmentedMatrix), into a view of the
/// block's accumulator at row 0.
constexpr std::pair<int64_t, int64_t> storedAt(int64_t tid, int64_t reg) {
  int64_t warp = tid / 32, lane = tid % 32;
  int64_t i = (reg / 2) % 2, j = reg / 4;
  return {lane / 4 + 16 * warp + 8 * i, (lane % 4) * 2 + 8 * j + reg % 2};
}

/// The register-resident fused attention on wgmma (tessel-lower-mma) reads
/// its B operands, the key tile [keys, d] (K-major: B's K is d) and the
/// value tile [keys, dv] (MN-major: B's K is the keys), through matrix
/// descriptors without swizzle, from tiles laid out as 8 x 8 core matrices
/// (16 bytes a row, 128 contiguous bytes each): element (r, c) of a tile
/// with `width` columns at this element offset. Each 16-byte vector of a
/// row (c a multiple of 8) stays whole, so the tile's copies keep their
/// vectors.
constexpr int64_t coreMatrixOffset(int64_t r, int64_t c, int64_t width) {
  return (r / 8) * 8 * width + (c / 8) * 64 + (r % 8) * 8 + c % 8;
}

/// A descriptor's leading and stride byte offsets (PTX ISA, "Matrix
/// Descriptor Format": without swizzle, the distance between core matrices
/// adjacent along K, and along M or N).
struct DescriptorOffsets {
  int64_t leading = 0, stride = 0;
};

/// Where its key and value tiles have whole 64-column boxes (the head dims
/// multiples of 64, the tile's rows of 8), the attention on wgmma lays them
/// out as TMA writes them: a [rows, width] tile as width / 64 boxes of
/// [rows, 64] one after another, each with the 128-byte swizzle (what
/// tmaOffset says), the tile on a 1024-byte boundary. The byte offset of
/// element (r, c) (16-bit) there; each 16-byte vector of a row (c a
/// multiple of 8) stays whole.
constexpr int64_t swizzledTileOffset(int64_t r, int64_t c, int64_t rows) {
  return (c / W::kNChunk) * rows * kRowBytes +
         tmaOffset(r, (c % W::kNChunk) * 2);
}

/// The start (before the swizzle, which wgmma applies to each address it
/// forms) of the descriptor that reads such a tile from element (r0, c0):
/// for a K-major B (the key tile) r0 the instruction's first key and c0
/// its 16-wide K slice (32 bytes per slice within a box, as NVGPU advances
/// A); for an MN-major B (the value tile) r0 the slice's first key and c0
/// the first of its columns, on a box boundary.
constexpr int64_t swizzledTileStart(int64_t r0, int64_t c0, int64_t rows) {
  return (c0 / W::kNChunk) * rows * kRowBytes + r0 * kRowBytes +
         (c0 % W::kNChunk) * 2;
}

/// The byte offsets of a descriptor with the 128-byte swizzle over such a
/// tile, as NVGPU sets them from a map's box (upstream's
/// NVGPUGenerateWarpgroupDescriptorLowering): the leading offset is a
/// box's bytes (between 64-column chunks of an MN-major operand), the
/// stride 8 rows of 128 bytes (between 8-row groups).
constexpr DescriptorOffsets swizzledOffsets(int64_t rows) {
  return {rows * kRowBytes, 8 * kRowBytes};
}

/// Where wgmma reads B's element (k, n) (k < 16) through a descriptor with
/// the 128-byte swizzle starting at byte `start`: K-major, row n of 128
/// bytes (8-row groups `o.stride` apart), k's 2 bytes within it; MN-major,
/// row k, n's 64-column chunk `o.leading` apart. The swizzle applies to the
/// whole address, which is why the tile starts on a 1024-byte boundary.
constexpr int64_t readSwizzledKMajor(int64_t start, DescriptorOffsets o,
                                     int64_t k, int64_t n) {
  return swizzle128(start + (n / 8) * o.stride + (n % 8) * kRowBytes + k * 2);
}
constexpr int64_t readSwizzledMNMajor(int64_t start, DescriptorOffsets o,
                                      int64_t k, int64_t n) {
  return swizzle128(start + (n / W::kNChunk) * o.leading + (k / 8) * o.stride +
                    (k % 8) * kRowBytes + (n % W::kNChunk) * 2);
}

/// For a tile in coreMatrixOffset's layout with `width` 16-bit columns:
/// read K-major (B's K along the tile's columns: the key tile) and MN-major
/// (B's K along its rows: the value tile).
constexpr DescriptorOffsets kMajorOffsets(int64_t width) {
  return {64 * 2, 8 * width * 2};
}
constexpr DescriptorOffsets mnMajorOffsets(int64_t width) {
  return {8 * width * 2, 64 * 2};
}

/// Where wgmma reads B's element (k, n) (16-bit) from a descriptor without
/// swizzle starting at byte `start` (PTX ISA, "Shared Memory Matrix Layout",
/// the canonical layouts in units of T = 8 elements: K-major
/// ((8, n), (T, 2k)) : ((1T, SBO), (1, LBO)); MN-major ((T, 1, n), (8, k)) :
/// ((1, T, SBO), (1T, LBO))).
constexpr int64_t readKMajor(int64_t start, DescriptorOffsets o, int64_t k,
                             int64_t n) {
  return start + (n % 8) * 16 + (n / 8) * o.stride + (k % 8) * 2 +
         (k / 8) * o.leading;
}
constexpr int64_t readMNMajor(int64_t start, DescriptorOffsets o, int64_t k,
                              int64_t n) {
  return start + (n % 8) * 2 + (n / 8) * o.stride + (k % 8) * 16 +
         (k / 8) * o.leading;
}

} // namespace mlir::tessel::wgmma

#endif // TESSEL_PASSES_WGMMALAYOUT_H
