# The two commands: `make test` and `make run`. Everything else is a step of those.
SHELL := /bin/bash
JOBS ?= $(shell nproc)
WERROR ?= $(or $(LOYANG_WERROR),OFF)
CMAKE_COMMON := -G Ninja -DLOYANG_WERROR=$(WERROR)
PORT ?= 8080
DATA ?= ./data

# The fuzz targets (fuzz/, docs/security.md "Fuzzing"): their own clang tree, build/fuzz.
FUZZ_SECONDS ?= 600
FUZZ_CMAKE := -G Ninja -DCMAKE_BUILD_TYPE=Debug -DLOYANG_FUZZ=ON -DLOYANG_WERROR=OFF \
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++
FUZZ_TARGETS := $(notdir $(patsubst %/,%,$(wildcard fuzz/corpus/*/)))

.PHONY: all deps test build run bench clean fuzz fuzz-build fuzz-test

all: build

deps:
	@bash scripts/install-deps.sh

# Debug build with AddressSanitizer + UndefinedBehaviorSanitizer, then the whole suite. With
# clang (which compiles this tree in about half gcc's time, docs/benchmarks.md "Build time")
# the fuzz targets join it and each runs briefly as a test; without, they are skipped. Line
# tables are all the debug information the sanitizers' reports need (file:line in every frame),
# and they compile faster than full -g.
DEBUG_CMAKE := $(CMAKE_COMMON) -DCMAKE_BUILD_TYPE=Debug -DLOYANG_SANITIZE=ON
test: deps
	@if bash fuzz/have-libfuzzer.sh; then \
	  set -x; cmake -S . -B build/debug $(DEBUG_CMAKE) -DCMAKE_CXX_COMPILER=clang++ -DLOYANG_FUZZ_SMOKE=ON \
	    -DCMAKE_CXX_FLAGS_DEBUG=-gline-tables-only; \
	else \
	  echo "fuzz targets: skipped (77); the tests build with the default compiler"; \
	  set -x; cmake -S . -B build/debug $(DEBUG_CMAKE) -DCMAKE_CXX_COMPILER=c++ -DLOYANG_FUZZ_SMOKE=OFF; \
	fi
	cmake --build build/debug -j $(JOBS)
	cd build/debug && ctest --output-on-failure -j $(JOBS) --timeout 1200

# Each fuzz target briefly on its seed corpus (fuzz/CMakeLists.txt: every seed once, then 5 s).
fuzz-test: fuzz-build
	cd build/fuzz && ctest --output-on-failure -j $(JOBS) -L fuzz

fuzz-build: deps
	@bash fuzz/have-libfuzzer.sh
	CC=clang CXX=clang++ cmake -S . -B build/fuzz $(FUZZ_CMAKE)
	cmake --build build/fuzz -j $(JOBS) --target fuzz_all

# Every fuzz target for FUZZ_SECONDS, one after another, on a copy of its corpus: new inputs
# and any crash-*/leak-*/timeout-* go to build/fuzz/scratch/<target>, never into fuzz/corpus.
fuzz: fuzz-build
	@for t in $(FUZZ_TARGETS); do \
	  echo "== fuzz_$$t for $(FUZZ_SECONDS) s"; \
	  fuzz/run.sh build/fuzz/fuzz/fuzz_$$t fuzz/corpus/$$t build/fuzz/scratch/$$t $(FUZZ_SECONDS) || exit 1; \
	done

# Release binaries into build/release/ (the tests are make test's), nothing run. CI builds it
# with gcc and warnings as errors after make test (.ci/run).
build: deps
	cmake -S . -B build/release $(CMAKE_COMMON) -DCMAKE_BUILD_TYPE=Release -DLOYANG_TESTS=OFF
	cmake --build build/release -j $(JOBS)

run: build
	mkdir -p $(DATA)
	./build/release/server/loyang-server --port $(PORT) --data $(DATA)

bench: build
	bash scripts/bench.sh build/release

clean:
	rm -rf build
