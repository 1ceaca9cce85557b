// The lobby's game lists come in pages: `limit` and an opaque `cursor`, a default page size,
// a stable order, and no game lost or repeated when other games change between two pages.
#include <algorithm>
#include <map>
#include <set>
#include <thread>

#include "game_client.hpp"

using namespace loyang::test;

namespace {

void memory_only(loyang::server::config& c) { c.memory_only = true; }

std::int64_t create_id(std::uint16_t port, const std::string& token, const json& body) {
  const auto created = call_api(port, http::verb::post, "/api/games", body, token);
  INFO(created.body.dump());
  REQUIRE(created.status == http::status::created);
  return created.body["id"];
}

std::vector<std::int64_t> ids_of(const json& games) {
  std::vector<std::int64_t> ids;
  for (const auto& g : games) ids.push_back(g["id"]);
  return ids;
}

/// `ids` in the open games' order: oldest first, then by id (ids are keyed, not counted).
std::vector<std::int64_t> oldest_first(std::uint16_t port, const std::string& token, std::vector<std::int64_t> ids) {
  std::map<std::int64_t, std::int64_t> made;
  for (auto id : ids) {
    const auto s = call_api(port, http::verb::get, game_path(id), std::nullopt, token);
    REQUIRE(s.status == http::status::ok);
    made[id] = s.body["created_at"];
  }
  std::sort(ids.begin(), ids.end(), [&](auto a, auto b) { return std::pair(made[a], a) < std::pair(made[b], b); });
  return ids;
}

/// Every character of `text` percent-encoded, as a client may send it.
std::string percent_encoded(const std::string& text) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text) out += {'%', hex[c >> 4], hex[c & 15]};
  return out;
}

/// One page of `path`: its status and body.
api_answer page(std::uint16_t port, const std::string& path, const std::string& token,
                const std::string& query) {
  return call_api(port, http::verb::get, path + (query.empty() ? "" : "?" + query), std::nullopt, token);
}

/// Every page of `path` with `limit`, following next_cursor: the ids in order, page by page.
std::vector<std::vector<std::int64_t>> all_pages(std::uint16_t port, const std::string& path,
                                                 const std::string& token, int limit) {
  std::vector<std::vector<std::int64_t>> pages;
  std::string cursor;
  for (int i = 0; i < 300; ++i) {
    const auto answer = page(port, path, token,
                             "limit=" + std::to_string(limit) +
                                 (cursor.empty() ? "" : "&cursor=" + percent_encoded(cursor)));
    INFO(answer.body.dump());
    REQUIRE(answer.status == http::status::ok);
    pages.push_back(ids_of(answer.body["games"]));
    CHECK(pages.back().size() <= std::size_t(limit));
    if (answer.body["next_cursor"].is_null()) return pages;
    REQUIRE(pages.back().size() == std::size_t(limit));
    cursor = answer.body["next_cursor"].get<std::string>();
  }
  FAIL("the cursor never ends");
  return pages;
}

/// The ids on the pages after `cursor`, following next_cursor to the end.
std::vector<std::int64_t> rest_of(std::uint16_t port, const std::string& path, const std::string& token,
                                  const std::string& limit, std::string cursor) {
  std::vector<std::int64_t> ids;
  for (int i = 0; i < 100 && !cursor.empty(); ++i) {
    const auto next = page(port, path, token, limit + "&cursor=" + cursor);
    REQUIRE(next.status == http::status::ok);
    for (auto id : ids_of(next.body["games"])) ids.push_back(id);
    cursor = next.body["next_cursor"].is_null() ? "" : next.body["next_cursor"].get<std::string>();
  }
  CHECK(cursor.empty());
  return ids;
}

std::vector<std::int64_t> flat(const std::vector<std::vector<std::int64_t>>& pages) {
  std::vector<std::int64_t> out;
  for (const auto& p : pages) out.insert(out.end(), p.begin(), p.end());
  return out;
}

}  // namespace

