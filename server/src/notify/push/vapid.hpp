#pragma once
// VAPID (RFC 8292): the application server's identity toward push services. The server keeps one
// P-256 key pair; browsers subscribe with its public key (applicationServerKey), and each push
// request carries a short-lived token signed with the private key, which the push service checks
// against the key the subscription was made with.
//
//   auto key = push::vapid_key::generate();               // once; keep key.to_pem() secret
//   // later: auto key = push::vapid_key::from_pem(pem, error);
//   const auto exp = now_unix + 12 * 3600;                // at most 24 h ahead
//   request.set("Authorization", push::vapid_header(key, endpoint, "mailto:ops@example.org", exp));
#include <openssl/types.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace loyang::server::notify::push {

/// A P-256 key pair for VAPID. Move-only; its const members may be called from many threads at
/// once.
class vapid_key {
 public:
  /// A fresh random key pair. Throws std::runtime_error only when OpenSSL itself fails.
  static vapid_key generate();
  /// The key in `pem`: a PKCS#8 "PRIVATE KEY" (what to_pem() writes) or a traditional "EC PRIVATE
  /// KEY", unencrypted, on P-256. nullopt, with the reason in `error`, for anything else
  /// (an encrypted key is refused: nothing here prompts for a passphrase).
  static std::optional<vapid_key> from_pem(std::string_view pem, std::string& error);
  /// The key whose private scalar is `scalar` (32 bytes, big endian, in [1, n-1]): a key kept
  /// as a secret's hash. nullopt, with the reason in `error`, for anything else.
  static std::optional<vapid_key> from_private_raw(std::string_view scalar, std::string& error);

  /// The private key as PEM, PKCS#8 ("-----BEGIN PRIVATE KEY-----"), unencrypted: store it as a
  /// secret. Throws std::runtime_error only when OpenSSL itself fails.
  std::string to_pem() const;
  /// The public key: an uncompressed point, 65 bytes (0x04 | x | y).
  std::string public_raw() const;
  /// public_raw() in base64url without padding: the browser's applicationServerKey, and the k=
  /// of vapid_header().
  std::string public_b64() const;

  /// The ES256 signature of `data` (ECDSA P-256 with SHA-256) as JWS writes it: r | s, 32 bytes
  /// each, big endian (RFC 7518 section 3.4). Throws std::runtime_error only when OpenSSL fails.
  std::string sign_es256(std::string_view data) const;

  struct pkey_deleter {
    void operator()(EVP_PKEY* key) const noexcept;
  };

 private:
  vapid_key(EVP_PKEY* key, std::string public_raw) : key_(key), public_raw_(std::move(public_raw)) {}
  std::unique_ptr<EVP_PKEY, pkey_deleter> key_;
  std::string public_raw_;  // read once: every push request sends it
};

/// The origin of `endpoint_url`, the "aud" of a VAPID token: scheme "://" host, and ":" port only
/// when the URL gives one; scheme and host lower-cased; any user info, path, query and fragment
/// left out. nullopt unless the URL is http:// or https:// with a host.
std::optional<std::string> endpoint_origin(std::string_view endpoint_url);

/// The value of the Authorization header of a push request to `endpoint_url` (RFC 8292 section 3):
/// "vapid t=<JWT>, k=<public_b64()>". The JWT's header is {"typ":"JWT","alg":"ES256"}, its claims
/// {"aud":"<endpoint_origin(endpoint_url)>","exp":expires_unix,"sub":"<subject>"}, signed with
/// `key` (sign_es256), each part base64url.
/// `subject`: how the push service's operator reaches ours, a "mailto:" or "https:" URI.
/// `expires_unix`: when the token expires, in seconds since 1970; push services refuse a token
/// more than 24 hours ahead, so pass e.g. now + 12 h (a token may be reused until shortly before
/// then). It is not checked here: the clock is the caller's.
/// Throws std::invalid_argument when endpoint_origin() refuses the URL or the subject is neither
/// mailto: nor https:.
std::string vapid_header(const vapid_key& key, std::string_view endpoint_url, std::string_view subject,
                         std::int64_t expires_unix);

}  // namespace loyang::server::notify::push
