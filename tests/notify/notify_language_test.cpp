// Issue 40: a French and an Italian player, each with a language and time zone chosen, get every
// mail (through a real SMTP server) and webhook in their language, with their deadlines in
// their time zone; the event kinds and JSON fields stay the same.
#include <catch2/catch.hpp>
#include <sodium.h>

#include <ctime>
#include <string>

#include "clock_helpers.hpp"
#include "notify_settings.hpp"

using namespace loyang::test;
using nlohmann::json;

namespace {

constexpr std::int64_t day = 24 * 3600;

// The Subject of `mail` decoded: its folded lines joined, each RFC 2047 "=?UTF-8?B?...?="
// word decoded (the space between two encoded words is not part of the text).
std::string subject_of(const std::string& mail) {
  const auto start = mail.find("\nSubject: ");
  REQUIRE(start != std::string::npos);
  std::string folded;
  for (auto at = start + 10;;) {
    const auto end = mail.find("\r\n", at);
    folded += mail.substr(at, end - at);
    if (mail[end + 2] != ' ') break;
    at = end + 3;
  }
  std::string out;
  std::size_t at = 0;
  while (at < folded.size()) {
    if (folded.compare(at, 10, "=?UTF-8?B?") != 0) {
      out += folded[at++];
      continue;
    }
    const auto end = folded.find("?=", at + 10);
    REQUIRE(end != std::string::npos);
    const auto b64 = folded.substr(at + 10, end - at - 10);
    std::string bytes(b64.size(), '\0');
    std::size_t length = 0;
    REQUIRE(sodium_base642bin(reinterpret_cast<unsigned char*>(bytes.data()), bytes.size(), b64.c_str(), b64.size(),
                              nullptr, &length, nullptr, sodium_base64_VARIANT_ORIGINAL) == 0);
    out += bytes.substr(0, length);
    at = end + 2;
    if (at < folded.size() && folded[at] == ' ' && folded.compare(at + 1, 10, "=?UTF-8?B?") == 0) ++at;
  }
  return out;
}

// The first mail to `to` whose decoded subject is `subject`, waited for.
std::string mail_with_subject(const notify_sink& sink, const std::string& to, const std::string& subject) {
  std::string found;
  eventually(
      [&] {
        for (const auto& m : mails_to(sink, to)) {
          if (subject_of(m) == subject) {
            found = m;
            return true;
          }
        }
        return false;
      },
      "a mail to " + to + ": " + subject);
  return found;
}

// The webhook bodies posted to `path` so far.
std::vector<json> hook_bodies(const notify_sink& sink, const std::string& path) {
  std::vector<json> out;
  for (const auto& h : sink.hooks()) {
    if (h["path"] == path) out.push_back(json::parse(h["body"].get<std::string>()));
  }
  return out;
}

// `t` in Central European Time (UTC+1: the hand clock is in November), as the French and
// Italian date formats write it.
std::string cet(std::int64_t t, const char* format) {
  const std::time_t local = static_cast<std::time_t>(t + 3600);
  std::tm tm{};
  gmtime_r(&local, &tm);
  char text[64];
  std::strftime(text, sizeof text, format, &tm);
  return text;
}

struct player {
  std::string name, token, language, zone, hook_format;
  std::string address() const { return name + "@example.org"; }
};

// Chooses the player's language and zone, then an address and a webhook; follows the link of
// the verification mail, which is already in the player's language.
void set_up(std::uint16_t port, const notify_sink& sink, const player& p, const std::string& verify_subject,
            const std::string& hello) {
  REQUIRE(call_api(port, http::verb::put, "/api/account/locale", json{{"language", p.language}, {"time_zone", p.zone}},
                   p.token)
              .status == http::status::ok);
  const auto put = call_api(port, http::verb::put, "/api/account/notifications",
                            json{{"email", p.address()},
                                 {"webhook", {{"url", "http://127.0.0.1:" + std::to_string(sink.http_port) + "/" + p.name},
                                              {"format", p.hook_format}}}},
                            p.token);
  REQUIRE(put.status == http::status::ok);
  const auto mail = mail_with_subject(sink, p.address(), verify_subject);
  CHECK(mail.find("\r\n\r\n" + hello + "\r\n") != std::string::npos);
  const auto at = mail.find("https://loyang.test/api/notify/verify?token=");
  REQUIRE(at != std::string::npos);
  const auto target = mail.substr(at + std::string("https://loyang.test").size(), 25 + 64);
  REQUIRE(call_api(port, http::verb::get, target).status == http::status::ok);
}

}  // namespace

