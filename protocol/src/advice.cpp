// Advice for one seat: each legal command applied to a copy of the state (its preview), and the
// obvious commands the seat to act cannot send, applied to a copy for the engine's refusal.
#include "loyang/protocol/advice.hpp"

#include <algorithm>
#include <array>
#include <string_view>

#include "loyang/engine/data.hpp"
#include "loyang/engine/events.hpp"

namespace loyang::protocol {
namespace {

using namespace engine;

const player_state& seat_of(const state& s, player_id p) { return s.players[std::size_t(p)]; }

veg_counts minus(const veg_counts& a, const veg_counts& b) {
  veg_counts d;
  for (veg v : all_vegs) d[v] = static_cast<std::int16_t>(a[v] - b[v]);
  return d;
}

veg_counts goods_of(const player_state& ps) {
  veg_counts g = ps.cart;
  for (veg v : all_vegs) g[v] = static_cast<std::int16_t>(g[v] + ps.storehouse[v]);
  return g;
}

// Whether a Satisfaction marker of the seat turned: compared card by card (a card that left
// the play area turned nothing).
preview::marker_change marker_turned(const player_state& before, const player_state& after) {
  for (const auto& now : after.played) {
    const auto was = std::find_if(before.played.begin(), before.played.end(),
                                  [&](const played_card& pc) { return pc.card == now.card; });
    if (was == before.played.end() || was->red == now.red) continue;
    return now.red ? preview::marker_change::red : preview::marker_change::blue;
  }
  return preview::marker_change::none;
}

// `scratch` becomes a copy of `s` to try commands on. Its fixed reshuffles (scripted games
// only) are dropped: a preview must not depend on the order of cards it may not know, and a
// fixed order that does not fit would make apply() throw.
void copy_for_trying(const state& s, state& scratch) {
  scratch = s;
  scratch.reshuffles = {};
}

// What the harvest of a round that `c` begins by itself gave `seat` (the vegetables from his
// fields): not the command's doing, since every choice at that point leads to the same
// harvest. Applied again with events, only in the rare case a new round began.
veg_counts harvest_after(const state& s, player_id seat, const command& c, state& scratch) {
  copy_for_trying(s, scratch);
  event_list events;
  veg_counts got;
  if (apply(scratch, seat, c, &events)) return got;
  bool harvest = false;
  for (const auto& e : events) {
    harvest = harvest || std::holds_alternative<ev::round_started>(e);
    const auto* h = std::get_if<ev::harvested>(&e);
    if (harvest && h && h->to == seat) got[h->crop] = static_cast<std::int16_t>(got[h->crop] + h->amount);
  }
  return got;
}

preview preview_of(const state& s, player_id seat, const command& c, state& scratch) {
  copy_for_trying(s, scratch);
  preview out;
  if (apply(scratch, seat, c)) return out;  // not legal after all: nothing to show
  const auto& before = seat_of(s, seat);
  const auto& after = seat_of(scratch, seat);
  out.cash = after.cash - before.cash;
  out.loans = after.loans - before.loans;
  out.position = after.position - before.position;
  out.goods = minus(goods_of(after), goods_of(before));
  out.shop = minus(after.shop, before.shop);
  out.marker = marker_turned(before, after);
  out.undo = std::holds_alternative<cmd::undo>(c) || undo_available(scratch, seat);
  if (scratch.round != s.round) out.goods = minus(out.goods, harvest_after(s, seat, c, scratch));
  return out;
}

// The commands a player looks for at this step, from the state's public data only; the engine
// decides which are refused and why. Those it allows are in `legal` and left out later.
std::vector<command> candidates(const state& s, player_id seat) {
  std::vector<command> out;
  const auto& ps = seat_of(s, seat);
  switch (s.current_step) {
    case step::plant_home:
      for (veg v : all_vegs) out.emplace_back(cmd::plant_home{v});
      break;
    case step::main:
      for (const auto& pc : ps.played) {
        if (kind_of(pc.card) == card_kind::regular) {
          out.emplace_back(cmd::serve_regular{pc.card});
          out.emplace_back(cmd::skip_regular{pc.card});
        } else if (kind_of(pc.card) == card_kind::casual) {
          out.emplace_back(cmd::serve_casual{pc.card});
        }
      }
      for (veg v : all_vegs) out.emplace_back(cmd::buy{v});
      out.emplace_back(cmd::buy_two_pack{});
      out.emplace_back(cmd::end_turn{});
      break;
    case step::two_pack: {  // keep none, either card, or both in either order
      out.emplace_back(cmd::keep_two_pack{no_card, no_card});
      for (card_id top : s.two_pack) {
        if (top == no_card) continue;
        out.emplace_back(cmd::keep_two_pack{top, no_card});
        for (card_id bottom : s.two_pack)
          if (bottom != no_card && bottom != top) out.emplace_back(cmd::keep_two_pack{top, bottom});
      }
      break;
    }
    case step::store:
      out.emplace_back(cmd::upgrade_storehouse{});
      break;
    case step::advance:  // what a client offers besides the legal moves: a few spaces more
      for (int steps = 1; steps <= 5; ++steps) out.emplace_back(cmd::advance{steps});
      break;
    case step::offer:
      for (card_id c : s.offer)
        if (c != no_card) out.emplace_back(cmd::buy_from_offer{c});
      break;
    default:
      break;
  }
  return out;
}

// What a command refused for not_enough_cash would cost: the Cash it takes from a copy of the
// state in which the seat has 1000 more. (The engine's payment check may also let a player who
// can neither sell nor borrow pay less than the price: with 1000 more he pays it all, so this
// is the price itself.) Unset when the copy refuses it too.
std::optional<int> price_of(const state& s, player_id seat, const command& c, state& scratch) {
  copy_for_trying(s, scratch);
  constexpr int more = 1000;
  scratch.players[std::size_t(seat)].cash += more;
  if (apply(scratch, seat, c)) return std::nullopt;
  const int paid = seat_of(s, seat).cash + more - seat_of(scratch, seat).cash;
  return paid > 0 ? std::optional<int>(paid) : std::nullopt;
}

// The vegetables a command refused for not_in_cart lacks: tried on a copy whose cart holds
// `more` of each vegetable besides, what it took beyond the cart the seat has. Unset when the
// copy refuses it too.
std::optional<veg_counts> missing_for(const state& s, player_id seat, const command& c, state& scratch) {
  copy_for_trying(s, scratch);
  constexpr int more = 20;
  auto& cart = scratch.players[std::size_t(seat)].cart;
  for (veg v : all_vegs) cart[v] = static_cast<std::int16_t>(cart[v] + more);
  if (apply(scratch, seat, c)) return std::nullopt;
  const auto& have = seat_of(s, seat).cart;
  const auto& left = seat_of(scratch, seat).cart;
  veg_counts out;
  for (veg v : all_vegs) {
    const int used = have[v] + more - left[v];
    out[v] = static_cast<std::int16_t>(std::max(0, used - have[v]));
  }
  if (out == veg_counts{}) return std::nullopt;
  return out;
}

}  // namespace

bool not_applicable(std::string_view code) {
  static constexpr std::array<std::string_view, 11> codes{
      "game_over",       "not_your_turn",    "wrong_step",          "bad_player",
      "not_home_crop",   "no_such_customer", "customer_handled",    "storehouse_upgraded",
      "bad_steps",       "not_in_two_pack",  "not_in_offer"};
  return std::find(codes.begin(), codes.end(), code) != codes.end();
}

advice advise(const state& s, player_id seat, const std::vector<command>& legal) {
  advice out;
  if (seat < 0 || std::size_t(seat) >= s.players.size()) return out;
  state scratch;
  out.legal.reserve(legal.size());
  for (const auto& c : legal) out.legal.push_back(preview_of(s, seat, c, scratch));

  const auto acting = to_act(s);
  if (std::find(acting.begin(), acting.end(), seat) == acting.end()) return out;
  bool scratch_is_s = false;  // refused commands leave the scratch copy as it was
  for (const auto& c : candidates(s, seat)) {
    if (std::find(legal.begin(), legal.end(), c) != legal.end()) continue;
    if (!scratch_is_s) copy_for_trying(s, scratch);
    auto error = apply(scratch, seat, c);
    scratch_is_s = error.has_value();
    if (!error || not_applicable(error->code)) continue;
    blocked_command b{c, std::move(*error), std::nullopt, std::nullopt, std::nullopt};
    if (b.error.code == "not_enough_cash") {
      b.cash = seat_of(s, seat).cash;
      b.cost = price_of(s, seat, c, scratch);
      scratch_is_s = false;
    } else if (b.error.code == "not_in_cart") {
      b.missing = missing_for(s, seat, c, scratch);
      scratch_is_s = false;
    }
    out.blocked.push_back(std::move(b));
  }
  return out;
}

}  // namespace loyang::protocol
