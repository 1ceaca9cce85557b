#pragma once
// The HTTP part of a run: accounts with their tokens, and started games with their seats.
#include <cstdint>
#include <string>
#include <vector>

#include "options.hpp"

namespace loyang::load {

/// `count` accounts named prefix-a<i>, logged in; returns their tokens, on `o.setup_threads`.
std::vector<std::string> make_accounts(const options& o, int count);

/// One started game: its id and, per load-client seat, the index of the account sitting there.
struct table_plan {
  std::int64_t game = 0;
  std::vector<int> accounts;
};

/// Creates `o.games` games of `o.players` seats with `o.bots` bots; account
/// (g / per_account) * humans + s sits at seat s of game g, so no account is connected more
/// than `per_account` times.
std::vector<table_plan> make_tables(const options& o, const std::vector<std::string>& tokens);

/// How many accounts make_tables() needs.
int accounts_for_tables(const options& o);

}  // namespace loyang::load
