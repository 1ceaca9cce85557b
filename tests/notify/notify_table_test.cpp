// What the players at one table are told of each other (issue 41): a vote on waiting for a seat
// out of time reaches every voter, an opponent who goes on vacation, runs short of time or is
// replaced by a bot is news to the others; a vacation is answered once the clocks stand; turn
// notifications wait while their player plays and go when he leaves; and a failed delivery is
// tried again at its time, not at the next poll. Webhooks and mails go to the real receivers of
// tests/support/notify_sink.py.
#include <catch2/catch.hpp>

#include "clock_helpers.hpp"
#include "notify/settings.hpp"
#include "moderation/operator_command.hpp"
#include "notify_settings.hpp"

using namespace loyang::test;
using nlohmann::json;

namespace {

constexpr std::int64_t day = 24 * 3600;

std::vector<json> bodies_to(const notify_sink& sink, const std::string& path) {
  std::vector<json> out;
  for (const auto& h : sink.hooks()) {
    if (h["path"] == path) out.push_back(json::parse(h["body"].get<std::string>()));
  }
  return out;
}

std::vector<json> events_to(const notify_sink& sink, const std::string& path, const std::string& event) {
  auto all = bodies_to(sink, path);
  std::erase_if(all, [&](const json& b) { return b["event"] != event; });
  return all;
}

void webhook_for(std::uint16_t port, const notify_sink& sink, const std::string& token, const std::string& path,
                 json extra = json::object()) {
  extra["webhook"] = {{"url", "http://127.0.0.1:" + std::to_string(sink.http_port) + path}, {"format", "json"}};
  const auto put = call_api(port, http::verb::put, "/api/account/notifications", extra, token);
  INFO(put.body.dump());
  REQUIRE(put.status == http::status::ok);
}

// Plays a 2-player game at the table (`a` seat 0, `b` seat 1, both watching) until one of b's
// moves hands the turn to a, after a moved at least `a_moves` times himself: a turn
// notification for a, caused by b.
void play_until_handed_to_a(std::uint16_t port, const table& t, viewer& a, viewer& b, std::mt19937& random,
                            int a_moves = 0) {
  int moved = 0;
  for (int i = 0; i < 100; ++i) {
    const auto now = summary(port, t.game, t.tokens[0]);
    a.catch_up(now["version"]);
    b.catch_up(now["version"]);
    if (acting(now, 0)) {
      REQUIRE_FALSE(play_while_acting(a, t.game, random));
      ++moved;
      continue;
    }
    REQUIRE_FALSE(play_while_acting(b, t.game, random));
    if (moved >= a_moves && acting(summary(port, t.game, t.tokens[0]), 0)) return;
  }
  FAIL("b's moves never handed the turn to a");
}

}  // namespace

