// Playing with people: friends and their games, rematches accepted and declined, the games to
// watch with their spectators; reports by players; and what operators (made by the
// `loyang-server operator` command only) may do: bans, deleted messages, cancelled games, and
// the log of all of it.
#include <catch2/catch.hpp>

#include "game_client.hpp"
#include "moderation/operator_command.hpp"

using namespace loyang::test;
using verb = beast::http::verb;
using status = beast::http::status;

TEST_CASE("friends: added by name, their open and running games listed first", "[server][social]") {
  running_server s([](loyang::server::config& c) { c.memory_only = true; });
  const auto ann = sign_up(s.port(), "fr-ann");
  const auto bob = sign_up(s.port(), "fr-bob");
  const auto cid = sign_up(s.port(), "fr-cid");
  REQUIRE(call_api(s.port(), verb::put, "/api/account/friends/FR-BOB", std::nullopt, ann).status == status::ok);
  const auto stranger_game = api_post(s.port(), "/api/games", cid, {{"players", 2}});
  const auto friend_game = api_post(s.port(), "/api/games", bob, {{"players", 3}});
  const auto friends = api_get(s.port(), "/api/friends/games", ann);
  REQUIRE(friends.status == status::ok);
  REQUIRE(friends.body["open"].size() == 1);
  CHECK(friends.body["open"][0]["id"] == friend_game.body["id"]);
  CHECK(api_get(s.port(), "/api/account/relations", ann).body["friends"] == json{"fr-bob"});
  // One click: a private game inviting the friend.
  const auto invite = api_post(s.port(), "/api/games", ann, {{"players", 2}, {"invite", {"fr-bob"}}});
  REQUIRE(invite.status == status::created);
  CHECK(invite.body["invited"] == json{"fr-bob"});
  (void)stranger_game;
}

TEST_CASE("a rematch invites the same people with the same options; they accept by joining or decline",
          "[server][social][rematch]") {
  running_server s([](loyang::server::config& c) { c.memory_only = true; });
  const auto t = start_game(s.port(), "rm", 2, 0,
                            json{{"ruleset", "original"}, {"time_control", {{"type", "per_move"}, {"seconds", 86400}}}});
  const auto early = api_post(s.port(), game_path(t.game, "rematch"), t.tokens[0]);
  CHECK(code_of(early) == "not_finished");
  // One resigns: a 2-player game ends there.
  REQUIRE(api_post(s.port(), game_path(t.game, "resign"), t.tokens[1]).status == status::ok);
  const auto outsider = sign_up(s.port(), "rm-out");
  CHECK(code_of(api_post(s.port(), game_path(t.game, "rematch"), outsider)) == "not_seated");

  const auto again = api_post(s.port(), game_path(t.game, "rematch"), t.tokens[0]);
  INFO(again.body.dump());
  REQUIRE(again.status == status::created);
  CHECK(again.body["options"]["ruleset"] == "original");
  CHECK(again.body["invited"] == json{"rm1"});
  CHECK(again.body["rematch_of"] == t.game);
  CHECK(again.body["clock"]["control"]["type"] == "per_move");
  CHECK(again.body["status"] == "open");
  // The other side's one click finds the same rematch.
  const auto twice = api_post(s.port(), game_path(t.game, "rematch"), t.tokens[1]);
  CHECK(code_of(twice) == "rematch_exists");
  CHECK(twice.body["game"] == again.body["id"]);
  CHECK(api_get(s.port(), game_path(t.game), t.tokens[1]).body["rematch"] == again.body["id"]);

  SECTION("accepted: joining starts it") {
    const auto joined = api_post(s.port(), game_path(again.body["id"], "join"), t.tokens[1]);
    REQUIRE(joined.status == status::ok);
    CHECK(joined.body["status"] == "active");
  }
  SECTION("declined: the game cannot fill, so it is cancelled, and the invitation is gone") {
    CHECK(code_of(api_post(s.port(), game_path(again.body["id"], "decline"), outsider)) == "no_such_game");
    const auto no = api_post(s.port(), game_path(again.body["id"], "decline"), t.tokens[1]);
    REQUIRE(no.status == status::ok);
    CHECK(no.body["status"] == "cancelled");
    const auto seen = api_get(s.port(), game_path(again.body["id"]), t.tokens[0]);
    CHECK(seen.body["status"] == "cancelled");
    CHECK(seen.body["declined"] == json{"rm1"});
    CHECK(code_of(api_post(s.port(), game_path(again.body["id"], "decline"), t.tokens[1])) == "no_such_game");
  }
}

