// Events in random games of 1-4 players and both rulesets: collecting them changes nothing,
// they account for every change a player sees (Cash, Path, hands, piles, play areas), and a
// viewer's copy names no card his view does not show.
#include <bitset>
#include <map>

#include "event_applier.hpp"
#include "fixture.hpp"
#include "loyang/engine/events.hpp"
#include "loyang/engine/random_play.hpp"

using namespace loyang::engine;
using namespace loyang::engine::test;

namespace {

/// Every card an event names (no_card and hidden_card left out).
std::vector<card_id> cards_named(const event& e) {
  std::vector<card_id> out;
  const auto add = [&](card_id c) {
    if (c != no_card && c != hidden_card) out.push_back(c);
  };
  std::visit(
      [&](const auto& x) {
        if constexpr (requires { x.card; }) add(x.card);
        if constexpr (requires { x.under; }) add(x.under);
        if constexpr (requires { x.from_under; }) add(x.from_under);
        if constexpr (requires { x.top; }) add(x.top);
        if constexpr (requires { x.bottom; }) add(x.bottom);
        if constexpr (requires { x.cards.size(); })
          for (card_id c : x.cards) add(c);
      },
      e);
  return out;
}

/// Every card `v` (a view) shows face up.
std::bitset<256> cards_shown(const state& v) {
  std::bitset<256> out;
  const auto add = [&](card_id c) {
    if (c != no_card && c != hidden_card) out.set(c);
  };
  for (const auto& ps : v.players) {
    for (card_id c : ps.hand) add(c);
    add(ps.intro);
    for (const auto& pc : ps.played) {
      add(pc.card);
      add(pc.under);
    }
    for (const auto& f : ps.fields) {
      if (is_common_field(f.id)) add(card_of_common_field(f.id));
      add(f.under);
    }
  }
  for (card_id c : v.draw_pile) add(c);
  for (card_id c : v.discard_pile) add(c);
  for (card_id c : v.courtyard) add(c);
  for (card_id c : v.two_pack) add(c);
  for (card_id c : v.offer) add(c);
  for (card_id c : v.out_of_game) add(c);
  add(v.foreman_offer);
  return out;
}

/// Cards in play areas, covered ones included (a common field counts as its card).
int cards_in_areas(const state& s) {
  int n = 0;
  for (const auto& ps : s.players) {
    for (const auto& pc : ps.played) n += 1 + (pc.under != no_card);
    for (const auto& f : ps.fields)
      if (is_common_field(f.id)) n += 1 + (f.under != no_card);
  }
  return n;
}

bool from_area(ev::discard_reason r) {
  using R = ev::discard_reason;
  return r == R::helper_used || r == R::helper_discarded || r == R::stall_emptied ||
         r == R::customer_done || r == R::casual_served || r == R::field_emptied;
}

template <class E>
int count_of(const event_list& events) {
  int n = 0;
  for (const auto& e : events) n += std::holds_alternative<E>(e);
  return n;
}

/// The changes from `before` to `after` that `events` must account for.
void check_accounts(const state& before, const state& after, const command& c, const event_list& events) {
  if (std::holds_alternative<cmd::undo>(c)) {
    REQUIRE(events.size() == 1);
    REQUIRE(std::holds_alternative<ev::undone>(events[0]));  // its version: check_undone
    return;
  }
  const auto players = before.players.size();
  std::vector<int> cash(players), steps(players), hand(players);
  int to_courtyard = 0, from_courtyard = 0, discarded = 0, area = 0, drawn = 0;
  bool reshuffle = false;
  for (const auto& e : events) {
    if (const auto* x = std::get_if<ev::payment>(&e)) {
      REQUIRE(x->amount > 0);
      REQUIRE(x->from != x->to);
      if (x->from != no_player) cash[static_cast<std::size_t>(x->from)] -= x->amount;
      if (x->to != no_player) cash[static_cast<std::size_t>(x->to)] += x->amount;
    } else if (const auto* a = std::get_if<ev::advanced>(&e)) {
      steps[static_cast<std::size_t>(a->player)] += a->steps;
      REQUIRE(a->position == after.players[static_cast<std::size_t>(a->player)].position);
    } else if (const auto* d = std::get_if<ev::cards_dealt>(&e)) {
      hand[static_cast<std::size_t>(d->player)] += static_cast<int>(d->cards.size());
      drawn += static_cast<int>(d->cards.size());
    } else if (const auto* t = std::get_if<ev::cards_to_courtyard>(&e)) {
      to_courtyard += static_cast<int>(t->cards.size());
      if (t->from_draw_pile) drawn += static_cast<int>(t->cards.size());
      else hand[static_cast<std::size_t>(t->player)] -= static_cast<int>(t->cards.size());
    } else if (const auto* p = std::get_if<ev::card_played>(&e)) {
      if (p->from == ev::card_source::hand) --hand[static_cast<std::size_t>(p->player)];
      if (p->from == ev::card_source::courtyard) ++from_courtyard;
      if (p->from == ev::card_source::discard_pile) --discarded;
      if (p->from != ev::card_source::under) area += 1 + (p->under != no_card);
    } else if (const auto* k = std::get_if<ev::card_discarded>(&e)) {
      ++discarded;
      if (k->reason == ev::discard_reason::courtyard) ++from_courtyard;
      if (from_area(k->reason)) --area;
    } else if (const auto* m = std::get_if<ev::card_moved>(&e)) {
      if (m->to == no_player) --area;  // the solo Con man into the Offer
    } else if (const auto* f = std::get_if<ev::field_turned>(&e)) {
      area += is_common_field(f->field);  // (the Tenant-farmer may put a common field in the pile)
    } else if (const auto* r = std::get_if<ev::field_returned>(&e)) {
      area -= is_common_field(r->field);
    } else if (const auto* w = std::get_if<ev::two_pack_drawn>(&e)) {
      drawn += (w->top != no_card) + (w->bottom != no_card);
    } else if (const auto* o = std::get_if<ev::offer_refilled>(&e)) {
      drawn += static_cast<int>(o->cards.size());
    } else if (std::holds_alternative<ev::reshuffled>(e)) {
      reshuffle = true;
    }
  }
  for (std::size_t q = 0; q < players; ++q) {
    INFO("player " << q);
    const auto& b = before.players[q];
    const auto& a = after.players[q];
    CHECK(a.cash - b.cash == cash[q]);
    CHECK(a.position - b.position == steps[q]);
    CHECK(static_cast<int>(a.hand.size()) - static_cast<int>(b.hand.size()) == hand[q]);
  }
  CHECK(static_cast<int>(after.courtyard.size()) - static_cast<int>(before.courtyard.size()) ==
        to_courtyard - from_courtyard);
  CHECK(cards_in_areas(after) - cards_in_areas(before) == area);
  if (!reshuffle) {
    CHECK(static_cast<int>(after.discard_pile.size()) - static_cast<int>(before.discard_pile.size()) == discarded);
    CHECK(static_cast<int>(before.draw_pile.size()) - static_cast<int>(after.draw_pile.size()) == drawn);
  }
  // The story's frame: the round and phase the state is in were announced when they began.
  for (const auto& e : events) {
    if (const auto* r = std::get_if<ev::round_started>(&e)) CHECK(r->round <= after.round);
  }
  if (after.round != before.round) CHECK(count_of<ev::round_started>(events) == 1);
  if (after.current_phase != before.current_phase && after.current_phase != phase::finished)
    CHECK(count_of<ev::phase_started>(events) >= 1);
  if (after.current_phase == phase::finished && before.current_phase != phase::finished) {
    CHECK(count_of<ev::game_ended>(events) == 1);
    CHECK(count_of<ev::scored>(events) == static_cast<int>(after.ranking.size()));
    CHECK(count_of<ev::solo_rated>(events) == (after.opts.players == 1 ? 1 : 0));
  }
}

/// What one viewer sees of a state, as the checks below need it: the followed quantities and
/// the cards shown. Worked out once per state and viewer (the view after one command is the
/// view before the next), which keeps the check about as quick as it was without following.
struct seen_by {
  followed quantities;
  std::bitset<256> cards;  ///< by card_id
};
std::vector<seen_by> seen_by_all(const state& s) {
  std::vector<seen_by> out;
  for (player_id viewer = -1; viewer < s.opts.players; ++viewer) {
    const state v = view(s, viewer);
    out.push_back({follow(v), cards_shown(v)});
  }
  return out;
}

/// For every viewer: his view before, with his copy of the events applied, gives his view after
/// in every followed quantity (Cash, loans, Path, carts, shops, Storehouses, fields' vegetables,
/// Market stalls' goods, markers, Starting and Second player, the partner). view() hides only
/// hands, the draw pile and field piles, so every viewer's followed quantities are the same,
/// the 4-player partner's included; each viewer is still checked with his own redacted copy.
/// An undo is not replayed: it is told as `undone` alone, naming the version it takes back,
/// and the client returns to the view it had before that version (the test case checks that
/// the whole game is again as it was then), which no list of forward changes could say more
/// simply.
void check_followed(const std::vector<seen_by>& before, const std::vector<seen_by>& after, const command& c,
                    const event_list& events) {
  if (std::holds_alternative<cmd::undo>(c)) return;
  for (std::size_t i = 0; i < before.size(); ++i) {
    const player_id viewer = static_cast<player_id>(static_cast<int>(i) - 1);
    followed f = before[i].quantities;
    apply_events(f, redact(events, viewer));
    const followed& want = after[i].quantities;
    if (f == want) continue;  // (one comparison; the details only when it fails)
    INFO("viewer " << int(viewer));
    CHECK(f.starting == want.starting);
    CHECK(f.second == want.second);
    CHECK(f.partner == want.partner);
    for (std::size_t q = 0; q < want.seats.size(); ++q) {
      INFO("seat " << q);
      const auto& got = f.seats[q];
      const auto& w = want.seats[q];
      CHECK(got.cash == w.cash);
      CHECK(got.loans == w.loans);
      CHECK(got.position == w.position);
      CHECK(got.cart == w.cart);
      CHECK(got.shop == w.shop);
      CHECK(got.storehouse == w.storehouse);
      CHECK(got.fields == w.fields);
      CHECK(got.red_markers == w.red_markers);
      CHECK(got.stalls == w.stalls);
    }
  }
}

/// Each viewer's copy of `events` names only cards his view before or after shows, and the
/// cards dealt to him are in his hand afterwards.
void check_secrecy(const std::vector<seen_by>& before, const std::vector<seen_by>& after, const state& after_state,
                   const event_list& events) {
  for (std::size_t i = 0; i < before.size(); ++i) {
    const player_id viewer = static_cast<player_id>(static_cast<int>(i) - 1);
    INFO("viewer " << int(viewer));
    const event_list mine = redact(events, viewer);
    REQUIRE(mine.size() == events.size());
    for (const auto& e : mine) {
      for (card_id c : cards_named(e)) {
        if (before[i].cards.test(c) || after[i].cards.test(c)) continue;
        INFO(event_name(e) << " names " << card(c).id);
        FAIL_CHECK("a card the viewer's view does not show");
      }
      if (const auto* d = std::get_if<ev::cards_dealt>(&e)) {
        if (d->player != viewer) {
          for (card_id c : d->cards) CHECK(c == hidden_card);
        } else {
          const auto& h = after_state.players[static_cast<std::size_t>(viewer)].hand;
          for (card_id c : d->cards) CHECK(std::find(h.begin(), h.end(), c) != h.end());
        }
      }
    }
  }
}

/// play_out (random_play.hpp) with a bias: when a command that moves goods on or off a Market
/// stall is legal, it is taken half of the time, so that these rare Helpers (Market crier,
/// Market woman, Trader) occur in few games.
template <class OnStep>
bool play_stalls_often(state& s, rng& bot, OnStep&& on_step) {
  std::vector<std::size_t> rare;
  const auto pick = [&rare](const std::vector<command>& legal, rng& r) -> std::uint64_t {
    rare.clear();
    for (std::size_t i = 0; i < legal.size(); ++i)
      if (std::holds_alternative<cmd::market_crier_sell>(legal[i]) ||
          std::holds_alternative<cmd::market_crier_refill>(legal[i]) ||
          std::holds_alternative<cmd::market_woman>(legal[i]) || std::holds_alternative<cmd::trader>(legal[i]))
        rare.push_back(i);
    if (!rare.empty() && r.below(2) == 0) return rare[static_cast<std::size_t>(r.below(rare.size()))];
    return r.below(legal.size());
  };
  return play_out_picking(s, bot, 100000, std::forward<OnStep>(on_step), pick);
}

}  // namespace

