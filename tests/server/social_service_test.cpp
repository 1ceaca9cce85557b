// The social room (server/src/social/service.hpp) against its interface, without a server: a
// relation changed is kept in the table the lobby and the chat read and answered as the
// account's lists; oneself, a stranger and a 501st relation of a kind are refused with their
// codes, and the table is left as it was.
#include <catch2/catch.hpp>

#include <boost/asio/io_context.hpp>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "loyang/persistence/store.hpp"
#include "social/service.hpp"

using namespace loyang::server;
using kind = loyang::persistence::relation_kind;

namespace {

struct social_room {
  net::io_context ioc;
  std::unique_ptr<storage> store = loyang::persistence::make_memory_store();
  std::shared_ptr<accounts> users = std::make_shared<accounts>(ioc, *store, std::make_shared<metrics>(), accounts::policy{});
  std::shared_ptr<social::relations> table = std::make_shared<social::relations>();
  std::shared_ptr<social::service> room;

  explicit social_room(int others) {
    std::vector<loyang::persistence::account_record> all{{1, "ann", "h", 1}};
    for (int i = 0; i < others; ++i) all.push_back({2 + i, std::string("p").append(std::to_string(i)), "h", 1});
    users->start(all, {});
    room = std::make_shared<social::service>(*store, users, table);
  }
  ~social_room() { users->stop(); }

  api_reply set(kind k, const std::string& name, bool on) {
    std::optional<api_reply> got;
    room->set_relation({1, "ann"}, k, name, on, [&](api_reply r) { got = std::move(r); });
    // The accounts' own timers keep the io_context busy: run until the answer came.
    for (int i = 0; i < 100 && !got; ++i) {
      ioc.restart();
      ioc.run_for(std::chrono::milliseconds(10));
    }
    REQUIRE(got);
    return *got;
  }
};

std::string code(const api_reply& r) { return r.body["error"]["code"].get<std::string>(); }

}  // namespace

TEST_CASE("the social room keeps a relation once stored and answers with the lists; oneself and strangers refused",
          "[server][social]") {
  social_room s(2);
  auto r = s.set(kind::block, "p1", true);
  CHECK(r.status == http::status::ok);
  CHECK(r.body == nlohmann::json{{"friends", nlohmann::json::array()}, {"muted", nlohmann::json::array()},
                                 {"blocked", {"p1"}}});
  CHECK(s.table->has(1, 3, kind::block));
  r = s.set(kind::friend_of, "p0", true);
  CHECK(r.body["friends"] == nlohmann::json{"p0"});

  r = s.set(kind::mute, "ann", true);
  CHECK(r.status == http::status::bad_request);
  CHECK(code(r) == "bad_request");
  r = s.set(kind::mute, "nobody", true);
  CHECK(r.status == http::status::not_found);
  CHECK(code(r) == "no_such_player");
  CHECK(s.table->count(1, kind::mute) == 0);

  r = s.set(kind::block, "p1", false);
  CHECK(r.body["blocked"] == nlohmann::json::array());
  CHECK_FALSE(s.table->has(1, 3, kind::block));
}

TEST_CASE("the social room refuses a relation over the most of its kind, and keeps a change of one held",
          "[server][social]") {
  social_room s(int(social::relations::max_per_kind) + 1);
  for (std::size_t i = 0; i < social::relations::max_per_kind; ++i) {
    s.table->set({1, std::int64_t(2 + i), kind::mute, 1}, true);
  }
  const auto over = s.set(kind::mute, std::string("p").append(std::to_string(social::relations::max_per_kind)), true);
  CHECK(over.status == http::status::conflict);
  CHECK(code(over) == "too_many");
  CHECK(s.table->count(1, kind::mute) == social::relations::max_per_kind);
  // One already held may be set again, and removed.
  CHECK(s.set(kind::mute, "p0", true).status == http::status::ok);
  CHECK(s.set(kind::mute, "p0", false).status == http::status::ok);
  CHECK(s.table->count(1, kind::mute) == social::relations::max_per_kind - 1);
}