TEST_CASE("open games come in pages of 50 by default, oldest first", "[server][lobby][paging]") {
  running_server s([](loyang::server::config& c) {
    c.memory_only = true;
    c.max_open_games_per_account = 100;
  });
  const auto port = s.port();
  const auto ann = sign_up(port, "ann"), bob = sign_up(port, "bob");
  std::vector<std::int64_t> created;
  for (int i = 0; i < 53; ++i) created.push_back(create_id(port, ann, {{"players", 2}}));
  created = oldest_first(port, ann, created);

  const auto first = page(port, "/api/games", bob, "");
  REQUIRE(first.status == http::status::ok);
  CHECK(first.body["games"].size() == 50);
  REQUIRE(first.body["next_cursor"].is_string());
  const auto rest = page(port, "/api/games", bob, "cursor=" + first.body["next_cursor"].get<std::string>());
  CHECK(rest.body["games"].size() == 3);
  CHECK(rest.body["next_cursor"].is_null());
  auto ids = ids_of(first.body["games"]);
  for (auto id : ids_of(rest.body["games"])) ids.push_back(id);
  CHECK(ids == created);

  // Any page size from 1 to 200 gives the same list.
  for (int limit : {1, 7, 53, 200}) {
    INFO("limit " << limit);
    const auto pages = all_pages(port, "/api/games", bob, limit);
    CHECK(flat(pages) == created);
    CHECK(pages.size() == std::size_t((53 + limit - 1) / limit));
  }
  // The same for my games, in their own order.
  const auto mine = page(port, "/api/my/games", ann, "limit=200");
  CHECK(mine.body["games"].size() == 53);
  CHECK(mine.body["next_cursor"].is_null());
  CHECK(page(port, "/api/my/games", ann, "").body["games"].size() == 50);
  CHECK(flat(all_pages(port, "/api/my/games", ann, 10)) == ids_of(mine.body["games"]));
}

TEST_CASE("games that change between two pages do not move the others", "[server][lobby][paging]") {
  running_server s(memory_only);
  const auto port = s.port();
  const auto ann = sign_up(port, "ann"), bob = sign_up(port, "bob"), cid = sign_up(port, "cid");
  std::vector<std::int64_t> open;
  for (int i = 0; i < 9; ++i) open.push_back(create_id(port, ann, {{"players", 2}}));
  open = oldest_first(port, ann, open);

  // Open games: after the first page, a game of that page and one of the next start, and a
  // new game opens. Every game that did not change is listed exactly once.
  const auto first = page(port, "/api/games", cid, "limit=4");
  REQUIRE(ids_of(first.body["games"]) == std::vector<std::int64_t>(open.begin(), open.begin() + 4));
  REQUIRE(call_api(port, http::verb::post, game_path(open[1], "join"), json::object(), bob).status == http::status::ok);
  REQUIRE(call_api(port, http::verb::post, game_path(open[5], "join"), json::object(), bob).status == http::status::ok);
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));  // created_at has 1 s steps
  const auto newer = create_id(port, bob, {{"players", 3}});
  std::vector<std::int64_t> seen = ids_of(first.body["games"]);
  for (auto id : rest_of(port, "/api/games", cid, "limit=4", first.body["next_cursor"])) seen.push_back(id);
  std::vector<std::int64_t> expected{open[0], open[1], open[2], open[3], open[4], open[6],
                                     open[7], open[8], newer};
  CHECK(seen == expected);

  // My games (most recently changed first, among those not waiting for me): Cid sits in
  // five open games; between pages a game of the first page changes and new ones open.
  std::vector<std::int64_t> cids;
  for (int i = 0; i < 5; ++i) {
    cids.push_back(create_id(port, cid, {{"players", 3}}));
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));  // updated_at has 1 s steps
  }
  const auto mine = page(port, "/api/my/games", cid, "limit=2");
  REQUIRE(ids_of(mine.body["games"]) == (std::vector<std::int64_t>{cids[4], cids[3]}));
  // cids[4] changes (Bob joins) and moves to the top again; a new game opens on top.
  REQUIRE(call_api(port, http::verb::post, game_path(cids[4], "join"), json::object(), bob).status == http::status::ok);
  const auto newest = create_id(port, cid, {{"players", 3}});
  const auto rest = rest_of(port, "/api/my/games", cid, "limit=2", mine.body["next_cursor"]);
  CHECK(rest == (std::vector<std::int64_t>{cids[2], cids[1], cids[0]}));
  // A fresh first page shows the changes.
  const auto fresh = ids_of(page(port, "/api/my/games", cid, "limit=2").body["games"]);
  CHECK(std::set<std::int64_t>(fresh.begin(), fresh.end()) == std::set<std::int64_t>{newest, cids[4]});
}

