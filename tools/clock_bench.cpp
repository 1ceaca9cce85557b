// The clocks benchmark (docs/benchmarks.md, "Turn clocks"): what holding and firing the deadlines
// of many idle games costs the one timer service. Builds N games with a one-day limit per move
// (one seat running in each, deadlines spread over a day), then measures, with the server's own
// code: filling the timer from the stored clocks (a start), re-arming one game (a command), and
// firing every game at once with the timeout policy applied to its record (the room's part
// without the load of the game from the store, which store_bench measures).
//
//   clock_bench [games]      (default 100000)
#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "clocks/game_clock.hpp"
#include "clocks/timeouts.hpp"
#include "clocks/timer_service.hpp"
#include "core/records.hpp"

namespace {

using namespace loyang::server;
using clock_type = std::chrono::steady_clock;

double ms_since(clock_type::time_point t) {
  return std::chrono::duration<double, std::milli>(clock_type::now() - t).count();
}

long rss_kib() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const long n = argc > 1 ? std::atol(argv[1]) : 100000;
  constexpr std::int64_t day = 24 * 3600;
  constexpr std::int64_t t0 = 1795000000;
  clocks::time_control tc;
  tc.what = clocks::time_control::kind::per_move;
  tc.per_move = day;

  std::vector<game_record> games(static_cast<std::size_t>(n));
  for (long i = 0; i < n; ++i) {
    auto& g = games[std::size_t(i)];
    g.id = i + 1;
    g.status = game_status::active;
    g.seats.resize(2);
    g.seats[0].account_id = 1;
    g.seats[1].account_id = 2;
    clocks::game_clock c(tc, 2);
    const auto start = t0 + i * day / n;  // moves made over the last day
    c.set_acting({loyang::engine::player_id(i % 2)}, start);
    g.clock = c.stored();
  }

  boost::asio::io_context ioc;
  auto now = std::make_shared<std::int64_t>(t0 + 2 * day);  // past every deadline
  auto stats = std::make_shared<metrics>();
  long fired = 0;
  long timed_out = 0;
  auto timer = std::make_shared<clocks::timer_service>(
      boost::asio::make_strand(ioc), clocks::timer_service::settings{[now] { return *now; }, std::chrono::milliseconds(1)},
      stats, [&](std::vector<std::int64_t> due) {
        for (const auto id : due) {
          auto out = clocks::on_wake(games[std::size_t(id - 1)], *now);
          timed_out += static_cast<long>(out.timed_out.size());
          games[std::size_t(id - 1)] = std::move(out.next);
          ++fired;
        }
        ioc.stop();
      });

  const long rss_before = rss_kib();
  auto t = clock_type::now();
  for (const auto& g : games) timer->arm(g.id, clocks::next_wake(g));
  const double fill_ms = ms_since(t);
  const long rss_after = rss_kib();

  // A command re-arms its game: the cost per command with n games armed.
  t = clock_type::now();
  constexpr int rearms = 100000;
  for (int i = 0; i < rearms; ++i) timer->arm(1 + i % n, t0 + 2 * day + i);
  const double rearm_us = ms_since(t) * 1000.0 / rearms;
  for (int i = 0; i < rearms && i < n; ++i) timer->arm(1 + i, clocks::next_wake(games[std::size_t(i)]));

  // Everything is due (the clock stands past every deadline): one wake fires them all.
  t = clock_type::now();
  timer->start();
  ioc.run();
  const double fire_ms = ms_since(t);

  std::printf("games %ld\n", n);
  std::printf("fill from stored clocks: %.1f ms (%.2f us per game), RSS +%ld KiB (%.0f bytes per game)\n",
              fill_ms, fill_ms * 1000.0 / double(n), rss_after - rss_before,
              double(rss_after - rss_before) * 1024.0 / double(n));
  std::printf("re-arm one game (a command): %.3f us\n", rearm_us);
  std::printf("fire all: %.1f ms (%.2f us per game), %ld woken, %ld seats out of time\n", fire_ms,
              fire_ms * 1000.0 / double(n), fired, timed_out);
  return fired == n && timed_out == n ? 0 : 1;
}
