// Issue 21's "done when": a 2-player game with a one-day move limit left alone. Both players
// get e-mails (through a real SMTP server) and webhooks when it is their turn and before the
// deadline; the player who never comes back is replaced by a bot when his time is out; the
// game ends with a result that says so; and a restart in the middle loses nothing.
#include <catch2/catch.hpp>
#include <sodium.h>

#include <map>
#include <set>

#include "clock_helpers.hpp"
#include "notify_settings.hpp"

using namespace loyang::test;
using nlohmann::json;

namespace {

constexpr std::int64_t day = 24 * 3600;

std::string hmac(const std::string& key, const std::string& message) {
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256_state st;
  crypto_auth_hmacsha256_init(&st, reinterpret_cast<const unsigned char*>(key.data()), key.size());
  crypto_auth_hmacsha256_update(&st, reinterpret_cast<const unsigned char*>(message.data()), message.size());
  crypto_auth_hmacsha256_final(&st, mac);
  char hex[2 * sizeof mac + 1];
  sodium_bin2hex(hex, sizeof hex, mac, sizeof mac);
  return hex;
}

std::vector<json> hooks_to(const notify_sink& sink, const std::string& path) {
  std::vector<json> out;
  for (const auto& h : sink.hooks()) {
    if (h["path"] == path) out.push_back(h);
  }
  return out;
}

bool has_event(const std::vector<json>& hooks, const std::string& event) {
  return std::any_of(hooks.begin(), hooks.end(),
                     [&](const json& h) { return json::parse(h["body"].get<std::string>())["event"] == event; });
}

// Sets e-mail and webhook for `token`'s account and follows the verification link of the mail
// that comes; returns the webhook secret. Turn notifications are not held while the player is
// at the table (this test counts every one; notify_table_test.cpp holds them).
std::string subscribe(std::uint16_t port, const notify_sink& sink, const std::string& token, const std::string& who) {
  const auto put = call_api(port, http::verb::put, "/api/account/notifications",
                            json{{"email", who + "@example.org"},
                                 {"webhook", {{"url", "http://127.0.0.1:" + std::to_string(sink.http_port) + "/" + who},
                                              {"format", "json"}}},
                                 {"hold_minutes", 0}},
                            token);
  INFO(put.body.dump());
  REQUIRE(put.status == http::status::ok);
  CHECK(put.body["email_verified"] == false);
  follow_verification(port, sink, token, who + "@example.org");
  return put.body["webhook"]["secret"];
}

}  // namespace

