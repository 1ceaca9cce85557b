// The history room against its interface (server/src/history/service.hpp), with the rooms the
// composition root makes and a SQLite store, no HTTP: a game's history is read from its room
// (loaded again after a restart), a finished game's record names its players, and each client
// address may read only so often (429 too_many_requests, another address still served).
#include "rooms_fixture.hpp"

using loyang::server::api_reply;
using loyang::server::reply_fn;
using loyang::test::code_of;
using loyang::test::rooms_fixture;
using nlohmann::json;

namespace {


/// The body of a reply, also one assembled as text (the history's).
json body_of(const api_reply& r) { return r.text.empty() ? r.body : json::parse(r.text); }

}  // namespace

TEST_CASE("history: each client address reads only so often; 429 too_many_requests, then another address",
          "[server][history][rooms]") {
  loyang::server::lobby_limits lim;
  lim.history_reads_per_minute = 3;
  rooms_fixture f({"ann", "bob"}, {}, lim);
  auto& h = *f.rooms().history;
  const auto game = f.game("ann", 2, {"bob"});
  const auto ann = f.who("ann");
  for (int i = 0; i < 2; ++i) {
    const auto read = f.call([&](reply_fn r) { h.history(ann, game, "version=0", "10.0.0.1", r); });
    REQUIRE(int(read.status) == 200);
    CHECK(body_of(read)["version"] == 0);
  }
  // A refused read counts too: it cost a look-up.
  CHECK(code_of(f.call([&](reply_fn r) { h.record(ann, game, "10.0.0.1", r); })) == "not_finished");
  const auto refused = f.call([&](reply_fn r) { h.history(std::nullopt, game, "", "10.0.0.1", r); });
  CHECK(int(refused.status) == 429);
  CHECK(code_of(refused) == "too_many_requests");
  CHECK(refused.retry_after > 0);
  CHECK(code_of(f.call([&](reply_fn r) { h.record(ann, game, "10.0.0.1", r); })) == "too_many_requests");
  const auto other = f.call([&](reply_fn r) { h.history(std::nullopt, game, "", "10.0.0.2", r); });
  CHECK(int(other.status) == 200);
  CHECK(body_of(other)["view"] == "spectator");
}

TEST_CASE("history: views and records come from the game's room, loaded again after a restart",
          "[server][history][rooms]") {
  rooms_fixture f({"ann", "bob", "cat"});
  const auto ann = f.who("ann"), bob = f.who("bob");
  const auto game = f.game("ann", 2, {"bob"});
  const auto open = f.game("cat", 3);
  auto& h = *f.rooms().history;
  CHECK(code_of(f.call([&](reply_fn r) { h.history(ann, 987654, "", "a", r); })) == "no_such_game");
  CHECK(code_of(f.call([&](reply_fn r) { h.history(ann, open, "", "a", r); })) == "not_started");
  CHECK(code_of(f.call([&](reply_fn r) { h.history(ann, game, "version=x", "a", r); })) == "bad_request");
  CHECK(code_of(f.call([&](reply_fn r) { h.history(ann, game, "version=99", "a", r); })) == "bad_request");
  // Every card shows only once the game is over.
  CHECK(code_of(f.call([&](reply_fn r) { h.history(ann, game, "view=all", "a", r); })) == "not_allowed");

  // Ann resigns: the game is over, and its room goes when the rooms restart.
  REQUIRE(int(f.call([&](reply_fn r) { f.clocks().resign(ann, game, r); }).status) == 200);
  f.reopen();
  auto& again = *f.rooms().history;
  const auto all = f.call([&](reply_fn r) { again.history(bob, game, "view=all", "a", r); });
  REQUIRE(int(all.status) == 200);
  CHECK(body_of(all)["finished"] == true);
  CHECK(body_of(all)["view"] == "all");
  const auto record = f.call([&](reply_fn r) { again.record(std::nullopt, game, "a", r); });
  REQUIRE(int(record.status) == 200);
  CHECK(record.body["game"] == game);
  REQUIRE(record.body["players"].size() == 2);
  CHECK(record.body["players"][0]["name"] == "ann");
  CHECK(record.body["players"][1]["name"] == "bob");
}
