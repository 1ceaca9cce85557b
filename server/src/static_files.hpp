#pragma once
// Internal: serving the web client's files from the web root.
#include <filesystem>
#include <string_view>

#include "beast.hpp"
#include "responses.hpp"

namespace loyang::server {

/// The Content-Type for a file name, from its extension; application/octet-stream when
/// unknown.
std::string_view mime_type(std::string_view path);

/// Answers a GET or HEAD of `path` (the target without its query string, starting with
/// '/') from `web_root`: the file, index.html for a directory path ending in '/', 400 for a
/// path trying to leave the root, 404 (JSON error envelope) when there is no such file.
http::message_generator serve_file(const std::filesystem::path& web_root, std::string_view path,
                                   const request& req);

}  // namespace loyang::server
