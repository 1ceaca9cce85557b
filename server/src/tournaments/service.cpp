// The tournaments room (service.hpp).
#include "service.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <random>
#include <utility>

#include "../clocks/game_clock.hpp"
#include "../clocks/time_control.hpp"
#include "../core/api_errors.hpp"
#include "create_request.hpp"
#include "crosstable.hpp"
#include "pairing.hpp"
#include "round_robin.hpp"
#include "scoring.hpp"

namespace loyang::server::tournaments {
namespace {

api_reply no_such_tournament() {
  return api_error(http::status::not_found, "no_such_tournament", "there is no such tournament");
}

api_reply conflict(std::string_view code, std::string_view message) {
  return api_error(http::status::conflict, code, message);
}

std::vector<entrant> entrants_of(const tournament& t) {
  std::vector<entrant> out;
  for (const auto& e : t.entries) out.push_back({e.account, e.rating, e.withdrawn_at != 0});
  return out;
}

// A game record carrying `t`'s entry limits, for the ratings' refusal.
game_record limits_of(const tournament& t) {
  game_record g;
  g.options.players = t.table_size;
  g.extra = nlohmann::json::object();
  if (t.min_rating) g.extra["min_rating"] = *t.min_rating;
  if (t.min_finished) g.extra["min_finished"] = *t.min_finished;
  return g;
}

}  // namespace

service::service(strand_type games_strand, storage& store, lookups look)
    : strand_(std::move(games_strand)), store_(store), look_(std::move(look)), timer_(strand_) {}

void service::start(const std::vector<persistence::tournament_record>& stored, std::int64_t max_id) {
  ids_.start_after(max_id);
  net::post(strand_, [self = shared_from_this(), stored] {
    for (const auto& r : stored) self->keep(r);
    // Games that ended while the server was down are counted by the first look (advance).
    self->arm();
  });
}

void service::stop() {
  net::post(strand_, [self = shared_from_this()] {
    self->stopped_ = true;
    self->timer_.cancel();
  });
}

void service::arm() {
  if (stopped_) return;
  timer_.expires_after(std::chrono::seconds(1));
  timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (ec || self->stopped_) return;
    self->tick();
    self->arm();
  });
}

void service::tick() {
  if (!look_.leads()) return;
  std::vector<std::int64_t> live;
  for (const auto& [id, t] : all_) {
    if (t.state == status::open || t.state == status::running) live.push_back(id);
  }
  for (const auto id : live) advance(id);
}

void service::leading() {
  net::post(strand_, [self = shared_from_this()] { self->tick(); });
}

tournament* service::find(std::int64_t id) {
  const auto it = all_.find(id);
  return it == all_.end() ? nullptr : &it->second;
}

bool service::keep(const persistence::tournament_record& r) {
  const auto* held = find(r.id);
  if (held && held->revision >= r.revision) return false;
  try {
    all_[r.id] = from_record(r);
  } catch (const std::exception& e) {
    spdlog::error("tournaments: tournament {} cannot be read ({}): left out", r.id, e.what());
    return false;
  }
  return true;
}

void service::merge(std::vector<persistence::tournament_record> rows) {
  net::post(strand_, [self = shared_from_this(), rows = std::move(rows)] {
    for (const auto& r : rows) {
      if (!self->keep(r)) continue;
      if (self->look_.changed) self->look_.changed(r.id);
      if (self->look_.leads()) self->advance(r.id);
    }
  });
}

void service::update(std::int64_t id, change_fn change, update_done done) {
  auto& waiting = updates_[id];
  waiting.push_back([self = shared_from_this(), id, change = std::move(change), done = std::move(done)] {
    self->attempt(id, change, done, 5);
  });
  if (waiting.size() == 1) run_first(id);
}

void service::run_first(std::int64_t id) {
  // A copy runs: the update may end (and leave the queue) before it returns.
  const auto first = updates_.at(id).front();
  first();
}

void service::next_update(std::int64_t id, bool stored) {
  auto& waiting = updates_[id];
  waiting.pop_front();
  if (!waiting.empty()) return run_first(id);
  updates_.erase(id);
  // What the change asks for next (a full tournament starts, a counted game ends the round...).
  if (stored && look_.leads()) advance(id);
}

