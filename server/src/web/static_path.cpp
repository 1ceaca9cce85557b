#include "static_path.hpp"

#include <algorithm>
#include <string>
#include <system_error>

namespace loyang::server {
namespace {

constexpr std::size_t max_target = 4096;
constexpr std::size_t max_segment = 255;  // NAME_MAX

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool is_control(unsigned char c) { return c < 0x20 || c == 0x7f; }

/// Whether `text` is well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing
/// above U+10FFFF).
bool valid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    std::size_t length = 0;
    unsigned char low = 0x80;
    unsigned char high = 0xbf;  // the allowed range of the second byte
    if (c < 0x80) {
      ++i;
      continue;
    }
    if (c >= 0xc2 && c <= 0xdf) {
      length = 2;
    } else if (c >= 0xe0 && c <= 0xef) {
      length = 3;
      if (c == 0xe0) low = 0xa0;  // overlong
      if (c == 0xed) high = 0x9f;  // surrogates
    } else if (c >= 0xf0 && c <= 0xf4) {
      length = 4;
      if (c == 0xf0) low = 0x90;  // overlong
      if (c == 0xf4) high = 0x8f;  // above U+10FFFF
    } else {
      return false;  // continuation byte, overlong lead (c0, c1) or f5..ff
    }
    if (text.size() - i < length) return false;
    for (std::size_t k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if (next < (k == 1 ? low : 0x80) || next > (k == 1 ? high : 0xbf)) return false;
    }
    i += length;
  }
  return true;
}

/// One raw segment (between slashes), decoded; nullopt when it is not a safe file name.
std::optional<std::string> decode_segment(std::string_view raw) {
  std::string name;
  name.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    const auto c = static_cast<unsigned char>(raw[i]);
    if (is_control(c) || c >= 0x80 || c == '\\') return std::nullopt;
    if (c != '%') {
      name += static_cast<char>(c);
      continue;
    }
    if (raw.size() - i < 3) return std::nullopt;
    const int high = hex_value(raw[i + 1]);
    const int low = hex_value(raw[i + 2]);
    if (high < 0 || low < 0) return std::nullopt;
    const auto decoded = static_cast<unsigned char>(high * 16 + low);
    if (is_control(decoded) || decoded == '/' || decoded == '\\' || decoded == '%') {
      return std::nullopt;
    }
    name += static_cast<char>(decoded);
    i += 2;
  }
  if (name.empty() || name.front() == '.' || name.size() > max_segment || !valid_utf8(name)) {
    return std::nullopt;
  }
  return name;
}

/// Whether `inner` lies strictly below `outer`; both are canonical.
bool is_inside(const std::filesystem::path& outer, const std::filesystem::path& inner) {
  auto [o, i] = std::mismatch(outer.begin(), outer.end(), inner.begin(), inner.end());
  return o == outer.end() && i != inner.end();
}

std::optional<std::filesystem::path> resolve(const std::filesystem::path& web_root,
                                             std::string_view target_path) {
  if (target_path.empty() || target_path.front() != '/' || target_path.size() > max_target) {
    return std::nullopt;
  }
  std::filesystem::path relative;
  std::string_view rest = target_path.substr(1);
  while (!rest.empty()) {
    const auto slash = rest.find('/');
    const auto name = decode_segment(rest.substr(0, slash));  // an empty segment is refused
    if (!name) return std::nullopt;
    relative /= *name;
    if (slash == std::string_view::npos) break;
    rest.remove_prefix(slash + 1);
  }
  if (target_path.back() == '/') relative /= "index.html";

  std::error_code ec;
  const auto root = std::filesystem::canonical(web_root, ec);
  if (ec) return std::nullopt;
  auto file = std::filesystem::canonical(root / relative, ec);
  if (ec || !is_inside(root, file)) return std::nullopt;
  if (!std::filesystem::is_regular_file(file, ec) || ec) return std::nullopt;
  return file;
}

}  // namespace

std::optional<std::filesystem::path> resolve_static_path(const std::filesystem::path& web_root,
                                                         std::string_view target_path) noexcept {
  try {
    return resolve(web_root, target_path);
  } catch (...) {
    return std::nullopt;  // only allocation can throw here
  }
}

}  // namespace loyang::server
