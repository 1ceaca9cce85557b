#pragma once
// Internal to loyang_push: OpenSSL's objects owned by std::unique_ptr (freed on every path,
// the error paths included), and the text of OpenSSL's last error.
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/param_build.h>

#include <memory>
#include <string>
#include <string_view>

namespace loyang::server::notify::push::detail {

template <auto free_function>
struct openssl_deleter {
  template <typename T>
  void operator()(T* p) const noexcept {
    free_function(p);
  }
};

using pkey_ptr = std::unique_ptr<EVP_PKEY, openssl_deleter<EVP_PKEY_free>>;
using pkey_ctx_ptr = std::unique_ptr<EVP_PKEY_CTX, openssl_deleter<EVP_PKEY_CTX_free>>;
using md_ctx_ptr = std::unique_ptr<EVP_MD_CTX, openssl_deleter<EVP_MD_CTX_free>>;
using cipher_ctx_ptr = std::unique_ptr<EVP_CIPHER_CTX, openssl_deleter<EVP_CIPHER_CTX_free>>;
using kdf_ptr = std::unique_ptr<EVP_KDF, openssl_deleter<EVP_KDF_free>>;
using kdf_ctx_ptr = std::unique_ptr<EVP_KDF_CTX, openssl_deleter<EVP_KDF_CTX_free>>;
using bignum_ptr = std::unique_ptr<BIGNUM, openssl_deleter<BN_clear_free>>;  // may hold a private key
using ec_group_ptr = std::unique_ptr<EC_GROUP, openssl_deleter<EC_GROUP_free>>;
using ec_point_ptr = std::unique_ptr<EC_POINT, openssl_deleter<EC_POINT_free>>;
using param_bld_ptr = std::unique_ptr<OSSL_PARAM_BLD, openssl_deleter<OSSL_PARAM_BLD_free>>;
using params_ptr = std::unique_ptr<OSSL_PARAM, openssl_deleter<OSSL_PARAM_free>>;
using bio_ptr = std::unique_ptr<BIO, openssl_deleter<BIO_free_all>>;

/// "`what`: <OpenSSL's reason>", and the thread's OpenSSL error queue emptied: an error left
/// there would be taken by the next TLS call on this thread (libcurl's) as its own.
inline std::string openssl_error(std::string_view what) {
  std::string text(what);
  unsigned long last = 0;
  while (const unsigned long e = ERR_get_error()) last = e;
  if (last != 0) {
    char reason[256];
    ERR_error_string_n(last, reason, sizeof reason);
    text += ": ";
    text += reason;
  }
  return text;
}

/// OpenSSL's byte pointers over a std::string's or std::string_view's bytes.
inline const unsigned char* bytes(std::string_view s) { return reinterpret_cast<const unsigned char*>(s.data()); }

/// A P-256 key pair from its private scalar (32 bytes, big endian, in [1, n-1]); `point` gets
/// the public key, uncompressed. nullptr, with the reason in `error`, otherwise. (ece.cpp)
std::unique_ptr<EVP_PKEY, openssl_deleter<EVP_PKEY_free>> key_pair(std::string_view scalar, std::string& point,
                                                                    std::string& error);
inline unsigned char* bytes(std::string& s) { return reinterpret_cast<unsigned char*>(s.data()); }

}  // namespace loyang::server::notify::push::detail
