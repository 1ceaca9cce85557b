#pragma once
// Internal: the ids of new games, made so that nobody can count them.
//
// Game ids used to be the games' numbers, 1, 2, 3...: the ids below a new game's that answered
// 404 were exactly the private games, and their neighbours dated them. A new game still gets a
// number (cluster/id_source.hpp: counted on one node, reserved in blocks on several, so numbers
// never repeat), but its id is that number put through a keyed permutation onto
// [first_keyed_id, 2 * first_keyed_id) = [2^52, 2^53): unique because the numbers are,
// unpredictable without the key, and still a JSON number that every client (JavaScript's
// doubles too) reads exactly. Ids below 2^52 are games made before: their id is their number,
// and they keep working. Why this way: docs/security.md, "Game ids".
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "cluster/id_source.hpp"

namespace loyang::server::cluster {

/// A keyed permutation of the numbers below 2^52: a balanced Feistel network of 10 rounds on
/// two halves of 26 bits (the shape NIST's FF1 format-preserving encryption has), with SipHash-2-4
/// (libsodium's crypto_shorthash) keyed per round as the round function. Pure; any thread.
class id_permutation {
 public:
  static constexpr int bits = 52;
  static constexpr int rounds = 10;

  /// The key is derived from `secret` (any bytes; the server's stored secret): BLAKE2b-128 of
  /// secret + "|game ids|", so it is not the daily challenge's seed material itself.
  explicit id_permutation(std::string_view secret);

  /// The image of `number` (below 2^52; higher bits are ignored), below 2^52.
  std::uint64_t forward(std::uint64_t number) const;
  /// The inverse: backward(forward(n)) == n.
  std::uint64_t backward(std::uint64_t image) const;

 private:
  std::uint32_t round(int i, std::uint32_t half) const;
  std::array<unsigned char, 16> key_{};
};

/// The ids of new games on this node (see above). next() on any thread; start with key_with()
/// and known() before the first next().
class game_ids {
 public:
  explicit game_ids(storage& store) : numbers_(store, "games") {}

  /// Keys the permutation with the server's secret (the catalog's daily secret, shared by every
  /// node of a database and copied with a site).
  void key_with(std::string_view secret) { permutation_.emplace(secret); }
  /// A stored game's id: new numbers come after its number. Needs key_with() first.
  void known(std::int64_t id);
  /// A new game's id, in [2^52, 2^53); 0 when no number could be had (as id_source::next:
  /// the caller answers as for a failed write).
  std::int64_t next();

  /// The number of a game id: an id below 2^52 is its own number; nullopt for an id no number
  /// gives (0, negative, 2^53 and above). Needs key_with().
  std::optional<std::int64_t> number_of(std::int64_t id) const;
  /// The id of a number (1 to 2^52 - 1), or 0 for one out of range. Needs key_with().
  std::int64_t id_of(std::int64_t number) const;

 private:
  id_source numbers_;
  std::optional<id_permutation> permutation_;
};

}  // namespace loyang::server::cluster
