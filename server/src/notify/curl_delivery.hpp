#pragma once
// Internal: the two ways a notification leaves the server, both through libcurl: a mail to
// the operator's SMTP relay, and an HTTP POST to a player's webhook. Blocking (the sender's
// own thread calls them), with timeouts, no redirects, no proxy, and no connection to an
// address address_filter.hpp refuses (a webhook URL is the player's to choose).
#include <string>
#include <vector>

#include "address_filter.hpp"

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
  /// The same as HTML (UTF-8, lines ending in \n, none over 998 bytes); empty: plain text only.
  /// With it the mail is multipart/alternative, the text first (RFC 2046).
  std::string html;
  std::string unsubscribe_url;  ///< List-Unsubscribe (one click, RFC 8058); empty: none
  std::string message_id;       ///< unique per notification: a receiver can drop a repeat
};

/// What an attempt came to.
struct attempt {
  bool ok = false;
  bool permanent = false;  ///< no use trying again (a bad address, a 4xx answer)
  std::string error;
  long status = 0;  ///< the HTTP status of a POST's answer (0: none came)
};

/// Sends `m` through the relay.
attempt send_mail(const smtp_settings& relay, const mail& m, long date);

/// POSTs `body` (JSON) to `url` with `headers` ("Name: value"). 2xx is delivered; 429 and 5xx
/// and network errors are worth another try; other answers are not. Every address the name
/// resolves to is judged by `policy` when its socket is opened, so the address connected to is
/// the address checked (a name that changes its answer between a check and the connection
/// gains nothing); when each was refused, the attempt fails for good with the reasons.
/// `resolve`: CURLOPT_RESOLVE entries ("host:port:address"), for tests that make a name resolve
/// to a chosen address.
/// `content_type`: the body's (a push message is encrypted bytes).
attempt post_webhook(const std::string& url, const std::string& body, const std::vector<std::string>& headers,
                     const address_policy& policy, const std::vector<std::string>& resolve = {},
                     const std::string& content_type = "application/json");

}  // namespace loyang::server::notify
