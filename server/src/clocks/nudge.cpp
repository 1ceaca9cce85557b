#include "nudge.hpp"

#include <algorithm>
#include <string>

#include "../i18n/zone.hpp"

namespace loyang::server::clocks {
namespace {

std::string utc(std::int64_t t) { return i18n::date_time("en", t, "UTC"); }

}  // namespace

std::vector<engine::player_id> nudged(const game_record& g, engine::player_id seat) {
  std::vector<engine::player_id> out;
  for (const auto p : g.to_act) {
    if (p == seat || p < 0 || std::size_t(p) >= g.seats.size()) continue;
    const auto& s = g.seats[std::size_t(p)];
    if (!s.bot && s.account_id != 0 && s.gone == persistence::departure::none) out.push_back(p);
  }
  return out;
}

std::optional<std::int64_t> last_nudge(const game_record& g, engine::player_id seat) {
  if (!g.extra.is_object() || !g.extra.contains("nudges") || !g.extra["nudges"].is_object()) return std::nullopt;
  const auto& n = g.extra["nudges"];
  const auto key = std::to_string(seat);
  if (!n.contains(key) || !n[key].is_number_integer()) return std::nullopt;
  return n[key].get<std::int64_t>();
}

std::variant<game_record, refusal> nudge(const game_record& g, engine::player_id seat, std::int64_t now) {
  if (g.status != game_status::active) return refusal{"not_active", "the game is not being played", 409};
  if (nudged(g, seat).empty()) {
    return refusal{"nobody_to_nudge", "nobody but you or a bot must act now: there is nobody to nudge", 409};
  }
  // Thinking since the seats to act came to act, or since the game last moved (a long turn of
  // several commands is not "thinking" while its commands come).
  const auto since = std::max(g.waiting_since, g.updated_at);
  if (now - since < nudge_after) {
    return refusal{"not_waiting_long",
                   "the game moved less than an hour ago: you may nudge from " + utc(since + nudge_after), 409};
  }
  if (const auto last = last_nudge(g, seat); last && now - *last < nudge_every) {
    return refusal{"nudged_today", "you nudged in this game less than a day ago: you may again from " +
                                       utc(*last + nudge_every),
                   429};
  }
  game_record next = g;
  if (!next.extra.is_object()) next.extra = nlohmann::json::object();
  next.extra["nudges"][std::to_string(seat)] = now;
  return next;
}

}  // namespace loyang::server::clocks
