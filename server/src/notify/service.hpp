#pragma once
// Internal: notifications (docs/protocol.md, "Notifications"). Keeps every account's settings
// in memory (read once at start, written through the store), answers the settings, locale,
// verify and unsubscribe endpoints, composes the outbox rows of what happens in games (news.hpp), and runs
// the sender: one thread that takes due rows from the store's outbox, delivers each by e-mail
// or webhook (curl_delivery.hpp) and settles it: sent, retried later with doubling waits, given
// up after a bounded number of tries, or dropped when its account no longer wants it. A row is
// settled only after its delivery, so a crash in between delivers it again after the restart:
// the mail's Message-ID and the webhook's X-Loyang-Delivery let a receiver drop the repeat.
// Every text is in the recipient's language and time zone (i18n/text.hpp).
#include <nlohmann/json.hpp>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <thread>
#include <unordered_map>
#include <vector>

#include "../core/api_reply.hpp"
#include "../core/metrics.hpp"
#include "../core/records.hpp"
#include "curl_delivery.hpp"
#include "news.hpp"
#include "presence.hpp"
#include "push/vapid.hpp"
#include "settings.hpp"
#include "webhook_body.hpp"

namespace loyang::server::notify {

class service {
 public:
  struct options {
    std::string public_url;  ///< links, without a trailing slash
    smtp_settings relay;     ///< relay.url empty: no e-mail is sent (mails are dropped)
    /// Blocks webhooks may go to although address_filter.hpp refuses them (the operator's).
    std::vector<ip_network> webhook_allow;
    int max_attempts = 8;
    std::chrono::milliseconds retry_base{std::chrono::minutes(1)};
    std::chrono::milliseconds poll{std::chrono::seconds(5)};
    std::function<std::int64_t()> now;  ///< Unix seconds
    std::function<std::string(std::int64_t)> name_of;  ///< an account's name
  };

  service(storage& store, options o, std::shared_ptr<metrics> stats);
  ~service();

  /// The stored settings (store::catalog::notify_settings); before start().
  void load(const std::vector<std::pair<std::int64_t, std::string>>& stored);
  /// Starts the sender thread; stop() ends it after the delivery in progress.
  void start();
  void stop();
  /// Something was queued: look now rather than at the next poll. Any thread.
  void poke();
  /// Whether this node delivers (several nodes: only the leader does); true unless told.
  void set_active(bool active);
  /// Who is at which table here (presence.hpp): the game rooms tell it; turn notifications
  /// wait while their player plays.
  const std::shared_ptr<presence>& tables() const { return presence_; }

  /// The rows to queue with a change (news.hpp); `since_of` as context::since_of. Any thread.
  std::vector<outbox_record> compose(const std::vector<news>& items,
                                     std::function<std::string(engine::player_id)> since_of = {}) const;

  // The endpoints (any thread; the reply may come from the store's thread).
  void get_settings(std::int64_t account, reply_fn reply) const;
  void put_settings(std::int64_t account, const nlohmann::json& body, reply_fn reply);
  void verify(const std::string& token, reply_fn reply);
  /// GET and PUT /api/account/locale (locale.hpp): stored with the settings, durable before
  /// the answer, like put_settings().
  void get_locale(std::int64_t account, reply_fn reply) const;
  void put_locale(std::int64_t account, const nlohmann::json& body, reply_fn reply);
  void unsubscribe(const std::string& token, reply_fn reply);

