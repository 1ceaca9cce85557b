#include "web/compress.hpp"

#include <brotli/encode.h>
#include <zlib.h>

#include <boost/beast/core/string.hpp>

#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <optional>

namespace loyang::server::web {

std::string gzip(std::string_view data) {
  z_stream z{};
  // 15 window bits, +16: a gzip header and trailer instead of zlib's.
  if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK) return {};
  std::string out(deflateBound(&z, static_cast<uLong>(data.size())) + 32, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int status = deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return status == Z_STREAM_END ? out : std::string();
}

std::string brotli(std::string_view data) {
  std::size_t size = BrotliEncoderMaxCompressedSize(data.size());
  if (size == 0) return {};
  std::string out(size, '\0');
  if (!BrotliEncoderCompress(BROTLI_MAX_QUALITY, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, data.size(),
                             reinterpret_cast<const std::uint8_t*>(data.data()), &size,
                             reinterpret_cast<std::uint8_t*>(out.data()))) {
    return {};
  }
  out.resize(size);
  return out;
}

std::string_view choose_coding(std::string_view field, bool have_br, bool have_gzip) {
  bool br = false;
  bool gz = false;
  bool named_br = false;  // named on its own: "*" does not override it
  bool named_gz = false;
  std::optional<bool> any;
  while (!field.empty()) {
    const auto comma = field.find(',');
    auto item = field.substr(0, comma);
    field = comma == std::string_view::npos ? std::string_view() : field.substr(comma + 1);
    const auto semi = item.find(';');
    auto name = item.substr(0, semi);
    while (!name.empty() && std::isspace(static_cast<unsigned char>(name.front()))) name.remove_prefix(1);
    while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back()))) name.remove_suffix(1);
    bool accepted = true;
    if (semi != std::string_view::npos) {
      auto params = item.substr(semi + 1);
      const auto q = params.find("q=");
      if (q != std::string_view::npos) {
        const std::string value(params.substr(q + 2));
        accepted = std::strtod(value.c_str(), nullptr) > 0.0;
      }
    }
    auto is = [&](std::string_view want) { return boost::beast::iequals(name, want); };
    if (is("br")) {
      br = accepted;
      named_br = true;
    }
    if (is("gzip") || is("x-gzip")) {
      gz = accepted;
      named_gz = true;
    }
    if (is("*")) any = accepted;
  }
  if (any && !named_br) br = *any;
  if (any && !named_gz) gz = *any;
  if (br && have_br) return "br";
  if (gz && have_gzip) return "gzip";
  return "";
}

}  // namespace loyang::server::web
