#pragma once
// Internal: a game's chat as its room keeps it: who may read and write, the newest messages
// (for a subscriber's first page), the writers' pace, and the messages as JSON. Runs on the
// room's strand; older pages are read from the store by the lobby (chat/lobby_chat.cpp).
#include <nlohmann/json.hpp>

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "../accounts/throttle.hpp"
#include "../core/records.hpp"
#include "../social/relations.hpp"

namespace loyang::server::chat {

using persistence::chat_record;

/// Messages in a first page, and the most one game keeps.
inline constexpr std::size_t page_size = 50;
inline constexpr std::int64_t max_messages_per_game = 5000;

/// Whether spectators of `g` may read and write its chat (its extra's "chat": "everyone"); the
/// default is the players only.
bool spectators_chat(const game_record& g);

/// The seat `account` holds at `g`, or engine::no_player.
engine::player_id seat_of(const game_record& g, std::int64_t account);

/// A refusal of a message: code, sentence.
struct refusal {
  std::string code;
  std::string message;
};

class room_chat {
 public:
  /// `recent`: the game's newest messages, newest first (store::load_chat); `count`: all it has.
  room_chat(std::vector<chat_record> recent, std::int64_t count, std::shared_ptr<const social::relations> relations,
            std::function<std::string(std::int64_t)> name_of);

  /// Whether `account` (0: a guest) watching `g` at `seat` may read its chat.
  static bool may_read(const game_record& g, std::int64_t account, engine::player_id seat);

  /// Checks a message `account` sends from `seat` at `now`: nullopt and the checked text in
  /// `text`, or why not (not_allowed, empty_text, text_too_long, bad_text, chat_too_fast,
  /// chat_full). Counts it against the writer's pace when accepted.
  std::optional<refusal> check(const game_record& g, std::int64_t account, engine::player_id seat,
                               std::string& text, std::int64_t now);

  /// A stored message joins the recent ones.
  void stored(const chat_record& m);
  /// A message was deleted by an operator: it leaves the recent ones.
  void deleted(std::int64_t id);

  /// The message as readers get it: {"id", "from", "seat", "text", "at"}.
  nlohmann::json message_json(const game_record& g, const chat_record& m) const;
  /// Whether `reader` wants to read `m` (not muted or blocked its writer).
  bool wants(std::int64_t reader, const chat_record& m) const;
  /// The first page for `reader`: {"type": "chat_history", "game", "messages" (oldest first),
  /// "more"} as text.
  std::string first_page(const game_record& g, std::int64_t reader) const;

 private:
  std::deque<chat_record> recent_;  // newest first
  std::int64_t count_;
  // The stored rows, deleted ones included, from the oldest recent message to the newest: rows
  // beyond them are what a first page's "more" announces (as an HTTP page counts them).
  std::int64_t window_rows_;
  std::shared_ptr<const social::relations> relations_;
  std::function<std::string(std::int64_t)> name_of_;
  rate_limit burst_{5, 10, 4096};     // per writer: 5 in 10 s
  rate_limit hourly_{120, 3600, 4096};  // and 120 an hour
};

/// {"type": "chat_history", "game", "messages", "more"}, with "before" when it answers a page
/// request.
std::string history_text(std::int64_t game, const nlohmann::json& messages, bool more,
                         std::optional<std::int64_t> before = std::nullopt);

/// A refused page request: {"type": "chat_history", "game", "before" (when asked), "error":
/// {"code", "message"}}. Its own type, so that a client never takes it for a failed subscribe.
std::string history_error_text(std::int64_t game, std::optional<std::int64_t> before, const std::string& code,
                               const std::string& message);

}  // namespace loyang::server::chat
