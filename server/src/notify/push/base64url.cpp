// base64url by hand: three bytes to four characters of "A-Za-z0-9-_", and back, refusing
// anything else (libcrypto's EVP_EncodeBlock knows only plain base64, with padding).
#include "base64url.hpp"

#include <array>
#include <cstdint>

namespace loyang::server::notify::push {
namespace {

constexpr std::string_view alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// Each character's 6-bit value; -1 for a character outside the alphabet.
constexpr std::array<std::int8_t, 256> decoding_table() {
  std::array<std::int8_t, 256> table{};
  for (auto& v : table) v = -1;
  for (std::size_t i = 0; i < alphabet.size(); ++i) {
    table[static_cast<unsigned char>(alphabet[i])] = static_cast<std::int8_t>(i);
  }
  return table;
}
constexpr auto values = decoding_table();

}  // namespace

std::string base64url_encode(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() * 4 + 2) / 3);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const std::uint32_t n = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) << 16 |
                            static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8 |
                            static_cast<unsigned char>(bytes[i + 2]);
    out += alphabet[n >> 18 & 63];
    out += alphabet[n >> 12 & 63];
    out += alphabet[n >> 6 & 63];
    out += alphabet[n & 63];
  }
  const std::size_t rest = bytes.size() - i;
  if (rest > 0) {
    std::uint32_t n = static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i])) << 16;
    if (rest == 2) n |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8;
    out += alphabet[n >> 18 & 63];
    out += alphabet[n >> 12 & 63];
    if (rest == 2) out += alphabet[n >> 6 & 63];
  }
  return out;
}

std::optional<std::string> base64url_decode(std::string_view text) {
  if (!text.empty() && text.back() == '=') {
    // Padded: a whole number of 4-character groups, and at most two "=".
    if (text.size() % 4 != 0) return std::nullopt;
    text.remove_suffix(1);
    if (!text.empty() && text.back() == '=') text.remove_suffix(1);
  }
  if (text.size() % 4 == 1) return std::nullopt;  // 6 bits: not even one byte
  std::string out;
  out.reserve(text.size() * 3 / 4);
  std::uint32_t bits = 0;
  int count = 0;
  for (const char c : text) {
    const int v = values[static_cast<unsigned char>(c)];
    if (v < 0) return std::nullopt;
    bits = (bits << 6 | static_cast<std::uint32_t>(v)) & 0xFFF;  // at most 12 bits pending
    count += 6;
    if (count >= 8) {
      count -= 8;
      out += static_cast<char>(bits >> count & 0xFF);
    }
  }
  // What is left (2 or 4 bits) pads the last character: zero in a canonical encoding.
  if ((bits & ((1U << count) - 1)) != 0) return std::nullopt;
  return out;
}

}  // namespace loyang::server::notify::push
