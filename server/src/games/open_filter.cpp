#include "open_filter.hpp"

#include <charconv>

#include "../clocks/game_clock.hpp"
#include "extra.hpp"

namespace loyang::server::games {
namespace {

protocol::parse_error bad(std::string message) { return {"bad_request", std::move(message)}; }

std::optional<long> whole(std::string_view text) {
  long n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return n;
}

template <class Each>
bool each_item(std::string_view list, Each&& each) {
  while (true) {
    const auto comma = list.find(',');
    if (!each(list.substr(0, comma))) return false;
    if (comma == std::string_view::npos) return true;
    list.remove_prefix(comma + 1);
  }
}

std::string clock_kind(const game_record& g) {
  const auto c = clocks::record_clock(g.clock);
  if (!c || c->control().what == clocks::time_control::kind::none) return "none";
  return c->control().what == clocks::time_control::kind::bank ? "bank" : "per_move";
}

}  // namespace

bool is_filter_key(std::string_view key) {
  return key == "players" || key == "time_control" || key == "ruleset" || key == "rated" || key == "player" ||
         key == "rating_min" || key == "rating_max";
}

protocol::parsed<bool> read_filter(open_filter& f, std::string_view key, std::string_view value) {
  if (key == "players") {
    const bool ok = each_item(value, [&f](std::string_view item) {
      const auto n = whole(item);
      if (!n || *n < 1 || *n > 4) return false;
      f.players.insert(int(*n));
      return true;
    });
    if (!ok) return bad("\"players\" must be player counts from 1 to 4, separated by commas");
  } else if (key == "time_control") {
    const bool ok = each_item(value, [&f](std::string_view item) {
      if (item != "none" && item != "per_move" && item != "bank") return false;
      f.time_controls.insert(std::string(item));
      return true;
    });
    if (!ok) return bad("\"time_control\" must be none, per_move or bank, separated by commas");
  } else if (key == "ruleset") {
    if (value != "original" && value != "yucata") return bad("\"ruleset\" must be original or yucata");
    f.ruleset = std::string(value);
  } else if (key == "rated") {
    if (value != "true" && value != "false") return bad("\"rated\" must be true or false");
    f.rated = value == "true";
  } else if (key == "player") {
    if (value.empty() || value.size() > 64) return bad("\"player\" must be an account name");
    f.player = std::string(value);
  } else if (key == "rating_min" || key == "rating_max") {
    const auto n = whole(value);
    // Appended, not "\"" + std::string(...): GCC 12 warns falsely on that (-Wrestrict).
    if (!n || *n < 0 || *n > 10000) return bad(std::string(1, '"').append(key).append("\" must be a rating from 0 to 10000"));
    (key == "rating_min" ? f.rating_min : f.rating_max) = *n;
  } else {
    return bad(std::string("unknown filter \"").append(key.substr(0, 40)).append("\""));
  }
  if (f.rating_min && f.rating_max && *f.rating_min > *f.rating_max) {
    return bad("\"rating_min\" is above \"rating_max\"");
  }
  return true;
}

bool open_filter::passes(const game_record& g, std::int64_t player_account,
                         const std::function<long(std::int64_t)>& rating_of) const {
  if (!players.empty() && !players.count(g.options.players)) return false;
  if (!time_controls.empty() && !time_controls.count(clock_kind(g))) return false;
  if (ruleset && *ruleset != engine::to_string(g.options.rules)) return false;
  if (rated && *rated != games::rated(g)) return false;
  bool named = !player;
  for (const auto& s : g.seats) {
    if (s.account_id == 0 || s.bot) continue;
    if (player && s.account_id == player_account) named = true;
    if (rating_min || rating_max) {
      const auto r = rating_of(s.account_id);
      if ((rating_min && r < *rating_min) || (rating_max && r > *rating_max)) return false;
    }
  }
  return named;
}

}  // namespace loyang::server::games
