#pragma once
/// The rules engine's API, after OpenSpiel's: new_game / legal_commands / apply / view.
/// Pure and deterministic: options + seed + commands give the same state on every machine.
#include <optional>
#include <string>
#include <vector>

#include "loyang/engine/commands.hpp"
#include "loyang/engine/state.hpp"

namespace loyang::engine {

/// A rule violation: a stable machine code and a sentence a player understands.
struct rule_error {
  std::string code;
  std::string message;
  bool operator==(const rule_error&) const = default;
};

/// Checks options; returns a rule_error with code "bad_options" when they are not playable.
std::optional<rule_error> validate(const options& opts);

/// Sets up a new game (supply, cash, shops, field piles, deck, starting player; in the yucata
/// ruleset also the first hands). Needs validate(opts) to pass. `fixed` (tests, scripts) pins
/// parts of the setup; its cards are taken out of the shuffled deck.
/// Throws std::invalid_argument for bad options or an impossible `fixed` setup; the message
/// names the card or field and the setup members involved ("R09 is used twice in the setup:
/// in deck and in hands[0]").
state new_game(const options& opts, std::uint64_t seed, const setup_override& fixed = {});

/// Every command `player` may send now, fully expanded, in a stable order. Includes commands
/// allowed out of turn (sell, take_loan, discard_helper).
std::vector<command> legal_commands(const state& s, player_id player);
/// The same into `out` (cleared first), reusing its memory: for bots and benchmarks.
void legal_commands(const state& s, player_id player, std::vector<command>& out);

/// The fast path of bots' playouts (bots/src/playout.cpp), which play thousands of games per
/// decision and never undo. Each gives exactly what its slow counterpart gives:
/// - candidate_commands: every command legal_commands would consider, unchecked, in its
///   order (legal_commands is this list filtered by is_legal). Cleared first. `skip`: the
///   types left out (command_bits<cmd::trader, ...>), the others' order unchanged.
/// - is_legal: whether apply would accept `c` now; changes nothing.
/// - apply_legal: apply for a command known to be legal (not `undo`): the same state as apply
///   gives, but without the check and without undo history (undo_base and undo_log are left
///   empty, so `undo` is then never available). An illegal command is a bug of the caller.
void candidate_commands(const state& s, player_id player, std::vector<command>& out, std::uint64_t skip = 0);
bool is_legal(const state& s, player_id player, const command& c);
void apply_legal(state& s, player_id player, const command& c);

/// Validates `c` for `player`; on success changes `s` (and bumps s.version) and returns nullopt,
/// otherwise returns the rule error and leaves `s` untouched. Never throws for a bad command.
/// Only a scripted game can throw: when a fixed reshuffle (setup_override::reshuffles) does not
/// fit the cards reshuffled, std::invalid_argument names them; `s` is then half-changed and
/// must be dropped. Games without fixed reshuffles (every server game) never throw this.
std::optional<rule_error> apply(state& s, player_id player, const command& c);

/// What `viewer` may know (a spectator is no_player): others' hands, all field piles but as
/// counts, the draw pile as a count, others' unplayed START customer and the seed are hidden
/// (hidden_card / hidden_field placeholders; the generator state is cleared).
state view(const state& s, player_id viewer);

/// Whether `player` may send `undo` now (his own commands of this turn since the last point of
/// no return). Answer from the full state: views carry no undo history.
bool undo_available(const state& s, player_id player);

/// Players who must make a decision now (empty when the game is over).
std::vector<player_id> to_act(const state& s);

/// Everything that must hold between commands; returns one sentence per violation.
std::vector<std::string> check_invariants(const state& s);

/// A 64-bit FNV-1a hash of encode(s) (serialize.hpp): the full state, undo history included.
std::uint64_t state_hash(const state& s);

/// Two-pack price for `player`: the larger of his uncovered Helpers and uncovered Market stalls.
int two_pack_price(const state& s, player_id player);
/// Storehouse capacity of `player`.
int storehouse_capacity(const player_state& p);

}  // namespace loyang::engine
