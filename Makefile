# Tessel's entry points. `make demo` and `make check` each install what is
# missing (Debian packages, as root), configure, build, then run: the bundled
# example for `demo`, every test for `check`. See README.md.

LLVM_PREFIX ?= /usr/lib/llvm-22
BUILD_DIR   ?= build
BUILD_TYPE  ?= Release
JOBS        ?= $(shell nproc)

# Everything the build and the tests need, from Debian's archive.
APT_PACKAGES := cmake ninja-build clang-22 lld-22 llvm-22-dev llvm-22-tools \
                libmlir-22-dev mlir-22-tools libgtest-dev nlohmann-json3-dev python3 \
                python3-torch python3-torchvision python3-numpy \
                libclang-rt-22-dev

export PATH := $(LLVM_PREFIX)/bin:$(PATH)

.PHONY: all deps configure build check sanitize fuzz demo docs clean

all: build

deps:
	@missing=$$(for p in $(APT_PACKAGES); do \
	    dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; \
	  done); \
	if [ -n "$$missing" ]; then \
	  echo "Installing missing packages:" $$missing; \
	  if [ "$$(id -u)" != 0 ]; then \
	    echo "error: run as root, or install them: apt-get install" $$missing >&2; exit 1; \
	  fi; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

# The CMake configuration every build shares; $(1) is the build folder, $(2)
# more -D flags.
CONFIGURE = cmake -G Ninja -S . -B $(1) \
	  -DCMAKE_C_COMPILER=$(LLVM_PREFIX)/bin/clang \
	  -DCMAKE_CXX_COMPILER=$(LLVM_PREFIX)/bin/clang++ \
	  -DLLVM_USE_LINKER=lld \
	  -DMLIR_DIR=$(LLVM_PREFIX)/lib/cmake/mlir \
	  -DLLVM_DIR=$(LLVM_PREFIX)/lib/cmake/llvm \
	  -DLLVM_EXTERNAL_LIT=$(LLVM_PREFIX)/bin/lit $(2)

$(BUILD_DIR)/build.ninja: CMakeLists.txt | deps
	$(call CONFIGURE,$(BUILD_DIR),-DCMAKE_BUILD_TYPE=$(BUILD_TYPE))

configure: $(BUILD_DIR)/build.ninja

build: deps configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

check: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

# Every test again, with Tessel's own code built with AddressSanitizer and
# UndefinedBehaviorSanitizer (LLVM's HandleLLVMOptions: any finding aborts
# the test). MLIR and LLVM come uninstrumented from Debian: their inline
# allocator code, compiled into Tessel, poisons memory that the library's
# own copy hands out unpoisoned, so user poisoning is turned off
# (allow_user_poisoning=0); every other check stays on.
SANITIZE_DIR ?= $(BUILD_DIR)-sanitize
# LLVM's own build defines these for LLVM_USE_SANITIZER; an installed LLVM
# does not. vptr and function checks need every library instrumented.
UBSAN_FLAGS := -fsanitize=undefined -fno-sanitize=vptr,function \
               -fno-sanitize-recover=all
sanitize: deps
	$(call CONFIGURE,$(SANITIZE_DIR),-DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DLLVM_USE_SANITIZER="Address;Undefined" \
	  -DLLVM_UBSAN_FLAGS="$(UBSAN_FLAGS)")
	cmake --build $(SANITIZE_DIR) -j $(JOBS)
	cd $(SANITIZE_DIR) && ASAN_OPTIONS=allow_user_poisoning=0 \
	  UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j $(JOBS)

# The whole-pipeline fuzzer under libFuzzer (test/fuzz/TesselFuzz.cpp), in
# a build with coverage feedback, ASan and UBSan, for FUZZ_SECONDS, seeded
# with the lit suite's modules (one per public function). Its corpus and any
# crashing input stay in $(FUZZ_DIR); it prints the executions per stage.
FUZZ_SECONDS ?= 600
FUZZ_DIR ?= $(BUILD_DIR)-fuzz/run
FUZZ_BUILD := $(BUILD_DIR)-fuzz
FUZZ_SEEDS := test/codegen/cpu-check-*.mlir test/passes/tessel-form-kernels*.mlir \
              test/passes/tessel-select-schedules*.mlir test/dialects/Tessel/*.mlir
fuzz: deps
	$(call CONFIGURE,$(FUZZ_BUILD),-DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DLLVM_USE_SANITIZER="Address;Undefined" \
	  -DLLVM_UBSAN_FLAGS="$(UBSAN_FLAGS)" -DLLVM_USE_SANITIZE_COVERAGE=ON \
	  -DTESSEL_FUZZ=ON)
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target tessel-fuzz tessel-fuzz-run
	mkdir -p $(FUZZ_DIR)/corpus
	ASAN_OPTIONS=allow_user_poisoning=0 $(FUZZ_BUILD)/bin/tessel-fuzz-run \
	  --split-to=$(FUZZ_DIR)/seeds $(FUZZ_SEEDS)
	cd $(FUZZ_DIR) && ASAN_OPTIONS=allow_user_poisoning=0 \
	  $(abspath $(FUZZ_BUILD))/bin/tessel-fuzz corpus seeds \
	  -max_total_time=$(FUZZ_SECONDS) \
	  -timeout=120 -rss_limit_mb=8192 -print_final_stats=1

demo: build
	@bash docs/examples/demo.sh $(BUILD_DIR)/bin $(BUILD_DIR)/demo

docs: build
	@echo "Generated references: $(BUILD_DIR)/docs/dialects/TesselDialect.md, $(BUILD_DIR)/docs/passes/TesselPasses.md"

clean:
	rm -rf $(BUILD_DIR)