TEST_CASE("one table: a vote reaches the voters; a vacation, a short clock and a bot are news to the others",
          "[notify][table]") {
  notify_sink sink;
  hand_clock clock;
  running_server s(notify_settings(clock, sink));
  auto t = start_game(s.port(), "tbl", 3, 0,
                      json{{"time_control", {{"type", "per_move"}, {"seconds", day}, {"on_timeout", "vote"}}}});
  for (int seat = 0; seat < 3; ++seat) {
    webhook_for(s.port(), sink, t.tokens[std::size_t(seat)], "/tbl" + std::to_string(seat));
  }
  // tbl0 also by mail, verified.
  REQUIRE(call_api(s.port(), http::verb::put, "/api/account/notifications", json{{"email", "tbl0@example.org"}},
                   t.tokens[0]).status == http::status::ok);
  follow_verification(s.port(), sink, t.tokens[0], "tbl0@example.org");

  // Seats 0 and 1 plant; seat 2 does not.
  std::mt19937 random(5);
  for (int seat = 0; seat < 2; ++seat) {
    viewer v = connect(s.port(), t.tokens[std::size_t(seat)], t.game, false);
    REQUIRE_FALSE(play_while_acting(v, t.game, random));
  }
  const auto waiting = summary_when(s.port(), t.game, t.tokens[0], [](const json& j) { return acting(j, 2) && j["to_act"].size() == 1; });
  const std::int64_t deadline = waiting["clock"]["seats"][2]["deadline"];

  // tbl1 goes on vacation and comes back, ten times: each answer comes once his clock has
  // changed (the summary read right after it shows it), and tbl0 and tbl2 are told he is away.
  for (int i = 0; i < 10; ++i) {
    const auto away = call_api(s.port(), http::verb::post, "/api/account/vacation", json{{"days", 1}}, t.tokens[1]);
    REQUIRE(away.status == http::status::ok);
    CHECK(summary(s.port(), t.game, t.tokens[0])["clock"]["seats"][1]["paused"] == true);
    REQUIRE(call_api(s.port(), http::verb::delete_, "/api/account/vacation", std::nullopt, t.tokens[1]).status ==
            http::status::ok);
    CHECK(summary(s.port(), t.game, t.tokens[0])["clock"]["seats"][1]["paused"] == false);
    clock.move_to(hand_t0 + i + 1);  // each vacation a notification of its own
  }
  for (const std::string other : {"/tbl0", "/tbl2"}) {
    eventually([&] { return events_to(sink, other, "opponent").size() >= 10; }, other + " told tbl1 is away");
    for (const auto& b : events_to(sink, other, "opponent")) {
      CHECK(b["kind"] == "away");
      CHECK(b["about"] == "tbl1");
      CHECK(b["text"].get<std::string>().find("tbl1 is on vacation") != std::string::npos);
    }
  }
  CHECK(events_to(sink, "/tbl1", "opponent").empty());  // not told of himself

  // An hour before seat 2's deadline: his last reminder, and the others hear he is short of time.
  clock.move_to(deadline - 3600);
  for (const std::string other : {"/tbl0", "/tbl1"}) {
    eventually([&] {
      const auto all = events_to(sink, other, "opponent");
      return std::any_of(all.begin(), all.end(), [](const json& b) { return b["kind"] == "low_time"; });
    }, other + " told tbl2 is short of time");
  }
  // Out of time: a vote opens, and each voter is told by every channel he chose.
  clock.move_to(deadline);
  const auto open = summary_when(s.port(), t.game, t.tokens[0], [](const json& j) { return !j["clock"]["vote"].is_null(); });
  const std::int64_t until = open["clock"]["vote"]["until"];
  for (const std::string voter : {"/tbl0", "/tbl1"}) {
    eventually([&] { return events_to(sink, voter, "vote").size() == 1; }, voter + "'s vote webhook");
    const auto b = events_to(sink, voter, "vote").front();
    CHECK(b["about"] == "tbl2");
    CHECK(b["deadline"] == until);
    CHECK(b["text"].get<std::string>().find("tbl2's time ran out in game " + std::to_string(t.game)) != std::string::npos);
  }
  CHECK(events_to(sink, "/tbl2", "vote").empty());
  eventually([&] { return has_subject(mails_to(sink, "tbl0@example.org"), "Vote in Loyang game " + std::to_string(t.game) + ": wait for tbl2?"); },
             "tbl0's vote mail");
  // tbl1 will not wait: a bot takes the seat, and both voters hear it.
  REQUIRE(call_api(s.port(), http::verb::post, game_path(t.game, "vote"), json{{"wait", false}}, t.tokens[1]).status ==
          http::status::ok);
  for (const std::string other : {"/tbl0", "/tbl1"}) {
    eventually([&] {
      const auto all = events_to(sink, other, "opponent");
      return std::any_of(all.begin(), all.end(), [](const json& b) { return b["kind"] == "bot" && b["about"] == "tbl2"; });
    }, other + " told a bot plays tbl2's seat");
  }
  // Each told once: the vote and the bot are not repeated by later wakes.
  clock.move_to(until - 60);
  eventually([&] { return metric(s.port(), "loyang_notifications_queued") == 0; }, "the outbox emptied");
  for (const std::string other : {"/tbl0", "/tbl1"}) {
    const auto all = events_to(sink, other, "opponent");
    CHECK(std::count_if(all.begin(), all.end(), [](const json& b) { return b["kind"] == "bot"; }) == 1);
    INFO(json(events_to(sink, other, "vote")).dump());
    CHECK(events_to(sink, other, "vote").size() == 1);
  }
}

