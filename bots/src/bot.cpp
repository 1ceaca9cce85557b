// seat_view's legal commands, the random bot and make_bot.
#include <variant>

#include "easy_bot.hpp"
#include "loyang/bots/bot.hpp"
#include "loyang/bots/strong.hpp"

namespace loyang::bots {

using namespace engine;

namespace {

/// Whether `c` names a field or card the view hides (only the Tenant-farmer's commands can).
bool names_hidden(const command& c) {
  if (const auto* b = std::get_if<cmd::tenant_buy_field>(&c)) return b->field == hidden_field;
  if (const auto* w = std::get_if<cmd::tenant_swap_field>(&c)) return w->take == hidden_field;
  return false;
}

/// Uniform among the legal commands, as the server's bots chose until now.
class random_bot final : public bot {
 public:
  command choose(const seat_view& v, rng& random) override {
    const auto legal = legal_for(v);
    return legal[static_cast<std::size_t>(random.below(legal.size()))];
  }
};

}  // namespace

std::vector<command> legal_for(const seat_view& v) {
  auto legal = legal_commands(v.state(), v.seat());
  std::erase_if(legal, [](const command& c) { return std::holds_alternative<cmd::undo>(c) || names_hidden(c); });
  return legal;
}

std::optional<level> level_by_name(std::string_view name) {
  if (name == "random") return level::random;
  if (name == "easy") return level::easy;
  if (name == "strong") return level::strong;
  if (name == "expert") return level::expert;
  return std::nullopt;
}

std::string_view to_string(level l) {
  switch (l) {
    case level::random: return "random";
    case level::easy: return "easy";
    case level::strong: return "strong";
    case level::expert: return "expert";
  }
  return "random";
}

std::unique_ptr<bot> make_bot(level l) {
  if (l == level::easy) return std::make_unique<detail::easy_bot>();
  if (l == level::strong) return make_strong_bot();
  if (l == level::expert) return make_strong_bot(expert_options());
  return std::make_unique<random_bot>();
}

}  // namespace loyang::bots