TEST_CASE("list query strings: percent-decoded, bad values and unknown parameters refused",
          "[server][lobby][paging]") {
  running_server s(memory_only);
  const auto port = s.port();
  const auto ann = sign_up(port, "ann");
  for (int i = 0; i < 3; ++i) create_id(port, ann, {{"players", 2}});

  const auto encoded = page(port, "/api/games", ann, percent_encoded("limit") + "=" + percent_encoded("2"));
  CHECK(encoded.status == http::status::ok);
  CHECK(encoded.body["games"].size() == 2);
  CHECK(page(port, "/api/games", ann, "limit=2&").body["games"].size() == 2);
  CHECK(page(port, "/api/games", ann, "").body["next_cursor"].is_null());

  const std::string open_cursor = encoded.body["next_cursor"];
  const std::string my_cursor = page(port, "/api/my/games", ann, "limit=1").body["next_cursor"];
  for (const std::string& query : std::vector<std::string>{
           "limit=0", "limit=201", "limit=-1", "limit=1.5", "limit=", "limit", "limit=two",
           "limit=%20%32", "limit=2&limit=3", "cursor=", "cursor=abc", "cursor=" + my_cursor,
           "cursor=" + open_cursor + "&cursor=" + open_cursor, "page=2", "limit=2&sort=name",
           "limit=%zz", "%zz=1"}) {
    INFO(query);
    const auto answer = page(port, "/api/games", ann, query);
    CHECK(answer.status == http::status::bad_request);
    CHECK(code_of(answer) == "bad_request");
  }
  CHECK(code_of(page(port, "/api/my/games", ann, "cursor=" + open_cursor)) == "bad_request");
  CHECK(code_of(page(port, "/api/my/games", ann, "limit=1000")) == "bad_request");
}

TEST_CASE("open games filtered: player counts, time controls, ruleset, rated, a player seated, a rating range",
          "[server][lobby][paging]") {
  running_server s(memory_only);
  const auto ann = sign_up(s.port(), "filter_ann");
  const auto bob = sign_up(s.port(), "filter_bob");
  const auto cid = sign_up(s.port(), "filter_cid");
  const auto two = create_id(s.port(), ann, json{{"players", 2}});
  const auto three_clock = create_id(
      s.port(), ann, json{{"players", 3}, {"time_control", {{"type", "per_move"}, {"seconds", 86400}}}});
  const auto four_original = create_id(s.port(), bob, json{{"players", 4}, {"ruleset", "original"}});
  const auto two_rated = create_id(s.port(), bob, json{{"players", 2}, {"rated", true}});
  const auto list = [&](const std::string& query) {
    const auto p = page(s.port(), "/api/games", cid, query);
    INFO(query << " " << p.body.dump());
    REQUIRE(p.status == http::status::ok);
    auto ids = ids_of(p.body["games"]);
    std::sort(ids.begin(), ids.end());
    return ids;
  };
  const auto sorted = [](std::vector<std::int64_t> ids) {
    std::sort(ids.begin(), ids.end());
    return ids;
  };
  CHECK(list("") == sorted({two, three_clock, four_original, two_rated}));
  CHECK(list("players=2") == sorted({two, two_rated}));
  CHECK(list("players=3,4") == sorted({three_clock, four_original}));
  CHECK(list("time_control=per_move") == sorted({three_clock}));
  CHECK(list("time_control=none,bank") == sorted({two, four_original, two_rated}));
  CHECK(list("ruleset=original") == sorted({four_original}));
  CHECK(list("ruleset=yucata") == sorted({two, three_clock, two_rated}));  // the default ruleset
  CHECK(list("rated=true") == sorted({two_rated}));
  CHECK(list("rated=false&players=2") == sorted({two}));
  CHECK(list("player=filter_bob") == sorted({four_original, two_rated}));
  CHECK(list("player=FILTER_Bob") == sorted({four_original, two_rated}));  // names in any case
  CHECK(list("player=nobody").empty());
  // Everyone starts at 1500: a range above it leaves nothing, one around it everything.
  CHECK(list("rating_min=1600").empty());
  CHECK(list("rating_min=1400&rating_max=1500").size() == 4);
  // A filter and a page: the cursor goes on within the filtered list.
  const auto first = page(s.port(), "/api/games", cid, "players=2&limit=1");
  REQUIRE(first.status == http::status::ok);
  REQUIRE(first.body["games"].size() == 1);
  const auto second = page(s.port(), "/api/games", cid,
                           "players=2&limit=1&cursor=" + first.body["next_cursor"].get<std::string>());
  REQUIRE(second.body["games"].size() == 1);
  CHECK(sorted({first.body["games"][0]["id"], second.body["games"][0]["id"]}) == sorted({two, two_rated}));
  // Bad values, a repeated filter and unknown parameters stay refused, with what is allowed.
  for (const std::string bad : {"players=5", "players=2,x", "time_control=blitz", "ruleset=fast", "rated=yes",
                                "rating_min=-1", "rating_min=1600&rating_max=1500", "players=2&players=3",
                                "colour=red", "player="}) {
    const auto p = page(s.port(), "/api/games", cid, bad);
    INFO(bad << " " << p.body.dump());
    CHECK(p.status == http::status::bad_request);
    CHECK(p.body["error"]["code"] == "bad_request");
  }
  // The filters are the open list's: my games refuse them.
  CHECK(page(s.port(), "/api/my/games", ann, "players=2").status == http::status::bad_request);
}
