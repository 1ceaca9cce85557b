// The daily challenge: its seed, UTC dates, the day's board and streaks.
#include <catch2/catch.hpp>

#include "game_records.hpp"
#include "ratings/daily.hpp"

namespace {

using namespace loyang::test;
using loyang::ratings::daily_entry;
using loyang::ratings::daily_table;
using loyang::ratings::streak;

/// Noon UTC of a date.
std::int64_t noon(const std::string& date) { return *loyang::ratings::day_number(date) * 86400 + 12 * 3600; }

}  // namespace

TEST_CASE("daily: the seed is stable for a secret and a date, and differs between dates", "[daily]") {
  using loyang::ratings::daily_seed;
  // BLAKE2b-256 of "s3cret|daily|2026-11-25", first 8 bytes little endian (Python:
  // int.from_bytes(hashlib.blake2b(b"s3cret|daily|2026-11-25", digest_size=32).digest()[:8], "little")).
  CHECK(daily_seed("s3cret", "2026-11-25") == 0xe118fd45721ce863ull);
  CHECK(daily_seed("s3cret", "2026-11-25") == daily_seed("s3cret", "2026-11-25"));
  CHECK(daily_seed("s3cret", "2026-11-25") != daily_seed("s3cret", "2026-11-26"));
  CHECK(daily_seed("s3cret", "2026-11-25") != daily_seed("other", "2026-11-25"));
  CHECK(daily_seed("s3cret", "2026-11-26") == 0xddd0b4a44b6733dcull);
}

TEST_CASE("daily: utc_date across a leap day and a year end", "[daily]") {
  using loyang::ratings::utc_date;
  CHECK(utc_date(0) == "1970-01-01");
  CHECK(utc_date(86399) == "1970-01-01");
  CHECK(utc_date(-1) == "1969-12-31");
  CHECK(utc_date(951782400) == "2000-02-29");        // 2000 is a leap year (divisible by 400)
  CHECK(utc_date(951782400 + 86400) == "2000-03-01");
  CHECK(utc_date(1709164800) == "2024-02-29");       // 2024-02-29T00:00:00Z
  CHECK(utc_date(1709164800 - 1) == "2024-02-28");
  CHECK(utc_date(1709251199) == "2024-02-29");       // its last second
  CHECK(utc_date(1709251200) == "2024-03-01");
  CHECK(utc_date(1677628800) == "2023-03-01");       // 2023: no 29 February
  CHECK(utc_date(1677628800 - 1) == "2023-02-28");
  CHECK(utc_date(1798761599) == "2026-12-31");       // year end
  CHECK(utc_date(1798761600) == "2027-01-01");
  CHECK(utc_date(4102444800) == "2100-01-01");
  CHECK(utc_date(4107542400) == "2100-03-01");       // 2100 is not a leap year
  CHECK(loyang::ratings::day_number("2024-02-29") == 19782);
  CHECK_FALSE(loyang::ratings::day_number("2023-02-29"));
  CHECK_FALSE(loyang::ratings::day_number("2024-2-29"));
  CHECK_FALSE(loyang::ratings::day_number("2024-02-2x"));
  CHECK_FALSE(loyang::ratings::day_number(""));
  for (std::int64_t t = -86400 * 800; t < 86400 * 800; t += 86400 / 2 + 7) {
    INFO(t);
    CHECK(utc_date(t) == utc_date(*loyang::ratings::day_number(utc_date(t)) * 86400));
  }
}

TEST_CASE("daily: the day's board by level, Cash, who finished first, account", "[daily]") {
  daily_table t;
  const std::string day = "2026-11-25";
  const auto at = noon(day);
  CHECK(t.add(daily(1, at + 50, 7, day, 17, 4)));
  CHECK(t.add(daily(2, at + 10, 8, day, 18, 0)));   // best level
  CHECK(t.add(daily(3, at + 40, 9, day, 17, 6)));   // 17, more Cash than account 7
  CHECK(t.add(daily(4, at + 20, 10, day, 17, 4)));  // as account 7, finished earlier
  CHECK(t.add(daily(5, at + 20, 6, day, 17, 4)));   // as account 10, lower id
  CHECK(t.add(daily(6, noon("2026-11-24"), 11, "2026-11-24", 19, 9)));  // the day before
  const std::vector<daily_entry> expected = {{1, 8, 18, 0, 2, at + 10},
                                             {2, 9, 17, 6, 3, at + 40},
                                             {3, 6, 17, 4, 5, at + 20},
                                             {4, 10, 17, 4, 4, at + 20},
                                             {5, 7, 17, 4, 1, at + 50}};
  CHECK(t.leaderboard(day) == expected);
  CHECK(t.entry(day, 10) == expected[3]);
  CHECK_FALSE(t.entry(day, 11));
  CHECK(t.leaderboard("2026-11-26").empty());
  CHECK(t.leaderboard("garbage").empty());
}

