// Chat notifications: a player who does not watch his game hears of its chat by webhook, at
// most once an hour, and at once when a message mentions him; nothing while he watches.
#include <catch2/catch.hpp>

#include "clock_helpers.hpp"
#include "sink.hpp"

using namespace loyang::test;
using nlohmann::json;

namespace {

std::vector<json> chat_hooks(const notify_sink& sink, const std::string& path) {
  std::vector<json> out;
  for (const auto& h : sink.hooks()) {
    if (h["path"] != path) continue;
    auto body = json::parse(h["body"].get<std::string>());
    if (body["event"] == "chat") out.push_back(body);
  }
  return out;
}

json say(ws_client& ws, std::int64_t game, const std::string& text, const std::string& id) {
  ws.send({{"type", "chat"}, {"game", game}, {"id", id}, {"text", text}});
  for (;;) {
    json m = ws.next();
    if (m.value("id", "") == id) return m;
  }
}

}  // namespace

TEST_CASE("chat while away: a webhook an hour per game, one per mention, none while watching", "[notify][chat]") {
  notify_sink sink;
  hand_clock clock;
  running_server s([base = clock.settings(), http_port = sink.http_port](loyang::server::config& c) {
    base(c);
    c.memory_only = true;
    c.public_url = "https://loyang.test";
    c.webhook_allow_networks = {"127.0.0.0/8"};  // the receiver is on 127.0.0.1
    c.notify_poll = std::chrono::milliseconds(50);
    (void)http_port;
  });
  const auto t = start_game(s.port(), "nc", 2);
  const auto put = call_api(s.port(), http::verb::put, "/api/account/notifications",
                            json{{"webhook", {{"url", "http://127.0.0.1:" + std::to_string(sink.http_port) + "/bob"},
                                              {"format", "json"}}}},
                            t.tokens[1]);
  REQUIRE(put.status == http::status::ok);
  CHECK(std::find(put.body["webhook_events"].begin(), put.body["webhook_events"].end(), "chat") !=
        put.body["webhook_events"].end());

  ws_client ann(s.port());
  ann.hello(t.tokens[0]);
  ann.send({{"type", "subscribe"}, {"game", t.game}, {"chat", true}});
  ann.next_of("chat_history");
  REQUIRE(say(ann, t.game, "are you there?", "a1")["type"] == "chat");
  REQUIRE(say(ann, t.game, "hello again", "a2")["type"] == "chat");
  eventually([&] { return chat_hooks(sink, "/bob").size() == 1; }, "bob's first chat webhook");
  const auto first = chat_hooks(sink, "/bob")[0];
  CHECK(first["game"] == t.game);
  CHECK(first["text"].get<std::string>().find("nc0: are you there?") != std::string::npos);
  // A mention is news on its own, in the same hour.
  REQUIRE(say(ann, t.game, "@NC1 your move", "a3")["type"] == "chat");
  eventually([&] { return chat_hooks(sink, "/bob").size() == 2; }, "bob's mention webhook");
  CHECK(chat_hooks(sink, "/bob")[1]["text"].get<std::string>().find("@NC1 your move") != std::string::npos);
  // An hour later, one more.
  clock.move_to(hand_t0 + 3600);
  REQUIRE(say(ann, t.game, "next hour", "a4")["type"] == "chat");
  eventually([&] { return chat_hooks(sink, "/bob").size() == 3; }, "the next hour's webhook");

  // While bob watches the game: nothing, whatever is said.
  ws_client bob(s.port());
  bob.hello(t.tokens[1]);
  bob.send({{"type", "subscribe"}, {"game", t.game}});
  bob.next_of("snapshot");
  clock.move_to(hand_t0 + 7200);
  REQUIRE(say(ann, t.game, "@nc1 still there?", "a5")["type"] == "chat");
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  CHECK(chat_hooks(sink, "/bob").size() == 3);
  CHECK(chat_hooks(sink, "/nc0").empty());
}
