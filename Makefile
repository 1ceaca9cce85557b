# The two commands: `make test` and `make run`. Everything else is a step of those.
SHELL := /bin/bash
JOBS ?= $(shell nproc)
WERROR ?= $(or $(LOYANG_WERROR),OFF)
CMAKE_COMMON := -G Ninja -DLOYANG_WERROR=$(WERROR)
PORT ?= 8080
DATA ?= ./data

.PHONY: all deps test build run bench clean

all: build

deps:
	@bash scripts/install-deps.sh

# Debug build with AddressSanitizer + UndefinedBehaviorSanitizer, then the whole suite.
test: deps
	cmake -S . -B build/debug $(CMAKE_COMMON) -DCMAKE_BUILD_TYPE=Debug -DLOYANG_SANITIZE=ON
	cmake --build build/debug -j $(JOBS)
	cd build/debug && ctest --output-on-failure -j $(JOBS) --timeout 1200

# Release binaries into build/release/, nothing run.
build: deps
	cmake -S . -B build/release $(CMAKE_COMMON) -DCMAKE_BUILD_TYPE=Release
	cmake --build build/release -j $(JOBS)

run: build
	mkdir -p $(DATA)
	./build/release/server/loyang-server --port $(PORT) --data $(DATA)

bench: build
	bash scripts/bench.sh build/release

clean:
	rm -rf build
