#pragma once
/// The messages the server sends over the WebSocket, as JSON text ready to share between
/// connections. docs/protocol.md, section "WebSocket messages", shows each with an example.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace loyang::protocol {

/// `{"type":"welcome","account":{"id":3,"name":"ann","operator":false},"protocol":1}`, or
/// `"account":null` for a guest; `protocol`: the version spoken (protocol/version.hpp). `operator_account`: the account may moderate (the page shows its link).
std::string welcome_text(std::int64_t account_id, std::string_view name, bool operator_account);
std::string welcome_guest_text();

/// `{"type":"snapshot","game":12,"version":41,"seat":0,"view":{...},"last_seen":38}`; seat is
/// null for a spectator. `last_seen`: the version this seat had seen before this visit (a
/// number), or null (a spectator, or a seat that never looked).
std::string snapshot_text(std::int64_t game, std::uint32_t version, int seat,
                          const nlohmann::json& view,
                          const nlohmann::json& last_seen = nullptr);

/// `{"type":"patch","game":12,"from":41,"to":42,"ops":[...]}` (RFC 6902 operations), from
/// operations already serialized: `ops_text` is their JSON objects joined by commas (as
/// view_patcher::ops_text gives), without the brackets. With `answers` (a client's command id)
/// the patch also has `"id"`: it is the answer to that client's accepted command.
std::string patch_text(std::int64_t game, std::uint32_t from, std::uint32_t to,
                       std::string_view ops_text,
                       std::optional<std::string_view> answers = std::nullopt);

/// `{"type":"result","game":12,"id":"c7","ok":true,"version":42}`: the command was accepted
/// and is durable; `version` is the game's version it produced. (Only for a sender that gets
/// no patch: an accepted command is otherwise answered by the sender's patch.)
std::string result_ok_text(std::int64_t game, std::string_view id, std::uint32_t version);

/// `{"type":"result","game":12,"id":"c7","ok":false,"error":{"code":...,"message":...}}`.
std::string result_error_text(std::int64_t game, std::string_view id, std::string_view code,
                              std::string_view message);

/// `{"type":"error","id":"c7","error":{"code":...,"message":...}}`: a message that is not about
/// a game command (or could not be read); id is left out when empty.
std::string error_text_message(std::string_view id, std::string_view code,
                               std::string_view message);

/// `{"type":"subscribed","game":12,"version":41,"seat":0}` (seat null for a spectator): the
/// answer to a `subscribe` that needs no snapshot, after the patches it was missing (if any):
/// the connection's view is now at `version`. `last_seen` as in snapshot_text.
std::string subscribed_text(std::int64_t game, std::uint32_t version, int seat,
                            const nlohmann::json& last_seen = nullptr);

/// `{"type":"error","game":12,"error":{"code":...,"message":...}}`: the refusal of a
/// `subscribe` to that game (a subscribe has no id; its game is how a client matches it).
std::string subscribe_error_text(std::int64_t game, std::string_view code, std::string_view message);

/// `{"type":"table","game":12,"version":41,"table":{...}}`: the game's table (its status,
/// clocks, seats and result: what the server adds to the rules' view, at `/table`) changed
/// without a command (a reminder, a timeout, a vote, a resignation), or after a `subscribed`.
/// It replaces the view's `table`.
std::string table_text(std::int64_t game, std::uint32_t version, const nlohmann::json& table);

/// `{"type":"games_changed","games":[12]}`: something changed in these games the account sits
/// in that its list of games shows (whose turn, the status, the seats): read GET /api/my/games
/// again. Sent to the account's connections that sent `watch_lobby`.
std::string games_changed_text(const std::vector<std::int64_t>& games);

/// `{"type":"open_games_changed"}`: the list of open games changed (at most about once a
/// second); sent to the connections that asked with `watch_lobby`.
std::string open_games_changed_text();
/// {"type":"tournament_changed","id":N}: to the lobby's watchers, when tournament N changed.
std::string tournament_changed_text(std::int64_t tournament);

/// `{"type":"unsubscribed","game":12}`.
std::string unsubscribed_text(std::int64_t game);

/// `{"type":"pong"}`.
std::string pong_text();

}  // namespace loyang::protocol
