#include "accounts.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>

#include "../logs/format.hpp"
#include "loyang/protocol/error_envelope.hpp"

namespace loyang::server {
namespace {

api_reply error(http::status status, std::string_view code, std::string_view message,
                std::int64_t retry_after = 0) {
  api_reply r{status, protocol::error_envelope(code, message)};
  r.retry_after = retry_after;
  return r;
}

api_reply throttled(std::int64_t wait) {
  return error(http::status::too_many_requests, "too_many_attempts",
               "too many attempts; try again in " + std::to_string(wait) + " s", wait);
}

api_reply uncounted() {
  return error(http::status::service_unavailable, "storage_failed", "attempts cannot be counted now; try again", 1);
}

api_reply busy() {
  return error(http::status::service_unavailable, "server_busy",
               "too many logins at once; try again in a moment", 1);
}

bool valid_name(const std::string& name) {
  if (name.size() < 3 || name.size() > 24) return false;
  return std::all_of(name.begin(), name.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '_' || c == '-' || c == '.';
  });
}

constexpr std::size_t min_password = 8;
constexpr std::size_t max_password = 256;

std::optional<api_reply> check_password(const std::string& password) {
  if (password.size() < min_password || password.size() > max_password) {
    return error(http::status::bad_request, "bad_password", "a password has 8 to 256 characters");
  }
  return std::nullopt;
}

// Logins: one address on one account gets 5 tries, then waits 1 s, 2 s, 4 s ... up to 15 min;
// one address on many accounts gets 20; an account from everywhere gets 20 and then waits at
// most 30 s (addresses that logged into it before skip this): a botnet slows it down, but
// cannot lock its owner out.
constexpr throttle::rule pair_rule{5, 1, 900, 900};
constexpr throttle::rule address_rule{20, 1, 900, 900};
constexpr throttle::rule account_rule{20, 1, 30, 300};

// Between two stored last uses of a token (at most): idle expiry needs no finer grain.
constexpr std::int64_t touch_every_most = 3600;

}  // namespace

accounts::accounts(net::io_context& ioc, storage& store, std::shared_ptr<metrics> stats, policy p)
    : store_(store),
      stats_(std::move(stats)),
      policy_(std::move(p)),
      strand_(net::make_strand(ioc)),
      sweep_timer_(strand_),
      by_pair_(pair_rule, 1),
      by_address_(address_rule, 1),
      by_account_(account_rule, 1),
      signups_(policy_.signups_per_hour, 3600, 1),
      lookups_(unknown_lookups_per_second, 1, 1),
      counters_(store_.shared() ? database_counters(store_) : memory_counters(4 * policy_.throttle_capacity)) {}

accounts::~accounts() { hashers_.join(); }

