#pragma once
// Internal: what a durable store is made of below queued_store (queued_store.hpp): a write
// connection the writer thread runs batches on, and read connections for the blocking reads.
// The SQLite store and the PostgreSQL store each implement both.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "loyang/persistence/error.hpp"
#include "loyang/persistence/store.hpp"
#include "writes.hpp"

namespace loyang::persistence::detail {

/// Thrown by write_backend::commit when the database refused one write of the transaction by
/// itself (a backend that learns of failures only at COMMIT, e.g. PostgreSQL's pipeline): the
/// transaction is not committed, and the batch is run again without that write.
class refused_write : public error {
 public:
  /// `ordinal`: which run() of the transaction, from 0; `code`: what the write's caller is
  /// told (storage_failed, or daily_played).
  refused_write(std::size_t ordinal, const std::string& what, std::string code = storage_failed)
      : error(what), ordinal_(ordinal), code_(std::move(code)) {}
  std::size_t ordinal() const noexcept { return ordinal_; }
  const std::string& code() const noexcept { return code_; }

 private:
  std::size_t ordinal_;
  std::string code_;
};

/// The writer thread's connection. Used by that thread only. Every call but rollback throws
/// persistence::error.
class write_backend {
 public:
  virtual ~write_backend() = default;
  /// Opens the batch's transaction (taking the write lock up front where there is one).
  virtual void begin() = 0;
  /// Runs one write inside the open transaction (or sends it, to be run by commit()).
  virtual void run(const write& w) = 0;
  /// Throws refused_write when one write failed by itself, persistence::error when the whole
  /// transaction did.
  virtual void commit() = 0;
  /// Ends the open transaction, if any, without keeping it. Never throws.
  virtual void rollback() noexcept = 0;
  /// After run() threw `e`: whether the transaction is lost as a whole (the connection broke,
  /// the disk is full) rather than refused for this write alone.
  virtual bool lost_transaction(const error& e) = 0;
  /// While the store is not ready and the writer idle: whether writes would succeed now
  /// (throws when not). May reconnect.
  virtual void probe() = 0;
  /// While the store is ready and the writer idle (every probe_every): whether the database
  /// closed the write connection meanwhile (PostgreSQL restarted, or ended the session); the
  /// writer then probe()s, which reconnects. Must not block. A file database never does.
  virtual bool closed_while_idle() { return false; }
  /// Names the database for the log: "the database /srv/loyang.db".
  virtual std::string describe() const = 0;
};

/// One read connection; see store.hpp for what each read returns. Throw persistence::error
/// (load_game also engine_mismatch).
class store_reader {
 public:
  virtual ~store_reader() = default;
  virtual store::catalog load_catalog() = 0;
  virtual loaded_game load_game(std::int64_t game) = 0;
  virtual std::vector<outbox_record> due_notifications(std::int64_t now, std::size_t limit) = 0;
  virtual std::int64_t queued_notifications() = 0;
  virtual std::optional<std::int64_t> next_notification_at() = 0;
  virtual std::vector<chat_record> load_chat(std::int64_t game, std::int64_t before, std::size_t limit) = 0;
  virtual std::int64_t chat_count(std::int64_t game) = 0;
  virtual std::optional<note_record> load_note(std::int64_t game, std::int64_t account) = 0;
  virtual std::vector<report_record> load_reports(bool open_only, std::int64_t before, std::size_t limit) = 0;
  virtual std::vector<moderation_record> load_moderation(std::int64_t before, std::size_t limit) = 0;
  virtual std::vector<conversation_record> load_conversations(std::int64_t account, std::int64_t before,
                                                              std::size_t limit) = 0;
  virtual std::vector<message_record> load_messages(std::int64_t account, std::int64_t other, std::int64_t before,
                                                    std::size_t limit) = 0;
  virtual std::optional<message_record> load_message(std::int64_t id) = 0;
  virtual std::optional<tournament_record> load_tournament(std::int64_t id) = 0;
  virtual std::vector<std::pair<std::int64_t, std::int64_t>> unread_messages(std::int64_t account) = 0;
  virtual store::move_times load_move_times(std::int64_t account, std::size_t games) = 0;
  /// Several nodes (store.hpp): only a shared database's reader has these.
  virtual store::catalog load_catalog_part(std::int64_t game, std::int64_t account) {
    throw error("this database is not shared by several nodes: no part reads (game " + std::to_string(game) +
                ", account " + std::to_string(account) + ")");
  }
  virtual std::int64_t reserve_ids(const std::string& kind, std::int64_t count) {
    throw error("this database is not shared by several nodes: no id blocks for " + kind + " (" +
                std::to_string(count) + ")");
  }
  virtual std::int64_t find_account(const std::string& name, const std::string& token_hash) {
    throw error("this database is not shared by several nodes: no account reads (" + name + token_hash + ")");
  }
  virtual std::vector<logged_command> load_commands_after(std::int64_t game, std::uint32_t after) {
    throw error("this database is not shared by several nodes: no command reads (game " + std::to_string(game) +
                " after " + std::to_string(after) + ")");
  }
  virtual void update_counters(const std::vector<std::string>& keys, std::int64_t,
                               const std::function<void(std::vector<store::counter>&)>&) {
    throw error("this database is not shared by several nodes: no counters (" + std::to_string(keys.size()) + ")");
  }
  virtual void forget_counters(std::int64_t before) {
    throw error("this database is not shared by several nodes: no counters before " + std::to_string(before));
  }
  /// Whether the connection may go back to the pool (false once it broke).
  virtual bool healthy() const { return true; }
};

}  // namespace loyang::persistence::detail
