// A tournament's state and its stored form (tournament.hpp).
#include "tournament.hpp"

#include <algorithm>
#include <stdexcept>

namespace loyang::server::tournaments {
namespace {

status status_of(const std::string& s) {
  if (s == "open") return status::open;
  if (s == "running") return status::running;
  if (s == "finished") return status::finished;
  if (s == "cancelled") return status::cancelled;
  throw std::runtime_error("unknown tournament status " + s);
}

template <class T>
nlohmann::json optional_json(const std::optional<T>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

}  // namespace

const char* status_name(status s) {
  switch (s) {
    case status::open: return "open";
    case status::running: return "running";
    case status::finished: return "finished";
    case status::cancelled: return "cancelled";
  }
  return "open";
}

const entry* tournament::entry_of(std::int64_t account) const {
  const auto it = std::find_if(entries.begin(), entries.end(), [&](const entry& e) { return e.account == account; });
  return it == entries.end() ? nullptr : &*it;
}

entry* tournament::entry_of(std::int64_t account) {
  const auto it = std::find_if(entries.begin(), entries.end(), [&](const entry& e) { return e.account == account; });
  return it == entries.end() ? nullptr : &*it;
}

std::vector<std::int64_t> tournament::active() const {
  std::vector<std::int64_t> out;
  for (const auto& e : entries) {
    if (e.withdrawn_at == 0) out.push_back(e.account);
  }
  return out;
}

std::vector<game_outcome> tournament::outcomes() const {
  std::vector<game_outcome> out;
  for (const auto& g : games) {
    if (!g.finished) continue;
    game_outcome o;
    o.round = g.round;
    for (std::size_t i = 0; i < g.players.size(); ++i) {
      o.seats.push_back({g.players[i], g.places[i], static_cast<bool>(g.forfeited[i])});
    }
    out.push_back(std::move(o));
  }
  return out;
}

persistence::tournament_record to_record(const tournament& t) {
  auto entries = nlohmann::json::array();
  for (const auto& e : t.entries) {
    entries.push_back({{"account", e.account}, {"rating", e.rating}, {"joined_at", e.joined_at},
                       {"withdrawn_at", e.withdrawn_at}, {"why", e.why}});
  }
  auto games = nlohmann::json::array();
  for (const auto& g : t.games) {
    games.push_back({{"round", g.round}, {"game", g.game}, {"players", g.players}, {"finished", g.finished},
                     {"places", g.places}, {"forfeited", g.forfeited}});
  }
  auto byes = nlohmann::json::array();
  for (const auto& b : t.byes) byes.push_back({{"round", b.round}, {"player", b.player}});
  auto schedule = nlohmann::json::array();
  for (const auto& r : t.schedule) schedule.push_back({{"tables", r.tables}, {"byes", r.byes}});
  const nlohmann::json body{
      {"name", t.name},
      {"creator", t.creator},
      {"format", t.format == tournament_format::swiss ? "swiss" : "round_robin"},
      {"table_size", t.table_size},
      {"rounds", t.rounds},
      {"max_players", t.max_players},
      {"min_players", t.min_players},
      {"starts_at", t.starts_at},
      {"ruleset", t.ruleset},
      {"time_control", t.time_control},
      {"rated", t.rated},
      {"min_rating", optional_json(t.min_rating)},
      {"min_finished", optional_json(t.min_finished)},
      {"started_at", t.started_at},
      {"ended_at", t.ended_at},
      {"end_reason", t.end_reason},
      {"round", t.round},
      {"entries", entries},
      {"games", games},
      {"byes", byes},
      {"schedule", schedule}};
  return {t.id, status_name(t.state), body.dump(), t.created_at, t.updated_at, t.revision};
}

tournament from_record(const persistence::tournament_record& r) {
  const auto b = nlohmann::json::parse(r.body);
  tournament t;
  t.id = r.id;
  t.state = status_of(r.status);
  t.created_at = r.created_at;
  t.updated_at = r.updated_at;
  t.revision = r.revision;
  t.name = b.at("name").get<std::string>();
  t.creator = b.at("creator").get<std::int64_t>();
  t.format = b.at("format") == "swiss" ? tournament_format::swiss : tournament_format::round_robin;
  t.table_size = b.at("table_size").get<int>();
  t.rounds = b.at("rounds").get<int>();
  t.max_players = b.at("max_players").get<int>();
  t.min_players = b.at("min_players").get<int>();
  t.starts_at = b.at("starts_at").get<std::int64_t>();
  t.ruleset = b.at("ruleset").get<std::string>();
  t.time_control = b.at("time_control");
  t.rated = b.at("rated").get<bool>();
  if (!b.at("min_rating").is_null()) t.min_rating = b["min_rating"].get<int>();
  if (!b.at("min_finished").is_null()) t.min_finished = b["min_finished"].get<double>();
  t.started_at = b.at("started_at").get<std::int64_t>();
  t.ended_at = b.at("ended_at").get<std::int64_t>();
  t.end_reason = b.at("end_reason").get<std::string>();
  t.round = b.at("round").get<int>();
  for (const auto& e : b.at("entries")) {
    t.entries.push_back({e.at("account").get<std::int64_t>(), e.at("rating").get<int>(),
                         e.at("joined_at").get<std::int64_t>(), e.at("withdrawn_at").get<std::int64_t>(),
                         e.at("why").get<std::string>()});
  }
  for (const auto& g : b.at("games")) {
    table_game tg;
    tg.round = g.at("round").get<int>();
    tg.game = g.at("game").get<std::int64_t>();
    tg.players = g.at("players").get<std::vector<std::int64_t>>();
    tg.finished = g.at("finished").get<bool>();
    tg.places = g.at("places").get<std::vector<int>>();
    tg.forfeited = g.at("forfeited").get<std::vector<bool>>();
    t.games.push_back(std::move(tg));
  }
  for (const auto& y : b.at("byes")) t.byes.push_back({y.at("round").get<int>(), y.at("player").get<std::int64_t>()});
  for (const auto& s : b.at("schedule")) {
    t.schedule.push_back({s.at("tables").get<std::vector<table>>(), s.at("byes").get<std::vector<player_id>>()});
  }
  return t;
}

}  // namespace loyang::server::tournaments
