// The per-address counts of open connections (server/src/address_counter.hpp): a lease per
// connection, refused at the limit, given back when the connection goes.
#include <catch2/catch.hpp>

#include <optional>
#include <utility>
#include <vector>

#include "address_counter.hpp"

using loyang::server::address_counter;

TEST_CASE("an address gets as many connections as its limit, and one more once one closes",
          "[server][descriptors]") {
  address_counter counter;
  std::vector<address_counter::lease> open;
  for (int i = 0; i < 3; ++i) {
    auto l = counter.try_acquire("192.0.2.1", 3);
    REQUIRE(l);
    open.push_back(std::move(*l));
  }
  CHECK(counter.open("192.0.2.1") == 3);
  CHECK_FALSE(counter.try_acquire("192.0.2.1", 3));
  CHECK(counter.open("192.0.2.1") == 3);  // a refusal counts nothing
  CHECK(counter.try_acquire("192.0.2.2", 3));  // another address
  open.pop_back();
  CHECK(counter.open("192.0.2.1") == 2);
  auto again = counter.try_acquire("192.0.2.1", 3);
  CHECK(again);
  // A moved lease counts once and is given back once.
  auto moved = std::move(*again);
  again.reset();
  CHECK(counter.open("192.0.2.1") == 3);
  open.clear();
  CHECK(counter.open("192.0.2.1") == 1);
  moved = address_counter::lease();
  CHECK(counter.open("192.0.2.1") == 0);
}

TEST_CASE("a limit of 0 lets every connection in", "[server][descriptors]") {
  address_counter counter;
  std::vector<address_counter::lease> open;
  for (int i = 0; i < 1000; ++i) {
    auto l = counter.try_acquire("192.0.2.1", 0);
    REQUIRE(l);
    open.push_back(std::move(*l));
  }
  CHECK(counter.open("192.0.2.1") == 0);
}
