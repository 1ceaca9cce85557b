// The cluster's catch-up (server/src/cluster/catch_up.hpp) against its interface, without a
// lobby or a server: what another node stored in the real PostgreSQL database is read back
// and handed on. An account's rows reach the rooms that keep them (the hub's account_read,
// then account_changed); a game's row reaches the games (merge_game) unless the change is a
// command for a game whose room is here (no read); after the listening connection was lost,
// the node is catching up until everything held was read again, and still is when it was lost
// again meanwhile.
#include <catch2/catch.hpp>

#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>

#include <chrono>
#include <string>
#include <vector>

#include "cluster/catch_up.hpp"
#include "cluster/leadership.hpp"
#include "loyang/persistence/pg_store.hpp"
#include "store_fixture.hpp"

using namespace loyang::test;
using namespace loyang::server;
using change = loyang::persistence::store::change;

namespace {

// Another node's store writes; "this node" reads through its own store on the same database.
struct two_nodes {
  store_backing where{store_kind::postgres};
  std::unique_ptr<persistence::pg_store> other = persistence::make_pg_store(where.url(), {});
  std::unique_ptr<persistence::pg_store> mine = persistence::make_pg_store(where.url(), {});
  net::io_context ioc;
  strand_type strand = net::make_strand(ioc);
  net::thread_pool readers{1};
  std::shared_ptr<metrics> stats = std::make_shared<metrics>();
  std::shared_ptr<events::hub> hub = std::make_shared<events::hub>();
  bool tokens_checked_in_database = false;  // set_catching_up's last word
  std::vector<std::string> heard;  // on the strand
  std::shared_ptr<cluster::catch_up> c;
  std::vector<std::int64_t> rooms_here;

  two_nodes() {
    add_creator(*other);
    hub->on<events::account_read>([this](const events::account_read& e) {
      heard.push_back("read " + std::to_string(e.account) + ": " + std::to_string(e.rows->accounts.size()) +
                      " account, " + std::to_string(e.rows->vacations.size()) + " vacation, " +
                      std::to_string(e.rows->relations.size()) + " relation");
    });
    hub->on<events::account_changed>(strand, [this](const events::account_changed& e) {
      heard.push_back("changed " + std::to_string(e.account));
    });
    hub->close();
    c = std::make_shared<cluster::catch_up>(
        strand, *mine, stats, hub,
        cluster::catch_up::lookups{[this](std::function<void()> work) { net::post(readers, std::move(work)); },
                                   [this](persistence::game_record g) {
                                     heard.push_back("game " + std::to_string(g.id) + " at " +
                                                     std::to_string(g.version));
                                   },
                                   [this](const change& ch) {
                                     const bool here = std::count(rooms_here.begin(), rooms_here.end(), ch.id) > 0;
                                     if (here) heard.push_back("room " + std::to_string(ch.id));
                                     return here;
                                   },
                                   [](std::int64_t) { return false; },
                                   [this](bool on) { tokens_checked_in_database = on; }});
  }
  ~two_nodes() {
    c->stop();
    readers.join();
  }

  /// Runs the io_context until `heard` has `n` entries (at most 10 s).
  void until_heard(std::size_t n) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (heard.size() < n && std::chrono::steady_clock::now() < end) {
      ioc.restart();
      ioc.run_for(std::chrono::milliseconds(20));
    }
  }
};

}  // namespace

TEST_CASE("another node's account rows reach the rooms that keep them, then account_changed",
          "[postgres][catch_up]") {
  two_nodes t;
  REQUIRE(wait_for([&](auto done) { t.other->save_account({2, "bea", "hash-bea", 200}, std::move(done)); }) == "");
  REQUIRE(wait_for([&](auto done) { t.other->save_vacation({2, 1000, 2000}, std::move(done)); }) == "");
  REQUIRE(wait_for([&](auto done) {
            t.other->save_relation({2, 1, persistence::relation_kind::friend_of, 300}, true, std::move(done));
          }) == "");
  t.c->on_remote({change::kind::account, 2, 0, std::nullopt});
  t.until_heard(2);
  CHECK(t.heard == std::vector<std::string>{"read 2: 1 account, 1 vacation, 1 relation", "changed 2"});
  CHECK(t.stats->remote_changes.load() == 1);
}

TEST_CASE("a command for a game whose room is here goes to the room unread; any other game change is read",
          "[postgres][catch_up]") {
  two_nodes t;
  live_game g{5, engine::options{2, engine::ruleset::yucata, false}, 11};
  g.save(*t.other);
  g.step(*t.other);
  const auto logged = t.other->load_commands_after(5, 0);
  REQUIRE(logged.size() == 1);
  t.rooms_here = {5};
  t.c->on_remote({change::kind::game, 5, 1, logged[0]});
  t.until_heard(1);
  t.rooms_here.clear();
  // Not here (or a change without its command): the row is read back.
  t.c->on_remote({change::kind::game, 5, 1, logged[0]});
  t.until_heard(2);
  CHECK(t.heard == std::vector<std::string>{"room 5", "game 5 at 1"});
  CHECK(t.stats->remote_changes.load() == 2);
}

TEST_CASE("a node that lost the other nodes' changes is catching up until everything held was read again",
          "[postgres][catch_up]") {
  two_nodes t;
  live_game g{6, engine::options{2, engine::ruleset::yucata, false}, 12};
  g.save(*t.other);
  CHECK_FALSE(t.c->catching_up());
  t.c->on_lost();
  CHECK(t.c->catching_up());
  CHECK(t.tokens_checked_in_database);
  CHECK(t.stats->catching_up.load() == 1);
  t.c->on_resync();
  // Every account and every game read again: ada's rows, game 6, and then (posted) ada's
  // account_changed.
  t.until_heard(3);
  CHECK(t.heard == std::vector<std::string>{"read 1: 1 account, 0 vacation, 0 relation", "game 6 at 0", "changed 1"});
  t.ioc.restart();
  t.ioc.run_for(std::chrono::milliseconds(50));
  CHECK_FALSE(t.c->catching_up());
  CHECK_FALSE(t.tokens_checked_in_database);
  CHECK(t.stats->catching_up.load() == 0);

  // Lost again before the resync's read came back: still catching up, until the next resync.
  t.heard.clear();
  t.c->on_resync();
  t.c->on_lost();
  t.until_heard(3);
  t.ioc.restart();
  t.ioc.run_for(std::chrono::milliseconds(50));
  CHECK(t.c->catching_up());
  t.heard.clear();
  t.c->on_resync();
  t.until_heard(3);
  t.ioc.restart();
  t.ioc.run_for(std::chrono::milliseconds(50));
  CHECK_FALSE(t.c->catching_up());
}

TEST_CASE("leadership is told once per change", "[postgres][catch_up]") {
  net::io_context ioc;
  auto strand = net::make_strand(ioc);
  auto stats = std::make_shared<metrics>();
  auto hub = std::make_shared<events::hub>();
  std::vector<bool> told;
  hub->on<events::leadership_changed>(strand, [&](const events::leadership_changed& e) { told.push_back(e.leads); });
  hub->close();
  cluster::leadership l(false, stats, hub);
  CHECK(stats->leader.load() == 0);
  l.set(true);
  l.set(true);
  CHECK(l.leads());
  CHECK(stats->leader.load() == 1);
  l.set(false);
  ioc.run();
  CHECK(told == std::vector<bool>{true, false});
}
