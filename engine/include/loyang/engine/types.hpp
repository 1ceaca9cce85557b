#pragma once
/// Basic value types of the rules engine: vegetables, card and field ids, options.
#include <array>
#include <cstdint>
#include <string_view>

namespace loyang::engine {

/// The six vegetables, in order of price (this order is also the JSON and legal-command order).
enum class veg : std::uint8_t { wheat, pumpkin, turnip, cabbage, bean, leek };
inline constexpr int veg_types = 6;
inline constexpr std::array<veg, veg_types> all_vegs{veg::wheat,   veg::pumpkin, veg::turnip,
                                                     veg::cabbage, veg::bean,    veg::leek};

/// A count per vegetable type, indexed by `veg`.
struct veg_counts {
  std::array<std::int16_t, veg_types> n{};
  std::int16_t& operator[](veg v) { return n[static_cast<int>(v)]; }
  std::int16_t operator[](veg v) const { return n[static_cast<int>(v)]; }
  int total() const {
    int t = 0;
    for (auto x : n) t += x;
    return t;
  }
  bool operator==(const veg_counts&) const = default;
};

/// An action card: an index into the card table of data.hpp (0..69).
using card_id = std::uint8_t;
inline constexpr card_id no_card = 0xFF;
/// Stands in for a card the viewer may not see (other hands, the draw pile).
inline constexpr card_id hidden_card = 0xFE;

/// A field card: 0 the Home field, 1..8 the private fields, 9..14 the common fields (action cards 0..5).
using field_id = std::uint8_t;
inline constexpr field_id home_field = 0;
inline constexpr field_id first_common_field = 9;
inline constexpr field_id hidden_field = 0xFE;

/// A seat at the table, 0-based in clockwise order.
using player_id = std::int8_t;
inline constexpr player_id no_player = -1;

enum class ruleset : std::uint8_t { yucata, original };

/// Rules editions: the rules a game was created under, so that a stored game replays exactly
/// as it was played, and goes on as it began, after a rules correction (docs/rules-decisions.md,
/// "Rules editions"). 1: as played until issue 35; 2: issue 35's corrections (the Book-keeper
/// in the Card phase only to finance a new field, the Saleswoman's option 1 activated ahead,
/// the original Storehouse upgrade also when the cart fits). New games get the latest.
inline constexpr std::uint8_t first_edition = 1, current_edition = 2;

/// The solo game's imaginary opponent: his Market stalls and customers sit in seat 1, which
/// never acts. Helpers that reach into another player's area name him as owner 1.
inline constexpr player_id solo_opponent = 1;

/// What a game is created with. `players` 1..4; 1 is the solo game (no Introductory version).
struct options {
  int players = 2;
  ruleset rules = ruleset::yucata;
  bool introductory = false;
  std::uint8_t edition = current_edition;  ///< first_edition..current_edition
  bool operator==(const options&) const = default;
};

std::string_view to_string(veg v);
std::string_view to_string(ruleset r);

}  // namespace loyang::engine