TEST_CASE("a French and an Italian player get mails and webhooks in their language, deadlines in their "
          "time zone",
          "[notify]") {
  notify_sink sink;
  hand_clock clock;
  running_server s(notify_settings(clock, sink));
  const player fra{"fra_player", sign_up(s.port(), "fra_player"), "fr", "Europe/Paris", "discord"};
  const player ita{"ita_player", sign_up(s.port(), "ita_player"), "it", "Europe/Rome", "slack"};
  set_up(s.port(), sink, fra, "Confirmez votre adresse pour Aux portes de Loyang", "Bonjour fra_player,");
  set_up(s.port(), sink, ita, "Conferma il tuo indirizzo per Alle porte di Loyang", "Ciao ita_player,");

  const auto created = call_api(s.port(), http::verb::post, "/api/games",
                                json{{"players", 2}, {"time_control", {{"type", "per_move"}, {"seconds", day}}}}, fra.token);
  REQUIRE(created.status == http::status::created);
  const std::int64_t game = created.body["id"];
  const auto id = std::to_string(game);
  REQUIRE(call_api(s.port(), http::verb::post, game_path(game, "join"), json::object(), ita.token).status ==
          http::status::ok);

  // Both are told the game started, each in his language.
  const auto fra_start = mail_with_subject(sink, fra.address(), "La partie Loyang " + id + " a commencé");
  CHECK(fra_start.find("La partie Loyang " + id + " a commencé.") != std::string::npos);
  CHECK(fra_start.find("Ouvrir la partie\u00A0: https://loyang.test/#/game/" + id) != std::string::npos);
  CHECK(fra_start.find("Pour ne plus en recevoir, ouvrez\r\nhttps://loyang.test/api/notify/unsubscribe?token=") !=
        std::string::npos);
  const auto ita_start = mail_with_subject(sink, ita.address(), "La partita Loyang " + id + " è iniziata");
  CHECK(ita_start.find("La partita Loyang " + id + " è iniziata.") != std::string::npos);
  CHECK(ita_start.find("Apri la partita: https://loyang.test/#/game/" + id) != std::string::npos);

  // Whoever must act is told so with his deadline, in Central European Time as his zone has it
  // (the hand clock is in November). Then the other, once the first has played.
  const auto check_turn = [&](int seat, std::int64_t deadline) {
    if (seat == 0) {
      const auto mail = mail_with_subject(sink, fra.address(), "À vous de jouer dans la partie Loyang " + id);
      const auto sentence = "C’est à vous de jouer dans la partie Loyang " + id + ". Vous avez jusqu’au " +
                            cet(deadline, "%d/%m/%Y à %H:%M") + " (CET).";
      INFO(mail);
      CHECK(mail.find("Bonjour fra_player,\r\n\r\n" + sentence + "\r\n") != std::string::npos);
      CHECK(mail.find("UTC") == std::string::npos);
      // Discord: the same sentence (escaped for Markdown), under the game's French name.
      eventually([&] { return !hook_bodies(sink, "/fra_player").empty(); }, "fra's webhook");
      bool told = false;
      for (const auto& body : hook_bodies(sink, "/fra_player")) {
        CHECK(body["username"] == "Aux portes de Loyang");
        const auto content = body["content"].get<std::string>();
        told = told || content.find("C’est à vous de jouer dans la partie Loyang " + id + ". Vous avez jusqu’au ") != std::string::npos;
      }
      CHECK(told);
    } else {
      const auto mail = mail_with_subject(sink, ita.address(), "Tocca a te nella partita Loyang " + id);
      const auto sentence = "Tocca a te nella partita Loyang " + id + ". Hai tempo fino al " +
                            cet(deadline, "%d/%m/%Y, ore %H:%M") + " (CET).";
      INFO(mail);
      CHECK(mail.find("Ciao ita_player,\r\n\r\n" + sentence + "\r\n") != std::string::npos);
      CHECK(mail.find("UTC") == std::string::npos);
      // Slack: the sentence and a link labelled in Italian.
      eventually(
          [&] {
            for (const auto& body : hook_bodies(sink, "/ita_player")) {
              const auto text = body["text"].get<std::string>();
              if (text.find(sentence) != std::string::npos &&
                  text.find(" <https://loyang.test/#/game/" + id + "|Apri la partita>") != std::string::npos) {
                return true;
              }
            }
            return false;
          },
          "ita's turn on Slack, in Italian");
    }
  };
  const auto started = summary(s.port(), game, fra.token);
  std::vector<int> waiting;
  for (int seat = 0; seat < 2; ++seat) {
    if (acting(started, seat)) {
      check_turn(seat, started["clock"]["seats"][seat]["deadline"].get<std::int64_t>());
    } else {
      waiting.push_back(seat);
    }
  }
  if (!waiting.empty()) {
    const auto& mover = waiting.front() == 0 ? ita : fra;
    viewer v = connect(s.port(), mover.token, game, false);
    std::mt19937 random(40);
    REQUIRE_FALSE(play_while_acting(v, game, random));
    const auto now = summary_when(s.port(), game, fra.token, [&](const json& j) { return acting(j, waiting.front()); });
    check_turn(waiting.front(), now["clock"]["seats"][waiting.front()]["deadline"].get<std::int64_t>());
  }
  // The JSON of the webhooks is the same as in English: only the words change.
  for (const auto& body : hook_bodies(sink, "/ita_player")) CHECK(body.size() == 1);
  for (const auto& body : hook_bodies(sink, "/fra_player")) CHECK(body.size() == 3);
}

