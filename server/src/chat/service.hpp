#pragma once
// Internal: the chat room's routes: older pages of a game's chat, and a player's private notes
// on a game (GET /api/games/{id}/chat, GET and PUT /api/games/{id}/notes). Who may read is
// decided on the games' strand (the lobby's) from the game's record, as the lobby holds it;
// the store is read off the I/O threads. A game's live chat is its room's (room_chat.hpp).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

#include <nlohmann/json.hpp>

#include "../accounts/accounts.hpp"
#include "../core/api_reply.hpp"
#include "../core/beast.hpp"
#include "../core/records.hpp"
#include "../social/relations.hpp"

namespace loyang::server::chat {

class service : public std::enable_shared_from_this<service> {
 public:
  /// What the chat reads of others.
  struct lookups {
    std::shared_ptr<class accounts> accounts;
    /// Who mutes and blocks whom: a page leaves out what its reader does not want to read.
    std::shared_ptr<const social::relations> relations;
    /// The game `id` as the lobby holds it, or nullptr; on the games' strand.
    std::function<const game_record*(std::int64_t id)> game;
    /// Runs a blocking read off the I/O threads (the lobby's workers).
    std::function<void(std::function<void()>)> off_thread;
  };

  service(strand_type games_strand, storage& store, lookups look);

  /// A page of `game`'s chat before message `before` (0: the newest), oldest first, for `who`
  /// (nullopt: a guest): {"game", "messages", "more"}; 404 no_such_game (also a private game
  /// `who` may not see), 403 not_allowed (a game only its players watch, or the players' chat
  /// of a game he does not sit at), 503 storage_failed.
  void chat_page(std::optional<identity> who, std::int64_t game, std::int64_t before, std::size_t limit,
                 reply_fn reply);
  /// GET /api/games/{id}/notes: `who`'s private notes on a game he sits (or sat) at;
  /// 404 no_such_game, 403 not_seated, 503 storage_failed.
  void get_notes(identity who, std::int64_t game, reply_fn reply);
  /// PUT /api/games/{id}/notes {"text"}: 400 bad_request or a text rule's code, else as
  /// get_notes; 503 a storage code.
  void put_notes(identity who, std::int64_t game, const nlohmann::json& body, reply_fn reply);

 private:
  /// The game `who` may see, or nullptr; on the strand.
  const game_record* visible(std::int64_t game, const std::optional<identity>& who) const;

  strand_type strand_;
  storage& store_;
  lookups look_;
};

}  // namespace loyang::server::chat
