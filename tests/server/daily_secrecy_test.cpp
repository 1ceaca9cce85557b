// The daily challenge's deal stays hidden until its day is over (issue 34, section 2): every
// account is dealt the same cards, so one daily game's seed or draw pile is everybody's. Every
// endpoint that touches a game is read, by its player, another account and a guest, for a
// resigned, a finished and a running daily game, before 00:00 UTC (none holds the seed or a
// face-up draw pile) and after it (the seed and the draw pile are there), on the hand clock.
#include <catch2/catch.hpp>

#include "clock_helpers.hpp"

using namespace loyang::test;
using status = beast::http::status;

namespace {

/// The end of the hand clock's first day: 00:00 UTC of the next day.
constexpr std::int64_t midnight = (hand_t0 / 86400 + 1) * 86400;

/// Whether `j` holds the seed or a draw pile with a card face up, anywhere.
bool shows_deal(const json& j) {
  if (j.is_object()) {
    for (const auto& [key, value] : j.items()) {
      if (key == "seed" && !value.is_null()) return true;
      if (key == "draw_pile" && value.is_array()) {
        for (const auto& c : value)
          if (c != "hidden") return true;
      }
      if (shows_deal(value)) return true;
    }
  } else if (j.is_array()) {
    for (const auto& e : j)
      if (shows_deal(e)) return true;
  }
  return false;
}

/// Every answer an asker (token, "" for a guest) gets from the endpoints that touch `game`:
/// (what was asked, status, body text).
struct reading {
  std::string what;
  status code;
  json body;
};

std::vector<reading> read_everything(std::uint16_t port, std::int64_t game, const std::string& token,
                                  const std::string& owner_name) {
  std::vector<reading> out;
  auto get = [&](const std::string& path) {
    const auto a = call_api(port, beast::http::verb::get, path, std::nullopt, token);
    out.push_back({"GET " + path, a.status, a.body});
  };
  auto post = [&](const std::string& path) {
    const auto a = call_api(port, beast::http::verb::post, path, json::object(), token);
    out.push_back({"POST " + path, a.status, a.body});
  };
  const auto id = std::to_string(game);
  for (const std::string q : {"", "?view=0", "?view=spectator", "?view=all", "?version=0",
                              "?version=0&view=all", "?version=1&view=all", "?version=0&view=0"}) {
    get("/api/games/" + id + "/history" + q);
  }
  get("/api/games/" + id + "/record");
  get("/api/games/" + id + "/chat");
  get("/api/players/" + owner_name);
  get("/api/players/" + owner_name + "/ratings");
  get("/api/games/live");
  get("/api/leaderboard");
  if (!token.empty()) {
    get("/api/games/" + id);
    get("/api/games/" + id + "/analysis");
    post("/api/games/" + id + "/analysis");
    post("/api/games/" + id + "/hint");
    get("/api/games/" + id + "/notes");
    get("/api/games");
    get("/api/my/games");
    get("/api/friends/games");
    get("/api/daily");
    get("/api/daily/leaderboard");
  }
  // The WebSocket: subscribing as the player and as a spectator (what a snapshot shows).
  for (const std::string as : {"player", "spectator"}) {
    ws_client ws(port);
    ws.hello(token);
    ws.send({{"type", "subscribe"}, {"game", game}, {"as", as}});
    const auto m = ws.next();
    out.push_back({"subscribe as " + as, status::ok, m});
  }
  return out;
}

json answer_to(const std::vector<reading>& reads, const std::string& what) {
  for (const auto& r : reads)
    if (r.what == what) return r.body;
  FAIL("not read: " << what);
  return {};
}

status status_of(const std::vector<reading>& reads, const std::string& what) {
  for (const auto& r : reads)
    if (r.what == what) return r.code;
  FAIL("not read: " << what);
  return status::internal_server_error;
}

}  // namespace

