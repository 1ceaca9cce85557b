#pragma once
/// The full state of a game, secrets included. `view()` (game.hpp) makes the redacted copy a
/// viewer may see. Plain values only, so copying a state is cheap (bots and undo copy it).
#include <array>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "loyang/engine/commands.hpp"
#include "loyang/engine/rng.hpp"
#include "loyang/engine/static_vector.hpp"
#include "loyang/engine/types.hpp"

namespace loyang::engine {

/// A field in front of a player. Unsown while `count == 0` (emptied fields leave at once).
struct field {
  field_id id = home_field;
  veg crop = veg::wheat;  ///< meaningful while count > 0
  std::uint8_t count = 0;
  card_id under = no_card;  ///< a common field may lie on top of a kept Two-pack's lower card
  bool operator==(const field&) const = default;
};

/// A Market stall, Regular customer, Casual customer or Helper in a player's play area.
struct played_card {
  card_id card = no_card;
  card_id under = no_card;          ///< lower card of a kept Two-pack (only its top line shows)
  std::uint8_t deliveries = 0;      ///< regular: rows filled, from the bottom up
  bool red = false;                 ///< regular: Satisfaction marker on its red side
  bool handled = true;              ///< regular: delivered to or skipped this Action phase
  std::uint8_t served = 0;          ///< regular: deliveries this Action phase (Messenger-boy: 2)
  std::uint8_t stall_left = 0;      ///< stall: bit i set while goods[i] is still on the stall
  std::uint8_t round_played = 0;    ///< Squire: not usable in the round it was played (0: usable)
  bool operator==(const played_card&) const = default;
};

/// Helpers activated "for this Action phase" (player_state::effects). The Harvest helper may be
/// activated twice in one phase (the Foreman takes it back): then sown fields get 2 more.
inline constexpr std::uint8_t effect_maid = 1, effect_official = 2, effect_messenger = 4,
                              effect_saleswoman = 8, effect_harvest_sow = 16,
                              effect_harvest_sow_twice = 32;
/// The Saleswoman's option 1 (all own markers to blue) activated and not yet used: she is on
/// the discard pile, and saleswoman_blue uses the option later in this Action phase.
inline constexpr std::uint8_t effect_saleswoman_blue = 64;

struct player_state {
  std::int32_t cash = 0;
  std::int16_t loans = 0;
  std::int16_t position = 1;  ///< space on the Path of Prosperity
  bool storehouse_upgraded = false;
  veg_counts shop, cart, storehouse;
  static_vector<field, 16> fields;     ///< Home field first, then in the order they arrived
  static_vector<field_id, 16> field_pile;  ///< private fields still face down; back() is the top
  static_vector<card_id, 16> hand;
  card_id intro = no_card;             ///< Introductory version: START customer not yet played
  static_vector<played_card, 48> played;  ///< play area, in the order cards were played
  bool in_distribution = false;        ///< still to take cards in this Card phase
  bool turn_done = false;              ///< finished his Action phase turn this round
  bool bought_two_pack = false;        ///< this Action phase
  std::uint8_t effects = 0;            ///< Helpers activated for this Action phase (effect_* bits)
  bool operator==(const player_state&) const = default;
};

enum class phase : std::uint8_t { setup, harvest, card, action, finished };

/// The decision the game waits for; `state::active` is the player who must make it.
enum class step : std::uint8_t {
  plant_home,      ///< setup: buy and plant the Home field
  distribution,    ///< Card phase: place a card in the Courtyard or take cards
  choose_partner,  ///< 4 players: the Starting player picks his Action phase partner
  main,            ///< Action phase turn: actions A-H
  two_pack,        ///< keep 0, 1 or 2 of the drawn Two-pack
  store,           ///< end of turn: too many vegetables for the Storehouse
  advance,         ///< end of turn: move on the Path of Prosperity
  harvest_helper,  ///< Harvest phase: use the Harvest helper or keep it
  squire,          ///< Card phase, after taking: take more Courtyard cards with the Squire
  book_keeper,     ///< arranging the shop with the Book-keeper
  foreman,         ///< original rules: take the Helper just discarded with the Foreman?
  finished,
  offer            ///< solo Card phase: buy cards from the Offer, then finish_offer
};

/// Solo game: the Offer is a grid of 4 rows of 3 cards; slot = row * 3 + column, row 0 on top.
inline constexpr int offer_rows = 4, offer_columns = 3, offer_slots = offer_rows * offer_columns;

/// Solo game: the rulebook's rating of the level reached on the Path of Prosperity.
enum class solo_rating : std::uint8_t { none, good, very_good, master };

/// An interrupted decision, continued after a Book-keeper or Foreman step.
struct resume_point {
  player_id active = no_player;
  step at = step::main;
  bool operator==(const resume_point&) const = default;
};

struct ranking_entry {
  player_id player = 0;
  std::int16_t position = 0;  ///< after moving back one space per loan
  std::int32_t cash = 0;
  std::int16_t vegetables = 0;  ///< in fields and storehouse
  std::uint8_t rank = 1;        ///< 1 = winner; tied players share a rank
  bool operator==(const ranking_entry&) const = default;
};

/// Scripted games: the order of the draw pile after one reshuffle, top card first.
struct fixed_order {
  std::vector<card_id> cards;
  /// false: `cards` names every card reshuffled. true (JSON: a final "..."): `cards` lie on
  /// top, the cards not named are shuffled (by the seed) under them.
  bool rest_shuffled = false;
  bool operator==(const fixed_order&) const = default;
};

/// Scripted games: the fixed orders of setup_override::reshuffles. Empty in every game the
/// server plays. Secret (the future draw pile): view() clears it.
struct fixed_reshuffles {
  std::vector<fixed_order> orders;  ///< the n-th (from 0) is used at the n-th reshuffle
  std::uint8_t used = 0;            ///< orders used so far (reshuffles after the last are random)
  bool operator==(const fixed_reshuffles&) const = default;
};

struct state;

namespace detail {
struct event_sink;  // engine/src/emit.hpp
}

/// Where apply(s, p, c, &events) (events.hpp) records events while it runs; empty otherwise.
/// Not part of the game: a copy starts empty, assignment keeps the target's own, and every two
/// compare equal, so it is never copied into bots' or undo's states, compared, serialised or
/// hashed (serialize.cpp lists the members it writes).
class event_sink_slot {
 public:
  event_sink_slot() = default;
  event_sink_slot(const event_sink_slot&) noexcept {}
  event_sink_slot& operator=(const event_sink_slot&) noexcept { return *this; }
  bool operator==(const event_sink_slot&) const { return true; }
  detail::event_sink* get() const { return sink_; }
  void set(detail::event_sink* sink) { sink_ = sink; }

