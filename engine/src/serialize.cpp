// encode / decode: one field list (state_fields and friends) drives both directions, so the
// writer and the reader cannot drift apart.
#include "loyang/engine/serialize.hpp"

#include <array>
#include <concepts>
#include <cstddef>
#include <optional>
#include <type_traits>
#include <utility>
#include <variant>

namespace loyang::engine {
namespace {

constexpr std::string_view magic = "LYS";
// The undo base is a state holding no undo base of its own; a little slack for the future,
// and a bound on recursion for hostile bytes.
constexpr int max_nesting = 4;

class writer {
 public:
  static constexpr bool reading = false;
  explicit writer(std::uint8_t format) : format(format) {}
  std::uint8_t format;  ///< serialize_format_version, _scripted or _edition
  template <std::integral T>
  void integer(T x) {
    auto u = static_cast<std::make_unsigned_t<T>>(x);
    for (std::size_t i = 0; i < sizeof(T); ++i) {
      out_.push_back(static_cast<char>(static_cast<std::uint8_t>(u >> (8 * i))));
    }
  }
  std::string& out() { return out_; }

 private:
  std::string out_;
};

class reader {
 public:
  static constexpr bool reading = true;
  explicit reader(std::string_view in) : in_(in) {}
  std::uint8_t format = serialize_format_version;
  template <std::integral T>
  void integer(T& x) {
    using U = std::make_unsigned_t<T>;
    if (in_.size() - pos_ < sizeof(T)) {
      ok_ = false;
      x = 0;
      return;
    }
    U u = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i) {
      u = static_cast<U>(u | static_cast<U>(static_cast<U>(static_cast<std::uint8_t>(in_[pos_ + i]))
                                            << (8 * i)));
    }
    pos_ += sizeof(T);
    x = static_cast<T>(u);
  }
  void fail() { ok_ = false; }
  bool ok() const { return ok_; }
  bool at_end() const { return pos_ == in_.size(); }
  std::string_view take(std::size_t n) {
    if (in_.size() - pos_ < n) {
      ok_ = false;
      return {};
    }
    auto s = in_.substr(pos_, n);
    pos_ += n;
    return s;
  }

