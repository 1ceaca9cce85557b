#include "news.hpp"

#include <nlohmann/json.hpp>
#include <sodium.h>

#include <algorithm>
#include <cctype>
#include "../clocks/game_clock.hpp"
#include "../clocks/nudge.hpp"
#include "../clocks/timeouts.hpp"
#include "../i18n/text.hpp"
#include "../i18n/zone.hpp"
#include "recap.hpp"

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

// What happened, in the account's language, its deadline in its time zone; `name_of` names the
// player a vote or an opponent's news is about.
std::string sentence(const news& n, const settings& s, const std::function<std::string(std::int64_t)>& name_of) {
  const auto& language = s.language;
  nlohmann::json args{{"game", std::to_string(n.game)}};
  if (n.about != 0 && name_of) args["name"] = name_of(n.about);
  const bool until = n.deadline > 0;
  if (until) args["deadline"] = i18n::date_time(language, n.deadline, s.time_zone);
  switch (n.what) {
    case event::turn: return i18n::text(language, until ? "notify.turn_until" : "notify.turn", args);
    case event::reminder: return i18n::text(language, until ? "notify.reminder_until" : "notify.reminder", args);
    case event::start:
      if (n.round == 0) return i18n::text(language, "notify.start", args);
      args["round"] = std::to_string(n.round);
      args["tournament"] = n.detail;
      return i18n::text(language, "notify.start_tournament", args);
    case event::end: return i18n::text(language, "notify.end", args);
    case event::invite: return i18n::text(language, "notify.invite", args);
    case event::chat:
      args["message"] = n.detail;
      return i18n::text(language, "notify.chat", args);
    case event::vote: return i18n::text(language, "notify.vote", args);
    case event::nudge: return i18n::text(language, "notify.nudge", args);
    case event::message:
      args["message"] = n.detail;
      return i18n::text(language, "notify.message", args);
    case event::opponent:
      if (n.detail == "away") return i18n::text(language, "notify.opponent_away", args);
      if (n.detail == "low_time") return i18n::text(language, until ? "notify.opponent_low_time_until" : "notify.opponent_low_time", args);
      return i18n::text(language, "notify.opponent_bot", args);
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
    if (started && person(s)) {
      news n{event::start, s.account_id, after.id, 0, "start"};
      // A tournament's round begins: its players are told which round of which tournament.
      if (after.extra.is_object() && after.extra.value("tournament_round", 0) > 0) {
        n.round = after.extra.value("tournament_round", 0);
        n.detail = after.extra.value("tournament_name", std::string());
      }
      out.push_back(std::move(n));
    }
    if (person(s) && acts(after, i) && (started || !acts(before, i))) {
      news n{event::turn, s.account_id, after.id, deadline_of(after, i),
             "turn:v" + std::to_string(after.version) + ":s" + seat};
      n.seat = engine::player_id(i);
      for (const auto& other : after.seats) n.people.push_back(other.bot ? 0 : other.account_id);
      n.players = after.options.players;
      out.push_back(std::move(n));
    }
    if (ended && s.account_id != 0) out.push_back({event::end, s.account_id, after.id, 0, "end"});
  }
  // What the others are told of a person's seat: each person still playing but him.
  const auto tell_others = [&](std::size_t about, event what, std::int64_t deadline, const std::string& key,
                               const std::string& kind) {
    for (std::size_t j = 0; j < after.seats.size(); ++j) {
      if (j == about || !person(after.seats[j]) || after.seats[j].account_id == after.seats[about].account_id) continue;
      news n{what, after.seats[j].account_id, after.id, deadline, key};
      n.detail = kind;
      n.about = after.seats[about].account_id;
      out.push_back(std::move(n));
    }
  };
  for (const auto& [seat, n] : reminders) {
    if (seat < 0 || std::size_t(seat) >= after.seats.size() || !person(after.seats[std::size_t(seat)])) continue;
    const auto deadline = deadline_of(before, std::size_t(seat));
    out.push_back({event::reminder, after.seats[std::size_t(seat)].account_id, after.id, deadline,
                   "reminder" + std::to_string(n) + ":s" + std::to_string(seat) + ":d" + std::to_string(deadline)});
    if (n == 2) {
      tell_others(std::size_t(seat), event::opponent, deadline,
                  "low:s" + std::to_string(seat) + ":d" + std::to_string(deadline), "low_time");
    }
  }
  if (after.status != game_status::active) return out;
  const auto was = clocks::record_clock(before.clock);
  const auto now = clocks::record_clock(after.clock);
  for (std::size_t i = 0; i < after.seats.size(); ++i) {
    const auto& s = after.seats[i];
    const auto seat = engine::player_id(i);
    if (person(s) && now && now->paused(seat) && !(was && was->paused(seat))) {
      tell_others(i, event::opponent, 0, "away:s" + std::to_string(i) + ":t" + std::to_string(after.updated_at), "away");
    }
    if (s.account_id != 0 && s.bot && i < before.seats.size() && !before.seats[i].bot) {
      // Told to those still playing; he himself knows why he left.
      tell_others(i, event::opponent, 0, "bot:s" + std::to_string(i), "bot");
    }
  }
  // A nudge: each seat's newest in extra.nudges, told to those it reaches.
  for (std::size_t i = 0; i < after.seats.size(); ++i) {
    const auto seat = engine::player_id(i);
    const auto at = clocks::last_nudge(after, seat);
    if (!at || at == clocks::last_nudge(before, seat)) continue;
    for (const auto p : clocks::nudged(after, seat)) {
      news n{event::nudge, after.seats[std::size_t(p)].account_id, after.id, deadline_of(after, std::size_t(p)),
             "nudge:s" + std::to_string(i) + ":t" + std::to_string(*at)};
      n.about = after.seats[i].account_id;
      out.push_back(std::move(n));
    }
  }
  if (now && now->vote() && !(was && was->vote() && was->vote()->seat == now->vote()->seat &&
                              was->vote()->until == now->vote()->until)) {
    const auto& v = *now->vote();
    const auto about = std::size_t(v.seat) < after.seats.size() ? after.seats[std::size_t(v.seat)].account_id : 0;
    for (const auto voter : clocks::voters(after, v.seat)) {
      news n{event::vote, after.seats[std::size_t(voter)].account_id, after.id, v.until,
             "vote:s" + std::to_string(v.seat) + ":u" + std::to_string(v.until)};
      n.about = about;
      out.push_back(std::move(n));
    }
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

// A turn's "opponents" and "since", in the reader's words (names.js's names: "Bot 2", the
// imaginary opponent, "ann (you)").
nlohmann::json table_story(const context& c, const news& n, const settings& s) {
  const auto& language = s.language;
  std::vector<std::string> names;
  auto opponents = nlohmann::json::array();
  for (std::size_t i = 0; i < n.people.size(); ++i) {
    std::string name;
    if (n.players == 1 && i == 1) {
      name = i18n::text(language, "render.seat_imaginary_opponent");
    } else if (n.people[i] == 0) {
      name = i18n::text(language, "render.seat_bot", {{"n", i + 1}});
    } else {
      name = c.name_of(n.people[i]);
    }
    if (engine::player_id(i) == n.seat) {
      names.push_back(i18n::text(language, "render.seat_you", {{"name", name}}));
    } else {
      names.push_back(name);
      opponents.push_back(name);
    }
  }
  nlohmann::json since{{"summary", ""}, {"lines", nlohmann::json::array()}, {"more", ""}, {"cash", ""}};
  if (c.since_of) {
    const auto entries = nlohmann::json::parse(c.since_of(n.seat), nullptr, false);
    if (entries.is_array() && !entries.empty()) {
      const auto r = recap_of(entries, names, i18n::text(language, "render.seat_bank"), language);
      since = {{"summary", r.summary}, {"lines", r.lines}, {"more", r.more_text}, {"cash", r.cash}};
    }
  }
  return {{"opponents", opponents}, {"since", since}};
}

// A short, stable name of a push endpoint for the dedupe key (the key's length is bounded).
std::string push_key(const std::string& endpoint) {
  unsigned char hash[12];
  crypto_generichash(hash, sizeof hash, reinterpret_cast<const unsigned char*>(endpoint.data()), endpoint.size(),
                     nullptr, 0);
  char hex[2 * sizeof hash + 1];
  sodium_bin2hex(hex, sizeof hex, hash, sizeof hash);
  return hex;
}

outbox_record row(const context& c, const news& n, const char* channel, const std::string& text,
                  const nlohmann::json& extra = nlohmann::json::object()) {
  // A private message is about no game: its link is the conversation.
  const bool letter = n.what == event::message;
  nlohmann::json body{{"event", event_name(n.what)},
                      {"account", c.name_of(n.account)},
                      {"text", text},
                      {"link", letter ? c.public_url + "/#/messages/" + c.name_of(n.about)
                                      : c.public_url + "/#/game/" + std::to_string(n.game)},
                      {"deadline", n.deadline > 0 ? nlohmann::json(n.deadline) : nlohmann::json(nullptr)}};
  // No "game" at all for a private message (not null: an older node, during a rolling upgrade,
  // reads a missing game as 0 but throws on a null one).
  if (!letter) body["game"] = n.game;
  // The message's id ("m81"): the sender drops the notification if an operator deletes it first.
  if (letter) body["message"] = std::stoll(n.key.substr(1));
  if (n.about != 0) body["about"] = c.name_of(n.about);
  if (n.what == event::opponent) body["kind"] = n.detail;
  for (const auto& [k, v] : extra.items()) body[k] = v;
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

std::vector<news> message_news(const persistence::message_record& m) {
  // The message's start: at most 200 bytes, cut before a character the cut would split.
  std::string start = m.text;
  if (start.size() > 200) {
    std::size_t cut = 200;
    while (cut > 0 && (static_cast<unsigned char>(start[cut]) & 0xC0) == 0x80) --cut;
    start = start.substr(0, cut) + "…";
  }
  news n{event::message, m.recipient, 0, 0, "m" + std::to_string(m.id), start};
  n.about = m.sender;
  return {n};
}

std::vector<outbox_record> compose(const context& c, const std::vector<news>& items) {
  std::vector<outbox_record> out;
  for (const auto& n : items) {
    const auto s = c.settings_of(n.account);
    if (!s) continue;
    const bool mail = !s->email.empty() && s->email_verified && has(s->email_events, n.what);
    const bool hook = !s->webhook_url.empty() && has(s->webhook_events, n.what);
    const bool push = !s->push.empty() && has(s->push_events, n.what);
    if (!mail && !hook && !push) continue;
    const auto text = sentence(n, *s, c.name_of);
    nlohmann::json extra = nlohmann::json::object();
    if (n.what == event::turn && !n.people.empty()) extra = table_story(c, n, *s);
    if (mail) out.push_back(row(c, n, "email", text, extra));
    if (hook) out.push_back(row(c, n, "webhook", text, extra));
    // A row per browser: each is delivered, retried or dropped (gone) on its own.
    for (std::size_t i = 0; push && i < s->push.size(); ++i) {
      auto r = row(c, n, "push", text, nlohmann::json{{"push_endpoint", s->push[i].endpoint}});
      // Appended piecewise: gcc 12 at -O3 misreads ":" + string&& (-Wrestrict).
      r.dedupe.append(":").append(push_key(s->push[i].endpoint));
      out.push_back(std::move(r));
    }
  }
  return out;
}

outbox_record verification_note(const context& c, std::int64_t account, const settings& s) {
  news n{event::verify, account, 0, 0, s.verify_token.substr(0, 16)};
  auto r = row(c, n, "email", sentence(n, s, c.name_of));
  auto body = nlohmann::json::parse(r.body);
  body["link"] = c.public_url + "/api/notify/verify?token=" + s.verify_token;
  body["address"] = s.email;
  r.body = body.dump();
  return r;
}

}  // namespace loyang::server::notify
