#include "bot_levels.hpp"

#include <array>
#include <string_view>

namespace loyang::server::bot_seats {
namespace {

// Every name a level may have; only those the bots library knows count (level_by_name), so
// a level added there is offered here without a change.
constexpr std::array<std::string_view, 5> candidate_names{"random", "easy", "medium", "strong", "expert"};

std::optional<level> parse(const nlohmann::json& value) {
  if (!value.is_string()) return std::nullopt;
  return loyang::bots::level_by_name(value.get<std::string>());
}

std::string must_be_level(const std::string& what) { return what + " must be one of " + known_names(); }

nlohmann::json& levels_of(game_record& g) {
  if (!g.extra.is_object()) g.extra = nlohmann::json::object();
  auto& out = g.extra["bot_levels"];
  if (!out.is_array()) out = nlohmann::json::array();
  while (out.size() < g.seats.size()) out.push_back(nullptr);
  return out;
}

}  // namespace

std::string known_names() {
  std::string out;
  for (const auto name : candidate_names) {
    if (!loyang::bots::level_by_name(name)) continue;
    if (!out.empty()) out += ", ";
    out += '"' + std::string(name) + '"';
  }
  return out;
}

std::optional<std::string> read_field(const std::string& key, const nlohmann::json& value, request& r) {
  if (key == "bots") {
    r.levels.clear();
    if (value.is_number_integer()) {
      if (value.get<std::int64_t>() < 0 || value.get<std::int64_t>() > 3) return "\"bots\" must be a number from 0 to 3";
      r.levels.assign(value.get<std::size_t>(), default_level);
      r.listed = false;
      return "";
    }
    if (!value.is_array() || value.size() > 3) {
      return "\"bots\" must be a number from 0 to 3, or a list of at most 3 bot levels";
    }
    for (const auto& v : value) {
      const auto l = parse(v);
      if (!l) return must_be_level("each level in \"bots\"");
      r.levels.push_back(*l);
    }
    r.listed = true;
    return "";
  }
  if (key == "bot_level") {
    r.bot_level = parse(value);
    if (!r.bot_level) return must_be_level("\"bot_level\"");
    return "";
  }
  if (key == "takeover_level") {
    const auto l = parse(value);
    if (!l) return must_be_level("\"takeover_level\"");
    r.takeover = *l;
    return "";
  }
  return std::nullopt;
}

std::string finish(request& r) {
  if (r.listed && r.bot_level) return "give the bots' levels either as a list in \"bots\" or in \"bot_level\", not both";
  if (r.bot_level) r.levels.assign(r.levels.size(), *r.bot_level);
  return "";
}

void seat(game_record& g, const std::vector<level>& levels) {
  auto& stored = levels_of(g);
  for (std::size_t i = 0; i < levels.size() && i < g.seats.size(); ++i) {
    // In seat order: the first level goes to the first of the last levels.size() seats.
    const auto at = g.seats.size() - levels.size() + i;
    g.seats[at].bot = true;
    stored[at] = std::string(loyang::bots::to_string(levels[i]));
  }
}

void seat(game_record& g, const request& r) {
  seat(g, r.levels);
  if (!g.extra.is_object()) g.extra = nlohmann::json::object();
  g.extra["takeover_level"] = std::string(loyang::bots::to_string(r.takeover));
}

std::optional<level> level_of(const game_record& g, std::size_t seat) {
  if (seat >= g.seats.size() || !g.seats[seat].bot) return std::nullopt;
  if (g.extra.is_object()) {
    const auto it = g.extra.find("bot_levels");
    if (it != g.extra.end() && it->is_array() && seat < it->size()) {
      if (const auto l = parse((*it)[seat])) return l;
    }
  }
  return legacy_level;
}

std::vector<level> starting_levels(const game_record& g) {
  std::vector<level> out;
  for (std::size_t i = 0; i < g.seats.size(); ++i) {
    if (g.seats[i].account_id != 0) continue;
    if (const auto l = level_of(g, i)) out.push_back(*l);
  }
  return out;
}

nlohmann::json level_json(const game_record& g, std::size_t seat) {
  const auto l = level_of(g, seat);
  return l ? nlohmann::json(std::string(loyang::bots::to_string(*l))) : nlohmann::json(nullptr);
}

level takeover_level(const game_record& g) {
  if (g.extra.is_object()) {
    const auto it = g.extra.find("takeover_level");
    if (it != g.extra.end()) {
      if (const auto l = parse(*it)) return *l;
    }
  }
  return default_level;
}

void take_over(game_record& g, std::size_t seat) {
  if (seat >= g.seats.size()) return;
  g.seats[seat].bot = true;
  levels_of(g)[seat] = std::string(loyang::bots::to_string(takeover_level(g)));
}

}  // namespace loyang::server::bot_seats
