#pragma once
// Internal: how an account wants to be told, and of what (docs/protocol.md, "Notifications"):
// an e-mail address (verified before anything but the verification mail goes to it), a webhook
// (generic JSON, or the bodies Discord and Slack accept, signed with the account's secret), for
// each channel the events it wants, and the language and time zone they are written in.
#include <nlohmann/json.hpp>

#include <vector>

#include <array>
#include <cstdint>
#include <string>

namespace loyang::server::notify {

/// What a notification is about. `verify` (confirm an e-mail address) is sent whatever the
/// account chose; the others only when chosen. New events go at the end: stored settings keep
/// events as bits of these values.
enum class event { turn, reminder, start, end, invite, chat, verify, vote, opponent, nudge, message };

/// The events an account may choose, in the order the API lists them.
inline constexpr std::array<event, 10> choosable{event::turn,   event::reminder, event::start,
                                                 event::end,    event::invite,   event::chat,
                                                 event::vote,   event::opponent, event::nudge,
                                                 event::message};

/// "turn", "reminder", "start", "end", "invite", "chat", "verify", "vote", "opponent", "nudge",
/// "message".
const char* event_name(event e);

/// A set of events, as bits (1 << event).
using event_set = unsigned;
inline constexpr event_set bit(event e) { return 1u << static_cast<unsigned>(e); }
inline constexpr event_set all_events = [] {
  event_set s = 0;
  for (const auto e : choosable) s |= bit(e);
  return s;
}();
/// The events settings stored before `events_known` was kept knew of: those added since are on
/// for them, as they are for a new account.
inline constexpr event_set first_events =
    bit(event::turn) | bit(event::reminder) | bit(event::start) | bit(event::end) | bit(event::invite) | bit(event::chat);
inline bool has(event_set s, event e) { return (s & bit(e)) != 0; }

/// How long after his last move a player who has the game open is taken to be playing, when
/// nothing was chosen; turn notifications wait meanwhile (settings::hold_minutes).
inline constexpr std::int64_t default_hold_minutes = 10;

/// One browser's Web Push subscription (the browser's PushSubscription): where to post, and the
/// keys to encrypt for it (base64url, as the browser gives them).
struct push_subscription {
  std::string endpoint;
  std::string p256dh;
  std::string auth;
  std::int64_t at = 0;  ///< when it was added (Unix seconds)
  bool operator==(const push_subscription&) const = default;
};

/// Each account keeps at most this many browsers' subscriptions (the oldest goes first).
inline constexpr std::size_t max_push_subscriptions = 10;

struct settings {
  std::string email;              ///< empty: no e-mail
  bool email_verified = false;
  std::string verify_token;       ///< the link of the verification mail (while unverified)
  std::string unsubscribe_token;  ///< the one-click unsubscribe link of every mail
  event_set email_events = all_events;
  std::string webhook_url;        ///< empty: no webhook
  std::string webhook_format = "json";  ///< "json", "discord" or "slack"
  std::string webhook_secret;     ///< the HMAC-SHA256 key of the signatures (hex)
  event_set webhook_events = all_events;
  /// Web Push: the browsers that take notifications, and what they are told.
  std::vector<push_subscription> push;
  event_set push_events = all_events;
  /// E-mail as a digest: at most one mail per this many minutes, listing everything since the
  /// last; 0: one mail per notification.
  std::int64_t digest_minutes = 0;
  std::int64_t digest_last_at = 0;  ///< when the last digest went out (Unix seconds)
  /// Turn notifications wait while the player has the game open and moved within this many
  /// minutes, and go out when he leaves it (or this long after his last move); 0: never wait.
  std::int64_t hold_minutes = default_hold_minutes;
  /// The language of its mails and webhooks, a catalog's code ("fr"); empty: not chosen
  /// (English). Kept here so that every store keeps it with the rest (locale.hpp).
  std::string language;
  /// The IANA time zone its deadlines are written in ("Europe/Paris"); empty: not chosen (UTC).
  std::string time_zone;
  bool operator==(const settings&) const = default;
};

/// The settings as the store keeps them, and back (unknown or missing fields take defaults;
/// the store's data is the server's own).
nlohmann::json stored(const settings& s);
settings from_stored(const nlohmann::json& j);

/// What GET /api/account/notifications shows the account itself (its secret included: it
/// needs it to check the signatures; never the tokens of its links).
nlohmann::json owner_view(const settings& s);

/// What a PUT changed, so the caller knows whether to send a verification mail.
struct update_result {
  std::string error;        ///< a sentence for 400 bad_request; empty when applied
  bool email_changed = false;
};
/// Applies a PUT body to `s`: any of {"email": "ann@example.org" or null, "email_events":
/// [...], "digest_minutes": 0 or 60..10080, "webhook": {"url": "https://...", "format":
/// "json"|"discord"|"slack"} or null, "webhook_events": [...], "new_webhook_secret": true,
/// "hold_minutes": 0..240}. A new address is unverified and gets a new verification token; a
/// first webhook gets a secret. Nothing changes on an error.
update_result apply_update(settings& s, const nlohmann::json& body);

/// A random token for links and secrets: 32 bytes as 64 hex digits (libsodium).
std::string random_token();

}  // namespace loyang::server::notify