std::int64_t accounts::now() const {
  if (policy_.now) return policy_.now();
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::string accounts::fold(const std::string& name) const {
  // Names are ASCII (valid_name), so this folds exactly as SQLite's NOCASE index does.
  std::string out = name;
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

void accounts::start(std::vector<account_record> all, std::vector<persistence::token_record> tokens) {
  {
    std::lock_guard lock(mutex_);
    for (auto& a : all) {
      ids_.start_after(a.id);
      names_[a.id] = a.name;
      by_name_[fold(a.name)] = std::move(a);
    }
    for (auto& t : tokens) {
      tokens_[t.hash] = {t.account, t.created_at, t.last_used_at, t.last_used_at, {}};
    }
  }
  spdlog::info("accounts: {} accounts, {} logins", all.size(), tokens.size());
  sweep();
}

void accounts::merge(std::int64_t id, const std::vector<account_record>& all,
                     const std::vector<persistence::token_record>& live) {
  holder_list ended;
  {
    std::lock_guard lock(mutex_);
    for (const auto& a : all) {
      if (a.id != id) continue;
      ids_.start_after(a.id);
      names_[a.id] = a.name;
      by_name_[fold(a.name)] = a;
    }
    std::vector<std::string> gone;
    for (const auto& entry : tokens_) {
      if (entry.second.account != id) continue;
      const auto& hash = entry.first;
      const bool still = std::any_of(live.begin(), live.end(), [&hash](const auto& l) { return l.hash == hash; });
      if (!still) gone.push_back(hash);
    }
    for (const auto& hash : gone) {
      auto h = forget_token(hash, "ended on another node");
      ended.insert(ended.end(), h.begin(), h.end());
    }
    for (const auto& t : live) {
      if (t.account != id) continue;
      auto& known = tokens_[t.hash];
      known.account = t.account;
      known.created_at = t.created_at;
      known.last_used_at = std::max(known.last_used_at, t.last_used_at);
      known.stored_used_at = std::max(known.stored_used_at, t.last_used_at);
    }
  }
  notify(ended);  // outside the lock: a holder's token_revoked() may call back
}

void accounts::catch_up(const std::string& name, const std::string& hash, bool limited) {
  if (!store_.shared()) return;
  {
    std::lock_guard lock(mutex_);
    if (name.empty() ? tokens_.count(hash) != 0 : by_name_.count(fold(name)) != 0) return;
    if (limited && lookups_.take("", now()) > 0) {
      ++stats_->account_lookups_skipped;
      return;
    }
  }
  try {
    const auto id = store_.find_account(name, hash);
    if (id == 0) return;
    const auto part = store_.load_catalog_part(0, id);
    merge(id, part.accounts, part.tokens);
  } catch (const std::exception& e) {
    spdlog::warn("accounts: the database could not be asked about an account: {}", e.what());
  }
}

std::optional<bool> accounts::still_stored(const std::string& hash) {
  {
    std::lock_guard lock(mutex_);
    if (tokens_.count(hash) == 0) return false;  // unknown here: catch_up asked already
  }
  std::int64_t id = 0;
  try {
    id = store_.find_account({}, hash);
  } catch (const std::exception& e) {
    spdlog::warn("accounts: a token could not be checked against the database: {}", e.what());
    return std::nullopt;
  }
  if (id != 0) return true;
  holder_list ended;
  {
    std::lock_guard lock(mutex_);
    ended = forget_token(hash, "revoked on another node");  // while this one was not listening
  }
  notify(ended);
  return false;
}

void accounts::stop() {
  {
    std::lock_guard lock(mutex_);
    stopped_ = true;
  }
  net::post(strand_, [self = shared_from_this()] { self->sweep_timer_.cancel(); });
  hashers_.join();
}

bool accounts::expired(const token_state& t, std::int64_t at) const {
  return at - t.created_at >= policy_.absolute_lifetime.count() ||
         at - t.last_used_at >= policy_.idle_lifetime.count();
}

accounts::token_state* accounts::live_token(const std::string& hash, std::int64_t at,
                                            holder_list& ended) {
  const auto it = tokens_.find(hash);
  if (it == tokens_.end()) return nullptr;
  if (expired(it->second, at)) {
    ended = forget_token(hash, "expired");
    store_.revoke_token(hash, [](const std::string&) {});
    return nullptr;
  }
  auto& t = it->second;
  t.last_used_at = std::max(t.last_used_at, at);
  // A quarter of the idle lifetime when that is shorter (tests), so a restart loses little.
  const auto touch_every = std::min(touch_every_most, policy_.idle_lifetime.count() / 4);
  if (at - t.stored_used_at >= touch_every) {
    t.stored_used_at = at;
    store_.touch_token(hash, at, [](const std::string&) {});
  }
  return &t;
}

accounts::holder_list accounts::forget_token(const std::string& hash, std::string_view why) {
  holder_list out;
  const auto it = tokens_.find(hash);
  if (it == tokens_.end()) return out;
  logs::event(spdlog::level::info, "accounts", "token revoked",
              {{"account", it->second.account}, {"why", why}, {"connections", std::int64_t(it->second.holders.size())}});
  for (auto& h : it->second.holders) out.push_back(std::move(h.second));
  tokens_.erase(it);
  return out;
}

void accounts::notify(const holder_list& holders) {
  for (const auto& h : holders) {
    if (auto live = h.lock()) live->token_revoked();
  }
}

namespace {

// The counters of one attempt: this address on this account, this address, this account.
std::vector<std::string> attempt_keys(const std::string& key, const std::string& address, bool with_account) {
  std::vector<std::string> out{"pair " + key + "|" + address, "address " + address};
  if (with_account) out.push_back("account " + key);
  return out;
}

}  // namespace

std::optional<std::int64_t> accounts::count_attempt(const std::string& key, const std::string& address,
                                                    bool with_account) {
  const auto at = now();
  std::int64_t wait = 0;
  try {
    counters_->update(attempt_keys(key, address, with_account), at, [&](std::vector<counter*>& c) {
      wait = std::max(by_pair_.wait(*c[0], at), by_address_.wait(*c[1], at));
      // Addresses that logged into the account before skip its own throttle.
      if (with_account && !c[0]->known) wait = std::max(wait, by_account_.wait(*c[2], at));
      if (wait > 0) return;
      // Counted as a failure now and taken back on success: guesses sent at once are
      // throttled as if they had come one after another.
      by_pair_.failure(*c[0], at);
      by_address_.failure(*c[1], at);
      if (with_account) by_account_.failure(*c[2], at);
    });
  } catch (const std::exception& e) {
    spdlog::warn("accounts: login attempts could not be counted: {}", e.what());
    return std::nullopt;
  }
  return wait;
}

void accounts::attempt_succeeded(const std::string& key, const std::string& address, bool with_account) {
  try {
    counters_->update(attempt_keys(key, address, with_account), now(), [](std::vector<counter*>& c) {
      throttle::success(*c[0]);
      throttle::retract(*c[1]);
      if (c.size() > 2) throttle::retract(*c[2]);
    });
  } catch (const std::exception& e) {
    spdlog::warn("accounts: a successful login could not be counted: {}", e.what());
  }
}

void accounts::withdraw_attempt(const std::string& key, const std::string& address, bool with_account) {
  try {
    counters_->update(attempt_keys(key, address, with_account), now(), [](std::vector<counter*>& c) {
      for (auto* one : c) throttle::retract(*one);
    });
  } catch (const std::exception& e) {
    spdlog::warn("accounts: a login attempt could not be taken back: {}", e.what());
  }
}

bool accounts::first_refusal(const std::string& key, std::int64_t wait) {
  const auto at = now();
  std::lock_guard lock(mutex_);
  auto& until = throttle_logged_[key];
  if (until > at) return false;
  until = at + wait;
  if (throttle_logged_.size() > 4096) std::erase_if(throttle_logged_, [at](const auto& e) { return e.second <= at; });
  return true;
}

std::optional<api_reply> accounts::begin_attempt(const std::string& key, const std::string& address,
                                                 bool with_account, const std::function<void()>& read) {
  const auto wait = count_attempt(key, address, with_account);
  if (!wait) return uncounted();
  if (*wait > 0) {
    ++stats_->logins_throttled;
    if (first_refusal(key + '\n' + address, *wait)) {  // once per name and address and wait: a flood is one line
      logs::event(spdlog::level::warn, "accounts", "attempts throttled",
                  {{"name", key}, {"client", address}, {"retry_after", *wait}});
    }
    return throttled(*wait);
  }
  std::unique_lock lock(mutex_);
  if (!reserve_hash()) {
    lock.unlock();
    withdraw_attempt(key, address, with_account);
    return busy();
  }
  read();
  return std::nullopt;
}

bool accounts::reserve_hash() {
  if (hashes_queued_ >= policy_.max_hash_queue) return false;
  ++hashes_queued_;
  return true;
}

void accounts::run_hash(std::function<void()> work) {
  net::post(hashers_, [self = shared_from_this(), work = std::move(work)] {
    ++self->stats_->password_hashes;
    work();
  });
}

void accounts::sweep() {
  std::chrono::seconds period{60};
  holder_list ended;
  {
    std::lock_guard lock(mutex_);
    if (stopped_) return;
    const auto at = now();
    std::vector<std::string> gone;
    for (auto& [hash, t] : tokens_) {
      std::erase_if(t.holders, [](auto& h) { return h.second.expired(); });
      // A token with an open WebSocket is in use; only its absolute lifetime ends it.
      if (!t.holders.empty()) {
        t.last_used_at = std::max(t.last_used_at, at);
        // Durably too, or a restart would expire a token only a WebSocket used.
        if (at - t.stored_used_at >= std::min(touch_every_most, policy_.idle_lifetime.count() / 4)) {
          t.stored_used_at = at;
          store_.touch_token(hash, at, [](const std::string&) {});
        }
      }
      if (expired(t, at)) gone.push_back(hash);
    }
    for (const auto& hash : gone) {
      auto h = forget_token(hash, "expired");
      ended.insert(ended.end(), h.begin(), h.end());
      store_.revoke_token(hash, [](const std::string&) {});
    }
    // Often enough that a short lifetime (tests) ends within about a second of its time.
    const auto shortest = std::min(policy_.idle_lifetime, policy_.absolute_lifetime);
    period = std::clamp(shortest / 100, std::chrono::seconds(1), std::chrono::seconds(60));
  }
  notify(ended);
  // A week unused: every throttle has forgiven its failures, every sign-up window ended.
  counters_->forget(now() - 7 * 24 * 3600);
  sweep_timer_.expires_after(period);
  sweep_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (!ec) self->sweep();
  });
}

