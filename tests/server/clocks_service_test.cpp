// The clocks room alone (server/src/clocks/service.hpp), against its interface: a hub, a store
// for the vacations, and the games as a plain table behind its lookups (no lobby, no server).
// A vacation stops the player's clocks in his running games and its end, asked for or come due,
// starts them again; a game's wake follows the records the hub announces; games come due are
// woken on the leader only; resigning and voting go through the game's room for a seated
// player, and everyone else is refused with the API's code.
#include <catch2/catch.hpp>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>

#include <chrono>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "clocks/game_clock.hpp"
#include "clocks/service.hpp"
#include "events/hub.hpp"
#include "loyang/persistence/store.hpp"

using namespace loyang::server;
namespace engine = loyang::engine;

namespace {

constexpr std::int64_t day = 24 * 3600;
const identity ann{1, "ann"}, bob{2, "bob"}, cat{3, "cat"}, dave{4, "dave"};

// The games as a lobby would hold them, changed the way a room changes them (applied, then the
// hub told), and the clocks room wired to them as assemble.cpp wires it to the lobby.
struct rig {
  net::io_context ioc;
  strand_type strand = net::make_strand(ioc);
  std::unique_ptr<loyang::persistence::store> store = loyang::persistence::make_memory_store();
  std::shared_ptr<metrics> stats = std::make_shared<metrics>();
  std::shared_ptr<events::hub> hub = std::make_shared<events::hub>();
  std::map<std::int64_t, game_record> held;
  std::int64_t now = 1'790'000'000;  // 2026-09-21
  bool leader = true;
  std::vector<std::int64_t> woken;
  int changes = 0;  // changes the rooms made
  std::shared_ptr<clocks::service> clocks;

  explicit rig(clocks::service::options o = {}) {
    clocks::service::lookups look{
        [this] { return now; },
        [this] { return leader; },
        [this](std::int64_t id) -> const game_record* {
          const auto it = held.find(id);
          return it == held.end() ? nullptr : &it->second;
        },
        [this](const std::function<void(const game_record&)>& f) {
          for (const auto& [id, g] : held) f(g);
        },
        [this](std::int64_t, std::function<void()> then) { net::post(strand, std::move(then)); },
        [this](std::int64_t id, clocks::record_change change,
               std::function<void(std::optional<clocks::refusal>)> done) {
          if (id == 666) return done(clocks::refusal{"game_unavailable", "this game cannot be loaded", 503});
          net::post(strand, [this, id, change = std::move(change), done = std::move(done)] {
            auto next = change(held.at(id), now);
            if (auto* no = std::get_if<clocks::refusal>(&next)) return done(*no);
            held[id] = std::get<game_record>(next);
            ++changes;
            hub->publish(events::game_updated{id});
            done(std::nullopt);
          });
        },
        [this](std::int64_t id) { woken.push_back(id); },
        [this](std::int64_t id) { return nlohmann::json{{"id", id}, {"seats", held.at(id).seats.size()}}; }};
    clocks = std::make_shared<clocks::service>(strand, *store, o, stats, std::move(look));
    hub->on<events::game_started>([c = clocks](const events::game_started& e) { c->game_changed(e.game); });
    hub->on<events::game_updated>([c = clocks](const events::game_updated& e) { c->game_changed(e.game); });
    hub->close();
  }
  ~rig() {
    net::post(strand, [c = clocks] { c->stop(); });
    run();
    store->stop();
  }

