// VAPID with OpenSSL 3: the key pair as an EVP_PKEY (PEM through PKCS#8), the JWT written by hand
// (its header is fixed and its claims are three), and ES256 signatures converted from the DER
// that OpenSSL's ECDSA gives to the fixed r | s that JWS wants.
#include "vapid.hpp"

#include <openssl/core_names.h>
#include <openssl/pem.h>

#include <cctype>
#include <cstdio>
#include <stdexcept>

#include "base64url.hpp"
#include "openssl_handles.hpp"

namespace loyang::server::notify::push {
namespace {

using namespace detail;

constexpr std::size_t point_size = 65;
constexpr int coordinate_size = 32;

[[noreturn]] void fail(std::string_view what) { throw std::runtime_error(openssl_error(what)); }

// The public key, uncompressed, or empty when OpenSSL cannot give it.
std::string public_point(EVP_PKEY* key) {
  std::string point(point_size, '\0');
  std::size_t size = 0;
  // A key read from PEM keeps the point format it was written with: ask for the uncompressed one.
  if (!EVP_PKEY_set_utf8_string_param(key, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, "uncompressed") ||
      !EVP_PKEY_get_octet_string_param(key, OSSL_PKEY_PARAM_PUB_KEY, bytes(point), point.size(), &size) ||
      size != point_size || point[0] != 0x04) {
    ERR_clear_error();
    return {};
  }
  return point;
}

// PEM_read_bio_PrivateKey's passphrase callback: none, so an encrypted key fails instead of
// OpenSSL's default asking on the terminal.
int no_passphrase(char*, int, int, void*) { return -1; }

bool is_p256(EVP_PKEY* key) {
  char name[64] = {};
  std::size_t size = 0;
  if (EVP_PKEY_is_a(key, "EC") != 1 || !EVP_PKEY_get_group_name(key, name, sizeof name, &size)) return false;
  const std::string_view group(name, size);
  return group == "prime256v1" || group == "P-256";
}

// `s` as a JSON string, quotes included: '"', '\' and control characters escaped; other bytes
// (UTF-8 included) as they are.
std::string json_string(std::string_view s) {
  std::string out = "\"";
  for (const char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char hex[8];
          std::snprintf(hex, sizeof hex, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
          out += hex;
        } else {
          out += c;
        }
    }
  }
  out += '"';
  return out;
}

bool lower_alpha(char c) { return c >= 'a' && c <= 'z'; }
bool digit(char c) { return c >= '0' && c <= '9'; }
char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
bool name_char(char c) {
  // RFC 3986's reg-name: nothing that ends or escapes a JSON string.
  return lower_alpha(lower(c)) || digit(c) || std::string_view("-._~%!$&'()*+,;=").find(c) != std::string_view::npos;
}

}  // namespace

void vapid_key::pkey_deleter::operator()(EVP_PKEY* key) const noexcept { EVP_PKEY_free(key); }

vapid_key vapid_key::generate() {
  pkey_ptr key(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256"));
  if (!key) fail("cannot generate a VAPID key");
  auto point = public_point(key.get());
  if (point.empty()) fail("cannot read the new VAPID key's public key");
  return vapid_key(key.release(), std::move(point));
}

std::optional<vapid_key> vapid_key::from_pem(std::string_view pem, std::string& error) {
  if (pem.size() > 1 << 20) {
    error = "the VAPID key's PEM is too long";
    return std::nullopt;
  }
  const bio_ptr bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())));
  pkey_ptr key(bio ? PEM_read_bio_PrivateKey(bio.get(), nullptr, no_passphrase, nullptr) : nullptr);
  if (!key) {
    error = openssl_error("no unencrypted private key in the VAPID key's PEM");
    return std::nullopt;
  }
  if (!is_p256(key.get())) {
    ERR_clear_error();
    error = "the VAPID key is not a P-256 (prime256v1) EC key";
    return std::nullopt;
  }
  auto point = public_point(key.get());
  if (point.empty()) {
    error = "cannot read the VAPID key's public key";
    return std::nullopt;
  }
  return vapid_key(key.release(), std::move(point));
}

std::optional<vapid_key> vapid_key::from_private_raw(std::string_view scalar, std::string& error) {
  std::string point;
  auto key = detail::key_pair(scalar, point, error);
  if (!key) return std::nullopt;
  return vapid_key(key.release(), std::move(point));
}

std::string vapid_key::to_pem() const {
  const bio_ptr bio(BIO_new(BIO_s_mem()));
  if (!bio || !PEM_write_bio_PrivateKey(bio.get(), key_.get(), nullptr, nullptr, 0, nullptr, nullptr)) {
    fail("cannot write the VAPID key as PEM");
  }
  char* data = nullptr;
  const long size = BIO_get_mem_data(bio.get(), &data);
  return std::string(data, static_cast<std::size_t>(size));
}

