// Delivering notifications: retries with backoff while a receiver is down, giving up after the
// last try (recorded), the Discord and Slack bodies, one-click unsubscribe, the settings'
// validation, and no webhooks to private addresses unless the operator allows them.
#include <catch2/catch.hpp>

#include "clock_helpers.hpp"
#include "notify/curl_delivery.hpp"
#include "notify/news.hpp"
#include "sink.hpp"

using namespace loyang::test;
using nlohmann::json;

namespace {

std::function<void(loyang::server::config&)> fast(const notify_sink& sink, int attempts = 8, bool private_ok = true) {
  return [smtp = sink.smtp_port, attempts, private_ok](loyang::server::config& c) {
    c.public_url = "https://loyang.test";
    c.smtp_url = "smtp://127.0.0.1:" + std::to_string(smtp);
    c.smtp_tls = "off";
    if (private_ok) c.webhook_allow_networks = {"127.0.0.0/8"};  // the receiver is on 127.0.0.1
    c.notify_poll = std::chrono::milliseconds(50);
    c.notify_retry_base = std::chrono::milliseconds(1000);
    c.notify_max_attempts = attempts;
  };
}

json hook_settings(const notify_sink& sink, const std::string& path, const std::string& format) {
  return {{"webhook", {{"url", "http://127.0.0.1:" + std::to_string(sink.http_port) + path}, {"format", format}}}};
}

// A 2-player game between two new accounts, which starts (a "start" for each).
void start_duel(std::uint16_t port, const std::string& a, const std::string& b) {
  auto game = call_api(port, http::verb::post, "/api/games", json{{"players", 2}}, a);
  REQUIRE(game.status == http::status::created);
  REQUIRE(call_api(port, http::verb::post, game_path(game.body["id"], "join"), json::object(), b).status ==
          http::status::ok);
}

}  // namespace

TEST_CASE("a receiver that is down gets the webhook once it is back, exactly once", "[notify]") {
  notify_sink sink;
  running_server s(fast(sink));
  const auto ann = sign_up(s.port(), "ann");
  const auto bob = sign_up(s.port(), "bob");
  REQUIRE(call_api(s.port(), http::verb::put, "/api/account/notifications", hook_settings(sink, "/ann", "json"), ann)
              .status == http::status::ok);
  sink.set_down(true);
  start_duel(s.port(), ann, bob);
  eventually([&] { return metric(s.port(), "loyang_notifications_retried_total") >= 2; }, "two failed tries");
  CHECK(sink.hooks().empty());
  CHECK(metric(s.port(), "loyang_notifications_queued") >= 1);
  sink.set_down(false);
  eventually([&] { return metric(s.port(), "loyang_notifications_queued") == 0; }, "delivered after the receiver came back",
             std::chrono::seconds(30));
  const auto hooks = sink.hooks();
  std::set<std::string> seen;
  for (const auto& h : hooks) CHECK(seen.insert(h["headers"]["X-Loyang-Delivery"].get<std::string>()).second);
  CHECK(std::any_of(hooks.begin(), hooks.end(), [](const json& h) { return json::parse(h["body"].get<std::string>())["event"] == "start"; }));
  CHECK(metric(s.port(), "loyang_notifications_failed_total") == 0);
}

TEST_CASE("a receiver that keeps failing is given up after the last try, and that is recorded", "[notify]") {
  notify_sink sink;
  running_server s(fast(sink, 2));
  const auto ann = sign_up(s.port(), "ann");
  const auto bob = sign_up(s.port(), "bob");
  REQUIRE(call_api(s.port(), http::verb::put, "/api/account/notifications", hook_settings(sink, "/ann", "json"), ann)
              .status == http::status::ok);
  sink.set_broken(true);
  start_duel(s.port(), ann, bob);
  // "start" and (if ann acts first) "turn": each tried twice, then given up.
  // (The outbox may look empty before the service has read it: wait for a failure first.)
  eventually([&] {
    return metric(s.port(), "loyang_notifications_failed_total") >= 1 &&
           metric(s.port(), "loyang_notifications_queued") == 0;
  }, "given up", std::chrono::seconds(30));
  CHECK(metric(s.port(), "loyang_notifications_retried_total") == metric(s.port(), "loyang_notifications_failed_total"));
  CHECK(metric(s.port(), "loyang_notifications_sent_total") == 0);
  CHECK(sink.hooks().empty());
}

