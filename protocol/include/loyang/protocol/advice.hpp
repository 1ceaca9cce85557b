#pragma once
/// Advice for one seat, so that a client shows prices and reasons without knowing the rules:
/// what each of its legal commands would change for it (its price, its effect, and whether it
/// could be taken back), and why the obvious commands it cannot send now are refused. Every
/// answer is the engine's: a command is applied to a copy of the state, nothing is computed
/// from rules written here. docs/protocol.md, "Advice", has the JSON.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "loyang/engine/game.hpp"

namespace loyang::protocol {

/// What one command would change for the seat that sends it: only this seat's own numbers,
/// never a card, so that a command which draws cards does not tell what it would draw.
struct preview {
  enum class marker_change : std::uint8_t { none, red, blue };
  int cash = 0;      ///< Cash after minus before
  int loans = 0;     ///< loans after minus before
  int position = 0;  ///< spaces moved on the Path of Prosperity
  engine::veg_counts goods;  ///< per vegetable, cart and Storehouse together, after minus before
  engine::veg_counts shop;   ///< per vegetable in the own shop, after minus before
  marker_change marker = marker_change::none;  ///< a Satisfaction marker of his turned
  /// Whether the command can be taken back with `undo` afterwards (engine::undo_available on
  /// the state after it). For `undo` itself always true: undoing loses nothing (the commands
  /// taken back use no randomness, so they can be sent again).
  bool undo = false;
  bool operator==(const preview&) const = default;
};

/// An obvious command that the seat to act cannot send now, with the engine's refusal.
struct blocked_command {
  engine::command cmd;
  engine::rule_error error;
  /// For not_enough_cash: what the command would cost (unset if the engine would refuse it
  /// for another reason even with more Cash), and the seat's Cash now.
  std::optional<int> cost;
  std::optional<int> cash;
  /// For not_in_cart: per vegetable, how many more the cart needs for it (what the command
  /// takes, tried with plenty of each, beyond what the cart holds); unset if the engine would
  /// refuse it for another reason even then.
  std::optional<engine::veg_counts> missing;
  bool operator==(const blocked_command&) const = default;
};

struct advice {
  std::vector<preview> legal;  ///< one per legal command, in the order of legal_commands
  std::vector<blocked_command> blocked;
  bool operator==(const advice&) const = default;
};

/// The refusal codes that mean "not applicable now" rather than "you need something": a
/// candidate refused with one of them is left out of advice::blocked.
bool not_applicable(std::string_view code);

/// The advice for `seat` at the full state `s` (it needs the undo history, which views lack).
/// `legal` must be engine::legal_commands(s, seat). `blocked` is filled only while `seat`
/// must act (engine::to_act); an empty advice for a seat not in the game. Two states that
/// give `seat` the same engine::view and the same legal commands give it the same advice.
advice advise(const engine::state& s, engine::player_id seat,
              const std::vector<engine::command>& legal);

/// `{"legal": [previews], "blocked": [refusals]}`: a preview lists only its non-zero keys
/// (`cash`, `loans`, `position`, `goods`, `shop`, `marker`) and always `undo`; a refusal is
/// `{"cmd", "code", "message"}`, plus `cost` and `cash` for not_enough_cash, `missing` (only the
/// vegetables lacking) for not_in_cart.
nlohmann::json advice_to_json(const advice& a);
/// The same as compact JSON text appended to `out` (advice_to_json(a).dump() is that text).
void append_advice_json(std::string& out, const advice& a);

}  // namespace loyang::protocol
