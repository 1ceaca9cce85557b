#pragma once
// Internal: accounts, logins (bearer tokens) and their expiry, password changes, and the
// throttling of logins and sign-ups. Kept in memory, written through storage. Thread-safe
// behind one mutex rather than a strand: the lobby's games code needs synchronous name
// lookups (registered_name, name_of). Password hashing runs on a small pool of its own,
// never on the I/O threads, behind a bounded queue.
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "../core/api_reply.hpp"
#include "auth.hpp"
#include "../core/metrics.hpp"
#include "../core/records.hpp"
#include "../cluster/id_source.hpp"
#include "counter_store.hpp"
#include "../core/identity.hpp"
#include "throttle.hpp"

namespace loyang::server {

/// Something that lives on a token (an open WebSocket) and must end when the token does.
class token_holder {
 public:
  virtual ~token_holder() = default;
  /// The token was revoked (logout, password change) or expired. Any thread; at most once
  /// per attach().
  virtual void token_revoked() = 0;
};

/// The WebSocket close code for a connection whose token was revoked or expired
/// (docs/protocol.md), from the private range 4000-4999.
inline constexpr std::uint16_t close_token_revoked = 4001;

class accounts : public std::enable_shared_from_this<accounts> {
 public:
  /// Several nodes: how many names and tokens this node may look up in the database in a
  /// second when it does not know them (catch_up).
  static constexpr int unknown_lookups_per_second = 100;

  /// Unix seconds.
  using clock_fn = std::function<std::int64_t()>;

  struct policy {
    password_cost cost = password_cost::interactive;
    /// A token unused for this long is revoked (an open WebSocket counts as use).
    std::chrono::seconds idle_lifetime{std::chrono::hours(24 * 30)};
    /// A token is revoked this long after the login, used or not.
    std::chrono::seconds absolute_lifetime{std::chrono::hours(24 * 180)};
    /// Accounts one client address may create per hour; 0: no limit.
    int signups_per_hour = 5;
    /// Password hashes queued or running at most; more get 503 server_busy.
    int max_hash_queue = 16;
    /// Entries each throttle table keeps at most (least recently used forgotten first).
    std::size_t throttle_capacity = 100000;
    /// The wall clock; empty: the system clock. Tests move time with it.
    clock_fn now;
  };

  accounts(net::io_context& ioc, storage& store, std::shared_ptr<metrics> stats, policy p);
  ~accounts();
  accounts(const accounts&) = delete;
  accounts& operator=(const accounts&) = delete;

  /// Takes the accounts and tokens of the catalog (at start, before any request), drops the
  /// expired tokens and starts the expiry sweep.
  void start(std::vector<account_record> all, std::vector<persistence::token_record> tokens);
  /// Stops the sweep and waits for the hashing threads.
  void stop();
  /// Several nodes: account `id` as another node stored it (`all`: its row, if any; `live`:
  /// its unrevoked tokens). Tokens no longer live end here too (their connections close).
  void merge(std::int64_t id, const std::vector<account_record>& all,
             const std::vector<persistence::token_record>& live);

  /// Several nodes: while `on`, this node may lack other nodes' changes (its listening
  /// connection was lost and what was missed is not read yet), so a token is taken only if
  /// the database still holds it unrevoked (one read per authentication; a token the database
  /// revoked is forgotten here, and none is taken while the database cannot be read).
  void set_catching_up(bool on) { catching_up_ = on; }

