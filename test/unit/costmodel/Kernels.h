//===- Kernels.h - Kernels the cost model's unit tests share ---*- C++ -*-===//
//
// Hand-built KernelDescs and Schedules for the cost model's unit tests
// (ModelTest, ModelTermsTest): a matmul as describeKernel states it, with
// or without the work a K step tiles or tensor cores run, a tensor-core
// schedule, and a target with some of its fields taken away.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_TEST_UNIT_COSTMODEL_KERNELS_H
#define TESSEL_TEST_UNIT_COSTMODEL_KERNELS_H

#include "costmodel/Model.h"

#include <algorithm>
#include <initializer_list>

namespace mlir::tessel::testing {

/// C[m, n] = A[m, k] B[k, n].
inline KernelDesc matmul(int64_t m, int64_t n, int64_t k, ElementType type) {
  KernelDesc d;
  d.name = "matmul";
  d.loops = {{m, false}, {n, false}, {k, true}};
  d.operands = {
      {{0, 2}, type, false}, {{2, 1}, type, false}, {{0, 1}, type, true}};
  d.flops = 2.0 * m * n * k;
  return d;
}

/// matmul() with the work as tile-and-fuse runs it: one multiply-add per
/// k per output, reading A[m, k] (K contiguous) and B[k, n] (N contiguous),
/// a contraction a K step can tile.
inline KernelDesc steppableMatmul(int64_t m, int64_t n, int64_t k,
                                  ElementType type) {
  KernelDesc d = matmul(m, n, k, type);
  double bytes = double(dtypeBytes(type));
  Work w;
  w.loops = {0, 1};
  w.flopsPerInstance = 2.0 * double(k);
  w.loads = {{bytes, double(k), {0}, -1}, {bytes, double(k), {1}, 1}};
  w.kStepRole = KStepRole::Contraction;
  w.reduction = k;
  w.operandTiles = {{bytes, 1, {0}, -1}, {bytes, 1, {1}, 1}};
  d.work = {w};
  d.contraction = true;
  d.kSteppable = true;
  return d;
}

/// steppableMatmul() whose K steps may run on tensor cores (mma.sync), as
/// describeKernel says of a row-major f16 or bf16 matmul.
inline KernelDesc mmaMatmul(int64_t m, int64_t n, int64_t k, ElementType type) {
  KernelDesc d = steppableMatmul(m, n, k, type);
  d.mmaSyncable = true;
  return d;
}

/// A tensor-core schedule: block tile [bm, bn, step], warp tile [wm, wn,
/// step], as many warps as warp tiles make the block's.
inline Schedule mmaSchedule(int64_t bm, int64_t bn, int64_t step, int64_t wm,
                            int64_t wn) {
  Schedule s;
  s.block = {bm, bn, step};
  s.warp = {wm, wn, step};
  s.warps = (bm / wm) * (bn / wn);
  s.compute = ComputeClass::MmaSync;
  return s;
}

/// `target` without `fields`: how the model treats a target that has not
/// measured them (the built-in ones all have at least an estimate).
inline Target without(const Target &target,
                      std::initializer_list<TargetField> fields) {
  Target t(target.name(), target.vendor(), target.arch(), target.description());
  for (const TargetFieldInfo &info : targetFields()) {
    if (std::find(fields.begin(), fields.end(), info.field) != fields.end())
      continue;
    if (const std::optional<CitedValue> &v = target.lookup(info.field))
      t.set(info.field, v->value, v->source);
  }
  return t;
}

} // namespace mlir::tessel::testing

#endif // TESSEL_TEST_UNIT_COSTMODEL_KERNELS_H
