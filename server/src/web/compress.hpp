#pragma once
// Internal: the web client's files compressed once, when the server reads them, with Debian's
// zlib (gzip) and brotli, so that a first visit transfers a quarter of the bytes.
#include <string>
#include <string_view>

namespace loyang::server::web {

/// `data` as a gzip member (RFC 1952) at the best compression; empty if zlib fails.
std::string gzip(std::string_view data);

/// `data` compressed with brotli (RFC 7932) at its best quality; empty if the encoder fails.
std::string brotli(std::string_view data);

/// The content coding to answer with for the request's Accept-Encoding field value: "br" when
/// it accepts brotli and `have_br`, else "gzip" when it accepts gzip and `have_gzip`, else ""
/// (identity). A coding listed with q=0 is not accepted; "*" stands for the codings not named.
std::string_view choose_coding(std::string_view accept_encoding, bool have_br, bool have_gzip);

}  // namespace loyang::server::web
