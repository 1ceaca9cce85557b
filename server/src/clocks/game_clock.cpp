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

game_clock::seat_clock* game_clock::seat_at(engine::player_id seat) {
  if (!on() || seat < 0 || std::size_t(seat) >= seats_.size()) return nullptr;
  return &seats_[std::size_t(seat)];
}

void game_clock::start_decision(seat_clock& c, std::int64_t left, std::int64_t now) const {
  c.left = left;
  c.start_left = left;
  c.reminded = 0;
  c.since.reset();
  if (!c.paused) c.since = now;
}

void game_clock::set_acting(const std::vector<engine::player_id>& acting, std::int64_t now) {
  if (!on()) return;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    auto& c = seats_[i];
    if (c.retired) continue;
    const bool now_acting = std::find(acting.begin(), acting.end(), engine::player_id(i)) != acting.end();
    if (c.acting && !now_acting) {
      charge(c, now);
      c.since.reset();
      c.acting = false;
      if (tc_.what == time_control::kind::bank) c.left = std::min(tc_.cap, c.left + tc_.increment);
      if (vote_ && vote_->seat == engine::player_id(i)) vote_.reset();  // it acted after all
    } else if (!c.acting && now_acting) {
      c.acting = true;
      start_decision(c, tc_.what == time_control::kind::per_move ? tc_.per_move : c.left, now);
    }
  }
}

void game_clock::retire(engine::player_id seat, std::int64_t now) {
  auto* c = seat_at(seat);
  if (!c || c->retired) return;
  charge(*c, now);
  c->since.reset();
  c->acting = false;
  c->retired = true;
  if (vote_ && vote_->seat == seat) vote_.reset();
}

bool game_clock::retired(engine::player_id seat) const {
  return seat >= 0 && std::size_t(seat) < seats_.size() && seats_[std::size_t(seat)].retired;
}

namespace {

// How much a seat has left when reminder `n` is due: halfway through the decision, and an hour
// (or a tenth of the decision, when that is less) before its end. 0: no such reminder.
std::int64_t reminder_threshold(std::int64_t start_left, int n) {
  return n == 1 ? start_left / 2 : std::min<std::int64_t>(3600, start_left / 10);
}

}  // namespace

std::int64_t game_clock::reminder_at(const seat_clock& c, int n) {
  return *c.since + c.left - reminder_threshold(c.start_left, n);
}

game_clock::due game_clock::take_due(std::int64_t now) {
  due out;
  if (!on()) return out;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    auto& c = seats_[i];
    if (!c.since) continue;
    const auto seat = engine::player_id(i);
    if (*c.since + c.left <= now) {
      c.left = 0;
      c.since.reset();
      c.reminded = 2;
      out.timed_out.push_back(seat);
      continue;
    }
    for (int n = 2; n > c.reminded; --n) {
      if (reminder_threshold(c.start_left, n) > 0 && reminder_at(c, n) <= now) {
        out.reminders.emplace_back(seat, n);
        c.reminded = n;
        break;
      }
    }
  }
  out.vote_closed = vote_ && vote_->until <= now;
  return out;
}

std::optional<std::int64_t> game_clock::next_wake() const {
  std::optional<std::int64_t> best;
  const auto consider = [&best](std::int64_t t) {
    if (!best || t < *best) best = t;
  };
  for (const auto& c : seats_) {
    if (!c.since) continue;
    consider(*c.since + c.left);
    for (int n = c.reminded + 1; n <= 2; ++n) {
      if (reminder_threshold(c.start_left, n) > 0) consider(reminder_at(c, n));
    }
  }
  if (vote_) consider(vote_->until);
  return best;
}

bool game_clock::open_vote(engine::player_id seat, std::int64_t until) {
  if (!on() || vote_ || seat < 0 || std::size_t(seat) >= seats_.size()) return false;
  vote_ = vote_state{seat, until, {}};
  return true;
}

bool game_clock::cast(engine::player_id voter, bool wait) {
  if (!vote_) return false;
  auto& votes = vote_->votes;
  const auto it = std::find_if(votes.begin(), votes.end(), [voter](const auto& v) { return v.first == voter; });
  if (it != votes.end()) {
    it->second = wait;
  } else {
    votes.emplace_back(voter, wait);
  }
  return true;
}

void game_clock::close_vote(bool wait, std::int64_t now) {
  if (!vote_) return;
  const auto seat = vote_->seat;
  vote_.reset();
  auto* c = seat_at(seat);
  if (wait && c && c->acting && !c->retired) start_decision(*c, decision_seconds(tc_), now);
}

