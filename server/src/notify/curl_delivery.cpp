#include "curl_delivery.hpp"

#include <arpa/inet.h>
#include <curl/curl.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <boost/asio/ip/address.hpp>

#include <cstring>

#include "utc_text.hpp"
#include <ctime>
#include <memory>

namespace loyang::server::notify {
namespace {

struct easy_deleter {
  void operator()(CURL* c) const { curl_easy_cleanup(c); }
};
struct list_deleter {
  void operator()(curl_slist* l) const { curl_slist_free_all(l); }
};
using easy = std::unique_ptr<CURL, easy_deleter>;
using slist = std::unique_ptr<curl_slist, list_deleter>;

slist make_list(const std::vector<std::string>& items) {
  curl_slist* l = nullptr;
  for (const auto& i : items) l = curl_slist_append(l, i.c_str());
  return slist(l);
}

struct upload {
  const std::string* text;
  std::size_t at = 0;
};

std::size_t read_upload(char* buffer, std::size_t size, std::size_t count, void* user) {
  auto* u = static_cast<upload*>(user);
  const auto n = std::min(size * count, u->text->size() - u->at);
  std::memcpy(buffer, u->text->data() + u->at, n);
  u->at += n;
  return n;
}

std::size_t ignore_body(char*, std::size_t size, std::size_t count, void*) { return size * count; }

// Refuses to connect to a private address: checked on the address curl resolved, so a public
// name that resolves to 127.0.0.1 is refused too.
curl_socket_t open_public_only(void*, curlsocktype, curl_sockaddr* a) {
  char text[INET6_ADDRSTRLEN] = {};
  if (a->family == AF_INET) {
    inet_ntop(AF_INET, &reinterpret_cast<sockaddr_in*>(&a->addr)->sin_addr, text, sizeof text);
  } else if (a->family == AF_INET6) {
    inet_ntop(AF_INET6, &reinterpret_cast<sockaddr_in6*>(&a->addr)->sin6_addr, text, sizeof text);
  } else {
    return CURL_SOCKET_BAD;
  }
  if (private_address(text)) return CURL_SOCKET_BAD;
  return socket(a->family, a->socktype, a->protocol);
}

std::string rfc5322_date(long t) { return utc_text(t, "%a, %d %b %Y %H:%M:%S +0000"); }

// A header value without line breaks (a subject or address can never add a header).
std::string one_line(std::string s) {
  for (auto& c : s) {
    if (c == '\r' || c == '\n') c = ' ';
  }
  return s;
}

// SMTP bodies end lines with CRLF; a line of a single dot would end the data (curl escapes
// dots itself, but not bare LFs).
std::string crlf(const std::string& text) {
  std::string out;
  out.reserve(text.size() + text.size() / 40);
  for (const char c : text) {
    if (c == '\n') out += '\r';
    out += c;
  }
  return out;
}

}  // namespace

void init_curl() { curl_global_init(CURL_GLOBAL_DEFAULT); }

bool private_address(const std::string& address) {
  boost::system::error_code ec;
  auto a = boost::asio::ip::make_address(address, ec);
  if (ec) return true;
  if (a.is_v6() && a.to_v6().is_v4_mapped()) a = boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, a.to_v6());
  if (a.is_loopback() || a.is_unspecified() || a.is_multicast()) return true;
  if (a.is_v4()) {
    const auto b = a.to_v4().to_bytes();
    return b[0] == 10 || (b[0] == 172 && (b[1] & 0xf0) == 16) || (b[0] == 192 && b[1] == 168) ||
           (b[0] == 169 && b[1] == 254) || (b[0] == 100 && (b[1] & 0xc0) == 64) || b[0] == 0 || b[0] >= 240;
  }
  const auto v6 = a.to_v6();
  const auto b = v6.to_bytes();
  return v6.is_link_local() || v6.is_site_local() || (b[0] & 0xfe) == 0xfc;  // fc00::/7 unique local
}

