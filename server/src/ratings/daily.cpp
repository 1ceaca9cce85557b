#include "daily.hpp"

#include <sodium.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <tuple>

namespace loyang::ratings {
namespace {

std::optional<int> digits(std::string_view s) {
  int v = 0;
  for (const char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

}  // namespace

std::uint64_t daily_seed(std::string_view secret, std::string_view date) {
  // No sodium_init(): it may read the system's random source, and BLAKE2b gives the same bytes
  // whichever implementation it would pick.
  constexpr std::string_view separator = "|daily|";
  std::array<unsigned char, crypto_generichash_BYTES> hash{};
  crypto_generichash_state st;
  crypto_generichash_init(&st, nullptr, 0, hash.size());
  crypto_generichash_update(&st, reinterpret_cast<const unsigned char*>(secret.data()), secret.size());
  crypto_generichash_update(&st, reinterpret_cast<const unsigned char*>(separator.data()), separator.size());
  crypto_generichash_update(&st, reinterpret_cast<const unsigned char*>(date.data()), date.size());
  crypto_generichash_final(&st, hash.data(), hash.size());
  std::uint64_t seed = 0;
  for (int i = 7; i >= 0; --i) seed = (seed << 8) | hash[std::size_t(i)];
  return seed;
}

std::string utc_date(std::int64_t unix_seconds) {
  using namespace std::chrono;
  // Clamped to years 0..9999, inside what year_month_day represents.
  constexpr std::int64_t first = -62167219200;  // 0000-01-01T00:00:00Z
  constexpr std::int64_t last = 253402300799;   // 9999-12-31T23:59:59Z
  const auto day = floor<days>(sys_seconds{seconds{std::clamp(unix_seconds, first, last)}});
  const year_month_day ymd{day};
  char out[16];
  std::snprintf(out, sizeof out, "%04d-%02u-%02u", int(ymd.year()), unsigned(ymd.month()), unsigned(ymd.day()));
  return out;
}

std::optional<std::int64_t> day_number(std::string_view date) {
  if (date.size() != 10 || date[4] != '-' || date[7] != '-') return std::nullopt;
  const auto y = digits(date.substr(0, 4));
  const auto m = digits(date.substr(5, 2));
  const auto d = digits(date.substr(8, 2));
  if (!y || !m || !d) return std::nullopt;
  using namespace std::chrono;
  const year_month_day ymd{year{*y}, month{unsigned(*m)}, day{unsigned(*d)}};
  if (!ymd.ok()) return std::nullopt;
  return sys_days{ymd}.time_since_epoch().count();
}

bool deal_secret(const game_record& g, std::int64_t now) {
  const auto date = extra_string(g, "daily");
  if (!date) return false;
  const auto day = day_number(*date);
  const auto today = day_number(utc_date(now));
  // A day after today (another node's clock ahead of this one) is secret too.
  return !day || !today || *day >= *today;
}

bool daily_table::add(const game_record& g) {
  const auto date = extra_string(g, "daily");
  if (!date || g.options.players != 1 || g.seats.size() != 1) return false;
  const auto& seat = g.seats.front();
  if (seat.account_id == 0 || seat.gone != persistence::departure::none) return false;
  const auto day = day_number(*date);
  // Finished on its own UTC day only (the header says why).
  if (!day || utc_date(g.updated_at) != *date) return false;
  const auto placed = placed_seats(g);
  if (!placed || !placed->front().position || !placed->front().cash) return false;
  const daily_entry e{0, seat.account_id, *placed->front().position, *placed->front().cash, g.id, g.updated_at};
  auto& kept = days_[*day];
  const auto it = kept.find(seat.account_id);
  if (it != kept.end()) {
    if (std::tie(it->second.finished_at, it->second.game) <= std::tie(e.finished_at, e.game)) return false;
    it->second = e;
  } else {
    kept.emplace(seat.account_id, e);
  }
  played_[seat.account_id].insert(*day);
  return true;
}

std::vector<daily_entry> daily_table::leaderboard(std::string_view date) const {
  const auto day = day_number(date);
  if (!day) return {};
  const auto it = days_.find(*day);
  if (it == days_.end()) return {};
  std::vector<daily_entry> out;
  out.reserve(it->second.size());
  for (const auto& [account, e] : it->second) out.push_back(e);
  std::sort(out.begin(), out.end(), [](const daily_entry& a, const daily_entry& b) {
    if (a.level != b.level) return a.level > b.level;
    if (a.cash != b.cash) return a.cash > b.cash;
    return std::tie(a.finished_at, a.account) < std::tie(b.finished_at, b.account);
  });
  for (std::size_t i = 0; i < out.size(); ++i) out[i].rank = static_cast<int>(i + 1);
  return out;
}

std::optional<daily_entry> daily_table::entry(std::string_view date, std::int64_t account) const {
  for (const auto& e : leaderboard(date)) {
    if (e.account == account) return e;
  }
  return std::nullopt;
}

streak daily_table::streak_of(std::int64_t account, std::string_view today) const {
  const auto it = played_.find(account);
  if (it == played_.end()) return {};
  streak out;
  int run = 0;
  std::int64_t previous = 0;
  for (const auto day : it->second) {
    run = (run > 0 && day == previous + 1) ? run + 1 : 1;
    previous = day;
    out.best = std::max(out.best, run);
  }
  const auto now = day_number(today);
  if (!now) return out;
  const auto& days = it->second;
  // The run ends today, or yesterday while today's game may still come.
  std::int64_t end = *now;
  if (!days.contains(end)) --end;
  while (days.contains(end - out.current)) ++out.current;
  return out;
}

}  // namespace loyang::ratings
