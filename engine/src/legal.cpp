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
  bool checked = true;    ///< false: candidate_commands, every candidate listed unchecked
  std::uint64_t skip = 0;  ///< candidate_commands: the types left out (command_bits)
  template <class T>
  void offer(const T& c) {
    if (skip & command_bits<T>) return;
    if (!checked || check_command(s, p, c) == ok) out.emplace_back(c);
  }
  /// A command listed without a check (it is legal by construction).
  template <class T>
  void add(const T& c) {
    if (!(skip & command_bits<T>)) out.emplace_back(c);
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

void list_helpers(lister& l, const player_state& ps);

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
  list_helpers(l, ps);
  l.offer(cmd::end_turn{});
}

/// Market crier option 2: every set of 1-3 goods on the own stalls, in canonical order.
void list_crier_sales(lister& l, const player_state& ps) {
  if (find_helper(ps, helper_kind::market_crier) < 0) return;
  std::vector<std::pair<card_id, veg>> goods;
  for (const auto& pc : ps.played) {
    if (kind_of(pc.card) != card_kind::market_stall) continue;
    for (int g = 0; g < 3; ++g)
      if (pc.stall_left & (1u << g)) goods.push_back({pc.card, card(pc.card).goods[static_cast<std::size_t>(g)]});
  }
  std::sort(goods.begin(), goods.end());
  const auto n = goods.size();
  for (std::size_t a = 0; a < n; ++a) {
    l.offer(cmd::market_crier_sell{{goods[a], {}, {}}, 1});
    for (std::size_t b = a + 1; b < n; ++b) {
      l.offer(cmd::market_crier_sell{{goods[a], goods[b], {}}, 2});
      for (std::size_t c = b + 1; c < n; ++c) l.offer(cmd::market_crier_sell{{goods[a], goods[b], goods[c]}, 3});
    }
  }
}

