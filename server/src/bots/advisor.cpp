// The bots room (advisor.hpp): hints at a running game and the analysis of a finished one. The
// checks run on the games' strand; the room hands over a copy of what is needed (read_log); the
// thinking runs on the bot pool.
#include "advisor.hpp"

#include <boost/asio/post.hpp>

#include <algorithm>

#include "../games/extra.hpp"
#include "../games/running_seat.hpp"
#include "../games/visibility.hpp"
#include "../history/access.hpp"
#include "budget.hpp"
#include "loyang/bots/strong.hpp"
#include "loyang/engine/game.hpp"
#include "loyang/protocol/command_json.hpp"
#include "loyang/protocol/error_envelope.hpp"
#include "ratings/daily.hpp"

namespace loyang::server {
namespace {

api_reply refuse(http::status status, const std::string& code, const std::string& message) {
  return {status, protocol::error_envelope(code, message)};
}

api_reply bots_busy() {
  auto r = refuse(http::status::service_unavailable, "bots_busy", "the bots are busy: ask again in a moment");
  r.retry_after = 1;
  return r;
}

nlohmann::json candidate_json(const loyang::bots::candidate_result& c) {
  nlohmann::json out{{"command", protocol::command_to_json(c.command)},
                     {"playouts", c.playouts},
                     {"mean", c.mean},
                     {"wins", c.wins},
                     {"margin", c.margin}};
  if (c.held_back) out["held_back"] = true;
  return out;
}

/// The hint's answer: the best weighed candidate (or the only command), candidates best first
/// (a held-back loan after every other weighed one, as best_candidate ranks them).
nlohmann::json hint_json(std::int64_t game, std::uint32_t version, engine::player_id seat, bool solo,
                         const engine::command& only, loyang::bots::search_report r) {
  std::stable_sort(r.candidates.begin(), r.candidates.end(), loyang::bots::ranks_above);
  nlohmann::json candidates = nlohmann::json::array();
  for (const auto& c : r.candidates) candidates.push_back(candidate_json(c));
  const bool weighed = !r.candidates.empty() && r.candidates.front().playouts > 0;
  return {{"game", game},
          {"version", version},
          {"seat", seat},
          {"solo", solo},
          {"command", protocol::command_to_json(weighed ? r.candidates.front().command : only)},
          {"playouts", r.playouts},
          {"candidates", std::move(candidates)}};
}

}  // namespace

bot_advisor::bot_advisor(strand_type games_strand, options o, std::shared_ptr<bot_pool> pool,
                         std::shared_ptr<metrics> stats, boost::asio::any_io_executor io, lookups look)
    : strand_(std::move(games_strand)),
      options_(o),
      pool_(std::move(pool)),
      stats_(std::move(stats)),
      io_(std::move(io)),
      look_(std::move(look)) {}

void bot_advisor::hint(identity who, std::int64_t game, reply_fn reply) {
  look_.fresh(game, [self = shared_from_this(), who, game, reply = std::move(reply)] {
    const auto* g = self->look_.game(game);
    const auto found = games::running_seat(g, games::asker{who.id, who.name});
    if (const auto* no = std::get_if<api_reply>(&found)) return reply(*no);
    const auto seat = std::get<engine::player_id>(found);
    if (games::rated(*g) || games::daily_of(*g)) {
      return reply(refuse(http::status::forbidden, "hints_not_offered",
                          "rated games and the daily challenge offer no hints"));
    }
    if (const auto known = self->hints_.find(game); known != self->hints_.end()) {
      const auto& [version, asker, answer] = known->second;
      if (version == g->version && asker == seat) return reply({http::status::ok, answer});
    }
    self->look_.read_log(
        game,
        [self, seat, reply](const game_record& g, const engine::state& now, const history::game_log&) {
          if (g.status != game_status::active || g.seats[std::size_t(seat)].bot) {
            return reply(refuse(http::status::conflict, "not_playing", "you no longer play this seat"));
          }
          loyang::bots::seat_view view(now, seat);
          const auto legal = loyang::bots::legal_for(view);
          // A loan or a sale is open to a seat at any time; a hint is for the seat whose turn it is.
          const auto acting = engine::to_act(now);
          if (legal.empty() || std::find(acting.begin(), acting.end(), seat) == acting.end()) {
            return reply(refuse(http::status::conflict, "nothing_to_decide", "you have nothing to decide now"));
          }
          // Seeded by the position: asking again gives the same hint.
          engine::rng random(g.seed ^ 0x68696e74ULL ^ (std::uint64_t(now.version) << 8) ^ std::uint64_t(std::uint8_t(seat)));
          auto think = [self, view = std::move(view), random, game = g.id, version = now.version, seat,
                        only = legal.front(), reply]() mutable {
            auto& pool = *self->pool_;
            auto o = loyang::bots::hint_options(view.state().opts);
            o.playouts = bot_budget::playouts(o.playouts, pool.waiting(), pool.threads());
            o.out_of_time = bot_budget::deadline(bot_budget::time_limit);
            auto r = loyang::bots::weigh(view, random, o);
            ++self->stats_->hints;
            auto answer = hint_json(game, version, seat, view.state().opts.players == 1, only, std::move(r));
            net::post(self->strand_, [self, game, version, seat, answer, reply] {
              constexpr std::size_t kept = 4096;  // games with a hint kept; then forgotten all at once
              if (self->hints_.size() >= kept) self->hints_.clear();
              self->hints_[game] = {version, seat, answer};
              reply({http::status::ok, answer});
            });
          };
          if (!self->pool_->try_post(std::move(think))) reply(bots_busy());
        },
        [reply](std::string code, std::string message) {
          reply(refuse(http::status::service_unavailable, code, message));
        });
  });
}

void bot_advisor::analysis(identity who, std::int64_t game, bool start, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, game, start, reply = std::move(reply)] {
    const auto* found_game = self->look_.game(game);
    if (!found_game) return reply(refuse(http::status::not_found, "no_such_game", "there is no such game"));
    const auto& held = *found_game;
    if (held.status != game_status::finished && games::may_see(held, games::asker{who.id, who.name})) {
      return reply(refuse(http::status::conflict, "not_finished", "a game is analysed once it has finished"));
    }
    if (auto refused = history::record_refusal(held, games::asker{who.id, who.name})) return reply(*refused);
    // The day's deal is everybody's game of the day: its best moves wait for the day's end.
    if (ratings::deal_secret(held, self->look_.now())) {
      return reply(refuse(http::status::forbidden, "not_allowed",
                          "the daily challenge's games can be analysed once the day is over"));
    }
    if (auto found = self->analyses_.find(game)) return reply({http::status::ok, found->status()});
    if (!start) return reply({http::status::ok, {{"game", game}, {"status", "none"}}});
    if (!self->analyses_.may_start()) return reply(bots_busy());
    self->look_.read_log(
        game,
        [self, game, reply](const game_record& g, const engine::state&, const history::game_log& log) {
          std::vector<persistence::logged_command> commands;
          commands.reserve(log.size());
          for (std::size_t i = 0; i < log.size(); ++i) {
            const auto& e = log[i];
            commands.push_back({e.version, e.player, log.command_text(i), e.at});
          }
          auto in = analysis::input_of(g, commands);
          in.playouts = self->options_.analysis_playouts;
          auto j = std::make_shared<analysis::job>(std::move(in), self->pool_, self->stats_, self->io_);
          net::post(self->strand_, [self, game, j, reply] {
            // Two asking at once: the first one's job is the one kept.
            if (auto found = self->analyses_.find(game)) return reply({http::status::ok, found->status()});
            self->analyses_.add(game, j);
            j->start();
            reply({http::status::accepted, j->status()});
          });
        },
        [reply](std::string code, std::string message) {
          reply(refuse(http::status::service_unavailable, code, message));
        });
  });
}

}  // namespace loyang::server
