// encode / decode of the full state: exact round trips over random games (undo history
// included), every command round-trips, corrupt bytes are refused, and state_hash hashes
// exactly the encoding.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "loyang/engine/game.hpp"
#include "loyang/engine/random_play.hpp"
#include "loyang/engine/serialize.hpp"

using namespace loyang::engine;

namespace {

std::uint64_t fnv1a(const std::string& bytes) {
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (const char c : bytes) {
    h ^= static_cast<std::uint8_t>(c);
    h *= 0x100000001B3ULL;
  }
  return h;
}

struct coverage {
  int states = 0;
  int with_undo = 0;
  std::set<std::size_t> command_types;
};

void round_trip_game(const options& o, std::uint64_t seed, coverage& seen) {
  state s = new_game(o, seed);
  rng bot(seed * 7 + 1);
  std::vector<command> legal;
  const bool finished = play_out(s, bot, 100000, [&](const state& st, player_id p, const command& c) {
    const auto bytes = encode(st);
    const auto back = decode(bytes);
    REQUIRE(back.has_value());
    if (!(*back == st)) FAIL("decode(encode(s)) != s at version " << st.version);
    CHECK(encode(*back) == bytes);
    ++seen.states;
    if (!st.undo_log.empty()) ++seen.with_undo;
    const auto c_back = decode_command(encode(c));
    REQUIRE(c_back.has_value());
    if (!(*c_back == c)) FAIL("command " << command_name(c) << " does not round-trip");
    seen.command_types.insert(c.index());
    // Now and then every listed command, not only the chosen one.
    if (st.version % 17 == 0) {
      legal_commands(st, p, legal);
      for (const auto& l : legal) {
        const auto l_back = decode_command(encode(l));
        REQUIRE(l_back.has_value());
        if (!(*l_back == l)) FAIL("command " << command_name(l) << " does not round-trip");
        seen.command_types.insert(l.index());
      }
    }
  });
  CHECK(finished);
  const auto back = decode(encode(s));
  REQUIRE(back.has_value());
  CHECK(*back == s);
}

}  // namespace

TEST_CASE("decode(encode(s)) == s over random games", "[serialize]") {
  coverage seen;
  std::uint64_t seed = 100;
  // Every playable option set, the solo game included once the engine accepts it.
  for (int players = 1; players <= 4; ++players) {
    for (auto rules : {ruleset::yucata, ruleset::original}) {
      for (bool intro : {false, true}) {
        const options o{players, rules, intro};
        if (validate(o)) continue;
        round_trip_game(o, seed++, seen);
      }
    }
  }
  CHECK(seen.states > 1000);
  CHECK(seen.with_undo > 50);  // the undo base (a nested state) and log were exercised
  CHECK(seen.command_types.size() > 20);
}

TEST_CASE("the encoding starts with a versioned header", "[serialize]") {
  const auto bytes = encode(new_game(options{}, 1));
  REQUIRE(bytes.size() > 4);
  CHECK(bytes.substr(0, 3) == "LYS");
  CHECK(static_cast<std::uint8_t>(bytes[3]) == serialize_format_edition);
}

TEST_CASE("games of rules edition 1 keep format 1, so stored games keep their bytes and hashes", "[serialize]") {
  options old;
  old.edition = first_edition;
  const state s = new_game(old, 1);
  const auto bytes = encode(s);
  CHECK(static_cast<std::uint8_t>(bytes[3]) == serialize_format_version);
  const auto back = decode(bytes);
  REQUIRE(back.has_value());
  CHECK(back->opts.edition == first_edition);
  CHECK(*back == s);
  // The same game in the current edition: one byte more (the edition), read back as written.
  const state now = new_game(options{}, 1);
  CHECK(encode(now).size() == bytes.size() + 1 + 3);  // the edition; no fixed reshuffles, none used
  REQUIRE(decode(encode(now)).has_value());
  CHECK(decode(encode(now))->opts.edition == current_edition);
  // Format 3 holds only later editions; an unknown edition is refused.
  std::string edited = encode(now);
  const std::size_t edition_at = 4 + 4 + 1 + 1;  // header; players, ruleset, introductory
  REQUIRE(static_cast<std::uint8_t>(edited[edition_at]) == current_edition);
  edited[edition_at] = static_cast<char>(first_edition);
  CHECK_FALSE(decode(edited).has_value());
  edited[edition_at] = static_cast<char>(current_edition + 1);
  CHECK_FALSE(decode(edited).has_value());
}

TEST_CASE("state_hash is FNV-1a of the encoding", "[serialize]") {
  state s = new_game(options{3, ruleset::original, false}, 9);
  rng bot(3);
  play_out(s, bot, 200, [](const state&, player_id, const command&) {});
  CHECK(state_hash(s) == fnv1a(encode(s)));
  state t = s;
  t.players[0].cash += 1;
  CHECK(state_hash(t) != state_hash(s));
}

TEST_CASE("corrupt encodings are refused, not misread", "[serialize]") {
  state s = new_game(options{4, ruleset::yucata, false}, 5);
  rng bot(5);
  // Play until there is undo history, so the nested state is in the bytes too.
  play_out(s, bot, 100000, [](const state&, player_id, const command&) {});
  const auto finished_bytes = encode(s);
  s = new_game(options{4, ruleset::yucata, false}, 5);
  for (int i = 0; i < 400 && s.undo_log.empty(); ++i) {
    const auto legal = legal_commands(s, s.active);
    REQUIRE_FALSE(legal.empty());
    REQUIRE_FALSE(apply(s, s.active, legal[bot.below(legal.size())]).has_value());
  }
  const auto bytes = encode(s);

  for (const auto* b : {&bytes, &finished_bytes}) {
    // Every truncation and a trailing byte.
    for (std::size_t n = 0; n < b->size(); ++n) {
      if (decode(std::string_view(*b).substr(0, n))) FAIL("a truncation to " << n << " bytes decoded");
    }
    CHECK_FALSE(decode(*b + '\0'));
  }
  std::string wrong_magic = bytes;
  wrong_magic[0] = 'X';
  CHECK_FALSE(decode(wrong_magic));
  std::string wrong_version = bytes;
  wrong_version[3] = static_cast<char>(serialize_format_version + 1);
  CHECK_FALSE(decode(wrong_version));
  // The players' option is 4 bytes after the header; then the rules byte (an enum) follows.
  std::string bad_enum = bytes;
  bad_enum[4 + 4] = static_cast<char>(7);
  CHECK_FALSE(decode(bad_enum));
  std::string bad_bool = bytes;
  bad_bool[4 + 5] = static_cast<char>(2);
  CHECK_FALSE(decode(bad_bool));
  CHECK_FALSE(decode_command(""));
  CHECK_FALSE(decode_command(std::string(1, static_cast<char>(200))));
}
