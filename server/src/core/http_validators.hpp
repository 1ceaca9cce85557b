#pragma once
// Internal: HTTP validators for static files (RFC 9110 section 8.8 and 13): ETag and
// Last-Modified, and whether a conditional GET may be answered 304 Not Modified.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "responses.hpp"

namespace loyang::server {

/// The validators of one version of a file.
struct file_validators {
  /// A weak entity tag, W/"<size>-<mtime seconds>-<mtime nanoseconds>" in hex: weak because
  /// it comes from the file's metadata, not from its bytes.
  std::string etag;
  /// The modification time, whole seconds (an HTTP-date has no finer resolution).
  std::chrono::sys_seconds last_modified;
};

/// The validators of a file of `size` bytes last modified at `modified`.
file_validators validators_of(std::uintmax_t size, std::chrono::sys_time<std::chrono::nanoseconds> modified);

/// `time` as an IMF-fixdate, e.g. "Sun, 06 Nov 1994 08:49:37 GMT".
std::string http_date(std::chrono::sys_seconds time);

/// An IMF-fixdate read back; nullopt for anything else (the obsolete RFC 850 and asctime
/// forms are not read: browsers send back the Last-Modified they were given).
std::optional<std::chrono::sys_seconds> parse_http_date(std::string_view text);

/// Whether the If-None-Match field value `field` (a list of entity tags, or "*") matches
/// `etag` by weak comparison.
bool etag_matches(std::string_view field, std::string_view etag);

/// Whether a GET or HEAD of the file `v` describes can be answered 304: If-None-Match when
/// the request has it (If-Modified-Since is then ignored, RFC 9110 13.2.2), otherwise an
/// If-Modified-Since that is a valid date not earlier than the file's modification.
bool not_modified(const request& req, const file_validators& v);

}  // namespace loyang::server
