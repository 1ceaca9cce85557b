// `loyang arena`: bots::play_match over many seeds, on threads, summed per level.
#include "arena.hpp"
#include "cli_args.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <ostream>
#include <thread>

#include <nlohmann/json.hpp>

#include "loyang/bots/determinize.hpp"
#include "loyang/bots/match.hpp"
#include "hint_check.hpp"
#include "loyang/bots/strong.hpp"
#include "loyang/engine/serialize.hpp"

namespace loyang::tools {
namespace {

struct arena_options {
  std::vector<bots::level> seats{bots::level::easy, bots::level::random};
  int games = 100;
  std::uint64_t seed = 1;
  engine::options game;
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  bool json = false;
  int playouts = bots::strong_options{}.playouts;      ///< the strong bot's budget per decision
  int candidates = bots::strong_options{}.candidates;  ///< commands it searches
  int time_limit_ms = 0;  ///< > 0: the strong bot also stops after this long per decision
  bool playout_bench = false;
  std::optional<hint_check_options> hints;  ///< --hint-check
};

using steady = std::chrono::steady_clock;

/// Times every decision of the bot it wraps (the strong bot's time per move); with a time
/// limit, `deadline` is what the strong bot's out_of_time compares the clock with.
class timed_bot final : public bots::bot {
 public:
  timed_bot(std::vector<double>* times, int limit_ms) : times_(times), limit_ms_(limit_ms) {}
  void wrap(std::unique_ptr<bots::bot> inner) { inner_ = std::move(inner); }
  const steady::time_point& deadline() const { return deadline_; }
  engine::command choose(const bots::seat_view& v, engine::rng& random) override {
    const auto start = steady::now();
    deadline_ = start + std::chrono::milliseconds(limit_ms_);
    const auto c = inner_->choose(v, random);
    times_->push_back(std::chrono::duration<double, std::milli>(steady::now() - start).count());
    return c;
  }

 private:
  std::unique_ptr<bots::bot> inner_;
  std::vector<double>* times_;
  int limit_ms_;
  steady::time_point deadline_;
};

std::optional<arena_options> parse_args(const std::vector<std::string>& args, std::ostream& err) {
  arena_options opt;
  const auto bad = [&](const std::string& why) -> std::optional<arena_options> {
    err << "loyang arena: " << why << " (see loyang --help)\n";
    return std::nullopt;
  };
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--json") {
      opt.json = true;
      continue;
    }
    if (a == "--introductory") {
      opt.game.introductory = true;
      continue;
    }
    if (a == "--playout-bench") {
      opt.playout_bench = true;
      continue;
    }
    if (a == "--hint-check") {
      if (!opt.hints) opt.hints.emplace();
      continue;
    }
    if (i + 1 >= args.size()) return bad(a.starts_with("--") ? a + " needs a value" : "unknown argument " + a);
    const std::string& value = args[++i];
    if (a == "--seats") {
      opt.seats.clear();
      std::size_t from = 0;
      while (from <= value.size()) {
        const auto to = std::min(value.find(',', from), value.size());
        const auto l = bots::level_by_name(value.substr(from, to - from));
        if (!l) return bad("--seats takes levels random, easy, strong or expert, separated by commas");
        opt.seats.push_back(*l);
        from = to + 1;
      }
      if (opt.seats.size() > 4) return bad("--seats names 1 to 4 seats");
    } else if (a == "--games") {
      const auto n = to_number<int>(value);
      if (!n || *n < 1) return bad("--games must be a positive number");
      opt.games = *n;
    } else if (a == "--playouts" || a == "--candidates" || a == "--time-limit-ms") {
      const auto n = to_number<int>(value);
      if (!n || *n < (a == "--time-limit-ms" ? 0 : 1)) return bad(a + " must be a positive number");
      (a == "--playouts" ? opt.playouts : a == "--candidates" ? opt.candidates : opt.time_limit_ms) = *n;
    } else if (a == "--hint-every" || a == "--judge-playouts" || a == "--hint-playouts") {
      const auto n = to_number<int>(value);
      if (!n || *n < 1) return bad(a + " must be a positive number");
      if (!opt.hints) opt.hints.emplace();
      if (a == "--hint-every") opt.hints->every = *n;
      else if (a == "--judge-playouts") opt.hints->judge_playouts = *n;
      else opt.hints->hint_playouts = *n;
    } else if (a == "--seed") {
      const auto n = to_number<std::uint64_t>(value);
      if (!n) return bad("--seed must be a non-negative number");
      opt.seed = *n;
    } else if (a == "--threads") {
      const auto n = to_number<unsigned>(value);
      if (!n || *n < 1) return bad("--threads must be a positive number");
      opt.threads = *n;
    } else if (a == "--ruleset") {
      const auto r = ruleset_named(value);
      if (!r) return bad("--ruleset must be yucata or original");
      opt.game.rules = *r;
    } else {
      return bad("unknown argument " + a);
    }
  }
  opt.game.players = static_cast<int>(opt.seats.size());
  if (const auto e = engine::validate(opt.game)) return bad(e->message);
  return opt;
}

