#include "curl_delivery.hpp"

#include <sodium.h>

#include <arpa/inet.h>
#include <curl/curl.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <boost/asio/ip/address.hpp>

#include <cstring>

#include "header_text.hpp"
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

// What the socket callback needs: the policy, and why addresses were refused (for the error).
struct connect_check {
  const address_policy* policy;
  std::string refused;
};

// Called for each address curl is about to connect to (every one of a name's addresses it
// tries, and the only place a socket is made): the address judged is the address used.
curl_socket_t open_allowed_only(void* user, curlsocktype, curl_sockaddr* a) {
  auto* check = static_cast<connect_check*>(user);
  boost::asio::ip::address address;
  if (a->family == AF_INET) {
    boost::asio::ip::address_v4::bytes_type b;
    std::memcpy(b.data(), &reinterpret_cast<sockaddr_in*>(&a->addr)->sin_addr, b.size());
    address = boost::asio::ip::address_v4(b);
  } else if (a->family == AF_INET6) {
    boost::asio::ip::address_v6::bytes_type b;
    std::memcpy(b.data(), &reinterpret_cast<sockaddr_in6*>(&a->addr)->sin6_addr, b.size());
    address = boost::asio::ip::address_v6(b);
  } else {
    return CURL_SOCKET_BAD;
  }
  if (auto why = check->policy->refusal(address)) {
    if (!check->refused.empty()) check->refused += "; ";
    check->refused += *why;
    return CURL_SOCKET_BAD;
  }
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

attempt send_mail(const smtp_settings& relay, const mail& m, long date) {
  easy c(curl_easy_init());
  if (!c) return {false, false, "curl_easy_init failed"};
  std::string message;
  message += "Date: " + rfc5322_date(date) + "\n";
  message += "From: At the Gates of Loyang <" + one_line(relay.from) + ">\n";
  message += "To: <" + one_line(m.to) + ">\n";
  message += "Subject: " + header_text(one_line(m.subject)) + "\n";
  message += "Message-ID: <" + one_line(m.message_id) + ">\n";
  message += "MIME-Version: 1.0\n";
  // A boundary no body can hold: 32 random hex digits.
  std::string boundary;
  if (!m.html.empty()) {
    unsigned char bytes[16];
    randombytes_buf(bytes, sizeof bytes);
    char hex[2 * sizeof bytes + 1];
    sodium_bin2hex(hex, sizeof hex, bytes, sizeof bytes);
    boundary = std::string("loyang-").append(hex);
    message += "Content-Type: multipart/alternative; boundary=\"" + boundary + "\"\n";
  } else {
    message += "Content-Type: text/plain; charset=utf-8\n";
    message += "Content-Transfer-Encoding: 8bit\n";
  }
  message += "Auto-Submitted: auto-generated\n";
  if (!m.unsubscribe_url.empty()) {
    message += "List-Unsubscribe: <" + one_line(m.unsubscribe_url) + ">\n";
    message += "List-Unsubscribe-Post: List-Unsubscribe=One-Click\n";
  }
  if (boundary.empty()) {
    message += "\n" + m.text;
  } else {
    message += "\n--" + boundary + "\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n";
    message += m.text;
    message += "\n--" + boundary + "\nContent-Type: text/html; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n";
    message += m.html;
    message += "\n--" + boundary + "--\n";
  }
  message = crlf(message);
  upload u{&message};
  // Appended, not "<" + ...: GCC 12 misreads that as an overlapping copy (GCC bug 105651).
  const auto rcpt = make_list({std::string("<").append(one_line(m.to)).append(">")});
  const auto from = std::string("<").append(one_line(relay.from)).append(">");
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
                     const address_policy& policy, const std::vector<std::string>& resolve,
                     const std::string& content_type) {
  easy c(curl_easy_init());
  if (!c) return {false, false, "curl_easy_init failed"};
  auto all = headers;
  all.emplace_back("Content-Type: " + content_type);
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
  // No proxy, whatever the environment says: the connection goes to the checked address.
  curl_easy_setopt(c.get(), CURLOPT_PROXY, "");
  connect_check check{&policy, {}};
  curl_easy_setopt(c.get(), CURLOPT_OPENSOCKETFUNCTION, open_allowed_only);
  curl_easy_setopt(c.get(), CURLOPT_OPENSOCKETDATA, &check);
  const auto pinned = make_list(resolve);
  if (pinned) curl_easy_setopt(c.get(), CURLOPT_RESOLVE, pinned.get());
  char error[CURL_ERROR_SIZE] = {};
  curl_easy_setopt(c.get(), CURLOPT_ERRORBUFFER, error);
  const auto rc = curl_easy_perform(c.get());
  if (rc != CURLE_OK) {
    // Refused addresses stay refused: no retries.
    if (!check.refused.empty()) return {false, true, "refused: " + check.refused};
    return {false, false, std::string(curl_easy_strerror(rc)) + (error[0] ? std::string(": ") + error : std::string())};
  }
  long status = 0;
  curl_easy_getinfo(c.get(), CURLINFO_RESPONSE_CODE, &status);
  if (status >= 200 && status < 300) return {true, false, {}, status};
  const bool again = status == 429 || status >= 500;
  return {false, !again, "HTTP " + std::to_string(status), status};
}

}  // namespace loyang::server::notify
