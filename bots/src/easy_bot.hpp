// The easy bot: scores every command it may send with the heuristics of docs/bots.md and
// sends the best (ties: the first listed).
#pragma once
#include <cstdint>
#include <vector>

#include "loyang/bots/bot.hpp"

namespace loyang::bots::detail {

/// The easy bot's score of each command of `legal` (commands `seat` may send in `s`, a view
/// or a full state: it reads only what the seat may see) into `out`, higher is better.
/// `capped`: the turn has run too long, only ending it scores well.
void easy_scores(const engine::state& s, engine::player_id seat, const std::vector<engine::command>& legal,
                 bool capped, std::vector<double>& out);

/// Commands per turn after which the easy bot only ends its turn (a safety net: its plans
/// need far fewer, about 5-15).
inline constexpr int easy_turn_cap = 60;

/// The command types the easy bot never plans to send: Helpers it does not use, `undo`,
/// discarding a Helper. Each scores at most unplanned_score (score()'s catch-all case
/// fails to compile for a type not listed here).
inline constexpr std::uint64_t unplanned_commands = engine::command_bits<
    engine::cmd::undo, engine::cmd::use_book_keeper, engine::cmd::shop_add, engine::cmd::shop_remove,
    engine::cmd::con_man, engine::cmd::deliveryman, engine::cmd::foreman_take, engine::cmd::merchant,
    engine::cmd::activate_helper, engine::cmd::market_crier_refill, engine::cmd::market_crier_sell,
    engine::cmd::market_woman, engine::cmd::serve_regular_twice, engine::cmd::plough_clear,
    engine::cmd::subsistence_farmer, engine::cmd::tenant_buy_field, engine::cmd::tenant_swap_field,
    engine::cmd::tout_swap, engine::cmd::tout_buy, engine::cmd::trader, engine::cmd::con_man_offer,
    engine::cmd::subsistence_farmer_supply, engine::cmd::activate_saleswoman_blue, engine::cmd::discard_helper>;
inline constexpr double unplanned_score = -10.0;

/// The easy bot's choice for one seat, with its memory (commands in the current turn): the
/// easy bot itself and the strong bot's playouts (one per seat, on full states).
class easy_policy {
 public:
  /// The index in `legal` (not empty) of the best command; counts one command of the turn.
  std::size_t choose(const engine::state& s, engine::player_id seat, const std::vector<engine::command>& legal);
  /// choose() for playouts, without the list of legal commands: lists the candidates
  /// (engine::candidate_commands, without `undo`) into `buffer`, scores them and checks them
  /// best first until one is legal; returns its index in `buffer` (buffer.size(): none).
  /// The same command as choose() on the legal ones: their scores do not depend on the other
  /// commands listed, and both break ties by the listed order. The types the easy bot never
  /// plans (unplanned_commands) are listed only when no other legal command scores more.
  std::size_t choose_fast(const engine::state& s, engine::player_id seat, std::vector<engine::command>& buffer);
  /// Counts one command of the current turn; true once the turn has gone past easy_turn_cap.
  bool next_command(const engine::state& s);

 private:
  std::uint64_t turn_key_ = ~0ULL;
  int turn_commands_ = 0;
  std::vector<double> scores_;  // reused between calls
  /// The best legal one of `candidates` by scores_ (best first, ties to the first listed).
  std::size_t best_legal(const engine::state& s, engine::player_id seat, const std::vector<engine::command>& candidates);
};

class easy_bot final : public bot {
 public:
  engine::command choose(const seat_view& v, engine::rng& random) override;

 private:
  easy_policy policy_;
};

}  // namespace loyang::bots::detail
