#pragma once
// Internal: what happens to games, seats and accounts, as plain structs the event hub
// (events/hub.hpp) carries from the room that saw it (the lobby, a game's room, accounts) to
// the features that react to it (ratings, ...). Each event states how it arrives
// (`arrival`): on the publisher's strand, before publish() returns, for the events a feature
// must have counted before the publisher's next step (a join right after a game finished sees
// the new rating); or posted to the subscriber's own strand, for the frequent ones and those
// whose subscribers may take their time.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "../core/records.hpp"

namespace loyang::server::events {

enum class arrival {
  on_publisher,  ///< called in publish(), on the publisher's strand, in publication order
  posted,        ///< posted to the strand the subscriber gave, in publication order there
};

/// A game was made here and stored (open, or started at once when every other seat is a bot;
/// a rematch; a daily challenge). Published on the lobby's strand.
struct game_created {
  static constexpr arrival delivered = arrival::on_publisher;
  std::int64_t game = 0;
  std::int64_t creator = 0;
};

/// A person took a seat of an open game here (stored). On the lobby's strand.
struct seat_joined {
  static constexpr arrival delivered = arrival::on_publisher;
  std::int64_t game = 0;
  std::size_t seat = 0;
  std::int64_t account = 0;
};

/// A person left his seat of an open game here (stored; the game is cancelled when nobody is
/// left). On the lobby's strand.
struct seat_left {
  static constexpr arrival delivered = arrival::on_publisher;
  std::int64_t game = 0;
  std::size_t seat = 0;
  std::int64_t account = 0;
};

/// A game made or joined here was dealt and stored (every seat taken). On the lobby's strand,
/// after game_created or seat_joined.
struct game_started {
  static constexpr arrival delivered = arrival::on_publisher;
  std::int64_t game = 0;
};

/// `seat`'s command (a person's or a bot's) was applied and stored here: the game is at
/// `version`, `to_act` must act now. Published by the game's room on its strand, once per
/// command: posted, so that a subscriber never slows a move.
struct command_applied {
  static constexpr arrival delivered = arrival::posted;
  std::int64_t game = 0;
  std::uint32_t version = 0;
  engine::player_id seat = engine::no_player;
  std::vector<engine::player_id> to_act;
};

/// The lobby holds a new record of `game`: its room's after a command, a clock's wake or a
/// change (resigning, a vote, a vacation), also when the wake changed nothing; or another
/// node's row of it. On the lobby's strand, once the lobby's copy is the new one (read it
/// there): the clocks arm the game's next wake from it.
struct game_updated {
  static constexpr arrival delivered = arrival::on_publisher;
  std::int64_t game = 0;
};

/// A game ended by the rules (or a timeout that ends it): `game` as stored, its result in
/// game.result. On the lobby's strand, also for a game another node finished (cluster/), once
/// per game.
struct game_finished {
  static constexpr arrival delivered = arrival::on_publisher;
  game_record game;
};

/// A person no longer plays his seat of a running game: his time ran out or he resigned
/// (`how`). On the lobby's strand, once the record showing it reached the lobby (also from
/// another node).
struct seat_departed {
  static constexpr arrival delivered = arrival::on_publisher;
  std::int64_t game = 0;
  engine::player_id seat = engine::no_player;
  std::int64_t account = 0;
  persistence::departure how = persistence::departure::none;
};

/// A bot plays a person's seat from now on (after he left it, or a vote let the bot take it).
/// On the lobby's strand, as seat_departed.
struct seat_taken_over {
  static constexpr arrival delivered = arrival::on_publisher;
  std::int64_t game = 0;
  engine::player_id seat = engine::no_player;
  std::int64_t account = 0;
};

/// Another node changed account `account` (its row, tokens, relations, settings or
/// vacations), and this node merged it. Posted.
struct account_changed {
  static constexpr arrival delivered = arrival::posted;
  std::int64_t account = 0;
};

/// Another node's rows of `account` as stored (the account and its tokens, vacations,
/// notification settings and relations it made), read by the cluster's catch-up: each room
/// replaces its part. On the games' strand, before account_changed; `rows` lives only as long
/// as the call.
struct account_read {
  static constexpr arrival delivered = arrival::on_publisher;
  std::int64_t account = 0;
  const persistence::store::catalog* rows = nullptr;
};

/// Tournaments as another node stored them, read back by the cluster's catch-up (one that
/// node changed, or every one after notifications may have been missed). Posted.
struct tournaments_read {
  static constexpr arrival delivered = arrival::posted;
  std::vector<persistence::tournament_record> rows;
};

/// This node came to lead (runs bots, clocks and notification delivery) or no longer does
/// (cluster/leadership.hpp). Posted: published on the store's listening thread.
struct leadership_changed {
  static constexpr arrival delivered = arrival::posted;
  bool leads = false;
};

/// A token of `account` ended (logout, password change, ban, expiry). Posted. Not published
/// yet: accounts/ still ends the token's connections itself (token_holder), at each of the
/// places a token ends; it publishes this once it holds the hub.
struct token_revoked {
  static constexpr arrival delivered = arrival::posted;
  std::int64_t account = 0;
};

}  // namespace loyang::server::events