TEST_CASE("turn notifications wait while their player plays at the table, and go when he leaves it",
          "[notify][table]") {
  notify_sink sink;
  hand_clock clock;
  running_server s(notify_settings(clock, sink));
  auto t = start_game(s.port(), "hold", 2);
  webhook_for(s.port(), sink, t.tokens[0], "/hold0");                              // the default: 10 minutes
  webhook_for(s.port(), sink, t.tokens[1], "/hold1", json{{"hold_minutes", 0}});  // never held
  // hold0 by mail too: each channel's held turn goes.
  REQUIRE(call_api(s.port(), http::verb::put, "/api/account/notifications", json{{"email", "hold0@example.org"}},
                   t.tokens[0]).status == http::status::ok);
  follow_verification(s.port(), sink, t.tokens[0], "hold0@example.org");
  const auto turn_mails = [&] {
    const auto all = mails_to(sink, "hold0@example.org");
    return std::count_if(all.begin(), all.end(), [](const std::string& m) { return header(m, "Subject").rfind("Your turn", 0) == 0; });
  };
  viewer a = connect(s.port(), t.tokens[0], t.game, false);
  viewer b = connect(s.port(), t.tokens[1], t.game, false);
  std::mt19937 random(8);
  // Both play at the table; count the turns each was given.
  int turns_a = 0, turns_b = 0;
  bool a_acting = acting(summary(s.port(), t.game, t.tokens[0]), 0);
  bool b_acting = acting(summary(s.port(), t.game, t.tokens[0]), 1);
  for (int round = 0; round < 40 && (turns_a < 4 || turns_b < 4); ++round) {
    const auto before = summary(s.port(), t.game, t.tokens[0]);
    a.catch_up(before["version"]);
    b.catch_up(before["version"]);
    viewer& mover = acting(before, 0) ? a : b;
    REQUIRE_FALSE(play_while_acting(mover, t.game, random));
    const auto after = summary(s.port(), t.game, t.tokens[0]);
    if (acting(after, 0) && !a_acting) ++turns_a;
    if (acting(after, 1) && !b_acting) ++turns_b;
    a_acting = acting(after, 0);
    b_acting = acting(after, 1);
    clock.move_to(hand_t0 + 30 * (round + 1));  // half a minute a move: always recently active
  }
  REQUIRE(turns_a >= 4);
  REQUIRE(turns_b >= 4);
  // hold1 chose not to wait: a webhook for each of his turns. hold0 got none while he played.
  eventually([&] { return int(events_to(sink, "/hold1", "turn").size()) >= turns_b; }, "hold1's turns");
  eventually([&] { return metric(s.port(), "loyang_notifications_held_total") >= 1; }, "hold0's turns held");
  CHECK(events_to(sink, "/hold0", "turn").empty());
  CHECK(turn_mails() == 0);

  // hold0 leaves while it is his turn: that turn goes to him now, once by each channel (the
  // turns he played are not sent at all). His turns were held again and again meanwhile (the
  // sender looks every minute, and he moved every half minute).
  const auto now = summary(s.port(), t.game, t.tokens[0]);
  a.catch_up(now["version"]);
  b.catch_up(now["version"]);
  if (!acting(now, 0)) {
    REQUIRE_FALSE(play_while_acting(b, t.game, random));
    a.catch_up(summary(s.port(), t.game, t.tokens[0])["version"]);
  }
  REQUIRE(acting(summary(s.port(), t.game, t.tokens[0]), 0));
  a.ws.reset();  // closes his connection
  eventually([&] { return events_to(sink, "/hold0", "turn").size() == 1; }, "hold0's turn once he left");
  eventually([&] { return turn_mails() == 1; }, "hold0's turn mail once he left");
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  CHECK(events_to(sink, "/hold0", "turn").size() == 1);
  CHECK(turn_mails() == 1);
  eventually([&] { return metric(s.port(), "loyang_notifications_queued") == 0; }, "nothing else waits");
}

TEST_CASE("a turn held at the table goes when its player stops playing for the hold's length", "[notify][table]") {
  notify_sink sink;
  hand_clock clock;
  running_server s(notify_settings(clock, sink));
  auto t = start_game(s.port(), "idle", 2);
  webhook_for(s.port(), sink, t.tokens[0], "/idle0", json{{"hold_minutes", 5}});
  viewer a = connect(s.port(), t.tokens[0], t.game, false);
  viewer b = connect(s.port(), t.tokens[1], t.game, false);
  std::mt19937 random(12);
  // A turn notification for a, held: he plays at the table.
  play_until_handed_to_a(s.port(), t, a, b, random);
  INFO(json(bodies_to(sink, "/idle0")).dump());
  eventually([&] { return metric(s.port(), "loyang_notifications_held_total") >= 1; }, "idle0's turn held");
  // He keeps the game open but does nothing: after five minutes it goes.
  clock.move_to(hand_t0 + 4 * 60);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  CHECK(events_to(sink, "/idle0", "turn").empty());
  clock.move_to(hand_t0 + 5 * 60 + 1);
  eventually([&] { return events_to(sink, "/idle0", "turn").size() == 1; }, "idle0's turn after five idle minutes");
}

