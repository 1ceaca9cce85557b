// legal_commands(): candidates per decision, each filtered through the same check as apply().
#include <algorithm>

#include "command_rules.hpp"

namespace loyang::engine {
namespace {

using namespace detail;

struct lister {
  const state& s;
  player_id p;
  std::vector<command>& out;
  template <class T>
  void offer(const T& c) {
    if (check_command(s, p, c) == ok) out.emplace_back(c);
  }
};

void list_distribution(lister& l, const player_state& ps) {
  const state& s = l.s;
  l.offer(cmd::reveal_courtyard{});
  for (card_id h : ps.hand) l.offer(cmd::place_in_courtyard{h});
  const auto offer_takes = [&](card_id h) {
    if (s.courtyard.empty()) l.offer(cmd::take_cards{h, no_card});
    for (card_id c : s.courtyard) l.offer(cmd::take_cards{h, c});
  };
  for (card_id h : ps.hand) offer_takes(h);
  if (ps.intro != no_card) offer_takes(ps.intro);
}

void list_main(lister& l, const player_state& ps) {
  for (const auto& f : ps.fields)
    if (f.count == 0)
      for (veg v : all_vegs)
        if (ps.cart[v] > 0) l.offer(cmd::sow{v, f.id});
  for (veg v : all_vegs) l.offer(cmd::buy{v});
  for (const auto& pc : ps.played) {
    const auto& info = card(pc.card);
    switch (info.kind) {
      case card_kind::market_stall:
        for (int g = 0; g < 3; ++g) {
          if (!(pc.stall_left & (1u << g))) continue;
          for (veg a : all_vegs) {
            if (ps.cart[a] <= 0) continue;
            if (info.costs[static_cast<std::size_t>(g)] == 1) {
              l.offer(cmd::trade{pc.card, info.goods[static_cast<std::size_t>(g)], a, std::nullopt});
              continue;
            }
            for (veg b : all_vegs)
              if (b >= a) l.offer(cmd::trade{pc.card, info.goods[static_cast<std::size_t>(g)], a, b});
          }
        }
        break;
      case card_kind::regular:
        l.offer(cmd::serve_regular{pc.card});
        l.offer(cmd::skip_regular{pc.card});
        break;
      case card_kind::casual:
        l.offer(cmd::serve_casual{pc.card});
        break;
      default:
        break;
    }
  }
  l.offer(cmd::buy_two_pack{});
  l.offer(cmd::end_turn{});
}

void list_two_pack(lister& l) {
  const auto& tp = l.s.two_pack;
  l.offer(cmd::keep_two_pack{no_card, no_card});
  for (card_id a : tp) {
    if (a == no_card) continue;
    l.offer(cmd::keep_two_pack{a, no_card});
    for (card_id b : tp)
      if (b != no_card && b != a) l.offer(cmd::keep_two_pack{a, b});
  }
}

}  // namespace

std::vector<command> legal_commands(const state& s, player_id player) {
  std::vector<command> out;
  out.reserve(48);
  legal_commands(s, player, out);
  return out;
}

void legal_commands(const state& s, player_id player, std::vector<command>& out) {
  out.clear();
  if (s.current_phase == phase::finished || player < 0 || player >= player_count(s)) return;
  lister l{s, player, out};
  const auto& ps = pl(s, player);
  if (player == s.active) {
    switch (s.current_step) {
      case step::plant_home:
        for (veg v : all_vegs) l.offer(cmd::plant_home{v});
        break;
      case step::distribution:
        list_distribution(l, ps);
        break;
      case step::choose_partner:
        for (player_id q = 0; q < player_count(s); ++q) l.offer(cmd::choose_partner{q});
        break;
      case step::main:
        list_main(l, ps);
        break;
      case step::two_pack:
        list_two_pack(l);
        break;
      case step::store:
        l.offer(cmd::upgrade_storehouse{});
        for (veg v : all_vegs) l.offer(cmd::discard_veg{v});
        break;
      case step::advance:
        for (int n = 0; ps.position + n <= path_end; ++n) {
          if (ps.cash < path_cost(ps.position, n)) break;
          out.emplace_back(cmd::advance{n});
        }
        break;
      case step::finished:
        break;
    }
  }
  if (undo_available(s, player)) out.emplace_back(cmd::undo{});
  for (veg v : all_vegs) l.offer(cmd::sell{v});
  l.offer(cmd::take_loan{});
  for (const auto& pc : ps.played)
    if (kind_of(pc.card) == card_kind::helper) l.offer(cmd::discard_helper{pc.card});
}

}  // namespace loyang::engine
