#pragma once
/// The messages a client sends over the WebSocket, read into typed values. docs/protocol.md,
/// section "WebSocket messages", shows each with an example.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "loyang/protocol/parse_result.hpp"

namespace loyang::protocol {

/// `{"type":"hello","token":"...","protocol":1}`: authenticates the connection. Without a token
/// the connection is a guest that may only watch. `protocol` is the version the client was
/// written for (absent: the server's own); a version the server does not speak is refused with
/// `unsupported_protocol` (protocol/version.hpp).
struct hello_message {
  std::optional<std::string> token;
  std::optional<int> protocol;
};

/// `{"type":"subscribe","game":12,"as":"player"|"spectator","since":40}`: start receiving a
/// game. `since` asks for the patches after that version instead of a snapshot.
struct subscribe_message {
  std::int64_t game = 0;
  bool spectator = false;
  std::optional<std::uint32_t> since;
  /// `"chat": true`: also the game's chat (its first page after the view, then new messages).
  bool chat = false;
};

/// `{"type":"unsubscribe","game":12}`.
struct unsubscribe_message {
  std::int64_t game = 0;
};

/// `{"type":"command","game":12,"version":41,"id":"c7","cmd":{"type":"sow",...}}`: an engine
/// command based on `version`. `cmd` is kept as JSON: reading it is the engine format's job
/// (parse_command), and its errors must still be answered with the client's `id`.
struct command_message {
  std::int64_t game = 0;
  std::uint32_t version = 0;
  std::string id;
  nlohmann::json cmd;
};

/// `{"type":"ping"}`: answered with `{"type":"pong"}`.
struct ping_message {};

/// `{"type":"watch_lobby"}`: be told when the account's games (`games_changed`) or the list of
/// open games (`open_games_changed`) change.
struct watch_lobby_message {};

/// `{"type":"chat","game":12,"id":"m3","text":"well played"}`: a chat message to a game the
/// connection watches. The text is checked by the server (chat/text.hpp), not here, beyond its
/// size: at most max_chat_bytes.
struct chat_message {
  std::int64_t game = 0;
  std::string id;
  std::string text;
};

/// `{"type":"chat_history","game":12,"before":345}`: the page of a game's chat before message
/// `before` (absent: the newest page).
struct chat_history_message {
  std::int64_t game = 0;
  std::int64_t before = 0;
};

using client_message = std::variant<hello_message, subscribe_message, unsubscribe_message, command_message,
                                    ping_message, watch_lobby_message, chat_message, chat_history_message>;

/// Largest chat text read, in bytes (the server's own limit on characters is lower).
inline constexpr std::size_t max_chat_bytes = 4096;

/// Largest client id accepted, in bytes.
inline constexpr std::size_t max_client_id_length = 64;

/// Reads one client message from its text. Never throws except std::bad_alloc. Errors:
/// "bad_json" (not JSON, or nested too deeply), "bad_message" (not an object with a "type", or a
/// missing, ill-typed or unknown field), "unknown_type" (a "type" this server does not know).
parsed<client_message> parse_client_message(std::string_view text);

/// The string "id" of a message text, if it is a JSON object with one (whatever its "type" and
/// however long the id: an id over max_client_id_length is refused by parse_client_message, and
/// that refusal must still carry it); used to answer even a message that could not be read, or
/// was not read (rate limit), with the id the client gave it.
std::optional<std::string> message_id(std::string_view text);

}  // namespace loyang::protocol
