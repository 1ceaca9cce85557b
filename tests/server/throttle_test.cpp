// White-box: the login throttle's back-off grows, is capped, decays with time, and its memory
// stays bounded however many keys (addresses) an attacker uses.
#include <catch2/catch.hpp>

#include <string>

#include "accounts/throttle.hpp"

using loyang::server::rate_limit;
using loyang::server::throttle;

TEST_CASE("the throttle lets a few failures pass, then backs off exponentially up to a cap",
          "[server][accounts][throttle]") {
  throttle t({3, 1, 60, 600}, 100);
  std::int64_t now = 1000;
  for (int i = 0; i < 3; ++i) {
    CHECK(t.wait("k", now) == 0);
    t.failure("k", now);
  }
  CHECK(t.wait("k", now) == 0);  // three free failures: the fourth attempt may run
  t.failure("k", now);
  CHECK(t.wait("k", now) == 1);
  t.failure("k", now);
  CHECK(t.wait("k", now) == 2);
  t.failure("k", now);
  CHECK(t.wait("k", now) == 4);
  for (int i = 0; i < 20; ++i) t.failure("k", now);
  CHECK(t.wait("k", now) == 60);       // capped
  CHECK(t.wait("k", now + 59) == 1);   // counts down
  CHECK(t.wait("other", now) == 0);    // keys are apart
  // Quiet time forgives failures one by one: never a permanent lockout.
  now += 600 * 30;
  CHECK(t.wait("k", now) == 0);
  t.failure("k", now);
  CHECK(t.wait("k", now) == 0);  // back to the free failures
  t.success("k");
  CHECK(t.known("k"));
  CHECK_FALSE(t.known("other"));
}

TEST_CASE("the throttle's memory is bounded: the least recently used keys go first",
          "[server][accounts][throttle]") {
  throttle t({0, 10, 10, 600}, 50);
  t.failure("victim", 0);
  for (int i = 0; i < 10000; ++i) t.failure("addr" + std::to_string(i), 0);
  CHECK(t.size() == 50);
  CHECK(t.wait("addr9999", 0) == 10);
  CHECK(t.wait("victim", 0) == 0);  // pushed out: forgiven, not grown
}

TEST_CASE("a rate limit counts events per fixed window", "[server][accounts][throttle]") {
  rate_limit r(2, 3600, 10);
  CHECK(r.take("a", 100) == 0);
  CHECK(r.take("a", 200) == 0);
  CHECK(r.take("a", 300) == 3400);
  CHECK(r.take("b", 300) == 0);
  CHECK(r.take("a", 3700) == 0);  // a new hour
  rate_limit unlimited(0, 3600, 10);
  for (int i = 0; i < 100; ++i) CHECK(unlimited.take("a", 0) == 0);
}
