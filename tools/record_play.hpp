#pragma once
// `loyang play RECORD.json`: replay a game record (docs/protocol.md, "Game records") and check
// it: every command accepted in version order, and the final state's hash.
#include <iosfwd>

#include <nlohmann/json.hpp>

namespace loyang::tools {

/// Whether `doc` is a game record (`"format": "loyang-record"`) rather than a script.
bool is_record(const nlohmann::json& doc);

/// Replays the record `doc` and writes what `loyang play` writes for a script
/// (`{"results": [...], "state": <full state>}`) to `out`. Returns 0 when it replays and its
/// `state_hash` matches; 1 (with a message on `err` naming the first bad version) when a
/// command is out of version order or refused, or the final hash differs; 2 when the record is
/// malformed (not format_version 1, missing or mistyped fields).
int run_record(const nlohmann::json& doc, std::ostream& out, std::ostream& err);

}  // namespace loyang::tools
