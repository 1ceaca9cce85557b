#include "static_files.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <string>
#include <system_error>
#include <utility>

#include "../core/http_validators.hpp"
#include "loyang/protocol/error_envelope.hpp"
#include "static_path.hpp"
#include "compress.hpp"

namespace loyang::server {
namespace {

bool iequals_suffix(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && beast::iequals(text.substr(text.size() - suffix.size()), suffix);
}

/// Whether `file` (canonical) lies in the server's data directory: never served, even when an
/// operator puts the data directory inside the web root.
bool inside_data_dir(const std::filesystem::path& data_dir, const std::filesystem::path& file) {
  if (data_dir.empty()) return false;
  std::error_code ec;
  const auto dir = std::filesystem::weakly_canonical(data_dir, ec);
  if (ec) return true;  // cannot tell: refuse
  const auto [d, f] = std::mismatch(dir.begin(), dir.end(), file.begin(), file.end());
  return d == dir.end();
}

}  // namespace

std::string_view mime_type(std::string_view path) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 18> types{{
      {".html", "text/html; charset=utf-8"},
      {".htm", "text/html; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".json", "application/json"},
      {".webmanifest", "application/manifest+json"},
      {".txt", "text/plain; charset=utf-8"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".jpg", "image/jpeg"},
      {".jpeg", "image/jpeg"},
      {".gif", "image/gif"},
      {".webp", "image/webp"},
      {".ico", "image/vnd.microsoft.icon"},
      {".woff2", "font/woff2"},
      {".woff", "font/woff"},
      {".wasm", "application/wasm"},
  }};
  for (const auto& [extension, type] : types) {
    if (iequals_suffix(path, extension)) return type;
  }
  return "application/octet-stream";
}

namespace {

/// A file from the disk, as it is there: too large for the catalog to hold.
answer serve_from_disk(const std::filesystem::path& file, std::string_view path,
                                        const request& req) {
  auto not_found = [&] {
    return error_response(req, http::status::not_found, protocol::error_code::not_found,
                          "no such resource: " + std::string(path));
  };
  beast::error_code ec;
  http::file_body::value_type body;
  body.open(file.c_str(), beast::file_mode::scan, ec);
  if (ec == beast::errc::no_such_file_or_directory) return not_found();
  struct stat info {};
  if (ec || ::fstat(body.file().native_handle(), &info) != 0 || !S_ISREG(info.st_mode)) {
    return error_response(req, http::status::internal_server_error, protocol::error_code::internal,
                          "cannot read " + std::string(path));
  }
  // The validators of the bytes about to be sent: from the open file, not from the path.
  const auto validators = validators_of(
      static_cast<std::uintmax_t>(info.st_size),
      std::chrono::sys_time<std::chrono::nanoseconds>(std::chrono::seconds(info.st_mtim.tv_sec) +
                                                      std::chrono::nanoseconds(info.st_mtim.tv_nsec)));
  auto set_headers = [&](http::response_header<>& header) {
    set_common_headers(header);
    header.set(http::field::cache_control, "no-cache");  // revalidate each time (cheap: 304)
    header.set(http::field::etag, validators.etag);
    header.set(http::field::last_modified, http_date(validators.last_modified));
  };

  if (not_modified(req, validators)) {
    http::response<http::empty_body> res{http::status::not_modified, req.version()};
    set_headers(res.base());
    res.keep_alive(req.keep_alive());
    return res;
  }
  const auto size = body.size();
  if (req.method() == http::verb::head) {
    http::response<http::empty_body> res{http::status::ok, req.version()};
    set_headers(res.base());
    res.set(http::field::content_type, mime_type(file.native()));
    res.content_length(size);
    res.keep_alive(req.keep_alive());
    return res;
  }
  http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(body)),
                                      std::make_tuple(http::status::ok, req.version())};
  set_headers(res.base());
  res.set(http::field::content_type, mime_type(file.native()));
  res.content_length(size);
  res.keep_alive(req.keep_alive());
  return res;
}

/// A file as the catalog holds it, in the coding the client prefers.
answer serve_asset(const web::asset& a, std::string_view query, const request& req) {
  const auto coding = a.compressible ? web::choose_coding(req[http::field::accept_encoding], !a.brotli.empty(),
                                                          !a.gzip.empty())
                                     : std::string_view();
  const std::string& bytes = coding == "br" ? a.brotli : coding == "gzip" ? a.gzip : a.body;
  // Each coding its own strong tag: the bytes differ.
  file_validators validators{"\"" + a.version + (coding.empty() ? "" : "-" + std::string(coding)) + "\"",
                             a.last_modified};
  // The URL names this very content: the browser may keep it and never ask again.
  const bool named = query == "v=" + a.version;
  auto set_headers = [&](http::response_header<>& header) {
    set_common_headers(header);
    header.set(http::field::cache_control, named ? "public, max-age=31536000, immutable" : "no-cache");
    header.set(http::field::etag, validators.etag);
    header.set(http::field::last_modified, http_date(validators.last_modified));
    if (!a.gzip.empty() || !a.brotli.empty()) header.set(http::field::vary, "Accept-Encoding");
  };
  if (not_modified(req, validators)) {
    http::response<http::empty_body> res{http::status::not_modified, req.version()};
    set_headers(res.base());
    res.keep_alive(req.keep_alive());
    return res;
  }
  http::response<http::string_body> res{http::status::ok, req.version()};
  set_headers(res.base());
  res.set(http::field::content_type, a.content_type);
  if (!coding.empty()) res.set(http::field::content_encoding, coding);
  res.keep_alive(req.keep_alive());
  if (req.method() == http::verb::head) {
    res.content_length(bytes.size());
    return res;
  }
  res.body() = bytes;
  res.prepare_payload();
  return res;
}

}  // namespace

answer serve_file(web::web_assets& assets, const std::filesystem::path& web_root,
                                   const std::filesystem::path& data_dir, std::string_view path,
                                   std::string_view query, const request& req) {
  // One answer for every refusal, so that a probe learns nothing about files outside.
  auto not_found = [&] {
    return error_response(req, http::status::not_found, protocol::error_code::not_found,
                          "no such resource: " + std::string(path));
  };
  const bool page = path.ends_with("/") || path.ends_with(".html");
  const auto file = resolve_static_path(web_root, path);
  if (!file) {
    // A file the catalog made (the linked modules, the merged sheets): nothing on disk.
    const auto catalog = assets.current({}, false);
    const auto* made = path.size() > 1 ? catalog->find(path.substr(1)) : nullptr;
    if (made && !made->modified) return serve_asset(*made, query, req);
    return not_found();
  }
  if (inside_data_dir(data_dir, *file)) return not_found();
  std::error_code ec;
  const auto rel = file->lexically_relative(std::filesystem::canonical(web_root, ec)).generic_string();
  const auto catalog = assets.current(rel, page);
  if (const auto* a = catalog->find(rel)) return serve_asset(*a, query, req);
  return serve_from_disk(*file, path, req);
}

}  // namespace loyang::server