/// The level playing seat `seat` in game `g` (rotated so every level sits in every seat).
std::size_t entry_of(const arena_options& opt, int g, std::size_t seat) {
  return (seat + static_cast<std::size_t>(g)) % opt.seats.size();
}

/// Per game, each searching level's decision times (ms).
using decision_times = std::map<bots::level, std::vector<double>>;

/// The searching level `l`'s budget: the strong bot's from the arguments, the expert's its own.
bots::strong_options search_options(const arena_options& opt, bots::level l) {
  if (l == bots::level::expert) return bots::expert_options();
  bots::strong_options o;
  o.playouts = opt.playouts;
  o.candidates = opt.candidates;
  return o;
}

/// A bot of level `l`; the searching levels (search_options) timed into `times`.
std::unique_ptr<bots::bot> make_seat(const arena_options& opt, bots::level l, decision_times& times) {
  if (l != bots::level::strong && l != bots::level::expert) return bots::make_bot(l);
  auto timed = std::make_unique<timed_bot>(&times[l], opt.time_limit_ms);
  auto o = search_options(opt, l);
  if (opt.time_limit_ms > 0) o.out_of_time = [t = timed.get()] { return steady::now() >= t->deadline(); };
  timed->wrap(bots::make_strong_bot(std::move(o)));
  return timed;
}