 private:
  std::string_view in_;
  std::size_t pos_ = 0;
  bool ok_ = true;
};

// The largest valid value of each enum the state holds: the LAST enumerator. A new
// enumerator at the end of one of these enums must be named here, or decode refuses it.
template <class E>
constexpr E max_enum();
template <> constexpr veg max_enum<veg>() { return veg::leek; }
template <> constexpr ruleset max_enum<ruleset>() { return ruleset::original; }
template <> constexpr phase max_enum<phase>() { return phase::finished; }
template <> constexpr step max_enum<step>() { return step::offer; }
template <> constexpr solo_rating max_enum<solo_rating>() { return solo_rating::master; }

template <class T> struct is_static_vector : std::false_type {};
template <class T, std::size_t N> struct is_static_vector<static_vector<T, N>> : std::true_type {};
template <class T> struct is_std_array : std::false_type {};
template <class T, std::size_t N> struct is_std_array<std::array<T, N>> : std::true_type {};
template <class T> struct is_pair : std::false_type {};
template <class A, class B> struct is_pair<std::pair<A, B>> : std::true_type {};

template <class A, class T>
void io(A& a, T& x);

// Every parameter name a command struct uses, in one fixed order. A command with a parameter
// not listed here would lose it: serialize_test round-trips every command of random games.
template <class A, class C>
void command_fields(A& a, C& c) {
  if constexpr (requires { c.crop; }) io(a, c.crop);
  if constexpr (requires { c.card; }) io(a, c.card);
  if constexpr (requires { c.hand; }) io(a, c.hand);
  if constexpr (requires { c.courtyard; }) io(a, c.courtyard);
  if constexpr (requires { c.partner; }) io(a, c.partner);
  if constexpr (requires { c.field; }) io(a, c.field);
  if constexpr (requires { c.fields; }) io(a, c.fields);
  if constexpr (requires { c.owner; }) io(a, c.owner);
  if constexpr (requires { c.stall; }) io(a, c.stall);
  if constexpr (requires { c.get; }) io(a, c.get);
  if constexpr (requires { c.give1; }) io(a, c.give1);
  if constexpr (requires { c.give2; }) io(a, c.give2);
  if constexpr (requires { c.top; }) io(a, c.top);
  if constexpr (requires { c.bottom; }) io(a, c.bottom);
  if constexpr (requires { c.steps; }) io(a, c.steps);
  if constexpr (requires { c.customer; }) io(a, c.customer);
  if constexpr (requires { c.with_haggler; }) io(a, c.with_haggler);
  if constexpr (requires { c.crops; }) io(a, c.crops);
  if constexpr (requires { c.haggler; }) io(a, c.haggler);
  if constexpr (requires { c.shopper; }) io(a, c.shopper);
  if constexpr (requires { c.goods; }) io(a, c.goods);
  if constexpr (requires { c.count; }) io(a, c.count);
  if constexpr (requires { c.mine; }) io(a, c.mine);
  if constexpr (requires { c.theirs; }) io(a, c.theirs);
  if constexpr (requires { c.put; }) io(a, c.put);
  if constexpr (requires { c.take; }) io(a, c.take);
}

// A value-initialised alternative `i` of the command variant.
template <std::size_t... I>
command make_alternative(std::size_t i, std::index_sequence<I...>) {
  static constexpr std::array<command (*)(), sizeof...(I)> makers{
      +[]() -> command { return command(std::in_place_index<I>); }...};
  return makers[i]();
}

void command_io(writer& w, const command& c) {
  w.integer(static_cast<std::uint8_t>(c.index()));
  std::visit([&w](const auto& x) { command_fields(w, x); }, c);
}

void command_io(reader& r, command& c) {
  std::uint8_t index = 0;
  r.integer(index);
  if (index >= std::variant_size_v<command>) return r.fail();
  c = make_alternative(index, std::make_index_sequence<std::variant_size_v<command>>{});
  std::visit([&r](auto& x) { command_fields(r, x); }, c);
}

template <class A, class T>
void io(A& a, T& x) {
  using V = std::remove_const_t<T>;
  if constexpr (std::is_same_v<V, bool>) {
    std::uint8_t b = x ? 1 : 0;
    a.integer(b);
    if constexpr (A::reading) {
      if (b > 1) a.fail();
      x = b == 1;
    }
  } else if constexpr (std::is_enum_v<V>) {
    using U = std::underlying_type_t<V>;
    U u = static_cast<U>(x);
    a.integer(u);
    if constexpr (A::reading) {
      if (u > static_cast<U>(max_enum<V>())) a.fail();
      x = static_cast<V>(u);
    }
  } else if constexpr (std::is_integral_v<V>) {
    a.integer(x);
  } else if constexpr (is_static_vector<V>::value) {
    auto n = static_cast<std::uint16_t>(x.size());
    a.integer(n);
    if constexpr (A::reading) {
      if (n > V::capacity()) return a.fail();
      x.resize(n);
    }
    for (auto& e : x) io(a, e);
  } else if constexpr (is_std_array<V>::value) {
    for (auto& e : x) io(a, e);
  } else if constexpr (is_pair<V>::value) {
    io(a, x.first);
    io(a, x.second);
  } else if constexpr (std::is_same_v<V, std::optional<veg>>) {
    bool present = x.has_value();
    io(a, present);
    if constexpr (A::reading) {
      if (present) {
        veg v{};
        io(a, v);
        x = v;
      } else {
        x.reset();
      }
    } else {
      if (present) io(a, *x);
    }
  } else if constexpr (std::is_same_v<V, veg_counts>) {
    io(a, x.n);
  } else if constexpr (std::is_same_v<V, options>) {
    std::int32_t players = x.players;
    a.integer(players);
    if constexpr (A::reading) x.players = players;
    io(a, x.rules);
    io(a, x.introductory);
    if (a.format == serialize_format_edition) {
      io(a, x.edition);
    } else if constexpr (A::reading) {
      x.edition = first_edition;
    }
  } else if constexpr (std::is_same_v<V, field>) {
    io(a, x.id);
    io(a, x.crop);
    io(a, x.count);
    io(a, x.under);
  } else if constexpr (std::is_same_v<V, played_card>) {
    io(a, x.card);
    io(a, x.under);
    io(a, x.deliveries);
    io(a, x.red);
    io(a, x.handled);
    io(a, x.served);
    io(a, x.stall_left);
    io(a, x.round_played);
  } else if constexpr (std::is_same_v<V, player_state>) {
    io(a, x.cash);
    io(a, x.loans);
    io(a, x.position);
    io(a, x.storehouse_upgraded);
    io(a, x.shop);
    io(a, x.cart);
    io(a, x.storehouse);
    io(a, x.fields);
    io(a, x.field_pile);
    io(a, x.hand);
    io(a, x.intro);
    io(a, x.played);
    io(a, x.in_distribution);
    io(a, x.turn_done);
    io(a, x.bought_two_pack);
    io(a, x.effects);
  } else if constexpr (std::is_same_v<V, resume_point>) {
    io(a, x.active);
    io(a, x.at);
  } else if constexpr (std::is_same_v<V, ranking_entry>) {
    io(a, x.player);
    io(a, x.position);
    io(a, x.cash);
    io(a, x.vegetables);
    io(a, x.rank);
  } else if constexpr (std::is_same_v<V, rng>) {
    auto words = x.words();
    io(a, words);
    if constexpr (A::reading) x = rng::from_words(words);
  } else if constexpr (std::is_same_v<V, command>) {
    command_io(a, x);
  } else if constexpr (std::is_same_v<V, fixed_order>) {
    auto n = static_cast<std::uint16_t>(x.cards.size());
    a.integer(n);
    if constexpr (A::reading) {
      if (n > 255) return a.fail();  // distinct cards; a bound for hostile bytes
      x.cards.resize(n);
    }
    for (auto& c : x.cards) io(a, c);
    io(a, x.rest_shuffled);
  } else if constexpr (std::is_same_v<V, fixed_reshuffles>) {
    auto n = static_cast<std::uint16_t>(x.orders.size());
    a.integer(n);
    if constexpr (A::reading) {
      if (n > 255) return a.fail();
      x.orders.resize(n);
    }
    for (auto& o : x.orders) io(a, o);
    io(a, x.used);
  } else {
    static_assert(!std::is_same_v<V, V>, "no encoding for this type");
  }
}

void state_fields(writer& a, const state& s, int depth);
void state_fields(reader& a, state& s, int depth);

// The undo base: a presence byte, then the saved state.
void undo_base_io(writer& a, const undo_point& u, int depth) {
  bool present = static_cast<bool>(u);
  io(a, present);
  if (present) state_fields(a, *u.get(), depth + 1);
}
void undo_base_io(reader& a, undo_point& u, int depth) {
  bool present = false;
  io(a, present);
  if (!present) {
    u = {};
    return;
  }
  if (depth + 1 > max_nesting) return a.fail();
  state saved;
  state_fields(a, saved, depth + 1);
  u = undo_point(saved);
}

// The undo log: a 32-bit count, then (player, command) pairs.
template <class A, class Log>
void undo_log_io(A& a, Log& log) {
  auto n = static_cast<std::uint32_t>(log.size());
  a.integer(n);
  if constexpr (A::reading) {
    // Each entry takes at least two bytes: a count beyond the input is corrupt.
    if (n > (1U << 20)) return a.fail();
    log.clear();
    for (std::uint32_t i = 0; i < n && a.ok(); ++i) {
      std::pair<player_id, command> e{0, cmd::undo{}};
      io(a, e.first);
      command_io(a, e.second);
      log.push_back(std::move(e));
    }
  } else {
    for (const auto& [p, c] : log) {
      io(a, p);
      command_io(a, c);
    }
  }
}

// THE field list of a state, in the order of state.hpp. A new state field goes here (and
// serialize_format_version goes up).
template <class A, class S>
void state_fields_impl(A& a, S& s, int depth) {
  io(a, s.opts);
  io(a, s.seed);
  io(a, s.random);
  io(a, s.version);
  io(a, s.round);
  io(a, s.current_phase);
  io(a, s.current_step);
  io(a, s.active);
  io(a, s.starting);
  io(a, s.second);
  io(a, s.partner);
  io(a, s.action_order);
  io(a, s.turn_index);
  io(a, s.revealed_this_turn);
  io(a, s.took_order);
  io(a, s.draw_pile);
  io(a, s.discard_pile);
  io(a, s.courtyard);
  io(a, s.two_pack);
  io(a, s.squire_left);
  io(a, s.harvest_queue);
  io(a, s.helper_discarded);
  io(a, s.discarded_by);
  io(a, s.foreman_offer);
  io(a, s.resume_stack);
  io(a, s.out_of_game);
  io(a, s.offer);
  io(a, s.offer_bought);
  io(a, s.solo_reshuffled);
  io(a, s.rating);
  io(a, s.players);
  io(a, s.ranking);
  undo_base_io(a, s.undo_base, depth);
  undo_log_io(a, s.undo_log);
  if (a.format != serialize_format_version) io(a, s.reshuffles);
}

// Format 1 cannot hold a scripted game's fixed reshuffles; every other state is written in
// format 1, so the games the server stores keep their bytes and hashes.
bool scripted(const state& s) {
  if (!(s.reshuffles == fixed_reshuffles{})) return true;
  return s.undo_base && scripted(*s.undo_base.get());
}

void state_fields(writer& a, const state& s, int depth) { state_fields_impl(a, s, depth); }
void state_fields(reader& a, state& s, int depth) { state_fields_impl(a, s, depth); }

}  // namespace