void game_clock::pause(engine::player_id seat, std::int64_t now) {
  if (!on() || seat < 0 || std::size_t(seat) >= seats_.size()) return;
  auto& c = seats_[std::size_t(seat)];
  if (c.paused || c.retired) return;
  charge(c, now);
  c.since.reset();
  c.paused = true;
}

void game_clock::resume(engine::player_id seat, std::int64_t now) {
  if (!on() || seat < 0 || std::size_t(seat) >= seats_.size()) return;
  auto& c = seats_[std::size_t(seat)];
  if (!c.paused) return;
  c.paused = false;
  // A seat whose time ran out (waiting for a vote) stays stopped.
  if (c.acting && !c.retired && c.left > 0) c.since = now;
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
                     {"paused", seats_[i].paused},
                     {"retired", seats_[i].retired}});
  }
  return {{"control", to_json(tc_)}, {"seats", std::move(seats)}, {"vote", vote_json()}};
}

nlohmann::json game_clock::vote_json() const {
  if (!vote_) return nullptr;
  auto votes = nlohmann::json::array();
  for (const auto& [voter, wait] : vote_->votes) votes.push_back({{"seat", voter}, {"wait", wait}});
  return {{"seat", vote_->seat}, {"until", vote_->until}, {"votes", std::move(votes)}};
}

nlohmann::json game_clock::stored() const {
  auto seats = nlohmann::json::array();
  for (const auto& c : seats_) {
    seats.push_back({{"left", c.left},
                     {"since", c.since ? nlohmann::json(*c.since) : nlohmann::json(nullptr)},
                     {"acting", c.acting},
                     {"paused", c.paused},
                     {"retired", c.retired},
                     {"start_left", c.start_left},
                     {"reminded", c.reminded}});
  }
  return {{"control", to_json(tc_)}, {"seats", std::move(seats)}, {"vote", vote_json()}};
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
    // Written since the reminders and timeouts came; absent in clocks stored before.
    if (s.contains("retired") && !s["retired"].is_boolean()) throw bad("\"retired\" is not a boolean");
    if ((s.contains("start_left") && !s["start_left"].is_number_integer()) ||
        (s.contains("reminded") && !s["reminded"].is_number_integer()))
      throw bad("\"start_left\" or \"reminded\" is not a whole number");
    c.retired = s.value("retired", false);
    c.start_left = s.value("start_left", c.left);
    c.reminded = s.value("reminded", 0);
    if (c.since && (!c.acting || c.paused || c.retired)) throw bad("a clock runs for a seat that does not act");
    if (c.reminded < 0 || c.reminded > 2) throw bad("a seat's reminders are not 0 to 2");
    out.seats_.push_back(c);
  }
  if (j.contains("vote") && !j["vote"].is_null()) {
    const auto& v = j["vote"];
    if (!v.is_object() || !v.contains("seat") || !v["seat"].is_number_integer() || !v.contains("until") ||
        !v["until"].is_number_integer() || !v.contains("votes") || !v["votes"].is_array())
      throw bad("the vote is not {\"seat\", \"until\", \"votes\"}");
    vote_state vs{v["seat"].get<engine::player_id>(), v["until"].get<std::int64_t>(), {}};
    if (vs.seat < 0 || std::size_t(vs.seat) >= out.seats_.size()) throw bad("the vote is on no seat");
    for (const auto& b : v["votes"]) {
      if (!b.is_object() || !b.contains("seat") || !b["seat"].is_number_integer() || !b.contains("wait") ||
          !b["wait"].is_boolean())
        throw bad("a vote is not {\"seat\", \"wait\"}");
      vs.votes.emplace_back(b["seat"].get<engine::player_id>(), b["wait"].get<bool>());
    }
    out.vote_ = std::move(vs);
  }
  return out;
}

nlohmann::json new_record_clock(const time_control& tc, std::size_t seats) {
  if (tc.what == time_control::kind::none) return nullptr;
  return game_clock(tc, seats).stored();
}

std::optional<game_clock> record_clock(const nlohmann::json& stored) {
  if (stored.is_null()) return std::nullopt;
  try {
    return game_clock::from_stored(stored);
  } catch (const std::invalid_argument& e) {
    spdlog::error("{}; the game goes on without a clock", e.what());
    return std::nullopt;
  }
}

nlohmann::json record_clock_after(const nlohmann::json& stored,
                                  const std::vector<engine::player_id>& acting, std::int64_t now) {
  auto c = record_clock(stored);
  if (!c) return nullptr;
  c->set_acting(acting, now);
  return c->stored();
}

nlohmann::json record_clock_view(const nlohmann::json& stored, std::int64_t now) {
  const auto c = record_clock(stored);
  return c ? c->view_json(now) : nlohmann::json(nullptr);
}

}  // namespace loyang::server::clocks
