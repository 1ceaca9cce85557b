#include "loyang/bots/determinize.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "loyang/engine/data.hpp"

namespace loyang::bots {

using namespace engine;

namespace {

/// Marks every card the view shows (wherever check_invariants counts one); the rest are hidden.
std::array<bool, action_card_count> seen_cards(const state& v) {
  std::array<bool, action_card_count> seen{};
  const auto mark = [&](card_id c) {
    if (c < action_card_count) seen[c] = true;
  };
  for (card_id c : v.draw_pile) mark(c);
  for (card_id c : v.discard_pile) mark(c);
  for (card_id c : v.courtyard) mark(c);
  for (card_id c : v.out_of_game) mark(c);
  for (card_id c : v.two_pack) mark(c);
  for (card_id c : v.offer) mark(c);
  for (const auto& ps : v.players) {
    for (card_id c : ps.hand) mark(c);
    mark(ps.intro);
    for (const auto& f : ps.fields) {
      if (is_common_field(f.id)) mark(card_of_common_field(f.id));
      mark(f.under);
    }
    for (const auto& pc : ps.played) {
      mark(pc.card);
      mark(pc.under);
    }
  }
  return seen;
}

/// Takes a card from `pool` (shuffled) that `fits`; no_card when none does.
template <class Fits>
card_id take(std::vector<card_id>& pool, Fits&& fits) {
  for (auto it = pool.rbegin(); it != pool.rend(); ++it) {
    if (!fits(*it)) continue;
    const card_id c = *it;
    pool.erase(std::next(it).base());
    return c;
  }
  return no_card;
}

/// A field pile of `size` cards for a player with `fields` in front of him: his private fields
/// not in front of him, set B (5-8) at the bottom and set A (1-4) on top as the setup lays them
/// (the fields drawn and emptied since are the ones from the top); a common field the
/// Tenant-farmer put in the pile comes from `pool` when the private fields are too few.
void fill_field_pile(player_state& ps, std::vector<card_id>& pool, rng& random) {
  const std::size_t size = ps.field_pile.size();
  if (size == 0) return;
  std::vector<field_id> a, b;
  for (field_id f = 1; f <= 8; ++f) {
    if (std::any_of(ps.fields.begin(), ps.fields.end(), [&](const field& x) { return x.id == f; })) continue;
    (f <= 4 ? a : b).push_back(f);
  }
  random.shuffle(a);
  random.shuffle(b);
  std::vector<field_id> pile = b;  // front() is the bottom
  pile.insert(pile.end(), a.begin(), a.end());
  if (pile.size() > size) pile.resize(size);
  while (pile.size() < size) {
    const card_id c = take(pool, [](card_id x) { return kind_of(x) == card_kind::common_field; });
    pile.insert(pile.begin(), c == no_card ? field_id{1} : common_field_of(c));
  }
  ps.field_pile.assign(pile.begin(), pile.end());
}

}  // namespace

state determinize(const state& view, player_id seat, rng& random) {
  state s = view;
  const auto seen = seen_cards(view);
  std::vector<card_id> pool;
  for (card_id c = 0; c < action_card_count; ++c)
    if (!seen[c]) pool.push_back(c);
  random.shuffle(pool);
  // Field piles first: a common field hidden in one would otherwise be dealt as a card.
  for (auto& ps : s.players) fill_field_pile(ps, pool, random);
  // START customers next: only R01, R03, R04 and R09 can be one.
  for (player_id p = 0; p < static_cast<player_id>(s.players.size()); ++p) {
    auto& ps = s.players[static_cast<std::size_t>(p)];
    if (p == seat || ps.intro != hidden_card) continue;
    ps.intro = take(pool, [](card_id c) { return card(c).start; });
  }
  const auto any = [](card_id) { return true; };
  for (player_id p = 0; p < static_cast<player_id>(s.players.size()); ++p) {
    if (p == seat) continue;
    for (card_id& c : s.players[static_cast<std::size_t>(p)].hand)
      if (c == hidden_card) c = take(pool, any);
  }
  for (card_id& c : s.draw_pile)
    if (c == hidden_card) c = take(pool, any);
  s.seed = random.next();
  s.random = rng(s.seed);
  return s;
}

}  // namespace loyang::bots
