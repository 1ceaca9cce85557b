#include "lobby.hpp"

#include <boost/asio/post.hpp>
#include <sodium.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>

#include "loyang/protocol/error_envelope.hpp"
#include "loyang/protocol/options_json.hpp"

namespace loyang::server {
namespace {

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

api_reply error(http::status status, std::string_view code, std::string_view message) {
  return {status, protocol::error_envelope(code, message)};
}

bool valid_name(const std::string& name) {
  if (name.size() < 3 || name.size() > 24) return false;
  return std::all_of(name.begin(), name.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '_' || c == '-' || c == '.';
  });
}

constexpr std::size_t min_password = 8;
constexpr std::size_t max_password = 256;

std::optional<api_reply> check_credentials(const std::string& name, const std::string& password) {
  if (!valid_name(name)) {
    return error(http::status::bad_request, "bad_name",
                 "a name has 3 to 24 letters, digits, '_', '-' or '.'");
  }
  if (password.size() < min_password || password.size() > max_password) {
    return error(http::status::bad_request, "bad_password",
                 "a password has 8 to 256 characters");
  }
  return std::nullopt;
}

std::uint64_t random_seed() {
  std::uint64_t seed = 0;
  randombytes_buf(&seed, sizeof seed);
  return seed;
}

}  // namespace

lobby::lobby(net::io_context& ioc, storage& store, std::shared_ptr<metrics> stats, limits lim)
    : ioc_(ioc),
      strand_(net::make_strand(ioc)),
      store_(store),
      stats_(std::move(stats)),
      limits_(lim),
      sweep_timer_(strand_) {}

lobby::~lobby() { workers_.join(); }

void lobby::start() {
  auto catalog = store_.load_catalog();
  for (auto& a : catalog.accounts) {
    next_account_ = std::max(next_account_, a.id + 1);
    account_names_[a.id] = a.name;
    accounts_by_name_[a.name] = std::move(a);
  }
  for (auto& [hash, account] : catalog.tokens) tokens_[hash] = account;
  for (auto& g : catalog.games) {
    next_game_ = std::max(next_game_, g.id + 1);
    const auto id = g.id;
    games_[id] = std::move(g);
  }
  spdlog::info("lobby: {} accounts, {} games", accounts_by_name_.size(), games_.size());
  // Games with a bot to move must go on by themselves after a restart.
  net::post(strand_, [self = shared_from_this()] {
    for (const auto& [id, g] : self->games_) {
      if (g.status != game_status::active) continue;
      // An init-capture: clang 14 cannot capture a structured binding (the fuzz build).
      const bool bot_due = std::any_of(g.to_act.begin(), g.to_act.end(), [&seats = g.seats](auto p) {
        return p >= 0 && std::size_t(p) < seats.size() && seats[std::size_t(p)].bot;
      });
      if (bot_due) self->open_room(std::nullopt, id, true, [](room_grant) {});
    }
  });
  sweep();
}

void lobby::stop() {
  net::post(strand_, [self = shared_from_this()] {
    self->stopped_ = true;  // a sweep already queued must not arm the timer again
    self->sweep_timer_.cancel();
    self->pinned_.clear();
  });
  workers_.join();
}

void lobby::sweep() {
  if (stopped_) return;
  // Never a zero period: a timer that expires at once would spin.
  const auto period = std::max(std::chrono::milliseconds(100),
                               std::chrono::duration_cast<std::chrono::milliseconds>(limits_.evict_after) / 2);
  sweep_timer_.expires_after(period);
  sweep_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec || self->stopped_) return;
    for (auto& [id, pin] : self->pinned_) {
      pin.first->when_idle([self, id = id](bool idle) {
        net::post(self->strand_, [self, id, idle] {
          auto it = self->pinned_.find(id);
          if (it == self->pinned_.end()) return;
          it->second.second = idle ? it->second.second + 1 : 0;
          // Idle for two sweeps in a row: let it go. Watchers still holding it keep it alive,
          // and rooms_ finds it again while they do.
          if (it->second.second >= 2) self->pinned_.erase(it);
        });
      });
    }
    self->sweep();
  });
}

// ---- accounts ---------------------------------------------------------------------------

