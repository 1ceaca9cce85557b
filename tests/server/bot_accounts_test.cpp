// Bot accounts (docs/protocol.md, "Bot accounts"): made at sign-up and kept across a restart,
// shown on profiles and seats, kept apart from people in rated games unless the operator
// allows it (--rated-bot-games). tests/examples/bot_account_test.py plays a whole game against
// one in its own process.
#include <catch2/catch.hpp>

#include "server_fixture.hpp"

using namespace loyang::test;

namespace {

std::string sign_up_bot(std::uint16_t port, const std::string& name) {
  const auto made = call_api(port, http::verb::post, "/api/accounts",
                             json{{"name", name}, {"password", "correct horse"}, {"bot", true}});
  INFO(made.body.dump());
  REQUIRE(made.status == http::status::created);
  CHECK(made.body["bot_account"] == true);
  return log_in(port, name);
}

json profile(std::uint16_t port, const std::string& name) {
  const auto p = call_api(port, http::verb::get, "/api/players/" + name);
  REQUIRE(p.status == http::status::ok);
  return p.body;
}

}  // namespace

TEST_CASE("bot accounts: made at sign-up, shown on profiles and seats, kept across a restart; people and bots "
          "play unrated",
          "[server][bot_accounts]") {
  std::shared_ptr<temp_dir> data;
  {
    running_server s;
    data = s.data();
    const auto robo = sign_up_bot(s.port(), "robo");
    const auto ann = sign_up(s.port(), "ann");
    CHECK(profile(s.port(), "robo")["bot_account"] == true);
    CHECK(profile(s.port(), "ann")["bot_account"] == false);
    CHECK(code_of(call_api(s.port(), http::verb::post, "/api/accounts",
                           json{{"name", "robo9"}, {"password", "correct horse"}, {"bot", "yes"}})) == "bad_request");

    // A rated game of people refuses the bot, a rated game of the bot refuses people.
    const auto rated = api_post(s.port(), "/api/games", ann, {{"players", 2}, {"rated", true}});
    REQUIRE(rated.status == http::status::created);
    CHECK(code_of(api_post(s.port(), game_path(rated.body["id"].get<std::int64_t>(), "join"), robo)) == "bot_unrated");
    const auto bots_rated = api_post(s.port(), "/api/games", robo, {{"players", 2}, {"rated", true}});
    REQUIRE(bots_rated.status == http::status::created);
    CHECK(code_of(api_post(s.port(), game_path(bots_rated.body["id"].get<std::int64_t>(), "join"), ann)) ==
          "bot_unrated");
    // Bots among themselves may play rated.
    const auto robo2 = sign_up_bot(s.port(), "robo2");
    CHECK(api_post(s.port(), game_path(bots_rated.body["id"].get<std::int64_t>(), "join"), robo2).status ==
          http::status::ok);

    // An unrated game of a person and a bot: its seats say who is a bot account.
    const auto game = api_post(s.port(), "/api/games", ann, {{"players", 2}, {"invite", {"robo"}}});
    REQUIRE(game.status == http::status::created);
    const std::int64_t id = game.body["id"];
    REQUIRE(api_post(s.port(), game_path(id, "join"), robo).status == http::status::ok);
    const auto summary = call_api(s.port(), http::verb::get, game_path(id), std::nullopt, ann).body;
    CHECK(summary["status"] == "active");
    CHECK(summary["seats"][0]["bot_account"] == false);
    CHECK(summary["seats"][1]["bot_account"] == true);
    CHECK(summary["seats"][1]["bot"] == false);  // the server's own bots only

    CHECK(code_of(api_post(s.port(), "/api/daily", robo)) == "bot_account");
    CHECK(code_of(api_post(s.port(), "/api/tournaments", robo,
                           {{"name", "Bots' cup"}, {"format", "swiss"}, {"rounds", 1},
                            {"time_control", {{"type", "per_move"}, {"seconds", 86400}}}})) == "bot_account");
  }
  running_server s({}, data);
  CHECK(profile(s.port(), "robo")["bot_account"] == true);
  CHECK(profile(s.port(), "ann")["bot_account"] == false);
}

TEST_CASE("bot accounts: --rated-bot-games lets bots and people play rated games together",
          "[server][bot_accounts]") {
  running_server s([](loyang::server::config& c) {
    c.memory_only = true;
    c.rated_bot_games = true;
  });
  const auto robo = sign_up_bot(s.port(), "robo");
  const auto ann = sign_up(s.port(), "ann");
  const auto rated = api_post(s.port(), "/api/games", ann, {{"players", 2}, {"rated", true}});
  REQUIRE(rated.status == http::status::created);
  CHECK(api_post(s.port(), game_path(rated.body["id"].get<std::int64_t>(), "join"), robo).status == http::status::ok);
}
