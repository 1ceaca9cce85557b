#include "service.hpp"

#include "../logs/format.hpp"

#include <sodium.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <future>
#include <map>
#include <set>

#include "../i18n/text.hpp"
#include "locale.hpp"
#include "mail_body.hpp"
#include "push/base64url.hpp"
#include "push/ece.hpp"
#include "loyang/protocol/error_envelope.hpp"

namespace loyang::server::notify {
namespace {

api_reply refuse(http::status status, std::string_view code, std::string_view message) {
  return {status, protocol::error_envelope(code, message)};
}

// HMAC-SHA256 of `message` under `key`, as lowercase hex.
std::string hmac_hex(const std::string& key, const std::string& message) {
  crypto_auth_hmacsha256_state st;
  crypto_auth_hmacsha256_init(&st, reinterpret_cast<const unsigned char*>(key.data()), key.size());
  crypto_auth_hmacsha256_update(&st, reinterpret_cast<const unsigned char*>(message.data()), message.size());
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256_final(&st, mac);
  char hex[2 * sizeof mac + 1];
  sodium_bin2hex(hex, sizeof hex, mac, sizeof mac);
  return hex;
}

std::string host_of(const std::string& url) {
  auto rest = url.substr(url.find("://") == std::string::npos ? 0 : url.find("://") + 3);
  return rest.substr(0, rest.find_first_of(":/"));
}

// The game a row is about; 0 for none (a private message's row names none: "game": null).
std::int64_t game_in(const nlohmann::json& body) {
  const auto it = body.is_object() ? body.find("game") : body.end();
  return it != body.end() && it->is_number_integer() ? it->get<std::int64_t>() : 0;
}

// The catalog's subject of a mail about `event` (tests/web/i18n_test.mjs finds keys as literals).
const char* subject_key(const std::string& event) {
  if (event == "turn") return "mail.subject.turn";
  if (event == "reminder") return "mail.subject.reminder";
  if (event == "start") return "mail.subject.start";
  if (event == "end") return "mail.subject.end";
  if (event == "invite") return "mail.subject.invite";
  if (event == "chat") return "mail.subject.chat";
  if (event == "vote") return "mail.subject.vote";
  if (event == "opponent") return "mail.subject.opponent";
  if (event == "nudge") return "mail.subject.nudge";
  if (event == "message") return "mail.subject.message";
  return "mail.subject.verify";
}

std::string subject_of(const nlohmann::json& body, const std::string& language) {
  return i18n::text(language, subject_key(body.value("event", "")),
                    {{"game", std::to_string(game_in(body))}, {"name", body.value("about", "")}});
}

}  // namespace

service::service(storage& store, options o, std::shared_ptr<metrics> stats)
    : store_(store), options_(std::move(o)), stats_(std::move(stats)) {
  if (options_.relay.from.empty()) options_.relay.from = "loyang@" + host_of(options_.public_url);
  // A player who closes a game here: what was held back for him goes now (the sender looks).
  presence_->on_left([this] { poke(); });
}

service::~service() { stop(); }

void service::load(const std::vector<std::pair<std::int64_t, std::string>>& stored) {
  std::lock_guard lock(mutex_);
  for (const auto& [account, text] : stored) {
    settings_[account] = from_stored(nlohmann::json::parse(text, nullptr, false));
  }
}

void service::set_active(bool active) {
  std::lock_guard lock(mutex_);
  active_ = active;
  // Another node delivers now (or this one again, later): what was held here is looked at anew
  // when its row comes due.
  if (!active) held_.clear();
  poked_ = true;
  wake_.notify_one();
}

void service::start() {
  sender_ = std::thread([this] { run(); });
}

void service::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (sender_.joinable()) sender_.join();
}

void service::poke() {
  {
    std::lock_guard lock(mutex_);
    poked_ = true;
  }
  wake_.notify_all();
}

std::optional<settings> service::settings_of(std::int64_t account) const {
  std::lock_guard lock(mutex_);
  const auto it = settings_.find(account);
  if (it == settings_.end()) return std::nullopt;
  return it->second;
}

std::optional<settings> service::delivery_settings_of(std::int64_t account) {
  auto s = settings_of(account);
  if (s || !store_.shared()) return s;
  try {
    load(store_.load_catalog_part(0, account).notify_settings);
  } catch (const std::exception& e) {
    spdlog::warn("notifications: the settings of account {} could not be read: {}", account, e.what());
  }
  return settings_of(account);
}