void lobby::create_account(std::string name, std::string password, reply_fn reply) {
  if (auto bad = check_credentials(name, password)) return reply(std::move(*bad));
  net::post(workers_, [self = shared_from_this(), name = std::move(name),
                       password = std::move(password), reply = std::move(reply)]() mutable {
    auto hash = hash_password(password, self->limits_.cost);
    net::post(self->strand_, [self, name = std::move(name), hash = std::move(hash),
                              reply = std::move(reply)]() mutable {
      if (self->accounts_by_name_.count(name)) {
        return reply(error(http::status::conflict, "name_taken", "that name is taken"));
      }
      account_record a{self->next_account_++, name, std::move(hash), unix_now()};
      self->accounts_by_name_[name] = a;
      self->account_names_[a.id] = name;
      self->store_.save_account(a, [self, a, reply = std::move(reply)](const std::string& e) {
        if (e.empty()) {
          return reply({http::status::created, {{"id", a.id}, {"name", a.name}}});
        }
        net::post(self->strand_, [self, a] {
          self->accounts_by_name_.erase(a.name);
          self->account_names_.erase(a.id);
        });
        reply(error(http::status::service_unavailable, e, "the account could not be stored"));
      });
    });
  });
}

void lobby::login(std::string name, std::string password, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), name = std::move(name),
                      password = std::move(password), reply = std::move(reply)]() mutable {
    const auto it = self->accounts_by_name_.find(name);
    // Hash even for an unknown name, so timing does not tell which names exist.
    std::string hash = it == self->accounts_by_name_.end() ? std::string() : it->second.password_hash;
    const std::int64_t id = it == self->accounts_by_name_.end() ? 0 : it->second.id;
    net::post(self->workers_, [self, id, name = std::move(name), password = std::move(password),
                               hash = std::move(hash), reply = std::move(reply)]() mutable {
      const bool ok = id != 0 ? verify_password(password, hash)
                              : (hash_password(password, self->limits_.cost), false);
      if (!ok) {
        return reply(error(http::status::unauthorized, "bad_credentials",
                           "wrong name or password"));
      }
      auto token = new_token();
      const auto stored = token_hash(token);
      net::post(self->strand_, [self, id, name, token, stored, reply = std::move(reply)] {
        self->tokens_[stored] = id;
        self->store_.save_token(stored, id, unix_now(),
                                [self, id, name, token, stored, reply](const std::string& e) {
          if (e.empty()) {
            return reply({http::status::created,
                          {{"token", token}, {"account", {{"id", id}, {"name", name}}}}});
          }
          net::post(self->strand_, [self, stored] { self->tokens_.erase(stored); });
          reply(error(http::status::service_unavailable, e, "the login could not be stored"));
        });
      });
    });
  });
}

void lobby::logout(std::string token, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), token = std::move(token),
                      reply = std::move(reply)] {
    const auto hash = token_hash(token);
    if (!self->tokens_.erase(hash)) {
      return reply(error(http::status::unauthorized, "bad_token", "not logged in"));
    }
    self->store_.revoke_token(hash, [reply](const std::string& e) {
      if (e.empty()) return reply({http::status::ok, {{"ok", true}}});
      reply(error(http::status::service_unavailable, e, "the logout could not be stored"));
    });
  });
}

void lobby::authenticate(std::string token, std::function<void(std::optional<identity>)> answer) {
  net::post(strand_, [self = shared_from_this(), token = std::move(token),
                      answer = std::move(answer)] {
    const auto it = self->tokens_.find(token_hash(token));
    if (it == self->tokens_.end()) return answer(std::nullopt);
    answer(identity{it->second, self->account_names_[it->second]});
  });
}

// ---- games ------------------------------------------------------------------------------

nlohmann::json lobby::summary(const game_record& g) const {
  auto seats = nlohmann::json::array();
  for (std::size_t i = 0; i < g.seats.size(); ++i) {
    const auto& s = g.seats[i];
    nlohmann::json player = nullptr;
    if (s.account_id != 0) {
      const auto it = account_names_.find(s.account_id);
      player = it == account_names_.end() ? "" : it->second;
    }
    seats.push_back({{"seat", i}, {"player", player}, {"bot", s.bot}});
  }
  nlohmann::json j{{"id", g.id},
                   {"options", protocol::options_to_json(g.options)},
                   {"status", status_name(g.status)},
                   {"seats", seats},
                   {"invited", g.invited},
                   {"created_at", g.created_at},
                   {"updated_at", g.updated_at},
                   {"version", g.version},
                   {"to_act", g.to_act},
                   {"waiting_since", g.waiting_since}};
  j["result"] = g.result.is_null() ? nlohmann::json(nullptr) : g.result;
  return j;
}

