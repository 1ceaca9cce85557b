#include "game_clock.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <stdexcept>

namespace loyang::server::clocks {

game_clock::game_clock(time_control tc, std::size_t seats) : tc_(tc), seats_(seats) {
  for (auto& c : seats_) c.left = tc_.what == time_control::kind::bank ? tc_.initial : tc_.per_move;
}

void game_clock::charge(seat_clock& c, std::int64_t now) const {
  if (!c.since) return;
  c.left = std::max<std::int64_t>(0, c.left - std::max<std::int64_t>(0, now - *c.since));
  c.since = now;
}

void game_clock::set_acting(const std::vector<engine::player_id>& acting, std::int64_t now) {
  if (!on()) return;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    auto& c = seats_[i];
    const bool now_acting = std::find(acting.begin(), acting.end(), engine::player_id(i)) != acting.end();
    if (c.acting && !now_acting) {
      charge(c, now);
      c.since.reset();
      c.acting = false;
      if (tc_.what == time_control::kind::bank) c.left = std::min(tc_.cap, c.left + tc_.increment);
    } else if (!c.acting && now_acting) {
      c.acting = true;
      if (tc_.what == time_control::kind::per_move) c.left = tc_.per_move;
      if (!c.paused) c.since = now;
    }
  }
}

void game_clock::pause(engine::player_id seat, std::int64_t now) {
  if (!on() || seat < 0 || std::size_t(seat) >= seats_.size()) return;
  auto& c = seats_[std::size_t(seat)];
  if (c.paused) return;
  charge(c, now);
  c.since.reset();
  c.paused = true;
}

void game_clock::resume(engine::player_id seat, std::int64_t now) {
  if (!on() || seat < 0 || std::size_t(seat) >= seats_.size()) return;
  auto& c = seats_[std::size_t(seat)];
  if (!c.paused) return;
  c.paused = false;
  if (c.acting) c.since = now;
}

bool game_clock::paused(engine::player_id seat) const {
  return seat >= 0 && std::size_t(seat) < seats_.size() && seats_[std::size_t(seat)].paused;
}

std::optional<std::int64_t> game_clock::left(engine::player_id seat, std::int64_t now) const {
  if (!on() || seat < 0 || std::size_t(seat) >= seats_.size()) return std::nullopt;
  seat_clock c = seats_[std::size_t(seat)];
  charge(c, now);
  return c.left;
}

std::optional<std::int64_t> game_clock::deadline(engine::player_id seat) const {
  if (!on() || seat < 0 || std::size_t(seat) >= seats_.size()) return std::nullopt;
  const auto& c = seats_[std::size_t(seat)];
  if (!c.since) return std::nullopt;
  return *c.since + c.left;
}

std::optional<std::pair<std::int64_t, engine::player_id>> game_clock::next_deadline() const {
  std::optional<std::pair<std::int64_t, engine::player_id>> best;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    const auto d = deadline(engine::player_id(i));
    if (d && (!best || *d < best->first)) best = {{*d, engine::player_id(i)}};
  }
  return best;
}

nlohmann::json game_clock::view_json(std::int64_t now) const {
  if (!on()) return nullptr;
  auto seats = nlohmann::json::array();
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    const auto seat = engine::player_id(i);
    const auto d = deadline(seat);
    seats.push_back({{"left", *left(seat, now)},
                     {"running", d.has_value()},
                     {"deadline", d ? nlohmann::json(*d) : nlohmann::json(nullptr)},
                     {"paused", seats_[i].paused}});
  }
  return {{"control", to_json(tc_)}, {"seats", std::move(seats)}};
}

nlohmann::json game_clock::stored() const {
  auto seats = nlohmann::json::array();
  for (const auto& c : seats_) {
    seats.push_back({{"left", c.left},
                     {"since", c.since ? nlohmann::json(*c.since) : nlohmann::json(nullptr)},
                     {"acting", c.acting},
                     {"paused", c.paused}});
  }
  return {{"control", to_json(tc_)}, {"seats", std::move(seats)}};
}

game_clock game_clock::from_stored(const nlohmann::json& j) {
  const auto bad = [](const std::string& why) { return std::invalid_argument("stored clock: " + why); };
  if (!j.is_object() || !j.contains("control") || !j.contains("seats") || !j["seats"].is_array())
    throw bad("not {\"control\", \"seats\"}");
  const auto tc = parse_time_control(j["control"]);
  if (const auto* e = std::get_if<std::string>(&tc)) throw bad(*e);
  game_clock out;
  out.tc_ = std::get<time_control>(tc);
  for (const auto& s : j["seats"]) {
    if (!s.is_object() || !s.contains("left") || !s["left"].is_number_integer() || !s.contains("since") ||
        !(s["since"].is_null() || s["since"].is_number_integer()) || !s.contains("acting") ||
        !s["acting"].is_boolean() || !s.contains("paused") || !s["paused"].is_boolean())
      throw bad("a seat is not {\"left\", \"since\", \"acting\", \"paused\"}");
    seat_clock c;
    c.left = s["left"].get<std::int64_t>();
    if (!s["since"].is_null()) c.since = s["since"].get<std::int64_t>();
    c.acting = s["acting"].get<bool>();
    c.paused = s["paused"].get<bool>();
    if (c.since && (!c.acting || c.paused)) throw bad("a clock runs for a seat that does not act");
    out.seats_.push_back(c);
  }
  return out;
}

nlohmann::json new_record_clock(const time_control& tc, std::size_t seats) {
  if (tc.what == time_control::kind::none) return nullptr;
  return game_clock(tc, seats).stored();
}

namespace {

// A record's clock, or none when it is damaged (said once per read in the log): a game goes on
// without its clock rather than stopping.
std::optional<game_clock> read(const nlohmann::json& stored) {
  if (stored.is_null()) return std::nullopt;
  try {
    return game_clock::from_stored(stored);
  } catch (const std::invalid_argument& e) {
    spdlog::error("{}; the game goes on without a clock", e.what());
    return std::nullopt;
  }
}

}  // namespace

nlohmann::json record_clock_after(const nlohmann::json& stored,
                                  const std::vector<engine::player_id>& acting, std::int64_t now) {
  auto c = read(stored);
  if (!c) return nullptr;
  c->set_acting(acting, now);
  return c->stored();
}

nlohmann::json record_clock_view(const nlohmann::json& stored, std::int64_t now) {
  const auto c = read(stored);
  return c ? c->view_json(now) : nlohmann::json(nullptr);
}

}  // namespace loyang::server::clocks