TEST_CASE("with no language chosen, mails and webhooks are in English word for word, deadlines in UTC",
          "[notify]") {
  notify_sink sink;
  hand_clock clock;
  running_server s(notify_settings(clock, sink));
  const auto token = sign_up(s.port(), "eng_player");
  REQUIRE(call_api(s.port(), http::verb::put, "/api/account/notifications",
                   json{{"email", "eng_player@example.org"},
                        {"webhook", {{"url", "http://127.0.0.1:" + std::to_string(sink.http_port) + "/eng"},
                                     {"format", "json"}}}},
                   token)
              .status == http::status::ok);
  const auto verify = mail_with_subject(sink, "eng_player@example.org", "Confirm your address for At the Gates of Loyang");
  const auto link_at = verify.find("https://loyang.test/api/notify/verify?token=");
  REQUIRE(link_at != std::string::npos);
  const auto link = verify.substr(link_at, 44 + 64);
  CHECK(verify.substr(verify.find("\r\n\r\n") + 4) ==
        "Hello eng_player,\r\n\r\nto be told of your games at this address, confirm it by opening\r\n" + link +
            "\r\n\r\nIf you did not ask for this, ignore this mail: nothing more will come.\r\n");
  REQUIRE(call_api(s.port(), http::verb::get, link.substr(std::string("https://loyang.test").size())).status ==
          http::status::ok);

  const auto created = call_api(s.port(), http::verb::post, "/api/games",
                                json{{"players", 2}, {"bots", 1}, {"time_control", {{"type", "per_move"}, {"seconds", day}}}},
                                token);
  REQUIRE(created.status == http::status::created);
  const std::int64_t game = created.body["id"];
  const auto id = std::to_string(game);
  const auto mine = summary_when(s.port(), game, token, [](const json& j) { return acting(j, 0); });
  const auto deadline = mine["clock"]["seats"][0]["deadline"].get<std::int64_t>();
  const std::time_t t = static_cast<std::time_t>(deadline);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char utc[32];
  std::strftime(utc, sizeof utc, "%Y-%m-%d %H:%M UTC", &tm);
  const auto sentence = "It is your turn in game " + id + " of At the Gates of Loyang. You have until " + utc + ".";

  const auto turn = mail_with_subject(sink, "eng_player@example.org", "Your turn in Loyang game " + id);
  const auto unsubscribe = header(turn, "List-Unsubscribe");
  REQUIRE(unsubscribe.size() > 2);
  // The first turn of a game against a bot: the opponent named; when the bot planted first (it
  // sits first in some deals), what it did since.
  auto text = body_part(turn, "text/plain");
  const auto since = text.find("Since your last move:\r\n");
  if (since != std::string::npos) {
    const auto open = text.find("Open the game: ", since);
    REQUIRE(open != std::string::npos);
    const auto told = text.substr(since, open - since);
    INFO(told);
    CHECK(told.find("Since your last move:\r\n1 move by Bot 2 (version 1).\r\n- Bot 2 planted ") == 0);
    text.erase(since, open - since);
  }
  CHECK(text == "Hello eng_player,\r\n\r\n" + sentence + "\r\n\r\nYou play with Bot 2.\r\n\r\n" +
                    "Open the game: https://loyang.test/#/game/" + id +
                    "\r\n\r\n-- \r\nAt the Gates of Loyang, https://loyang.test\r\nYou get this mail because you asked to be "
                    "told. To stop these mails, open\r\n" +
                    unsubscribe.substr(1, unsubscribe.size() - 2) + "\r\n");
  const auto html = body_part(turn, "text/html");
  CHECK(html.find("<p><strong>" + sentence + "</strong></p>") != std::string::npos);
  CHECK(html.find("<a href=\"https://loyang.test/#/game/" + id + "\">Open the game</a>") != std::string::npos);
  mail_with_subject(sink, "eng_player@example.org", "Loyang game " + id + " has started");
  eventually(
      [&] {
        for (const auto& body : hook_bodies(sink, "/eng")) {
          if (body["event"] == "turn" && body["text"] == sentence) return true;
        }
        return false;
      },
      "the turn's webhook, in English");
  for (const auto& body : hook_bodies(sink, "/eng")) {
    // event, game, account, text, link, deadline, delivery; a turn's also opponents and since.
    CHECK(body.size() == (body["event"] == "turn" ? 9u : 7u));
    if (body["event"] == "turn") CHECK(body["opponents"] == json{"Bot 2"});
    if (body["event"] == "start") CHECK(body["text"] == "game " + id + " of At the Gates of Loyang has started.");
  }
}
