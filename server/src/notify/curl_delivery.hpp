#pragma once
// Internal: the two ways a notification leaves the server, both through libcurl: a mail to
// the operator's SMTP relay, and an HTTP POST to a player's webhook. Blocking (the sender's
// own thread calls them), with timeouts, no redirects, and no requests to loopback or private
// addresses unless the operator allows them (a webhook URL is the player's to choose).
#include <string>
#include <vector>

namespace loyang::server::notify {

/// Once per process, before any other call (curl_global_init).
void init_curl();

struct smtp_settings {
  std::string url;       ///< smtp://host:port or smtps://host:port
  std::string user;      ///< empty: no login
  std::string password;
  std::string tls = "required";  ///< "required", "optional" or "off"
  std::string ca_file;   ///< PEM CAs to check the relay's certificate against; empty: the system's
  std::string from;      ///< the envelope and header sender
};

struct mail {
  std::string to;
  std::string subject;
  std::string text;             ///< the plain-text body (UTF-8), lines ending in \n
  std::string unsubscribe_url;  ///< List-Unsubscribe (one click, RFC 8058); empty: none
  std::string message_id;       ///< unique per notification: a receiver can drop a repeat
};

/// What an attempt came to.
struct attempt {
  bool ok = false;
  bool permanent = false;  ///< no use trying again (a bad address, a 4xx answer)
  std::string error;
};

/// Sends `m` through the relay.
attempt send_mail(const smtp_settings& relay, const mail& m, long date);

/// POSTs `body` (JSON) to `url` with `headers` ("Name: value"). 2xx is delivered; 429 and 5xx
/// and network errors are worth another try; other answers are not.
attempt post_webhook(const std::string& url, const std::string& body, const std::vector<std::string>& headers,
                     bool allow_private_addresses);

/// Whether `address` (a numeric IPv4 or IPv6 address) is loopback, private, link-local or
/// otherwise not a public internet address.
bool private_address(const std::string& address);

}  // namespace loyang::server::notify