TEST_CASE("a failed delivery is tried again at its time, not at the next poll", "[notify]") {
  notify_sink sink;
  running_server s([smtp = sink.smtp_port](loyang::server::config& c) {
    c.public_url = "https://loyang.test";
    c.smtp_url = "smtp://127.0.0.1:" + std::to_string(smtp);
    c.smtp_tls = "off";
    c.webhook_allow_networks = {"127.0.0.0/8"};
    c.notify_poll = std::chrono::minutes(10);  // never, in this test
    c.notify_retry_base = std::chrono::milliseconds(1000);
  });
  const auto ann = sign_up(s.port(), "ann");
  const auto bob = sign_up(s.port(), "bob");
  webhook_for(s.port(), sink, ann, "/ann");
  sink.set_down(true);
  auto game = call_api(s.port(), http::verb::post, "/api/games", json{{"players", 2}}, ann);
  REQUIRE(game.status == http::status::created);
  REQUIRE(call_api(s.port(), http::verb::post, game_path(game.body["id"], "join"), json::object(), bob).status ==
          http::status::ok);
  eventually([&] { return metric(s.port(), "loyang_notifications_retried_total") >= 1; }, "a failed try");
  sink.set_down(false);
  // Tried again after 1, 2, 4... seconds: well within the time, though no poll comes.
  eventually([&] { return metric(s.port(), "loyang_notifications_queued") == 0; }, "delivered at its retry time",
             std::chrono::seconds(30));
  CHECK(!bodies_to(sink, "/ann").empty());
}

TEST_CASE("settings stored before the vote, opponent and nudge events existed get them on; chosen ones stay chosen",
          "[notify]") {
  using namespace loyang::server::notify;
  // Stored by an earlier version: every event then known (all six), or only "turn".
  const auto everything = from_stored(json{{"email", "a@example.org"}, {"email_events", 63}, {"webhook_events", 63}});
  CHECK(everything.email_events == all_events);
  CHECK(everything.webhook_events == all_events);
  const auto turn_only = from_stored(json{{"email_events", bit(event::turn)}, {"webhook_events", 0}});
  CHECK(turn_only.email_events ==
        (bit(event::turn) | bit(event::vote) | bit(event::opponent) | bit(event::nudge) | bit(event::message)));
  // A channel that wanted nothing (the one-click unsubscribe stores that) stays silent.
  CHECK(turn_only.webhook_events == 0);
  CHECK(turn_only.hold_minutes == default_hold_minutes);
  // Stored now: what was chosen is what comes back, new events included.
  settings chosen;
  chosen.email_events = bit(event::turn);
  chosen.webhook_events = bit(event::vote);
  chosen.hold_minutes = 0;
  const auto back = from_stored(stored(chosen));
  CHECK(back.email_events == bit(event::turn));
  CHECK(back.webhook_events == bit(event::vote));
  CHECK(back.hold_minutes == 0);
}

TEST_CASE("a turn mail names the opponents and tells what they did since the reader's last move, as text and HTML",
          "[notify][table]") {
  notify_sink sink;
  hand_clock clock;
  running_server s(notify_settings(clock, sink));
  auto t = start_game(s.port(), "mail", 2);
  REQUIRE(call_api(s.port(), http::verb::put, "/api/account/notifications",
                   json{{"email", "mail0@example.org"}, {"hold_minutes", 0}}, t.tokens[0]).status == http::status::ok);
  follow_verification(s.port(), sink, t.tokens[0], "mail0@example.org");
  viewer a = connect(s.port(), t.tokens[0], t.game, false);
  viewer b = connect(s.port(), t.tokens[1], t.game, false);
  std::mt19937 random(21);
  // mail1's moves hand the turn to mail0, after mail0 had moved himself: there is news to tell.
  play_until_handed_to_a(s.port(), t, a, b, random, 1);
  const auto id = std::to_string(t.game);
  eventually([&] {
    const auto mails = mails_to(sink, "mail0@example.org");
    return std::count_if(mails.begin(), mails.end(), [&](const std::string& m) {
             return header(m, "Subject") == "Your turn in Loyang game " + id &&
                    body_part(m, "text/plain").find("Since your last move:") != std::string::npos;
           }) >= 1;
  }, "mail0's turn mail telling what mail1 did");
  std::string mail;
  for (const auto& m : mails_to(sink, "mail0@example.org")) {
    if (body_part(m, "text/plain").find("Since your last move:") != std::string::npos) mail = m;
  }
  const auto text = body_part(mail, "text/plain");
  const auto html = body_part(mail, "text/html");
  INFO(text);
  CHECK(text.find("You play with mail1.\r\n") != std::string::npos);
  // The summary names who moved; each line says what a move did, mail1's own words first.
  const auto since = text.find("Since your last move:\r\n");
  REQUIRE(since != std::string::npos);
  const auto summary_line = text.substr(since + 23, text.find("\r\n", since + 23) - since - 23);
  CHECK(summary_line.find("mail1") != std::string::npos);
  CHECK(text.find("\r\n- mail1 ", since) != std::string::npos);
  // The HTML says the same, escaped, with the link.
  CHECK(header(mail, "Content-Type").rfind("multipart/alternative; boundary=\"loyang-", 0) == 0);
  CHECK(html.rfind("<!DOCTYPE html>\r\n<html lang=\"en\">", 0) == 0);
  CHECK(html.find("<h3>Since your last move:</h3>") != std::string::npos);
  CHECK(html.find("<li>mail1 ") != std::string::npos);
  CHECK(html.find("<a href=\"https://loyang.test/#/game/" + id + "\">Open the game</a>") != std::string::npos);
}

