#pragma once
// Internal: mapping a request path to a file inside the web root, safely. Pure apart from
// reading the file system; the fuzz target tests/fuzz drives it directly.
#include <filesystem>
#include <optional>
#include <string_view>

namespace loyang::server {

/// The regular file that `target_path` (a request target without its query string, e.g.
/// "/js/app.js") names inside `web_root`, as a canonical path (symlinks resolved); "/" and
/// any path ending in '/' name that directory's index.html.
///
/// The path is percent-decoded exactly once, segment by segment. nullopt (the caller answers
/// 404) for anything that is not plainly a file under the root:
///   - a target that does not start with '/', or is longer than 4096 bytes;
///   - raw backslashes, control bytes (0x00-0x1f, 0x7f) or bytes >= 0x80 (a browser sends
///     non-ASCII percent-encoded);
///   - empty segments ("//", which would make the rest an absolute path);
///   - a '%' not followed by two hex digits, or one decoding to '/', '\', '%', a control
///     byte, or bytes that are not valid UTF-8 (overlong forms such as %c0%ae, surrogates);
///     a decoded '%' is refused so that a double encoding such as %252e never names a file;
///   - any segment that starts with '.' after decoding ('.', '..', '.git', '.%2e', ...):
///     hidden files are never served;
///   - a segment longer than 255 bytes;
///   - a root that does not exist, a file that does not exist or is not a regular file, and
///     a file whose canonical path (after following every symlink) is not inside the
///     canonical root.
/// Never throws (file system errors are nullopt).
std::optional<std::filesystem::path> resolve_static_path(const std::filesystem::path& web_root,
                                                         std::string_view target_path) noexcept;

}  // namespace loyang::server
