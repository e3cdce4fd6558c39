//===- LibFuzzerMain.cpp - libFuzzer's entry points for tessel-fuzz -------===//
//
// `make fuzz` links this with -fsanitize=fuzzer: libFuzzer drives runOne
// with coverage feedback, mutating with Tessel's structure-aware mutator
// most of the time and its own byte-level one otherwise. The stage counts
// are printed when the process ends.
//
//===----------------------------------------------------------------------===//

#include "test/fuzz/TesselFuzz.h"

#include <cstdlib>
#include <cstring>

using namespace mlir::tessel;

extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  std::atexit([] { fuzz::printCounts(llvm::errs()); });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz::runOne(llvm::StringRef(reinterpret_cast<const char *>(data), size));
  return 0;
}

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size,
                                          size_t maxSize, unsigned seed) {
  std::mt19937 rng(seed);
  if (rng() % 4 == 0)
    return LLVMFuzzerMutate(data, size, maxSize);
  std::string mutated =
      fuzz::mutate(std::string(reinterpret_cast<char *>(data), size), rng);
  if (mutated.size() > maxSize)
    return LLVMFuzzerMutate(data, size, maxSize);
  std::memcpy(data, mutated.data(), mutated.size());
  return mutated.size();
}
