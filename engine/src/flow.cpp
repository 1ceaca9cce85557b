// Game flow: rounds, the automatic Harvest phase, the start and end of the Card and Action
// phases, turn order and the end of the game.
#include <algorithm>

#include "emit.hpp"
#include "internal.hpp"

namespace loyang::engine::detail {
namespace {

player_id next_clockwise(const state& s, player_id p) {
  return static_cast<player_id>((p + 1) % player_count(s));
}

void harvest(state& s) {
  for (player_id p = 0; p < player_count(s); ++p) {
    auto& ps = pl(s, p);
    if (s.round < rounds && !ps.field_pile.empty()) {
      ps.fields.push_back(field{ps.field_pile.back(), veg::wheat, 0, no_card});
      ps.field_pile.pop_back();
      emit(s, ev::field_turned{p, ps.fields.back().id});
    }
    if (ps.storehouse.total() > 0) emit(s, ev::storehouse_emptied{p, ps.storehouse});
    for (veg v : all_vegs) ps.cart[v] = static_cast<std::int16_t>(ps.cart[v] + ps.storehouse[v]);
    ps.storehouse = {};
    for (std::size_t i = 0; i < ps.fields.size();) {
      field& f = ps.fields[i];
      if (f.count == 0) {  // unsown fields stay
        ++i;
        continue;
      }
      --f.count;
      ++ps.cart[f.crop];
      emit(s, ev::harvested{p, f.id, f.crop, 1, f.count, p});
      if (f.count > 0) {
        ++i;
        continue;
      }
      const field done = f;
      ps.fields.erase(ps.fields.begin() + static_cast<std::ptrdiff_t>(i));
      emit(s, ev::field_emptied{p, done.id, is_common_field(done.id)});
      if (is_common_field(done.id)) {
        s.discard_pile.push_back(card_of_common_field(done.id));
        emit(s, ev::card_discarded{p, card_of_common_field(done.id), discard_reason::field_emptied});
        if (done.under != no_card) reveal_under(s, p, done.under, card_of_common_field(done.id));
      }
      if (is_solo(s)) solo_field_discarded(s);
    }
  }
}

void deal(state& s) {
  const int n = player_count(s);
  const int each = std::min<int>(hand_size, static_cast<int>(s.draw_pile.size()) / n);
  for (int k = 0; k < n; ++k) {
    const auto p = static_cast<player_id>((s.starting + k) % n);
    auto& ps = pl(s, p);
    for (int i = 0; i < each; ++i) {
      ps.hand.push_back(s.draw_pile.back());
      s.draw_pile.pop_back();
    }
    if (each > 0 && collecting(s)) emit(s, ev::cards_dealt{p, {ps.hand.end() - each, ps.hand.end()}});
  }
}

void end_card_phase(state& s) {
  const auto& took = s.took_order;
  if (!took.empty()) s.starting = took.back();
  s.second = took.size() >= 2 ? took[took.size() - 2] : next_clockwise(s, s.starting);
  emit(s, ev::players_ordered{s.starting, s.second, no_player});
  s.discard_pile.insert(s.discard_pile.end(), s.courtyard.begin(), s.courtyard.end());
  for (card_id c : s.courtyard) emit(s, ev::card_discarded{no_player, c, discard_reason::courtyard});
  s.courtyard.clear();
  s.took_order.clear();
  s.revealed_this_turn = false;
  if (player_count(s) == 4) {
    emit(s, ev::phase_started{phase::action});
    s.current_phase = phase::action;
    s.current_step = step::choose_partner;
    s.active = s.starting;
    s.partner = no_player;
    return;
  }
  begin_action_phase(s);
}

}  // namespace

void start_card_phase(state& s) {
  emit(s, ev::phase_started{phase::card});
  if (is_solo(s)) {
    start_solo_card_phase(s);
    return;
  }
  s.current_phase = phase::card;
  const bool first_hands_dealt = std::any_of(s.players.begin(), s.players.end(),
                                             [](const player_state& p) { return !p.hand.empty(); });
  if (!(s.round == 1 && first_hands_dealt)) {
    if (!s.discard_pile.empty()) reshuffle(s);
    deal(s);
  }
  for (auto& ps : s.players) {
    ps.in_distribution = !ps.hand.empty() || ps.intro != no_card;
    ps.turn_done = false;
  }
  s.courtyard.clear();
  s.took_order.clear();
  s.current_step = step::distribution;
  if (pl(s, s.starting).in_distribution) {
    s.active = s.starting;
    s.revealed_this_turn = false;
  } else {
    next_distribution_turn(s, s.starting);  // nobody may hold cards when the deck ran dry
  }
}

namespace {

/// game_ended, then one `scored` per player in ranking order, and the solo rating.
void emit_scoring(state& s) {
  emit(s, ev::game_ended{});
  for (const auto& e : s.ranking) {
    // How far down the criteria his rank had to look: to the first that tells him apart from
    // every other player on his space (3: nothing did, the rank is shared).
    std::uint8_t tie_break = 0;
    for (const auto& o : s.ranking) {
      if (o.player == e.player || o.position != e.position) continue;
      const std::uint8_t t = o.cash != e.cash ? 1 : o.vegetables != e.vegetables ? 2 : 3;
      tie_break = std::max(tie_break, t);
    }
    emit(s, ev::scored{e.player, pl(s, e.player).loans, e.position, e.cash, e.vegetables, e.rank, tie_break});
  }
  if (is_solo(s)) emit(s, ev::solo_rated{s.ranking.front().position, s.rating});
}

void finish_game(state& s) {
  s.current_phase = phase::finished;
  s.current_step = step::finished;
  s.active = no_player;
  s.ranking.clear();
  for (player_id p = 0; p < player_count(s); ++p) {
    const auto& ps = pl(s, p);
    int vegetables = ps.storehouse.total();
    for (const auto& f : ps.fields) vegetables += f.count;
    s.ranking.push_back(ranking_entry{p, static_cast<std::int16_t>(ps.position - ps.loans), ps.cash,
                                      static_cast<std::int16_t>(vegetables), 1});
  }
  const auto better = [](const ranking_entry& a, const ranking_entry& b) {
    if (a.position != b.position) return a.position > b.position;
    if (a.cash != b.cash) return a.cash > b.cash;
    return a.vegetables > b.vegetables;
  };
  std::stable_sort(s.ranking.begin(), s.ranking.end(), better);
  for (auto& e : s.ranking) {
    e.rank = 1;
    for (const auto& o : s.ranking)
      if (better(o, e)) ++e.rank;
  }
  if (is_solo(s)) s.rating = rating_for_level(s.ranking.front().position);
  if (collecting(s)) emit_scoring(s);
}

void start_round(state& s) {
  ++s.round;
  emit(s, ev::round_started{s.round});
  emit(s, ev::phase_started{phase::harvest});
  harvest(s);
  // Yucata: the Harvest helper is played in a turn after the automatic harvest; the original
  // rules' "at least 4 before harvesting" is the same as "at least 3 after it".
  s.current_phase = phase::harvest;
  s.harvest_queue.clear();
  for (int k = 0; k < player_count(s); ++k) {
    const auto p = static_cast<player_id>((s.starting + k) % player_count(s));
    if (find_helper(pl(s, p), helper_kind::harvest_helper) >= 0 && harvest_helper_fields(pl(s, p)) != 0)
      s.harvest_queue.push_back(p);
  }
  next_harvest_helper(s);
}

}  // namespace

std::uint16_t harvest_helper_fields(const player_state& p) {
  std::uint16_t mask = 0;
  for (const auto& f : p.fields)
    if (f.id != home_field && f.count >= 3) mask = static_cast<std::uint16_t>(mask | (1u << f.id));
  return mask;
}

void next_harvest_helper(state& s) {
  while (!s.harvest_queue.empty()) {
    const player_id p = s.harvest_queue.front();
    if (find_helper(pl(s, p), helper_kind::harvest_helper) >= 0 && harvest_helper_fields(pl(s, p)) != 0) {
      s.active = p;
      s.current_step = step::harvest_helper;
      return;
    }
    s.harvest_queue.erase(s.harvest_queue.begin());
  }
  start_card_phase(s);
}

void finish_distribution_turn(state& s, player_id p) {
  auto& ps = pl(s, p);
  if (!ps.hand.empty() && collecting(s))
    emit(s, ev::cards_to_courtyard{p, {ps.hand.begin(), ps.hand.end()}, false});
  s.courtyard.insert(s.courtyard.end(), ps.hand.begin(), ps.hand.end());
  ps.hand.clear();
  ps.in_distribution = false;
  s.took_order.push_back(p);
  s.squire_left = 0;
  s.current_step = step::distribution;
  next_distribution_turn(s, p);
}

void interrupt(state& s, player_id who, step st) {
  s.resume_stack.push_back(resume_point{s.active, s.current_step});
  s.active = who;
  s.current_step = st;
}

void resume(state& s) {
  const resume_point r = s.resume_stack.back();
  s.resume_stack.pop_back();
  s.active = r.active;
  s.current_step = r.at;
}

void after_planting(state& s) {
  for (int k = 1; k <= player_count(s); ++k) {
    const auto p = static_cast<player_id>((s.active + k) % player_count(s));
    if (pl(s, p).fields.front().count == 0) {
      s.active = p;
      return;
    }
  }
  start_round(s);
}

void next_distribution_turn(state& s, player_id from) {
  s.revealed_this_turn = false;
  for (int k = 1; k <= player_count(s); ++k) {
    const auto p = static_cast<player_id>((from + k) % player_count(s));
    if (pl(s, p).in_distribution) {
      s.active = p;
      return;
    }
  }
  s.active = no_player;
  end_card_phase(s);
}

void begin_action_phase(state& s) {
  if (s.current_phase != phase::action) emit(s, ev::phase_started{phase::action});
  s.current_phase = phase::action;
  const int n = player_count(s);
  s.action_order.clear();
  s.action_order.push_back(s.starting);
  if (n >= 2) s.action_order.push_back(s.second);
  if (n == 3) {
    for (player_id p = 0; p < n; ++p)
      if (p != s.starting && p != s.second) s.action_order.push_back(p);
  } else if (n == 4) {
    s.action_order.push_back(s.partner);
    for (player_id p = 0; p < n; ++p)
      if (p != s.starting && p != s.second && p != s.partner) s.action_order.push_back(p);
  }
  for (player_id p = 0; p < n; ++p) {  // (not the solo game's imaginary opponent)
    auto& ps = pl(s, p);
    ps.turn_done = false;
    ps.bought_two_pack = false;
    ps.effects = 0;
    for (auto& pc : ps.played)
      if (kind_of(pc.card) == card_kind::regular) {
        pc.handled = false;
        pc.served = 0;
      }
  }
  s.turn_index = 0;
  s.active = s.action_order.front();
  s.current_step = step::main;
  emit(s, ev::turn_started{s.active});
}

void next_action_turn(state& s) {
  ++s.turn_index;
  if (s.turn_index < s.action_order.size()) {
    s.active = s.action_order[s.turn_index];
    s.current_step = step::main;
    emit(s, ev::turn_started{s.active});
    return;
  }
  if (s.round >= rounds) {
    finish_game(s);
    return;
  }
  start_round(s);
}

void settle(state& s) {
  if (s.current_step == step::store) {
    const auto& ps = pl(s, s.active);
    if (ps.cart.total() <= storehouse_capacity(ps)) s.current_step = step::advance;
  }
  const card_id h = s.helper_discarded;
  s.helper_discarded = no_card;
  if (h != no_card && s.opts.rules == ruleset::original && card(h).helper != helper_kind::foreman &&
      s.current_phase != phase::finished && s.current_step != step::foreman) {
    for (player_id q = 0; q < player_count(s); ++q) {
      if (find_helper(pl(s, q), helper_kind::foreman) < 0) continue;
      // Action phase with 4 players: only the discarding player or his partner.
      if (s.current_phase == phase::action && player_count(s) == 4 && q != s.discarded_by &&
          partner_of(s, s.discarded_by) != q)
        break;
      s.foreman_offer = h;
      interrupt(s, q, step::foreman);
      return;
    }
  }
  // A Harvest helper turn ends when its player has none left to use (or the Foreman took it).
  if (s.current_step == step::harvest_helper) next_harvest_helper(s);
}

}  // namespace loyang::engine::detail
