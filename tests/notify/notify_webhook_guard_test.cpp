// What a webhook may reach and what it carries (issue 34): the IANA special-purpose blocks and
// this host's own addresses are refused, judged on the address connected to; an operator's
// allowed block is delivered; players' chat text reaches Discord and Slack with its mentions and
// link markup neutralised.
#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <cstdlib>
#include <iostream>

#include "clock_helpers.hpp"
#include "game_client.hpp"
#include "notify/address_filter.hpp"
#include "notify/curl_delivery.hpp"
#include "notify/webhook_body.hpp"
#include "sink.hpp"

using namespace loyang::test;
using nlohmann::json;
namespace notify = loyang::server::notify;

namespace {

boost::asio::ip::address addr(const char* text) { return boost::asio::ip::make_address(text); }

/// This host's first IPv4 interface address that is not loopback, or "".
std::string interface_v4() {
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) != 0) return "";
  std::string found;
  for (const ifaddrs* i = list; i && found.empty(); i = i->ifa_next) {
    if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET) continue;
    char text[INET_ADDRSTRLEN] = {};
    inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(i->ifa_addr)->sin_addr, text, sizeof text);
    if (std::string(text).rfind("127.", 0) != 0) found = text;
  }
  freeifaddrs(list);
  return found;
}

json say(ws_client& ws, std::int64_t game, const std::string& text, const std::string& id) {
  ws.send({{"type", "chat"}, {"game", game}, {"id", id}, {"text", text}});
  for (;;) {
    json m = ws.next();
    if ((m["type"] == "chat" || m["type"] == "result") && m.value("id", "") == id) return m;
  }
}

}  // namespace

TEST_CASE("the special-purpose blocks of the IANA registries are refused; global addresses are not", "[notify][webhook]") {
  for (const char* a :
       {"0.0.0.0", "0.1.2.3", "10.1.2.3", "100.64.0.1", "100.127.255.254", "127.0.0.1", "127.8.8.8", "169.254.169.254",
        "172.16.0.1", "172.31.255.255", "192.0.0.170", "192.0.2.2", "192.31.196.1", "192.52.193.1", "192.88.99.1",
        "192.168.1.1", "192.175.48.6", "198.18.0.1", "198.19.255.255", "198.51.100.7", "203.0.113.9", "224.0.0.1",
        "239.255.255.250", "240.0.0.1", "255.255.255.255", "::", "::1", "::ffff:127.0.0.1", "::ffff:192.0.2.2",
        "::ffff:10.0.0.1", "::127.0.0.1", "64:ff9b::7f00:1", "64:ff9b::808:808", "64:ff9b:1::1", "100::1",
        "2001::1", "2001:2::1", "2001:10::1", "2001:db8::1", "2002:7f00:1::1", "2002:808:808::1", "3fff::1",
        "5f00::1", "fc00::1", "fd00::2", "fe80::1", "fec0::1", "ff02::1", "4000::1", "e000::1"}) {
    INFO(a);
    CHECK(notify::special_purpose(addr(a)));
    CHECK(notify::address_policy().refusal(addr(a)));
  }
  for (const char* a : {"8.8.8.8", "93.184.216.34", "172.32.0.1", "100.128.0.1", "192.0.3.1", "198.20.0.1",
                        "223.255.255.1", "::ffff:8.8.8.8", "2606:2800:220:1:248:1893:25c8:1946", "2001:4860::8888"}) {
    INFO(a);
    CHECK_FALSE(notify::special_purpose(addr(a)));
  }
  CHECK(*notify::address_policy().refusal(addr("192.0.2.7")) == "192.0.2.7 is documentation, TEST-NET-1 (RFC 5737)");
  // What the operator allows is allowed, special or not.
  const notify::address_policy lan({*loyang::server::parse_network("192.168.1.0/24"),
                                    *loyang::server::parse_network("fd00::/8")});
  CHECK_FALSE(lan.refusal(addr("192.168.1.20")));
  CHECK_FALSE(lan.refusal(addr("fd00::20")));
  CHECK(lan.refusal(addr("192.168.2.20")));
}

TEST_CASE("a webhook goes where its name resolves when it connects: pinned to loopback, refused", "[notify][webhook]") {
  notify::init_curl();
  notify_sink sink;
  const auto port = std::to_string(sink.http_port);
  const std::string url = "http://hooks.example.com:" + port + "/pinned";
  // The name answers 127.0.0.1 at connection time, whatever it answered to anyone before.
  const std::vector<std::string> resolve{"hooks.example.com:" + port + ":127.0.0.1"};
  const auto refused = notify::post_webhook(url, "{}", {}, notify::address_policy(), resolve);
  CHECK_FALSE(refused.ok);
  CHECK(refused.permanent);
  CHECK(refused.error.find("127.0.0.1 is loopback") != std::string::npos);
  CHECK(sink.hooks().empty());
  // The same request, with the block allowed by the operator, arrives: the refusal was the filter's.
  const auto allowed = notify::post_webhook(url, "{}", {}, notify::address_policy({*loyang::server::parse_network("127.0.0.0/8")}),
                                            resolve);
  CHECK(allowed.ok);
  REQUIRE(sink.hooks().size() == 1);
  CHECK(sink.hooks()[0]["path"] == "/pinned");
}

