#include "news.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include "../clocks/game_clock.hpp"
#include "../i18n/text.hpp"
#include "../i18n/zone.hpp"

namespace loyang::server::notify {
namespace {

bool person(const seat_record& s) { return s.account_id != 0 && s.gone == persistence::departure::none; }

bool acts(const game_record& g, std::size_t seat) {
  return g.status == game_status::active &&
         std::find(g.to_act.begin(), g.to_act.end(), engine::player_id(seat)) != g.to_act.end();
}

std::int64_t deadline_of(const game_record& g, std::size_t seat) {
  const auto c = clocks::record_clock(g.clock);
  return c ? c->deadline(engine::player_id(seat)).value_or(0) : 0;
}

// What happened, in the account's language, its deadline in its time zone.
std::string sentence(const news& n, const settings& s) {
  const auto& language = s.language;
  nlohmann::json args{{"game", std::to_string(n.game)}};
  const bool until = n.deadline > 0;
  if (until) args["deadline"] = i18n::date_time(language, n.deadline, s.time_zone);
  switch (n.what) {
    case event::turn: return i18n::text(language, until ? "notify.turn_until" : "notify.turn", args);
    case event::reminder: return i18n::text(language, until ? "notify.reminder_until" : "notify.reminder", args);
    case event::start: return i18n::text(language, "notify.start", args);
    case event::end: return i18n::text(language, "notify.end", args);
    case event::invite: return i18n::text(language, "notify.invite", args);
    case event::chat:
      args["message"] = n.detail;
      return i18n::text(language, "notify.chat", args);
    case event::verify: break;
  }
  return i18n::text(language, "notify.verify", args);
}

}  // namespace

std::vector<news> game_news(const game_record& before, const game_record& after,
                            const std::vector<std::pair<engine::player_id, int>>& reminders) {
  std::vector<news> out;
  const bool started = before.status == game_status::open && after.status == game_status::active;
  const bool ended = before.status != game_status::finished && after.status == game_status::finished;
  for (std::size_t i = 0; i < after.seats.size(); ++i) {
    const auto& s = after.seats[i];
    const auto seat = std::to_string(i);
    if (started && person(s)) out.push_back({event::start, s.account_id, after.id, 0, "start"});
    if (person(s) && acts(after, i) && (started || !acts(before, i))) {
      out.push_back({event::turn, s.account_id, after.id, deadline_of(after, i),
                     "turn:v" + std::to_string(after.version) + ":s" + seat});
    }
    if (ended && s.account_id != 0) out.push_back({event::end, s.account_id, after.id, 0, "end"});
  }
  for (const auto& [seat, n] : reminders) {
    if (seat < 0 || std::size_t(seat) >= after.seats.size() || !person(after.seats[std::size_t(seat)])) continue;
    const auto deadline = deadline_of(before, std::size_t(seat));
    out.push_back({event::reminder, after.seats[std::size_t(seat)].account_id, after.id, deadline,
                   "reminder" + std::to_string(n) + ":s" + std::to_string(seat) + ":d" + std::to_string(deadline)});
  }
  return out;
}

std::vector<news> invite_news(const game_record& g, const std::vector<std::int64_t>& invited) {
  std::vector<news> out;
  for (const auto account : invited) out.push_back({event::invite, account, g.id, 0, "invite"});
  return out;
}

namespace {

bool mentions(const std::string& text, const std::string& name) {
  const auto fold = [](std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
  };
  // Appended, not "@" + ...: GCC 12 warns falsely on that (-Wrestrict).
  const auto t = fold(text);
  std::string at(1, '@');
  at += fold(name);
  for (auto pos = t.find(at); pos != std::string::npos; pos = t.find(at, pos + 1)) {
    const auto end = pos + at.size();
    // Names are letters, digits, '_', '-' and '.': "@ann" does not mention "anna".
    if (end == t.size() || !(std::isalnum(static_cast<unsigned char>(t[end])) || t[end] == '_' || t[end] == '-')) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::vector<news> chat_news(const game_record& g, const persistence::chat_record& m, const std::string& writer_name,
                            const std::vector<std::pair<std::int64_t, std::string>>& away) {
  std::vector<news> out;
  auto start = m.text.substr(0, 100);
  if (start.size() < m.text.size()) {
    while (!start.empty() && (static_cast<unsigned char>(start.back()) & 0xC0) == 0x80) start.pop_back();
    if (!start.empty()) start.pop_back();  // the first byte of a cut character, or one more
    start += "...";
  }
  for (const auto& [account, name] : away) {
    if (account == m.account) continue;
    std::string key(1, mentions(m.text, name) ? 'm' : 'h');
    key += std::to_string(mentions(m.text, name) ? m.id : m.at / 3600);
    out.push_back({event::chat, account, g.id, 0, key, writer_name + ": " + start});
  }
  return out;
}

namespace {

outbox_record row(const context& c, const news& n, const char* channel, const std::string& text) {
  nlohmann::json body{{"event", event_name(n.what)},
                      {"game", n.game},
                      {"account", c.name_of(n.account)},
                      {"text", text},
                      {"link", c.public_url + "/#/game/" + std::to_string(n.game)},
                      {"deadline", n.deadline > 0 ? nlohmann::json(n.deadline) : nlohmann::json(nullptr)}};
  outbox_record r;
  r.account = n.account;
  r.channel = channel;
  r.dedupe = std::string(event_name(n.what)) + ":g" + std::to_string(n.game) + ":a" + std::to_string(n.account) +
             ":" + n.key + ":" + channel;
  r.body = body.dump();
  r.created_at = c.now;
  r.next_at = c.now;
  return r;
}

}  // namespace

std::vector<outbox_record> compose(const context& c, const std::vector<news>& items) {
  std::vector<outbox_record> out;
  for (const auto& n : items) {
    const auto s = c.settings_of(n.account);
    if (!s) continue;
    const auto text = sentence(n, *s);
    if (!s->email.empty() && s->email_verified && has(s->email_events, n.what)) out.push_back(row(c, n, "email", text));
    if (!s->webhook_url.empty() && has(s->webhook_events, n.what)) out.push_back(row(c, n, "webhook", text));
  }
  return out;
}

outbox_record verification_note(const context& c, std::int64_t account, const settings& s) {
  news n{event::verify, account, 0, 0, s.verify_token.substr(0, 16)};
  auto r = row(c, n, "email", sentence(n, s));
  auto body = nlohmann::json::parse(r.body);
  body["link"] = c.public_url + "/api/notify/verify?token=" + s.verify_token;
  body["address"] = s.email;
  r.body = body.dump();
  return r;
}

}  // namespace loyang::server::notify