TEST_CASE("a one-day game left alone: turn and reminder mails and webhooks, a bot for the absent "
          "player, the result, all through a restart",
          "[notify]") {
  notify_sink sink;
  hand_clock clock;
  auto data = std::make_shared<temp_dir>();
  table t;
  std::vector<std::string> secrets;
  std::int64_t deadline = 0;
  {
    running_server s(notify_settings(clock, sink), data);
    t.tokens.push_back(sign_up(s.port(), "ann"));
    t.tokens.push_back(sign_up(s.port(), "bob"));
    secrets.push_back(subscribe(s.port(), sink, t.tokens[0], "ann"));
    secrets.push_back(subscribe(s.port(), sink, t.tokens[1], "bob"));

    const auto created = call_api(s.port(), http::verb::post, "/api/games",
                                  json{{"players", 2}, {"time_control", {{"type", "per_move"}, {"seconds", day}}}},
                                  t.tokens[0]);
    REQUIRE(created.status == http::status::created);
    t.game = created.body["id"];
    REQUIRE(call_api(s.port(), http::verb::post, game_path(t.game, "join"), json::object(), t.tokens[1]).status ==
            http::status::ok);
    // Both are told the game started, and whoever must act that it is his turn.
    const auto started = summary(s.port(), t.game, t.tokens[0]);
    for (int seat = 0; seat < 2; ++seat) {
      const std::string who = seat == 0 ? "ann" : "bob";
      eventually([&] { return has_subject(mails_to(sink, who + "@example.org"), "has started"); }, who + " told of the start");
      if (acting(started, seat)) {
        eventually([&] { return has_subject(mails_to(sink, who + "@example.org"), "Your turn in Loyang game"); },
                   who + "'s turn mail");
        eventually([&] { return has_event(hooks_to(sink, "/" + who), "turn"); }, who + "'s turn webhook");
      }
    }
    // Ann plays whenever she must; Bob never comes.
    viewer ann = connect(s.port(), t.tokens[0], t.game, false);
    std::mt19937 random(3);
    REQUIRE_FALSE(play_while_acting(ann, t.game, random));
    const auto waiting = summary(s.port(), t.game, t.tokens[0]);
    REQUIRE(acting(waiting, 1));
    deadline = waiting["clock"]["seats"][1]["deadline"].get<std::int64_t>();
    // Halfway through Bob's day: a reminder by mail and webhook, naming his deadline.
    clock.move_to(deadline - day / 2);
    eventually([&] { return has_subject(mails_to(sink, "bob@example.org"), "Reminder: your time"); }, "bob's reminder mail");
    eventually([&] { return has_event(hooks_to(sink, "/bob"), "reminder"); }, "bob's reminder webhook");
    const auto reminder = mails_to(sink, "bob@example.org").back();
    CHECK(reminder.find("https://loyang.test/#/game/" + std::to_string(t.game)) != std::string::npos);
    CHECK(reminder.find("You have until") != std::string::npos);
    CHECK(header(reminder, "List-Unsubscribe").find("https://loyang.test/api/notify/unsubscribe?token=") != std::string::npos);
    CHECK(header(reminder, "List-Unsubscribe-Post") == "List-Unsubscribe=One-Click");
    // An hour before: the second reminder.
    clock.move_to(deadline - 3600);
    const auto reminders = [&] {
      const auto mails = mails_to(sink, "bob@example.org");
      return std::count_if(mails.begin(), mails.end(),
                           [](const std::string& m) { return header(m, "Subject").rfind("Reminder", 0) == 0; });
    };
    eventually([&] { return reminders() == 2; }, "bob's second reminder");
  }
  // The server is down when Bob's time runs out; back up, it hands his seat to a bot.
  clock.move_to(deadline + 60);
  running_server s(notify_settings(clock, sink), data);
  const auto replaced = summary_when(s.port(), t.game, t.tokens[0], [](const json& j) { return j["seats"][1]["bot"] == true; });
  CHECK(replaced["seats"][1]["gone"] == "timeout");
  viewer ann = connect(s.port(), t.tokens[0], t.game, false);
  std::mt19937 random(4);
  bool ended = false;
  for (int turns = 0; turns < 2000 && !ended; ++turns) {
    ended = play_while_acting(ann, t.game, random);
    if (!ended) {
      const json m = ann.ws->next(std::chrono::seconds(20));
      ann.take(m, ann.ws->received.back());
    }
  }
  REQUIRE(ended);
  const auto done = summary_when(s.port(), t.game, t.tokens[0], [](const json& j) { return j["status"] == "finished"; });
  CHECK(done["result"]["departures"][0]["seat"] == 1);
  CHECK(done["result"]["departures"][0]["gone"] == "timeout");
  // Both are told it ended (Bob too: his seat's game is over), by mail and webhook.
  for (const std::string who : {"ann", "bob"}) {
    eventually([&] { return has_subject(mails_to(sink, who + "@example.org"), "has ended"); }, who + "'s end mail");
    eventually([&] { return has_event(hooks_to(sink, "/" + who), "end"); }, who + "'s end webhook");
  }
  eventually([&] { return metric(s.port(), "loyang_notifications_queued") == 0; }, "the outbox emptied");
  // Ann was told of each of her turns after the bot took over: more turn mails than before.
  const auto ann_mails = mails_to(sink, "ann@example.org");
  CHECK(std::count_if(ann_mails.begin(), ann_mails.end(),
                      [](const std::string& m) { return header(m, "Subject").rfind("Your turn", 0) == 0; }) >= 2);
  // Nothing was sent twice (one Message-ID, one delivery id each), and every webhook is signed
  // with its account's secret over "timestamp.body".
  std::set<std::string> ids;
  for (const auto& m : sink.mails()) CHECK(ids.insert(header(m, "Message-ID")).second);
  std::set<std::string> deliveries;
  for (const auto& h : sink.hooks()) {
    const auto& headers = h["headers"];
    CHECK(deliveries.insert(headers["X-Loyang-Delivery"].get<std::string>()).second);
    const auto& secret = h["path"] == "/ann" ? secrets[0] : secrets[1];
    const auto expected = "sha256=" + hmac(secret, headers["X-Loyang-Timestamp"].get<std::string>() + "." +
                                                         h["body"].get<std::string>());
    CHECK(headers["X-Loyang-Signature"] == expected);
    const auto body = json::parse(h["body"].get<std::string>());
    CHECK(body["game"] == t.game);
    CHECK(body["link"] == "https://loyang.test/#/game/" + std::to_string(t.game));
    CHECK(headers["X-Loyang-Event"] == body["event"]);
  }
}

TEST_CASE("a tournament's new round: each player of its games is told which round of which tournament began",
          "[notify][tournaments]") {
  notify_sink sink;
  hand_clock clock;
  running_server s(notify_settings(clock, sink));
  const auto ann = sign_up(s.port(), "ann");
  const auto bob = sign_up(s.port(), "bob");
  subscribe(s.port(), sink, ann, "ann");
  subscribe(s.port(), sink, bob, "bob");
  const auto made = call_api(s.port(), http::verb::post, "/api/tournaments",
                             json{{"name", "Duel"}, {"format", "swiss"}, {"rounds", 2}, {"max_players", 2},
                                  {"time_control", {{"type", "per_move"}, {"seconds", day}}}},
                             ann);
  REQUIRE(made.status == http::status::created);
  const auto path = "/api/tournaments/" + std::to_string(made.body["id"].get<std::int64_t>());
  REQUIRE(call_api(s.port(), http::verb::post, path + "/join", json::object(), bob).status == http::status::ok);
  // The round's game, once made; the start of each is told in the words of its round.
  const auto game_of = [&](int round) {
    std::int64_t game = 0;
    eventually([&] {
      const auto d = call_api(s.port(), http::verb::get, path).body;
      if (d["round"] != round) return false;
      const auto& g = d["rounds_played"][std::size_t(round - 1)]["games"][0]["game"];
      if (g.is_null()) return false;
      game = g.get<std::int64_t>();
      return true;
    }, "round " + std::to_string(round) + "'s game");
    return game;
  };
  const auto told = [&](const std::string& who, std::int64_t game, int round) {
    const auto expected = "Round " + std::to_string(round) + " of the tournament “Duel” has begun: your game " +
                          std::to_string(game) + " of At the Gates of Loyang has started.";
    eventually([&] {
      for (const auto& h : hooks_to(sink, "/" + who)) {
        const auto body = json::parse(h["body"].get<std::string>());
        if (body["event"] == "start" && body["game"] == game && body["text"] == expected) return true;
      }
      return false;
    }, who + " told of round " + std::to_string(round));
  };
  const auto first = game_of(1);
  told("ann", first, 1);
  told("bob", first, 1);
  REQUIRE(call_api(s.port(), http::verb::post, game_path(first, "resign"), json::object(), ann).status ==
          http::status::ok);
  const auto second = game_of(2);
  told("ann", second, 2);
  told("bob", second, 2);
}
