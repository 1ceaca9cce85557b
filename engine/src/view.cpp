// view(): the redacted copy of the state one viewer may see.
#include "internal.hpp"

namespace loyang::engine {

state view(const state& s, player_id viewer) {
  state v = s;
  v.seed = 0;
  v.random.clear();
  for (auto& c : v.draw_pile) c = hidden_card;
  // The undo point holds the full earlier state; undo_available() answers from the full state.
  v.undo_base = {};
  v.undo_log.clear();
  v.reshuffles = {};  // a scripted game's future draw piles
  for (player_id p = 0; p < detail::player_count(v); ++p) {
    auto& ps = detail::pl(v, p);
    for (auto& f : ps.field_pile) f = hidden_field;  // even his own: the order is secret
    if (p == viewer) continue;
    for (auto& c : ps.hand) c = hidden_card;
    if (ps.intro != no_card) ps.intro = hidden_card;
  }
  return v;
}

}  // namespace loyang::engine