// Its own ctest entry (notify_own_address), which skips (77) on a host with no IPv4 address
// besides loopback.
TEST_CASE("a webhook to this host's own interface address is refused unless allowed", "[.][own_address]") {
  const auto own = interface_v4();
  if (own.empty()) {
    std::cout << "skipped: this host has no IPv4 interface address besides loopback\n";
    std::exit(77);
  }
  notify::init_curl();
  const auto why = notify::address_policy().refusal(addr(own.c_str()));
  REQUIRE(why);
  CHECK(why->find("this host's own address") != std::string::npos);
  notify_sink sink({"--http-host", own});
  const auto url = "http://" + own + ":" + std::to_string(sink.http_port) + "/own";
  const auto refused = notify::post_webhook(url, "{}", {}, notify::address_policy({*loyang::server::parse_network("127.0.0.0/8")}));
  INFO(refused.error);
  CHECK_FALSE(refused.ok);
  CHECK(sink.hooks().empty());
  // Through the server too: the player's webhook there is never delivered.
  {
    running_server s([](loyang::server::config& c) {
      c.memory_only = true;
      c.public_url = "https://loyang.test";
      c.webhook_allow_networks = {"127.0.0.0/8"};
      c.notify_poll = std::chrono::milliseconds(50);
      c.notify_max_attempts = 1;
    });
    const auto ann = sign_up(s.port(), "ann");
    REQUIRE(call_api(s.port(), http::verb::put, "/api/account/notifications",
                     json{{"webhook", {{"url", url}, {"format", "json"}}}}, ann)
                .status == http::status::ok);
    const auto bob = sign_up(s.port(), "bob");
    const auto game = call_api(s.port(), http::verb::post, "/api/games", json{{"players", 2}}, ann);
    REQUIRE(game.status == http::status::created);
    REQUIRE(call_api(s.port(), http::verb::post, game_path(game.body["id"], "join"), json::object(), bob).status ==
            http::status::ok);  // the start: news for ann
    eventually([&] { return metric(s.port(), "loyang_notifications_failed_total") >= 1; }, "refused");
    CHECK(sink.hooks().empty());
  }
  // Allowed by the operator: delivered (the receiver was there all along).
  CHECK(notify::post_webhook(url, "{}", {}, notify::address_policy({*loyang::server::parse_network(own)})).ok);
  CHECK(sink.hooks().size() == 1);
}

TEST_CASE("mentions and link markup in chat text are neutralised for Discord and Slack", "[notify][webhook]") {
  const std::string evil = "@everyone <!channel> <https://evil|Open the game> [Open](https://evil) @here <@123>";
  const auto d = notify::discord_text(evil);
  CHECK(d.find("@everyone") == std::string::npos);
  CHECK(d.find("@here") == std::string::npos);
  CHECK(d.find("\\@\xE2\x80\x8B" "everyone") != std::string::npos);
  CHECK(d.find("\\[Open\\]\\(https\\://evil\\)") != std::string::npos);
  CHECK(d.find("\\<\\@123\\>") != std::string::npos);
  const auto sl = notify::slack_text(evil);
  CHECK(sl == "@\xE2\x80\x8B" "everyone &lt;!channel&gt; &lt;https://evil|Open the game&gt; [Open](https://evil) "
              "@\xE2\x80\x8B" "here &lt;@123&gt;");
  CHECK(notify::slack_text("fish & chips") == "fish &amp; chips");

  // End to end: a chat message reaches bob (Discord) and cy (Slack) while they are away.
  notify_sink sink;
  hand_clock clock;
  running_server s([base = clock.settings()](loyang::server::config& c) {
    base(c);
    c.memory_only = true;
    c.public_url = "https://loyang.test";
    c.webhook_allow_networks = {"127.0.0.0/8"};  // the receiver is on 127.0.0.1
    c.notify_poll = std::chrono::milliseconds(50);
  });
  const auto t = start_game(s.port(), "mx", 3);
  const auto hook = [&](const std::string& path, const char* format) {
    return json{{"webhook", {{"url", "http://127.0.0.1:" + std::to_string(sink.http_port) + path}, {"format", format}}},
                {"webhook_events", {"chat"}}};
  };
  REQUIRE(call_api(s.port(), http::verb::put, "/api/account/notifications", hook("/bob", "discord"), t.tokens[1]).status ==
          http::status::ok);
  REQUIRE(call_api(s.port(), http::verb::put, "/api/account/notifications", hook("/cy", "slack"), t.tokens[2]).status ==
          http::status::ok);
  ws_client ann(s.port());
  ann.hello(t.tokens[0]);
  ann.send({{"type", "subscribe"}, {"game", t.game}, {"chat", true}});
  ann.next_of("chat_history");
  REQUIRE(say(ann, t.game, "@everyone <!channel> <https://evil|Open the game>", "x1")["type"] == "chat");
  eventually([&] { return sink.hooks().size() >= 2; }, "both chat webhooks");
  for (const auto& h : sink.hooks()) {
    const auto body = json::parse(h["body"].get<std::string>());
    INFO(body.dump());
    if (h["path"] == "/bob") {
      const auto content = body["content"].get<std::string>();
      CHECK(content.find("@everyone") == std::string::npos);
      CHECK(content.find("\\<!channel\\>") != std::string::npos);
      CHECK(content.find("\\<https\\://evil\\|Open the game\\>") != std::string::npos);
      CHECK(body["allowed_mentions"] == json{{"parse", json::array()}});
      CHECK(content.find(" https://loyang.test/#/game/") != std::string::npos);  // the server's own link, as is
    } else {
      REQUIRE(h["path"] == "/cy");
      const auto text = body["text"].get<std::string>();
      CHECK(text.find("@everyone") == std::string::npos);
      CHECK(text.find("<!channel>") == std::string::npos);
      CHECK(text.find("<https://evil") == std::string::npos);
      CHECK(text.find("&lt;!channel&gt; &lt;https://evil|Open the game&gt;") != std::string::npos);
      CHECK(text.find(" <https://loyang.test/#/game/") != std::string::npos);  // the server's own link
    }
  }
}