  // The HTTP API (docs/protocol.md). `address` is the client's (client_address.hpp); each
  // reply runs once, on any thread.
  /// 201 {id, name, bot_account}; 400 bad_name/bad_password; 409 name_taken (any case); 429
  /// too_many_attempts (sign-ups per address); 503 server_busy or a storage code.
  void create_account(std::string name, std::string password, std::string address, reply_fn reply,
                      bool bot_account = false);
  /// 201 {token, account}; 401 bad_credentials; 429 too_many_attempts (throttled, before any
  /// hashing); 503 server_busy or a storage code. The name matches in any case.
  void login(std::string name, std::string password, std::string address, reply_fn reply);
  /// 200 {ok}; 401 bad_token. Closes the WebSockets on the token.
  void logout(const std::string& token, reply_fn reply);
  /// 200 {ok, revoked}; 401 bad_token; 400 bad_password (new); 403 wrong_password (old);
  /// 429 too_many_attempts; 503. Revokes every other token of the account.
  void change_password(const std::string& token, std::string old_password,
                       std::string new_password, std::string address, reply_fn reply);

  /// The account of a live bearer token (and counts it as used), or nullopt when unknown,
  /// revoked or expired. `unavailable` (if given) is set when nullopt only because the token
  /// could not be checked: while catching up (set_catching_up) and the database is not
  /// answering; answer 503 storage_failed then, not "log in again".
  std::optional<identity> authenticate(const std::string& token, bool* unavailable = nullptr);
  /// authenticate(), and on success ties `holder` to the token until detach(): its
  /// token_revoked() runs when the token ends.
  std::optional<identity> attach(const std::string& token, std::weak_ptr<token_holder> holder,
                                 bool* unavailable = nullptr);
  /// Unties a holder (by the token's hash, token_hash()); e.g. from its destructor.
  void detach(const std::string& hash, const token_holder* holder);

  /// The name as registered of the account called `any_case` in any case; nullopt if none.
  std::optional<std::string> registered_name(const std::string& any_case) const;
  /// The name of account `id`; empty when unknown.
  std::string name_of(std::int64_t id) const;
  /// The id of the account called `any_case` (in any case), if there is one.
  std::optional<std::int64_t> id_of(const std::string& any_case) const;
  /// The clock of token expiry and of every rate limit: Unix seconds (policy::now, if set).
  std::int64_t now() const;

  /// Whether account `id` is an operator (granted by the `loyang-server operator` command or by
  /// another operator: set_standing).
  bool is_operator(std::int64_t id) const;
  /// Whether account `id` is a bot account (docs/protocol.md, "Bot accounts").
  bool is_bot_account(std::int64_t id) const;
  /// The stored record of account `id` (without its password hash), if there is one.
  std::optional<account_record> record_of(std::int64_t id) const;
  /// When account `id` last used one of its logins here (a request or a connection), if any of
  /// its logins is held: Unix seconds.
  std::optional<std::int64_t> last_seen(std::int64_t id) const;
  /// What an operator changes of an account's standing.
  enum class standing { ban, unban, grant_operator, revoke_operator };
  /// Changes the standing of account `id` with `log` (its moderator, time and reason): stored
  /// first (on a shared database the other nodes read it back), then held here. A ban ends every
  /// token of the account and closes its connections; a banned account cannot log in (403
  /// banned). Replies 200 {"name", "banned"} or {"name", "operator"}; 404 no_such_player; 409
  /// already_banned / not_banned / already_operator / was_not_operator; 503 a storage code.
  void set_standing(std::int64_t id, standing change, persistence::moderation_record log, reply_fn reply);

 private:
  using holder_list = std::vector<std::weak_ptr<token_holder>>;
  struct token_state {
    std::int64_t account = 0;
    std::int64_t created_at = 0;
    std::int64_t last_used_at = 0;
    std::int64_t stored_used_at = 0;  // the last use the store has
    std::vector<std::pair<const token_holder*, std::weak_ptr<token_holder>>> holders;
  };

