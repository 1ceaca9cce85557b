#pragma once
// `loyang play`: run a scripted game and print every command's result and the final state.
#include <iosfwd>

namespace loyang::tools {

/// Reads a script from `in`:
///   {"options": {...}, "seed": 1, "setup": {...}, "commands": [{"player": 0, "cmd": {...}}, ...]}
/// ("seed" optional, default 1, a non-negative integer or a decimal string; "setup" optional,
/// see protocol/setup_json.hpp), plays it and writes
///   {"results": [{"ok": true} | {"ok": false, "error": {"code", "message"}}, ...],
///    "state": <full state JSON>}
/// to `out`. A command that cannot be read gets a "bad_command" result, like a rule error.
/// Returns 0 when the script ran, 2 (with a message on `err`) when it is unreadable or invalid.
/// `trace` (--trace): first one line per command (play_trace.hpp), then that object on one line.
int run_play(std::istream& in, std::ostream& out, std::ostream& err, bool trace = false);

}  // namespace loyang::tools
