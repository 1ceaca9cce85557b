// The moderation room against its interface (server/src/moderation/service.hpp), with the rooms
// the composition root makes and a SQLite store, no HTTP: only operators act (403
// not_operator); an open and a running game cancelled read as cancelled in the lobby, logged
// first; reports and log entries go on numbering from the stored ones after a restart.
#include "rooms_fixture.hpp"

using loyang::server::api_reply;
using loyang::server::reply_fn;
using loyang::test::code_of;
using loyang::test::rooms_fixture;
using nlohmann::json;

TEST_CASE("moderation: every operator's action is refused to a player with 403 not_operator",
          "[server][moderation][rooms]") {
  rooms_fixture f({"ann", "bob", "boss"}, {"boss"});
  auto& m = *f.rooms().moderation;
  const auto game = f.game("ann", 2, {"bob"});
  const auto ann = f.who("ann");
  const std::vector<std::function<void(reply_fn)>> asks{
      [&](reply_fn r) { m.list_reports(ann, false, 0, r); },
      [&](reply_fn r) { m.close_report(ann, 1, json::object(), r); },
      [&](reply_fn r) { m.ban(ann, "bob", json::object(), true, r); },
      [&](reply_fn r) { m.delete_message(ann, game, 1, r); },
      [&](reply_fn r) { m.cancel_game(ann, game, json::object(), r); },
      [&](reply_fn r) { m.moderation_log(ann, 0, r); },
  };
  for (const auto& ask : asks) {
    const auto no = f.call(ask);
    CHECK(int(no.status) == 403);
    CHECK(code_of(no) == "not_operator");
  }
  // Nothing happened: the game runs, the log is empty; the operator may read it.
  const auto summary = f.call([&](reply_fn r) { f.games().game_summary(ann, game, r); });
  CHECK(summary.body["status"] == "active");
  const auto log = f.call([&](reply_fn r) { m.moderation_log(f.who("boss"), 0, r); });
  REQUIRE(int(log.status) == 200);
  CHECK(log.body["actions"].empty());
}

TEST_CASE("moderation: an operator cancels an open and a running game; the lobby reads them cancelled, the log first",
          "[server][moderation][rooms]") {
  rooms_fixture f({"ann", "bob", "boss"}, {"boss"});
  auto& m = *f.rooms().moderation;
  const auto boss = f.who("boss"), ann = f.who("ann");
  const auto open = f.game("ann", 3, {"bob"});
  const auto running = f.game("ann", 2, {"bob"});

  for (const auto game : {open, running}) {
    const auto done = f.call([&](reply_fn r) { m.cancel_game(boss, game, {{"reason", "abandoned"}}, r); });
    REQUIRE(int(done.status) == 200);
    CHECK(done.body["status"] == "cancelled");
    // The lobby holds it cancelled: its summary, and its record on the games' strand.
    CHECK(f.call([&](reply_fn r) { f.games().game_summary(ann, game, r); }).body["status"] == "cancelled");
    f.on_strand([&] { CHECK(f.games().find_game(game)->status == loyang::server::game_status::cancelled); });
    const auto again = f.call([&](reply_fn r) { m.cancel_game(boss, game, json::object(), r); });
    CHECK(int(again.status) == 409);
    CHECK(code_of(again) == "not_running");
  }
  CHECK(code_of(f.call([&](reply_fn r) { m.cancel_game(boss, 12345, json::object(), r); })) == "no_such_game");
  CHECK(code_of(f.call([&](reply_fn r) { m.cancel_game(boss, open, {{"why", "x"}}, r); })) == "bad_request");

  const auto log = f.call([&](reply_fn r) { m.moderation_log(boss, 0, r); });
  REQUIRE(log.body["actions"].size() == 2);
  for (const auto& a : log.body["actions"]) {
    CHECK(a["action"] == "cancel_game");
    CHECK(a["moderator"] == "boss");
    CHECK(a["detail"] == "abandoned");
  }
  CHECK(log.body["actions"][0]["game"] == running);
  CHECK(log.body["actions"][1]["game"] == open);
}

TEST_CASE("moderation: reports and log entries are numbered on from the stored ones after a restart",
          "[server][moderation][rooms]") {
  rooms_fixture f({"ann", "bob", "boss"}, {"boss"});
  const auto report = [&](const std::string& who, const std::string& whom) {
    return f.call([&](reply_fn r) { f.rooms().moderation->report(f.who(who), {{"player", whom}, {"reason", "rude"}}, r); });
  };
  const auto first = report("ann", "bob");
  REQUIRE(int(first.status) == 201);
  CHECK(code_of(report("ann", "ann")) == "bad_request");
  CHECK(code_of(report("ann", "nobody")) == "no_such_player");
  const auto close = f.call([&](reply_fn r) {
    f.rooms().moderation->close_report(f.who("boss"), first.body["id"], {{"outcome", "warned"}}, r);
  });
  REQUIRE(int(close.status) == 200);

  f.reopen();
  const auto second = report("bob", "ann");
  REQUIRE(int(second.status) == 201);
  CHECK(second.body["id"].get<std::int64_t>() > first.body["id"].get<std::int64_t>());
  const auto banned = f.call([&](reply_fn r) { f.rooms().moderation->ban(f.who("boss"), "ann", {{"reason", "x"}}, true, r); });
  REQUIRE(int(banned.status) == 200);
  const auto reports = f.call([&](reply_fn r) { f.rooms().moderation->list_reports(f.who("boss"), false, 0, r); });
  REQUIRE(reports.body["reports"].size() == 2);
  CHECK(reports.body["reports"][0]["reporter"] == "bob");
  CHECK(reports.body["reports"][1]["closed_by"] == "boss");
  const auto log = f.call([&](reply_fn r) { f.rooms().moderation->moderation_log(f.who("boss"), 0, r); });
  REQUIRE(log.body["actions"].size() == 2);
  CHECK(log.body["actions"][0]["action"] == "ban");
  CHECK(log.body["actions"][1]["action"] == "close_report");
  CHECK(log.body["actions"][0]["id"].get<std::int64_t>() > log.body["actions"][1]["id"].get<std::int64_t>());
}