void lobby::persist_game(const game_record& g, reply_fn reply, api_reply ok) {
  store_.save_game(g, [reply = std::move(reply), ok = std::move(ok)](const std::string& e) {
    if (e.empty()) return reply(ok);
    reply(error(http::status::service_unavailable, e, "the game could not be stored"));
  });
}

void lobby::create_game(identity who, nlohmann::json body, reply_fn reply) {
  if (!body.is_object()) {
    return reply(error(http::status::bad_request, "bad_request", "the body must be a JSON object"));
  }
  nlohmann::json opts = nlohmann::json::object();
  std::vector<std::string> invited;
  int bots = 0;
  for (auto& [key, value] : body.items()) {
    if (key == "players" || key == "ruleset" || key == "introductory") {
      opts[key] = value;
    } else if (key == "invite") {
      if (!value.is_array() || value.size() > 3) {
        return reply(error(http::status::bad_request, "bad_request",
                           "\"invite\" must be a list of at most 3 names"));
      }
      for (const auto& n : value) {
        if (!n.is_string()) {
          return reply(error(http::status::bad_request, "bad_request", "invited names are strings"));
        }
        invited.push_back(n.get<std::string>());
      }
    } else if (key == "bots") {
      if (!value.is_number_integer() || value.get<int>() < 0 || value.get<int>() > 3) {
        return reply(error(http::status::bad_request, "bad_request",
                           "\"bots\" must be a number from 0 to 3"));
      }
      bots = value.get<int>();
    } else {
      return reply(error(http::status::bad_request, "bad_request", "unknown field \"" + key + "\""));
    }
  }
  auto parsed = protocol::parse_options(opts);
  if (!parsed) return reply(error(http::status::bad_request, parsed.error().code, parsed.error().message));
  const auto options = parsed.value();
  if (bots >= options.players) {
    return reply(error(http::status::bad_request, "bad_request",
                       "at least one seat must be left for a person"));
  }
  net::post(strand_, [self = shared_from_this(), who, options, invited = std::move(invited), bots,
                      reply = std::move(reply)]() mutable {
    for (const auto& n : invited) {
      if (!self->accounts_by_name_.count(n)) {
        return reply(error(http::status::bad_request, "unknown_player", "no player is called " + n));
      }
    }
    game_record g;
    g.id = self->next_game_++;
    g.options = options;
    g.creator = who.id;
    g.invited = std::move(invited);
    g.seats.resize(options.players);
    g.seats[0].account_id = who.id;
    for (int i = 0; i < bots; ++i) g.seats[g.seats.size() - 1 - i].bot = true;
    g.created_at = g.updated_at = g.waiting_since = unix_now();
    auto& stored = self->games_[g.id] = std::move(g);
    if (std::all_of(stored.seats.begin(), stored.seats.end(), [](auto& s) { return s.taken(); })) {
      self->start_game(stored);
    }
    self->store_.save_game(stored, [self, id = stored.id, ok = api_reply{http::status::created,
                                                                       self->summary(stored)},
                                    reply = std::move(reply)](const std::string& e) {
      net::post(self->strand_, [self, id, ok, reply, e] {
        if (e.empty()) {
          self->start_room(id);
          return reply(ok);
        }
        self->games_.erase(id);
        self->rooms_.erase(id);
        self->pinned_.erase(id);
        reply(error(http::status::service_unavailable, e, "the game could not be stored"));
      });
    });
  });
}

void lobby::list_open(identity who, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, reply = std::move(reply)] {
    auto out = nlohmann::json::array();
    for (const auto& [id, g] : self->games_) {
      if (g.status != game_status::open) continue;
      if (!g.invited.empty() && g.creator != who.id &&
          std::find(g.invited.begin(), g.invited.end(), who.name) == g.invited.end()) {
        continue;
      }
      out.push_back(self->summary(g));
    }
    reply({http::status::ok, {{"games", out}}});
  });
}

void lobby::game_summary(std::int64_t game, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), game, reply = std::move(reply)] {
    const auto it = self->games_.find(game);
    if (it == self->games_.end()) {
      return reply(error(http::status::not_found, "no_such_game", "there is no such game"));
    }
    reply({http::status::ok, self->summary(it->second)});
  });
}