TEST_CASE("a daily game's seed and draw pile are in no answer until 00:00 UTC, then in its record and history",
          "[server][daily][privacy]") {
  hand_clock clock;
  clock.move_to(hand_t0);
  running_server s([&](loyang::server::config& c) {
    c.memory_only = true;
    clock.settings()(c);
  });
  const auto port = s.port();
  const auto ann = sign_up(port, "ds-ann");  // the throw-away account: resigns at once
  const auto bob = sign_up(port, "ds-bob");  // plays to the end
  const auto cid = sign_up(port, "ds-cid");  // still playing at midnight
  const auto eve = sign_up(port, "ds-eve");  // never plays: a stranger to the games
  REQUIRE(call_api(port, beast::http::verb::put, "/api/account/friends/ds-ann", std::nullopt, eve).status == status::ok);

  const std::int64_t resigned = api_post(port, "/api/daily", ann).body["id"];
  const std::int64_t finished = api_post(port, "/api/daily", bob).body["id"];
  const std::int64_t running = api_post(port, "/api/daily", cid).body["id"];
  REQUIRE(api_post(port, game_path(resigned, "resign"), ann).status == status::ok);
  auto b = connect(port, bob, finished, false);
  play_solo(b, finished, 7);
  auto c = connect(port, cid, running, false);
  REQUIRE(accepted(c.command(running, c.doc["legal"][0], "first")));

  // Resigning ends a daily game at once: no bot draws the day's cards before ann's eyes.
  const auto gone = api_get(port, game_path(resigned, "history"), ann);
  REQUIRE(gone.status == status::ok);
  CHECK(gone.body["finished"] == true);
  CHECK(gone.body["latest"] == 0);

  struct asker {
    std::string name, token;
  };
  const std::vector<std::pair<std::int64_t, asker>> games{{resigned, {"ds-ann", ann}}, {finished, {"ds-bob", bob}},
                                                         {running, {"ds-cid", cid}}};
  for (const auto& [game, owner] : games) {
    for (const auto& who : {owner, asker{"eve", eve}, asker{"guest", ""}}) {
      const auto reads = read_everything(port, game, who.token, owner.name);
      for (const auto& r : reads) {
        INFO("game of " << owner.name << ", read by " << who.name << ": " << r.what << " -> "
                        << int(r.code) << " " << r.body.dump().substr(0, 400));
        CHECK_FALSE(shows_deal(r.body));
        CHECK(int(r.code) < 500);
      }
      if (who.token != owner.token || game == running) continue;
      // The player himself: his game's own views, but not every card, nor its analysis.
      INFO("game of " << owner.name);
      CHECK(status_of(reads, "GET /api/games/" + std::to_string(game) + "/history?view=all") == status::forbidden);
      CHECK(status_of(reads, "GET /api/games/" + std::to_string(game) + "/history?view=0") == status::ok);
      CHECK(status_of(reads, "GET /api/games/" + std::to_string(game) + "/record") == status::ok);
      CHECK(answer_to(reads, "GET /api/games/" + std::to_string(game) + "/record")["seed"].is_null());
      CHECK(status_of(reads, "POST /api/games/" + std::to_string(game) + "/analysis") == status::forbidden);
    }
  }
  // Hints are never offered in a daily game.
  CHECK(code_of(api_post(port, game_path(running, "hint"), cid)) == "hints_not_offered");

  // A second before midnight: still the day.
  clock.move_to(midnight - 1);
  CHECK(api_get(port, game_path(finished, "history") + "?view=all", bob).status == status::forbidden);
  CHECK(api_get(port, game_path(finished, "record"), bob).body["seed"].is_null());

  // Midnight UTC: the day is over for everyone; cid plays on, for nothing that ranks.
  clock.move_to(midnight);
  for (const auto& [game, owner] : {std::pair{resigned, ann}, std::pair{finished, bob}}) {
    INFO("game " << game);
    const auto record = api_get(port, game_path(game, "record"), owner);
    REQUIRE(record.status == status::ok);
    CHECK(record.body["seed"].is_string());
    const auto all = api_get(port, game_path(game, "history") + "?version=0&view=all", owner);
    REQUIRE(all.status == status::ok);
    CHECK(all.body["state"]["game"]["draw_pile"].size() > 0);
    CHECK(shows_deal(all.body));
    CHECK(api_get(port, game_path(game, "analysis"), owner).status == status::ok);
  }
  // The same deal for both: the day's seed.
  CHECK(api_get(port, game_path(resigned, "record"), ann).body["seed"] ==
        api_get(port, game_path(finished, "record"), bob).body["seed"]);
  // Still only its player watches a daily game, and strangers see no record of it.
  CHECK(api_get(port, game_path(finished, "record"), eve).status == status::forbidden);
  CHECK(api_get(port, game_path(finished, "record")).status == status::forbidden);

  // A daily game finished after its day, when its cards could be known, is no best solo.
  play_solo(c, running, 11);
  const auto profile = api_get(port, "/api/players/ds-cid");
  REQUIRE(profile.status == status::ok);
  CHECK(profile.body["best_solo"].is_null());
  CHECK(api_get(port, "/api/players/ds-bob").body["best_solo"]["level"].is_number());
}