void list_helpers(lister& l, const player_state& ps) {
  const state& s = l.s;
  const player_id p = l.p;
  for (const auto& pc : ps.played) {
    const auto& info = card(pc.card);
    if (info.kind != card_kind::helper) continue;
    switch (info.helper) {
      case helper_kind::maid:
      case helper_kind::official:
      case helper_kind::messenger_boy:
        l.offer(cmd::activate_helper{pc.card});
        break;
      case helper_kind::saleswoman:
        l.offer(cmd::activate_helper{pc.card});
        l.offer(cmd::saleswoman_blue{});
        l.offer(cmd::activate_saleswoman_blue{});
        break;
      case helper_kind::harvest_helper:
        l.offer(cmd::activate_helper{pc.card});
        break;
      case helper_kind::book_keeper:
        l.offer(cmd::use_book_keeper{});
        break;
      case helper_kind::market_crier:
        l.offer(cmd::market_crier_refill{});
        list_crier_sales(l, ps);
        break;
      case helper_kind::haggler:
        for (veg v : all_vegs) l.offer(cmd::haggler{v});
        break;
      case helper_kind::shopper:
        for (veg v : all_vegs) {
          l.offer(cmd::shopper{v, false});
          l.offer(cmd::shopper{v, true});
        }
        break;
      case helper_kind::merchant: {
        unsigned eligible = 0;  // vegetables the Regular customers still want twice this round
        for (veg v : all_vegs) {
          int wanted = 0;
          for (const auto& r : ps.played)
            if (kind_of(r.card) == card_kind::regular && !r.handled)
              for (veg w : card(r.card).wants) wanted += w == v;
          if (wanted >= 2) eligible |= 1u << static_cast<int>(v);
        }
        for (unsigned crops = eligible; crops != 0; crops = (crops - 1) & eligible) {
          const auto m = static_cast<std::uint8_t>(crops);
          l.offer(cmd::merchant{m, std::nullopt, std::nullopt});
          for (veg v : all_vegs)
            if ((crops >> static_cast<int>(v)) & 1u) {
              l.offer(cmd::merchant{m, v, std::nullopt});
              l.offer(cmd::merchant{m, std::nullopt, v});
            }
        }
        break;
      }
      case helper_kind::plough_man:
        for (const auto& f : ps.fields) l.offer(cmd::plough_clear{f.id});
        l.offer(cmd::plough_harvest{});
        break;
      case helper_kind::con_man:  // solo text
        for (card_id c : s.offer)
          if (c != no_card) l.offer(cmd::con_man_offer{c});
        break;
      case helper_kind::subsistence_farmer:  // solo text
        for (veg v : all_vegs) l.offer(cmd::subsistence_farmer_supply{v});
        break;
      case helper_kind::tenant_farmer:
        for (field_id f : ps.field_pile) {
          l.offer(cmd::tenant_buy_field{f});
          for (const auto& put : ps.fields) l.offer(cmd::tenant_swap_field{put.id, f});
        }
        break;
      default:
        break;
    }
    // Helpers that reach into other players' areas.
    for (player_id q = 0; q < static_cast<player_id>(s.players.size()); ++q) {  // + solo opponent
      if (!may_affect(s, p, q)) continue;
      const auto& other = pl(s, q);
      switch (info.helper) {
        case helper_kind::con_man:
          for (const auto& x : other.played)
            if (kind_of(x.card) == card_kind::helper) l.offer(cmd::con_man{q, x.card});
          break;
        case helper_kind::deliveryman:
          for (const auto& x : other.played)
            if (kind_of(x.card) == card_kind::regular) l.offer(cmd::deliveryman{q, x.card});
          break;
        case helper_kind::market_woman:
          for (const auto& mine : ps.played)
            if (kind_of(mine.card) == card_kind::market_stall)
              for (const auto& x : other.played)
                if (kind_of(x.card) == card_kind::market_stall) l.offer(cmd::market_woman{mine.card, q, x.card});
          break;
        case helper_kind::subsistence_farmer:
          for (const auto& f : other.fields) l.offer(cmd::subsistence_farmer{q, f.id});
          break;
        case helper_kind::tout:
          for (const auto& x : other.played) {
            if (kind_of(x.card) != card_kind::casual) continue;
            l.offer(cmd::tout_buy{q, x.card});
            for (const auto& mine : ps.played)
              if (kind_of(mine.card) == card_kind::casual) l.offer(cmd::tout_swap{mine.card, q, x.card});
          }
          break;
        case helper_kind::trader:
          for (const auto& x : other.played) {
            if (kind_of(x.card) != card_kind::market_stall) continue;
            for (int g = 0; g < 3; ++g) {
              if (!(x.stall_left & (1u << g))) continue;
              const veg get = card(x.card).goods[static_cast<std::size_t>(g)];
              for (veg a : all_vegs) {
                if (ps.cart[a] <= 0) continue;
                l.offer(cmd::trader{pc.card, q, x.card, get, a, std::nullopt});
                for (veg b : all_vegs)
                  if (b >= a) l.offer(cmd::trader{pc.card, q, x.card, get, a, b});
              }
            }
          }
          break;
        default:
          break;
      }
    }
  }
  if ((ps.effects & effect_saleswoman_blue) && find_helper(ps, helper_kind::saleswoman) < 0)
    l.offer(cmd::saleswoman_blue{});  // her option 1, activated earlier
  if (ps.effects & effect_messenger)
    for (const auto& pc : ps.played)
      if (kind_of(pc.card) == card_kind::regular) l.offer(cmd::serve_regular_twice{pc.card});
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

/// legal_commands and candidate_commands: one listing, checked or not, so the orders agree.
void list_commands(const state& s, player_id player, std::vector<command>& out, bool checked, std::uint64_t skip) {
  out.clear();
  if (s.current_phase == phase::finished || player < 0 || player >= player_count(s)) return;
  lister l{s, player, out, checked, skip};
  const auto& ps = pl(s, player);
  if (player == s.active) {
    switch (s.current_step) {
      case step::plant_home:
        for (veg v : all_vegs) l.offer(cmd::plant_home{v});
        break;
      case step::distribution:
        list_distribution(l, ps);
        l.offer(cmd::use_book_keeper{});
        list_crier_sales(l, ps);
        break;
      case step::offer:
        for (card_id c : s.offer)
          if (c != no_card) l.offer(cmd::buy_from_offer{c});
        l.offer(cmd::finish_offer{});
        l.offer(cmd::use_book_keeper{});
        list_crier_sales(l, ps);
        break;
      case step::squire:
        for (card_id c : s.courtyard) l.offer(cmd::squire_take{c});
        l.offer(cmd::finish_taking{});
        l.offer(cmd::use_book_keeper{});
        break;
      case step::harvest_helper: {
        const auto fields = harvest_helper_fields(ps);
        for (unsigned m = 1; m <= fields; ++m)
          if ((m & ~fields) == 0) l.offer(cmd::harvest_helper{static_cast<std::uint16_t>(m)});
        l.offer(cmd::skip_harvest_helper{});
        break;
      }
      case step::book_keeper:
        for (veg v : all_vegs) l.offer(cmd::shop_add{v});
        for (veg v : all_vegs) l.offer(cmd::shop_remove{v});
        for (veg v : all_vegs) l.offer(cmd::book_keeper_done{v});
        break;
      case step::foreman:
        l.offer(cmd::foreman_take{});
        l.offer(cmd::foreman_pass{});
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
        l.offer(cmd::upgrade_storehouse{});
        for (int n = 0; ps.position + n <= path_end; ++n) {
          if (ps.cash < path_cost(ps.position, n)) break;
          l.add(cmd::advance{n});
        }
        break;
      case step::finished:
        break;
    }
  }
  if (undo_available(s, player)) l.add(cmd::undo{});
  for (veg v : all_vegs) l.offer(cmd::sell{v});
  l.offer(cmd::take_loan{});
  for (const auto& pc : ps.played)
    if (kind_of(pc.card) == card_kind::helper) l.offer(cmd::discard_helper{pc.card});
}

}  // namespace

std::vector<command> legal_commands(const state& s, player_id player) {
  std::vector<command> out;
  out.reserve(48);
  legal_commands(s, player, out);
  return out;
}

void legal_commands(const state& s, player_id player, std::vector<command>& out) {
  list_commands(s, player, out, true, 0);
}

void candidate_commands(const state& s, player_id player, std::vector<command>& out, std::uint64_t skip) {
  list_commands(s, player, out, false, skip);
}

bool is_legal(const state& s, player_id player, const command& c) {
  if (player < 0 || player >= player_count(s)) return false;
  return std::visit(
      [&](const auto& x) {
        if constexpr (std::is_same_v<std::decay_t<decltype(x)>, cmd::undo>) {
          return undo_available(s, player);
        } else {
          return check_command(s, player, x) == ok;
        }
      },
      c);
}

}  // namespace loyang::engine