void lobby::join(identity who, std::int64_t game, nlohmann::json body, reply_fn reply) {
  std::optional<std::size_t> wanted;
  if (body.is_object() && body.contains("seat")) {
    if (!body["seat"].is_number_unsigned()) {
      return reply(error(http::status::bad_request, "bad_request", "\"seat\" must be a seat number"));
    }
    wanted = body["seat"].get<std::size_t>();
  }
  net::post(strand_, [self = shared_from_this(), who, game, wanted, reply = std::move(reply)] {
    const auto it = self->games_.find(game);
    if (it == self->games_.end()) {
      return reply(error(http::status::not_found, "no_such_game", "there is no such game"));
    }
    auto& g = it->second;
    if (g.status != game_status::open) {
      return reply(error(http::status::conflict, "not_open", "this game is not open for players"));
    }
    if (!g.invited.empty() && g.creator != who.id &&
        std::find(g.invited.begin(), g.invited.end(), who.name) == g.invited.end()) {
      return reply(error(http::status::forbidden, "not_invited", "this game is by invitation"));
    }
    if (std::any_of(g.seats.begin(), g.seats.end(), [&](auto& s) { return s.account_id == who.id; })) {
      return reply(error(http::status::conflict, "already_seated", "you already sit at this game"));
    }
    std::size_t seat = g.seats.size();
    if (wanted) {
      if (*wanted >= g.seats.size() || g.seats[*wanted].taken()) {
        return reply(error(http::status::conflict, "seat_taken", "that seat is not free"));
      }
      seat = *wanted;
    } else {
      for (std::size_t i = 0; i < g.seats.size() && seat == g.seats.size(); ++i) {
        if (!g.seats[i].taken()) seat = i;
      }
    }
    const game_record before = g;
    g.seats[seat].account_id = who.id;
    g.updated_at = unix_now();
    if (std::all_of(g.seats.begin(), g.seats.end(), [](auto& s) { return s.taken(); })) {
      self->start_game(g);
    }
    self->store_.save_game(g, [self, game, before, reply](const std::string& e) {
      net::post(self->strand_, [self, game, before, reply, e] {
        auto& g = self->games_[game];
        if (e.empty()) {
          self->start_room(game);
          return reply({http::status::ok, self->summary(g)});
        }
        g = before;  // not stored: not joined
        self->rooms_.erase(game);
        self->pinned_.erase(game);
        reply(error(http::status::service_unavailable, e, "the seat could not be stored"));
      });
    });
  });
}

void lobby::leave(identity who, std::int64_t game, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, game, reply = std::move(reply)] {
    const auto it = self->games_.find(game);
    if (it == self->games_.end()) {
      return reply(error(http::status::not_found, "no_such_game", "there is no such game"));
    }
    auto& g = it->second;
    auto seat = std::find_if(g.seats.begin(), g.seats.end(),
                             [&](auto& s) { return s.account_id == who.id; });
    if (seat == g.seats.end()) {
      return reply(error(http::status::conflict, "not_seated", "you do not sit at this game"));
    }
    if (g.status != game_status::open) {
      return reply(error(http::status::conflict, "already_started",
                         "a game cannot be left once it has started"));
    }
    seat->account_id = 0;
    g.updated_at = unix_now();
    if (std::none_of(g.seats.begin(), g.seats.end(), [](auto& s) { return s.account_id != 0; })) {
      g.status = game_status::cancelled;
    }
    self->persist_game(g, reply, {http::status::ok, self->summary(g)});
  });
}

void lobby::my_games(identity who, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, reply = std::move(reply)] {
    struct entry {
      bool my_turn;
      const game_record* g;
    };
    std::vector<entry> mine;
    for (const auto& [id, g] : self->games_) {
      for (std::size_t i = 0; i < g.seats.size(); ++i) {
        if (g.seats[i].account_id != who.id || g.status == game_status::cancelled) continue;
        const bool turn = g.status == game_status::active &&
                          std::find(g.to_act.begin(), g.to_act.end(), i) != g.to_act.end();
        mine.push_back({turn, &g});
        break;
      }
    }
    // Yucata's order: the games waiting for me first, the longest-waiting first; then the
    // rest, the most recently changed first.
    std::stable_sort(mine.begin(), mine.end(), [](const entry& a, const entry& b) {
      if (a.my_turn != b.my_turn) return a.my_turn;
      if (a.my_turn) return a.g->waiting_since < b.g->waiting_since;
      return a.g->updated_at > b.g->updated_at;
    });
    auto out = nlohmann::json::array();
    for (const auto& e : mine) {
      auto j = self->summary(*e.g);
      j["your_turn"] = e.my_turn;
      out.push_back(std::move(j));
    }
    reply({http::status::ok, {{"games", out}}});
  });
}

