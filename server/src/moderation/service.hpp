#pragma once
// Internal: the moderation room. Players report players and chat messages; operators (the first
// made by the `loyang-server operator` command, others by an operator too) read the reports, ban
// accounts, grant or revoke the operator right, delete messages and cancel games. Every operator action is stored in the moderation log with
// who did it, in the same transaction as its effect where the store allows (a ban, a deleted
// message, a closed report), else just before it (a cancelled game).
//
// It owns the ids of reports and log entries. What it acts on belongs to others and is reached
// through `lookups`: the games (read on the games' strand, the lobby's), the accounts (bans),
// the lobby's cancelling of a game and the rooms' chat.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "../accounts/accounts.hpp"
#include "../core/api_reply.hpp"
#include "../core/beast.hpp"
#include "../cluster/id_source.hpp"
#include "../core/records.hpp"

namespace loyang::server::moderation {

class service : public std::enable_shared_from_this<service> {
 public:
  /// What moderation reads and changes of others.
  struct lookups {
    /// Who is an operator, names, the clock, and bans (accounts::set_ban).
    std::shared_ptr<class accounts> accounts;
    /// The game `id` as the lobby holds it, or nullptr; on the games' strand.
    std::function<const game_record*(std::int64_t id)> game;
    /// Runs `then` on the games' strand, game `id` read again first on several nodes.
    std::function<void(std::int64_t id, std::function<void()> then)> fresh;
    /// Runs a blocking read off the I/O threads (the lobby's workers).
    std::function<void(std::function<void()>)> off_thread;
    /// Cancels game `id`, which was `was` (open or active) when checked, and answers its summary
    /// (409 not_running when it no longer is; 503 when it cannot be stored or loaded). Any thread.
    std::function<void(std::int64_t id, game_status was, reply_fn reply)> cancel;
    /// Message `message` of game `id` was deleted: its room, if live, drops it and tells its
    /// readers. On the games' strand.
    std::function<void(std::int64_t id, std::int64_t message)> chat_deleted;
  };

  service(strand_type games_strand, storage& store, lookups look);

  /// The largest ids stored (the catalog's), before any request: new ones come after them.
  void start(std::int64_t max_report_id, std::int64_t max_moderation_id);

  /// POST /api/reports {"player": name}, {"game": id, "message": id} or {"private_message": id}
  /// (one sent to `who`), with a "reason": 201 {"id"}. 400 bad_request or a text rule's code;
  /// 404 no_such_player, no_such_game (also a message `who` may not read), no_such_message;
  /// 503 storage_failed or a storage code.
  void report(identity who, const nlohmann::json& body, reply_fn reply);

  // The operators' endpoints: each answers 403 not_operator to anyone else.
  /// GET /api/moderation/reports?open=&before=: {"reports": [...], "next_before"}, newest first.
  void list_reports(identity who, bool open_only, std::int64_t before, reply_fn reply);
  /// POST /api/moderation/reports/{id}/close {"outcome"}: the report closed; 404 no_such_report,
  /// 409 already_closed.
  void close_report(identity who, std::int64_t report, const nlohmann::json& body, reply_fn reply);
  /// PUT (`on`) or DELETE /api/moderation/bans/{name} {"reason"}: 404 no_such_player; 400 for
  /// oneself; else as accounts::set_ban.
  void ban(identity who, const std::string& name, const nlohmann::json& body, bool on, reply_fn reply);
  /// PUT (`on`) or DELETE /api/moderation/operators/{name} {"reason"}: the operator right granted
  /// or revoked, logged like every operator action. 404 no_such_player; 400 bad_request for
  /// oneself (an operator cannot revoke himself: the last one would lock everyone out); else as
  /// accounts::set_standing.
  void set_operator(identity who, const std::string& name, const nlohmann::json& body, bool on, reply_fn reply);
  /// DELETE /api/moderation/messages/{id} {"reason"}: a private message deleted (its text kept
  /// in the log); 404 no_such_message, 409 already_deleted.
  void delete_private_message(identity who, std::int64_t message, const nlohmann::json& body, reply_fn reply);
  /// DELETE /api/games/{id}/chat/{message}: 404 no_such_message, 409 already_deleted.
  void delete_message(identity who, std::int64_t game, std::int64_t message, reply_fn reply);
  /// POST /api/games/{id}/cancel {"reason"}: an open or running game cancelled, its summary
  /// answered; 404 no_such_game, 409 not_running.
  void cancel_game(identity who, std::int64_t game, const nlohmann::json& body, reply_fn reply);
  /// GET /api/moderation/log?before=: {"actions": [...], "next_before"}, newest first.
  void moderation_log(identity who, std::int64_t before, reply_fn reply);

 private:
  /// Whether `who` is an operator; else answers 403 not_operator.
  bool operator_only(const identity& who, const reply_fn& reply) const;

  strand_type strand_;
  storage& store_;
  lookups look_;
  // New ids (cluster/id_source.hpp); any thread.
  cluster::id_source report_ids_{store_, "reports"};
  cluster::id_source moderation_ids_{store_, "moderation"};
};

}  // namespace loyang::server::moderation
