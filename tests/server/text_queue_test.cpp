// A connection's write queue (server/src/core/text_queue.hpp): messages leave in the order they
// came, across bursts that make it compact its storage, and a revoked token keeps only the
// message being written.
#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "core/text_queue.hpp"

using loyang::server::text_queue;

namespace {
loyang::server::shared_text text(int n) { return std::make_shared<const std::string>(std::to_string(n)); }
}  // namespace

TEST_CASE("a connection's messages are written in the order they were sent", "[text_queue]") {
  text_queue q;
  CHECK(q.empty());
  int sent = 0, written = 0;
  // Bursts of different sizes, each partly written before the next comes.
  for (int burst : {1, 3, 40, 2, 100, 17, 1}) {
    for (int i = 0; i < burst; ++i) q.push_back(text(sent++));
    for (int i = 0; i < burst / 2 + 1 && !q.empty(); ++i) {
      REQUIRE(*q.front() == std::to_string(written++));
      q.pop_front();
    }
    CHECK(q.size() == std::size_t(sent - written));
  }
  while (!q.empty()) {
    REQUIRE(*q.front() == std::to_string(written++));
    q.pop_front();
  }
  CHECK(written == sent);
}

TEST_CASE("a revoked connection keeps only the message being written", "[text_queue]") {
  text_queue q;
  for (int i = 0; i < 50; ++i) q.push_back(text(i));
  for (int i = 0; i < 20; ++i) q.pop_front();
  q.keep_front();
  REQUIRE(q.size() == 1);
  CHECK(*q.front() == "20");
  q.pop_front();
  CHECK(q.empty());
  q.keep_front();  // nothing to keep
  CHECK(q.empty());
}
