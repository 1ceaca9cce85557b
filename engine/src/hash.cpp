// state_hash(): FNV-1a over a canonical, platform-independent byte encoding of the state.
#include <cstring>

#include "internal.hpp"

namespace loyang::engine {
namespace {

class hasher {
 public:
  void u64(std::uint64_t x) {
    for (int i = 0; i < 8; ++i) byte(static_cast<std::uint8_t>(x >> (8 * i)));
  }
  void i(std::int64_t x) { u64(static_cast<std::uint64_t>(x)); }
  void vc(const veg_counts& v) {
    for (auto x : v.n) i(x);
  }
  template <class V>
  void list(const V& v) {
    i(static_cast<std::int64_t>(v.size()));
    for (const auto& x : v) i(static_cast<std::int64_t>(x));
  }
  std::uint64_t value() const { return h_; }

 private:
  void byte(std::uint8_t b) {
    h_ ^= b;
    h_ *= 0x100000001B3ULL;
  }
  std::uint64_t h_ = 0xCBF29CE484222325ULL;
};

}  // namespace

std::uint64_t state_hash(const state& s) {
  hasher h;
  h.i(s.opts.players);
  h.i(static_cast<int>(s.opts.rules));
  h.i(s.opts.introductory);
  h.u64(s.seed);
  for (auto w : s.random.words()) h.u64(w);
  h.i(s.version);
  h.i(s.round);
  h.i(static_cast<int>(s.current_phase));
  h.i(static_cast<int>(s.current_step));
  h.i(s.active);
  h.i(s.starting);
  h.i(s.second);
  h.i(s.partner);
  h.list(s.action_order);
  h.i(s.turn_index);
  h.i(s.revealed_this_turn);
  h.list(s.took_order);
  h.list(s.draw_pile);
  h.list(s.discard_pile);
  h.list(s.courtyard);
  h.i(s.two_pack[0]);
  h.i(s.two_pack[1]);
  h.list(s.out_of_game);
  h.i(s.squire_left);
  h.list(s.harvest_queue);
  h.i(s.foreman_offer);
  h.i(static_cast<std::int64_t>(s.resume_stack.size()));
  for (const auto& r : s.resume_stack) {
    h.i(r.active);
    h.i(static_cast<int>(r.at));
  }
  for (const auto& p : s.players) {
    h.i(p.cash);
    h.i(p.loans);
    h.i(p.position);
    h.i(p.storehouse_upgraded);
    h.vc(p.shop);
    h.vc(p.cart);
    h.vc(p.storehouse);
    h.i(static_cast<std::int64_t>(p.fields.size()));
    for (const auto& f : p.fields) {
      h.i(f.id);
      h.i(static_cast<int>(f.crop));
      h.i(f.count);
      h.i(f.under);
    }
    h.list(p.field_pile);
    h.list(p.hand);
    h.i(p.intro);
    h.i(static_cast<std::int64_t>(p.played.size()));
    for (const auto& c : p.played) {
      h.i(c.card);
      h.i(c.under);
      h.i(c.deliveries);
      h.i(c.red);
      h.i(c.handled + 2 * c.served);  // one value for both keeps older hashes valid
      h.i(c.stall_left);
      h.i(c.round_played);
    }
    h.i(p.effects);
    h.i(p.in_distribution);
    h.i(p.turn_done);
    h.i(p.bought_two_pack);
  }
  h.i(static_cast<std::int64_t>(s.undo_log.size()));
  for (const auto& [p, c] : s.undo_log) {
    h.i(p);
    h.i(static_cast<std::int64_t>(c.index()));
  }
  for (const auto& r : s.ranking) {
    h.i(r.player);
    h.i(r.position);
    h.i(r.cash);
    h.i(r.vegetables);
    h.i(r.rank);
  }
  if (s.opts.players == 1) {  // solo only, so that stored 2-4 player hashes stay valid
    for (card_id c : s.offer) h.i(c);
    h.i(s.offer_bought);
    h.i(s.solo_reshuffled);
    h.i(static_cast<int>(s.rating));
  }
  return h.value();
}

}  // namespace loyang::engine
