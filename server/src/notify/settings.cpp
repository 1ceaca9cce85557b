#include "settings.hpp"

#include <sodium.h>

#include <algorithm>

namespace loyang::server::notify {
namespace {

nlohmann::json events_json(event_set s) {
  auto out = nlohmann::json::array();
  for (const auto e : choosable) {
    if (has(s, e)) out.push_back(event_name(e));
  }
  return out;
}

// The events named in `j`, or nullopt when it is not a list of known names.
std::optional<event_set> parse_events(const nlohmann::json& j) {
  if (!j.is_array()) return std::nullopt;
  event_set out = 0;
  for (const auto& name : j) {
    if (!name.is_string()) return std::nullopt;
    const auto it = std::find_if(choosable.begin(), choosable.end(),
                                 [&name](event e) { return name.get<std::string>() == event_name(e); });
    if (it == choosable.end()) return std::nullopt;
    out |= bit(*it);
  }
  return out;
}

bool printable(const std::string& s) {
  return std::none_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) <= ' ' || c == 0x7f; });
}

// A plausible address: one @, something either side, a dot in the domain, no spaces or
// controls, at most 254 bytes (RFC 5321). Whether it exists the verification mail finds out.
bool plausible_email(const std::string& a) {
  const auto at = a.find('@');
  return a.size() <= 254 && at != std::string::npos && at > 0 && a.find('@', at + 1) == std::string::npos &&
         a.find('.', at) != std::string::npos && a.back() != '.' && printable(a) &&
         a.find_first_of("<>()[],;:\\\"") == std::string::npos;
}

bool plausible_url(const std::string& u) {
  return (u.rfind("https://", 0) == 0 || u.rfind("http://", 0) == 0) && u.size() <= 2048 && u.size() > 8 &&
         printable(u);
}

}  // namespace

const char* event_name(event e) {
  switch (e) {
    case event::turn: return "turn";
    case event::reminder: return "reminder";
    case event::start: return "start";
    case event::end: return "end";
    case event::invite: return "invite";
    case event::chat: return "chat";
    case event::verify: return "verify";
    case event::vote: return "vote";
    case event::opponent: return "opponent";
    case event::nudge: return "nudge";
    case event::message: return "message";
  }
  return "turn";
}

std::string random_token() {
  unsigned char bytes[32];
  randombytes_buf(bytes, sizeof bytes);
  char hex[65];
  sodium_bin2hex(hex, sizeof hex, bytes, sizeof bytes);
  return hex;
}

nlohmann::json stored(const settings& s) {
  return {{"email", s.email},
          {"email_verified", s.email_verified},
          {"verify_token", s.verify_token},
          {"unsubscribe_token", s.unsubscribe_token},
          {"email_events", s.email_events},
          {"webhook_url", s.webhook_url},
          {"webhook_format", s.webhook_format},
          {"webhook_secret", s.webhook_secret},
          {"webhook_events", s.webhook_events},
          {"push", [&s] {
             auto out = nlohmann::json::array();
             for (const auto& p : s.push) {
               out.push_back({{"endpoint", p.endpoint}, {"p256dh", p.p256dh}, {"auth", p.auth}, {"at", p.at}});
             }
             return out;
           }()},
          {"push_events", s.push_events},
          {"digest_minutes", s.digest_minutes},
          {"digest_last_at", s.digest_last_at},
          {"hold_minutes", s.hold_minutes},
          {"events_known", all_events},
          {"language", s.language},
          {"time_zone", s.time_zone}};
}

settings from_stored(const nlohmann::json& j) {
  settings s;
  if (!j.is_object()) return s;
  s.email = j.value("email", "");
  s.email_verified = j.value("email_verified", false);
  s.verify_token = j.value("verify_token", "");
  s.unsubscribe_token = j.value("unsubscribe_token", "");
  // Events added after the settings were stored are on, as for a new account, on each channel
  // that wanted something; a channel that wanted nothing (unsubscribed) stays so.
  const auto added = all_events & ~j.value("events_known", first_events);
  const auto with_added = [added](event_set chosen) { return chosen == 0 ? 0 : (chosen | added) & all_events; };
  s.email_events = with_added(j.value("email_events", all_events));
  s.webhook_url = j.value("webhook_url", "");
  s.webhook_format = j.value("webhook_format", "json");
  s.webhook_secret = j.value("webhook_secret", "");
  s.webhook_events = with_added(j.value("webhook_events", all_events));
  s.push_events = with_added(j.value("push_events", all_events));
  if (const auto it = j.find("push"); it != j.end() && it->is_array()) {
    for (const auto& p : *it) {
      if (!p.is_object()) continue;
      s.push.push_back({p.value("endpoint", ""), p.value("p256dh", ""), p.value("auth", ""), p.value("at", std::int64_t{0})});
    }
  }
  s.digest_minutes = j.value("digest_minutes", std::int64_t{0});
  s.digest_last_at = j.value("digest_last_at", std::int64_t{0});
  s.hold_minutes = j.value("hold_minutes", default_hold_minutes);
  s.language = j.value("language", "");
  s.time_zone = j.value("time_zone", "");
  return s;
}

