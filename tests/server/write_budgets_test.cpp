// Write budgets (docs/security.md, "Write budgets"): what one account (and, for new games, one
// client address) may store per hour, the cap on unfinished games, and the 429 answers with
// Retry-After. Budgets are set small so the tests spend them in a few requests, on a hand clock.
#include <catch2/catch.hpp>

#include <regex>

#include "budgets/token_bucket.hpp"
#include "budgets/write_budgets.hpp"
#include "clock_helpers.hpp"

using namespace loyang::test;
using verb = beast::http::verb;
using loyang::server::budgets::write_kind;

namespace {

/// A 2-player game against a bot: it starts at once (no open game, but an unfinished one).
api_answer bot_game(std::uint16_t port, const std::string& token) {
  return call_api(port, verb::post, "/api/games", json{{"players", 2}, {"bots", 1}}, token);
}

void check_refused(const api_answer& a, const std::string& code, const std::string& retry_after) {
  INFO(a.body.dump());
  CHECK(a.status == http::status::too_many_requests);
  CHECK(code_of(a) == code);
  CHECK(a.retry_after == retry_after);
}

json say(ws_client& ws, std::int64_t game, const std::string& text, const std::string& id) {
  ws.send({{"type", "chat"}, {"game", game}, {"id", id}, {"text", text}});
  for (;;) {
    json m = ws.next();
    if ((m["type"] == "chat" || m["type"] == "result") && m.value("id", "") == id) return m;
  }
}

}  // namespace

TEST_CASE("a token bucket spends its burst, then refills evenly; the wait is in whole seconds", "[budgets]") {
  loyang::server::budgets::token_bucket b(6, 6, 100);
  for (int i = 0; i < 6; ++i) {
    REQUIRE(b.wait("ann", 1000) == 0);
    b.take("ann", 1000);
  }
  CHECK(b.wait("ann", 1000) == 600);  // a token every 10 minutes
  CHECK(b.wait("bob", 1000) == 0);    // each key its own bucket
  CHECK(b.wait("ann", 1599) == 1);
  CHECK(b.wait("ann", 1600) == 0);
  b.take("ann", 1600, 3);  // more than is left: in debt
  CHECK(b.wait("ann", 1600) == 1800);
  loyang::server::budgets::token_bucket unlimited(0, 0, 100);
  for (int i = 0; i < 1000; ++i) unlimited.take("ann", 0);
  CHECK(unlimited.wait("ann", 0) == 0);
}

TEST_CASE("every write route spends from a budget; reads spend nothing", "[budgets]") {
  using loyang::server::budgets::route_charges;
  struct row {
    verb method;
    const char* path;
    write_kind kind;
  };
  for (const auto& r : std::vector<row>{
           {verb::post, "/api/games/7/join", write_kind::seats},
           {verb::post, "/api/games/7/leave", write_kind::seats},
           {verb::post, "/api/games/7/decline", write_kind::seats},
           {verb::post, "/api/games/7/resign", write_kind::seats},
           {verb::post, "/api/games/7/vote", write_kind::seats},
           {verb::put, "/api/games/7/notes", write_kind::notes},
           {verb::post, "/api/reports", write_kind::reports},
           {verb::put, "/api/account/friends/bob", write_kind::relations},
           {verb::delete_, "/api/account/mutes/bob", write_kind::relations},
           {verb::put, "/api/account/blocks/bob", write_kind::relations},
           {verb::put, "/api/account/notifications", write_kind::settings},
           {verb::put, "/api/account/locale", write_kind::settings},
           {verb::post, "/api/account/vacation", write_kind::settings},
           {verb::delete_, "/api/account/vacation", write_kind::settings},
           {verb::post, "/api/account/push", write_kind::settings},
           {verb::delete_, "/api/account/push", write_kind::settings},
           {verb::post, "/api/messages/with/bob", write_kind::messages},
           {verb::post, "/api/messages/with/bob/read", write_kind::other},
           {verb::post, "/api/games/7/cancel", write_kind::moderation},
           {verb::delete_, "/api/games/7/chat/3", write_kind::moderation},
           {verb::post, "/api/moderation/reports/3/close", write_kind::moderation},
           {verb::put, "/api/moderation/bans/bob", write_kind::moderation},
           {verb::put, "/api/moderation/operators/bob", write_kind::moderation},
           {verb::post, "/api/tournaments", write_kind::tournaments},
           {verb::post, "/api/tournaments/3/join", write_kind::seats},
           {verb::post, "/api/tournaments/3/withdraw", write_kind::seats},
           {verb::post, "/api/tournaments/3/cancel", write_kind::seats},
           {verb::post, "/api/games/7/hint", write_kind::other},
           {verb::post, "/api/games/7/analysis", write_kind::other},
           {verb::post, "/api/daily", write_kind::other},
           {verb::post, "/api/no/such/route", write_kind::other},
       }) {
    INFO(r.path);
    const auto c = route_charges(r.method, r.path, json(), 42, "192.0.2.9");
    REQUIRE(c.size() == 1);
    CHECK(c[0].kind == r.kind);
    CHECK(c[0].key == "42");
  }
  // New games: per account and per address, and the invited names.
  for (const char* path : {"/api/games", "/api/games/7/rematch"}) {
    const auto c = route_charges(verb::post, path, json{{"invite", {"bob", "cy"}}}, 42, "192.0.2.9");
    REQUIRE(c.size() >= 2);
    CHECK(c[0].kind == write_kind::games);
    CHECK(c[1].kind == write_kind::games_per_address);
    CHECK(c[1].key == "192.0.2.9");
    if (std::string(path) == "/api/games") {
      REQUIRE(c.size() == 3);
      CHECK(c[2].kind == write_kind::invitations);
      CHECK(c[2].cost == 2);
    }
  }
  for (const char* path : {"/api/games", "/api/games/7", "/api/games/7/notes", "/api/account/notifications"}) {
    CHECK(route_charges(verb::get, path, json(), 42, "x").empty());
    CHECK(route_charges(verb::head, path, json(), 42, "x").empty());
  }
}

