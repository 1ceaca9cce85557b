// The server's running figures (a game added as it finishes) against a recomputation from
// scratch, on a few hundred generated game records.
#include <catch2/catch.hpp>

#include <algorithm>

#include "game_records.hpp"
#include "loyang/engine/rng.hpp"
#include "ratings/summary.hpp"

namespace {

using namespace loyang::test;
using loyang::ratings::compute;
using loyang::ratings::finish_key_of;
using loyang::ratings::summary;

/// `count` games among 12 accounts: 1 to 4 seats, some bots, departures, ties, both rulesets,
/// rated or not, daily solo games over a few weeks (some finished a day late), a few cancelled
/// or still running, several finishing in the same second, ids not in finishing order.
std::vector<game_record> generate(int count, std::uint64_t seed) {
  loyang::engine::rng r(seed);
  const std::int64_t start = 1795000000;  // 2026-11-18
  std::vector<std::int64_t> ids(static_cast<std::size_t>(count));
  for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = static_cast<std::int64_t>(i + 1);
  for (std::size_t i = ids.size(); i > 1; --i) std::swap(ids[i - 1], ids[r.below(i)]);
  std::vector<game_record> out;
  std::int64_t at = start;
  for (int i = 0; i < count; ++i) {
    at += static_cast<std::int64_t>(r.below(4) == 0 ? 0 : r.below(20000));  // same second now and then
    const int seats = 1 + static_cast<int>(r.below(4));
    std::vector<seat_line> lines;
    std::vector<std::int64_t> taken;
    for (int s = 0; s < seats; ++s) {
      seat_line l;
      if (seats > 1 && r.below(8) == 0) {
        l.account = 0;  // a bot from the start
      } else {
        do l.account = 1 + static_cast<std::int64_t>(r.below(12));
        while (std::find(taken.begin(), taken.end(), l.account) != taken.end());
        taken.push_back(l.account);
      }
      l.position = 8 + static_cast<int>(r.below(12));
      l.cash = static_cast<int>(r.below(6));
      const auto leave = r.below(12);
      if (l.account != 0 && leave == 0) l.gone = departure::resigned;
      if (l.account != 0 && leave == 1) l.gone = departure::timed_out;
      lines.push_back(l);
    }
    // Ranks from the scores: ties share a rank.
    for (auto& l : lines) {
      l.rank = 1 + static_cast<int>(std::count_if(lines.begin(), lines.end(), [&](const seat_line& o) {
                 return std::tie(o.position, o.cash) > std::tie(l.position, l.cash);
               }));
    }
    nlohmann::json extra = nullptr;
    if (seats == 1 && r.below(2) == 0) {
      // Usually finished on its day; now and then the day before's game, finished late.
      const auto day = loyang::ratings::utc_date(at - (r.below(6) == 0 ? 86400 : 0));
      extra = {{"daily", day}};
    } else if (r.below(3) != 0) {
      extra = {{"rated", r.below(5) != 0}};
    }
    auto g = finished(ids[std::size_t(i)], at, lines, extra,
                      r.below(3) == 0 ? loyang::engine::ruleset::original : loyang::engine::ruleset::yucata);
    const auto fate = r.below(20);
    if (fate == 0) g.status = game_status::cancelled;
    if (fate == 1) g.status = game_status::active;
    out.push_back(std::move(g));
  }
  return out;
}

}  // namespace

TEST_CASE("incremental == from scratch: games added as they finish give compute()'s figures", "[summary]") {
  const auto games = generate(400, 23);
  auto in_order = games;
  std::sort(in_order.begin(), in_order.end(),
            [](const game_record& a, const game_record& b) { return finish_key_of(a) < finish_key_of(b); });
  summary running;
  std::vector<game_record> so_far;
  for (std::size_t i = 0; i < in_order.size(); ++i) {
    running.add(in_order[i]);
    so_far.push_back(in_order[i]);
    if (i % 50 == 49) {
      INFO("after " << i + 1 << " games");
      CHECK(running == compute(so_far));
    }
  }
  const auto scratch = compute(games);  // generated order: ids shuffled, not finishing order
  CHECK(running == scratch);

  // The data exercised every table.
  CHECK(scratch.elo.rated_games() > 60);
  CHECK(scratch.elo.leaderboard().size() == 12);
  std::size_t with_solo = 0, daily_lines = 0;
  for (const auto& [account, p] : scratch.stats.players()) with_solo += p.best_solo ? 1 : 0;
  CHECK(with_solo > 5);
  for (int d = 0; d < 40; ++d) {
    daily_lines += scratch.daily.leaderboard(loyang::ratings::utc_date(1795000000 + d * 86400)).size();
  }
  CHECK(daily_lines > 20);
  bool some_streak = false;
  for (std::int64_t a = 1; a <= 12; ++a) some_streak |= scratch.daily.streak_of(a, "2026-12-31").best >= 2;
  CHECK(some_streak);
}

TEST_CASE("incremental in any order == from scratch (same-second finishes arrive out of order)", "[summary]") {
  const auto games = generate(300, 7);
  auto shuffled = games;
  loyang::engine::rng r(99);
  for (std::size_t i = shuffled.size(); i > 1; --i) std::swap(shuffled[i - 1], shuffled[r.below(i)]);
  summary running;
  for (const auto& g : shuffled) running.add(g);
  // Twice changes nothing.
  for (const auto& g : shuffled) CHECK_FALSE(running.add(g));
  CHECK(running == compute(games));
}
