#include "header_text.hpp"

#include <sodium.h>

#include <algorithm>

namespace loyang::server::notify {
namespace {

// An encoded word holds at most 75 characters: "=?UTF-8?B?" and "?=" leave 63 for base64,
// which is 45 bytes of text (60 characters).
constexpr std::size_t bytes_per_word = 45;

std::string base64(std::string_view bytes) {
  std::string out(sodium_base64_ENCODED_LEN(bytes.size(), sodium_base64_VARIANT_ORIGINAL), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(),
                    sodium_base64_VARIANT_ORIGINAL);
  out.resize(out.size() - 1);  // the terminating NUL
  return out;
}

}  // namespace

std::string header_text(std::string_view text) {
  const bool plain = std::all_of(text.begin(), text.end(), [](char c) { return c >= ' ' && c <= '~'; });
  if (plain) return std::string(text);
  std::string out;
  while (!text.empty()) {
    auto n = std::min(bytes_per_word, text.size());
    // Back to the start of a character: a continuation byte is 10xxxxxx.
    while (n < text.size() && n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
    if (n == 0) n = std::min(bytes_per_word, text.size());  // not UTF-8: cut anywhere
    if (!out.empty()) out += "\n ";
    out += "=?UTF-8?B?";
    out += base64(text.substr(0, n));
    out += "?=";
    text.remove_prefix(n);
  }
  return out;
}

}  // namespace loyang::server::notify
