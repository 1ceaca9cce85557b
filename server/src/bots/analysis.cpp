#include "analysis.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "loyang/bots/strong.hpp"
#include "loyang/protocol/command_json.hpp"

namespace loyang::server::analysis {

namespace {

// A full pool: try again soon (the games in play go first).
constexpr auto pool_full_retry = std::chrono::milliseconds(200);
// Commands replayed in one step when none of them is a decision to weigh.
constexpr std::size_t replay_per_step = 256;

engine::command parse(const persistence::logged_command& c) {
  auto parsed = protocol::parse_command(nlohmann::json::parse(c.cmd));
  if (!parsed) throw std::runtime_error("version " + std::to_string(c.version) + ": the stored command does not parse");
  return parsed.value();
}

}  // namespace

game_input input_of(const game_record& g, const std::vector<persistence::logged_command>& commands) {
  game_input in{g.id, g.options, g.seed, commands, {}, {}};
  for (const auto& s : g.seats) {
    in.person.push_back(s.account_id != 0);
    in.left_at.push_back(s.gone == persistence::departure::none ? 0 : s.gone_at);
  }
  return in;
}

job::job(game_input in, std::shared_ptr<bot_pool> pool, std::shared_ptr<metrics> stats, boost::asio::any_io_executor ex)
    : in_(std::move(in)), pool_(std::move(pool)), stats_(std::move(stats)), retry_(ex), seats_(in_.person.size()) {}

void job::start() { schedule(); }

void job::schedule() {
  if (pool_->try_post([self = shared_from_this()] { self->step(); })) return;
  if (pool_->stopped()) return;
  retry_.expires_after(pool_full_retry);
  retry_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (!ec) self->schedule();
  });
}

bool job::weigh_next() {
  const auto& c = in_.commands[next_];
  const auto seat = c.player;
  if (seat < 0 || std::size_t(seat) >= in_.person.size() || !in_.person[std::size_t(seat)]) return false;
  const auto left = in_.left_at[std::size_t(seat)];
  if (left != 0 && c.at >= left) return false;
  const loyang::bots::seat_view view(state_, seat);
  const auto legal = loyang::bots::legal_for(view);
  const auto played = parse(c);
  // An undo, or a command naming a card the view hides: not something the bot can weigh.
  if (legal.size() < 2 || std::find(legal.begin(), legal.end(), played) == legal.end()) return false;
  if (!counted_) return true;

  // As the expert weighs: its candidates, the operator's playouts.
  auto o = loyang::bots::expert_options();
  // At least one playout for each candidate and the command played (weighed last).
  o.playouts = std::max(in_.playouts, o.candidates + 1);
  engine::rng random(in_.seed ^ 0x616e616c79736973ULL ^ (std::uint64_t(c.version) << 8));
  const auto r = loyang::bots::weigh(view, random, o, played);
  const auto best = loyang::bots::best_candidate(r);
  const auto own = std::find_if(r.candidates.begin(), r.candidates.end(),
                                [&](const loyang::bots::candidate_result& k) { return k.command == played; });
  if (best >= r.candidates.size() || own == r.candidates.end() || own->playouts == 0) return true;
  const bool solo = in_.options.players == 1;
  const double drop = std::max(0.0, r.candidates[best].mean - own->mean);
  const char* mark = drop >= (solo ? solo_blunder_drop : blunder_drop)   ? "blunder"
                     : drop >= (solo ? solo_mistake_drop : mistake_drop) ? "mistake"
                                                                         : nullptr;
  ++stats_->analysed_decisions;
  std::lock_guard lock(mutex_);
  auto& sum = seats_[std::size_t(seat)];
  ++sum.decisions;
  sum.drops += drop;
  ++done_;
  if (!mark) return true;
  ++(mark[0] == 'b' ? sum.blunders : sum.mistakes);
  moves_.push_back({{"version", c.version},
                    {"seat", seat},
                    {"played", protocol::command_to_json(played)},
                    {"best", protocol::command_to_json(r.candidates[best].command)},
                    {"played_mean", own->mean},
                    {"best_mean", r.candidates[best].mean},
                    {"drop", drop},
                    {"mark", mark}});
  return true;
}

void job::step() {
  try {
    if (!counted_) {
      // First the decisions to weigh, for the progress shown while it runs.
      state_ = engine::new_game(in_.options, in_.seed);
      int total = 0;
      for (next_ = 0; next_ < in_.commands.size(); ++next_) {
        if (weigh_next()) ++total;
        if (engine::apply(state_, in_.commands[next_].player, parse(in_.commands[next_])))
          throw std::runtime_error("version " + std::to_string(in_.commands[next_].version) + " no longer applies");
      }
      state_ = engine::new_game(in_.options, in_.seed);
      next_ = 0;
      counted_ = true;
      std::lock_guard lock(mutex_);
      total_ = total;
    } else {
      for (std::size_t replayed = 0; next_ < in_.commands.size() && replayed < replay_per_step; ++replayed) {
        const bool weighed = weigh_next();
        if (engine::apply(state_, in_.commands[next_].player, parse(in_.commands[next_])))
          throw std::runtime_error("version " + std::to_string(in_.commands[next_].version) + " no longer applies");
        ++next_;
        if (weighed) break;
      }
    }
    if (next_ < in_.commands.size() || !counted_) return schedule();
    std::lock_guard lock(mutex_);
    finished_ = true;
    done_ = total_;
  } catch (const std::exception& e) {
    spdlog::error("game {}: analysis failed: {}", in_.game, e.what());
    std::lock_guard lock(mutex_);
    failure_ = "this game cannot be replayed";
    finished_ = true;
  }
}

nlohmann::json job::status() const {
  std::lock_guard lock(mutex_);
  nlohmann::json j{{"game", in_.game},
                   {"status", !finished_ ? "running" : failure_.empty() ? "done" : "failed"},
                   {"done", done_},
                   {"total", total_}};
  if (!failure_.empty()) j["message"] = failure_;
  if (!finished_ || !failure_.empty()) return j;
  j["seats"] = nlohmann::json::array();
  for (std::size_t s = 0; s < seats_.size(); ++s) {
    if (!in_.person[s]) continue;
    const auto& sum = seats_[s];
    j["seats"].push_back({{"seat", s},
                          {"decisions", sum.decisions},
                          {"mistakes", sum.mistakes},
                          {"blunders", sum.blunders},
                          {"average_drop", sum.decisions ? sum.drops / sum.decisions : 0.0}});
  }
  j["moves"] = moves_;
  return j;
}

bool job::running() const {
  std::lock_guard lock(mutex_);
  return !finished_;
}

std::shared_ptr<job> cache::find(std::int64_t game) const {
  const auto it = jobs_.find(game);
  return it == jobs_.end() ? nullptr : it->second;
}

bool cache::may_start() const {
  return std::count_if(jobs_.begin(), jobs_.end(), [](const auto& j) { return j.second->running(); }) <
         std::ptrdiff_t(running_limit);
}

void cache::add(std::int64_t game, std::shared_ptr<job> j) {
  jobs_[game] = std::move(j);
  order_.push_back(game);
  for (auto it = order_.begin(); jobs_.size() > keep && it != order_.end();) {
    const auto found = jobs_.find(*it);
    if (found != jobs_.end() && !found->second->running()) {
      jobs_.erase(found);
      it = order_.erase(it);
    } else {
      ++it;
    }
  }
}

}  // namespace loyang::server::analysis
