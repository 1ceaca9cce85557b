#include "easy_bot.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>

#include "plan.hpp"
#include "worth.hpp"
#include "loyang/engine/data.hpp"

namespace loyang::bots::detail {

using namespace engine;

namespace {

template <class... F>
struct overloaded : F... {
  using F::operator()...;
};
template <class... F>
overloaded(F...) -> overloaded<F...>;

/// Cash kept back after moving on the Path (before the last round): enough to buy the
/// vegetables and the field of the next round without a loan.
constexpr int path_reserve = 6;

/// How far to move: always the first step (1 Cash, the cheapest step there is), then as far
/// as the Cash above the reserve goes; in the last round as far as the Cash goes.
int steps_wanted(const state& s, const player_state& ps) {
  const int spend = s.round >= rounds ? ps.cash : std::max(ps.cash - path_reserve, std::min(ps.cash, 1));
  int n = 0;
  while (ps.position + n + 1 <= path_end && path_cost(ps.position, n + 1) <= spend) ++n;
  return n;
}

/// card_value(s, seat, c) of the cards asked so far in one scoring: the Card phase asks for
/// each card of every hand-Courtyard pair, and the value depends only on the state and the card.
struct card_values {
  card_values() {}  // `of` stays uninitialised: only read where known
  double of[action_card_count];
  std::uint64_t known_low = 0, known_high = 0;  ///< bit c (c - 64): of[c] is known
};

struct context {
  // A constructor, not aggregate initialisation: that zeroed the whole (2 KB) context first.
  context(const state& s_, player_id seat_, bool capped_)
      : s(s_), seat(seat_), ps(s_.players[static_cast<std::size_t>(seat_)]), capped(capped_) {}

  const state& s;
  player_id seat;
  const player_state& ps;
  bool capped;             ///< this turn has run too long: end it
  std::optional<turn_plan> plan;  ///< Action phase turns only
  double best_courtyard = 0;  ///< Card phase: the best Courtyard card's value
  card_values values;

