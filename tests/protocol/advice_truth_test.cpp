// The previews keep their word: on random games, for every legal command of every seat, what
// the advice promises (Cash, loans, Path, vegetables, shop, a marker, being undoable) is what
// the engine's apply does, counted from the engine's events and checked against the states.
// What follows a command by itself (the next round's harvest) is not the command's doing and
// must not be promised as its gain.
#include <algorithm>

#include "../engine/fixture.hpp"
#include "json_fixture.hpp"
#include "loyang/engine/events.hpp"
#include "loyang/protocol/advice.hpp"
#include "loyang/protocol/client_view.hpp"
#include "loyang/protocol/command_json.hpp"

using namespace loyang;
using engine::ev::veg_place;
using namespace loyang::engine::test;

namespace {

// What a stretch of events changed for `seat`, in the preview's terms.
struct effect {
  protocol::preview numbers;  // `undo` unused
  void add(const engine::event& e, engine::player_id seat) {
    auto& n = numbers;
    const auto shift = [](engine::veg_counts& to, const engine::veg_counts& by, int sign) {
      for (auto v : engine::all_vegs) to[v] = static_cast<std::int16_t>(to[v] + sign * by[v]);
    };
    if (const auto* p = std::get_if<engine::ev::payment>(&e)) {
      if (p->to == seat) n.cash += p->amount;
      if (p->from == seat) n.cash -= p->amount;
      if (p->to == seat && p->reason == engine::pay_reason::loan) ++n.loans;
    } else if (const auto* a = std::get_if<engine::ev::advanced>(&e)) {
      if (a->player == seat) n.position += a->steps;
    } else if (const auto* h = std::get_if<engine::ev::harvested>(&e)) {
      if (h->to == seat) n.goods[h->crop] = static_cast<std::int16_t>(n.goods[h->crop] + h->amount);
    } else if (const auto* m = std::get_if<engine::ev::vegetables_moved>(&e)) {
      if (m->player != seat) return;
      const auto own_goods = [](veg_place at) { return at == veg_place::cart || at == veg_place::storehouse; };
      if (own_goods(m->from)) shift(n.goods, m->goods, -1);
      if (own_goods(m->to)) shift(n.goods, m->goods, +1);
      if (m->from == veg_place::shop) shift(n.shop, m->goods, -1);
      if (m->to == veg_place::shop) shift(n.shop, m->goods, +1);
    } else if (const auto* t = std::get_if<engine::ev::marker_turned>(&e)) {
      if (t->player == seat && n.marker == protocol::preview::marker_change::none)
        n.marker = t->red ? protocol::preview::marker_change::red : protocol::preview::marker_change::blue;
    }
  }
};

// The state's own numbers of `seat` after minus before (cart and Storehouse together).
protocol::preview state_difference(const engine::state& before, const engine::state& after, engine::player_id seat) {
  const auto& b = before.players[std::size_t(seat)];
  const auto& a = after.players[std::size_t(seat)];
  protocol::preview d;
  d.cash = a.cash - b.cash;
  d.loans = a.loans - b.loans;
  d.position = a.position - b.position;
  for (auto v : engine::all_vegs) {
    d.goods[v] = static_cast<std::int16_t>(a.cart[v] + a.storehouse[v] - b.cart[v] - b.storehouse[v]);
    d.shop[v] = static_cast<std::int16_t>(a.shop[v] - b.shop[v]);
  }
  return d;
}

bool same_numbers(protocol::preview a, protocol::preview b, bool with_marker) {
  a.undo = b.undo = false;
  if (!with_marker) a.marker = b.marker = protocol::preview::marker_change::none;
  return a == b;
}

std::string text_of(const protocol::preview& p) {
  return protocol::advice_to_json(protocol::advice{{p}, {}}).at("legal")[0].dump();
}

}  // namespace

