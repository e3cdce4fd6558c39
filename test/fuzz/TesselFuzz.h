//===- TesselFuzz.h - The whole-pipeline fuzz target -------------*- C++
//-*-===//
//
// What the libFuzzer target (LibFuzzerMain.cpp) and the plain mutation loop
// (FuzzMain.cpp) share: running one input through the pipeline, the
// structure-aware mutator, and how many inputs reached each stage.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_TEST_FUZZ_TESSELFUZZ_H
#define TESSEL_TEST_FUZZ_TESSELFUZZ_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <random>
#include <string>

namespace mlir::tessel::fuzz {

/// How many inputs reached each stage of the pipeline.
struct StageCounts {
  uint64_t inputs = 0, tesselText = 0, parsed = 0, targeted = 0, selected = 0,
           compiled = 0, compiledNvidia = 0, compiledAmd = 0, cpuChecked = 0,
           cpuUnits = 0, mismatches = 0;
  /// Outputs whose reference bound is infinite: the check decides nothing.
  uint64_t undecided = 0;
};
StageCounts &counts();
void printCounts(llvm::raw_ostream &os);

/// Runs `text` through the pipeline (see TesselFuzz.cpp); aborts on a CPU
/// check mismatch.
void runOne(llvm::StringRef text);

/// One structure-aware mutation of `text`.
std::string mutate(const std::string &text, std::mt19937 &rng);

} // namespace mlir::tessel::fuzz

#endif // TESSEL_TEST_FUZZ_TESSELFUZZ_H
