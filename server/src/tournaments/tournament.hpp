#pragma once
// Internal: one tournament as the tournaments room keeps it, and its stored form (persistence's
// tournament_record: the status apart, the rest as JSON). Written whole after each change.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "../core/records.hpp"
#include "standings.hpp"
#include "tournament_types.hpp"

namespace loyang::server::tournaments {

enum class status { open, running, finished, cancelled };
const char* status_name(status s);

/// A person entered: his rating when he joined (the Swiss order's tie-break), and, once he
/// left, when and why ("withdrew", or "timeout": his time ran out in one of its games).
struct entry {
  std::int64_t account = 0;
  int rating = 0;
  std::int64_t joined_at = 0;
  std::int64_t withdrawn_at = 0;  ///< 0: still in
  std::string why;
};

/// One game of a round: its players in seat order and, once it ended, their places and
/// forfeits (seat order).
struct table_game {
  int round = 0;
  std::int64_t game = 0;  ///< 0 while it is being made
  std::vector<std::int64_t> players;
  bool finished = false;
  std::vector<int> places;
  std::vector<bool> forfeited;
};

struct tournament {
  std::int64_t id = 0;
  std::int64_t revision = 0;  ///< as stored (persistence's tournament_record)
  std::string name;
  std::int64_t creator = 0;
  tournament_format format = tournament_format::swiss;
  int table_size = 2;
  int rounds = 0;  ///< Swiss: as chosen; round robin: from the schedule, once started
  int max_players = 16;
  int min_players = 2;
  std::int64_t starts_at = 0;  ///< 0: when full
  std::string ruleset = "yucata";
  nlohmann::json time_control;  ///< as POST /api/games takes it
  bool rated = false;
  std::optional<int> min_rating;
  std::optional<double> min_finished;
  status state = status::open;
  std::int64_t created_at = 0;
  std::int64_t updated_at = 0;
  std::int64_t started_at = 0;
  std::int64_t ended_at = 0;
  std::string end_reason;  ///< "cancelled", "too_few_at_start", "too_few_left"; "" otherwise
  int round = 0;           ///< the round being played (0 before the start)
  std::vector<entry> entries;
  std::vector<table_game> games;
  std::vector<bye_record> byes;
  std::vector<round_plan> schedule;  ///< round robin: every round, made at the start

  const entry* entry_of(std::int64_t account) const;
  entry* entry_of(std::int64_t account);
  /// The entries still in.
  std::vector<std::int64_t> active() const;
  /// The finished games as the rules count them.
  std::vector<game_outcome> outcomes() const;
};

persistence::tournament_record to_record(const tournament& t);
/// Throws std::exception on a body this server did not write.
tournament from_record(const persistence::tournament_record& r);

}  // namespace loyang::server::tournaments
