#pragma once
// base64url (RFC 4648 section 5), the encoding of every binary value in Web Push: the
// subscription's keys, the VAPID public key and the parts of the VAPID token.
#include <optional>
#include <string>
#include <string_view>

namespace loyang::server::notify::push {

/// `bytes` (any) in base64url without padding: "-" and "_" for "+" and "/", no "=".
std::string base64url_encode(std::string_view bytes);

/// The bytes `text` encodes, with or without its "=" padding (if padded, then to a multiple of
/// 4 characters). nullopt for any other character (whitespace, "+" or "/" of plain base64
/// included), a length no encoding has (4n+1), or unused low bits that are not zero (a
/// non-canonical encoding, which no honest encoder writes).
std::optional<std::string> base64url_decode(std::string_view text);

}  // namespace loyang::server::notify::push
