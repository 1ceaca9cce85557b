// White-box: the bots' thread pool lets go of the decisions it never ran when it stops. A room
// waiting for a decision holds the pool and the queued decision holds the room; unless stop()
// drops the decision, the two keep each other alive past shutdown (a leak LeakSanitizer
// reported when a server was stopped while bots were playing).
#include <catch2/catch.hpp>

#include <atomic>
#include <memory>
#include <thread>

#include "bots/bot_pool.hpp"

using loyang::server::bot_pool;
using loyang::server::metrics;

TEST_CASE("a stopped bot pool releases the decisions it never ran", "[server][bots][shutdown]") {
  auto stats = std::make_shared<metrics>();
  auto pool = std::make_shared<bot_pool>(1, 8, stats);
  std::atomic<bool> first_started{false};
  std::atomic<bool> second_ran{false};
  // The one thread is busy until stop() begins, so the second decision is still queued then.
  REQUIRE(pool->try_post([&first_started, p = pool.get()] {
    first_started = true;
    while (!p->stopped()) std::this_thread::yield();
  }));
  struct holder {
    std::shared_ptr<bot_pool> pool;  // as a room does
  };
  auto held = std::make_shared<holder>(holder{pool});
  std::weak_ptr<holder> watch = held;
  REQUIRE(pool->try_post([held = std::move(held), &second_ran] { second_ran = true; }));
  while (!first_started) std::this_thread::yield();
  CHECK(pool->waiting() == 2);
  CHECK(stats->bot_queued == 2);

  pool->stop();
  CHECK_FALSE(second_ran);
  CHECK(watch.expired());
  CHECK(pool->waiting() == 0);
  CHECK(stats->bot_queued == 0);
  CHECK(stats->bot_decisions == 1);
  // Stopped for good: nothing more is taken, and nothing is held.
  CHECK_FALSE(pool->try_post([] {}));
  CHECK(pool->waiting() == 0);
  std::weak_ptr<bot_pool> pool_watch = pool;
  pool.reset();
  CHECK(pool_watch.expired());
}

TEST_CASE("a bot pool runs what it takes and refuses past its limit", "[server][bots]") {
  auto stats = std::make_shared<metrics>();
  bot_pool pool(2, 2, stats);
  std::atomic<bool> release{false};
  std::atomic<int> ran{0};
  auto wait_then_count = [&] {
    while (!release) std::this_thread::yield();
    ++ran;
  };
  REQUIRE(pool.try_post(wait_then_count));
  REQUIRE(pool.try_post(wait_then_count));
  CHECK_FALSE(pool.try_post(wait_then_count));
  CHECK(stats->bot_queue_full == 1);
  release = true;
  while (ran < 2) std::this_thread::yield();
  while (pool.waiting() != 0) std::this_thread::yield();
  CHECK(stats->bot_decisions == 2);
  CHECK(pool.try_post([&ran] { ++ran; }));
  while (ran < 3) std::this_thread::yield();
}
