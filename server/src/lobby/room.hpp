#pragma once
// Internal: one game in play. All work on the game runs on the room's strand, one command at
// a time: apply in memory, make it durable, then send every viewer its patch (the sender's,
// marked with the command's id, is its answer). Connections join with a seat (or as
// spectators) and are only held weakly.
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "../core/beast.hpp"
#include "../bots/bot_pool.hpp"
#include "../chat/room_chat.hpp"
#include "../clocks/timeouts.hpp"
#include "../events/hub.hpp"
#include "../history/game_log.hpp"
#include "../notify/presence.hpp"
#include "loyang/bots/strong.hpp"
#include "loyang/engine/game.hpp"
#include "loyang/protocol/client_message.hpp"
#include "loyang/protocol/client_view.hpp"
#include "loyang/protocol/view_patcher.hpp"
#include "../core/metrics.hpp"
#include "../core/records.hpp"
#include "../core/subscriber.hpp"

namespace loyang::server {

class room : public std::enable_shared_from_this<room> {
 public:
  /// A resume this many versions behind or fewer gets one patch, rebuilt from the game's log
  /// (no patches are kept); further behind, a snapshot.
  static constexpr std::uint32_t resume_window = 64;

  struct services {
    storage& store;
    // Shared: a room may be destroyed as late as the io_context's own destruction, after the
    // server's other state (a handler still queued on its strand can hold the last reference).
    std::shared_ptr<metrics> stats;
    /// Called on the room's strand after each durable command with the updated record.
    std::function<void(const game_record&)> on_progress;
    /// Unix seconds now.
    std::function<std::int64_t()> now;
    /// The notifications a change of the record from `before` to `after` causes (with the
    /// reminders a wake took), queued in the same transaction; and the sender told of them.
    /// Either may be empty: no notifications.
    /// `since_of(seat)`: the log entries since that seat's last own command, as it sees them (a
    /// JSON array text), for what a turn notification tells.
    std::function<std::vector<persistence::outbox_record>(
        const game_record& before, const game_record& after,
        const std::vector<std::pair<engine::player_id, int>>& reminders,
        const std::function<std::string(engine::player_id)>& since_of)>
        notes;
    std::function<void()> notes_queued;
    /// Chat: who mutes or blocks whom, the names of accounts, the next message id (unique over
    /// all games), and the notifications a stored message causes for `away` (the persons
    /// seated who do not watch the game now: account, name).
    std::shared_ptr<const social::relations> relations = {};
    std::function<std::string(std::int64_t)> name_of = {};
    std::function<std::int64_t()> next_chat_id = {};
    std::function<std::vector<persistence::outbox_record>(
        const game_record&, const persistence::chat_record&, const std::vector<std::pair<std::int64_t, std::string>>& away)>
        chat_notes = {};
    /// Told (on the room's strand) how many connections watch as spectators, when it changes.
    std::function<void(std::int64_t game, int spectators)> on_spectators = {};
    /// Where bots think (bots/bot_pool.hpp); empty: on the room's strand (white-box tests).
    std::shared_ptr<bot_pool> bot_threads = {};
    /// Several nodes (cluster/room_cluster.cpp): whether this node may move bots now (the
    /// leader); empty: always.
    std::function<bool()> may_act = {};
    /// Runs blocking work (a read of what another node stored) off the I/O threads.
    std::function<void(std::function<void()>)> off_thread = {};
    /// Where each durable command is published (command_applied); empty: nowhere (white-box
    /// tests).
    std::shared_ptr<const events::hub> hub = {};
    /// Told who of the persons seated has the game open here, who must act, and who moved
    /// (notify/presence.hpp: turn notifications wait while a player plays); empty: nobody.
    std::shared_ptr<notify::presence> presence = {};
  };

  /// The chat a room starts with: the newest messages, newest first, and how many there are.
  struct chat_seed {
    std::vector<persistence::chat_record> recent;
    std::int64_t count = 0;
  };

  /// `log`: the game's log with its events (history::game_log::rebuild of `game.log`).
  room(net::io_context::executor_type executor, game_record record, loaded_game game,
       history::game_log log, services svc, chat_seed chat);
  ~room();

  /// Starts bots if one must act. Call once after construction.
  void start();

  /// Adds `who` as the viewer `seat` (engine::no_player: spectator). Answers with a snapshot,
  /// or with the patches after `since` (when they are still kept) followed by `subscribed`. A
  /// connection that already watches is never sent a patch again: it is brought up from the
  /// version it was last sent, whatever its `since`.
  /// `account`: the connection's account (0: a guest), for the chat. With `chat`, the chat's
  /// first page follows the view, and new messages come, when the connection may read it.
  void join(std::shared_ptr<subscriber> who, engine::player_id seat,
            std::optional<std::uint32_t> since, std::int64_t account = 0, bool chat = false);

