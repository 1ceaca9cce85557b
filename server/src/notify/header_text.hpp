#pragma once
// Internal: a mail header's text in any language. A header is ASCII (RFC 5322); other text
// goes as RFC 2047 encoded words, "=?UTF-8?B?...?=", which every mail reader shows decoded.
#include <string>
#include <string_view>

namespace loyang::server::notify {

/// `text` (UTF-8, one line) as it may stand in a header: as it is when it is printable
/// ASCII; else as encoded words of at most 75 characters, each whole characters, folded onto
/// lines of their own ("\n " between them: the mail's lines end in CRLF when sent).
std::string header_text(std::string_view text);

}  // namespace loyang::server::notify