  bool expired(const token_state& t, std::int64_t now) const;
  // Under mutex_: a live token (counted as used now), or nullptr. A token found expired is
  // forgotten, and its holders are left in `ended` to be notified outside the lock (a holder
  // released there may run its destructor, which detaches).
  token_state* live_token(const std::string& hash, std::int64_t now, holder_list& ended);
  // Under mutex_: forgets a token (logged with `why` it ends), returns its holders to notify
  // (outside the lock).
  holder_list forget_token(const std::string& hash, std::string_view why);
  static void notify(const holder_list& holders);
  // Whether a refused attempt under `key` is the first of its wait (logged), not one of a flood.
  bool first_refusal(const std::string& key, std::int64_t wait);
  // Login throttling (without the lock: the counts may be in the database). An attempt of
  // account `key` (folded name) from `address`, counted at its start as a failure of the pair,
  // the address and (with_account) the account: the seconds to wait first (nothing counted)
  // or 0; nullopt when the counts could not be read (answer 503).
  std::optional<std::int64_t> count_attempt(const std::string& key, const std::string& address, bool with_account);
  // The attempt was right: the pair's failures forgotten, the others' taken back.
  void attempt_succeeded(const std::string& key, const std::string& address, bool with_account);
  // The attempt was not made after all (busy): what count_attempt counted, taken back.
  void withdraw_attempt(const std::string& key, const std::string& address, bool with_account);
  // The start of a password check (a login, a password change), before any hashing: the
  // attempt counted (count_attempt), then a place on the hashing queue reserved, and `read`
  // run under mutex_ in the same hold (to take the hash to check). nullopt when the check goes
  // ahead (the caller then hands run_hash work that releases the place); else the reply: 503
  // storage_failed (not counted), 429 too_many_attempts (counted in logins_throttled), or 503
  // server_busy with the attempt taken back.
  std::optional<api_reply> begin_attempt(const std::string& key, const std::string& address, bool with_account,
                                         const std::function<void()>& read);
  // Under mutex_: reserves a place on the hashing queue; false when full.
  bool reserve_hash();
  void run_hash(std::function<void()> work);
  void sweep();

  std::string fold(const std::string& name) const;
  /// Several nodes: reads the account called `name`, or holding the token hashed `hash`, from
  /// the database when this node does not know it yet (made through another node a moment
  /// ago). Blocking; call without the lock. `limited`: at most unknown_lookups_per_second such
  /// reads a second, past which the name or token is taken as unknown here: names and tokens
  /// anyone can send (a login, a bearer token) must not buy a database read each on an I/O
  /// thread, and one made through another node is heard of within milliseconds anyway.
  void catch_up(const std::string& name, const std::string& hash, bool limited = true);
  /// While catching up: whether the database holds token `hash` unrevoked (forgetting it here
  /// when not); nullopt when the database cannot be read. Blocking; call without the lock.
  std::optional<bool> still_stored(const std::string& hash);

  storage& store_;
  std::shared_ptr<metrics> stats_;
  policy policy_;
  net::thread_pool hashers_{2};
  net::strand<net::io_context::executor_type> strand_;  // the sweep timer's
  net::steady_timer sweep_timer_;

  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::int64_t> throttle_logged_;  // name and address -> logged until; under mutex_
  bool stopped_ = false;
  int hashes_queued_ = 0;
  cluster::id_source ids_{store_, "accounts"};
  std::unordered_map<std::string, account_record> by_name_;  // folded name → account
  std::unordered_map<std::int64_t, std::string> names_;      // id → name as registered
  std::unordered_map<std::string, token_state> tokens_;      // token hash → token
  // Changes being stored: memory takes them once the store has them (docs/security.md).
  std::unordered_set<std::string> signing_up_;        // folded names of sign-ups being stored
  std::unordered_set<std::int64_t> changing_password_;  // accounts whose new password is being stored
  throttle by_pair_;     // "name|address": the attacker at one address on one account
  throttle by_address_;  // one address on any accounts
  throttle by_account_;  // one account from anywhere: gentle, and known addresses skip it
  rate_limit signups_;   // per address
  rate_limit lookups_;   // catch_up's reads, for the whole node
  // by_pair_, by_address_, by_account_ and signups_ give the rules; the counts are kept here
  // (in the database when several nodes share it).
  std::unique_ptr<counter_store> counters_;
  std::atomic<bool> catching_up_{false};
};

}  // namespace loyang::server
