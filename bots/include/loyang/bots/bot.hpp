#pragma once
/// Bots (issue 24), after OpenSpiel's bots: a bot is asked for one command at a time and sees
/// only what its seat may know. The only way to hand it a state is a seat_view, which always
/// holds engine::view(state, seat): a bot cannot read other hands, the draw pile or the seed.
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "loyang/engine/game.hpp"
#include "loyang/engine/rng.hpp"

namespace loyang::bots {

/// What one seat may know: the redacted copy of a full state (engine::view).
class seat_view {
 public:
  /// Redacts `full` for `seat` (a seat of the game, 0-based). The full state is not kept.
  seat_view(const engine::state& full, engine::player_id seat)
      : state_(engine::view(full, seat)), seat_(seat) {}
  const engine::state& state() const { return state_; }
  engine::player_id seat() const { return seat_; }

 private:
  engine::state state_;
  engine::player_id seat_;
};

/// The commands the seat may send, as far as its view tells: engine::legal_commands on the
/// view, without `undo` (a view has no undo history) and without commands naming a hidden
/// field or card (the Tenant-farmer's pick from the own field pile, whose order the view hides).
/// Each of these is legal in the full state too (tests/bots check it along random games).
std::vector<engine::command> legal_for(const seat_view& v);

/// A player. `choose` needs a seat that has a legal command (legal_for not empty: the seat
/// is to act, or may act out of turn); it returns one of legal_for(v). Bots may keep a little
/// memory between calls within a game (the easy bot counts its commands per turn), so use one
/// bot object per seat and game. No I/O, no clock: `random` is the only source of chance.
class bot {
 public:
  virtual ~bot() = default;
  virtual engine::command choose(const seat_view& v, engine::rng& random) = 0;
};

/// Bot levels. `random`: uniform among legal_for (the server's bot until now). `easy`: the
/// heuristic player of docs/bots.md. `strong`: the easy bot's best few commands weighed by
/// determinized playouts (strong.hpp; make_bot gives it the default budget, strong_options).
/// `expert`: the same search with a larger budget (expert_options): slower, a little better.
enum class level : std::uint8_t { random, easy, strong, expert };

/// "random", "easy", "strong", "expert"; nullopt for another name.
std::optional<level> level_by_name(std::string_view name);
std::string_view to_string(level l);

/// A new bot of level `l`.
std::unique_ptr<bot> make_bot(level l);

}  // namespace loyang::bots