void service::attempt(std::int64_t id, change_fn change, update_done done, int tries) {
  const auto* held = find(id);
  if (!held) {
    done(no_such_tournament(), "");
    return next_update(id, false);
  }
  auto next = *held;
  if (auto no = change(next)) {
    done(std::move(no), "");
    return next_update(id, false);
  }
  ++next.revision;
  next.updated_at = look_.accounts->now();
  store_.save_tournament(to_record(next), [self = shared_from_this(), id, next, change, done,
                                           tries](const std::string& e) {
    net::post(self->strand_, [self, id, next, change, done, tries, e] {
      if (e.empty()) {
        // Another node's later revision may have been heard of already (built on this one).
        const auto* held = self->find(id);
        if (!held || held->revision < next.revision) self->all_[id] = next;
        if (self->look_.changed) self->look_.changed(id);
        done(std::nullopt, "");
        return self->next_update(id, true);
      }
      if (tries <= 1 || !self->store_.shared()) {
        spdlog::error("tournaments: tournament {} could not be stored ({})", id, e);
        done(std::nullopt, e);
        return self->next_update(id, false);
      }
      // Another node stored it meanwhile (or the database failed): read it again, then apply
      // the change to what is stored.
      self->look_.off_thread([self, id, change, done, tries] {
        std::optional<persistence::tournament_record> row;
        try {
          row = self->store_.load_tournament(id);
        } catch (const std::exception& x) {
          spdlog::warn("tournaments: tournament {} could not be read again: {}", id, x.what());
        }
        net::post(self->strand_, [self, id, change, done, tries, row] {
          if (row && self->keep(*row) && self->look_.changed) self->look_.changed(id);
          self->attempt(id, change, done, tries - 1);
        });
      });
    });
  });
}

void service::create(identity who, const nlohmann::json& body, reply_fn reply) {
  if (look_.accounts->is_bot_account(who.id)) return reply(bot_account_reply("a tournament"));
  auto parsed = read_create_request(body, who.id, look_.accounts->now());
  if (const auto* why = std::get_if<std::string>(&parsed)) {
    return reply(api_error(http::status::bad_request, "bad_request", *why));
  }
  net::post(strand_, [self = shared_from_this(), who, t = std::get<tournament>(std::move(parsed)),
                      reply = std::move(reply)]() mutable {
    t.id = self->ids_.next();
    if (t.id == 0) return reply(storage_reply("storage_failed", "the tournament"));
    t.revision = 1;
    // Its creator plays in it, when its entry limits let him (else he only runs it).
    if (!self->look_.refusal(limits_of(t), who)) {
      t.entries.push_back({who.id, self->look_.rating_of(who.id), t.created_at, 0, {}});
    }
    self->store_.save_tournament(to_record(t), [self, t, reply](const std::string& e) {
      net::post(self->strand_, [self, t, reply, e] {
        if (!e.empty()) return reply(storage_reply(e, "the tournament"));
        self->all_[t.id] = t;
        if (self->look_.changed) self->look_.changed(t.id);
        reply({http::status::created, self->whole(t)});
      });
    });
  });
}

void service::list(identity who, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, reply = std::move(reply)] {
    auto open = nlohmann::json::array(), running = nlohmann::json::array(), finished = nlohmann::json::array();
    for (auto it = self->all_.rbegin(); it != self->all_.rend(); ++it) {
      const auto& t = it->second;
      auto s = self->summary(t);
      s["entered"] = t.entry_of(who.id) != nullptr;
      if (t.state == status::open) open.push_back(std::move(s));
      else if (t.state == status::running) running.push_back(std::move(s));
      else if (t.state == status::finished && finished.size() < 20) finished.push_back(std::move(s));
    }
    reply({http::status::ok, {{"open", open}, {"running", running}, {"finished", finished}}});
  });
}

void service::detail(std::int64_t id, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), id, reply = std::move(reply)] {
    const auto* t = self->find(id);
    if (!t) return reply(no_such_tournament());
    reply({http::status::ok, self->whole(*t)});
  });
}

