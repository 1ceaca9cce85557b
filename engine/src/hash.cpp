// state_hash(): FNV-1a over encode(s) (serialize.hpp), so a stored snapshot and its hash can
// never disagree about what the state is.
#include "internal.hpp"
#include "loyang/engine/serialize.hpp"

namespace loyang::engine {

std::uint64_t encoding_hash(std::string_view encoded) {
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (const char c : encoded) {
    h ^= static_cast<std::uint8_t>(c);
    h *= 0x100000001B3ULL;
  }
  return h;
}

std::uint64_t state_hash(const state& s) { return encoding_hash(encode(s)); }

}  // namespace loyang::engine
