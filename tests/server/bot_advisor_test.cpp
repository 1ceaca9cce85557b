// The bots-for-players room alone (server/src/bots/advisor.hpp), against its interface: a bot
// pool and the games as a plain table behind its lookups (no lobby, no server). A hint is the
// strong bot's for the asker's own seat, the same answer when asked again at the same position;
// it is refused with the API's code to those who do not play the game, in rated games, and when
// the game's room cannot be loaded; an analysis is for finished games only.
#include <catch2/catch.hpp>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include <chrono>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <thread>

#include "bots/advisor.hpp"
#include "loyang/engine/game.hpp"

using namespace loyang::server;

namespace {

const identity ann{1, "ann"}, bob{2, "bob"}, dave{4, "dave"};

struct rig {
  net::io_context ioc;
  strand_type strand = net::make_strand(ioc);
  std::shared_ptr<metrics> stats = std::make_shared<metrics>();
  std::shared_ptr<bot_pool> pool = std::make_shared<bot_pool>(1, 8, stats);
  std::map<std::int64_t, game_record> held;
  int reads = 0;  // rooms read
  std::shared_ptr<bot_advisor> advisor;

  rig() {
    bot_advisor::lookups look{
        [] { return std::int64_t(1'790'000'000); },
        [this](std::int64_t id) -> const game_record* {
          const auto it = held.find(id);
          return it == held.end() ? nullptr : &it->second;
        },
        [this](std::int64_t, std::function<void()> then) { net::post(strand, std::move(then)); },
        [this](std::int64_t id, bot_advisor::log_reader read, std::function<void(std::string, std::string)> failed) {
          if (id == 666) return failed("game_unavailable", "this game cannot be loaded");
          ++reads;
          const auto& g = held.at(id);
          const auto state = loyang::engine::new_game(g.options, g.seed);
          read(g, state, history::game_log(g.seats.size()));
        }};
    advisor = std::make_shared<bot_advisor>(strand, bot_advisor::options{4}, pool, stats, ioc.get_executor(),
                                            std::move(look));
  }
  ~rig() { pool->stop(); }

  void add_game(std::int64_t id, game_status status = game_status::active) {
    game_record g;
    g.id = id;
    g.status = status;
    g.options = {2, loyang::engine::ruleset::yucata, false};
    g.seed = 42;
    g.creator = ann.id;
    g.seats.resize(2);
    g.seats[0].account_id = ann.id;
    g.seats[1].account_id = bob.id;
    held[id] = std::move(g);
  }
  // Runs until the answer came (the bot thinks on the pool's thread, a second at most).
  api_reply ask(const std::function<void(reply_fn)>& call) {
    std::optional<api_reply> out;
    call([&](api_reply r) { net::post(strand, [&out, r] { out = r; }); });
    for (int i = 0; i < 1000 && !out; ++i) {
      ioc.restart();
      ioc.poll();
      if (!out) std::this_thread::sleep_for(std::chrono::milliseconds(10));  // the pool's thread thinks
    }
    REQUIRE(out);
    return *out;
  }
};

// The error code of an answer; "" when it is not an error.
std::string code_of(const api_reply& r) {
  return r.body.is_object() && r.body.contains("error") ? r.body["error"].value("code", "") : "";
}

}  // namespace

TEST_CASE("a hint is the strong bot's for the asker's seat, answered again without thinking at the same "
          "position", "[server][bots][hints]") {
  rig r;
  r.add_game(10);
  // The deal decides who acts first: he asks, the other has nothing to decide yet.
  const auto acting = loyang::engine::to_act(loyang::engine::new_game(r.held[10].options, r.held[10].seed));
  REQUIRE(acting.size() == 1);
  const auto& asker = acting.front() == 0 ? ann : bob;
  const auto& other = acting.front() == 0 ? bob : ann;
  const auto hint = r.ask([&](reply_fn f) { r.advisor->hint(asker, 10, f); });
  INFO(hint.body.dump());
  REQUIRE(hint.status == http::status::ok);
  CHECK(hint.body["game"] == 10);
  CHECK(hint.body["seat"] == acting.front());
  CHECK(hint.body["command"].is_object());
  CHECK(r.stats->hints == 1);
  const auto again = r.ask([&](reply_fn f) { r.advisor->hint(asker, 10, f); });
  CHECK(again.body == hint.body);
  CHECK(r.stats->hints == 1);  // kept, not weighed twice
  CHECK(r.reads == 1);
  const auto waiting = r.ask([&](reply_fn f) { r.advisor->hint(other, 10, f); });
  CHECK(waiting.status == http::status::conflict);
  CHECK(code_of(waiting) == "nothing_to_decide");
  CHECK(r.stats->hints == 1);
}

TEST_CASE("a hint is refused with the API's code to non-players, in rated games and when the room cannot "
          "be loaded", "[server][bots][hints]") {
  rig r;
  r.add_game(10);
  r.add_game(11);
  r.held[11].extra = {{"rated", true}};
  r.add_game(12, game_status::finished);
  r.add_game(666);
  const auto hint = [&](const identity& who, std::int64_t game) {
    return r.ask([&](reply_fn f) { r.advisor->hint(who, game, f); });
  };
  const auto stranger = hint(dave, 10);
  CHECK(stranger.status == http::status::conflict);
  CHECK(code_of(stranger) == "not_seated");
  CHECK(code_of(hint(ann, 99)) == "no_such_game");
  CHECK(code_of(hint(ann, 12)) == "not_active");
  const auto rated = hint(ann, 11);
  CHECK(rated.status == http::status::forbidden);
  CHECK(code_of(rated) == "hints_not_offered");
  const auto unloadable = hint(ann, 666);
  CHECK(unloadable.status == http::status::service_unavailable);
  CHECK(code_of(unloadable) == "game_unavailable");
  CHECK(r.reads == 0);
  CHECK(r.stats->hints == 0);
}

TEST_CASE("an analysis is for finished games: a running one is refused, a finished one not asked for has "
          "none", "[server][bots][analysis]") {
  rig r;
  r.add_game(10);
  r.add_game(12, game_status::finished);
  const auto running = r.ask([&](reply_fn f) { r.advisor->analysis(ann, 10, true, f); });
  CHECK(running.status == http::status::conflict);
  CHECK(code_of(running) == "not_finished");
  CHECK(code_of(r.ask([&](reply_fn f) { r.advisor->analysis(ann, 99, false, f); })) == "no_such_game");
  const auto none = r.ask([&](reply_fn f) { r.advisor->analysis(ann, 12, false, f); });
  REQUIRE(none.status == http::status::ok);
  CHECK(none.body["status"] == "none");
  CHECK(r.reads == 0);
}
