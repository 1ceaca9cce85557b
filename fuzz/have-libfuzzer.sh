#!/usr/bin/env bash
# Exit 0 when clang++ can build a libFuzzer program with the sanitizers, else 77 (skip) with
# the reason. The Makefile asks before building the fuzz targets.
set -u
command -v clang++ >/dev/null || { echo "fuzz: clang++ not found: skipped (scripts/install-deps.sh installs it)" >&2; exit 77; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '%s\n' '#include <cstddef>' '#include <cstdint>' \
  'extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t*, std::size_t) { return 0; }' >"$dir/t.cpp"
if ! clang++ -fsanitize=fuzzer,address,undefined "$dir/t.cpp" -o "$dir/t" 2>"$dir/err"; then
  echo "fuzz: clang++ cannot link libFuzzer (libclang-rt-14-dev missing?): skipped" >&2
  exit 77
fi