TEST_CASE("Discord and Slack get bodies they accept; JSON gets the whole notification", "[notify]") {
  notify_sink sink;
  running_server s(fast(sink));
  const auto ann = sign_up(s.port(), "ann");
  const auto bob = sign_up(s.port(), "bob");
  REQUIRE(call_api(s.port(), http::verb::put, "/api/account/notifications", hook_settings(sink, "/discord", "discord"), ann)
              .status == http::status::ok);
  REQUIRE(call_api(s.port(), http::verb::put, "/api/account/notifications", hook_settings(sink, "/slack", "slack"), bob)
              .status == http::status::ok);
  start_duel(s.port(), ann, bob);
  eventually([&] {
    const auto h = sink.hooks();
    return std::any_of(h.begin(), h.end(), [](const json& x) { return x["path"] == "/discord"; }) &&
           std::any_of(h.begin(), h.end(), [](const json& x) { return x["path"] == "/slack"; });
  }, "both webhooks");
  for (const auto& h : sink.hooks()) {
    const auto body = json::parse(h["body"].get<std::string>());
    if (h["path"] == "/discord") {
      CHECK(body["content"].get<std::string>().find("https://loyang.test/#/game/") != std::string::npos);
      CHECK(body.size() == 3);  // content, username and allowed_mentions
      CHECK(body["allowed_mentions"] == json{{"parse", json::array()}});
    } else {
      CHECK(body["text"].get<std::string>().find("|Open the game>") != std::string::npos);
      CHECK(body.size() == 1);
    }
  }
}

TEST_CASE("settings: checked, shown to their owner; an address is verified before it gets mail; "
          "one click unsubscribes",
          "[notify]") {
  notify_sink sink;
  running_server s(fast(sink));
  const auto ann = sign_up(s.port(), "ann");
  const auto bob = sign_up(s.port(), "bob");
  const auto put = [&](const json& body) {
    return call_api(s.port(), http::verb::put, "/api/account/notifications", body, ann);
  };
  CHECK(code_of(put(json{{"email", "not an address"}})) == "bad_request");
  CHECK(code_of(put(json{{"email_events", {"turn", "gossip"}}})) == "bad_request");
  CHECK(code_of(put(json{{"webhook", {{"url", "ftp://x.example"}}}})) == "bad_request");
  CHECK(code_of(put(json{{"webhook", {{"url", "https://x.example"}, {"format", "irc"}}}})) == "bad_request");
  CHECK(code_of(put(json{{"sms", "123"}})) == "bad_request");
  const auto initial = call_api(s.port(), http::verb::get, "/api/account/notifications", std::nullopt, ann);
  CHECK(initial.body["email"].is_null());
  CHECK(initial.body["webhook"].is_null());
  CHECK(initial.body["email_events"] ==
        json{"turn", "reminder", "start", "end", "invite", "chat", "vote", "opponent", "nudge", "message"});
  CHECK(initial.body["hold_minutes"] == 10);

  // Unverified: only the verification mail goes out; the game's start is not mailed.
  REQUIRE(put(json{{"email", "ann@example.org"}, {"email_events", {"start", "end"}}}).status == http::status::ok);
  eventually([&] { return sink.mails().size() == 1; }, "the verification mail");
  start_duel(s.port(), ann, bob);
  eventually([&] { return metric(s.port(), "loyang_notifications_queued") == 0; }, "the outbox emptied");
  CHECK(sink.mails().size() == 1);
  CHECK(code_of(call_api(s.port(), http::verb::get, "/api/notify/verify?token=" + std::string(64, '0'))) == "bad_link");

  // Verified: the next game's start is mailed, with a one-click unsubscribe link that works.
  const auto mail = sink.mails().front();
  const auto at = mail.find("/api/notify/verify?token=");
  REQUIRE(call_api(s.port(), http::verb::get, mail.substr(at, 25 + 64)).status == http::status::ok);
  start_duel(s.port(), ann, bob);
  eventually([&] { return sink.mails().size() == 2; }, "the start mail");
  const auto unsubscribe = header(sink.mails().back(), "List-Unsubscribe");
  const auto path = unsubscribe.substr(std::string("<https://loyang.test").size(),
                                       unsubscribe.size() - std::string("<https://loyang.test").size() - 1);
  CHECK(call_api(s.port(), http::verb::post, path).status == http::status::ok);
  CHECK(call_api(s.port(), http::verb::get, "/api/account/notifications", std::nullopt, ann).body["email_events"] == json::array());
  start_duel(s.port(), ann, bob);
  eventually([&] { return metric(s.port(), "loyang_notifications_queued") == 0; }, "the outbox emptied");
  CHECK(sink.mails().size() == 2);
}