// ---- accounts ---------------------------------------------------------------------------

void accounts::create_account(std::string name, std::string password, std::string address,
                              reply_fn reply, bool bot_account) {
  if (!valid_name(name)) {
    return reply(error(http::status::bad_request, "bad_name",
                       "a name has 3 to 24 letters, digits, '_', '-' or '.'"));
  }
  if (auto bad = check_password(password)) return reply(std::move(*bad));
  {
    std::lock_guard lock(mutex_);
    // Before the sign-up is counted or hashed: a taken name costs nothing.
    if (by_name_.count(fold(name)) || signing_up_.count(fold(name))) {
      return reply(error(http::status::conflict, "name_taken", "that name is taken"));
    }
  }
  std::int64_t wait = 0;
  try {
    // On several nodes in the database: every node counts every node's sign-ups.
    const auto at = now();
    counters_->update({"signup " + address}, at, [&](std::vector<counter*>& c) { wait = signups_.take(*c[0], at); });
  } catch (const std::exception& e) {
    spdlog::warn("accounts: the sign-ups of an address could not be counted: {}", e.what());
    return reply(error(http::status::service_unavailable, "storage_failed", "sign-ups cannot be counted now; try again", 1));
  }
  if (wait > 0) {
    return reply(error(http::status::too_many_requests, "too_many_attempts",
                       "too many new accounts from this address; try again in " + std::to_string(wait) + " s", wait));
  }
  {
    std::lock_guard lock(mutex_);
    if (!reserve_hash()) return reply(busy());
  }
  run_hash([self = shared_from_this(), name = std::move(name), password = std::move(password),
            reply = std::move(reply), bot_account]() mutable {
    auto hash = hash_password(password, self->policy_.cost);
    self->catch_up(name, {}, false);  // taken through another node? (signups are rate-limited already)
    std::unique_lock lock(self->mutex_);
    --self->hashes_queued_;
    const auto key = self->fold(name);
    if (self->by_name_.count(key) || self->signing_up_.count(key)) {
      lock.unlock();
      return reply(error(http::status::conflict, "name_taken", "that name is taken"));
    }
    account_record a;
    a.id = self->ids_.next();
    if (a.id == 0) {
      lock.unlock();
      return reply(error(http::status::service_unavailable, "storage_failed", "the account could not be stored"));
    }
    a.name = name;
    a.password_hash = std::move(hash);
    a.created_at = self->now();
    a.bot_account = bot_account;
    // Held for this sign-up while it is stored (another with the name waits for nothing: it is
    // taken), and known as an account only once stored: memory follows the store.
    self->signing_up_.insert(key);
    lock.unlock();
    self->store_.save_account(a, [self, a, key, reply = std::move(reply)](const std::string& e) {
      {
        std::lock_guard lock(self->mutex_);
        self->signing_up_.erase(key);
        if (e.empty()) {
          self->by_name_[key] = a;
          self->names_[a.id] = a.name;
        }
      }
      if (e.empty()) {
        logs::event(spdlog::level::info, "accounts", "sign-up", {{"account", a.id}, {"name", a.name}});
        return reply({http::status::created, {{"id", a.id}, {"name", a.name}, {"bot_account", a.bot_account}}});
      }
      reply(error(http::status::service_unavailable, e, "the account could not be stored"));
    });
  });
}