  // A running game of `people` (seat i: people[i]), a day per decision, `acting` to act now.
  void add_game(std::int64_t id, std::vector<identity> people, std::vector<engine::player_id> acting,
                game_status status = game_status::active) {
    game_record g;
    g.id = id;
    g.status = status;
    g.creator = people.front().id;
    g.seats.resize(people.size());
    for (std::size_t i = 0; i < people.size(); ++i) g.seats[i].account_id = people[i].id;
    g.to_act = acting;
    clocks::time_control tc;
    tc.what = clocks::time_control::kind::per_move;
    tc.per_move = day;
    auto c = clocks::game_clock(tc, people.size());
    c.set_acting(acting, now);
    g.clock = c.stored();
    held[id] = std::move(g);
  }
  void started(std::int64_t id) {
    net::post(strand, [this, id] { hub->publish(events::game_started{id}); });
    run();
  }
  // Runs what is queued (the store answers from its own thread).
  void run() {
    for (int i = 0; i < 10; ++i) {
      ioc.restart();
      ioc.run_for(std::chrono::milliseconds(30));
    }
  }
  api_reply ask(const std::function<void(reply_fn)>& call) {
    std::optional<api_reply> out;
    call([&](api_reply r) { out = std::move(r); });
    run();
    REQUIRE(out);
    return *out;
  }
  std::optional<std::int64_t> wake_of(std::int64_t id) {
    std::optional<std::int64_t> out;
    net::post(strand, [&] { out = clocks->wake_of(id); });
    run();
    return out;
  }
  bool paused(std::int64_t game, engine::player_id seat) const {
    return clocks::record_clock(held.at(game).clock)->paused(seat);
  }
};

// The error code of an answer; "" when it is not an error.
std::string code_of(const api_reply& r) {
  return r.body.is_object() && r.body.contains("error") ? r.body["error"].value("code", "") : "";
}

}  // namespace

TEST_CASE("a vacation stops the clocks of its player's running games, and ending it starts them again",
          "[server][clocks][vacations]") {
  rig r;
  r.clocks->load({});
  r.add_game(10, {ann, bob, cat}, {0});  // ann to act
  r.add_game(11, {bob, ann}, {0});       // ann waits
  r.add_game(12, {ann, bob}, {0}, game_status::finished);
  r.started(10);
  r.started(11);
  const auto deadline = r.wake_of(10);
  REQUIRE(deadline);  // armed from the record the hub announced
  CHECK(*deadline <= r.now + day);

  const auto on = r.ask([&](reply_fn f) { r.clocks->start_vacation(ann, {{"days", 3}}, f); });
  INFO(on.body.dump());
  REQUIRE(on.status == http::status::ok);
  CHECK(on.body["away"]["until"] == r.now + 3 * day);
  CHECK(on.body["used"] == 3);
  CHECK(on.body["left"] == 21);
  CHECK(r.paused(10, 0));
  CHECK(r.paused(11, 1));
  CHECK_FALSE(r.paused(10, 1));
  CHECK_FALSE(r.paused(12, 0));  // over: left alone
  CHECK(r.changes == 2);
  CHECK_FALSE(r.wake_of(10));  // its only clock running stands
  CHECK(r.wake_of(-ann.id) == r.now + 3 * day);
  CHECK(code_of(r.ask([&](reply_fn f) { r.clocks->start_vacation(ann, {{"days", 1}}, f); })) == "already_away");

  r.now += day;
  const auto off = r.ask([&](reply_fn f) { r.clocks->end_vacation(ann, f); });
  REQUIRE(off.status == http::status::ok);
  CHECK(off.body["away"].is_null());
  CHECK_FALSE(r.paused(10, 0));
  CHECK_FALSE(r.paused(11, 1));
  CHECK(r.wake_of(10));
  CHECK_FALSE(r.wake_of(-ann.id));
  CHECK(code_of(r.ask([&](reply_fn f) { r.clocks->end_vacation(ann, f); })) == "not_away");
  // A vacation's days are counted as begun: the one day taken counts, three were asked.
  CHECK(r.ask([&](reply_fn f) { r.clocks->vacation(ann, f); }).body["left"] == 23);
  CHECK(code_of(r.ask([&](reply_fn f) { r.clocks->start_vacation(ann, {{"days", 24}}, f); })) == "no_vacation_left");
  CHECK(code_of(r.ask([&](reply_fn f) { r.clocks->start_vacation(ann, {{"days", "3"}}, f); })) == "bad_request");
}

