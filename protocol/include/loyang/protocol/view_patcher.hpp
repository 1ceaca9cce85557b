#pragma once
/// The views of one game for all its viewers (every seat and the spectators), kept from one
/// state to the next so that each new state gives every viewer its patch cheaply: the public
/// part of the game is built, diffed and serialized once per state, and only where the engine
/// state changed (a player's fields, play area and the rest of his board apart); per seat only
/// what differs between seats (the seat's own hand and Introductory customer, its legal
/// commands), again only when it changed.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "loyang/engine/game.hpp"

namespace loyang::protocol {

class view_patcher {
 public:
  /// Starts at state `s` (the full state: the patcher redacts per viewer).
  explicit view_patcher(const engine::state& s);

  /// The view of `viewer` (a seat, or engine::no_player for the spectators) at the current
  /// state: equal to client_view(state, viewer).
  nlohmann::json view(engine::player_id viewer) const;

  /// The version of the state the views are at.
  std::uint32_t version() const { return version_; }

  /// Moves to `s`, the game's next state (same game, same seats).
  void advance(const engine::state& s);

  /// After advance(): the RFC 6902 operations from the previous view of `viewer` to its current
  /// one, as the text of their JSON objects joined by commas (no brackets; empty when nothing
  /// changed), ready to be placed in a message.
  const std::string& ops_text(engine::player_id viewer) const;

 private:
  struct public_player {  // one of game.players in the spectators' view, in parts
    engine::player_state from;  // the (redacted) engine state the parts were built from
    nlohmann::json top;         // all but "fields" and "played"
    nlohmann::json fields;
    nlohmann::json played;
  };
  struct own {  // what only this seat sees
    std::vector<engine::command> commands;
    decltype(engine::player_state::hand) hand_cards;
    engine::card_id intro_card = engine::no_card;
    nlohmann::json hand;
    nlohmann::json intro;
    nlohmann::json legal;
    bool in_players = false;  // whether the seat is in game.players (not the solo opponent)
  };
  template <class Emit>
  void advance_public(const engine::state& v, Emit&& emit);
  template <class Emit>
  static void advance_own(const engine::state& s, engine::player_id seat, own& o, Emit&& emit);
  nlohmann::json game() const;  // view_to_json for the spectators, from top_ and players_

  std::uint32_t version_ = 0;
  nlohmann::json top_;  // the spectators' view_to_json without "players"
  std::vector<public_player> players_;
  nlohmann::json to_act_;
  std::vector<own> seats_;
  std::vector<std::string> ops_;  // per seat, then the spectators'
};

}  // namespace loyang::protocol
