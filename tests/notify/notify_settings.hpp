#pragma once
// Test support: a server that sends its mails and webhooks to a notify_sink, on a hand clock,
// polling its outbox often enough for a test.
#include "clock_helpers.hpp"
#include "sink.hpp"

namespace loyang::test {

inline std::function<void(loyang::server::config&)> notify_settings(const hand_clock& clock, const notify_sink& sink) {
  return [base = clock.settings(), smtp = sink.smtp_port](loyang::server::config& c) {
    base(c);
    c.public_url = "https://loyang.test";
    c.smtp_url = "smtp://127.0.0.1:" + std::to_string(smtp);
    c.smtp_tls = "off";  // aiosmtpd offers no STARTTLS
    c.mail_from = "loyang@loyang.test";
    c.webhook_allow_networks = {"127.0.0.0/8"};  // the receiver is on 127.0.0.1
    c.notify_poll = std::chrono::milliseconds(50);
    c.notify_retry_base = std::chrono::milliseconds(1000);
  };
}

/// Waits for the verification mail to `address` and follows its link (through `port`); the
/// account of `token` then has its address verified.
inline void follow_verification(std::uint16_t port, const notify_sink& sink, const std::string& token,
                                const std::string& address) {
  eventually([&] { return !mails_to(sink, address).empty(); }, "the verification mail to " + address);
  const auto mail = mails_to(sink, address).front();
  CHECK(header(mail, "Subject") == "Confirm your address for At the Gates of Loyang");
  const auto at = mail.find("https://loyang.test/api/notify/verify?token=");
  REQUIRE(at != std::string::npos);
  // The path and query: /api/notify/verify?token= and 64 hex digits.
  const auto target = mail.substr(at + std::string("https://loyang.test").size(), 25 + 64);
  const auto verified = call_api(port, http::verb::get, target);
  INFO(target << " " << verified.body.dump());
  REQUIRE(verified.status == http::status::ok);
  CHECK(call_api(port, http::verb::get, "/api/account/notifications", std::nullopt, token).body["email_verified"] == true);
}

}  // namespace loyang::test