  /// A chat message from `who` (account `account`, at `seat`): stored, then sent to every
  /// connection that may read it and wants to (the sender's copy carries its `client_id`);
  /// refused with a result message (docs/protocol.md, "Chat").
  void chat(std::shared_ptr<subscriber> who, std::int64_t account, engine::player_id seat, std::string client_id,
            std::string text);
  /// An operator deleted message `id`: it leaves the recent ones and every reader is told.
  void chat_deleted(std::int64_t id);
  /// Whether `account` may read this game's chat (as seated, or as a spectator the game lets
  /// chat); answered on the room's strand.
  void chat_access(std::int64_t account, std::function<void(bool)> answer);

  /// Another node changed the game (cluster/room_cluster.cpp): its commands after this room's
  /// version and its record are read from the store and shown to every viewer as if made here.
  /// Refreshes asked for while one runs are made once, after it.
  void refresh();
  /// Another node stored `command` (its notification carried it): applied and shown as if made
  /// here, the record computed as the other node did; read from the store instead when this
  /// room is not at the version before it.
  void remote_command(persistence::logged_command command);
  /// Another node stored chat message `message` of this game: read and shown.
  void remote_chat(std::int64_t message);

  /// Removes `who` (no message). Safe for a subscriber that never joined.
  void leave(const subscriber* who);

  /// A command from `who`, sitting at `seat`. Answered by `who`'s patch carrying the command's
  /// id when accepted, by a result message when refused (or when `who` no longer watches).
  void submit(std::shared_ptr<subscriber> who, engine::player_id seat,
              protocol::command_message message);

  /// Something on the game's clock is due (the timer service says): reminders, a seat out of
  /// time, a vote's end are applied, stored and shown. The record then goes to on_progress
  /// (changed or not), so the lobby arms the next wake.
  void wake();

  /// A change of the game's record outside the rules (resigning, a vote), made on the strand
  /// between commands: `change` gets the record and the time and gives the next record or a
  /// refusal; the next record is stored, then shown to every viewer. `done` gets the refusal, or
  /// nullopt once stored (a storage failure is a refusal with its code and status 503).
  using record_change = std::function<std::variant<game_record, clocks::refusal>(const game_record&, std::int64_t)>;
  void change(record_change change, std::function<void(std::optional<clocks::refusal>)> done);

  /// Whether nobody watches and no bot is due (for eviction); call on the strand.
  void when_idle(std::function<void(bool idle)> answer);

  /// Runs `reader` on the room's strand with the game as its viewers were last sent it (the
  /// record, the current state and the log), for the history endpoint and game records.
  using log_reader = std::function<void(const game_record&, const engine::state&,
                                        const history::game_log&)>;
  void read_log(log_reader reader);

  std::int64_t id() const noexcept { return id_; }

 private:
  struct watcher {
    std::weak_ptr<subscriber> who;
    const subscriber* key = nullptr;
    engine::player_id seat = engine::no_player;
    std::int64_t account = 0;  // 0: a guest
    bool chat = false;         // asked for the chat
    // The version of the view this connection has been sent (snapshot or last patch); the next
    // patch it gets must start there.
    std::uint32_t sent = 0;
  };
  using clock = std::chrono::steady_clock;

