#include "static_files.hpp"

#include <array>
#include <string>
#include <utility>

#include "loyang/protocol/error_envelope.hpp"

namespace loyang::server {
namespace {

bool iequals_suffix(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && beast::iequals(text.substr(text.size() - suffix.size()), suffix);
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

http::message_generator serve_file(const std::filesystem::path& web_root, std::string_view path,
                                   const request& req) {
  // Targets are used as relative paths under the root: refuse anything that could climb
  // out of it or that is not an absolute path.
  if (path.empty() || path.front() != '/' || path.find("..") != std::string_view::npos ||
      path.find('\0') != std::string_view::npos) {
    return error_response(req, http::status::bad_request, protocol::error_code::bad_request,
                          "illegal request target");
  }
  std::string file = (web_root / std::filesystem::path(path.substr(1))).string();
  if (path.back() == '/') file += "index.html";

  auto not_found = [&] {
    return error_response(req, http::status::not_found, protocol::error_code::not_found,
                          "no such resource: " + std::string(path));
  };
  std::error_code fs_ec;
  if (!std::filesystem::is_regular_file(file, fs_ec)) return not_found();

  beast::error_code ec;
  http::file_body::value_type body;
  body.open(file.c_str(), beast::file_mode::scan, ec);
  if (ec == beast::errc::no_such_file_or_directory) return not_found();
  if (ec) {
    return error_response(req, http::status::internal_server_error, protocol::error_code::internal,
                          "cannot read " + std::string(path));
  }
  const auto size = body.size();

  if (req.method() == http::verb::head) {
    http::response<http::empty_body> res{http::status::ok, req.version()};
    set_common_headers(res.base());
    res.set(http::field::content_type, mime_type(file));
    res.content_length(size);
    res.keep_alive(req.keep_alive());
    return res;
  }
  http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(body)),
                                      std::make_tuple(http::status::ok, req.version())};
  set_common_headers(res.base());
  res.set(http::field::content_type, mime_type(file));
  res.set(http::field::cache_control, "no-cache");
  res.content_length(size);
  res.keep_alive(req.keep_alive());
  return res;
}

}  // namespace loyang::server
