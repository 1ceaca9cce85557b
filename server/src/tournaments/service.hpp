#pragma once
// Internal: the tournaments room (docs/protocol.md, "Tournaments"). Swiss tournaments and round
// robins of 2- to 4-player games for play by web: a creator sets them up, players join and
// withdraw, and at its time (or when full) the room starts it and makes each round's games
// itself (the lobby's add_started_game), pairing from the rules library (pairing.hpp,
// round_robin.hpp). It hears each game's end (the hub's game_finished), scores it
// (standings.hpp), and makes the next round once the round's last game ends.
//
// Runs on the games' strand (the lobby's): it reads the games' records and ratings there. Keeps
// every tournament in memory, each stored whole after each change (store::save_tournament) from
// the revision before it, answered only once stored. On several nodes any node takes entries
// (a change another node stored meanwhile is read again and the request applied to it), and
// only the leader acts by itself: starts, makes games, counts results, pairs the next round;
// it does so by looking, every second and after each change, at what a tournament's state asks
// for (advance()), so a leader that died midway leaves nothing another cannot finish.
#include <boost/asio/steady_timer.hpp>

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "../accounts/accounts.hpp"
#include "../cluster/id_source.hpp"
#include "../core/api_reply.hpp"
#include "../core/beast.hpp"
#include "../core/records.hpp"
#include "tournament.hpp"

namespace loyang::server::tournaments {

class service : public std::enable_shared_from_this<service> {
 public:
  struct lookups {
    std::shared_ptr<class accounts> accounts;
    /// The rating shown for `account` (1500 before any rated game); on the strand.
    std::function<int(std::int64_t account)> rating_of;
    /// Why `who` may not sit at a game with `g`'s entry limits (403 rating_too_low,
    /// finishing_record_too_low), or nullopt; on the strand.
    std::function<std::optional<api_reply>(const game_record& g, const identity& who)> refusal;
    /// Makes and starts game `g` (seats taken); `done` gets "" and its summary, or an error
    /// code. On the strand, answered there.
    std::function<void(game_record g, std::uint64_t seed,
                       std::function<void(const std::string& error, nlohmann::json summary)> done)>
        add_game;
    /// The game `id` as the lobby holds it, or nullptr; on the strand.
    std::function<const game_record*(std::int64_t id)> game;
    /// Tournament `id` changed and is stored: the lobby's watchers are told; on the strand.
    std::function<void(std::int64_t id)> changed;
    /// Whether this node acts by itself (the leader of several nodes; always one alone). Any
    /// thread.
    std::function<bool()> leads;
    /// The lobby's game of tournament `id`'s round `round` between `players` (seat order), if
    /// one was made (a leader that stopped before counting it); on the strand.
    std::function<const game_record*(std::int64_t id, int round, const std::vector<std::int64_t>& players)>
        made_game;
    /// Runs `work` on a thread that may block (reads of the store).
    std::function<void(std::function<void()>)> off_thread;
  };

  service(strand_type games_strand, storage& store, lookups look);

  /// The stored tournaments (the catalog's), before any request; then the timer runs.
  void start(const std::vector<persistence::tournament_record>& stored, std::int64_t max_id);
  void stop();

  /// POST /api/tournaments: 201 the tournament (its creator entered). 400 bad_request.
  void create(identity who, const nlohmann::json& body, reply_fn reply);
  /// GET /api/tournaments: {"open", "running", "finished" (the latest 20)}: summaries, each
  /// saying whether `who` is "entered".
  void list(identity who, reply_fn reply);
  /// GET /api/tournaments/ID: the tournament whole: entries, rounds and their games, standings
  /// and crosstable. 404 no_such_tournament.
  void detail(std::int64_t id, reply_fn reply);
  /// POST /api/tournaments/ID/join: 200 the tournament. 404; 409 entries_closed, already_entered,
  /// tournament_full; 403 rating_too_low, finishing_record_too_low, bot_account.
  void join(identity who, std::int64_t id, reply_fn reply);
  /// POST /api/tournaments/ID/withdraw: before the start, the entry goes; after, he is paired
  /// no more (his running game goes on). 404; 409 not_entered, already_withdrawn, tournament_over.
  void withdraw(identity who, std::int64_t id, reply_fn reply);
  /// POST /api/tournaments/ID/cancel: its creator (or an operator) cancels it before it starts.
  /// 403 not_creator; 409 tournament_started, tournament_over.
  void cancel(identity who, std::int64_t id, reply_fn reply);

  /// Game `g` ended (the hub's game_finished): counted if it is a tournament's (by the
  /// leader). Any strand.
  void game_finished(const game_record& g);
  /// Tournaments as another node stored them (cluster/): kept where newer than held. Any strand.
  void merge(std::vector<persistence::tournament_record> rows);
  /// This node came to lead: it looks at every tournament at once. Any strand.
  void leading();

 private:
  /// What a change answers: a refusal (nothing stored), or nullopt to store the change.
  using change_fn = std::function<std::optional<api_reply>(tournament&)>;
  /// `refused`: the change's refusal; else `error`: "" (stored) or the store's code.
  using update_done = std::function<void(std::optional<api_reply> refused, const std::string& error)>;

  void tick();
  void arm();
  /// Applies `change` to a copy of tournament `id` and stores it, one at a time per tournament
  /// on this node; when the store refuses it (another node stored a revision meanwhile), reads
  /// the tournament again and applies `change` to that, a few times.
  void update(std::int64_t id, change_fn change, update_done done);
  void attempt(std::int64_t id, change_fn change, update_done done, int tries);
  /// Runs the next update of `id` waiting on this node; when none waits and this one was
  /// `stored`, the leader looks at the tournament again (advance).
  void next_update(std::int64_t id, bool stored);
  void run_first(std::int64_t id);
  /// Keeps `r` if it is newer than the copy held; true when kept.
  bool keep(const persistence::tournament_record& r);
  /// The leader's look at tournament `id`: starts it, counts its ended games, makes its round's
  /// games, pairs the next round or ends it, whichever its state asks for first; again after.
  void advance(std::int64_t id);
  void make_games(const tournament& t);
  void begin(tournament& t);
  void begin_round(tournament& t, int round);
  /// Counts `g` (ended) at its table of `t`; false when nothing was there to count.
  bool count(tournament& t, const game_record& g);
  nlohmann::json summary(const tournament& t) const;
  nlohmann::json whole(const tournament& t) const;
  tournament* find(std::int64_t id);

  strand_type strand_;
  storage& store_;
  lookups look_;
  cluster::id_source ids_{store_, "tournaments"};
  net::steady_timer timer_;
  bool stopped_ = false;
  std::map<std::int64_t, tournament> all_;
  /// Per tournament, the updates waiting on this node; the first is running.
  std::map<std::int64_t, std::deque<std::function<void()>>> updates_;
  /// Games being made: (tournament, round, table's players).
  std::set<std::tuple<std::int64_t, int, std::vector<std::int64_t>>> making_;
};

}  // namespace loyang::server::tournaments