void service::join(identity who, std::int64_t id, reply_fn reply) {
  if (look_.accounts->is_bot_account(who.id)) return reply(bot_account_reply("a tournament"));
  net::post(strand_, [self = shared_from_this(), who, id, reply = std::move(reply)] {
    const auto change = [self, who](tournament& t) -> std::optional<api_reply> {
      if (t.state != status::open) return conflict("entries_closed", "this tournament takes no more entries");
      if (t.entry_of(who.id)) return conflict("already_entered", "you are entered already");
      if (static_cast<int>(t.entries.size()) >= t.max_players) {
        return conflict("tournament_full", "this tournament is full");
      }
      if (auto no = self->look_.refusal(limits_of(t), who)) return no;
      t.entries.push_back({who.id, self->look_.rating_of(who.id), self->look_.accounts->now(), 0, {}});
      // The last entry starts it at once here on the leader (its games follow: advance()), so
      // that the answer says so; elsewhere the leader starts it when it hears of the entry.
      const bool full = t.starts_at == 0 && static_cast<int>(t.entries.size()) >= t.max_players;
      if (full && self->look_.leads()) self->begin(t);
      return std::nullopt;
    };
    self->update(id, change, [self, id, reply](std::optional<api_reply> no, const std::string& e) {
      if (no) return reply(*no);
      if (!e.empty()) return reply(storage_reply(e, "the entry"));
      reply({http::status::ok, self->whole(*self->find(id))});
    });
  });
}

void service::withdraw(identity who, std::int64_t id, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, id, reply = std::move(reply)] {
    const auto change = [self, who](tournament& t) -> std::optional<api_reply> {
      if (t.state == status::finished || t.state == status::cancelled) {
        return conflict("tournament_over", "this tournament is over");
      }
      auto* e = t.entry_of(who.id);
      if (!e) return conflict("not_entered", "you are not entered");
      if (e->withdrawn_at != 0) return conflict("already_withdrawn", "you withdrew already");
      if (t.state == status::open) {
        std::erase_if(t.entries, [&](const entry& x) { return x.account == who.id; });
      } else {
        e->withdrawn_at = self->look_.accounts->now();
        e->why = "withdrew";
      }
      return std::nullopt;
    };
    self->update(id, change, [self, id, reply](std::optional<api_reply> no, const std::string& e) {
      if (no) return reply(*no);
      if (!e.empty()) return reply(storage_reply(e, "the withdrawal"));
      reply({http::status::ok, self->whole(*self->find(id))});
    });
  });
}

void service::cancel(identity who, std::int64_t id, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, id, reply = std::move(reply)] {
    const auto change = [self, who](tournament& t) -> std::optional<api_reply> {
      if (t.creator != who.id && !self->look_.accounts->is_operator(who.id)) {
        return api_error(http::status::forbidden, "not_creator", "only its creator may cancel a tournament");
      }
      if (t.state == status::running) return conflict("tournament_started", "a tournament that has started runs to its end");
      if (t.state != status::open) return conflict("tournament_over", "this tournament is over");
      t.state = status::cancelled;
      t.ended_at = self->look_.accounts->now();
      t.end_reason = "cancelled";
      return std::nullopt;
    };
    self->update(id, change, [self, id, reply](std::optional<api_reply> no, const std::string& e) {
      if (no) return reply(*no);
      if (!e.empty()) return reply(storage_reply(e, "the tournament"));
      reply({http::status::ok, self->whole(*self->find(id))});
    });
  });
}

void service::game_finished(const game_record& g) {
  if (!g.extra.is_object() || !g.extra.contains("tournament")) return;
  net::post(strand_, [self = shared_from_this(), id = g.extra.value("tournament", std::int64_t{0})] {
    // The lobby's record is the one counted (advance() reads it), as after a restart.
    if (self->look_.leads()) self->advance(id);
  });
}