nlohmann::json owner_view(const settings& s) {
  nlohmann::json webhook = nullptr;
  if (!s.webhook_url.empty()) {
    webhook = {{"url", s.webhook_url}, {"format", s.webhook_format}, {"secret", s.webhook_secret}};
  }
  return {{"email", s.email.empty() ? nlohmann::json(nullptr) : nlohmann::json(s.email)},
          {"email_verified", s.email_verified},
          {"email_events", events_json(s.email_events)},
          {"digest_minutes", s.digest_minutes},
          {"hold_minutes", s.hold_minutes},
          {"webhook", webhook},
          {"webhook_events", events_json(s.webhook_events)},
          // The browsers, by address only: their keys are theirs.
          {"push", [&s] {
             auto out = nlohmann::json::array();
             for (const auto& p : s.push) out.push_back({{"endpoint", p.endpoint}, {"at", p.at}});
             return out;
           }()},
          {"push_events", events_json(s.push_events)}};
}

update_result apply_update(settings& s, const nlohmann::json& body) {
  if (!body.is_object()) return {"the body must be a JSON object"};
  settings next = s;
  update_result out;
  for (const auto& [key, value] : body.items()) {
    if (key == "email") {
      if (value.is_null()) {
        next.email.clear();
        next.email_verified = false;
        next.verify_token.clear();
      } else if (!value.is_string() || !plausible_email(value.get<std::string>())) {
        return {"\"email\" must be an e-mail address (or null for none)"};
      } else if (value.get<std::string>() != s.email) {
        next.email = value.get<std::string>();
        next.email_verified = false;
        next.verify_token = random_token();
        out.email_changed = true;
      }
    } else if (key == "email_events" || key == "webhook_events" || key == "push_events") {
      const auto events = parse_events(value);
      if (!events) {
        return {"\"" + key + "\" must be a list of turn, reminder, start, end, invite, chat, vote, opponent, nudge, "
                "message"};
      }
      (key == "email_events" ? next.email_events : key == "webhook_events" ? next.webhook_events : next.push_events) =
          *events;
    } else if (key == "webhook") {
      if (value.is_null()) {
        next.webhook_url.clear();
        continue;
      }
      if (!value.is_object() || !value.contains("url") || !value["url"].is_string() ||
          !plausible_url(value["url"].get<std::string>())) {
        return {"\"webhook\" must be {\"url\": \"https://...\", \"format\": \"json\"} (or null for none)"};
      }
      const auto format = value.value("format", std::string("json"));
      if (format != "json" && format != "discord" && format != "slack") {
        return {"the webhook's \"format\" must be json, discord or slack"};
      }
      for (const auto& [k, v] : value.items()) {
        if (k != "url" && k != "format") return {"unknown field \"" + k + "\" in \"webhook\""};
      }
      next.webhook_url = value["url"].get<std::string>();
      next.webhook_format = format;
      if (next.webhook_secret.empty()) next.webhook_secret = random_token();
    } else if (key == "digest_minutes") {
      if (!value.is_number_integer() || (value.get<std::int64_t>() != 0 &&
                                         (value.get<std::int64_t>() < 60 || value.get<std::int64_t>() > 10080))) {
        return {"\"digest_minutes\" must be 0 (a mail each time) or from 60 (hourly) to 10080 (weekly)"};
      }
      next.digest_minutes = value.get<std::int64_t>();
    } else if (key == "hold_minutes") {
      if (!value.is_number_integer() || value.get<std::int64_t>() < 0 || value.get<std::int64_t>() > 240) {
        return {"\"hold_minutes\" must be from 0 (never wait) to 240"};
      }
      next.hold_minutes = value.get<std::int64_t>();
    } else if (key == "new_webhook_secret") {
      if (value != true) return {"\"new_webhook_secret\" may only be true"};
      next.webhook_secret = random_token();
    } else {
      return {"unknown field \"" + key + "\""};
    }
  }
  if (next.unsubscribe_token.empty()) next.unsubscribe_token = random_token();
  s = std::move(next);
  return out;
}

}  // namespace loyang::server::notify
