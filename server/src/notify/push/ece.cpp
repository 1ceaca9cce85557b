// RFC 8291 section 3.4 with OpenSSL 3's EVP interfaces: an ECDH secret between a one-time
// sender key and the browser's key, mixed with the browser's auth secret into IKM, then the
// content key and nonce of RFC 8188 from IKM and a random salt, then AES-128-GCM over one
// record. Each step checks its input first, so a bad subscription gives a reason, not a body.
#include "ece.hpp"

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/obj_mac.h>
#include <openssl/rand.h>

#include "openssl_handles.hpp"

namespace loyang::server::notify::push {
namespace {

using namespace detail;
using namespace std::literals;

constexpr std::size_t point_size = 65;  // 0x04 | x (32) | y (32)
constexpr std::size_t auth_size = 16;
constexpr std::size_t salt_size = 16;
constexpr std::size_t scalar_size = 32;
constexpr std::size_t tag_size = 16;
constexpr char curve_name[] = "prime256v1";  // OpenSSL's name of P-256

// Key material, overwritten when it goes out of scope rather than left in freed memory.
struct secret {
  std::string bytes;
  secret() = default;
  secret(const secret&) = delete;
  secret& operator=(const secret&) = delete;
  ~secret() { OPENSSL_cleanse(bytes.data(), bytes.size()); }
};

// Refuses what no browser sends, before any OpenSSL call: sizes, and the uncompressed form.
bool check_subscription(const subscription_keys& keys, std::size_t plaintext_size, std::string& error) {
  if (keys.p256dh.size() != point_size || keys.p256dh[0] != 0x04) {
    error = "the subscription's p256dh is not an uncompressed P-256 point (65 bytes starting 0x04), it has " +
            std::to_string(keys.p256dh.size()) + " bytes";
    return false;
  }
  if (keys.auth.size() != auth_size) {
    error = "the subscription's auth secret has " + std::to_string(keys.auth.size()) + " bytes, not 16";
    return false;
  }
  if (plaintext_size > max_plaintext_size) {
    error = "the message has " + std::to_string(plaintext_size) + " bytes, more than the " +
            std::to_string(max_plaintext_size) + " one push message carries";
    return false;
  }
  return true;
}

// A key of the curve from OpenSSL parameters (`selection`: public key or key pair).
pkey_ptr key_from_params(OSSL_PARAM_BLD* bld, int selection, std::string& error) {
  const params_ptr params(OSSL_PARAM_BLD_to_param(bld));
  const pkey_ctx_ptr ctx(EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr));
  EVP_PKEY* key = nullptr;
  if (!params || !ctx || EVP_PKEY_fromdata_init(ctx.get()) <= 0 ||
      EVP_PKEY_fromdata(ctx.get(), &key, selection, params.get()) <= 0) {
    error = openssl_error("cannot make a P-256 key");
    return nullptr;
  }
  return pkey_ptr(key);
}

// The browser's public key, refused unless it is a point of P-256 (an invalid-curve point would
// leak bits of the shared secret, and no browser sends one).
pkey_ptr public_key(std::string_view point, std::string& error) {
  const param_bld_ptr bld(OSSL_PARAM_BLD_new());
  if (!bld || !OSSL_PARAM_BLD_push_utf8_string(bld.get(), OSSL_PKEY_PARAM_GROUP_NAME, curve_name, 0) ||
      !OSSL_PARAM_BLD_push_octet_string(bld.get(), OSSL_PKEY_PARAM_PUB_KEY, point.data(), point.size())) {
    error = openssl_error("cannot read the subscription's p256dh");
    return nullptr;
  }
  std::string ignored;
  auto key = key_from_params(bld.get(), EVP_PKEY_PUBLIC_KEY, ignored);
  const pkey_ctx_ptr check(key ? EVP_PKEY_CTX_new_from_pkey(nullptr, key.get(), nullptr) : nullptr);
  if (!check || EVP_PKEY_public_check(check.get()) != 1) {
    error = openssl_error("the subscription's p256dh is not a point of P-256");
    return nullptr;
  }
  return key;
}

// A fresh sender key pair; `point` gets its public key, uncompressed.
pkey_ptr fresh_key_pair(std::string& point, std::string& error) {
  pkey_ptr key(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", curve_name));
  point.assign(point_size, '\0');
  std::size_t size = 0;
  if (!key ||
      !EVP_PKEY_get_octet_string_param(key.get(), OSSL_PKEY_PARAM_PUB_KEY, bytes(point), point.size(), &size) ||
      size != point_size || point[0] != 0x04) {
    error = openssl_error("cannot make a sender key pair");
    return nullptr;
  }
  return key;
}

bool ecdh(EVP_PKEY* own, EVP_PKEY* peer, secret& shared, std::string& error) {
  const pkey_ctx_ptr ctx(EVP_PKEY_CTX_new_from_pkey(nullptr, own, nullptr));
  shared.bytes.assign(32, '\0');
  std::size_t size = shared.bytes.size();
  if (!ctx || EVP_PKEY_derive_init(ctx.get()) <= 0 || EVP_PKEY_derive_set_peer(ctx.get(), peer) <= 0 ||
      EVP_PKEY_derive(ctx.get(), bytes(shared.bytes), &size) <= 0 || size != 32) {
    error = openssl_error("ECDH with the subscription's key failed");
    return false;
  }
  return true;
}

// HKDF-SHA-256 (RFC 5869), extract then expand, `size` bytes into `out`.
bool hkdf(std::string_view salt, std::string_view ikm, std::string_view info, std::size_t size, std::string& out,
          std::string& error) {
  const kdf_ptr kdf(EVP_KDF_fetch(nullptr, "HKDF", nullptr));
  const kdf_ctx_ptr ctx(kdf ? EVP_KDF_CTX_new(kdf.get()) : nullptr);
  // OSSL_PARAM's pointers are not const; OpenSSL only reads these.
  const OSSL_PARAM params[] = {
      OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, const_cast<char*>("SHA256"), 0),
      OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, const_cast<char*>(ikm.data()), ikm.size()),
      OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, const_cast<char*>(salt.data()), salt.size()),
      OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, const_cast<char*>(info.data()), info.size()),
      OSSL_PARAM_construct_end()};
  out.assign(size, '\0');
  if (!ctx || EVP_KDF_derive(ctx.get(), bytes(out), out.size(), params) <= 0) {
    error = openssl_error("HKDF failed");
    return false;
  }
  return true;
}