bool service::count(tournament& t, const game_record& g) {
  const auto it = std::find_if(t.games.begin(), t.games.end(),
                               [&](const table_game& x) { return x.game == g.id && !x.finished; });
  if (it == t.games.end()) return false;
  const auto n = it->players.size();
  it->places.assign(n, static_cast<int>(n));
  it->forfeited.assign(n, false);
  for (const auto& r : g.result.value("ranking", nlohmann::json::array())) {
    const auto seat = r.value("player", -1);
    if (seat >= 0 && static_cast<std::size_t>(seat) < n) it->places[std::size_t(seat)] = r.value("rank", int(n));
  }
  for (std::size_t i = 0; i < n && i < g.seats.size(); ++i) {
    if (g.seats[i].gone == persistence::departure::none) continue;
    // Leaving a seat forfeits the game; a player whose time ran out plays no further round.
    it->forfeited[i] = true;
    auto* e = t.entry_of(it->players[i]);
    if (g.seats[i].gone == persistence::departure::timed_out && e && e->withdrawn_at == 0) {
      e->withdrawn_at = g.seats[i].gone_at ? g.seats[i].gone_at : look_.accounts->now();
      e->why = "timeout";
    }
  }
  it->finished = true;
  return true;
}

void service::advance(std::int64_t id) {
  if (stopped_ || updates_.contains(id)) return;  // looked at again once that update is done
  const auto* held = find(id);
  if (!held) return;
  const auto now = look_.accounts->now();
  // Nothing to answer: once the update is stored, next_update() looks again.
  const auto unanswered = [](std::optional<api_reply>, const std::string&) {};
  if (held->state == status::open) {
    const bool full = held->starts_at == 0 && static_cast<int>(held->entries.size()) >= held->max_players;
    if (!full && (held->starts_at == 0 || now < held->starts_at)) return;
    return update(id, [self = shared_from_this(), now](tournament& t) -> std::optional<api_reply> {
      if (t.state != status::open) return api_reply{};
      if (static_cast<int>(t.entries.size()) >= t.min_players) {
        self->begin(t);
      } else {
        t.state = status::cancelled;
        t.ended_at = now;
        t.end_reason = "too_few_at_start";
      }
      return std::nullopt;
    }, unanswered);
  }
  if (held->state != status::running) return;
  // The round's games that ended, counted.
  for (const auto& g : held->games) {
    if (g.round != held->round || g.finished || g.game == 0) continue;
    const auto* record = look_.game(g.game);
    if (!record || record->status != game_status::finished) continue;
    return update(id, [self = shared_from_this(), game = *record](tournament& t) -> std::optional<api_reply> {
      if (!self->count(t, game)) return api_reply{};
      return std::nullopt;
    }, unanswered);
  }
  // The round's games not made yet (or made by a leader that stopped before noting them).
  const bool unmade = std::any_of(held->games.begin(), held->games.end(), [&](const table_game& g) {
    return g.round == held->round && g.game == 0 && !g.finished;
  });
  if (unmade) return make_games(*held);
  const bool waiting = std::any_of(held->games.begin(), held->games.end(),
                                   [&](const table_game& g) { return g.round == held->round && !g.finished; });
  if (waiting) return;
  update(id, [self = shared_from_this(), round = held->round, now](tournament& t) -> std::optional<api_reply> {
    if (t.state != status::running || t.round != round) return api_reply{};
    if (t.round >= t.rounds) {
      t.state = status::finished;
      t.ended_at = now;
    } else {
      self->begin_round(t, t.round + 1);
    }
    return std::nullopt;
  }, unanswered);
}