void lobby::start_game(game_record& g) {
  g.status = game_status::active;
  g.seed = random_seed();
  loaded_game fresh{engine::new_game(g.options, g.seed), {}};
  g.to_act = engine::to_act(fresh.state);
  g.waiting_since = g.updated_at;
  // Bots start once the game row is stored (start_room): their commands need it.
  make_room(g, std::move(fresh));
}

void lobby::start_room(std::int64_t game) {
  if (auto r = rooms_[game].lock()) r->start();
}

std::shared_ptr<room> lobby::make_room(const game_record& g, loaded_game loaded) {
  // Weak: the lobby holds its rooms (pinned_), so a room holding the lobby would keep both
  // alive forever when a room is pinned after stop() (a request still in flight at shutdown).
  std::weak_ptr<lobby> weak = shared_from_this();
  room::services svc{store_, stats_,
                     [weak](const game_record& rec) {
                       if (auto self = weak.lock()) {
                         net::post(self->strand_, [self, rec] { self->on_progress(rec); });
                       }
                     },
                     [] { return unix_now(); }};
  auto r = std::make_shared<room>(ioc_.get_executor(), g, std::move(loaded), std::move(svc));
  rooms_[g.id] = r;
  pinned_[g.id] = {r, 0};
  return r;
}

void lobby::on_progress(const game_record& g) {
  auto it = games_.find(g.id);
  if (it == games_.end()) return;
  it->second = g;
  if (auto p = pinned_.find(g.id); p != pinned_.end()) p->second.second = 0;
}

// ---- connections and rooms --------------------------------------------------------------

void lobby::add_connection(std::int64_t account, std::function<void(bool)> answer) {
  net::post(strand_, [self = shared_from_this(), account, answer = std::move(answer)] {
    auto& n = self->connections_[account];
    if (n >= self->limits_.max_connections_per_account) return answer(false);
    ++n;
    answer(true);
  });
}

void lobby::remove_connection(std::int64_t account) {
  net::post(strand_, [self = shared_from_this(), account] {
    if (--self->connections_[account] <= 0) self->connections_.erase(account);
  });
}

void lobby::open_room(std::optional<identity> who, std::int64_t game, bool spectator,
                      std::function<void(room_grant)> answer) {
  net::post(strand_, [self = shared_from_this(), who, game, spectator,
                      answer = std::move(answer)]() mutable {
    const auto it = self->games_.find(game);
    if (it == self->games_.end()) {
      return answer({nullptr, engine::no_player, "no_such_game", "there is no such game"});
    }
    const auto& g = it->second;
    if (g.status == game_status::open || g.status == game_status::cancelled) {
      return answer({nullptr, engine::no_player, "not_started", "this game has not started"});
    }
    engine::player_id seat = engine::no_player;
    if (!spectator) {
      for (std::size_t i = 0; who && i < g.seats.size(); ++i) {
        if (g.seats[i].account_id == who->id) seat = engine::player_id(i);
      }
      if (seat == engine::no_player) {
        return answer({nullptr, engine::no_player, "not_your_seat",
                       "you do not sit at this game; subscribe as a spectator"});
      }
    }
    if (auto r = self->rooms_[game].lock()) {
      self->pinned_[game] = {r, 0};
      return answer({r, seat, {}, {}});
    }
    auto& waiting = self->loading_[game];
    waiting.emplace_back(std::move(answer), seat);
    if (waiting.size() > 1) return;  // already loading
    net::post(self->workers_, [self, record = g] {
      std::shared_ptr<room> r;
      std::string failure;
      try {
        auto loaded = self->store_.load_game(record);
        net::post(self->strand_, [self, record, loaded = std::move(loaded)]() mutable {
          auto r = self->make_room(record, std::move(loaded));
          r->start();
          self->on_loaded(record.id, r, {});
        });
        return;
      } catch (const std::exception& e) {
        failure = e.what();
      }
      spdlog::error("game {} cannot be loaded: {}", record.id, failure);
      net::post(self->strand_, [self, id = record.id, failure] { self->on_loaded(id, nullptr, failure); });
    });
  });
}

void lobby::on_loaded(std::int64_t game, std::shared_ptr<room> r, std::string error) {
  auto waiting = std::move(loading_[game]);
  loading_.erase(game);
  for (auto& [answer, seat] : waiting) {
    if (r) {
      answer({r, seat, {}, {}});
    } else {
      answer({nullptr, engine::no_player, "game_unavailable",
              "this game cannot be loaded (" + error + ")"});
    }
  }
}

}  // namespace loyang::server