TEST_CASE("webhooks to loopback or private addresses are refused unless the operator allows them", "[notify]") {
  notify_sink sink;
  running_server s(fast(sink, 1, false));
  const auto ann = sign_up(s.port(), "ann");
  const auto bob = sign_up(s.port(), "bob");
  REQUIRE(call_api(s.port(), http::verb::put, "/api/account/notifications", hook_settings(sink, "/ann", "json"), ann)
              .status == http::status::ok);
  // A name is judged by the address it resolves to when the connection is made.
  REQUIRE(call_api(s.port(), http::verb::put, "/api/account/notifications",
                   json{{"webhook", {{"url", "http://localhost:" + std::to_string(sink.http_port) + "/bob"}, {"format", "json"}}}},
                   bob)
              .status == http::status::ok);
  start_duel(s.port(), ann, bob);
  eventually([&] { return metric(s.port(), "loyang_notifications_failed_total") >= 2; }, "refused");
  CHECK(sink.hooks().empty());
}

TEST_CASE("a digest: at most one mail per period, listing everything since the last", "[notify]") {
  notify_sink sink;
  hand_clock clock;
  running_server s([&](loyang::server::config& c) {
    fast(sink)(c);
    clock.settings()(c);
  });
  const auto ann = sign_up(s.port(), "ann");
  const auto bob = sign_up(s.port(), "bob");
  CHECK(code_of(call_api(s.port(), http::verb::put, "/api/account/notifications", json{{"digest_minutes", 5}}, ann)) ==
        "bad_request");
  REQUIRE(call_api(s.port(), http::verb::put, "/api/account/notifications",
                   json{{"email", "ann@example.org"}, {"digest_minutes", 60}}, ann)
              .status == http::status::ok);
  eventually([&] { return sink.mails().size() == 1; }, "the verification mail");  // never digested
  const auto mail = sink.mails().front();
  REQUIRE(call_api(s.port(), http::verb::get, mail.substr(mail.find("/api/notify/verify?token="), 25 + 64)).status ==
          http::status::ok);
  // The first digest goes at once; what comes within the hour waits for the next.
  start_duel(s.port(), ann, bob);
  eventually([&] { return sink.mails().size() == 2; }, "the first digest");
  CHECK(header(sink.mails()[1], "Subject").find("about your games") != std::string::npos);
  start_duel(s.port(), ann, bob);
  start_duel(s.port(), ann, bob);
  eventually([&] { return metric(s.port(), "loyang_notifications_queued") >= 2; }, "the next ones queued");
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  CHECK(sink.mails().size() == 2);
  clock.move_to(hand_t0 + 3600);
  eventually([&] { return sink.mails().size() == 3; }, "the second digest");
  const auto digest = sink.mails()[2];
  std::size_t listed = 0;
  for (auto at = digest.find("\n- "); at != std::string::npos; at = digest.find("\n- ", at + 1)) ++listed;
  CHECK(listed >= 2);  // both games' starts (and any turns) in one mail
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  CHECK(sink.mails().size() == 3);
  CHECK(metric(s.port(), "loyang_notifications_queued") == 0);
}

TEST_CASE("mail goes through STARTTLS with a login; a wrong password is retried, not lost", "[notify]") {
  temp_dir keys;
  const auto cert = (keys.path() / "relay.pem").string();
  const auto key = (keys.path() / "relay.key").string();
  const auto made = std::system(("openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1 "
                                 "-addext subjectAltName=IP:127.0.0.1 -keyout " + key + " -out " + cert +
                                 " >/dev/null 2>&1").c_str());
  REQUIRE(made == 0);
  notify_sink sink({"--tls", cert, key, "--login", "relayuser", "relay-secret"});
  const auto relay = [&](const std::string& password) {
    return [&sink, cert, password](loyang::server::config& c) {
      fast(sink)(c);
      c.smtp_tls = "required";
      c.smtp_ca_file = cert;
      c.smtp_user = "relayuser";
      c.smtp_password = password;
    };
  };
  {
    running_server s(relay("wrong"));
    const auto ann = sign_up(s.port(), "ann");
    REQUIRE(call_api(s.port(), http::verb::put, "/api/account/notifications", json{{"email", "ann@example.org"}}, ann)
                .status == http::status::ok);
    eventually([&] { return metric(s.port(), "loyang_notifications_retried_total") >= 1; }, "a refused login, retried");
    CHECK(sink.mails().empty());
    CHECK(metric(s.port(), "loyang_notifications_queued") == 1);
  }
  running_server s(relay("relay-secret"));
  const auto ann = sign_up(s.port(), "ann");
  REQUIRE(call_api(s.port(), http::verb::put, "/api/account/notifications", json{{"email", "ann@example.org"}}, ann)
              .status == http::status::ok);
  eventually([&] { return sink.mails().size() == 1; }, "the verification mail over TLS");
  CHECK(header(sink.mails().front(), "To") == "<ann@example.org>");
}