void service::make_games(const tournament& t) {
  const auto tc = clocks::parse_time_control(t.time_control);
  std::random_device entropy;
  for (const auto& table : t.games) {
    if (table.round != t.round || table.game != 0 || table.finished) continue;
    const auto key = std::make_tuple(t.id, table.round, table.players);
    if (making_.contains(key)) continue;
    making_.insert(key);
    const auto note = [self = shared_from_this(), key](std::int64_t game) {
      const auto id = std::get<0>(key);
      const auto round = std::get<1>(key);
      const auto players = std::get<2>(key);
      self->update(id, [round, players, game](tournament& t) -> std::optional<api_reply> {
        const auto it = std::find_if(t.games.begin(), t.games.end(), [&](const table_game& x) {
          return x.round == round && x.players == players && x.game == 0;
        });
        if (it == t.games.end()) return api_reply{};
        it->game = game;
        return std::nullopt;
      }, [self, key](std::optional<api_reply>, const std::string&) { self->making_.erase(key); });
    };
    if (const auto* made = look_.made_game(t.id, table.round, table.players)) {
      note(made->id);
      continue;
    }
    game_record g;
    g.options.players = static_cast<int>(table.players.size());
    g.options.rules = t.ruleset == "original" ? engine::ruleset::original : engine::ruleset::yucata;
    g.creator = table.players[0];
    g.seats.resize(table.players.size());
    for (std::size_t i = 0; i < table.players.size(); ++i) g.seats[i].account_id = table.players[i];
    g.clock = clocks::new_record_clock(std::get<clocks::time_control>(tc), table.players.size());
    g.extra = {{"tournament", t.id}, {"tournament_round", table.round}, {"tournament_name", t.name}};
    if (t.rated) g.extra["rated"] = true;
    const std::uint64_t seed = (std::uint64_t(entropy()) << 32) ^ entropy();
    look_.add_game(std::move(g), seed, [self = shared_from_this(), key, note](const std::string& e,
                                                                              nlohmann::json summary) {
      if (!e.empty()) {
        // Not made (the store failed): the next look (within a second) tries again.
        spdlog::error("tournaments: a game of tournament {} round {} could not be made ({})", std::get<0>(key),
                      std::get<1>(key), e);
        self->making_.erase(key);
        return;
      }
      note(summary.value("id", std::int64_t{0}));
    });
  }
}

void service::begin(tournament& t) {
  t.state = status::running;
  t.started_at = look_.accounts->now();
  if (t.format == tournament_format::round_robin) {
    std::vector<player_id> ids;
    for (const auto& e : t.entries) ids.push_back(e.account);
    std::sort(ids.begin(), ids.end());
    // The tournament's id draws the players into the schedule: not chosen by anyone.
    t.schedule = round_robin(ids, t.table_size, static_cast<std::uint64_t>(t.id)).rounds;
    t.rounds = static_cast<int>(t.schedule.size());
  }
  begin_round(t, 1);
}

// The round's tables (games made after it is stored: advance()) and byes, or the end when too
// few are left to play.
void service::begin_round(tournament& t, int round) {
  t.round = round;
  const auto active = t.active();
  if (static_cast<int>(active.size()) < t.table_size) {
    t.state = status::finished;
    t.ended_at = look_.accounts->now();
    t.end_reason = "too_few_left";
    return;
  }
  round_plan plan;
  if (t.format == tournament_format::swiss) {
    const auto rows = standings(t.format, entrants_of(t), t.outcomes(), t.byes);
    std::vector<swiss_player> players;
    for (const auto& r : rows) {
      if (!r.withdrawn) players.push_back({r.id, r.points, r.rating});
    }
    plan = pair_swiss(players, history_of(t.outcomes(), t.byes), t.table_size).plan;
  } else {
    // The schedule without those who left: a table with one player left is his bye.
    const auto in = [&](player_id p) { return std::find(active.begin(), active.end(), p) != active.end(); };
    for (const auto& table : t.schedule[static_cast<std::size_t>(round - 1)].tables) {
      std::vector<player_id> left;
      std::copy_if(table.begin(), table.end(), std::back_inserter(left), in);
      if (left.size() >= 2) plan.tables.push_back(left);
      if (left.size() == 1) plan.byes.push_back(left[0]);
    }
    for (const auto p : t.schedule[static_cast<std::size_t>(round - 1)].byes) {
      if (in(p)) plan.byes.push_back(p);
    }
  }
  for (const auto p : plan.byes) t.byes.push_back({round, p});
  for (const auto& table : plan.tables) t.games.push_back({round, 0, table, false, {}, {}});
}

