#pragma once
// Internal: serving the web client's files from the web root.
#include <filesystem>
#include <string_view>

#include "../core/beast.hpp"
#include "../core/responses.hpp"
#include "asset_catalog.hpp"

namespace loyang::server {

/// The Content-Type for a file name, from its extension; application/octet-stream when
/// unknown.
std::string_view mime_type(std::string_view path);

/// Answers a GET or HEAD of `path` (the target without its query string, `query` without its
/// '?') from `web_root`: the file that resolve_static_path() finds (index.html for a path
/// ending in '/'), as `assets` holds it (web/asset_catalog.hpp: references versioned, modules
/// linked) or, when too large to hold, from the disk; or a file the catalog made
/// ("js/main.bundle.js"). In the coding Accept-Encoding prefers (br, gzip) with
/// Vary: Accept-Encoding; a strong ETag per coding; Cache-Control immutable for a year when
/// `query` is the file's current "v=<version>", else no-cache; 304 without a body when the
/// request's If-None-Match (or, without it, If-Modified-Since) matches; 404 (JSON error
/// envelope) for every path that names no such file, is unsafe in any way, or lies inside
/// `data_dir` (the database is never served; empty means no such directory); 500 when the
/// file cannot be read.
answer serve_file(web::web_assets& assets, const std::filesystem::path& web_root,
                                   const std::filesystem::path& data_dir, std::string_view path,
                                   std::string_view query, const request& req);

}  // namespace loyang::server
