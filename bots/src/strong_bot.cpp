// The strong bot: determinized Monte Carlo over the easy bot's best few commands (PIMC).
#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <tuple>

#include "playout.hpp"
#include "loyang/bots/determinize.hpp"
#include "loyang/bots/strong.hpp"

namespace loyang::bots {

using namespace engine;

namespace {

/// The indices of `legal` in the easy bot's order, best first.
std::vector<std::size_t> easy_order(const state& view, player_id seat, const std::vector<command>& legal, bool capped,
                                    std::vector<double>& scores) {
  detail::easy_scores(view, seat, legal, capped, scores);
  std::vector<std::size_t> order(legal.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return scores[a] > scores[b]; });
  return order;
}

/// A loan must beat the best other candidate by this many standard errors of their paired
/// difference to be chosen (about 2.3% of equal pairs pass by chance).
constexpr double loan_z = 2.0;

bool is_loan(const command& c) { return std::holds_alternative<cmd::take_loan>(c); }

/// Marks the loans of `r` not shown to be needed (candidate_result::held_back). `seen[k]` holds
/// candidate k's outcomes, sample by sample (the same sampled states for every candidate).
void hold_back_loans(const state& view, search_report& r, const std::vector<std::vector<float>>& seen) {
  const std::size_t n = r.candidates.size();
  std::size_t other = n;  // the best weighed candidate that is not a loan
  for (std::size_t k = 0; k < n; ++k) {
    const auto& c = r.candidates[k];
    if (!is_loan(c.command) && c.playouts > 0 && (other == n || c.mean > r.candidates[other].mean)) other = k;
  }
  if (other == n) return;  // nothing else to do but a loan
  for (std::size_t k = 0; k < n; ++k) {
    auto& c = r.candidates[k];
    if (!is_loan(c.command) || c.playouts == 0) continue;
    // At the start a loan only buys Cash the game has not yet asked for.
    if (view.round <= 1) {
      c.held_back = true;
      continue;
    }
    const std::size_t m = std::min(seen[k].size(), seen[other].size());
    double sum = 0, squares = 0;
    for (std::size_t j = 0; j < m; ++j) {
      const double d = double(seen[k][j]) - double(seen[other][j]);
      sum += d;
      squares += d * d;
    }
    if (m < 2) {
      c.held_back = true;
      continue;
    }
    const double mean = sum / double(m);
    const double variance = std::max(0.0, (squares - double(m) * mean * mean) / double(m - 1));
    c.held_back = !(mean > loan_z * std::sqrt(variance / double(m)));
  }
}

/// Plays every candidate of `r` out from the same sampled states in turn (common random
/// numbers: the differences between candidates are less noisy than the outcomes).
void play_candidates(const state& view, player_id seat, const strong_options& o, rng& random,
                     detail::playout_scratch& scratch, search_report& r) {
  const std::size_t n = r.candidates.size();
  const bool solo = view.opts.players == 1;
  std::vector<double> sum(n, 0.0), wins(n, 0.0), margin(n, 0.0);
  std::vector<std::vector<float>> seen(n);
  for (auto& v : seen) v.reserve(static_cast<std::size_t>(std::max(o.playouts, 0)) / n + 1);
  state sampled;
  for (int i = 0; i < o.playouts; ++i) {
    if (o.out_of_time && o.out_of_time()) {
      r.stopped = true;
      break;
    }
    const auto k = static_cast<std::size_t>(i) % n;
    if (k == 0) sampled = determinize(view, seat, random);
    state s = sampled;
    ++r.playouts;
    ++r.candidates[k].playouts;
    if (apply(s, seat, r.candidates[k].command)) {
      sum[k] -= 1000;  // cannot happen: legal_for's commands are legal in every consistent state
      seen[k].push_back(-1000.0F);
      continue;
    }
    detail::play_out_easy(s, scratch);
    const auto out = detail::outcome_of(s, seat);
    sum[k] += out.value(solo);
    seen[k].push_back(static_cast<float>(out.value(solo)));
    wins[k] += out.first ? 1.0 : 0.0;
    margin[k] += out.margin;
  }
  for (std::size_t k = 0; k < n; ++k) {
    auto& c = r.candidates[k];
    if (c.playouts == 0) continue;
    c.mean = sum[k] / c.playouts;
    c.wins = wins[k] / c.playouts;
    c.margin = margin[k] / c.playouts;
  }
  hold_back_loans(view, r, seen);
}

}  // namespace