TEST_CASE("one account cannot create games without bound: 429 with Retry-After, again after the wait",
          "[budgets][lobby]") {
  hand_clock clock;
  running_server s([&](loyang::server::config& c) {
    clock.settings()(c);
    c.memory_only = true;
    c.write_budgets = {{"games", 3}, {"games_per_address", 0}};
  });
  const auto ann = sign_up(s.port(), "ann");
  for (int i = 0; i < 3; ++i) REQUIRE(bot_game(s.port(), ann).status == http::status::created);
  const auto fourth = bot_game(s.port(), ann);
  check_refused(fourth, "too_many_requests", "1200");  // 3 an hour: one every 20 minutes
  CHECK(code_of(call_api(s.port(), verb::get, "/api/my/games", std::nullopt, ann)) == "");  // reads are free
  CHECK(call_api(s.port(), verb::get, "/api/my/games", std::nullopt, ann).body["games"].size() == 3);
  // Another account has its own budget.
  CHECK(bot_game(s.port(), sign_up(s.port(), "bob")).status == http::status::created);
  clock.now->store(hand_t0 + 1199);
  CHECK(bot_game(s.port(), ann).status == http::status::too_many_requests);
  clock.now->store(hand_t0 + 1200);
  CHECK(bot_game(s.port(), ann).status == http::status::created);
}

TEST_CASE("new games are limited per client address too, whichever account asks", "[budgets][lobby]") {
  running_server s([](loyang::server::config& c) {
    c.memory_only = true;
    c.write_budgets = {{"games_per_address", 2}};
  });
  const auto ann = sign_up(s.port(), "ann");
  const auto bob = sign_up(s.port(), "bob");
  REQUIRE(bot_game(s.port(), ann).status == http::status::created);
  REQUIRE(bot_game(s.port(), bob).status == http::status::created);
  check_refused(bot_game(s.port(), sign_up(s.port(), "cyd")), "too_many_requests", "1800");
  // A refusal spends nothing: ann's own budget is untouched, other writes go on.
  CHECK(code_of(call_api(s.port(), verb::put, "/api/account/friends/bob", std::nullopt, ann)) == "");
}

TEST_CASE("unfinished games are capped per account: games in play and against bots count", "[budgets][lobby]") {
  running_server s([](loyang::server::config& c) {
    c.memory_only = true;
    c.max_unfinished_games_per_account = 3;
  });
  const auto ann = sign_up(s.port(), "ann");
  const auto bob = sign_up(s.port(), "bob");
  std::vector<std::int64_t> games;
  for (int i = 0; i < 3; ++i) {
    const auto g = bot_game(s.port(), ann);
    REQUIRE(g.status == http::status::created);
    CHECK(g.body["status"] == "active");
    games.push_back(g.body["id"]);
  }
  const auto fourth = bot_game(s.port(), ann);
  CHECK(fourth.status == http::status::conflict);
  CHECK(code_of(fourth) == "too_many_games");
  // Joining counts too, also a join that starts the game.
  const auto open = call_api(s.port(), verb::post, "/api/games", json{{"players", 2}}, bob);
  REQUIRE(open.status == http::status::created);
  CHECK(code_of(call_api(s.port(), verb::post, game_path(open.body["id"], "join"), json::object(), ann)) ==
        "too_many_games");
  // A game he resigned from is no longer his to play: it frees a place.
  REQUIRE(call_api(s.port(), verb::post, game_path(games[0], "resign"), json::object(), ann).status ==
          http::status::ok);
  CHECK(bot_game(s.port(), ann).status == http::status::created);
  CHECK(code_of(bot_game(s.port(), ann)) == "too_many_games");
}