TEST_CASE("a nudge: after an hour of thinking, once a day per game, told to those who must act", "[notify][table]") {
  notify_sink sink;
  hand_clock clock;
  running_server s(notify_settings(clock, sink));
  auto t = start_game(s.port(), "nud", 3);
  for (int seat = 0; seat < 3; ++seat) {
    webhook_for(s.port(), sink, t.tokens[std::size_t(seat)], "/nud" + std::to_string(seat));
  }
  const auto nudge = [&](int seat) {
    return call_api(s.port(), http::verb::post, game_path(t.game, "nudge"), std::nullopt, t.tokens[std::size_t(seat)]);
  };
  // Seats 0 and 1 plant; seat 2 thinks.
  std::mt19937 random(30);
  for (int seat = 0; seat < 2; ++seat) {
    viewer v = connect(s.port(), t.tokens[std::size_t(seat)], t.game, false);
    REQUIRE_FALSE(play_while_acting(v, t.game, random));
  }
  const auto waiting = summary_when(s.port(), t.game, t.tokens[0], [](const json& j) { return j["to_act"] == json{2}; });
  const std::int64_t since = waiting["waiting_since"];
  // Too early; and the one who must act has nobody to nudge.
  CHECK(code_of(nudge(0)) == "not_waiting_long");
  clock.move_to(since + 3600);
  CHECK(code_of(nudge(2)) == "nobody_to_nudge");
  const auto first = nudge(0);
  INFO(first.body.dump());
  REQUIRE(first.status == http::status::ok);
  eventually([&] { return events_to(sink, "/nud2", "nudge").size() == 1; }, "nud2 nudged");
  const auto b = events_to(sink, "/nud2", "nudge").front();
  CHECK(b["about"] == "nud0");
  CHECK(b["text"] == "nud0 reminds you that game " + std::to_string(t.game) +
                         " of At the Gates of Loyang is waiting for your move.");
  CHECK(events_to(sink, "/nud1", "nudge").empty());
  // Once a day per player and game; another player may nudge too.
  const auto again = nudge(0);
  CHECK(again.status == http::status::too_many_requests);
  CHECK(code_of(again) == "nudged_today");
  REQUIRE(nudge(1).status == http::status::ok);
  clock.move_to(since + 3600 + 24 * 3600);
  REQUIRE(nudge(0).status == http::status::ok);
  eventually([&] { return events_to(sink, "/nud2", "nudge").size() == 3; }, "three nudges for nud2");
  // Not a player of the game: refused as for resigning.
  const auto stranger = sign_up(s.port(), "nudge_stranger");
  CHECK(code_of(call_api(s.port(), http::verb::post, game_path(t.game, "nudge"), std::nullopt, stranger)) == "not_seated");
}

