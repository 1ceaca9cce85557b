// The strong bot: determinized Monte Carlo over the easy bot's best few commands (PIMC).
#include <algorithm>
#include <numeric>

#include "playout.hpp"
#include "loyang/bots/determinize.hpp"
#include "loyang/bots/strong.hpp"

namespace loyang::bots {

using namespace engine;

struct strong_bot::memory {
  detail::easy_policy own;  // counts this seat's commands per turn, as the easy bot does
  detail::playout_scratch scratch;
  std::vector<double> scores;
};

strong_bot::strong_bot(strong_options o) : options_(std::move(o)), memory_(std::make_unique<memory>()) {}
strong_bot::~strong_bot() = default;

command strong_bot::choose(const seat_view& v, rng& random) {
  last_ = {};
  const auto legal = legal_for(v);
  const state& view = v.state();
  const player_id seat = v.seat();
  auto& m = *memory_;
  const bool capped = m.own.next_command(view);
  detail::easy_scores(view, seat, legal, capped, m.scores);
  std::vector<std::size_t> order(legal.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return m.scores[a] > m.scores[b]; });
  // Nothing to weigh: one command, or a turn that has gone on too long (end it, as easy does).
  if (legal.size() == 1 || capped || options_.candidates <= 1 || options_.playouts <= 0) return legal[order.front()];
  order.resize(std::min(order.size(), static_cast<std::size_t>(options_.candidates)));
  const std::size_t n = order.size();
  for (std::size_t i : order) last_.candidates.push_back({legal[i], 0, 0.0});

  // Every candidate is played out from the same sampled states in turn (common random
  // numbers: the differences between candidates are less noisy than the outcomes).
  std::vector<double> sum(n, 0.0);
  state sampled;
  for (int i = 0; i < options_.playouts; ++i) {
    if (options_.out_of_time && options_.out_of_time()) {
      last_.stopped = true;
      break;
    }
    const auto k = static_cast<std::size_t>(i) % n;
    if (k == 0) sampled = determinize(view, seat, random);
    state s = sampled;
    ++last_.playouts;
    ++last_.candidates[k].playouts;
    if (apply(s, seat, last_.candidates[k].command)) {
      sum[k] -= 1000;  // cannot happen: legal_for's commands are legal in every consistent state
      continue;
    }
    detail::play_out_easy(s, m.scratch);
    sum[k] += detail::outcome(s, seat);
  }
  std::size_t best = 0;
  for (std::size_t k = 0; k < n; ++k) {
    auto& c = last_.candidates[k];
    if (c.playouts > 0) c.mean = sum[k] / c.playouts;
    if (c.playouts > 0 && (last_.candidates[best].playouts == 0 || c.mean > last_.candidates[best].mean)) best = k;
  }
  return last_.candidates[best].command;
}

int play_out(state& s) {
  detail::playout_scratch scratch;
  return detail::play_out_easy(s, scratch);
}

std::unique_ptr<strong_bot> make_strong_bot(strong_options o) { return std::make_unique<strong_bot>(std::move(o)); }

}  // namespace loyang::bots