// AES-128-GCM of `record` under `key` and `nonce` (no associated data), the tag appended to `out`.
bool seal(std::string_view key, std::string_view nonce, std::string_view record, std::string& out,
          std::string& error) {
  const cipher_ctx_ptr ctx(EVP_CIPHER_CTX_new());
  const std::size_t start = out.size();
  out.resize(start + record.size() + tag_size);
  auto* const at = bytes(out) + start;
  int written = 0;
  int final_written = 0;
  if (!ctx || !EVP_EncryptInit_ex2(ctx.get(), EVP_aes_128_gcm(), bytes(key), bytes(nonce), nullptr) ||
      !EVP_EncryptUpdate(ctx.get(), at, &written, bytes(record), static_cast<int>(record.size())) ||
      !EVP_EncryptFinal_ex(ctx.get(), at + written, &final_written) ||
      static_cast<std::size_t>(written + final_written) != record.size() ||
      !EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_GET_TAG, static_cast<int>(tag_size), at + record.size())) {
    error = openssl_error("AES-128-GCM failed");
    return false;
  }
  return true;
}

std::optional<std::string> encrypt_from(const subscription_keys& keys, std::string_view plaintext,
                                        EVP_PKEY* sender, std::string_view sender_point, std::string_view salt,
                                        std::string& error) {
  const auto browser = public_key(keys.p256dh, error);
  if (!browser) return std::nullopt;
  secret shared;
  if (!ecdh(sender, browser.get(), shared, error)) return std::nullopt;

  // RFC 8291 section 3.3: IKM binds the shared secret to the auth secret and both public keys.
  std::string key_info = "WebPush: info\0"s;
  key_info += keys.p256dh;
  key_info += sender_point;
  secret ikm;
  if (!hkdf(keys.auth, shared.bytes, key_info, 32, ikm.bytes, error)) return std::nullopt;

  // RFC 8188 section 2.2 and 2.3: the content key and the nonce (record 0: used as it is).
  secret cek;
  std::string nonce;
  if (!hkdf(salt, ikm.bytes, "Content-Encoding: aes128gcm\0"sv, 16, cek.bytes, error) ||
      !hkdf(salt, ikm.bytes, "Content-Encoding: nonce\0"sv, 12, nonce, error)) {
    return std::nullopt;
  }

  std::string body;
  body.reserve(header_size + plaintext.size() + 1 + tag_size);
  body += salt;
  for (const int shift : {24, 16, 8, 0}) body += static_cast<char>(record_size >> shift & 0xFF);
  body += static_cast<char>(point_size);
  body += sender_point;
  // The last (and only) record ends with the delimiter 0x02 and no padding after it.
  secret record;
  record.bytes.reserve(plaintext.size() + 1);
  record.bytes += plaintext;
  record.bytes += '\x02';
  if (!seal(cek.bytes, nonce, record.bytes, body, error)) return std::nullopt;
  return body;
}

}  // namespace