TEST_CASE("a vacation's end, come due, starts its player's clocks again on the leader",
          "[server][clocks][vacations]") {
  rig r({std::chrono::milliseconds(20), 24});
  r.clocks->load({});
  r.add_game(10, {ann, bob}, {0});
  net::post(r.strand, [c = r.clocks] {
    c->wake_all();
    c->start();
  });
  r.run();
  REQUIRE(r.ask([&](reply_fn f) { r.clocks->start_vacation(ann, {{"days", 1}}, f); }).status == http::status::ok);
  REQUIRE(r.paused(10, 0));
  // Another node leads: the end comes due here and is left to it.
  r.leader = false;
  r.now += day + 1;
  r.run();
  CHECK(r.paused(10, 0));
  // This node comes to lead: the ends are armed again, and this one fires.
  r.leader = true;
  net::post(r.strand, [c = r.clocks] { c->wake_all(); });
  r.run();
  CHECK_FALSE(r.paused(10, 0));
}

TEST_CASE("a game's wake follows its records; come due, it is woken on the leader only",
          "[server][clocks]") {
  rig r({std::chrono::milliseconds(20), 24});
  r.clocks->load({});
  r.add_game(10, {ann, bob}, {0});
  r.add_game(11, {ann, bob}, {1});
  net::post(r.strand, [c = r.clocks] { c->start(); });
  r.started(10);
  r.started(11);
  CHECK(r.wake_of(10));
  CHECK(r.wake_of(11));
  // Game 11 ended (its room's record reached the lobby): its wake is dropped.
  r.held[11].status = game_status::finished;
  net::post(r.strand, [&] { r.hub->publish(events::game_updated{11}); });
  r.run();
  CHECK(r.wake_of(10));
  CHECK_FALSE(r.wake_of(11));
  // Game 10's time runs out while another node leads: it is left to that node.
  r.leader = false;
  r.now += 2 * day;
  r.run();
  CHECK(r.woken.empty());
  // This node comes to lead: every game's wake is armed again from its record, and it fires.
  r.leader = true;
  net::post(r.strand, [c = r.clocks] { c->wake_all(); });
  r.run();
  CHECK(r.woken == std::vector<std::int64_t>{10});
}

TEST_CASE("a seated player resigns through his game's room; anyone else is refused with the API's code",
          "[server][clocks][resign]") {
  rig r;
  r.clocks->load({});
  r.add_game(10, {ann, bob, cat}, {0});
  r.add_game(12, {ann, bob}, {0}, game_status::finished);
  r.add_game(13, {ann, bob}, {0});
  r.held[13].invited = {"bob"};  // private: dave may not know it exists
  r.add_game(666, {ann, bob}, {0});
  const auto resign = [&](const identity& who, std::int64_t game) {
    return r.ask([&](reply_fn f) { r.clocks->resign(who, game, f); });
  };
  const auto refused = resign(dave, 10);
  CHECK(refused.status == http::status::conflict);
  CHECK(code_of(refused) == "not_seated");
  CHECK(resign(dave, 13).status == http::status::not_found);
  CHECK(code_of(resign(dave, 13)) == "no_such_game");
  CHECK(code_of(resign(dave, 99)) == "no_such_game");
  CHECK(code_of(resign(ann, 12)) == "not_active");
  const auto unloadable = resign(ann, 666);
  CHECK(unloadable.status == http::status::service_unavailable);
  CHECK(code_of(unloadable) == "game_unavailable");
  CHECK(r.changes == 0);
  CHECK(r.stats->resignations == 0);

  const auto gone = resign(cat, 10);
  INFO(gone.body.dump());
  REQUIRE(gone.status == http::status::ok);
  CHECK(gone.body["id"] == 10);  // the game's summary after it
  CHECK(r.held[10].seats[2].gone == loyang::persistence::departure::resigned);
  CHECK(r.held[10].seats[2].bot);
  CHECK(r.stats->resignations == 1);
  const auto again = resign(cat, 10);
  CHECK(again.status == http::status::conflict);
  CHECK(code_of(again) == "not_playing");

  const auto vote = [&](const identity& who, nlohmann::json body) {
    return r.ask([&](reply_fn f) { r.clocks->vote(who, 10, std::move(body), f); });
  };
  CHECK(code_of(vote(ann, {{"wait", "yes"}})) == "bad_request");
  CHECK(code_of(vote(dave, {{"wait", true}})) == "not_seated");
  CHECK(code_of(vote(ann, {{"wait", true}})) == "no_vote");
  CHECK(r.changes == 1);
}
