// Several nodes: an operator made while the nodes run, by the command on the database or by
// another operator on any node, is one on every node at once (the nodes read the account back
// when told of its change), and so is a revocation. That no node's older copy of the account
// can undo it is community_store_test's.
#include <catch2/catch.hpp>

#include "clock_helpers.hpp"
#include "server_fixture.hpp"
#include "store_fixture.hpp"

using namespace loyang::test;

namespace {

bool moderates(std::uint16_t port, const std::string& token) {
  return call_api(port, http::verb::get, "/api/moderation/reports", std::nullopt, token).status == http::status::ok;
}

}  // namespace

TEST_CASE("an operator granted and revoked while two nodes run: every node knows at once, and it is logged",
          "[postgres][nodes]") {
  store_backing where(store_kind::postgres);
  const auto settings = [&](loyang::server::config& c) { c.database_url = where.url(); };
  running_server first(settings);
  running_server second(settings);
  const auto chief = sign_up(first.port(), "chief");
  const auto deputy = sign_up(second.port(), "deputy");
  CHECK_FALSE(moderates(second.port(), chief));

  // The command on the database while both nodes run: both read the change back.
  const std::string cmd = std::string(LOYANG_SERVER_BINARY) + " operator grant chief '--database=" + where.url() +
                          "' >/dev/null";
  REQUIRE(std::system(cmd.c_str()) == 0);
  eventually([&] { return moderates(first.port(), chief) && moderates(second.port(), chief); },
             "the command's grant is known on both nodes");

  // One operator makes another through the first node; the second node knows it too.
  const auto granted = call_api(first.port(), http::verb::put, "/api/moderation/operators/deputy",
                                json{{"reason", "second shift"}}, chief);
  REQUIRE(granted.status == http::status::ok);
  CHECK(moderates(first.port(), deputy));
  eventually([&] { return moderates(second.port(), deputy); }, "the grant is known on the other node");

  const auto& token = deputy;

  // Revoked on the second node: neither node lets the deputy moderate any more.
  REQUIRE(call_api(second.port(), http::verb::delete_, "/api/moderation/operators/deputy", std::nullopt, chief).status ==
          http::status::ok);
  CHECK_FALSE(moderates(second.port(), token));
  eventually([&] { return !moderates(first.port(), token); }, "the revocation is known on the other node");

  // Logged once each, with who did it, readable on either node.
  const auto log = call_api(first.port(), http::verb::get, "/api/moderation/log", std::nullopt, chief);
  REQUIRE(log.status == http::status::ok);
  std::vector<std::string> actions;
  for (const auto& a : log.body["actions"]) actions.push_back(a["action"]);
  CHECK(actions == std::vector<std::string>{"revoke_operator", "grant_operator", "grant_operator"});
  CHECK(log.body["actions"][1]["moderator"] == "chief");
  CHECK(log.body["actions"][1]["detail"] == "second shift");
  CHECK(log.body["actions"][2]["moderator"].is_null());
}