TEST_CASE("daily: one game per account and day, the first finished; only finished daily solo games "
          "of his own",
          "[daily]") {
  daily_table t;
  const std::string day = "2026-11-25";
  const auto at = noon(day);
  CHECK(t.add(daily(2, at + 100, 7, day, 15, 0)));
  CHECK_FALSE(t.add(daily(3, at + 200, 7, day, 19, 9)));  // a second try does not count
  CHECK(t.add(daily(1, at + 50, 7, day, 12, 0)));          // the first one, seen late, does
  REQUIRE(t.leaderboard(day).size() == 1);
  CHECK(t.leaderboard(day)[0].game == 1);

  CHECK_FALSE(t.add(solo(4, at, 8, 18, 0)));                                  // not a daily game
  CHECK_FALSE(t.add(solo(5, at, 8, 18, 0, {{"daily", day}}, departure::resigned)));  // the bot's
  CHECK_FALSE(t.add(solo(6, at, 0, 18, 0, {{"daily", day}})));                 // no account
  CHECK_FALSE(t.add(finished(7, at, {{8, 1}, {9, 2}}, {{"daily", day}})));     // not solo
  auto active = daily(8, at, 8, day, 18, 0);
  active.status = game_status::active;
  CHECK_FALSE(t.add(active));
  CHECK_FALSE(t.add(daily(9, at, 8, "2026-13-01", 18, 0)));  // no such day
  CHECK(t.leaderboard(day).size() == 1);
}

TEST_CASE("daily: a day's game finished after its UTC day does not count for that day (nor for the next)",
          "[daily]") {
  // Decision: the seed is everybody's, so a game finished later could have been played after
  // watching the day's replays; it stays in his statistics, not on the board or streak.
  daily_table t;
  const std::string day = "2026-11-25";
  const auto midnight = *loyang::ratings::day_number(day) * 86400;
  CHECK(t.add(daily(1, midnight + 86399, 7, day, 15, 0)));  // the day's last second
  CHECK_FALSE(t.add(daily(2, midnight + 86400, 8, day, 19, 0)));
  CHECK(t.leaderboard(day).size() == 1);
  CHECK(t.leaderboard("2026-11-26").empty());
  CHECK(t.streak_of(8, "2026-11-26") == streak{0, 0});
}

TEST_CASE("daily: streaks: a gap breaks the current one, yesterday keeps it", "[daily]") {
  daily_table t;
  std::int64_t id = 1;
  for (const char* d : {"2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01",  // 4 across 1 March
                        "2026-03-05", "2026-03-06"}) {
    REQUIRE(t.add(daily(id++, noon(d), 7, d, 10, 0)));
  }
  CHECK(t.streak_of(7, "2026-03-06") == streak{2, 4});  // played today
  CHECK(t.streak_of(7, "2026-03-07") == streak{2, 4});  // yesterday: still alive today
  CHECK(t.streak_of(7, "2026-03-08") == streak{0, 4});  // a day missed
  CHECK(t.streak_of(7, "2026-03-01") == streak{4, 4});  // as it was on 1 March
  CHECK(t.streak_of(7, "2026-03-03") == streak{0, 4});
  CHECK(t.streak_of(8, "2026-03-06") == streak{0, 0});  // never played
  CHECK(t.streak_of(7, "not a date") == streak{0, 4});
  // Filling the gap joins both runs.
  for (const char* d : {"2026-03-02", "2026-03-03", "2026-03-04"}) REQUIRE(t.add(daily(id++, noon(d), 7, d, 10, 0)));
  CHECK(t.streak_of(7, "2026-03-07") == streak{9, 9});
  // Across a year end.
  REQUIRE(t.add(daily(id++, noon("2026-12-31"), 9, "2026-12-31", 10, 0)));
  REQUIRE(t.add(daily(id++, noon("2027-01-01"), 9, "2027-01-01", 10, 0)));
  CHECK(t.streak_of(9, "2027-01-01") == streak{2, 2});
}
