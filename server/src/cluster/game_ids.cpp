// New games' ids: their numbers through a keyed Feistel permutation (game_ids.hpp says why).
#include "cluster/game_ids.hpp"

#include <sodium.h>

#include "loyang/persistence/store.hpp"

namespace loyang::server::cluster {
namespace {

constexpr int half_bits = id_permutation::bits / 2;
constexpr std::uint64_t half_mask = (std::uint64_t(1) << half_bits) - 1;
constexpr std::uint64_t number_mask = (std::uint64_t(1) << id_permutation::bits) - 1;
static_assert(persistence::first_keyed_id == std::int64_t(1) << id_permutation::bits);
static_assert(crypto_shorthash_KEYBYTES == 16);

}  // namespace

id_permutation::id_permutation(std::string_view secret) {
  // No sodium_init(): BLAKE2b and SipHash give the same bytes whichever implementation it picks.
  constexpr std::string_view separator = "|game ids|";
  crypto_generichash_state st;
  crypto_generichash_init(&st, nullptr, 0, key_.size());
  crypto_generichash_update(&st, reinterpret_cast<const unsigned char*>(secret.data()), secret.size());
  crypto_generichash_update(&st, reinterpret_cast<const unsigned char*>(separator.data()), separator.size());
  crypto_generichash_final(&st, key_.data(), key_.size());
}

std::uint32_t id_permutation::round(int i, std::uint32_t half) const {
  // The round number is hashed with the half, so each round has a function of its own.
  const unsigned char in[5] = {static_cast<unsigned char>(i), static_cast<unsigned char>(half),
                               static_cast<unsigned char>(half >> 8), static_cast<unsigned char>(half >> 16),
                               static_cast<unsigned char>(half >> 24)};
  unsigned char out[crypto_shorthash_BYTES];
  crypto_shorthash(out, in, sizeof in, key_.data());
  std::uint64_t v = 0;
  for (int b = 7; b >= 0; --b) v = (v << 8) | out[b];
  return static_cast<std::uint32_t>(v & half_mask);
}

std::uint64_t id_permutation::forward(std::uint64_t number) const {
  number &= number_mask;
  auto left = static_cast<std::uint32_t>(number >> half_bits);
  auto right = static_cast<std::uint32_t>(number & half_mask);
  for (int i = 0; i < rounds; ++i) {
    const auto next = left ^ round(i, right);
    left = right;
    right = next;
  }
  return (std::uint64_t(left) << half_bits) | right;
}

std::uint64_t id_permutation::backward(std::uint64_t image) const {
  image &= number_mask;
  auto left = static_cast<std::uint32_t>(image >> half_bits);
  auto right = static_cast<std::uint32_t>(image & half_mask);
  for (int i = rounds - 1; i >= 0; --i) {
    const auto before = right ^ round(i, left);
    right = left;
    left = before;
  }
  return (std::uint64_t(left) << half_bits) | right;
}

std::optional<std::int64_t> game_ids::number_of(std::int64_t id) const {
  constexpr auto first = persistence::first_keyed_id;
  if (id <= 0 || id >= 2 * first) return std::nullopt;
  if (id < first) return id;
  return static_cast<std::int64_t>(permutation_->backward(std::uint64_t(id - first)));
}

std::int64_t game_ids::id_of(std::int64_t number) const {
  constexpr auto first = persistence::first_keyed_id;
  if (number <= 0 || number >= first) return 0;
  return first + static_cast<std::int64_t>(permutation_->forward(std::uint64_t(number)));
}

void game_ids::known(std::int64_t id) {
  if (const auto n = number_of(id)) numbers_.start_after(*n);
}

std::int64_t game_ids::next() { return id_of(numbers_.next()); }

}  // namespace loyang::server::cluster
