#pragma once
/// What the server knows about accounts and games outside the engine state: the lobby keeps
/// these in memory, a store (store.hpp) makes them durable.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "loyang/engine/state.hpp"

namespace loyang::persistence {

struct account_record {
  std::int64_t id = 0;
  std::string name;
  std::string password_hash;
  std::int64_t created_at = 0;  ///< Unix seconds
  /// An operator (moderation rights); granted only by the `loyang-server operator` command.
  bool operator_account = false;
  /// Banned by an operator: no login, no token, no connection. 0: not banned.
  std::int64_t banned_at = 0;
  std::int64_t banned_by = 0;  ///< the operator's account
  std::string ban_reason = {};
  /// A bot account (docs/protocol.md, "Bot accounts"): chosen at sign-up, never changed.
  bool bot_account = false;
};

/// A login: the hash of its bearer token (the token itself is never stored).
struct token_record {
  std::string hash;
  std::int64_t account = 0;
  std::int64_t created_at = 0;    ///< Unix seconds: the absolute lifetime counts from here
  std::int64_t last_used_at = 0;  ///< Unix seconds, stored at most about once an hour
  auto operator<=>(const token_record&) const = default;
};

/// open: waiting for players; active: in play; finished: ended; cancelled: everyone left first.
enum class game_status { open, active, finished, cancelled };

/// Who may watch a game as a spectator: everyone who may see it, or only its seated players.
enum class watch_policy { everyone, players };

/// Why a person no longer plays his seat in a running game: his time ran out, or he resigned.
/// A bot plays the seat from then on; the seat still names him.
enum class departure { none, timed_out, resigned };

/// One seat: empty, a person, or a server-side bot.
struct seat_record {
  std::int64_t account_id = 0;  ///< 0 when empty or a bot from the start; kept when a person left
  bool bot = false;             ///< a bot plays it (from the start, or since its person left)
  departure gone = departure::none;
  std::int64_t gone_at = 0;     ///< Unix seconds, when gone
  bool taken() const { return bot || account_id != 0; }
  bool operator==(const seat_record&) const = default;
};

struct game_record {
  std::int64_t id = 0;
  engine::options options;
  std::uint64_t seed = 0;  ///< chosen when the game starts; secret
  game_status status = game_status::open;
  std::int64_t creator = 0;
  std::vector<std::string> invited;  ///< empty: anyone may join; else private to these names
  watch_policy watch = watch_policy::everyone;
  std::vector<seat_record> seats;
  std::int64_t created_at = 0;
  std::int64_t updated_at = 0;
  std::uint32_t version = 0;             ///< accepted commands
  /// Several nodes (PostgreSQL): the row's revision, moved on by every write of the game. A
  /// record given to save_game carries the revision it will have once stored (the one read plus
  /// one): the write is refused when another node wrote the row meanwhile. 0 and unused on
  /// SQLite.
  std::int64_t revision = 0;
  std::vector<engine::player_id> to_act;  ///< who must act now
  std::int64_t waiting_since = 0;        ///< when to_act last changed (Unix seconds)
  int round = 0;                         ///< the game's round (1..9; 0 before the first), with each command
  nlohmann::json result;                 ///< the final ranking, once finished
  /// The game's turn clocks as the server keeps them (server/src/clocks: its stored() JSON),
  /// written with each command; null: no clock. Opaque to the store.
  nlohmann::json clock;
  /// What the community features add to a game (rated, entry limits, rematch of, daily date,
  /// chat policy, declined invitations: the server's games/extra.hpp); null: none. Opaque to
  /// the store, stored with the game row.
  nlohmann::json extra;
};

/// A player's declared absence: his turn clocks stand from `starts_at` to `ends_at` (Unix
/// seconds; ended early, `ends_at` is when he came back).
struct vacation_record {
  std::int64_t account = 0;
  std::int64_t starts_at = 0;
  std::int64_t ends_at = 0;
  bool operator==(const vacation_record&) const = default;
};

/// A notification to deliver (the outbox): queued in the same transaction as the change that
/// caused it, delivered afterwards by the server's sender, which settles it as sent, to be
/// tried again later, or failed.
struct outbox_record {
  std::int64_t id = 0;          ///< given by the store
  std::int64_t account = 0;     ///< whom it is for
  std::string channel;          ///< "email" or "webhook"
  std::string dedupe;           ///< unique: a notification with a key already queued is dropped
  std::string body;             ///< JSON text: what the sender says (the server's format)
  std::int64_t created_at = 0;  ///< Unix seconds
  int attempts = 0;             ///< deliveries tried so far
  std::int64_t next_at = 0;     ///< when to try (next)
  bool operator==(const outbox_record&) const = default;
};

/// How a delivery attempt ended.
/// dropped: not sent, as its account no longer wants it (or no relay is configured);
/// deferred: not tried, to go out later with others (a digest): attempts are not counted.
enum class delivery { sent, retry, failed, dropped, deferred };

/// One accepted command as it is stored.
struct command_record {
  std::int64_t game = 0;
  std::uint32_t version = 0;  ///< the version it produced (1 for the first command)
  engine::player_id player = 0;
  /// The command's JSON text, compact (command_to_json(c).dump()): what is stored and what the
  /// game's log shows, made once.
  std::string cmd;
  std::int64_t at = 0;  ///< Unix seconds
};

/// A command as a loaded game's log holds it: its JSON as stored (compact, as nlohmann writes
/// it), not parsed. Only the commands after the latest snapshot need parsing to rebuild the
/// state, and a room keeps a long game's log as text.
struct logged_command {
  std::uint32_t version = 0;
  engine::player_id player = 0;
  std::string cmd;  ///< valid JSON text of the command
  std::int64_t at = 0;
};

/// What one account keeps about another: a friend (his buddy list), muted (his chat messages
/// hidden from this account), blocked (muted, and kept out of this account's games and
/// invitations).
enum class relation_kind { friend_of, mute, block };

struct relation_record {
  std::int64_t account = 0;  ///< who keeps the relation
  std::int64_t other = 0;    ///< about whom
  relation_kind kind = relation_kind::friend_of;
  std::int64_t at = 0;  ///< Unix seconds, when made
  bool operator==(const relation_record&) const = default;
};

/// One chat message of a game.
struct chat_record {
  std::int64_t id = 0;  ///< given by the server, increasing over all games
  std::int64_t game = 0;
  std::int64_t account = 0;  ///< the writer
  std::string text;          ///< as the writer sent it (checked by the server), never HTML
  std::int64_t at = 0;       ///< Unix seconds
  std::int64_t deleted_by = 0;  ///< the operator who deleted it; 0: not deleted
  std::int64_t deleted_at = 0;
  bool operator==(const chat_record&) const = default;
};

/// A player's private notes on a game (only he reads them).
struct note_record {
  std::int64_t game = 0;
  std::int64_t account = 0;
  std::string text;
  std::int64_t updated_at = 0;
  bool operator==(const note_record&) const = default;
};

/// A player's report of another player or of a chat message, for the operators.
struct report_record {
  std::int64_t id = 0;  ///< given by the server, increasing
  std::int64_t reporter = 0;
  std::int64_t account = 0;  ///< the reported account (for a message: its writer)
  std::int64_t game = 0;     ///< 0: none
  std::int64_t message = 0;  ///< a chat message's id; 0: none
  std::string reason;
  std::int64_t at = 0;
  std::int64_t closed_by = 0;  ///< the operator who closed it; 0: open
  std::int64_t closed_at = 0;
  std::string outcome;  ///< the operator's note on closing
  std::int64_t private_message = 0;  ///< a private message's id (message_record); 0: none
  bool operator==(const report_record&) const = default;
};

/// One private message from one account to another.
struct message_record {
  std::int64_t id = 0;  ///< given by the server, increasing
  std::int64_t sender = 0;
  std::int64_t recipient = 0;
  std::string text;  ///< as the writer sent it (checked by the server), never HTML
  std::int64_t at = 0;  ///< Unix seconds
  std::int64_t read_at = 0;  ///< when the recipient read it; 0: unread
  std::int64_t deleted_by = 0;  ///< the operator who deleted it; 0: not deleted
  std::int64_t deleted_at = 0;
  bool operator==(const message_record&) const = default;
};

/// One account's conversation with another: its newest message, and how many of the other's
/// messages (not deleted) the account has not read.
struct conversation_record {
  std::int64_t other = 0;
  message_record last;
  std::int64_t unread = 0;
  bool operator==(const conversation_record&) const = default;
};

/// A tournament as stored (the server's tournaments/): its status for the lists, and the rest of
/// it as JSON text the server writes (opaque here). Written whole each time.
struct tournament_record {
  std::int64_t id = 0;  ///< given by the server, increasing
  std::string status;   ///< "open", "running", "finished" or "cancelled"
  std::string body;     ///< JSON
  std::int64_t created_at = 0;
  std::int64_t updated_at = 0;
  /// 1 when first stored, one more at each save after: a save is refused (storage_failed)
  /// unless the stored row has the revision before it, so two nodes cannot overwrite each other.
  std::int64_t revision = 0;
  bool operator==(const tournament_record&) const = default;
};

/// One operator action, kept for good: who did what to whom.
struct moderation_record {
  std::int64_t id = 0;  ///< given by the server, increasing
  std::int64_t moderator = 0;  ///< the operator's account; 0: the command line
  std::string action;  ///< "ban", "unban", "delete_message", "delete_private_message", "cancel_game", "close_report", "grant_operator", "revoke_operator"
  std::int64_t account = 0;  ///< 0: none
  std::int64_t game = 0;     ///< 0: none
  std::int64_t message = 0;  ///< 0: none
  std::int64_t report = 0;   ///< 0: none
  std::string detail;        ///< the reason given
  std::int64_t at = 0;
  bool operator==(const moderation_record&) const = default;
};

std::string_view status_name(game_status s);
/// "friend", "mute" or "block", as stored and as the API spells it.
std::string_view relation_name(relation_kind k);
/// "everyone" or "players", as stored and as the API spells it.
std::string_view watch_name(watch_policy w);
/// "timeout" or "resigned" (empty for none), as stored and as the API spells it.
std::string_view departure_name(departure d);
/// departure_name's inverse; none for anything else.
departure parse_departure(std::string_view name);

}  // namespace loyang::persistence
