#pragma once
/// The views of one game for all its viewers (every seat and the spectators), kept from one
/// state to the next so that each new state gives every viewer its patch cheaply. It keeps
/// engine states, not JSON: a part of the view (a key of the game, a player's key, a field, a
/// played card, a legal command) is turned into JSON and diffed only when the engine data it
/// is made of changed, so a command costs in proportion to what it changed. The public part is
/// diffed once for all viewers; per seat only its own hand, Introductory customer, legal
/// commands and advice (advice.hpp).
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "loyang/engine/game.hpp"
#include "loyang/protocol/advice.hpp"

namespace loyang::protocol {

class view_patcher {
 public:
  /// Starts at state `s` (the full state: the patcher redacts per viewer).
  explicit view_patcher(const engine::state& s);

  /// The version of the state the views are at (a viewer's whole view there is
  /// client_view(state, viewer): the patcher keeps only what it diffs).
  std::uint32_t version() const { return version_; }

  /// Moves to `s`, the game's next state (same game, same seats).
  void advance(const engine::state& s);

  /// After advance(): the RFC 6902 operations from the previous view of `viewer` to its current
  /// one, as the text of their JSON objects joined by commas (no brackets; empty when nothing
  /// changed), ready to be placed in a message.
  const std::string& ops_text(engine::player_id viewer) const;
  /// ops_text(viewer), moved out: the patcher keeps no text between commands (a game's
  /// largest patch would otherwise stay allocated for each viewer while the game lasts).
  std::string take_ops(engine::player_id viewer);

 private:
  std::uint32_t version_ = 0;
  engine::state public_;  // engine::view(state, no_player): what everyone sees
  // Per player: the hand and Introductory customer, the secrets each seat's own view adds.
  std::vector<decltype(engine::player_state::hand)> hands_;
  std::vector<engine::card_id> intros_;
  std::vector<std::vector<engine::command>> legal_;  // per seat
  std::vector<advice> advice_;                       // per seat
  std::vector<engine::player_id> to_act_;
  std::vector<std::string> ops_;  // per seat, then the spectators'
  std::vector<std::string> hand_paths_, intro_paths_;  // per seat: "/game/players/<p>/hand"...
};

}  // namespace loyang::protocol