attempt send_mail(const smtp_settings& relay, const mail& m, long date) {
  easy c(curl_easy_init());
  if (!c) return {false, false, "curl_easy_init failed"};
  std::string message;
  message += "Date: " + rfc5322_date(date) + "\n";
  message += "From: At the Gates of Loyang <" + one_line(relay.from) + ">\n";
  message += "To: <" + one_line(m.to) + ">\n";
  message += "Subject: " + one_line(m.subject) + "\n";
  message += "Message-ID: <" + one_line(m.message_id) + ">\n";
  message += "MIME-Version: 1.0\n";
  message += "Content-Type: text/plain; charset=utf-8\n";
  message += "Content-Transfer-Encoding: 8bit\n";
  message += "Auto-Submitted: auto-generated\n";
  if (!m.unsubscribe_url.empty()) {
    message += "List-Unsubscribe: <" + one_line(m.unsubscribe_url) + ">\n";
    message += "List-Unsubscribe-Post: List-Unsubscribe=One-Click\n";
  }
  message += "\n" + m.text;
  message = crlf(message);
  upload u{&message};
  const auto rcpt = make_list({"<" + one_line(m.to) + ">"});
  const auto from = "<" + one_line(relay.from) + ">";
  curl_easy_setopt(c.get(), CURLOPT_URL, relay.url.c_str());
  curl_easy_setopt(c.get(), CURLOPT_PROTOCOLS_STR, "smtp,smtps");
  curl_easy_setopt(c.get(), CURLOPT_MAIL_FROM, from.c_str());
  curl_easy_setopt(c.get(), CURLOPT_MAIL_RCPT, rcpt.get());
  curl_easy_setopt(c.get(), CURLOPT_READFUNCTION, read_upload);
  curl_easy_setopt(c.get(), CURLOPT_READDATA, &u);
  curl_easy_setopt(c.get(), CURLOPT_UPLOAD, 1L);
  curl_easy_setopt(c.get(), CURLOPT_CONNECTTIMEOUT, 10L);
  curl_easy_setopt(c.get(), CURLOPT_TIMEOUT, 30L);
  curl_easy_setopt(c.get(), CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(c.get(), CURLOPT_USE_SSL,
                   relay.tls == "required" ? CURLUSESSL_ALL : relay.tls == "optional" ? CURLUSESSL_TRY : CURLUSESSL_NONE);
  if (!relay.ca_file.empty()) curl_easy_setopt(c.get(), CURLOPT_CAINFO, relay.ca_file.c_str());
  if (!relay.user.empty()) {
    curl_easy_setopt(c.get(), CURLOPT_USERNAME, relay.user.c_str());
    curl_easy_setopt(c.get(), CURLOPT_PASSWORD, relay.password.c_str());
  }
  char error[CURL_ERROR_SIZE] = {};
  curl_easy_setopt(c.get(), CURLOPT_ERRORBUFFER, error);
  const auto rc = curl_easy_perform(c.get());
  if (rc == CURLE_OK) return {true, false, {}};
  long code = 0;
  curl_easy_getinfo(c.get(), CURLINFO_RESPONSE_CODE, &code);
  // 5xx from the relay (a refused recipient) will not change; anything else may.
  return {false, code >= 500 && code < 600 && rc != CURLE_LOGIN_DENIED,
          std::string(curl_easy_strerror(rc)) + (error[0] ? std::string(": ") + error : std::string()) +
              (code ? " (SMTP " + std::to_string(code) + ")" : std::string())};
}

attempt post_webhook(const std::string& url, const std::string& body, const std::vector<std::string>& headers,
                     bool allow_private_addresses) {
  easy c(curl_easy_init());
  if (!c) return {false, false, "curl_easy_init failed"};
  auto all = headers;
  all.emplace_back("Content-Type: application/json");
  all.emplace_back("User-Agent: loyang-server");
  const auto list = make_list(all);
  curl_easy_setopt(c.get(), CURLOPT_URL, url.c_str());
  curl_easy_setopt(c.get(), CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(c.get(), CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(c.get(), CURLOPT_HTTPHEADER, list.get());
  curl_easy_setopt(c.get(), CURLOPT_POSTFIELDS, body.c_str());
  curl_easy_setopt(c.get(), CURLOPT_POSTFIELDSIZE, static_cast<long>(body.size()));
  curl_easy_setopt(c.get(), CURLOPT_WRITEFUNCTION, ignore_body);
  curl_easy_setopt(c.get(), CURLOPT_CONNECTTIMEOUT, 10L);
  curl_easy_setopt(c.get(), CURLOPT_TIMEOUT, 20L);
  curl_easy_setopt(c.get(), CURLOPT_NOSIGNAL, 1L);
  if (!allow_private_addresses) curl_easy_setopt(c.get(), CURLOPT_OPENSOCKETFUNCTION, open_public_only);
  char error[CURL_ERROR_SIZE] = {};
  curl_easy_setopt(c.get(), CURLOPT_ERRORBUFFER, error);
  const auto rc = curl_easy_perform(c.get());
  if (rc != CURLE_OK) {
    return {false, false, std::string(curl_easy_strerror(rc)) + (error[0] ? std::string(": ") + error : std::string())};
  }
  long status = 0;
  curl_easy_getinfo(c.get(), CURLINFO_RESPONSE_CODE, &status);
  if (status >= 200 && status < 300) return {true, false, {}};
  const bool again = status == 429 || status >= 500;
  return {false, !again, "HTTP " + std::to_string(status)};
}

}  // namespace loyang::server::notify