context service::make_context() const {
  return {[this](std::int64_t a) { return settings_of(a); }, options_.name_of, options_.public_url, options_.now()};
}

std::vector<outbox_record> service::compose(const std::vector<news>& items,
                                            std::function<std::string(engine::player_id)> since_of) const {
  if (items.empty()) return {};
  auto c = make_context();
  c.since_of = std::move(since_of);
  return notify::compose(c, items);
}

// ---- endpoints ---------------------------------------------------------------------------

void service::get_settings(std::int64_t account, reply_fn reply) const {
  reply({http::status::ok, owner_view(settings_of(account).value_or(settings{}))});
}

void service::save(std::int64_t account, const settings& s, std::vector<outbox_record> notes, reply_fn reply,
                   api_reply ok) {
  const bool mail = !notes.empty();
  store_.save_notify_settings(
      account, stored(s).dump(), std::move(notes),
      [this, account, s, mail, reply = std::move(reply), ok = std::move(ok)](const std::string& e) {
        if (!e.empty()) return reply(refuse(http::status::service_unavailable, e, "the settings could not be stored"));
        {
          std::lock_guard lock(mutex_);
          settings_[account] = s;
        }
        if (mail) poke();
        reply(ok);
      });
}

void service::put_settings(std::int64_t account, const nlohmann::json& body, reply_fn reply) {
  auto s = settings_of(account).value_or(settings{});
  const auto r = apply_update(s, body);
  if (!r.error.empty()) return reply(refuse(http::status::bad_request, "bad_request", r.error));
  std::vector<outbox_record> notes;
  if (r.email_changed) notes.push_back(verification_note(make_context(), account, s));
  save(account, s, std::move(notes), reply, {http::status::ok, owner_view(s)});
}

void service::get_locale(std::int64_t account, reply_fn reply) const {
  reply({http::status::ok, locale_view(settings_of(account).value_or(settings{}))});
}

void service::put_locale(std::int64_t account, const nlohmann::json& body, reply_fn reply) {
  auto s = settings_of(account).value_or(settings{});
  if (const auto error = apply_locale(s, body); !error.empty()) {
    return reply(refuse(http::status::bad_request, "bad_request", error));
  }
  save(account, s, {}, reply, {http::status::ok, locale_view(s)});
}

std::optional<std::pair<std::int64_t, settings>> service::by_link(std::string settings::*token_field,
                                                                   const std::string& token) const {
  if (token.empty()) return std::nullopt;
  std::lock_guard lock(mutex_);
  for (const auto& [account, s] : settings_) {
    if (s.*token_field == token) return std::pair{account, s};
  }
  return std::nullopt;
}

void service::verify(const std::string& token, reply_fn reply) {
  const auto found = by_link(&settings::verify_token, token);
  if (!found) {
    return reply(refuse(http::status::not_found, "bad_link", "this link is not valid (any more): set the address again"));
  }
  auto s = found->second;
  s.email_verified = true;
  s.verify_token.clear();
  save(found->first, s, {}, reply, {http::status::ok, {{"verified", true}, {"email", s.email}}});
}

void service::unsubscribe(const std::string& token, reply_fn reply) {
  const auto found = by_link(&settings::unsubscribe_token, token);
  if (!found) return reply(refuse(http::status::not_found, "bad_link", "this link is not valid"));
  auto s = found->second;
  s.email_events = 0;
  save(found->first, s, {}, reply, {http::status::ok, {{"unsubscribed", true}, {"email", s.email}}});
}

// ---- the sender --------------------------------------------------------------------------

void service::run() {
  std::unique_lock lock(mutex_);
  auto sleep = options_.poll;
  while (!stopping_) {
    wake_.wait_for(lock, sleep, [this] { return stopping_ || poked_; });
    poked_ = false;
    if (stopping_) break;
    sleep = options_.poll;
    if (!active_) continue;
    lock.unlock();
    release_held();
    drain();
    sleep = until_next_due();
    lock.lock();
  }
}

