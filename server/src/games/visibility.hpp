#pragma once
// Internal: who may know that a game exists, and who may watch it.
//
// A game with an invitation list is private: only its creator, the accounts seated at it and
// the invited names may see it (summary, lists, subscribing); to everyone else, guests
// included, it does not exist. A game's watch policy then says who of those may watch it as
// a spectator: everyone who may see it, or only the accounts seated at it.
#include <cstdint>
#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "../core/records.hpp"

namespace loyang::server::games {

/// Who asks: an account (id and registered name), or a guest (id 0, empty name).
struct asker {
  std::int64_t id = 0;
  std::string_view name;
  bool guest() const { return id == 0; }
};

/// Whether `who` sits at `g` (a guest never does).
bool is_seated(const game_record& g, const asker& who);

/// Whether `g` is by invitation (private).
bool is_private(const game_record& g);

/// Whether `who` is the creator of `g` or on its invitation list (exact, registered spelling)
/// and has not declined (the extra's "declined").
bool is_invited(const game_record& g, const asker& who);

/// Whether `who` may know that `g` exists: any game without invitations; a private game only
/// for its creator, its seated accounts and its invited names. The lobby answers a game that
/// `who` may not see exactly as a game that does not exist.
bool may_see(const game_record& g, const asker& who);

/// Whether `who` may subscribe to `g` as a spectator: may_see(), and the watch policy allows
/// it (`players`: only seated accounts; guests never watch a private game, as may_see says).
bool may_watch(const game_record& g, const asker& who);

/// The watch policy a request names ("everyone" or "players"), or nullopt for anything else.
std::optional<watch_policy> watch_from_json(const nlohmann::json& value);

}  // namespace loyang::server::games
