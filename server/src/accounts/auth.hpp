#pragma once
// Internal: passwords and bearer tokens, through libsodium.
#include <string>
#include <string_view>

namespace loyang::server {

/// How much work a password hash costs. `interactive` is libsodium's recommendation for
/// logins; `minimal` exists for tests and load tools that create thousands of accounts.
enum class password_cost { interactive, minimal };

/// Initialises libsodium; call once before anything else here. Throws std::runtime_error.
void init_crypto();

/// An argon2id hash of `password` in libsodium's self-describing string format (salt and
/// parameters included). Throws std::runtime_error when out of memory.
std::string hash_password(std::string_view password, password_cost cost);

/// Whether `password` matches a hash_password() string.
bool verify_password(std::string_view password, const std::string& hash);

/// A new random bearer token: 32 random bytes as 64 hex digits.
std::string new_token();

/// What is stored of a token: its BLAKE2b hash as hex. Tokens are random, so no salt is needed.
std::string token_hash(std::string_view token);

}  // namespace loyang::server