TEST_CASE("on random games every preview is what applying its command does, the harvest after it not included",
          "[protocol][advice]") {
  std::size_t checked = 0, round_ends = 0, undone = 0;
  std::uint64_t seed = 700;
  for (const auto& opts : protocol::test::sample_options()) {
    INFO("players " << opts.players << ", seed " << seed);
    std::size_t step = 0;
    protocol::test::walk_game(opts, seed++, [&](const engine::state& s, engine::player_id actor, const engine::command&) {
      // Every state where a round may end (the advance step, planting), a sample of the rest.
      const bool near_round_end = s.current_step == engine::step::advance || s.current_step == engine::step::plant_home;
      if (++step % 6 != 0 && !near_round_end) return;
      for (std::size_t p = 0; p < s.players.size(); ++p) {
        const auto seat = engine::player_id(p);
        if (seat != actor && step % 12 != 0) continue;  // out of turn: loans and sales, sampled
        const auto legal = engine::legal_commands(s, seat);
        const auto advice = protocol::advise(s, seat, legal);
        REQUIRE(advice.legal.size() == legal.size());
        for (std::size_t i = 0; i < legal.size(); ++i) {
          const auto& promised = advice.legal[i];
          engine::state after = s;
          engine::event_list events;
          REQUIRE_FALSE(engine::apply(after, seat, legal[i], &events));
          INFO("seat " << int(seat) << " at version " << s.version << ": "
                       << protocol::command_to_json(legal[i]).dump() << " promises " << text_of(promised));
          // The command's own part ends where a new round begins by itself.
          const auto own_end = std::find_if(events.begin(), events.end(), [](const engine::event& e) {
            return std::holds_alternative<engine::ev::round_started>(e);
          });
          effect own, all;
          for (auto e = events.begin(); e != events.end(); ++e) {
            if (e < own_end) own.add(*e, seat);
            all.add(*e, seat);
          }
          round_ends += own_end != events.end();
          if (std::holds_alternative<engine::cmd::undo>(legal[i])) {
            // undo has no events but `undone`: the states tell what it gives back.
            CHECK(same_numbers(promised, state_difference(s, after, seat), false));
            CHECK(promised.undo);
            ++checked;
            continue;
          }
          // The events account for every number that changed (so they are the engine's word)...
          CHECK(same_numbers(all.numbers, state_difference(s, after, seat), false));
          // ...and the promise is the command's own part of them.
          if (!same_numbers(promised, own.numbers, true))
            FAIL_CHECK("the command itself gives " << text_of(own.numbers));
          // "Can be taken back": undo then gives the same game as before the command.
          CHECK(promised.undo == engine::undo_available(after, seat));
          if (promised.undo) {
            engine::state back = after;
            REQUIRE_FALSE(engine::apply(back, seat, engine::cmd::undo{}));
            back.version = s.version;
            CHECK(engine::view(back, seat) == engine::view(s, seat));
            ++undone;
          }
          ++checked;
        }
      }
    });
  }
  CHECK(checked > 3000);
  CHECK(round_ends > 50);
  CHECK(undone > 500);
}

TEST_CASE("the last move on the Path in a round promises no vegetables: the harvest that follows is not its doing",
          "[protocol][advice]") {
  auto s = action_game(2, engine::ruleset::yucata);
  // Both players end their turns; the second one's move on the Path ends round 1.
  autoplay_until(s, [](const engine::state& x) {
    return x.current_step == engine::step::advance &&
           static_cast<std::size_t>(x.turn_index + 1) == x.action_order.size();
  });
  REQUIRE(s.round == 1);
  const auto seat = s.active;
  auto& fields = s.players[std::size_t(seat)].fields;
  REQUIRE_FALSE(fields.empty());
  fields.front().count = 6;  // his Home field still holds 6: the harvest will give him 1
  require_invariants(s);
  const auto legal = engine::legal_commands(s, seat);
  const auto advice = protocol::advise(s, seat, legal);
  const auto stay = std::find(legal.begin(), legal.end(), engine::command{engine::cmd::advance{0}});
  REQUIRE(stay != legal.end());
  const auto& p = advice.legal[std::size_t(stay - legal.begin())];
  CHECK(p.goods == engine::veg_counts{});
  CHECK(p.cash == 0);
  CHECK_FALSE(p.undo);
  // Applying it does give the harvest (in the next round, by itself).
  engine::state after = s;
  ok(after, seat, engine::cmd::advance{0});
  CHECK(after.round == 2);
}