std::vector<bots::match_result> play_all(const arena_options& opt, std::vector<decision_times>& times,
                                         std::vector<hint_tally>& tallies) {
  std::vector<bots::match_result> results(static_cast<std::size_t>(opt.games));
  times.assign(static_cast<std::size_t>(opt.games), {});
  tallies.assign(static_cast<std::size_t>(opt.games), {});
  const auto worker = [&](unsigned t) {
    for (int g = static_cast<int>(t); g < opt.games; g += static_cast<int>(opt.threads)) {
      std::vector<std::unique_ptr<bots::bot>> owned;
      std::vector<bots::bot*> seats;
      for (std::size_t s = 0; s < opt.seats.size(); ++s) {
        owned.push_back(make_seat(opt, opt.seats[entry_of(opt, g, s)], times[static_cast<std::size_t>(g)]));
        if (opt.hints) {
          const auto seed = (opt.seed + static_cast<std::uint64_t>(g)) * 0x68696e74ULL + s;
          owned.back() = std::make_unique<hint_checker>(std::move(owned.back()), *opt.hints, seed,
                                                        tallies[static_cast<std::size_t>(g)]);
        }
        seats.push_back(owned.back().get());
      }
      bots::match_options m;
      m.game = opt.game;
      m.seed = opt.seed + static_cast<std::uint64_t>(g);
      results[static_cast<std::size_t>(g)] = bots::play_match(m, seats);
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < opt.threads; ++t) pool.emplace_back(worker, t);
  worker(0);
  for (auto& th : pool) th.join();
  return results;
}

struct level_sum {
  int entries = 0;
  int plays = 0;
  int wins = 0;
  double rank = 0, position = 0, loans = 0;
  std::map<int, int> levels;  ///< solo: final position -> games
};

/// The 95% Wilson score interval of `wins` out of `n`.
std::pair<double, double> wilson(int wins, int n) {
  if (n == 0) return {0, 0};
  const double z = 1.959963984540054, p = double(wins) / n, z2n = z * z / n;
  const double centre = (p + z2n / 2) / (1 + z2n);
  const double half = z * std::sqrt(p * (1 - p) / n + z2n / (4.0 * n)) / (1 + z2n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

std::string fixed(double v, int digits) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

/// The q-quantile (0..1) of `v` (sorted here), nearest rank.
double quantile(std::vector<double>& v, double q) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto at = static_cast<std::size_t>(std::ceil(q * static_cast<double>(v.size())));
  return v[std::min(v.size() - 1, at == 0 ? 0 : at - 1)];
}

/// --playout-bench: the strong bot's inner loop alone on one thread. Along `games` games of
/// easy bots (seed S+i), every 10th decision of any seat: sample a full state from the
/// seat's view, copy it and play it out with the easy policy (what one playout costs).
int playout_bench(const arena_options& opt, std::ostream& out) {
  std::vector<engine::state> roots;
  std::vector<engine::player_id> seats;
  for (int g = 0; g < opt.games; ++g) {
    engine::state s = engine::new_game(opt.game, opt.seed + static_cast<std::uint64_t>(g));
    std::vector<std::unique_ptr<bots::bot>> bots_;
    for (int i = 0; i < opt.game.players; ++i) bots_.push_back(bots::make_bot(bots::level::easy));
    engine::rng r(1);
    for (int n = 0; s.current_phase != engine::phase::finished && n < 5000; ++n) {
      const engine::player_id p = s.active;
      if (n % 10 == 0) {
        roots.push_back(engine::view(s, p));
        seats.push_back(p);
      }
      if (engine::apply(s, p, bots_[static_cast<std::size_t>(p)]->choose(bots::seat_view(s, p), r))) break;
    }
  }
  engine::rng random(opt.seed);
  long commands = 0;
  const std::clock_t cpu_start = std::clock();  // the process's CPU time: less disturbed by a busy machine
  const auto start = steady::now();
  double sample_ms = 0;
  for (std::size_t i = 0; i < roots.size(); ++i) {
    const auto t0 = steady::now();
    engine::state s = bots::determinize(roots[i], seats[i], random);
    sample_ms += std::chrono::duration<double, std::milli>(steady::now() - t0).count();
    commands += bots::play_out(s);
  }
  const double seconds = std::chrono::duration<double>(steady::now() - start).count();
  const double cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  const auto n = static_cast<double>(roots.size());
  nlohmann::json j{{"players", opt.game.players}, {"playouts", roots.size()}, {"seconds", seconds},
                   {"playouts_per_second", n / seconds}, {"cpu_seconds", cpu_seconds},
                   {"playouts_per_cpu_second", n / cpu_seconds}, {"commands_per_playout", double(commands) / n},
                   {"commands_per_second", double(commands) / seconds},
                   {"determinize_microseconds", 1000 * sample_ms / n},
                   {"state_bytes", engine::encode(roots.front()).size()}};
  out << j.dump(2) << '\n';
  return 0;
}

}  // namespace

int run_arena(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const auto opt = parse_args(args, err);
  if (!opt) return 2;
  if (opt->playout_bench) return playout_bench(*opt, out);
  std::vector<decision_times> game_times;
  std::vector<hint_tally> tallies;
  const auto results = play_all(*opt, game_times, tallies);
  hint_tally hints;
  for (const auto& t : tallies) hints.add(t);

  std::map<bots::level, level_sum> sums;
  for (auto l : opt->seats) ++sums[l].entries;
  int unfinished = 0, illegal = 0;
  long commands = 0;
  std::map<engine::solo_rating, int> ratings;
  for (int g = 0; g < opt->games; ++g) {
    const auto& r = results[static_cast<std::size_t>(g)];
    commands += r.commands;
    illegal += r.illegal;
    if (!r.finished) {
      ++unfinished;
      continue;
    }
    ++ratings[r.rating];
    for (std::size_t s = 0; s < r.seats.size(); ++s) {
      auto& sum = sums[opt->seats[entry_of(*opt, g, s)]];
      ++sum.plays;
      sum.wins += r.seats[s].rank == 1;
      sum.rank += r.seats[s].rank;
      sum.position += r.seats[s].position;
      sum.loans += r.seats[s].loans;
      ++sum.levels[r.seats[s].position];
    }
  }

  const bool solo = opt->game.players == 1;
  nlohmann::json report{{"players", opt->game.players},
                        {"ruleset", std::string(engine::to_string(opt->game.rules))},
                        {"games", opt->games},
                        {"seed", opt->seed},
                        {"unfinished", unfinished},
                        {"illegal", illegal},
                        {"commands_per_game", double(commands) / opt->games}};
  auto levels = nlohmann::json::array();
  for (const auto& [l, sum] : sums) {
    const auto [low, high] = wilson(sum.wins, sum.plays);
    const double n = std::max(1, sum.plays);
    nlohmann::json j{{"level", std::string(bots::to_string(l))}, {"seats", sum.entries},
                     {"plays", sum.plays}, {"wins", sum.wins},
                     {"win_rate", sum.wins / n}, {"win_rate_low", low}, {"win_rate_high", high},
                     {"average_rank", sum.rank / n}, {"average_position", sum.position / n},
                     {"average_loans", sum.loans / n}};
    if (solo) {
      nlohmann::json dist = nlohmann::json::object();
      int seen = 0, median = 0;
      for (const auto& [pos, count] : sum.levels) {
        dist[std::to_string(pos)] = count;
        if (seen < (sum.plays + 1) / 2 && seen + count >= (sum.plays + 1) / 2) median = pos;
        seen += count;
      }
      j["levels_reached"] = dist;
      j["median_level"] = median;
      j["ratings"] = {{"none", ratings[engine::solo_rating::none]}, {"good", ratings[engine::solo_rating::good]},
                      {"very_good", ratings[engine::solo_rating::very_good]},
                      {"master", ratings[engine::solo_rating::master]}};
    }
    levels.push_back(j);
  }
  report["levels"] = levels;
  // The searching bots' time per decision (wall clock: depends on the machine and its load).
  for (const auto l : {bots::level::strong, bots::level::expert}) {
    std::vector<double> times;
    for (auto& t : game_times) times.insert(times.end(), t[l].begin(), t[l].end());
    if (times.empty()) continue;
    const auto n = times.size();
    const auto o = search_options(*opt, l);
    report[std::string(bots::to_string(l))] = {
        {"playouts", o.playouts},
        {"candidates", o.candidates},
        {"time_limit_ms", opt->time_limit_ms}, {"decisions", n},
        {"decision_ms_median", quantile(times, 0.5)}, {"decision_ms_p99", quantile(times, 0.99)},
        {"decision_ms_max", times.back()},
        {"decisions_within_1s", double(std::count_if(times.begin(), times.end(), [](double t) { return t <= 1000; })) / double(n)}};
  }
  bool hints_fail = false;
  if (opt->hints) {
    // The judged gain of the hints that differ from the easy bot's choice, with its 95% interval
    // over those decisions (normal approximation).
    const double n = std::max(1, hints.differing);
    const double mean = hints.gain_sum / n;
    const double var = hints.differing > 1 ? std::max(0.0, (hints.gain_squares - n * mean * mean) / (n - 1)) : 0.0;
    const double half = 1.959963984540054 * std::sqrt(var / n);
    // Another budget than the server's (--hint-playouts) judges something else: then only the
    // first-round rule decides.
    const bool servers = !opt->hints->hint_playouts;
    hints_fail = hints.first_round_loans > 0 || (servers && hints.differing > 1 && mean + half < 0);
    report["hints"] = {{"checked", hints.checked}, {"differing", hints.differing},
                       {"mean_gain", mean}, {"gain_low", mean - half}, {"gain_high", mean + half},
                       {"worse", hints.worse}, {"worse_by", worse_by(opt->game)}, {"worst_gain", hints.worst},
                       {"loans", hints.loans}, {"first_round_loans", hints.first_round_loans},
                       {"every", opt->hints->every}, {"judge_playouts", opt->hints->judge_playouts}};
  }
  if (opt->json) {
    out << report.dump(2) << '\n';
  } else {
    out << "arena: " << opt->game.players << " player(s), " << engine::to_string(opt->game.rules) << ", "
        << opt->games << " games from seed " << opt->seed << ", seats rotated; unfinished " << unfinished
        << ", illegal commands " << illegal << "\n";
    out << "level   seats  plays   wins  win rate  95% interval    avg rank  avg position  avg loans\n";
    for (const auto& j : levels) {
      char line[200];
      std::snprintf(line, sizeof line, "%-7s %5d %6d %6d  %6.1f%%  %5.1f%% - %5.1f%%  %8.2f  %12.2f  %9.2f\n",
                    j["level"].get<std::string>().c_str(), j["seats"].get<int>(), j["plays"].get<int>(),
                    j["wins"].get<int>(), 100 * j["win_rate"].get<double>(), 100 * j["win_rate_low"].get<double>(),
                    100 * j["win_rate_high"].get<double>(), j["average_rank"].get<double>(),
                    j["average_position"].get<double>(), j["average_loans"].get<double>());
      out << line;
      if (solo) {
        out << "  levels reached:";
        for (const auto& [pos, count] : sums.begin()->second.levels) out << ' ' << pos << ':' << count;
        out << "\n  median level " << j["median_level"].get<int>() << "; ratings: good (17) "
            << j["ratings"]["good"].get<int>() << ", very good (18) " << j["ratings"]["very_good"].get<int>()
            << ", master (19+) " << j["ratings"]["master"].get<int>() << ", below 17 "
            << j["ratings"]["none"].get<int>() << " (" << fixed(100.0 * j["ratings"]["master"].get<int>() / std::max(1, opt->games), 1)
            << "% master)\n";
      }
    }
    for (const std::string name : {"strong", "expert"}) {
      if (!report.contains(name)) continue;
      const auto& j = report[name];
      out << name << ": " << j["playouts"].get<int>() << " playouts over the easy bot's best " << j["candidates"].get<int>()
          << " commands" << (opt->time_limit_ms > 0 ? ", time limit " + std::to_string(opt->time_limit_ms) + " ms" : "")
          << "; " << j["decisions"].get<std::size_t>() << " decisions: median " << fixed(j["decision_ms_median"].get<double>(), 1)
          << " ms, p99 " << fixed(j["decision_ms_p99"].get<double>(), 1) << " ms, max "
          << fixed(j["decision_ms_max"].get<double>(), 1) << " ms, within 1 s "
          << fixed(100 * j["decisions_within_1s"].get<double>(), 2) << "%\n";
    }
  }
  if (opt->hints && !opt->json) {
    const auto& j = report["hints"];
    out << "hints: " << j["checked"].get<int>() << " checked (every " << j["every"].get<int>()
        << "th decision with a choice), " << j["differing"].get<int>()
        << " other than the easy bot's choice; judged by " << j["judge_playouts"].get<int>()
        << " playouts each: mean gain " << fixed(j["mean_gain"].get<double>(), 3) << " (95% "
        << fixed(j["gain_low"].get<double>(), 3) << " to " << fixed(j["gain_high"].get<double>(), 3) << "), "
        << j["worse"].get<int>() << " worse by more than " << fixed(j["worse_by"].get<double>(), 2)
        << " (worst " << fixed(j["worst_gain"].get<double>(), 3) << "); loans " << j["loans"].get<int>()
        << ", in the first round " << j["first_round_loans"].get<int>() << "\n";
  }
  return unfinished == 0 && illegal == 0 && !hints_fail ? 0 : 1;
}

}  // namespace loyang::tools
