// The daily challenge's room against its interface (server/src/daily/service.hpp), with the
// rooms the composition root makes and a SQLite store, no HTTP: one game a day per account,
// started by the lobby and dealt from the server's secret (the same deal for everybody, also
// after a restart), and the day's board kept from those who have not finished.
#include <ctime>

#include "ratings/daily.hpp"
#include "rooms_fixture.hpp"

using loyang::server::api_reply;
using loyang::server::reply_fn;
using loyang::test::code_of;
using loyang::test::rooms_fixture;
using nlohmann::json;

TEST_CASE("daily: one game a day per account, dealt from the server's secret, the same for everybody",
          "[server][daily][rooms]") {
  rooms_fixture f({"ann", "bob", "cat"});
  const auto today = loyang::ratings::utc_date(std::time(nullptr));
  const auto ann = f.who("ann"), bob = f.who("bob"), cat = f.who("cat");
  auto* d = f.rooms().daily.get();

  const auto before = f.call([&](reply_fn r) { d->today(ann, r); });
  REQUIRE(int(before.status) == 200);
  CHECK(before.body["date"] == today);
  CHECK(before.body["played"].is_null());
  CHECK(before.body["options"]["players"] == 1);
  CHECK(before.body["players_today"] == 0);

  const auto started = f.call([&](reply_fn r) { d->start_game(ann, r); });
  REQUIRE(int(started.status) == 201);
  const auto game = started.body["id"].get<std::int64_t>();
  CHECK(started.body["status"] == "active");
  CHECK(started.body["watch"] == "players");
  CHECK(started.body["seats"][0]["player"] == "ann");
  const auto played = f.call([&](reply_fn r) { d->today(ann, r); });
  CHECK(played.body["played"]["game"] == game);
  CHECK(played.body["played"]["status"] == "active");

  const auto twice = f.call([&](reply_fn r) { d->start_game(ann, r); });
  CHECK(int(twice.status) == 409);
  CHECK(code_of(twice) == "daily_played");
  CHECK(twice.body["game"] == game);

  // Everybody is dealt the day's seed, made from the stored secret.
  const auto other = f.call([&](reply_fn r) { d->start_game(bob, r); });
  REQUIRE(int(other.status) == 201);
  const auto seed = loyang::ratings::daily_seed(f.daily_secret(), today);
  CHECK(seed != loyang::ratings::daily_seed("", today));
  f.on_strand([&] {
    CHECK(f.games().find_game(game)->seed == seed);
    CHECK(f.games().find_game(other.body["id"])->seed == seed);
  });

  // After a restart: still played today; another account is dealt the same.
  f.reopen();
  d = f.rooms().daily.get();
  const auto after = f.call([&](reply_fn r) { d->start_game(ann, r); });
  CHECK(code_of(after) == "daily_played");
  CHECK(after.body["game"] == game);
  const auto third = f.call([&](reply_fn r) { d->start_game(cat, r); });
  REQUIRE(int(third.status) == 201);
  f.on_strand([&] { CHECK(f.games().find_game(third.body["id"])->seed == seed); });
}

TEST_CASE("daily: the day's board is for those who finished; bad and future dates are refused",
          "[server][daily][rooms]") {
  rooms_fixture f({"ann"});
  auto& d = *f.rooms().daily;
  const auto ann = f.who("ann");
  const auto today = f.call([&](reply_fn r) { d.board(ann, "", r); });
  CHECK(int(today.status) == 403);
  CHECK(code_of(today) == "play_first");
  CHECK(code_of(f.call([&](reply_fn r) { d.board(ann, "2024-02-30", r); })) == "bad_query");
  CHECK(code_of(f.call([&](reply_fn r) { d.board(ann, "9999-12-31", r); })) == "bad_query");
  const auto past = f.call([&](reply_fn r) { d.board(ann, "2024-02-29", r); });
  REQUIRE(int(past.status) == 200);
  CHECK(past.body["date"] == "2024-02-29");
  CHECK(past.body["players"].empty());
  CHECK(past.body["you"].is_null());
}