void accounts::login(std::string name, std::string password, std::string address, reply_fn reply) {
  catch_up(name, {});
  const auto key = fold(name);
  std::string hash;
  std::int64_t id = 0;
  // Refused before any hashing: a flood of guesses costs no argon2 time.
  if (auto refused = begin_attempt(key, address, true, [&] {
        if (const auto it = by_name_.find(key); it != by_name_.end()) {
          hash = it->second.password_hash;
          id = it->second.id;
        }
      })) {
    return reply(std::move(*refused));
  }
  run_hash([self = shared_from_this(), id, key, address = std::move(address),
            password = std::move(password), hash = std::move(hash),
            reply = std::move(reply)]() mutable {
    // Hash even for an unknown name, so timing does not tell which names exist.
    const bool ok = id != 0 ? verify_password(password, hash)
                            : (hash_password(password, self->policy_.cost), false);
    std::unique_lock lock(self->mutex_);
    --self->hashes_queued_;
    const auto at = self->now();
    // Checked against the hash read when the login was queued: a password changed meanwhile
    // must not let the old one in.
    const auto current = self->by_name_.find(key);
    if (!ok || current == self->by_name_.end() || current->second.id != id ||
        current->second.password_hash != hash) {
      lock.unlock();
      ++self->stats_->login_failures;
      logs::event(spdlog::level::info, "accounts", "login failed", {{"name", key}, {"client", address}});
      return reply(error(http::status::unauthorized, "bad_credentials", "wrong name or password"));
    }
    if (self->changing_password_.count(id)) {
      // The password this login knew is being replaced: whether it is still the account's is
      // known once the store answers. Not counted as a guess.
      lock.unlock();
      self->withdraw_attempt(key, address, true);
      return reply(busy());
    }
    const auto banned = current->second.banned_at != 0;
    const auto why = current->second.ban_reason;
    const auto name = self->names_[id];
    lock.unlock();
    self->attempt_succeeded(key, address, true);
    // Told only to whoever knows the password.
    if (banned) {
      logs::event(spdlog::level::info, "accounts", "login refused: banned", {{"account", id}, {"client", address}});
      return reply(error(http::status::forbidden, "banned",
                         "this account is banned" + (why.empty() ? std::string() : ": " + why)));
    }
    auto token = new_token();
    const auto stored = token_hash(token);
    // Known here once stored: a token the store lost must not work on this node alone.
    self->store_.save_token(stored, id, at, [self, id, at, name, token, stored, address,
                                             reply = std::move(reply)](const std::string& e) {
      if (!e.empty()) return reply(error(http::status::service_unavailable, e, "the login could not be stored"));
      logs::event(spdlog::level::info, "accounts", "login", {{"account", id}, {"client", address}});
      {
        std::lock_guard lock(self->mutex_);
        auto& t = self->tokens_[stored];
        t.account = id;
        t.created_at = at;
        t.last_used_at = std::max(t.last_used_at, at);
        t.stored_used_at = std::max(t.stored_used_at, at);
      }
      reply({http::status::created, {{"token", token}, {"account", {{"id", id}, {"name", name}}}}});
    });
  });
}

