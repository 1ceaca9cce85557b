// POST /api/tournaments's body (create_request.hpp).
#include "create_request.hpp"

#include "../chat/text.hpp"
#include "../clocks/time_control.hpp"
#include "round_robin.hpp"

namespace loyang::server::tournaments {
namespace {

constexpr chat::text_rules name_rules{60, 1, false};

bool whole(const nlohmann::json& v, int low, int high) {
  return v.is_number_integer() && v.get<std::int64_t>() >= low && v.get<std::int64_t>() <= high;
}

}  // namespace

std::variant<tournament, std::string> read_create_request(const nlohmann::json& body, std::int64_t creator,
                                                          std::int64_t now) {
  if (!body.is_object()) return std::string("the body must be a JSON object");
  tournament t;
  t.creator = creator;
  t.created_at = t.updated_at = now;
  bool has_format = false, has_rounds = false, has_max = false, has_min = false, has_clock = false;
  bool end_on_timeout = false;
  for (const auto& [key, value] : body.items()) {
    if (key == "name") {
      if (!value.is_string()) return std::string("\"name\" must be a text");
      auto checked = chat::check_text(value.get<std::string>(), name_rules);
      if (const auto* e = std::get_if<chat::text_error>(&checked)) return std::string("\"name\": ").append(e->message);
      t.name = std::get<std::string>(std::move(checked));
    } else if (key == "format") {
      if (value != "swiss" && value != "round_robin") return std::string("\"format\" must be swiss or round_robin");
      t.format = value == "swiss" ? tournament_format::swiss : tournament_format::round_robin;
      has_format = true;
    } else if (key == "players") {
      if (!whole(value, min_table_size, max_table_size)) return std::string("\"players\" (per game) must be 2, 3 or 4");
      t.table_size = value.get<int>();
    } else if (key == "rounds") {
      if (!whole(value, 1, max_swiss_rounds)) return std::string("\"rounds\" must be from 1 to 15");
      t.rounds = value.get<int>();
      has_rounds = true;
    } else if (key == "max_players" || key == "min_players") {
      if (!whole(value, 2, max_swiss_entrants)) return "\"" + key + "\" must be from 2 to 64";
      (key == "max_players" ? t.max_players : t.min_players) = value.get<int>();
      (key == "max_players" ? has_max : has_min) = true;
    } else if (key == "starts_at") {
      if (value.is_null()) continue;
      if (!value.is_number_integer() || value.get<std::int64_t>() < now + 60 ||
          value.get<std::int64_t>() > now + 60 * 24 * 3600) {
        return std::string("\"starts_at\" must be a time from a minute to 60 days ahead (or null: when full)");
      }
      t.starts_at = value.get<std::int64_t>();
    } else if (key == "ruleset") {
      if (value != "yucata" && value != "original") return std::string("\"ruleset\" must be yucata or original");
      t.ruleset = value.get<std::string>();
    } else if (key == "time_control") {
      auto tc = clocks::parse_time_control(value);
      if (const auto* why = std::get_if<std::string>(&tc)) return *why;
      const auto& c = std::get<clocks::time_control>(tc);
      if (c.what == clocks::time_control::kind::none) {
        return std::string("a tournament needs a time control: its rounds wait for every game to end");
      }
      if (c.on_timeout == clocks::timeout_policy::vote) {
        return std::string("\"on_timeout\": \"vote\" does not suit a tournament; choose \"bot\" or \"end\"");
      }
      end_on_timeout = c.on_timeout == clocks::timeout_policy::end;
      t.time_control = clocks::to_json(c);
      has_clock = true;
    } else if (key == "rated") {
      if (!value.is_boolean()) return std::string("\"rated\" must be true or false");
      t.rated = value.get<bool>();
    } else if (key == "min_rating") {
      if (!value.is_null() && !whole(value, 0, 4000)) return std::string("\"min_rating\" must be from 0 to 4000");
      if (!value.is_null()) t.min_rating = value.get<int>();
    } else if (key == "min_finished") {
      if (!value.is_null() && (!value.is_number() || value.get<double>() < 0 || value.get<double>() > 1)) {
        return std::string("\"min_finished\" must be from 0 to 1");
      }
      if (!value.is_null()) t.min_finished = value.get<double>();
    } else {
      return "unknown field \"" + key + "\"";
    }
  }
  if (t.name.empty()) return std::string("a tournament needs a \"name\"");
  if (end_on_timeout && t.table_size != 2) {
    return std::string("\"on_timeout\": \"end\" is for 2-player games; choose \"bot\"");
  }
  if (!has_format) return std::string("\"format\" (swiss or round_robin) is needed");
  if (!has_clock) return std::string("a tournament needs a \"time_control\"");
  const bool swiss = t.format == tournament_format::swiss;
  if (swiss && !has_rounds) return std::string("a Swiss tournament needs its number of \"rounds\"");
  if (!swiss && has_rounds) return std::string("a round robin's rounds follow from its players: leave out \"rounds\"");
  if (!has_max) t.max_players = swiss ? 16 : 8;
  if (!has_min) t.min_players = t.table_size;
  if (!swiss && t.max_players > max_round_robin_players) return std::string("a round robin takes at most 16 players");
  if (t.min_players < t.table_size) return std::string("\"min_players\" must be at least the players of one game");
  if (t.min_players > t.max_players) return std::string("\"min_players\" must not be above \"max_players\"");
  if (t.starts_at == 0 && has_min && t.min_players != t.max_players) {
    return std::string("a tournament that starts when full needs no \"min_players\"");
  }
  if (t.rated && t.table_size < 2) return std::string("a rated tournament is for games with others");
  return t;
}

}  // namespace loyang::server::tournaments
