// Several nodes: a game's clock and the mails it causes belong to the leader, and move with it.
// Two servers in this process on one PostgreSQL, sharing a hand clock and a real SMTP server
// (tests/support/notify_sink.py): the leader sends the first reminder, the other node nothing;
// the leader stops; the other node takes over, sends the second reminder and hands the absent
// player's seat to a bot when his time runs out. Nothing is sent twice.
#include <catch2/catch.hpp>

#include <set>

#include "notify_settings.hpp"
#include "store_fixture.hpp"

using namespace loyang::test;

namespace {

constexpr std::int64_t day = 24 * 3600;

int reminders_to(const notify_sink& sink, const std::string& address) {
  const auto mails = mails_to(sink, address);
  return int(std::count_if(mails.begin(), mails.end(),
                           [](const std::string& m) { return header(m, "Subject").rfind("Reminder", 0) == 0; }));
}

}  // namespace

TEST_CASE("clocks and notifications move to the next leader: reminders and a deadline's bot, each once",
          "[postgres][nodes][leader]") {
  if (std::system("/usr/bin/python3 -c 'import aiosmtpd' 2>/dev/null") != 0) {
    skipped_because() = "python3's aiosmtpd is not installed (apt-get install python3-aiosmtpd): the leader test did not run";
    WARN(skipped_because());
    return;
  }
  store_backing where(store_kind::postgres);
  notify_sink sink;
  hand_clock clock;
  const auto settings = [&, base = notify_settings(clock, sink)](loyang::server::config& c) {
    base(c);
    c.database_url = where.url();
  };
  auto first = std::make_unique<running_server>(settings);
  eventually([&] { return metric(first->port(), "loyang_leader") == 1; }, "the first node leads");
  running_server second(settings);
  const auto a = first->port();
  const auto b = second.port();

  // Ann and Bob sign up on different nodes; Bob's mail address is verified through the second.
  table t;
  t.tokens.push_back(sign_up(a, "ann"));
  t.tokens.push_back(sign_up(b, "bob"));
  const auto put = call_api(b, http::verb::put, "/api/account/notifications", json{{"email", "bob@example.org"}},
                            t.tokens[1]);
  INFO(put.body.dump());
  REQUIRE(put.status == http::status::ok);
  follow_verification(b, sink, t.tokens[1], "bob@example.org");

  const auto created = call_api(b, http::verb::post, "/api/games",
                                json{{"players", 2}, {"time_control", {{"type", "per_move"}, {"seconds", day}}}},
                                t.tokens[0]);
  REQUIRE(created.status == http::status::created);
  t.game = created.body["id"];
  REQUIRE(call_api(a, http::verb::post, game_path(t.game, "join"), json::object(), t.tokens[1]).status ==
          http::status::ok);
  // Ann plays on the second node whenever she must; Bob never comes.
  {
    viewer ann = connect(b, t.tokens[0], t.game, false);
    std::mt19937 random(3);
    REQUIRE_FALSE(play_while_acting(ann, t.game, random));
  }
  const auto waiting = summary(b, t.game, t.tokens[0]);
  REQUIRE(acting(waiting, 1));
  const auto deadline = waiting["clock"]["seats"][1]["deadline"].get<std::int64_t>();

  // Halfway: the leader reminds Bob, and only once (the second node holds the same clock).
  clock.move_to(deadline - day / 2);
  eventually([&] { return reminders_to(sink, "bob@example.org") == 1; }, "bob's first reminder, from the leader");
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  CHECK(reminders_to(sink, "bob@example.org") == 1);
  CHECK(metric(b, "loyang_leader") == 0);
  CHECK(metric(b, "loyang_reminders_total") == 0);

  // The leader stops; the second node takes its part over.
  REQUIRE(first->stop_within(std::chrono::seconds(20)));
  first.reset();
  eventually([&] { return metric(b, "loyang_leader") == 1; }, "the second node leads");
  clock.move_to(deadline - 3600);
  eventually([&] { return reminders_to(sink, "bob@example.org") == 2; }, "bob's second reminder, from the new leader");
  CHECK(metric(b, "loyang_reminders_total") == 1);

  // Bob's time runs out: the new leader hands his seat to a bot, which plays it.
  clock.move_to(deadline + 60);
  const auto replaced = summary_when(b, t.game, t.tokens[0], [](const json& j) { return j["seats"][1]["bot"] == true; });
  CHECK(replaced["seats"][1]["gone"] == "timeout");
  CHECK(metric(b, "loyang_timeouts_total") == 1);
  // (It may have moved before the summary above was read.)
  eventually([&] { return summary(b, t.game, t.tokens[0])["version"] > waiting["version"]; },
             "the bot plays Bob's seat");

  // Nothing was sent twice.
  std::set<std::string> ids;
  for (const auto& m : sink.mails()) CHECK(ids.insert(header(m, "Message-ID")).second);
  CHECK(reminders_to(sink, "bob@example.org") == 2);
}