void accounts::logout(const std::string& token, reply_fn reply) {
  const auto hash = token_hash(token);
  holder_list holders;
  bool live = false;
  std::int64_t account = 0;
  {
    std::lock_guard lock(mutex_);
    const auto* t = live_token(hash, now(), holders);
    live = t != nullptr;
    if (t) account = t->account;
  }
  notify(holders);
  if (!live) return reply(error(http::status::unauthorized, "bad_token", "not logged in"));
  // Forgotten once the store revoked it: a logout that failed leaves the token working
  // everywhere (and says so, 503), so retrying it works too.
  store_.revoke_token(hash, [self = shared_from_this(), hash, account, reply = std::move(reply)](const std::string& e) {
    if (!e.empty()) return reply(error(http::status::service_unavailable, e, "the logout could not be stored"));
    logs::event(spdlog::level::info, "accounts", "logout", {{"account", account}});
    holder_list ended;
    {
      std::lock_guard lock(self->mutex_);
      ended = self->forget_token(hash, "logout");
    }
    notify(ended);
    reply({http::status::ok, {{"ok", true}}});
  });
}

void accounts::change_password(const std::string& token, std::string old_password,
                               std::string new_password, std::string address, reply_fn reply) {
  if (auto bad = check_password(new_password)) return reply(std::move(*bad));
  const auto keep = token_hash(token);
  if (catching_up_) {
    // As attach(): another node may have revoked the token while this one was not listening.
    const auto stored = still_stored(keep);
    if (!stored) {
      return reply(error(http::status::service_unavailable, "storage_failed",
                         "this node cannot check the token now; try again", 1));
    }
    if (!*stored) {
      return reply(error(http::status::unauthorized, "bad_token", "unknown, revoked or expired token; log in again"));
    }
  }
  std::int64_t id = 0;
  std::string key, old_hash;
  holder_list ended;
  {
    std::unique_lock lock(mutex_);
    const auto* t = live_token(keep, now(), ended);
    if (!t) {
      lock.unlock();
      notify(ended);
      return reply(error(http::status::unauthorized, "bad_token",
                         "unknown, revoked or expired token; log in again"));
    }
    id = t->account;
    key = fold(names_[id]);
  }
  // A stolen token must not become a way to guess the password faster than a login; counted
  // without the account's own throttle, and taken back on success, as for a login.
  if (auto refused = begin_attempt(key, address, false, [&] { old_hash = by_name_[key].password_hash; })) {
    return reply(std::move(*refused));
  }
  run_hash([self = shared_from_this(), id, key, keep, address = std::move(address),
            old_password = std::move(old_password), new_password = std::move(new_password),
            old_hash = std::move(old_hash), reply = std::move(reply)]() mutable {
    const bool ok = verify_password(old_password, old_hash);
    std::string fresh;
    if (ok) {
      ++self->stats_->password_hashes;  // the new hash, besides the check run_hash counted
      fresh = hash_password(new_password, self->policy_.cost);
    }
    bool current = false;
    {
      std::lock_guard lock(self->mutex_);
      --self->hashes_queued_;
      // Another change may have come first: the old password is then no longer the account's.
      auto it = self->by_name_.find(key);
      current = ok && it != self->by_name_.end() && it->second.password_hash == old_hash &&
                !self->changing_password_.count(id);
      if (current) {
        // Memory follows the store: the new hash is taken once stored. Meanwhile logins of
        // the account are answered "busy" (login()), so the old password lets no one in
        // after the change.
        self->changing_password_.insert(id);
      }
    }
    if (!current) {
      return reply(error(http::status::forbidden, "wrong_password",
                         "the old password is not right"));
    }
    self->attempt_succeeded(key, address, false);
    // Memory follows the store: a change that is not durable is not made.
    self->store_.change_password(id, fresh, keep, [self, id, key, keep, fresh,
                                                   reply = std::move(reply)](const std::string& e) {
      if (!e.empty()) {
        {
          std::lock_guard lock(self->mutex_);
          self->changing_password_.erase(id);
        }
        return reply(error(http::status::service_unavailable, e,
                           "the new password could not be stored"));
      }
      holder_list holders;
      int revoked = 0;
      {
        std::lock_guard lock(self->mutex_);
        self->changing_password_.erase(id);
        if (auto it = self->by_name_.find(key); it != self->by_name_.end()) {
          it->second.password_hash = fresh;
        }
        std::vector<std::string> others;
        for (const auto& [hash, t] : self->tokens_) {
          if (t.account == id && hash != keep) others.push_back(hash);
        }
        for (const auto& hash : others) {
          auto h = self->forget_token(hash, "password changed");
          holders.insert(holders.end(), h.begin(), h.end());
          ++revoked;
        }
      }
      notify(holders);
      logs::event(spdlog::level::info, "accounts", "password changed", {{"account", id}, {"tokens_revoked", revoked}});
      reply({http::status::ok, {{"ok", true}, {"revoked", revoked}}});
    });
  });
}