  // Web Push (docs/protocol.md, "Notifications", Web Push).
  /// Makes the server's VAPID key from its stored secret (the catalog's daily_secret, hashed
  /// apart), the same on every node and after every restart; before start().
  void use_secret(const std::string& secret);
  /// GET /api/notify/push: {"public_key"}, the applicationServerKey browsers subscribe with;
  /// 503 push_unavailable before the key is made.
  void push_key(reply_fn reply) const;
  /// POST /api/account/push {"endpoint", "keys": {"p256dh", "auth"}} (a PushSubscription's
  /// JSON; "expirationTime" allowed): the browser is added (or its keys replaced), stored, and
  /// answered with the settings. 400 bad_request naming what is wrong.
  void add_push(std::int64_t account, const nlohmann::json& body, reply_fn reply);
  /// DELETE /api/account/push {"endpoint"}: the browser removed; the settings. 404 not_subscribed.
  void remove_push(std::int64_t account, const nlohmann::json& body, reply_fn reply);

 private:
  std::optional<settings> settings_of(std::int64_t account) const;
  /// settings_of() for delivering: on several nodes, settings this node has not heard of yet
  /// (stored through another node a moment ago, with the notification queued in the same
  /// transaction) are read from the database rather than taken as none. Sender thread only.
  std::optional<settings> delivery_settings_of(std::int64_t account);
  // The account whose verify or unsubscribe link (`token_field`) is `token`, with its settings.
  std::optional<std::pair<std::int64_t, settings>> by_link(std::string settings::*token_field,
                                                           const std::string& token) const;
  context make_context() const;
  void save(std::int64_t account, const settings& s, std::vector<outbox_record> notes, reply_fn reply,
            api_reply ok);
  void run();
  void drain();
  // How long the sender sleeps after a drain: until the next queued row is due, at most a poll.
  std::chrono::milliseconds until_next_due() const;
  void deliver(const outbox_record& n);
  // When a turn notification goes, if it must wait for its player to leave his table (or the
  // hold to pass); nullopt: now. `played` is set when it is not to go at all.
  std::optional<std::int64_t> hold_until(const outbox_record& n, const nlohmann::json& body, const settings& s,
                                         std::string& played) const;
  // Held notifications whose player left his table (or stopped playing) are made due now.
  void release_held();
  // Why `n` is not to be sent any more (empty: it is).
  std::string unwanted(const outbox_record& n, const nlohmann::json& body, const std::optional<settings>& s) const;
  // A failed attempt: tried again later, or given up.
  void after_failure(const outbox_record& n, const attempt& a);
  // Whether `n` goes out in its account's e-mail digest.
  bool digested(const outbox_record& n);
  // One mail for all of `rows` (an account's due digest rows), or all deferred to its time.
  void deliver_digest(std::int64_t account, const std::vector<outbox_record>& rows);
  attempt send_email(const outbox_record& n, const nlohmann::json& body, const settings& s);
  attempt send_webhook(const outbox_record& n, const nlohmann::json& body, const settings& s);
  attempt send_push(const nlohmann::json& body, const push_subscription& to, const settings& s);
  // The subscription a push row is for, if the account still has it.
  static const push_subscription* push_target(const nlohmann::json& body, const settings& s);
  // The browser at `endpoint` is gone (404 or 410 from its push service): forgotten.
  void forget_push(std::int64_t account, const std::string& endpoint);
  void settle(const outbox_record& n, delivery how, std::int64_t next_at, const std::string& error);

  storage& store_;
  options options_;
  address_policy webhook_policy_{options_.webhook_allow};
  std::shared_ptr<metrics> stats_;
  mutable std::mutex mutex_;  // guards settings_ and the sender's wake-up
  std::unordered_map<std::int64_t, settings> settings_;
  std::shared_ptr<presence> presence_ = std::make_shared<presence>();
  std::shared_ptr<const push::vapid_key> vapid_;  // under mutex_; null until use_secret()
  // The turn rows held back at one table, by (game, account, channel): their ids.
  using held_key = std::tuple<std::int64_t, std::int64_t, std::string>;
  std::map<held_key, std::set<std::int64_t>> held_;
  std::condition_variable wake_;
  bool poked_ = false;
  bool stopping_ = false;
  bool active_ = true;
  std::thread sender_;
};

}  // namespace loyang::server::notify
