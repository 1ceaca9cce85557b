#include "extra.hpp"

namespace loyang::server::games {
namespace {

template <class T>
std::optional<T> field(const game_record& g, const char* key) {
  if (!g.extra.is_object()) return std::nullopt;
  const auto it = g.extra.find(key);
  if (it == g.extra.end() || it->is_null()) return std::nullopt;
  return it->get<T>();
}

}  // namespace

std::optional<std::string> read_extra_field(const std::string& key, const nlohmann::json& value, nlohmann::json& extra) {
  if (key == "rated") {
    if (!value.is_boolean()) return "\"rated\" must be true or false";
    if (value.get<bool>()) extra["rated"] = true;
    return "";
  }
  if (key == "min_rating") {
    if (!value.is_number_integer() || value.get<std::int64_t>() < 0 || value.get<std::int64_t>() > 4000) {
      return "\"min_rating\" must be a whole number from 0 to 4000";
    }
    extra["min_rating"] = value.get<int>();
    return "";
  }
  if (key == "min_finished") {
    if (!value.is_number() || value.get<double>() < 0 || value.get<double>() > 1) {
      return "\"min_finished\" must be a share from 0 to 1 (0.9: nine games in ten finished)";
    }
    extra["min_finished"] = value.get<double>();
    return "";
  }
  if (key == "chat") {
    if (value != "players" && value != "everyone") return "\"chat\" must be \"players\" or \"everyone\"";
    if (value == "everyone") extra["chat"] = "everyone";
    return "";
  }
  return std::nullopt;
}

std::string check_extra(const nlohmann::json& extra, int players, int bots) {
  if (!extra.is_object()) return "";
  if (extra.value("rated", false)) {
    if (players < 2) return "a solo game is not rated";
    if (bots > 0) return "a rated game is for people only: no bots";
  }
  if ((extra.contains("min_rating") || extra.contains("min_finished")) && players < 2) {
    return "entry limits are for games with other players";
  }
  return "";
}

bool rated(const game_record& g) { return field<bool>(g, "rated").value_or(false); }
std::optional<int> min_rating(const game_record& g) { return field<int>(g, "min_rating"); }
std::optional<double> min_finished(const game_record& g) { return field<double>(g, "min_finished"); }
std::optional<std::string> daily_of(const game_record& g) { return field<std::string>(g, "daily"); }
std::optional<std::int64_t> rematch_of(const game_record& g) { return field<std::int64_t>(g, "rematch_of"); }

nlohmann::json extra_summary(const game_record& g) {
  auto get = [&g](const char* key) {
    return g.extra.is_object() && g.extra.contains(key) ? g.extra[key] : nlohmann::json(nullptr);
  };
  return {{"rated", rated(g)},
          {"min_rating", get("min_rating")},
          {"min_finished", get("min_finished")},
          {"chat", get("chat").is_null() ? nlohmann::json("players") : get("chat")},
          {"rematch_of", get("rematch_of")},
          {"daily", get("daily")},
          {"tournament", get("tournament")},
          {"tournament_round", get("tournament_round")},
          {"declined", g.extra.is_object() && g.extra.contains("declined") ? g.extra["declined"] : nlohmann::json::array()}};
}

}  // namespace loyang::server::games