nlohmann::json service::summary(const tournament& t) const {
  const auto opt = [](const auto& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); };
  return {{"id", t.id},
          {"name", t.name},
          {"creator", look_.accounts->name_of(t.creator)},
          {"format", t.format == tournament_format::swiss ? "swiss" : "round_robin"},
          {"players", t.table_size},
          {"rounds", t.rounds},
          {"round", t.round},
          {"status", status_name(t.state)},
          {"entries", t.entries.size()},
          {"max_players", t.max_players},
          {"min_players", t.min_players},
          {"starts_at", t.starts_at ? nlohmann::json(t.starts_at) : nlohmann::json(nullptr)},
          {"ruleset", t.ruleset},
          {"time_control", t.time_control},
          {"rated", t.rated},
          {"min_rating", opt(t.min_rating)},
          {"min_finished", opt(t.min_finished)},
          {"created_at", t.created_at},
          {"started_at", t.started_at ? nlohmann::json(t.started_at) : nlohmann::json(nullptr)},
          {"ended_at", t.ended_at ? nlohmann::json(t.ended_at) : nlohmann::json(nullptr)},
          {"end_reason", t.end_reason.empty() ? nlohmann::json(nullptr) : nlohmann::json(t.end_reason)}};
}

nlohmann::json service::whole(const tournament& t) const {
  auto out = summary(t);
  const auto name = [this](std::int64_t id) { return look_.accounts->name_of(id); };
  auto entries = nlohmann::json::array();
  for (const auto& e : t.entries) {
    entries.push_back({{"player", name(e.account)},
                       {"rating", e.rating},
                       {"withdrawn", e.withdrawn_at != 0},
                       {"why", e.why.empty() ? nlohmann::json(nullptr) : nlohmann::json(e.why)}});
  }
  out["entrants"] = entries;
  auto rounds = nlohmann::json::array();
  for (int r = 1; r <= t.round; ++r) {
    auto games = nlohmann::json::array();
    for (const auto& g : t.games) {
      if (g.round != r) continue;
      auto players = nlohmann::json::array();
      for (const auto p : g.players) players.push_back(name(p));
      nlohmann::json game{{"game", g.game ? nlohmann::json(g.game) : nlohmann::json(nullptr)},
                          {"players", players},
                          {"finished", g.finished}};
      if (g.finished) {
        game_outcome o{g.round, {}};
        for (std::size_t i = 0; i < g.players.size(); ++i) o.seats.push_back({g.players[i], g.places[i], static_cast<bool>(g.forfeited[i])});
        auto points = nlohmann::json::array();
        for (const auto& p : game_points(o)) points.push_back(p.to_double());
        game["places"] = effective_places(o);
        game["forfeited"] = g.forfeited;
        game["points"] = points;
      }
      games.push_back(std::move(game));
    }
    auto byes = nlohmann::json::array();
    for (const auto& b : t.byes) {
      if (b.round == r) byes.push_back(name(b.player));
    }
    rounds.push_back({{"round", r}, {"games", games}, {"byes", byes}});
  }
  out["rounds_played"] = rounds;
  auto table = nlohmann::json::array();
  std::vector<player_id> order;
  try {
    for (const auto& row : standings(t.format, entrants_of(t), t.outcomes(), t.byes)) {
      order.push_back(row.id);
      table.push_back({{"rank", row.rank},
                       {"shared_rank", row.shared_rank},
                       {"player", name(row.id)},
                       {"rating", row.rating},
                       {"withdrawn", row.withdrawn},
                       {"points", row.points_shown},
                       {"points_exact", row.points.to_string()},
                       {"games", row.games_played},
                       {"byes", row.byes},
                       {"wins", row.wins},
                       {"buchholz", row.buchholz.to_double()},
                       {"sonneborn_berger", row.sonneborn_berger.to_double()},
                       {"head_to_head", row.head_to_head.to_double()}});
    }
    const auto cross = cross_table(order, t.outcomes());
    auto cells = nlohmann::json::array();
    for (const auto& row : cross.cells) {
      auto line = nlohmann::json::array();
      for (const auto& cell : row) {
        auto meetings = nlohmann::json::array();
        for (const auto& m : cell) meetings.push_back({{"round", m.round}, {"points", m.points.to_double()}});
        line.push_back(meetings);
      }
      cells.push_back(line);
    }
    auto names = nlohmann::json::array();
    for (const auto p : order) names.push_back(name(p));
    out["crosstable"] = {{"players", names}, {"cells", cells}};
  } catch (const std::exception& e) {
    spdlog::error("tournaments: the standings of tournament {} cannot be made: {}", t.id, e.what());
    out["crosstable"] = nullptr;
  }
  out["standings"] = table;
  return out;
}

}  // namespace loyang::server::tournaments