TEST_CASE("each write budget, once spent, answers 429 with Retry-After and its code", "[budgets]") {
  // A hand clock: on the real one the second write may fall in the next second (Retry-After 3599).
  hand_clock clock;
  running_server s([&clock](loyang::server::config& c) {
    clock.settings()(c);
    c.memory_only = true;
    c.write_budgets = {{"games", 10}, {"games_per_address", 0}, {"invitations", 1}, {"seats", 1}, {"notes", 1},
                       {"reports", 1}, {"relations", 1}, {"settings", 1}, {"moderation", 1}, {"other", 1}};
  });
  const auto ann = sign_up(s.port(), "ann");
  sign_up(s.port(), "bob");
  sign_up(s.port(), "cyd");
  struct pair_of_writes {
    const char* budget;
    verb first_method;
    std::string first;
    json first_body;
    verb second_method;
    std::string second;
    json second_body;
    const char* code;
  };
  const std::vector<pair_of_writes> writes{
      {"seats", verb::post, game_path(999, "join"), json::object(), verb::post, game_path(999, "leave"), json::object(),
       "too_many_requests"},
      {"notes", verb::put, game_path(999, "notes"), json{{"text", "x"}}, verb::put, game_path(998, "notes"),
       json{{"text", "y"}}, "too_many_requests"},
      {"reports", verb::post, "/api/reports", json{{"player", "bob"}, {"reason", "rude"}}, verb::post, "/api/reports",
       json{{"player", "cyd"}, {"reason", "rude"}}, "too_many_reports"},
      {"relations", verb::put, "/api/account/friends/bob", json(), verb::put, "/api/account/mutes/cyd", json(),
       "too_many_requests"},
      {"settings", verb::put, "/api/account/notifications", json::object(), verb::post, "/api/account/vacation",
       json{{"days", 1}}, "too_many_requests"},
      {"moderation", verb::post, "/api/moderation/reports/1/close", json::object(), verb::put,
       "/api/moderation/bans/bob", json::object(), "too_many_requests"},
      {"invitations", verb::post, "/api/games", json{{"players", 2}, {"invite", {"bob"}}}, verb::post, "/api/games",
       json{{"players", 2}, {"invite", {"cyd"}}}, "too_many_requests"},
      {"other", verb::post, game_path(999, "hint"), json(), verb::post, "/api/daily", json(), "too_many_requests"},
  };
  for (const auto& w : writes) {
    INFO(w.budget);
    const auto first = call_api(s.port(), w.first_method, w.first,
                                w.first_body.is_null() ? std::nullopt : std::optional<json>(w.first_body), ann);
    CHECK(first.status != http::status::too_many_requests);
    const auto second = call_api(s.port(), w.second_method, w.second,
                                 w.second_body.is_null() ? std::nullopt : std::optional<json>(w.second_body), ann);
    check_refused(second, w.code, "3600");
  }
  // The invitations are spent, the games not: a game without invitations is still created.
  CHECK(call_api(s.port(), verb::post, "/api/games", json{{"players", 2}}, ann).status == http::status::created);
}

TEST_CASE("chat messages have a budget per account over all its games", "[budgets][chat]") {
  running_server s([](loyang::server::config& c) {
    c.memory_only = true;
    c.write_budgets = {{"chat", 2}, {"games_per_address", 0}};
  });
  const auto ann = sign_up(s.port(), "ann");
  std::vector<std::int64_t> games;
  ws_client ws(s.port());
  ws.hello(ann);
  for (int i = 0; i < 2; ++i) {
    const auto g = bot_game(s.port(), ann);
    REQUIRE(g.status == http::status::created);
    games.push_back(g.body["id"]);
    ws.send({{"type", "subscribe"}, {"game", games.back()}, {"chat", true}});
    ws.next_of("chat_history");
  }
  CHECK(say(ws, games[0], "hello", "c1")["type"] == "chat");
  CHECK(say(ws, games[1], "hello there", "c2")["type"] == "chat");
  // Each game's own pace (5 in 10 s) would let this one through.
  const auto third = say(ws, games[0], "and again", "c3");
  CHECK(third["type"] == "result");
  CHECK(third["error"]["code"] == "chat_too_fast");
  // Two an hour: the next one in half an hour, less the second the clock may have turned since.
  const auto said = third["error"]["message"].get<std::string>();
  INFO(said);
  std::smatch wait;
  REQUIRE(std::regex_search(said, wait, std::regex(R"((\d+) s)")));
  CHECK(std::stoi(wait[1]) <= 1800);
  CHECK(std::stoi(wait[1]) >= 1795);
}