std::optional<identity> accounts::authenticate(const std::string& token, bool* unavailable) {
  return attach(token, {}, unavailable);
}

std::optional<identity> accounts::attach(const std::string& token, std::weak_ptr<token_holder> holder,
                                         bool* unavailable) {
  const auto hash = token_hash(token);
  catch_up({}, hash);
  if (catching_up_) {
    // This node may have missed the token's revocation by another node: the database says.
    const auto stored = still_stored(hash);
    if (!stored && unavailable) *unavailable = true;
    if (!stored.value_or(false)) return std::nullopt;
  }
  holder_list ended;
  std::optional<identity> who;
  {
    std::lock_guard lock(mutex_);
    if (auto* t = live_token(hash, now(), ended)) {
      if (auto live = holder.lock()) t->holders.emplace_back(live.get(), std::move(holder));
      who = identity{t->account, names_[t->account]};
    }
  }
  notify(ended);
  return who;
}

void accounts::detach(const std::string& hash, const token_holder* holder) {
  std::lock_guard lock(mutex_);
  const auto it = tokens_.find(hash);
  if (it == tokens_.end()) return;
  std::erase_if(it->second.holders, [holder](auto& h) { return h.first == holder; });
}

std::optional<std::string> accounts::registered_name(const std::string& any_case) const {
  std::lock_guard lock(mutex_);
  const auto it = by_name_.find(fold(any_case));
  if (it == by_name_.end()) return std::nullopt;
  return it->second.name;
}