std::optional<std::string> encrypt(const subscription_keys& keys, std::string_view plaintext, std::string& error) {
  if (!check_subscription(keys, plaintext.size(), error)) return std::nullopt;
  std::string salt(salt_size, '\0');
  if (RAND_bytes(bytes(salt), static_cast<int>(salt.size())) != 1) {
    error = openssl_error("no random salt");
    return std::nullopt;
  }
  std::string point;
  const auto sender = fresh_key_pair(point, error);
  if (!sender) return std::nullopt;
  return encrypt_from(keys, plaintext, sender.get(), point, salt, error);
}

std::optional<std::string> encrypt_with(const subscription_keys& keys, std::string_view plaintext,
                                        std::string_view sender_private_raw32, std::string_view salt16,
                                        std::string& error) {
  if (!check_subscription(keys, plaintext.size(), error)) return std::nullopt;
  if (salt16.size() != salt_size) {
    error = "the salt has " + std::to_string(salt16.size()) + " bytes, not 16";
    return std::nullopt;
  }
  std::string point;
  const auto sender = key_pair(sender_private_raw32, point, error);
  if (!sender) return std::nullopt;
  return encrypt_from(keys, plaintext, sender.get(), point, salt16, error);
}

namespace detail {

pkey_ptr key_pair(std::string_view scalar, std::string& point, std::string& error) {
  if (scalar.size() != scalar_size) {
    error = "the private key has " + std::to_string(scalar.size()) + " bytes, not 32";
    return nullptr;
  }
  const ec_group_ptr group(EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1));
  const bignum_ptr d(BN_bin2bn(bytes(scalar), static_cast<int>(scalar.size()), nullptr));
  if (!group || !d) {
    error = openssl_error("cannot read the private key");
    return nullptr;
  }
  if (BN_is_zero(d.get()) || BN_cmp(d.get(), EC_GROUP_get0_order(group.get())) >= 0) {
    error = "the private key is not in [1, n-1] for P-256";
    return nullptr;
  }
  // OpenSSL 3.0 does not derive the public half of an imported private key: Q = d * G here.
  const ec_point_ptr q(EC_POINT_new(group.get()));
  point.assign(point_size, '\0');
  if (!q || !EC_POINT_mul(group.get(), q.get(), d.get(), nullptr, nullptr, nullptr) ||
      EC_POINT_point2oct(group.get(), q.get(), POINT_CONVERSION_UNCOMPRESSED, bytes(point), point.size(), nullptr) !=
          point_size) {
    error = openssl_error("cannot compute the public key");
    return nullptr;
  }
  const param_bld_ptr bld(OSSL_PARAM_BLD_new());
  if (!bld || !OSSL_PARAM_BLD_push_utf8_string(bld.get(), OSSL_PKEY_PARAM_GROUP_NAME, curve_name, 0) ||
      !OSSL_PARAM_BLD_push_BN(bld.get(), OSSL_PKEY_PARAM_PRIV_KEY, d.get()) ||
      !OSSL_PARAM_BLD_push_octet_string(bld.get(), OSSL_PKEY_PARAM_PUB_KEY, point.data(), point.size())) {
    error = openssl_error("cannot make the key");
    return nullptr;
  }
  return key_from_params(bld.get(), EVP_PKEY_KEYPAIR, error);
}

}  // namespace detail

}  // namespace loyang::server::notify::push