std::chrono::milliseconds service::until_next_due() const {
  // A retry or a held notification wakes the sender at its time; the poll stays the longest
  // sleep, for rows other nodes queued (they do not poke this one).
  std::optional<std::int64_t> next;
  try {
    next = store_.next_notification_at();
  } catch (const std::exception& e) {
    spdlog::error("notifications: the outbox cannot be read: {}", e.what());
  }
  if (!next) return options_.poll;
  const auto seconds = *next - options_.now();
  // Due already (one whose settling failed this round): not at once again.
  if (seconds <= 0) return std::min<std::chrono::milliseconds>(options_.poll, std::chrono::seconds(1));
  // To the start of that second on the wall clock, which the times are counted in.
  const auto into_second = std::chrono::duration_cast<std::chrono::milliseconds>(
                               std::chrono::system_clock::now().time_since_epoch()) % 1000;
  const auto wait = std::chrono::milliseconds(seconds * 1000) - into_second;
  return std::clamp(wait, std::chrono::milliseconds(1), options_.poll);
}

void service::drain() {
  std::set<std::int64_t> tried;  // in this round: one whose settling failed is not taken again
  for (;;) {
    std::vector<outbox_record> due;
    try {
      due = store_.due_notifications(options_.now(), 256);
      stats_->notifications_queued = store_.queued_notifications();
    } catch (const std::exception& e) {
      spdlog::error("notifications: the outbox cannot be read: {}", e.what());
      return;
    }
    std::erase_if(due, [&tried](const outbox_record& n) { return tried.count(n.id) > 0; });
    if (due.empty()) return;
    std::map<std::int64_t, std::vector<outbox_record>> digests;  // by account
    for (const auto& n : due) {
      {
        std::lock_guard lock(mutex_);
        if (stopping_) return;
      }
      tried.insert(n.id);
      if (digested(n)) {
        digests[n.account].push_back(n);
      } else {
        deliver(n);
      }
    }
    for (const auto& [account, rows] : digests) deliver_digest(account, rows);
  }
}

std::string service::unwanted(const outbox_record& n, const nlohmann::json& body,
                              const std::optional<settings>& s) const {
  const auto event = body.is_object() ? body.value("event", "") : "";
  const auto chosen = [&event](event_set set) {
    return std::any_of(choosable.begin(), choosable.end(), [&](auto e) { return event == event_name(e) && has(set, e); });
  };
  if (!body.is_object()) return "the stored body is not JSON";
  if (!s) return "the account has no notification settings";
  if (event == "message" && body.contains("message") && body["message"].is_number_integer()) {
    // Deleted by an operator while it waited (a digest, a retry): its words are not sent.
    try {
      const auto m = store_.load_message(body["message"].get<std::int64_t>());
      if (!m || m->deleted_by != 0) return "the message was deleted";
    } catch (const std::exception&) {
      // Unreadable now: sent as it is, like any other row.
    }
  }
  if (n.channel == "email") {
    if (options_.relay.url.empty()) return "no SMTP relay is configured (--smtp-url)";
    if (s->email.empty()) return "the account has no e-mail address any more";
    if (event == "verify") return body.value("address", "") != s->email ? "the address changed since" : "";
    if (!s->email_verified || !chosen(s->email_events)) return "the account no longer wants this by e-mail";
    return {};
  }
  if (n.channel == "webhook") {
    return s->webhook_url.empty() || !chosen(s->webhook_events) ? "the account no longer wants this by webhook" : "";
  }
  if (n.channel == "push") {
    if (!push_target(body, *s)) return "the browser is no longer subscribed";
    return chosen(s->push_events) ? "" : "the account no longer wants this pushed";
  }
  return "unknown channel " + n.channel;
}

void service::after_failure(const outbox_record& n, const attempt& a) {
  if (a.permanent || n.attempts + 1 >= options_.max_attempts) {
    logs::event(spdlog::level::warn, "notifications", "given up",
                {{"notification", n.id}, {"channel", n.channel}, {"account", n.account}, {"tries", n.attempts + 1},
                 {"error", a.error}});
    return settle(n, delivery::failed, 0, a.error);
  }
  // 1, 2, 4, ... times the base, at most an hour, never less than a second.
  const auto base = std::max<std::int64_t>(1, std::chrono::duration_cast<std::chrono::seconds>(options_.retry_base).count());
  const auto wait = std::min<std::int64_t>(3600, base << std::min(n.attempts, 20));
  settle(n, delivery::retry, options_.now() + wait, a.error);
}

