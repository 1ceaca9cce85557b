// Web Push end to end: a browser (tests/support/push_receiver.py, which decrypts each message
// with the subscription's keys and checks the VAPID token as a push service does) subscribes
// with the server's key, is told of a private message and a turn, and is forgotten once its
// push service answers 410 Gone. Refusals of bad subscriptions.
#include <catch2/catch.hpp>

#include "clock_helpers.hpp"
#include "notify_settings.hpp"
#include "push_receiver.hpp"
#include "temp_dir.hpp"

using namespace loyang::test;
using nlohmann::json;

namespace {

std::vector<json> received(std::uint16_t receiver) {
  const auto r = call_api(receiver, http::verb::get, "/received");
  REQUIRE(r.status == http::status::ok);
  return r.body.get<std::vector<json>>();
}

}  // namespace

TEST_CASE("web push: a subscribed browser gets each event encrypted for it, signed; a gone one is forgotten",
          "[notify][push]") {
  if (!push_receiver_ready()) {
    WARN("skipped: /usr/bin/python3 cannot import cryptography (scripts/install-deps.sh installs python3-cryptography)");
    return;
  }
  temp_dir dir;
  receiver_service browser(dir.path() / "received.json");
  notify_sink sink;
  hand_clock clock;
  running_server s(notify_settings(clock, sink));
  const auto ann = sign_up(s.port(), "push_ann");
  const auto bob = sign_up(s.port(), "push_bob");

  const auto key = call_api(s.port(), http::verb::get, "/api/notify/push");
  REQUIRE(key.status == http::status::ok);
  const std::string public_key = key.body["public_key"];
  CHECK(public_key.size() == 87);  // 65 bytes, base64url without padding
  // The browser subscribes with the server's key (the receiver then refuses any other signer).
  const auto sub = call_api(browser.port, http::verb::post, "/subscribe", json{{"applicationServerKey", public_key}});
  REQUIRE(sub.status == http::status::created);
  const std::string endpoint = sub.body["endpoint"];

  // Refusals: keys that are no point, a missing field, an unknown one; nothing is kept.
  const auto push_path = "/api/account/push";
  CHECK(code_of(call_api(s.port(), http::verb::post, push_path,
                         json{{"endpoint", endpoint}, {"keys", {{"p256dh", "AAAA"}, {"auth", sub.body["keys"]["auth"]}}}},
                         ann)) == "bad_request");
  CHECK(code_of(call_api(s.port(), http::verb::post, push_path, json{{"endpoint", endpoint}}, ann)) == "bad_request");
  CHECK(code_of(call_api(s.port(), http::verb::post, push_path,
                         json{{"endpoint", "ftp://x"}, {"keys", sub.body["keys"]}}, ann)) == "bad_request");
  CHECK(code_of(call_api(s.port(), http::verb::delete_, push_path, json{{"endpoint", endpoint}}, ann)) ==
        "not_subscribed");
  CHECK(call_api(s.port(), http::verb::post, push_path, json{{"endpoint", endpoint}, {"keys", sub.body["keys"]}})
            .status == http::status::unauthorized);

  const auto added = call_api(s.port(), http::verb::post, push_path,
                              json{{"endpoint", endpoint}, {"keys", sub.body["keys"]}, {"expirationTime", nullptr}}, ann);
  INFO(added.body.dump());
  REQUIRE(added.status == http::status::ok);
  REQUIRE(added.body["push"].size() == 1);
  CHECK(added.body["push"][0]["endpoint"] == endpoint);
  CHECK_FALSE(added.body["push"][0].contains("p256dh"));  // the browser's keys are not shown

  // A private message: pushed, readable only with the subscription's keys.
  REQUIRE(api_post(s.port(), "/api/messages/with/push_ann", bob, {{"text", "Rematch tonight?"}}).status ==
          http::status::created);
  eventually([&] { return received(browser.port).size() == 1; }, "the message pushed to ann's browser");
  const auto first = received(browser.port).front();
  INFO(first.dump());
  REQUIRE(first["refused"] == false);
  const auto m = json::parse(first["plaintext"].get<std::string>());
  CHECK(m["title"] == "At the Gates of Loyang");
  CHECK(m["body"] == "push_bob sent you a message on At the Gates of Loyang: Rematch tonight?");
  CHECK(m["url"] == "https://loyang.test/#/messages/push_bob");
  CHECK(m["event"] == "message");
  CHECK(m["tag"] == "message-push_bob");
  CHECK(first["urgency"] == "normal");
  CHECK(first["ttl"] == 86400);
  CHECK(first["vapid_sub"].get<std::string>().rfind("mailto:", 0) == 0);

  // A game of the two: its start is pushed too.
  const auto game = api_post(s.port(), "/api/games", ann, {{"players", 2}});
  REQUIRE(game.status == http::status::created);
  REQUIRE(api_post(s.port(), game_path(game.body["id"], "join"), bob).status == http::status::ok);
  eventually([&] {
    const auto all = received(browser.port);
    return std::any_of(all.begin(), all.end(), [](const json& r) {
      return r["plaintext"].is_string() && json::parse(r["plaintext"].get<std::string>())["event"] == "start";
    });
  }, "the start pushed");

  // The push service forgets the browser (410): the next notification drops it from the settings.
  const auto id = endpoint.substr(endpoint.rfind('/') + 1);
  REQUIRE(call_api(browser.port, http::verb::post, "/expire/" + id).status == http::status::no_content);
  REQUIRE(api_post(s.port(), "/api/messages/with/push_ann", bob, {{"text", "Still there?"}}).status ==
          http::status::created);
  eventually([&] {
    return call_api(s.port(), http::verb::get, "/api/account/notifications", std::nullopt, ann).body["push"].empty();
  }, "the gone browser forgotten");
  // The server's key stays the same (made from its stored secret).
  CHECK(call_api(s.port(), http::verb::get, "/api/notify/push").body["public_key"] == public_key);
}