struct strong_bot::memory {
  detail::easy_policy own;  // counts this seat's commands per turn, as the easy bot does
  detail::playout_scratch scratch;
  std::vector<double> scores;
};

strong_options expert_options() {
  strong_options o;
  o.playouts = 3000;
  o.candidates = 12;
  return o;
}

strong_options hint_options(const options& game) { return game.players == 1 ? expert_options() : strong_options{}; }

strong_bot::strong_bot(strong_options o)
    : options_(std::move(o)), full_playouts_(options_.playouts), memory_(std::make_unique<memory>()) {}
strong_bot::~strong_bot() = default;

command strong_bot::choose(const seat_view& v, rng& random) {
  last_ = {};
  const auto legal = legal_for(v);
  auto& m = *memory_;
  const bool capped = m.own.next_command(v.state());
  auto order = easy_order(v.state(), v.seat(), legal, capped, m.scores);
  // Nothing to weigh: one command, or a turn that has gone on too long (end it, as easy does).
  if (legal.size() == 1 || capped || options_.candidates <= 1 || options_.playouts <= 0) return legal[order.front()];
  order.resize(std::min(order.size(), static_cast<std::size_t>(options_.candidates)));
  for (std::size_t i : order) last_.candidates.push_back({legal[i]});
  play_candidates(v.state(), v.seat(), options_, random, m.scratch, last_);
  const auto best = best_candidate(last_);
  // Stopped before any playout: the easy bot's choice.
  return last_.candidates[best < last_.candidates.size() ? best : 0].command;
}

search_report weigh(const seat_view& v, rng& random, const strong_options& o, const std::optional<command>& also) {
  const auto legal = legal_for(v);
  if (legal.empty()) throw std::invalid_argument("weigh: the seat has no command to send");
  if (also && std::find(legal.begin(), legal.end(), *also) == legal.end())
    throw std::invalid_argument("weigh: the command to weigh is not one the seat may send");
  search_report r;
  if (legal.size() == 1 || o.playouts < 1) return r;
  std::vector<double> scores;
  auto order = easy_order(v.state(), v.seat(), legal, false, scores);
  order.resize(std::min(order.size(), static_cast<std::size_t>(std::max(o.candidates, 1))));
  for (std::size_t i : order) r.candidates.push_back({legal[i]});
  const bool listed = also && std::any_of(r.candidates.begin(), r.candidates.end(),
                                          [&](const candidate_result& c) { return c.command == *also; });
  if (also && !listed) r.candidates.push_back({*also});
  detail::playout_scratch scratch;
  play_candidates(v.state(), v.seat(), o, random, scratch, r);
  return r;
}

bool ranks_above(const candidate_result& a, const candidate_result& b) {
  return std::tuple(a.playouts > 0, !a.held_back, a.mean) > std::tuple(b.playouts > 0, !b.held_back, b.mean);
}

std::size_t best_candidate(const search_report& r) {
  const std::size_t none = r.candidates.size();
  std::size_t best = none;
  for (std::size_t k = 0; k < none; ++k) {
    if (r.candidates[k].playouts == 0) continue;
    if (best == none || ranks_above(r.candidates[k], r.candidates[best])) best = k;
  }
  return best;
}

int play_out(state& s) {
  detail::playout_scratch scratch;
  return detail::play_out_easy(s, scratch);
}

std::unique_ptr<strong_bot> make_strong_bot(strong_options o) { return std::make_unique<strong_bot>(std::move(o)); }

}  // namespace loyang::bots