std::optional<std::int64_t> accounts::id_of(const std::string& any_case) const {
  std::lock_guard lock(mutex_);
  const auto it = by_name_.find(fold(any_case));
  if (it == by_name_.end()) return std::nullopt;
  return it->second.id;
}

std::string accounts::name_of(std::int64_t id) const {
  std::lock_guard lock(mutex_);
  const auto it = names_.find(id);
  return it == names_.end() ? std::string() : it->second;
}

}  // namespace loyang::server

namespace loyang::server {

bool accounts::is_operator(std::int64_t id) const {
  std::lock_guard lock(mutex_);
  const auto name = names_.find(id);
  if (name == names_.end()) return false;
  const auto it = by_name_.find(fold(name->second));
  return it != by_name_.end() && it->second.operator_account;
}

bool accounts::is_bot_account(std::int64_t id) const {
  std::lock_guard lock(mutex_);
  const auto name = names_.find(id);
  if (name == names_.end()) return false;
  const auto it = by_name_.find(fold(name->second));
  return it != by_name_.end() && it->second.bot_account;
}

std::optional<std::int64_t> accounts::last_seen(std::int64_t id) const {
  std::lock_guard lock(mutex_);
  std::optional<std::int64_t> seen;
  for (const auto& [hash, t] : tokens_) {
    if (t.account == id) seen = std::max(seen.value_or(0), std::max(t.last_used_at, t.created_at));
  }
  return seen;
}

std::optional<account_record> accounts::record_of(std::int64_t id) const {
  std::lock_guard lock(mutex_);
  const auto name = names_.find(id);
  if (name == names_.end()) return std::nullopt;
  const auto it = by_name_.find(fold(name->second));
  if (it == by_name_.end()) return std::nullopt;
  auto out = it->second;
  out.password_hash.clear();
  return out;
}

void accounts::set_standing(std::int64_t id, standing change, persistence::moderation_record log, reply_fn reply) {
  const bool ban = change == standing::ban || change == standing::unban;
  const bool on = change == standing::ban || change == standing::grant_operator;
  account_record next;
  {
    std::lock_guard lock(mutex_);
    const auto name = names_.find(id);
    const auto it = name == names_.end() ? by_name_.end() : by_name_.find(fold(name->second));
    if (it == by_name_.end()) return reply(error(http::status::not_found, "no_such_player", "there is no such player"));
    const bool now_on = ban ? it->second.banned_at != 0 : it->second.operator_account;
    if (on == now_on) {
      switch (change) {
        case standing::ban: return reply(error(http::status::conflict, "already_banned", "this account is banned already"));
        case standing::unban: return reply(error(http::status::conflict, "not_banned", "this account is not banned"));
        case standing::grant_operator:
          return reply(error(http::status::conflict, "already_operator", "this account is an operator already"));
        case standing::revoke_operator:
          return reply(error(http::status::conflict, "was_not_operator", "this account is not an operator"));
      }
    }
    next = it->second;
  }
  if (ban) {
    next.banned_at = on ? log.at : 0;
    next.banned_by = on ? log.moderator : 0;
    next.ban_reason = on ? log.detail : std::string();
  } else {
    next.operator_account = on;
  }
  store_.save_standing(next, log, [self = shared_from_this(), next, ban, on, by = log.moderator,
                                   reply = std::move(reply)](const std::string& e) {
    if (!e.empty()) return reply(error(http::status::service_unavailable, e, "the change could not be stored"));
    holder_list ended;
    {
      std::lock_guard lock(self->mutex_);
      if (const auto it = self->by_name_.find(self->fold(next.name)); it != self->by_name_.end()) {
        if (ban) {
          it->second.banned_at = next.banned_at;
          it->second.banned_by = next.banned_by;
          it->second.ban_reason = next.ban_reason;
        } else {
          it->second.operator_account = next.operator_account;
        }
      }
      if (ban && on) {
        std::vector<std::string> hashes;
        for (const auto& [hash, t] : self->tokens_) {
          if (t.account == next.id) hashes.push_back(hash);
        }
        for (const auto& hash : hashes) {
          for (auto& h : self->forget_token(hash, "banned")) ended.push_back(std::move(h));
        }
      }
    }
    notify(ended);  // outside the lock: a closing connection detaches
    if (ban) {
      logs::event(spdlog::level::info, "accounts", on ? "banned" : "unbanned",
                  {{"account", next.id}, {"by", by}, {"tokens_revoked", std::int64_t(ended.size())}});
      return reply({http::status::ok, {{"name", next.name}, {"banned", on}}});
    }
    logs::event(spdlog::level::warn, "accounts", on ? "operator granted" : "operator revoked",
                {{"account", next.id}, {"by", by}});
    reply({http::status::ok, {{"name", next.name}, {"operator", on}}});
  });
}

}  // namespace loyang::server
