// Game ids cannot be counted (issue 34, section 5): new games' ids are keyed (cluster/
// game_ids.hpp), so the ids near a game's are no one's and private games leave no countable
// gaps; a game stored with an old small id still opens, and numbering goes on across restarts
// without reusing a number.
#include <catch2/catch.hpp>

#include <algorithm>
#include <future>
#include <random>
#include <set>

#include "cluster/game_ids.hpp"
#include "game_client.hpp"
#include "loyang/persistence/sqlite_store.hpp"

using namespace loyang::test;
using loyang::server::cluster::id_permutation;
using status = beast::http::status;

namespace {

constexpr std::int64_t first_keyed = std::int64_t(1) << 52;

std::int64_t create(std::uint16_t port, const std::string& token, const json& body) {
  const auto made = api_post(port, "/api/games", token, body);
  INFO(made.body.dump());
  REQUIRE(made.status == status::created);
  return made.body["id"];
}

}  // namespace

TEST_CASE("the id permutation is a bijection on 52 bits, keyed by the secret", "[server][ids]") {
  const id_permutation p("secret one"), q("secret two");
  std::mt19937_64 random(34);
  for (int i = 0; i < 2000; ++i) {
    const auto n = random() & ((std::uint64_t(1) << 52) - 1);
    const auto image = p.forward(n);
    CHECK(image < (std::uint64_t(1) << 52));
    CHECK(p.backward(image) == n);
  }
  // Numbers in a row give images all over the range, and another key gives others.
  std::set<std::uint64_t> images;
  int same = 0;
  for (std::uint64_t n = 1; n <= 20000; ++n) {
    images.insert(p.forward(n));
    same += p.forward(n) == q.forward(n);
  }
  CHECK(images.size() == 20000);
  CHECK(same == 0);
  CHECK(*images.rbegin() - *images.begin() > (std::uint64_t(1) << 50));
  CHECK(id_permutation("secret one").forward(12345) == p.forward(12345));  // the same key, the same ids
}

TEST_CASE("new games' ids cannot be counted: private games leave no gaps next to public ones", "[server][ids][privacy]") {
  running_server s([](loyang::server::config& c) {
    c.memory_only = true;
    c.max_open_games_per_account = 100;
  });
  const auto port = s.port();
  const auto ann = sign_up(port, "id-ann"), bob = sign_up(port, "id-bob"), eve = sign_up(port, "id-eve");
  std::vector<std::int64_t> ids;
  for (int i = 0; i < 30; ++i) {
    json body{{"players", 2}};
    if (i % 2) body["invite"] = {"id-bob"};  // every other one private
    ids.push_back(create(port, ann, body));
  }
  for (const auto id : ids) {
    CHECK(id >= first_keyed);
    CHECK(id < 2 * first_keyed);  // a JSON number JavaScript reads exactly
  }
  // Neither in the order they were made nor near one another: a neighbour of an id tells nothing.
  CHECK_FALSE(std::is_sorted(ids.begin(), ids.end()));
  auto sorted = ids;
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t i = 1; i < sorted.size(); ++i) CHECK(sorted[i] - sorted[i - 1] > (std::int64_t(1) << 20));
  // Eve sees the public ones; around her own new game's id, nothing answers but her game.
  const auto hers = create(port, eve, {{"players", 2}});
  for (std::int64_t d = -20; d <= 20; ++d) {
    if (d == 0) continue;
    CHECK(code_of(api_get(port, game_path(hers + d), eve)) == "no_such_game");
  }
  // The private games still open for those invited, the public ones for all.
  CHECK(api_get(port, game_path(ids[1]), bob).status == status::ok);
  CHECK(code_of(api_get(port, game_path(ids[1]), eve)) == "no_such_game");
  CHECK(api_get(port, game_path(ids[0]), eve).status == status::ok);
}

TEST_CASE("an old game's small id still opens, and numbering goes on after restarts without reusing a number",
          "[server][ids]") {
  auto data = std::make_shared<temp_dir>();
  std::int64_t ann_id = 0;
  {
    running_server s({}, data);
    const auto made = call_api(s.port(), http::verb::post, "/api/accounts",
                               json{{"name", "old-ann"}, {"password", "correct horse"}});
    REQUIRE(made.status == status::created);
    ann_id = made.body["id"];
    sign_up(s.port(), "old-bob");
  }
  // A game as a server before keyed ids stored it: id 7, open, Ann in seat 0.
  {
    auto store = loyang::persistence::make_sqlite_store(data->path() / "data");
    loyang::persistence::game_record g;
    g.id = 7;
    g.options = {2, loyang::engine::ruleset::yucata, false};
    g.creator = ann_id;
    g.seats.resize(2);
    g.seats[0].account_id = ann_id;
    g.created_at = g.updated_at = g.waiting_since = 1795000000;
    std::promise<std::string> saved;
    loyang::persistence::store& stored = *store;
    stored.save_game(g, [&](const std::string& e) { saved.set_value(e); });
    REQUIRE(saved.get_future().get().empty());
    store->stop();
  }
  std::int64_t made_after = 0;
  {
    running_server s({}, data);
    const auto ann = [&] {
      const auto login = call_api(s.port(), http::verb::post, "/api/sessions",
                                  json{{"name", "old-ann"}, {"password", "correct horse"}});
      REQUIRE(login.status == status::created);
      return login.body["token"].get<std::string>();
    }();
    const auto bob = [&] {
      const auto login = call_api(s.port(), http::verb::post, "/api/sessions",
                                  json{{"name", "old-bob"}, {"password", "correct horse"}});
      REQUIRE(login.status == status::created);
      return login.body["token"].get<std::string>();
    }();
    const auto old = api_get(s.port(), game_path(7), bob);
    REQUIRE(old.status == status::ok);
    CHECK(old.body["id"] == 7);
    // The old link plays: Bob joins, the game starts, a command is accepted over the WebSocket.
    const auto joined = api_post(s.port(), game_path(7, "join"), bob);
    REQUIRE(joined.status == status::ok);
    CHECK(joined.body["status"] == "active");
    auto v = connect(s.port(), ann, 7, false);
    if (v.doc["legal"].empty()) v = connect(s.port(), bob, 7, false);
    REQUIRE(accepted(v.command(7, v.doc["legal"][0], "old-1")));
    CHECK(api_get(s.port(), game_path(7, "history"), ann).body["latest"] == 1);
    made_after = create(s.port(), ann, {{"players", 2}});
    CHECK(made_after >= first_keyed);
  }
  {
    running_server s({}, data);
    const auto login = call_api(s.port(), http::verb::post, "/api/sessions",
                                json{{"name", "old-ann"}, {"password", "correct horse"}});
    const std::string ann = login.body["token"];
    // Numbering went on after the stored games' numbers: a new id, and the earlier games intact.
    const auto newer = create(s.port(), ann, {{"players", 3}});
    CHECK(newer != made_after);
    CHECK(newer >= first_keyed);
    CHECK(api_get(s.port(), game_path(made_after), ann).body["options"]["players"] == 2);
    CHECK(api_get(s.port(), game_path(newer), ann).body["options"]["players"] == 3);
    CHECK(api_get(s.port(), game_path(7), ann).body["status"] == "active");
  }
}