std::optional<std::int64_t> service::hold_until(const outbox_record& n, const nlohmann::json& body,
                                                const settings& s, std::string& played) const {
  if (body.value("event", "") != "turn") return std::nullopt;
  const auto game = body.value("game", std::int64_t{0});
  const auto p = presence_->of(game, n.account);
  if (!p.known) return std::nullopt;  // no table here: nothing to wait for
  // Moved since it was queued and no longer to act: the turn it announces is over.
  if (!p.acting && p.moved_at >= n.created_at) {
    played = "the player moved meanwhile";
    return std::nullopt;
  }
  const auto now = options_.now();
  const auto window = s.hold_minutes * 60;
  if (window <= 0 || !p.open || now >= p.active_at + window) return std::nullopt;
  // Looked at again when he leaves the table (poked), at the window's end, and at least every
  // minute (a restart or another leader knows nothing of what this sender held).
  return std::min(p.active_at + window, now + 60);
}

void service::release_held() {
  std::vector<std::int64_t> due, replaced;
  {
    std::lock_guard lock(mutex_);
    const auto now = options_.now();
    for (auto it = held_.begin(); it != held_.end();) {
      const auto& [game, account, channel] = it->first;
      const auto p = presence_->of(game, account);
      const auto s = settings_.find(account);
      const auto window = s == settings_.end() ? 0 : s->second.hold_minutes * 60;
      if (p.known && p.open && now < p.active_at + window) {
        ++it;
        continue;
      }
      // Of the turns held at one table (per channel), the last tells what the others did.
      const auto& ids = it->second;
      due.push_back(*ids.rbegin());
      replaced.insert(replaced.end(), ids.begin(), std::prev(ids.end()));
      it = held_.erase(it);
    }
  }
  for (const auto id : replaced) {
    outbox_record gone;
    gone.id = id;
    settle(gone, delivery::dropped, 0, "a later turn notification of the same game replaces it");
  }
  for (const auto id : due) {
    std::promise<std::string> settled;
    store_.settle_notification(id, delivery::deferred, options_.now(), options_.now(),
                               {}, [&settled](const std::string& e) { settled.set_value(e); });
    if (const auto e = settled.get_future().get(); !e.empty()) {
      spdlog::error("notification {} could not be released ({}): it goes at its time", id, e);
    }
  }
}

void service::deliver(const outbox_record& n) {
  const auto body = nlohmann::json::parse(n.body, nullptr, false);
  const held_key key{game_in(body), n.account, n.channel};
  {
    // Taken now: held again below, or delivered or dropped, but never released after that.
    std::lock_guard lock(mutex_);
    if (const auto it = held_.find(key); it != held_.end()) {
      it->second.erase(n.id);
      if (it->second.empty()) held_.erase(it);
    }
  }
  const auto s = delivery_settings_of(n.account);
  if (const auto why = unwanted(n, body, s); !why.empty()) return settle(n, delivery::dropped, 0, why);
  std::string played;
  if (const auto until = hold_until(n, body, *s, played)) {
    {
      std::lock_guard lock(mutex_);
      held_[key].insert(n.id);
    }
    ++stats_->notifications_held;
    return settle(n, delivery::deferred, *until, {});
  }
  if (!played.empty()) return settle(n, delivery::dropped, 0, played);
  if (n.channel == "push") {
    const auto to = *push_target(body, *s);
    const auto a = send_push(body, to, *s);
    if (a.ok) return settle(n, delivery::sent, 0, {});
    // The push service no longer knows the browser (RFC 8030 section 7.3): it is forgotten.
    if (a.status == 404 || a.status == 410) {
      forget_push(n.account, to.endpoint);
      return settle(n, delivery::dropped, 0, "the browser's subscription is gone (" + a.error + ")");
    }
    return after_failure(n, a);
  }
  const auto a = n.channel == "email" ? send_email(n, body, *s) : send_webhook(n, body, *s);
  if (a.ok) return settle(n, delivery::sent, 0, {});
  after_failure(n, a);
}

bool service::digested(const outbox_record& n) {
  if (n.channel != "email") return false;
  const auto s = delivery_settings_of(n.account);
  return s && s->digest_minutes > 0 && n.body.find(R"("event":"verify")") == std::string::npos;
}