  void run_or_queue(std::function<void()> task);
  void run_queue();
  void do_join(const std::shared_ptr<subscriber>& who, engine::player_id seat,
               std::optional<std::uint32_t> since, std::int64_t account, bool chat);
  void on_chat_stored(std::shared_ptr<subscriber> who, std::string client_id, persistence::chat_record m,
                      const std::string& error);
  void count_spectators();
  // The log entries since `seat`'s last own command (at most the last 200), as `seat` sees them:
  // a JSON array text (services::notes's since_of).
  std::string since_text(engine::player_id seat) const;
  // Tells svc_.presence who of the persons seated watches here and who must act (in `record`:
  // record_ unless a change about to be stored), when it changed.
  void tell_presence();
  void tell_presence(const game_record& record);
  void do_submit(const std::shared_ptr<subscriber>& who, engine::player_id seat,
                 const protocol::command_message& message, clock::time_point arrived);
  void on_durable(std::shared_ptr<subscriber> who, engine::player_id seat, std::string client_id,
                  engine::state before, clock::time_point arrived, const std::string& error);
  // Sends every watcher its patch to the current version; the sender's copy (`who`'s) carries
  // `client_id`. Returns whether `who` got a patch.
  bool publish(const subscriber* who, const std::string& client_id);
  // Bots (bots/room_bots.cpp): when a bot seat is to act, its decision is asked of the bot
  // pool with a copy of the seat's view; the answer comes back to the strand and is applied
  // like a person's command, unless the game moved on meanwhile.
  void maybe_bot();
  // Several nodes (cluster/room_cluster.cpp).
  void start_refresh();
  // Starts a read of what other nodes stored, or asks for one more after the one under way.
  void ask_refresh();
  // Applies a command another node stored (the engine, the log, what its seat has seen);
  // false, changing nothing, when it does not parse or apply here.
  bool apply_stored(const persistence::logged_command& c);
  // The record after a command applied to state_ at `at` (the clocks, whose turn, the result).
  game_record record_after(std::int64_t at) const;
  /// When the store is shared and a client knows `version`, newer than this room's: `task`
  /// runs after a refresh (true), else nothing is done (false).
  bool wait_for_version(std::uint32_t version, std::function<void()> task);
  void on_refreshed(const std::vector<persistence::logged_command>& commands, const std::optional<game_record>& fresh,
                    const std::string& error);
  // A command another node's command beat to its version: answered once the room has caught up.
  struct beaten {
    std::shared_ptr<subscriber> who;
    std::string client_id;
    std::uint32_t version = 0;  // the game's version the command was made at
    std::string error;          // the store's
  };
  void on_bot_choice(engine::player_id seat, std::uint32_t version, engine::command cmd);
  /// A strong bot's budget for its next decision: smaller while the bot pool is busy, and the
  /// time limit (bots/budget.hpp). Any thread.
  void budget_strong(loyang::bots::strong_bot& bot) const;
  std::shared_ptr<loyang::bots::bot> bot_at(engine::player_id seat);
  // Stores `next` (a change without a command), then publishes it; `done` gets the store's error.
  void store_record(game_record next, std::vector<persistence::outbox_record> notes,
                    std::function<void(const std::string& error)> done);
  // The server's part of the view, at /table: status, clocks, seats' fates, result.
  nlohmann::json table_json() const;
  std::vector<outbox_record> notes_for(const game_record& before, const game_record& after,
                                       const std::vector<std::pair<engine::player_id, int>>& reminders) const;
  // Sends every watcher the table message (after a change without a command).
  void publish_table();
  void send_snapshot(subscriber& who, engine::player_id seat);
  // A resume: one patch from `since` to the current version, made by diffing the view rebuilt
  // at `since` (the game replayed from its start) with the current one.
  // False (nothing sent) when `since` is unknown, too far behind or cannot be rebuilt.
  bool send_patches_since(subscriber& who, engine::player_id seat, std::uint32_t since);
  // Brings the watcher `w` from the version it was sent to the current one.
  void catch_up(watcher& w, subscriber& who);
  watcher* find_watcher(const subscriber* who);
  nlohmann::json log_json(engine::player_id seat) const;
  // Appends the latest log entry's text for `seat` (a seat or no_player) to `out`, for the
  // patch publishing it.
  void append_last_entry(std::string& out, engine::player_id seat) const;
  // The version `seat` last saw (null: never looked, or a spectator).
  nlohmann::json last_seen_json(engine::player_id seat) const;
  // A connection of watcher `w` stops watching: its seat has seen what it was sent.
  void note_seen(const watcher& w);
  // Forgets connections that have gone, noting what each had seen.
  void drop_expired();
  void reject(subscriber* who, const std::string& client_id, const std::string& code,
              const std::string& message);

  strand_type strand_;
  std::int64_t id_;
  game_record record_;
  engine::state state_;
  history::game_log log_;
  std::vector<std::optional<std::uint32_t>> last_seen_;  // per seat: the version it last saw
  services svc_;
  std::vector<watcher> watchers_;
  std::string table_sent_;  // the table as the last patch or table message gave it
  // Every viewer's view; kept while anyone watches or may resume.
  std::optional<protocol::view_patcher> views_;
  chat::room_chat chat_;
  int spectators_ = 0;  // as last told
  // The persons' accounts watching as players and acting, as last told to svc_.presence.
  std::vector<std::int64_t> told_open_, told_acting_;
  bool writing_ = false;
  bool bot_pending_ = false;
  bool refreshing_ = false;
  bool refresh_again_ = false;
  std::vector<beaten> beaten_;
  // Joins and commands from a client ahead of this node (it saw a later version on another):
  // run once the room has read what it lacks.
  std::vector<std::function<void()>> after_refresh_;
  std::deque<std::function<void()>> queue_;
  // One bot per seat, made when first asked and kept while the room lives: bots may remember
  // within a game (a room loaded again after eviction or a restart makes new ones).
  std::vector<std::shared_ptr<loyang::bots::bot>> bots_;
  net::steady_timer bot_retry_;  // the pool was full: ask again when it fires
};

}  // namespace loyang::server
