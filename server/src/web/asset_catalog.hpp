#pragma once
// Internal: the web client's files as the server serves them, read once and kept in memory:
// compressed (gzip, brotli), named by their content (a version in each URL that refers to
// them, so that a browser may keep them for a year), the ES modules linked into one script and
// the style sheets into one, the small images of the style sheets inlined. The page itself
// (index.html) is revalidated on every visit, and names everything else by version: a
// returning visitor asks for the page and nothing more.
//
// The files on disk stay the truth: a catalog notices when one changed and is read again
// (web_assets below), so that editing web/ during development needs no restart.
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace loyang::server::web {

/// One file as served.
struct asset {
  std::string content_type;
  std::string body;    ///< identity, after rewriting (versioned references, inlined images)
  std::string gzip;    ///< empty when not worth it
  std::string brotli;  ///< empty when not worth it
  /// Hex digest of the body: what URLs referring to the file carry (?v=) and its ETag. The
  /// references in the body carry their own targets' versions, so a changed image gives its
  /// sheet, and the sheet its page, a new one.
  std::string version;
  std::chrono::sys_seconds last_modified{};  ///< the file's, or when the catalog was made
  /// The file on disk this came from, to notice a change; unset for the linked script and sheet.
  std::optional<std::filesystem::file_time_type> modified;
  std::uintmax_t size_on_disk = 0;
  bool compressible = false;
};

/// Files read from a web root. Immutable once built; shared between threads.
class asset_catalog {
 public:
  /// Reads every regular file under `web_root` (not hidden, not inside `data_dir`, at most
  /// max_file_bytes each and max_total_bytes in all; larger ones are left to the disk).
  /// Never throws: a file that cannot be read is left out (served from disk, or 404).
  static std::shared_ptr<const asset_catalog> build(const std::filesystem::path& web_root,
                                                    const std::filesystem::path& data_dir);

  /// The file at `rel` (relative to the root, '/'-separated, e.g. "js/main.js"), or nullptr.
  const asset* find(std::string_view rel) const;

  /// Whether every file read still has the size and time it had.
  bool unchanged_on_disk() const;

  /// Whether the file at `rel` still has the size and time it had (true for linked files).
  bool unchanged_on_disk(std::string_view rel) const;

  /// One line for the log: files, bytes, and whether the modules were linked (or why not).
  const std::string& summary() const noexcept { return summary_; }

  /// The linker's complaint when the modules could not be linked; empty otherwise.
  const std::string& link_error() const noexcept { return link_error_; }

  static constexpr std::uintmax_t max_file_bytes = 8u << 20;
  static constexpr std::uintmax_t max_total_bytes = 64u << 20;
  /// Images up to this size referred to by a style sheet are written into it (data: URLs).
  static constexpr std::size_t max_inline_bytes = 4096;

 private:
  using stamp = std::pair<std::uintmax_t, std::filesystem::file_time_type>;
  std::filesystem::path root_;
  std::filesystem::path data_dir_;
  std::map<std::string, asset, std::less<>> files_;
  std::map<std::string, stamp, std::less<>> stamps_;  // every file seen, read or not
  std::string summary_;
  std::string link_error_;
};

/// The catalog of one web root, read on first use and again when a file changed.
class web_assets {
 public:
  web_assets(std::filesystem::path web_root, std::filesystem::path data_dir);

  /// The current catalog. `page`: a page is being loaded, so every file is checked against
  /// the disk (at most once a second) rather than only `rel`.
  std::shared_ptr<const asset_catalog> current(std::string_view rel, bool page);

 private:
  std::filesystem::path root_;
  std::filesystem::path data_dir_;
  std::mutex mutex_;
  std::shared_ptr<const asset_catalog> catalog_;
  std::chrono::steady_clock::time_point checked_{};
};

}  // namespace loyang::server::web
