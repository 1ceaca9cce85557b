#pragma once
/// RFC 6902 JSON Patch between two JSON documents (e.g. two views of a game), so that a server
/// can send a client only what changed.
#include <nlohmann/json.hpp>

#include "loyang/protocol/parse_result.hpp"

namespace loyang::protocol {

/// The RFC 6902 operations that turn `from` into `to` (an array; empty when they are equal).
nlohmann::json diff(const nlohmann::json& from, const nlohmann::json& to);

/// `doc` with the RFC 6902 `patch` applied. Never throws; a malformed patch or one that does
/// not fit `doc` (missing path, failed "test") gives code "bad_patch".
parsed<nlohmann::json> apply_patch(const nlohmann::json& doc, const nlohmann::json& patch);

}  // namespace loyang::protocol