 private:
  detail::event_sink* sink_ = nullptr;
};

/// Where `undo` goes back to: the state at the last point of no return, shared and immutable
/// (copying a state copies a pointer). Compared by value.
class undo_point {
 public:
  undo_point() = default;
  explicit undo_point(const state& s);
  const state* get() const { return saved_.get(); }
  explicit operator bool() const { return saved_ != nullptr; }
  bool operator==(const undo_point& o) const;

 private:
  std::shared_ptr<const state> saved_;
};

struct state {
  options opts;
  std::uint64_t seed = 0;
  rng random;
  std::uint32_t version = 0;  ///< number of accepted commands

  std::uint8_t round = 0;  ///< 1..9; 0 during setup
  phase current_phase = phase::setup;
  step current_step = step::plant_home;
  player_id active = 0;

  player_id starting = 0;
  player_id second = no_player;
  player_id partner = no_player;        ///< 4 players: the Starting player's partner
  static_vector<player_id, 4> action_order;  ///< this round's Action phase turn order
  std::uint8_t turn_index = 0;          ///< into action_order
  bool revealed_this_turn = false;      ///< 2 players: Courtyard reveal used in this turn
  static_vector<player_id, 4> took_order;    ///< Card phase: who has taken cards, in order

  static_vector<card_id, 72> draw_pile;     ///< back() is the top
  static_vector<card_id, 72> discard_pile;  ///< back() is the top; public
  static_vector<card_id, 72> courtyard;
  std::array<card_id, 2> two_pack{no_card, no_card};  ///< drawn, awaiting keep_two_pack
  std::uint8_t squire_left = 0;       ///< Courtyard cards the Squire may still take
  static_vector<player_id, 4> harvest_queue;  ///< players still to use a Harvest helper
  card_id helper_discarded = no_card; ///< a Helper just reached the discard pile (transient)
  player_id discarded_by = no_player;
  card_id foreman_offer = no_card;    ///< original rules: the Helper the Foreman's holder may take
  static_vector<resume_point, 4> resume_stack;  ///< who acts again after a Book-keeper / Foreman step
  static_vector<card_id, 72> out_of_game;   ///< e.g. the Foreman in the yucata ruleset

  // Solo game only (players == 1); the imaginary opponent is players[solo_opponent].
  std::array<card_id, offer_slots> offer{no_card, no_card, no_card, no_card, no_card, no_card,
                                         no_card, no_card, no_card, no_card, no_card, no_card};
  std::uint8_t offer_bought = 0;   ///< cards bought from the Offer in this Card phase
  bool solo_reshuffled = false;    ///< the one reshuffle of the discard pile has happened
  solo_rating rating = solo_rating::none;  ///< set when the game ends

  static_vector<player_state, 4> players;  ///< solo: the player, then the imaginary opponent
  static_vector<ranking_entry, 4> ranking;  ///< filled when the game ends

  /// Undo within a turn: the active player's commands since the last point of no return, and
  /// the state before the first of them. Empty when nothing can be undone.
  undo_point undo_base;
  std::vector<std::pair<player_id, command>> undo_log;

  fixed_reshuffles reshuffles;  ///< scripted games only (setup_override::reshuffles)
  /// Set only during apply(s, p, c, &events); see event_sink_slot.
  event_sink_slot sink;

  bool operator==(const state&) const = default;
};

inline undo_point::undo_point(const state& s) : saved_(std::make_shared<const state>(s)) {}
inline bool undo_point::operator==(const undo_point& o) const {
  if (saved_ == o.saved_) return true;
  if (!saved_ || !o.saved_) return false;
  return *saved_ == *o.saved_;
}

/// Optional fixed starting position, for tests and scripted games. Empty members are random.
struct setup_override {
  std::vector<card_id> deck;                     ///< draw pile, first element is the top card
  std::vector<std::vector<field_id>> field_piles;  ///< per player, first element is the top
  std::vector<std::vector<card_id>> hands;       ///< per player, dealt instead of the first deal
  std::vector<card_id> intro;                    ///< per player, Introductory START customers
  player_id starting = no_player;
  /// The draw pile after the 1st, 2nd, ... reshuffle of the discard pile (at the start of a
  /// Card phase, when the Action phase finds the draw pile empty, the solo game's one
  /// reshuffle); later reshuffles are random. Each must name exactly the cards reshuffled
  /// (unless rest_shuffled), checked when it is used: apply() then throws.
  std::vector<fixed_order> reshuffles;
};

}  // namespace loyang::engine