TEST_CASE("a private message is told by mail and webhook with a link to the conversation; a muted writer's is not",
          "[notify][messages]") {
  notify_sink sink;
  hand_clock clock;
  running_server s(notify_settings(clock, sink));
  const auto ann = sign_up(s.port(), "letter_ann");
  const auto bob = sign_up(s.port(), "letter_bob");
  const auto eve = sign_up(s.port(), "letter_eve");
  REQUIRE(call_api(s.port(), http::verb::put, "/api/account/notifications", json{{"email", "bob@example.org"}}, bob)
              .status == http::status::ok);
  follow_verification(s.port(), sink, bob, "bob@example.org");
  webhook_for(s.port(), sink, bob, "/letter_bob");
  REQUIRE(call_api(s.port(), http::verb::put, "/api/account/mutes/letter_eve", std::nullopt, bob).status ==
          http::status::ok);
  REQUIRE(api_post(s.port(), "/api/messages/with/letter_bob", eve, {{"text", "spam, spam"}}).status ==
          http::status::created);
  const auto sent = api_post(s.port(), "/api/messages/with/letter_bob", ann, {{"text", "Rematch <tonight>?"}});
  REQUIRE(sent.status == http::status::created);
  eventually([&] { return events_to(sink, "/letter_bob", "message").size() == 1; }, "bob's message webhook");
  const auto hook = events_to(sink, "/letter_bob", "message").front();
  CHECK(hook["about"] == "letter_ann");
  CHECK_FALSE(hook.contains("game"));
  CHECK(hook["link"] == "https://loyang.test/#/messages/letter_ann");
  CHECK(hook["text"] == "letter_ann sent you a message on At the Gates of Loyang: Rematch <tonight>?");
  eventually([&] {
    const auto mails = mails_to(sink, "bob@example.org");
    return std::any_of(mails.begin(), mails.end(), [](const std::string& m) {
      return header(m, "Subject") == "A message from letter_ann on Loyang";
    });
  }, "bob's message mail");
  std::string mail;
  for (const auto& m : mails_to(sink, "bob@example.org")) {
    if (header(m, "Subject") == "A message from letter_ann on Loyang") mail = m;
  }
  CHECK(body_part(mail, "text/plain").find("Read and answer: https://loyang.test/#/messages/letter_ann") !=
        std::string::npos);
  CHECK(body_part(mail, "text/html").find("Rematch &lt;tonight&gt;?") != std::string::npos);
  // The muted writer's message was stored, and nobody was told of it: one message event only,
  // after a moment for anything late.
  clock.move_to(clock.now->load() + 5);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  CHECK(events_to(sink, "/letter_bob", "message").size() == 1);
  for (const auto& m : mails_to(sink, "bob@example.org")) CHECK(header(m, "Subject").find("letter_eve") == std::string::npos);
}

TEST_CASE("a private message an operator deletes while its notification waits is not told", "[notify][messages]") {
  notify_sink sink;
  hand_clock clock;
  std::shared_ptr<temp_dir> data;
  {
    running_server s(notify_settings(clock, sink));
    data = s.data();
    sign_up(s.port(), "gone_boss");
    sign_up(s.port(), "gone_ann");
    sign_up(s.port(), "gone_bob");
  }
  REQUIRE(loyang::server::set_operator(data->path() / "data", "gone_boss", true) == "");
  running_server s(notify_settings(clock, sink), data);
  const auto boss = log_in(s.port(), "gone_boss");
  const auto ann = log_in(s.port(), "gone_ann");
  const auto bob = log_in(s.port(), "gone_bob");
  // Bob's receiver is down: the first try fails and the notification waits for its retry.
  REQUIRE(call_api(s.port(), http::verb::put, "/api/account/notifications",
                   json{{"webhook", {{"url", "http://127.0.0.1:1/down"}, {"format", "json"}}}}, bob)
              .status == http::status::ok);
  const auto sent = api_post(s.port(), "/api/messages/with/gone_bob", ann, {{"text", "something nasty"}});
  REQUIRE(sent.status == http::status::created);
  std::this_thread::sleep_for(std::chrono::seconds(1));
  REQUIRE(call_api(s.port(), http::verb::delete_,
                   "/api/moderation/messages/" + std::to_string(sent.body["message"]["id"].get<std::int64_t>()),
                   std::nullopt, boss)
              .status == http::status::ok);
  // The receiver is back and the retry is due: it is dropped, not sent. A later message goes.
  webhook_for(s.port(), sink, bob, "/gone_bob");
  clock.move_to(clock.now->load() + 3600);
  REQUIRE(api_post(s.port(), "/api/messages/with/gone_bob", ann, {{"text", "sorry"}}).status == http::status::created);
  eventually([&] { return events_to(sink, "/gone_bob", "message").size() == 1; }, "the later message told");
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const auto told = events_to(sink, "/gone_bob", "message");
  REQUIRE(told.size() == 1);
  CHECK(told[0]["text"].get<std::string>().find("sorry") != std::string::npos);
}