void service::deliver_digest(std::int64_t account, const std::vector<outbox_record>& rows) {
  auto s = settings_of(account);
  std::vector<std::pair<outbox_record, nlohmann::json>> wanted;
  for (const auto& n : rows) {
    auto body = nlohmann::json::parse(n.body, nullptr, false);
    if (const auto why = unwanted(n, body, s); !why.empty()) {
      settle(n, delivery::dropped, 0, why);
    } else {
      wanted.emplace_back(n, std::move(body));
    }
  }
  if (wanted.empty()) return;
  const auto now = options_.now();
  const auto next_allowed = s->digest_last_at + s->digest_minutes * 60;
  if (now < next_allowed) {
    for (const auto& [n, body] : wanted) settle(n, delivery::deferred, next_allowed, {});
    return;
  }
  const auto unsubscribe = options_.public_url + "/api/notify/unsubscribe?token=" + s->unsubscribe_token;
  const auto& language = s->language;
  mail m;
  m.to = s->email;
  m.subject = i18n::text(language, "mail.subject.digest", {{"n", wanted.size()}});
  m.message_id = "loyang-digest-" + std::to_string(wanted.front().first.id) + "-" + std::to_string(now) + "@" +
                 host_of(options_.public_url);
  m.unsubscribe_url = unsubscribe;
  m.text = i18n::text(language, "mail.greeting", {{"name", wanted.front().second.value("account", std::string())}}) +
           "\n\n" + i18n::text(language, "mail.digest.since") + "\n\n";
  for (const auto& [n, body] : wanted) {
    m.text += "- " + body.value("text", "") + "\n  " + body.value("link", "") + "\n";
  }
  m.text += "\n-- \n" + i18n::text(language, "mail.signature", {{"url", options_.public_url}}) + "\n" +
            i18n::text(language, "mail.digest.why", {{"minutes", std::to_string(s->digest_minutes)}}) + "\n" +
            unsubscribe + "\n";
  const auto a = send_mail(options_.relay, m, static_cast<long>(now));
  if (!a.ok) {
    for (const auto& [n, body] : wanted) after_failure(n, a);
    return;
  }
  for (const auto& [n, body] : wanted) settle(n, delivery::sent, 0, {});
  s->digest_last_at = now;
  std::promise<std::string> saved;
  store_.save_notify_settings(account, stored(*s).dump(), {}, [&saved](const std::string& e) { saved.set_value(e); });
  if (const auto e = saved.get_future().get(); e.empty()) {
    std::lock_guard lock(mutex_);
    settings_[account].digest_last_at = now;
  } else {
    spdlog::error("notifications: when account {}'s digest went out could not be stored ({})", account, e);
  }
}

attempt service::send_email(const outbox_record& n, const nlohmann::json& body, const settings& s) {
  const auto event = body.value("event", "");
  const auto unsubscribe = options_.public_url + "/api/notify/unsubscribe?token=" + s.unsubscribe_token;
  const auto& language = s.language;
  mail m;
  m.to = s.email;
  m.subject = subject_of(body, language);
  m.message_id = "loyang-" + std::to_string(n.id) + "-" + std::to_string(n.created_at) + "@" + host_of(options_.public_url);
  const auto hello = i18n::text(language, "mail.greeting", {{"name", body.value("account", std::string())}});
  if (event == "verify") {
    m.text = hello + "\n\n" + i18n::text(language, "mail.verify.ask") + "\n" + body.value("link", "") + "\n\n" +
             i18n::text(language, "mail.verify.ignore") + "\n";
  } else {
    m.unsubscribe_url = unsubscribe;
    auto words = event_mail(body, language, options_.public_url, unsubscribe);
    m.text = std::move(words.text);
    m.html = std::move(words.html);
  }
  return send_mail(options_.relay, m, static_cast<long>(options_.now()));
}

attempt service::send_webhook(const outbox_record& n, const nlohmann::json& body, const settings& s) {
  const auto text_body = webhook_body(s.webhook_format, body, n.id, s.language).dump();
  const auto at = std::to_string(options_.now());
  return post_webhook(s.webhook_url, text_body,
                      {"X-Loyang-Event: " + body.value("event", std::string()), "X-Loyang-Delivery: " + std::to_string(n.id),
                       "X-Loyang-Timestamp: " + at, "X-Loyang-Signature: sha256=" + hmac_hex(s.webhook_secret, at + "." + text_body)},
                      webhook_policy_);
}

const push_subscription* service::push_target(const nlohmann::json& body, const settings& s) {
  const auto endpoint = body.value("push_endpoint", std::string());
  const auto it = std::find_if(s.push.begin(), s.push.end(), [&](const auto& p) { return p.endpoint == endpoint; });
  return it == s.push.end() ? nullptr : &*it;
}

