#pragma once
// Internal: SplitMix64, the tournaments' only source of chance (the draw of a round robin, and
// the tests' data): the same numbers on every machine, which the standard distributions are not.
#include <cstdint>

namespace loyang::server::tournaments {

class splitmix64 {
 public:
  explicit splitmix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    auto z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  /// In [0, bound): the modulo's bias is irrelevant here, only determinism counts.
  int below(int bound) { return static_cast<int>(next() % static_cast<std::uint64_t>(bound)); }

 private:
  std::uint64_t state_;
};

}  // namespace loyang::server::tournaments
