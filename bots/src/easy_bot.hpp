// The easy bot: scores every command it may send with the heuristics of docs/bots.md and
// sends the best (ties: the first listed).
#pragma once
#include <cstdint>

#include "loyang/bots/bot.hpp"

namespace loyang::bots::detail {

class easy_bot final : public bot {
 public:
  engine::command choose(const seat_view& v, engine::rng& random) override;

 private:
  // Commands sent in the current turn, to cut a turn short if the heuristics ever circle.
  std::uint64_t turn_key_ = ~0ULL;
  int turn_commands_ = 0;
};

/// Commands per turn after which the easy bot only ends its turn (a safety net: its plans
/// need far fewer, about 5-15).
inline constexpr int easy_turn_cap = 60;

}  // namespace loyang::bots::detail