TEST_CASE("events: collecting them changes nothing; they account for every change; redacted they keep every secret",
          "[events]") {
  std::map<std::string, int> kinds, played;
  int commands = 0, undos_in_a_row = 0;
  for (int players = 1; players <= 4; ++players)
    for (auto rules : {ruleset::yucata, ruleset::original})
      for (std::uint64_t g = 0; g < 4; ++g) {
        const bool intro = players > 1 && g % 2 == 1;
        const std::uint64_t seed = 9000 + 100 * static_cast<std::uint64_t>(players) + g + (rules == ruleset::original ? 50 : 0);
        INFO(players << " players, " << to_string(rules) << (intro ? ", introductory" : "") << ", seed " << seed);
        state s = new_game(options{players, rules, intro}, seed);
        rng bot(seed);
        undo_tracker undo;
        std::map<std::uint32_t, state> recent;  // the states at the last versions, by version
        bool last_was_undo = false;
        std::vector<seen_by> seen = seen_by_all(s);  // of the state the next command is applied to
        const bool ended = play_stalls_often(s, bot, [&](const state& st, player_id p, const command& c) {
          INFO("version " << st.version << ": " << command_name(c) << " by " << int(p));
          state with = st;
          event_list events{ev::round_started{99}};  // appended to, never cleared
          REQUIRE_FALSE(apply(with, p, c, &events).has_value());
          REQUIRE(std::get<ev::round_started>(events.front()).round == 99);
          events.erase(events.begin());
          state without = st;
          REQUIRE_FALSE(apply(without, p, c).has_value());
          REQUIRE(with == without);
          REQUIRE(state_hash(with) == state_hash(without));
          check_accounts(st, with, c, events);
          std::vector<seen_by> seen_after = seen_by_all(with);
          check_followed(seen, seen_after, c, events);
          // An undo names the version it took back: the game is again as it was just before it.
          recent.emplace(st.version, st);
          if (recent.size() > 4096) recent.erase(recent.begin());  // a turn of many undos is long
          undo.on_applied(with.version, events, with);
          if (const auto* u = std::get_if<ev::undone>(&events.front())) {
            INFO("undone " << u->version << " undo_log " << st.undo_log.size() << " -> " << with.undo_log.size());
            REQUIRE(recent.count(u->version - 1) == 1);
            state again = recent.at(u->version - 1);
            again.version = with.version;
            REQUIRE(again == with);
            undos_in_a_row += last_was_undo;
          }
          last_was_undo = std::holds_alternative<cmd::undo>(c);
          check_secrecy(seen, seen_after, with, events);
          seen = std::move(seen_after);
          for (const auto& e : events) ++kinds[std::string(event_name(e))];
          ++played[std::string(command_name(c))];
          ++commands;
        });
        REQUIRE(ended);
      }
  // The harness itself: random play reaches (nearly) every kind of event.
  for (const char* k : {"round_started", "phase_started", "turn_started", "field_turned", "storehouse_emptied",
                        "harvested", "field_emptied", "cards_dealt", "cards_to_courtyard", "card_played",
                        "two_pack_drawn", "customer_revealed", "card_discarded", "reshuffled", "payment",
                        "marker_turned", "foreman_took", "advanced", "game_ended", "scored", "solo_rated",
                        "undone", "card_moved", "offer_refilled", "vegetables_moved", "players_ordered"}) {
    INFO(k);
    CHECK(kinds[k] > 0);
  }
  // ... and the commands that move goods on and off Market stalls or set the turn order.
  for (const char* k : {"trade", "trader", "market_crier_sell", "market_crier_refill", "market_woman",
                        "choose_partner", "shop_add", "saleswoman_blue"}) {
    INFO(k);
    CHECK(played[k] > 0);
  }
  CHECK(commands > 10000);
  CHECK(undos_in_a_row > 0);
}

TEST_CASE("events: a refused command records nothing", "[events]") {
  state s = two_player_game({C("R09"), C("M01"), C("C01"), C("trader-2")},
                            {C("R01"), C("M02"), C("C02"), C("haggler")});
  const state before = s;
  event_list events;
  const auto e = apply(s, 1, cmd::place_in_courtyard{C("R01")}, &events);
  REQUIRE(e.has_value());
  CHECK(e->code == "not_your_turn");
  CHECK(events.empty());
  CHECK(s == before);
}