std::string vapid_key::public_raw() const { return public_raw_; }

std::string vapid_key::public_b64() const { return base64url_encode(public_raw_); }

std::string vapid_key::sign_es256(std::string_view data) const {
  const md_ctx_ptr ctx(EVP_MD_CTX_new());
  std::size_t size = 0;
  if (!ctx || EVP_DigestSignInit_ex(ctx.get(), nullptr, "SHA256", nullptr, nullptr, key_.get(), nullptr) != 1 ||
      EVP_DigestSign(ctx.get(), nullptr, &size, bytes(data), data.size()) != 1) {
    fail("cannot sign the VAPID token");
  }
  std::string der(size, '\0');
  if (EVP_DigestSign(ctx.get(), bytes(der), &size, bytes(data), data.size()) != 1) fail("cannot sign the VAPID token");
  // OpenSSL writes ECDSA-Sig-Value (DER: SEQUENCE { r INTEGER, s INTEGER }); JWS wants r | s.
  const unsigned char* p = bytes(std::string_view(der.data(), size));
  const std::unique_ptr<ECDSA_SIG, openssl_deleter<ECDSA_SIG_free>> sig(
      d2i_ECDSA_SIG(nullptr, &p, static_cast<long>(size)));
  if (!sig) fail("cannot read OpenSSL's ECDSA signature");
  std::string out(2 * static_cast<std::size_t>(coordinate_size), '\0');
  if (BN_bn2binpad(ECDSA_SIG_get0_r(sig.get()), bytes(out), coordinate_size) != coordinate_size ||
      BN_bn2binpad(ECDSA_SIG_get0_s(sig.get()), bytes(out) + coordinate_size, coordinate_size) != coordinate_size) {
    fail("an ECDSA signature's r or s is longer than 32 bytes");
  }
  return out;
}

std::optional<std::string> endpoint_origin(std::string_view url) {
  const auto colon = url.find("://");
  if (colon == std::string_view::npos) return std::nullopt;
  std::string scheme;
  for (const char c : url.substr(0, colon)) scheme += lower(c);
  if (scheme != "https" && scheme != "http") return std::nullopt;
  auto authority = url.substr(colon + 3);
  authority = authority.substr(0, authority.find_first_of("/?#"));
  if (const auto at = authority.rfind('@'); at != std::string_view::npos) authority.remove_prefix(at + 1);
  // The port follows the last ':' outside an IPv6 literal's brackets.
  const auto bracket = authority.rfind(']');
  auto port_colon = authority.rfind(':');
  if (bracket != std::string_view::npos && port_colon != std::string_view::npos && port_colon < bracket) {
    port_colon = std::string_view::npos;
  }
  auto host = authority.substr(0, port_colon);
  std::string_view port;
  if (port_colon != std::string_view::npos) port = authority.substr(port_colon + 1);
  if (host.empty() || port.size() > 5) return std::nullopt;
  // A name (RFC 3986's reg-name) or an IPv6 literal in brackets.
  const bool literal = host.size() > 2 && host.front() == '[' && host.back() == ']';
  for (const char c : literal ? host.substr(1, host.size() - 2) : host) {
    if (literal ? !(std::isxdigit(static_cast<unsigned char>(c)) || c == ':' || c == '.') : !name_char(c)) {
      return std::nullopt;
    }
  }
  for (const char c : port) {
    if (!digit(c)) return std::nullopt;
  }
  std::string origin = scheme + "://";
  for (const char c : host) origin += lower(c);
  if (!port.empty()) {
    origin += ':';
    origin += port;
  }
  return origin;
}

std::string vapid_header(const vapid_key& key, std::string_view endpoint_url, std::string_view subject,
                         std::int64_t expires_unix) {
  const auto audience = endpoint_origin(endpoint_url);
  if (!audience) throw std::invalid_argument("VAPID: not an http(s) endpoint URL: " + std::string(endpoint_url));
  if (!subject.starts_with("mailto:") && !subject.starts_with("https:")) {
    throw std::invalid_argument("VAPID: the subject must be a mailto: or https: URI: " + std::string(subject));
  }
  const std::string claims = "{\"aud\":" + json_string(*audience) + ",\"exp\":" + std::to_string(expires_unix) +
                             ",\"sub\":" + json_string(subject) + "}";
  const std::string signing_input =
      base64url_encode(R"({"typ":"JWT","alg":"ES256"})") + "." + base64url_encode(claims);
  return "vapid t=" + signing_input + "." + base64url_encode(key.sign_es256(signing_input)) +
         ", k=" + key.public_b64();
}

}  // namespace loyang::server::notify::push
