//===- predict_rate.cpp - How many schedules the cost model rates per second
//===//
//
// A benchmark, not a test: predicts every enumerated schedule of a few kernel
// descriptions (a LLaMA-style GEMM, a BERT FFN GEMM, a large softmax)
// on every built-in target, repeatedly, on one thread, and prints the median
// candidates per second over the repetitions.
//
//   build/bin/tessel-predict-rate [repetitions]
//
//===----------------------------------------------------------------------===//

#include "costmodel/Model.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace mlir::tessel;

namespace {

// The descriptions carry the work entries and loads tessel-select-schedules
// builds for the same kernels, so that every term of the model is evaluated.

KernelDesc matmul(int64_t m, int64_t n, int64_t k) {
  KernelDesc d;
  d.loops = {{m, false}, {n, false}, {k, true}};
  d.operands = {{{0, 2}, ElementType::BF16, false},
                {{2, 1}, ElementType::BF16, false},
                {{0, 1}, ElementType::BF16, true}};
  d.flops = 2.0 * m * n * k;
  d.contraction = true;
  // Per output element: k multiply-adds reading a row of A and a column of
  // B; the fill of the accumulator.
  d.work = {opWork(2.0 * k, 0,
                   {{2, double(k), {0}, -1}, {2, double(k), {1}, 1}}, {0, 1},
                   Execution::PerElement),
            opWork(0, 0, {}, {0, 1}, Execution::PerElement)};
  // A contraction a K step can tile: its operand tiles in shared memory.
  d.kSteppable = true;
  d.work[0].kStepRole = KStepRole::Contraction;
  d.work[0].reduction = k;
  d.work[0].operandTiles = {{2, 1, {0}, -1}, {2, 1, {1}, 1}};
  return d;
}

KernelDesc softmax(int64_t rows, int64_t cols) {
  KernelDesc d;
  d.loops = {{rows, false}, {cols, false}};
  d.operands = {{{0, 1}, ElementType::F32, false},
                {{0, 1}, ElementType::F32, true}};
  d.flops = 5.0 * double(rows) * cols;
  // The row max and the row sum of exp, per thread; then each element.
  d.work = {opWork(double(cols), 0, {{4, double(cols), {0}, -1}}, {0},
                   Execution::PerThread),
            opWork(3.0 * cols, double(cols), {{4, double(cols), {0}, -1}}, {0},
                   Execution::PerThread),
            opWork(3, 1, {{4, 1, {0, 1}, 1}}, {0, 1}, Execution::PerElement)};
  // The two reductions are cooperative (tree-combined) where tiles divide;
  // the output is elementwise: vector widths are offered.
  for (int i : {0, 1})
    d.work[i].execution = Execution::CooperativeReduction;
  d.work[2].vectorized = true;
  d.elementwiseRoot = true;
  return d;
}

} // namespace

int main(int argc, char **argv) {
  int repetitions = argc > 1 ? std::atoi(argv[1]) : 9;
  // LLaMA-7B attention projection (FACTS.md shape list), BERT-base FFN up
  // projection at 128 tokens, and a softmax over 8192 rows of 8192.
  std::vector<KernelDesc> kernels = {
      matmul(4096, 4096, 4096), matmul(128, 3072, 768), softmax(8192, 8192)};
  std::vector<Target> targets;
  for (const std::string &name : knownTargetNames())
    targets.push_back(*lookupKnownTarget(name));

  std::vector<double> rates;
  double sink = 0;
  for (int r = 0; r < repetitions; ++r) {
    long count = 0;
    auto start = std::chrono::steady_clock::now();
    for (const Target &t : targets)
      for (const KernelDesc &k : kernels)
        for (const Schedule &s : enumerateSchedules(k, t)) {
          sink += predict(k, s, t).timeUs;
          ++count;
        }
    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
            .count();
    rates.push_back(count / seconds);
  }
  std::sort(rates.begin(), rates.end());
  std::printf("median %.0f candidates/s over %d repetitions (min %.0f, max "
              "%.0f; enumeration included)%s\n",
              rates[rates.size() / 2], repetitions, rates.front(), rates.back(),
              sink < 0 ? "!" : "");
  return 0;
}
