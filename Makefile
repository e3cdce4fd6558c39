# Tessel's entry points. `make demo` and `make check` each install what is
# missing (Debian packages, as root), configure, build, then run: the bundled
# example for `demo`, every test for `check`. See README.md.

LLVM_PREFIX ?= /usr/lib/llvm-22
BUILD_DIR   ?= build
BUILD_TYPE  ?= Release
JOBS        ?= $(shell nproc)

# Everything the build and the tests need, from Debian's archive.
APT_PACKAGES := cmake ninja-build clang-22 lld-22 llvm-22-dev llvm-22-tools \
                libmlir-22-dev mlir-22-tools libgtest-dev nlohmann-json3-dev python3

export PATH := $(LLVM_PREFIX)/bin:$(PATH)

.PHONY: all deps configure build check demo docs clean

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

$(BUILD_DIR)/build.ninja: CMakeLists.txt | deps
	cmake -G Ninja -S . -B $(BUILD_DIR) \
	  -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) \
	  -DCMAKE_C_COMPILER=$(LLVM_PREFIX)/bin/clang \
	  -DCMAKE_CXX_COMPILER=$(LLVM_PREFIX)/bin/clang++ \
	  -DLLVM_USE_LINKER=lld \
	  -DMLIR_DIR=$(LLVM_PREFIX)/lib/cmake/mlir \
	  -DLLVM_DIR=$(LLVM_PREFIX)/lib/cmake/llvm \
	  -DLLVM_EXTERNAL_LIT=$(LLVM_PREFIX)/bin/lit

configure: $(BUILD_DIR)/build.ninja

build: deps configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

check: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

demo: build
	@bash docs/examples/demo.sh $(BUILD_DIR)/bin $(BUILD_DIR)/demo

docs: build
	@echo "Generated references: $(BUILD_DIR)/docs/dialects/TesselDialect.md, $(BUILD_DIR)/docs/passes/TesselPasses.md"

clean:
	rm -rf $(BUILD_DIR)