attempt service::send_push(const nlohmann::json& body, const push_subscription& to, const settings& s) {
  std::shared_ptr<const push::vapid_key> key;
  {
    std::lock_guard lock(mutex_);
    key = vapid_;
  }
  if (!key) return {false, false, "the server's VAPID key is not made yet"};
  const auto event = body.value("event", std::string());
  // What the service worker (web/sw.js) shows: the text, and where a click leads. A turn of a
  // game replaces the one before it on the device (tag), as only the latest matters.
  const auto game = game_in(body);
  const nlohmann::json message{{"title", i18n::text(s.language, "push.title")},
                               {"body", body.value("text", std::string())},
                               {"url", body.value("link", std::string())},
                               {"event", event},
                               {"tag", event == "message" ? "message-" + body.value("about", std::string())
                                                          : "game-" + std::to_string(game)}};
  std::string error;
  const auto p256dh = push::base64url_decode(to.p256dh);
  const auto auth = push::base64url_decode(to.auth);
  auto text = message.dump();
  if (text.size() > push::max_plaintext_size) {
    // Only a chat or message quote can be this long: the text is cut, the link kept.
    auto shorter = message;
    shorter["body"] = body.value("text", std::string()).substr(0, 1000);
    text = shorter.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }
  const auto sealed = p256dh && auth ? push::encrypt({*p256dh, *auth}, text, error) : std::nullopt;
  if (!sealed) return {false, true, "cannot encrypt for this browser: " + (error.empty() ? "bad keys" : error)};
  // The token is for the push service, on real time (a test's hand clock is not the service's).
  const auto exp = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
                       .count() + 12 * 3600;
  std::string authorization;
  try {
    authorization = push::vapid_header(*key, to.endpoint, "mailto:" + options_.relay.from, exp);
  } catch (const std::exception& e) {
    return {false, true, std::string("cannot sign for this endpoint: ") + e.what()};
  }
  const bool urgent = event == "turn" || event == "reminder" || event == "vote" || event == "nudge";
  return post_webhook(to.endpoint, *sealed,
                      {"Authorization: " + authorization, "Content-Encoding: aes128gcm", "TTL: 86400",
                       std::string("Urgency: ") + (urgent ? "high" : "normal")},
                      webhook_policy_, {}, "application/octet-stream");
}

void service::forget_push(std::int64_t account, const std::string& endpoint) {
  std::optional<settings> s = settings_of(account);
  if (!s) return;
  std::erase_if(s->push, [&](const auto& p) { return p.endpoint == endpoint; });
  std::promise<std::string> saved;
  store_.save_notify_settings(account, stored(*s).dump(), {}, [&saved](const std::string& e) { saved.set_value(e); });
  if (const auto e = saved.get_future().get(); !e.empty()) {
    spdlog::error("notifications: account {}'s gone browser could not be forgotten ({})", account, e);
    return;
  }
  std::lock_guard lock(mutex_);
  std::erase_if(settings_[account].push, [&](const auto& p) { return p.endpoint == endpoint; });
}

void service::use_secret(const std::string& secret) {
  // The key's scalar: the secret hashed with a purpose of its own, so knowing the key tells
  // nothing of the secret (nor of the daily seeds made from it). Again with a counter in the
  // (about 2^-32) case that a hash is not a valid scalar.
  for (unsigned char round = 0; round < 8; ++round) {
    unsigned char scalar[32];
    const std::string purpose = std::string("loyang vapid key ") + char('0' + round);
    crypto_generichash(scalar, sizeof scalar, reinterpret_cast<const unsigned char*>(purpose.data()), purpose.size(),
                       reinterpret_cast<const unsigned char*>(secret.data()),
                       std::min<std::size_t>(secret.size(), crypto_generichash_KEYBYTES_MAX));
    std::string error;
    auto key = push::vapid_key::from_private_raw(std::string_view(reinterpret_cast<const char*>(scalar), sizeof scalar),
                                                 error);
    sodium_memzero(scalar, sizeof scalar);
    if (!key) continue;
    std::lock_guard lock(mutex_);
    vapid_ = std::make_shared<const push::vapid_key>(std::move(*key));
    return;
  }
  spdlog::error("notifications: no VAPID key could be made: Web Push is off");
}