  double value(card_id c) {
    if (c >= action_card_count) return card_value(s, seat, c);  // no_card, hidden_card: 0
    std::uint64_t& known = c < 64 ? values.known_low : values.known_high;
    const std::uint64_t bit = std::uint64_t{1} << (c % 64);
    if (!(known & bit)) {
      values.of[c] = card_value(s, seat, c);
      known |= bit;
    }
    return values.of[c];
  }
};

bool planned_serve(const context& x, card_id c) {
  return x.plan && std::any_of(x.plan->serves.begin(), x.plan->serves.end(), [&](const auto& p) { return p.card == c; });
}
double planned_serve_net(const context& x, card_id c) {
  for (const auto& p : x.plan->serves)
    if (p.card == c) return p.net;
  return 0;
}
int planned_buys(const context& x, veg v) {
  return x.plan ? static_cast<int>(std::count(x.plan->buys.begin(), x.plan->buys.end(), v)) : 0;
}
int offer_row_price(const state& s, card_id c) {
  for (int i = 0; i < offer_slots; ++i)
    if (s.offer[static_cast<std::size_t>(i)] == c) return i < offer_columns ? 0 : i < 2 * offer_columns ? 1 : 2;
  return 2;
}

/// The score of each command of `list` into `out`: higher is better; the comment on each case
/// says why. One visitor for the whole list (it holds a reference per case: building it per
/// command cost more than most cases' scoring).
void score_all(context& x, const std::vector<command>& list, std::vector<double>& out) {
  const state& s = x.s;
  const auto& ps = x.ps;
  const bool main = s.current_step == step::main;
  const auto score =
      overloaded{
          // Setup: the Home field gives 9 harvests of the crop; the dearer crop pays more later.
          [&](const cmd::plant_home& m) { return 9 * crop_worth(m.crop) - buy_price(m.crop); },
          // 2 players: a free extra card to choose from.
          [&](const cmd::reveal_courtyard&) { return 2000.0; },
          // Wait (give up the worst hand card) only while the Courtyard offers nothing good.
          [&](const cmd::place_in_courtyard& m) {
            const bool wait = ps.hand.size() >= 3 && x.best_courtyard < 3.0;
            return wait ? 1000.0 - x.value(m.card) : -1000.0;
          },
          // Take the pair worth most to us.
          [&](const cmd::take_cards& m) { return x.value(m.hand) + x.value(m.courtyard); },
          // The partner matters little to the easy bot: the one furthest behind.
          [&](const cmd::choose_partner& m) { return -static_cast<double>(s.players[static_cast<std::size_t>(m.partner)].position); },
          // Serve the customers of the plan; the plan says which pay for their vegetables.
          [&](const cmd::serve_regular& m) { return planned_serve(x, m.card) ? 100 + planned_serve_net(x, m.card) : -1.0; },
          [&](const cmd::serve_casual& m) { return planned_serve(x, m.card) ? 100 + planned_serve_net(x, m.card) : -1.0; },
          // Sow as planned: a sown field gives one vegetable per space over the rounds left.
          [&](const cmd::sow& m) {
            if (!x.plan) return -2.0;
            for (const auto& p : x.plan->sows)
              if (p.field == m.field && p.crop == m.crop) return 90 + p.net;
            return -2.0;
          },
          // Buy only what a planned sowing or customer needs (never to sell again: loses Cash).
          [&](const cmd::buy& m) { return planned_buys(x, m.crop) > 0 ? 60.0 : -5.0; },
          // The Shopper buys the same for 2 less, the Haggler two for the price of one.
          [&](const cmd::shopper& m) { return !m.with_haggler && planned_buys(x, m.crop) > 0 ? 61.0 : -5.0; },
          [&](const cmd::haggler& m) { return planned_buys(x, m.crop) >= 2 ? 62.0 : -5.0; },
          // Trade as planned: spare vegetables into one a customer wants.
          [&](const cmd::trade& m) {
            return x.plan && std::find(x.plan->trades.begin(), x.plan->trades.end(), m) != x.plan->trades.end() ? 60.0 : -5.0;
          },
          // Skip a Regular customer the plan cannot serve at a profit (after everything else).
          [&](const cmd::skip_regular& m) { return x.capped ? 900.0 : planned_serve(x, m.card) ? -1.0 : 20.0; },
          // Spare vegetables (beyond what is planned and what the Storehouse keeps) are sold
          // rather than thrown away at the end of the turn; otherwise selling loses value.
          [&](const cmd::sell& m) {
            if (main && x.plan && x.plan->spare[m.crop] > 0) return 10.0 + sell_price(m.crop);
            return sell_price(m.crop) - hold_worth(m.crop) - (s.current_step == step::store ? 0.0 : 3.0);
          },
          // A cheap Two-pack is a cheap pair of cards; only with Cash to spare, not at the end.
          [&](const cmd::buy_two_pack&) {
            const int price = two_pack_price(s, x.seat);
            return s.round < rounds && price <= 2 && ps.cash - price >= 4 ? 30.0 - price : -5.0;
          },
          // Keep the better card on top; a second one under it only when clearly good (it
          // waits there), never a field (paid now, sown only later).
          [&](const cmd::keep_two_pack& m) {
            if (m.top == no_card) return 0.0;
            double v = x.value(m.top);
            if (m.bottom != no_card) {
              const double b = x.value(m.bottom);
              if (b <= 1.0 || kind_of(m.bottom) == card_kind::common_field) return -5.0;
              v += 0.5 * b;
            }
            return v;
          },
          // Loans cost a step on the Path at the end (worth far more than 5 Cash by then):
          // only when nothing else is possible.
          [&](const cmd::take_loan&) { return -50.0; },
          // Nothing useful left (all Regular customers handled, or it has gone on too long).
          [&](const cmd::end_turn&) { return x.capped ? 1000.0 : 0.0; },
          // The larger Storehouse keeps 3 more vegetables every round: worth 2 Cash early on.
          [&](const cmd::upgrade_storehouse&) {
            return s.round <= 7 && ps.cash >= 4 && ps.cart.total() >= 3 ? 5.0 : -5.0;
          },
          // Over the Storehouse's size: throw away the least useful vegetable.
          [&](const cmd::discard_veg& m) { return -hold_worth(m.crop); },
          [&](const cmd::advance& m) { return -std::abs(m.steps - steps_wanted(s, ps)) * 1.0; },
          // Red markers cost 2 Cash per skip: turn them blue.
          [&](const cmd::saleswoman_blue&) {
            const bool red = std::any_of(ps.played.begin(), ps.played.end(), [](const played_card& p) { return p.red; });
            return red ? 40.0 : -5.0;
          },
          // Vegetables now instead of next round, and the fields free to sow again.
          [&](const cmd::plough_harvest&) {
            const bool ones = std::any_of(ps.fields.begin(), ps.fields.end(),
                                          [](const field& f) { return f.id != home_field && f.count == 1; });
            return ones ? 50.0 : -5.0;
          },
          // Late in the game the fields' remaining vegetables are worth more now than left over.
          [&](const cmd::harvest_helper& m) { return s.round >= 7 ? static_cast<double>(std::popcount(m.fields)) : -1.0; },
          [&](const cmd::skip_harvest_helper&) { return 0.5; },
          // Solo: buy from the Offer what is worth more than its row's price.
          [&](const cmd::buy_from_offer& m) { return x.value(m.card) - offer_row_price(s, m.card); },
          [&](const cmd::finish_offer&) { return 0.3; },
          // Squire: more cards when they are worth having.
          [&](const cmd::squire_take& m) { return x.value(m.card) - 0.5; },
          [&](const cmd::finish_taking&) { return 0.0; },
          // Book-keeper (only entered by accident): finish, paid for the most common crop.
          [&](const cmd::book_keeper_done& m) {
            return 10.0 + static_cast<double>(std::count_if(ps.fields.begin(), ps.fields.end(),
                                                             [&](const field& f) { return f.count > 0 && f.crop == m.crop; }));
          },
          [&](const cmd::foreman_pass&) { return 0.0; },
          // Helpers the easy bot has no plan for, and discarding them: not used.
          [&](const cmd::discard_helper&) { return -20.0; },
          [&]<class T>(const T&) {
            static_assert(unplanned_commands & command_bits<T>, "a command type the easy bot plans needs its score");
            return unplanned_score;
          },
      };
  out.clear();
  out.reserve(list.size());
  for (const auto& c : list) out.push_back(std::visit(score, c));
}

}  // namespace

void easy_scores(const state& s, player_id seat, const std::vector<command>& legal, bool capped,
                 std::vector<double>& out) {
  context x(s, seat, capped);
  if (s.current_step == step::main && s.active == seat) x.plan.emplace(make_plan(s, seat));
  if (s.current_step == step::distribution) {
    for (card_id c : s.courtyard) x.best_courtyard = std::max(x.best_courtyard, x.value(c));
  }
  score_all(x, legal, out);
}

bool easy_policy::next_command(const state& s) {
  const std::uint64_t key = (std::uint64_t{s.round} << 8) | static_cast<std::uint64_t>(s.current_phase);
  if (key != turn_key_) {
    turn_key_ = key;
    turn_commands_ = 0;
  }
  return ++turn_commands_ > easy_turn_cap;
}

std::size_t easy_policy::choose(const state& s, player_id seat, const std::vector<command>& legal) {
  easy_scores(s, seat, legal, next_command(s), scores_);
  // Ties go to the first command listed: the easy bot is deterministic.
  return static_cast<std::size_t>(std::max_element(scores_.begin(), scores_.end()) - scores_.begin());
}

std::size_t easy_policy::best_legal(const state& s, player_id seat, const std::vector<command>& candidates) {
  // A refused candidate drops to -infinity, which never wins a comparison with `>`.
  constexpr double refused = -std::numeric_limits<double>::infinity();
  const std::size_t n = candidates.size();
  // The best few in order, in one pass (about 5 are checked per command: a planned customer
  // or sowing waits for a vegetable still to be bought, a Card phase command for its moment).
  constexpr std::size_t few = 8;
  std::array<std::size_t, few> top;
  std::size_t k = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double v = scores_[i];
    if (k == few && !(v > scores_[top[few - 1]])) continue;
    std::size_t j = k < few ? k++ : few - 1;
    for (; j > 0 && scores_[top[j - 1]] < v; --j) top[j] = top[j - 1];  // ties: the first listed first
    top[j] = i;
  }
  for (std::size_t t = 0; t < k; ++t) {
    if (is_legal(s, seat, candidates[top[t]])) return top[t];
    scores_[top[t]] = refused;
  }
  // All of them refused: the rest one at a time.
  for (std::size_t tries = k; tries < n; ++tries) {
    std::size_t best = n;
    double top = refused;
    for (std::size_t i = 0; i < n; ++i)
      if (scores_[i] > top) {
        top = scores_[i];
        best = i;
      }
    if (best == n || is_legal(s, seat, candidates[best])) return best;
    scores_[best] = refused;
  }
  return n;
}

std::size_t easy_policy::choose_fast(const state& s, player_id seat, std::vector<command>& buffer) {
  const auto is_undo = [](const command& c) { return std::holds_alternative<cmd::undo>(c); };
  const bool capped = next_command(s);
  // First without the commands never planned: when a legal one scores above them all, it is
  // the best of the full list too.
  candidate_commands(s, seat, buffer, unplanned_commands);
  easy_scores(s, seat, buffer, capped, scores_);
  std::size_t at = best_legal(s, seat, buffer);
  if (at < buffer.size() && scores_[at] > unplanned_score) return at;
  candidate_commands(s, seat, buffer);
  std::erase_if(buffer, is_undo);
  easy_scores(s, seat, buffer, capped, scores_);
  return best_legal(s, seat, buffer);
}

command easy_bot::choose(const seat_view& v, rng& random) {
  (void)random;  // deterministic
  const auto legal = legal_for(v);
  return legal[policy_.choose(v.state(), v.seat(), legal)];
}

}  // namespace loyang::bots::detail
