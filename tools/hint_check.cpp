#include "hint_check.hpp"

#include <algorithm>
#include <variant>

namespace loyang::tools {

void hint_tally::add(const hint_tally& o) {
  checked += o.checked;
  differing += o.differing;
  gain_sum += o.gain_sum;
  gain_squares += o.gain_squares;
  worse += o.worse;
  worst = std::min(worst, o.worst);
  loans += o.loans;
  first_round_loans += o.first_round_loans;
}

hint_checker::hint_checker(std::unique_ptr<bots::bot> inner, hint_check_options o, std::uint64_t seed, hint_tally& tally)
    : inner_(std::move(inner)), options_(o), random_(seed), tally_(tally) {}

engine::command hint_checker::choose(const bots::seat_view& v, engine::rng& random) {
  const auto acting = engine::to_act(v.state());
  // Hints are for the seat whose turn it is, as the server offers them.
  if (std::find(acting.begin(), acting.end(), v.seat()) != acting.end() && bots::legal_for(v).size() > 1 &&
      decisions_++ % options_.every == 0) {
    check(v);
  }
  return inner_->choose(v, random);
}

void hint_checker::check(const bots::seat_view& v) {
  auto o = bots::hint_options(v.state().opts);
  if (options_.hint_playouts) o.playouts = *options_.hint_playouts;
  const auto r = bots::weigh(v, random_, o);
  const auto best = bots::best_candidate(r);
  if (best >= r.candidates.size()) return;
  ++tally_.checked;
  const auto& hint = r.candidates[best].command;
  if (std::holds_alternative<engine::cmd::take_loan>(hint)) {
    ++tally_.loans;
    if (v.state().round <= 1) ++tally_.first_round_loans;
  }
  // The candidates come in the easy bot's order: the first is its choice.
  if (best == 0) return;
  ++tally_.differing;
  bots::strong_options judge;
  judge.playouts = options_.judge_playouts;
  judge.candidates = 1;  // the easy bot's choice, and the hint beside it
  const auto j = bots::weigh(v, random_, judge, hint);
  if (j.candidates.size() != 2) return;
  const double gain = j.candidates[1].mean - j.candidates[0].mean;
  tally_.gain_sum += gain;
  tally_.gain_squares += gain * gain;
  tally_.worst = std::min(tally_.worst, gain);
  if (gain < -worse_by(v.state().opts)) ++tally_.worse;
}

}  // namespace loyang::tools