void service::push_key(reply_fn reply) const {
  std::shared_ptr<const push::vapid_key> key;
  {
    std::lock_guard lock(mutex_);
    key = vapid_;
  }
  if (!key) return reply(refuse(http::status::service_unavailable, "push_unavailable", "Web Push is not ready"));
  reply({http::status::ok, {{"public_key", key->public_b64()}}});
}

void service::add_push(std::int64_t account, const nlohmann::json& body, reply_fn reply) {
  const auto bad = [&reply](const std::string& why) { reply(refuse(http::status::bad_request, "bad_request", why)); };
  if (!body.is_object() || !body.contains("endpoint") || !body["endpoint"].is_string() || !body.contains("keys") ||
      !body["keys"].is_object()) {
    return bad("the body must be a PushSubscription: {\"endpoint\": \"https://...\", \"keys\": {\"p256dh\", \"auth\"}}");
  }
  for (const auto& [k, v] : body.items()) {
    if (k != "endpoint" && k != "keys" && k != "expirationTime") return bad("unknown field \"" + k + "\"");
  }
  const auto endpoint = body["endpoint"].get<std::string>();
  if (!push::endpoint_origin(endpoint) || endpoint.size() > 2048 ||
      endpoint.find_first_of(" \t\r\n") != std::string::npos) {
    return bad("\"endpoint\" must be the push service's http(s) URL");
  }
  const auto& keys = body["keys"];
  if (!keys.contains("p256dh") || !keys["p256dh"].is_string() || !keys.contains("auth") || !keys["auth"].is_string() ||
      keys.size() != 2) {
    return bad("\"keys\" must be {\"p256dh\": ..., \"auth\": ...} (base64url)");
  }
  const auto p256dh = push::base64url_decode(keys["p256dh"].get<std::string>());
  const auto auth = push::base64url_decode(keys["auth"].get<std::string>());
  std::string error;
  // A trial encryption checks the point is on the curve and the secret's length.
  if (!p256dh || !auth || !push::encrypt({*p256dh, *auth}, "{}", error)) {
    return bad("the subscription's keys are not a P-256 point and a 16-byte secret" +
               (error.empty() ? std::string() : std::string(": ").append(error)));
  }
  auto s = settings_of(account).value_or(settings{});
  std::erase_if(s.push, [&](const auto& p) { return p.endpoint == endpoint; });
  s.push.push_back({endpoint, keys["p256dh"].get<std::string>(), keys["auth"].get<std::string>(), options_.now()});
  if (s.push.size() > max_push_subscriptions) s.push.erase(s.push.begin());
  if (s.unsubscribe_token.empty()) s.unsubscribe_token = random_token();
  save(account, s, {}, reply, {http::status::ok, owner_view(s)});
}

void service::remove_push(std::int64_t account, const nlohmann::json& body, reply_fn reply) {
  if (!body.is_object() || body.size() != 1 || !body.contains("endpoint") || !body["endpoint"].is_string()) {
    return reply(refuse(http::status::bad_request, "bad_request", "the body must be {\"endpoint\": ...}"));
  }
  auto s = settings_of(account).value_or(settings{});
  const auto endpoint = body["endpoint"].get<std::string>();
  if (std::erase_if(s.push, [&](const auto& p) { return p.endpoint == endpoint; }) == 0) {
    return reply(refuse(http::status::not_found, "not_subscribed", "this browser is not subscribed"));
  }
  save(account, s, {}, reply, {http::status::ok, owner_view(s)});
}

void service::settle(const outbox_record& n, delivery how, std::int64_t next_at, const std::string& error) {
  switch (how) {
    case delivery::sent: ++stats_->notifications_sent; break;
    case delivery::retry: ++stats_->notifications_retried; break;
    case delivery::failed: ++stats_->notifications_failed; break;
    case delivery::dropped: ++stats_->notifications_dropped; break;
    case delivery::deferred: break;
  }
  // Settled before the next is taken: the outbox read again must not offer this one.
  std::promise<std::string> settled;
  store_.settle_notification(n.id, how, options_.now(), next_at, error,
                             [&settled](const std::string& e) { settled.set_value(e); });
  if (const auto e = settled.get_future().get(); !e.empty()) {
    spdlog::error("notification {} could not be settled ({}): it may be delivered again", n.id, e);
  }
}

}  // namespace loyang::server::notify