std::string encode(const state& s) {
  writer w(s.opts.edition != first_edition ? serialize_format_edition
           : scripted(s)                   ? serialize_format_scripted
                                           : serialize_format_version);
  w.out().reserve(4096);
  w.out().append(magic);
  w.integer(w.format);
  state_fields(w, s, 0);
  return std::move(w.out());
}

std::optional<state> decode(std::string_view bytes) {
  reader r(bytes);
  if (r.take(magic.size()) != magic) return std::nullopt;
  std::uint8_t format = 0;
  r.integer(format);
  if (format != serialize_format_version && format != serialize_format_scripted &&
      format != serialize_format_edition)
    return std::nullopt;
  r.format = format;
  state s;
  state_fields(r, s, 0);
  if (!r.ok() || !r.at_end()) return std::nullopt;
  // Each format holds its editions only (encode() is the only writer of each).
  if ((format == serialize_format_edition) == (s.opts.edition == first_edition) || s.opts.edition > current_edition)
    return std::nullopt;
  return s;
}

std::string encode(const command& c) {
  writer w(serialize_format_version);
  command_io(w, c);
  return std::move(w.out());
}

std::optional<command> decode_command(std::string_view bytes) {
  reader r(bytes);
  command c = cmd::undo{};
  command_io(r, c);
  if (!r.ok() || !r.at_end()) return std::nullopt;
  return c;
}

}  // namespace loyang::engine
