#pragma once
// The encryption of a Web Push message (RFC 8291, the "aes128gcm" content coding of RFC 8188):
// only the browser that made the subscription can read it, and it can tell a changed message.
// The body it makes is what a push service takes, with "Content-Encoding: aes128gcm".
//
//   push::subscription_keys keys{*push::base64url_decode(p256dh_b64), *push::base64url_decode(auth_b64)};
//   std::string error;
//   if (auto body = push::encrypt(keys, R"({"title":"Your move"})", error)) post(endpoint, *body);
//   else log(error);
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace loyang::server::notify::push {

/// A subscription's keys as the browser gives them (PushSubscription.getKey(), or the "keys" of
/// its toJSON() base64url-decoded), raw bytes.
struct subscription_keys {
  std::string p256dh;  ///< the browser's P-256 public key: an uncompressed point, 65 bytes (0x04 | x | y)
  std::string auth;    ///< the authentication secret, 16 bytes
};

/// The record size written in the header ("rs"). A message is one record.
inline constexpr std::uint32_t record_size = 4096;
/// The bytes of the header before the ciphertext: salt (16), rs (4), idlen (1), keyid (65).
inline constexpr std::size_t header_size = 86;
/// The longest plaintext encrypt() takes: 4096 - 86 (header) - 1 (padding delimiter) - 16 (tag),
/// so that the whole body is at most 4096 bytes, the size every push service must accept
/// (RFC 8291 section 4; RFC 8030 section 7.2).
inline constexpr std::size_t max_plaintext_size = 3993;

/// The body of a push message that carries `plaintext` (any bytes, at most max_plaintext_size)
/// to the subscription `keys`: salt (16) | rs (4, big endian: 4096) | idlen (1: 65) | the
/// sender's public key (65) | one record, AES-128-GCM of plaintext | 0x02, with its 16-byte tag.
/// A fresh random salt and a fresh sender key pair each call (RFC 8291 section 3.4).
/// nullopt, with the reason in `error`, when the p256dh is not 65 bytes, or not an uncompressed
/// point on P-256, when the auth is not 16 bytes, when the plaintext is too long, or (not seen in
/// practice) when OpenSSL fails. Thread-safe.
std::optional<std::string> encrypt(const subscription_keys& keys, std::string_view plaintext, std::string& error);

/// encrypt() with the sender's private key (a P-256 scalar, 32 bytes big endian) and the salt
/// (16 bytes) given instead of drawn: the same output for the same input, for the tests against
/// RFC 8291's worked example (Appendix A). Never send two messages with one salt and key.
/// Besides encrypt()'s errors: nullopt when the private key is not 32 bytes or not in [1, n-1],
/// or the salt is not 16 bytes.
std::optional<std::string> encrypt_with(const subscription_keys& keys, std::string_view plaintext,
                                        std::string_view sender_private_raw32, std::string_view salt16,
                                        std::string& error);

}  // namespace loyang::server::notify::push
