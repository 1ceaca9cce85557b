#include "timeouts.hpp"

#include <algorithm>
#include <optional>

#include "../games/bot_levels.hpp"
#include "../games/extra.hpp"
#include "../games/result.hpp"
#include "game_clock.hpp"

namespace loyang::server::clocks {
namespace {

std::optional<game_clock> clock_of(const game_record& g) { return record_clock(g.clock); }

void hand_to_bot(game_record& g, game_clock& c, engine::player_id seat, persistence::departure why,
                 std::int64_t now) {
  bot_seats::take_over(g, std::size_t(seat));  // the game's takeover level
  auto& s = g.seats[std::size_t(seat)];
  s.gone = why;
  s.gone_at = now;
  c.retire(seat, now);
}

// The game ends now, `loser` last (2 players).
void end_early(game_record& g, game_clock& c, engine::player_id loser, persistence::departure why,
               std::int64_t now) {
  auto& s = g.seats[std::size_t(loser)];
  s.gone = why;
  s.gone_at = now;
  for (std::size_t i = 0; i < g.seats.size(); ++i) c.retire(engine::player_id(i), now);
  g.status = game_status::finished;
  g.result = games::ended_early(g, loser);
  g.to_act.clear();
  g.waiting_since = now;
}

bool playing(const game_record& g, engine::player_id seat) {
  return seat >= 0 && std::size_t(seat) < g.seats.size() && g.seats[std::size_t(seat)].account_id != 0 &&
         g.seats[std::size_t(seat)].gone == persistence::departure::none;
}

// Decides the open vote: wait when everyone who voted said so (and someone did).
void decide_vote(game_record& g, game_clock& c, std::int64_t now) {
  const auto& v = *c.vote();
  const bool wait = !v.votes.empty() &&
                    std::all_of(v.votes.begin(), v.votes.end(), [](const auto& b) { return b.second; });
  const auto seat = v.seat;
  c.close_vote(wait, now);
  if (!wait) hand_to_bot(g, c, seat, persistence::departure::timed_out, now);
}

void store_clock(game_record& g, const game_clock& c, std::int64_t now) {
  g.clock = c.stored();
  g.updated_at = now;
}

}  // namespace

std::vector<engine::player_id> voters(const game_record& g, engine::player_id seat) {
  std::vector<engine::player_id> out;
  for (std::size_t i = 0; i < g.seats.size(); ++i) {
    if (engine::player_id(i) != seat && playing(g, engine::player_id(i))) out.push_back(engine::player_id(i));
  }
  return out;
}

wake_outcome on_wake(const game_record& g, std::int64_t now) {
  wake_outcome out;
  out.next = g;
  if (g.status != game_status::active) return out;
  auto c = clock_of(g);
  if (!c) return out;
  auto due = c->take_due(now);
  if (due.empty()) return out;
  auto& next = out.next;
  out.reminders = due.reminders;
  // The earliest deadline first: with "end", the first seat out of time is the one who loses.
  std::sort(due.timed_out.begin(), due.timed_out.end());
  for (const auto seat : due.timed_out) {
    if (next.status != game_status::active) break;
    out.timed_out.push_back(seat);
    const auto policy = c->control().on_timeout;
    if (policy == timeout_policy::end && next.seats.size() == 2) {
      end_early(next, *c, seat, persistence::departure::timed_out, now);
    } else if (policy == timeout_policy::vote && !voters(next, seat).empty() &&
               c->open_vote(seat, now + std::min<std::int64_t>(decision_seconds(c->control()), 24 * 3600))) {
      out.votes_opened.push_back(seat);
    } else {
      // A second seat out of time while a vote runs, or nobody left to vote: the bot plays.
      hand_to_bot(next, *c, seat, persistence::departure::timed_out, now);
    }
  }
  if (due.vote_closed && c->vote() && next.status == game_status::active) decide_vote(next, *c, now);
  store_clock(next, *c, now);
  out.changed = true;
  return out;
}

std::variant<game_record, refusal> resign(const game_record& g, engine::player_id seat, std::int64_t now) {
  if (g.status != game_status::active) return refusal{"not_active", "the game is not being played", 409};
  if (!playing(g, seat)) {
    return refusal{"not_playing", "a bot plays this seat already: it cannot resign again", 409};
  }
  game_record next = g;
  auto c = clock_of(g).value_or(game_clock{});
  // A daily challenge ends too: a bot playing on would draw the day's cards, which every
  // account is dealt, before its resigner's eyes (ratings/daily.hpp, deal_secret).
  if (next.seats.size() == 2 || games::daily_of(g)) {
    end_early(next, c, seat, persistence::departure::resigned, now);
  } else {
    hand_to_bot(next, c, seat, persistence::departure::resigned, now);
  }
  if (!g.clock.is_null()) next.clock = c.stored();
  next.updated_at = now;
  return next;
}

std::variant<game_record, refusal> cast_vote(const game_record& g, engine::player_id voter, bool wait,
                                             std::int64_t now) {
  auto c = clock_of(g);
  if (g.status != game_status::active || !c || !c->vote()) {
    return refusal{"no_vote", "nobody's time has run out in this game: there is nothing to vote on", 409};
  }
  const auto seat = c->vote()->seat;
  const auto allowed = voters(g, seat);
  if (std::find(allowed.begin(), allowed.end(), voter) == allowed.end()) {
    return refusal{"not_a_voter", "only the other players still playing vote on waiting for a seat", 403};
  }
  game_record next = g;
  c->cast(voter, wait);
  const auto& votes = c->vote()->votes;
  const bool all_voted = std::all_of(allowed.begin(), allowed.end(), [&votes](engine::player_id p) {
    return std::any_of(votes.begin(), votes.end(), [p](const auto& b) { return b.first == p; });
  });
  if (!wait || all_voted) decide_vote(next, *c, now);
  store_clock(next, *c, now);
  return next;
}

std::optional<std::int64_t> next_wake(const game_record& g) {
  if (g.status != game_status::active) return std::nullopt;
  const auto c = clock_of(g);
  return c ? c->next_wake() : std::nullopt;
}

}  // namespace loyang::server::clocks