TEST_CASE("the games to watch: running public games, the most watched first, spectators counted",
          "[server][social][watch]") {
  running_server s([](loyang::server::config& c) { c.memory_only = true; });
  const auto quiet = start_game(s.port(), "lq", 2);
  const auto busy = start_game(s.port(), "lb", 2);
  const auto hidden = start_game(s.port(), "lh", 2, 0, json{{"watch", "players"}});
  auto fan1 = connect(s.port(), "", busy.game, true);
  auto fan2 = connect(s.port(), sign_up(s.port(), "lfan"), busy.game, true);
  api_answer live{};
  for (int i = 0; i < 100; ++i) {  // the counts reach the lobby a moment after the subscribe
    live = api_get(s.port(), "/api/games/live");
    if (!live.body["games"].empty() && live.body["games"][0]["spectators"] == 2) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  REQUIRE(live.body["games"].size() == 2);
  CHECK(live.body["games"][0]["id"] == busy.game);
  CHECK(live.body["games"][0]["spectators"] == 2);
  CHECK(live.body["games"][1]["id"] == quiet.game);
  CHECK(live.body["games"][1]["spectators"] == 0);
  fan1.ws->close();
  fan1.ws.reset();
  for (int i = 0; i < 100 && api_get(s.port(), "/api/games/live").body["games"][0]["spectators"] != 1; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  CHECK(api_get(s.port(), "/api/games/live").body["games"][0]["spectators"] == 1);
  CHECK(code_of(api_get(s.port(), "/api/games/live?limit=0")) == "bad_query");
  (void)hidden;
}

TEST_CASE("players report players and messages; only operators read the reports", "[server][moderation]") {
  running_server s([](loyang::server::config& c) { c.memory_only = true; });
  const auto t = start_game(s.port(), "rp", 2);
  CHECK(api_post(s.port(), "/api/reports", t.tokens[0], {{"player", "rp1"}, {"reason", "rude"}}).status == status::created);
  CHECK(code_of(api_post(s.port(), "/api/reports", t.tokens[0], {{"player", "rp0"}, {"reason", "me"}})) == "bad_request");
  CHECK(code_of(api_post(s.port(), "/api/reports", t.tokens[0], {{"player", "nobody-x"}, {"reason", "x"}})) ==
        "no_such_player");
  CHECK(code_of(api_post(s.port(), "/api/reports", t.tokens[0], {{"player", "rp1"}})) == "empty_text");
  CHECK(code_of(api_post(s.port(), "/api/reports", t.tokens[0], {{"player", "rp1"}, {"reason", "<b>\x07</b>"}})) ==
        "bad_text");
  CHECK(code_of(api_post(s.port(), "/api/reports", t.tokens[0], {{"reason", "what"}})) == "bad_request");
  CHECK(code_of(api_post(s.port(), "/api/reports", t.tokens[0], {{"game", t.game}, {"message", 999}, {"reason", "x"}})) ==
        "no_such_message");
  for (int i = 0; i < 9; ++i) api_post(s.port(), "/api/reports", t.tokens[1], {{"player", "rp0"}, {"reason", "again"}});
  const auto eleventh = api_post(s.port(), "/api/reports", t.tokens[1], {{"player", "rp0"}, {"reason", "again"}});
  CHECK(api_post(s.port(), "/api/reports", t.tokens[1], {{"player", "rp0"}, {"reason", "more"}}).status ==
        status::too_many_requests);
  (void)eleventh;
  CHECK(code_of(api_get(s.port(), "/api/moderation/reports", t.tokens[0])) == "not_operator");
  CHECK(code_of(call_api(s.port(), verb::put, "/api/moderation/bans/rp1", json::object(), t.tokens[0])) ==
        "not_operator");
  CHECK(code_of(api_post(s.port(), game_path(t.game, "cancel"), t.tokens[0])) == "not_operator");
  CHECK(code_of(call_api(s.port(), verb::delete_, game_path(t.game, "chat/1"), std::nullopt, t.tokens[0])) ==
        "not_operator");
  CHECK(code_of(api_get(s.port(), "/api/moderation/log", t.tokens[0])) == "not_operator");
}

TEST_CASE("operators: made by the command only; they ban, delete messages, cancel games, close reports, all logged",
          "[server][moderation]") {
  std::shared_ptr<temp_dir> data;
  std::int64_t game = 0;
  std::vector<std::string> tokens;
  {
    running_server s;
    data = s.data();
    sign_up(s.port(), "boss");
    const auto t = start_game(s.port(), "mod", 2);
    game = t.game;
    tokens = t.tokens;
  }
  CHECK(loyang::server::set_operator(data->path() / "data", "nobody-at-all", true) == "no account is called nobody-at-all");
  REQUIRE(loyang::server::set_operator(data->path() / "data", "BOSS", true) == "");
  CHECK_FALSE(loyang::server::set_operator(data->path() / "data", "boss", true).empty());  // already

  running_server s({}, data);
  const auto boss = log_in(s.port(), "boss");
  REQUIRE_FALSE(boss.empty());
  tokens[0] = log_in(s.port(), "mod0");
  tokens[1] = log_in(s.port(), "mod1");
  // The live connection's welcome says who moderates (the page shows the operators' link).
  ws_client boss_live(s.port());
  CHECK(boss_live.hello(boss)["account"]["operator"] == true);

  // A message reported, read by the operator, deleted: readers are told, the pages lose it.
  ws_client ann(s.port());
  ann.hello(tokens[0]);
  ann.send({{"type", "subscribe"}, {"game", game}, {"chat", true}});
  ann.next_of("chat_history");
  ws_client bob(s.port());
  bob.hello(tokens[1]);
  bob.send({{"type", "subscribe"}, {"game", game}, {"chat", true}});
  bob.next_of("chat_history");
  ann.send({{"type", "chat"}, {"game", game}, {"id", "x"}, {"text", "something nasty"}});
  const auto said = ann.next_of("chat");
  const std::int64_t message = said["message"]["id"];
  bob.next_of("chat");
  const auto reported = api_post(s.port(), "/api/reports", tokens[1], {{"game", game}, {"message", message}, {"reason", "insult"}});
  REQUIRE(reported.status == status::created);
  const auto reports = api_get(s.port(), "/api/moderation/reports?open=1", boss);
  REQUIRE(reports.status == status::ok);
  REQUIRE(reports.body["reports"].size() == 1);
  CHECK(reports.body["reports"][0]["player"] == "mod0");
  CHECK(reports.body["reports"][0]["reporter"] == "mod1");
  CHECK(reports.body["reports"][0]["message"] == message);
  const auto removed = call_api(s.port(), verb::delete_, game_path(game, "chat/" + std::to_string(message)), std::nullopt, boss);
  REQUIRE(removed.status == status::ok);
  CHECK(bob.next_of("chat_deleted")["message"] == message);
  CHECK(ann.next_of("chat_deleted")["message"] == message);
  CHECK(api_get(s.port(), game_path(game, "chat"), tokens[1]).body["messages"].empty());
  {
    // A reader who comes now gets a first page without it, and no promise of older ones.
    ws_client later(s.port());
    later.hello(tokens[1]);
    later.send({{"type", "subscribe"}, {"game", game}, {"chat", true}});
    const auto page = later.next_of("chat_history");
    CHECK(page["messages"].empty());
    CHECK(page["more"] == false);
  }
  CHECK(code_of(call_api(s.port(), verb::delete_, game_path(game, "chat/" + std::to_string(message)), std::nullopt,
                         boss)) == "already_deleted");
  const auto closed = api_post(s.port(), "/api/moderation/reports/" + std::to_string(reported.body["id"].get<std::int64_t>()) + "/close",
                           boss, {{"outcome", "message deleted"}});
  REQUIRE(closed.status == status::ok);
  CHECK(closed.body["closed_by"] == "boss");
  CHECK(api_get(s.port(), "/api/moderation/reports?open=1", boss).body["reports"].empty());

  // A ban ends the account's logins and connections; the password no longer lets it in.
  const auto banned = call_api(s.port(), verb::put, "/api/moderation/bans/mod0", json{{"reason", "insults"}}, boss);
  REQUIRE(banned.status == status::ok);
  CHECK_FALSE(ann.try_next(std::chrono::seconds(5)).has_value());
  CHECK(ann.closed());
  CHECK(ann.close_code() == 4001);
  CHECK(api_get(s.port(), "/api/my/games", tokens[0]).status == status::unauthorized);
  const auto refused = call_api(s.port(), verb::post, "/api/sessions", json{{"name", "mod0"}, {"password", "correct horse"}});
  CHECK(refused.status == status::forbidden);
  CHECK(code_of(refused) == "banned");
  CHECK(code_of(call_api(s.port(), verb::put, "/api/moderation/bans/mod0", json::object(), boss)) == "already_banned");

  // A running game cancelled: its viewers see it, its commands stop.
  const auto cancelled = api_post(s.port(), game_path(game, "cancel"), boss, {{"reason", "abandoned"}});
  REQUIRE(cancelled.status == status::ok);
  CHECK(cancelled.body["status"] == "cancelled");
  CHECK(bob.next_of("table")["table"]["status"] == "cancelled");
  CHECK(code_of(api_post(s.port(), game_path(game, "cancel"), boss)) == "not_running");

  REQUIRE(call_api(s.port(), verb::delete_, "/api/moderation/bans/mod0", std::nullopt, boss).status == status::ok);
  CHECK_FALSE(log_in(s.port(), "mod0").empty());

  // Everything is in the log, newest first, with who did it; and it survives a restart.
  const auto log = api_get(s.port(), "/api/moderation/log", boss);
  std::vector<std::string> actions;
  for (const auto& a : log.body["actions"]) actions.push_back(a["action"]);
  CHECK(actions == std::vector<std::string>{"unban", "cancel_game", "ban", "close_report", "delete_message", "grant_operator"});
  CHECK(log.body["actions"][2]["moderator"] == "boss");
  CHECK(log.body["actions"][2]["player"] == "mod0");
  CHECK(log.body["actions"][2]["detail"] == "insults");
  CHECK(log.body["actions"][5]["moderator"].is_null());  // the command line
}

TEST_CASE("operators: one makes another while the server runs; both changes logged; nobody changes his own right",
          "[server][moderation]") {
  std::shared_ptr<temp_dir> data;
  {
    running_server s;
    data = s.data();
    sign_up(s.port(), "chief");
  }
  REQUIRE(loyang::server::set_operator(data->path() / "data", "chief", true) == "");
  // (The command refused while the server holds the directory, saying how to grant online
  // instead: data_dir_test.py, "lock", with the real binary.)
  running_server s({}, data);

  const auto chief = log_in(s.port(), "chief");
  REQUIRE_FALSE(chief.empty());
  const auto deputy = sign_up(s.port(), "deputy");
  const auto other = sign_up(s.port(), "other");
  ws_client deputy_live(s.port());
  CHECK(deputy_live.hello(deputy)["account"]["operator"] == false);
  CHECK(api_get(s.port(), "/api/moderation/reports", deputy).status == status::forbidden);

  // Only an operator grants; not himself; not twice; not an unknown name.
  CHECK(code_of(call_api(s.port(), verb::put, "/api/moderation/operators/deputy", json::object(), other)) ==
        "not_operator");
  CHECK(code_of(call_api(s.port(), verb::delete_, "/api/moderation/operators/chief", std::nullopt, chief)) ==
        "bad_request");
  CHECK(code_of(call_api(s.port(), verb::put, "/api/moderation/operators/nobody", json::object(), chief)) ==
        "no_such_player");
  CHECK(code_of(call_api(s.port(), verb::put, "/api/moderation/operators/deputy", json{{"why", "x"}}, chief)) ==
        "bad_request");
  const auto granted =
      call_api(s.port(), verb::put, "/api/moderation/operators/DEPUTY", json{{"reason", "helps on weekends"}}, chief);
  REQUIRE(granted.status == status::ok);
  CHECK(granted.body == json{{"name", "deputy"}, {"operator", true}});
  CHECK(code_of(call_api(s.port(), verb::put, "/api/moderation/operators/deputy", json::object(), chief)) ==
        "already_operator");

  // At once, with the same token: the deputy reads reports and bans; a new connection says so.
  CHECK(api_get(s.port(), "/api/moderation/reports", deputy).status == status::ok);
  ws_client deputy_again(s.port());
  CHECK(deputy_again.hello(deputy)["account"]["operator"] == true);
  REQUIRE(call_api(s.port(), verb::put, "/api/moderation/bans/other", json::object(), deputy).status == status::ok);
  REQUIRE(call_api(s.port(), verb::delete_, "/api/moderation/bans/other", std::nullopt, deputy).status == status::ok);

  // The deputy cannot take the chief's right; the chief takes the deputy's.
  CHECK(code_of(call_api(s.port(), verb::delete_, "/api/moderation/operators/deputy", std::nullopt, deputy)) ==
        "bad_request");
  REQUIRE(call_api(s.port(), verb::delete_, "/api/moderation/operators/deputy", std::nullopt, chief).status ==
          status::ok);
  CHECK(code_of(call_api(s.port(), verb::delete_, "/api/moderation/operators/deputy", std::nullopt, chief)) ==
        "was_not_operator");
  CHECK(api_get(s.port(), "/api/moderation/reports", deputy).status == status::forbidden);

  const auto log = api_get(s.port(), "/api/moderation/log", chief);
  std::vector<std::string> actions;
  for (const auto& a : log.body["actions"]) actions.push_back(a["action"]);
  CHECK(actions == std::vector<std::string>{"revoke_operator", "unban", "ban", "grant_operator", "grant_operator"});
  CHECK(log.body["actions"][0]["moderator"] == "chief");
  CHECK(log.body["actions"][0]["player"] == "deputy");
  CHECK(log.body["actions"][3]["moderator"] == "chief");
  CHECK(log.body["actions"][3]["detail"] == "helps on weekends");
  CHECK(log.body["actions"][4]["moderator"].is_null());  // the command line, before the start
}
