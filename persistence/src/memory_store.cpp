// A storage that keeps the command logs in memory only: for tests of the server logic.
#include <algorithm>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>

#include "loyang/engine/game.hpp"
#include "loyang/protocol/command_json.hpp"
#include "loyang/persistence/error.hpp"
#include "loyang/persistence/store.hpp"

namespace loyang::persistence {
namespace {

class memory_store final : public store {
 public:
  using store::append_command;
  using store::save_game;
  catalog load_catalog() override {
    catalog c;
    c.daily_secret = "memory-store-daily-secret";
    return c;
  }
  void save_account(const account_record&, write_done done) override { done({}); }
  void save_token(const std::string&, std::int64_t, std::int64_t, write_done done) override {
    done({});
  }
  void revoke_token(const std::string&, write_done done) override { done({}); }
  void touch_token(const std::string&, std::int64_t, write_done done) override { done({}); }
  void change_password(std::int64_t, const std::string&, const std::string&,
                       write_done done) override {
    done({});
  }
  void save_game(const game_record&, std::vector<outbox_record> notes, write_done done) override {
    queue(std::move(notes));
    done({});
  }
  void append_command(const command_record& c, const game_record&, const engine::state&,
                      std::vector<outbox_record> notes, write_done done) override {
    {
      std::lock_guard lock(mutex_);
      logs_[c.game].push_back(c);
      note(c.game, c.player, c.version);
    }
    queue(std::move(notes));
    done({});
  }
  void save_vacation(const vacation_record&, write_done done) override { done({}); }
  void save_notify_settings(std::int64_t, const std::string&, std::vector<outbox_record> notes,
                            write_done done) override {
    queue(std::move(notes));
    done({});
  }
  std::vector<outbox_record> due_notifications(std::int64_t now, std::size_t limit) override {
    std::lock_guard lock(mutex_);
    std::vector<outbox_record> due;
    for (const auto& [id, n] : outbox_) {
      if (n.next_at <= now && due.size() < limit) due.push_back(n);
    }
    return due;
  }
  void settle_notification(std::int64_t id, delivery how, std::int64_t, std::int64_t next_at,
                           const std::string&, write_done done) override {
    {
      std::lock_guard lock(mutex_);
      const auto it = outbox_.find(id);
      if (it != outbox_.end()) {
        if (how == delivery::retry || how == delivery::deferred) {
          if (how == delivery::retry) ++it->second.attempts;
          it->second.next_at = next_at;
        } else {
          outbox_.erase(it);
        }
      }
    }
    done({});
  }
  std::int64_t queued_notifications() override {
    std::lock_guard lock(mutex_);
    return static_cast<std::int64_t>(outbox_.size());
  }
  std::optional<std::int64_t> next_notification_at() override {
    std::lock_guard lock(mutex_);
    std::optional<std::int64_t> at;
    for (const auto& [id, n] : outbox_) at = std::min(at.value_or(n.next_at), n.next_at);
    return at;
  }
  void save_last_seen(std::int64_t game, engine::player_id seat, std::uint32_t version,
                      write_done done) override {
    {
      std::lock_guard lock(mutex_);
      note(game, seat, version);
    }
    done({});
  }
  loaded_game load_game(const game_record& g) override {
    loaded_game out{engine::new_game(g.options, g.seed), {}};
    std::lock_guard lock(mutex_);
    for (const auto& c : logs_[g.id]) {
      const auto cmd = protocol::parse_command(nlohmann::json::parse(c.cmd));
      if (!cmd || engine::apply(out.state, c.player, cmd.value())) {
        throw engine_mismatch("game " + std::to_string(g.id) + ": the stored log no longer replays");
      }
      out.log.push_back({c.version, c.player, c.cmd, c.at});
    }
    for (const auto& [seat, version] : seen_[g.id]) out.last_seen.emplace_back(seat, version);
    return out;
  }
  void save_relation(const relation_record&, bool, write_done done) override { done({}); }
  void append_chat(const chat_record& m, std::vector<outbox_record> notes, write_done done) override {
    {
      std::lock_guard lock(mutex_);
      chat_[m.id] = m;
    }
    queue(std::move(notes));
    done({});
  }
  void delete_chat(std::int64_t id, const moderation_record& log, write_done done) override {
    {
      std::lock_guard lock(mutex_);
      const auto it = chat_.find(id);
      if (it == chat_.end()) return done("storage_failed");
      it->second.deleted_by = log.moderator;
      it->second.deleted_at = log.at;
      moderation_[log.id] = log;
    }
    done({});
  }
  std::vector<chat_record> load_chat(std::int64_t game, std::int64_t before, std::size_t limit) override {
    std::lock_guard lock(mutex_);
    std::vector<chat_record> out;
    for (auto it = chat_.rbegin(); it != chat_.rend() && out.size() < limit; ++it) {
      if (it->second.game == game && (before == 0 || it->first < before)) out.push_back(it->second);
    }
    return out;
  }
  std::int64_t chat_count(std::int64_t game) override {
    std::lock_guard lock(mutex_);
    return std::count_if(chat_.begin(), chat_.end(), [game](const auto& m) { return m.second.game == game; });
  }
  void save_note(const note_record& n, write_done done) override {
    {
      std::lock_guard lock(mutex_);
      if (n.text.empty()) {
        notes_.erase({n.game, n.account});
      } else {
        notes_[{n.game, n.account}] = n;
      }
    }
    done({});
  }
  std::optional<note_record> load_note(std::int64_t game, std::int64_t account) override {
    std::lock_guard lock(mutex_);
    const auto it = notes_.find({game, account});
    if (it == notes_.end()) return std::nullopt;
    return it->second;
  }
  void save_report(const report_record& r, std::optional<moderation_record> log, write_done done) override {
    {
      std::lock_guard lock(mutex_);
      reports_[r.id] = r;
      if (log) moderation_[log->id] = *log;
    }
    done({});
  }
  std::vector<report_record> load_reports(bool open_only, std::int64_t before, std::size_t limit) override {
    std::lock_guard lock(mutex_);
    std::vector<report_record> out;
    for (auto it = reports_.rbegin(); it != reports_.rend() && out.size() < limit; ++it) {
      if ((before == 0 || it->first < before) && (!open_only || it->second.closed_by == 0)) {
        out.push_back(it->second);
      }
    }
    return out;
  }
  void save_moderation(const moderation_record& m, write_done done) override {
    {
      std::lock_guard lock(mutex_);
      moderation_[m.id] = m;
    }
    done({});
  }
  std::vector<moderation_record> load_moderation(std::int64_t before, std::size_t limit) override {
    std::lock_guard lock(mutex_);
    std::vector<moderation_record> out;
    for (auto it = moderation_.rbegin(); it != moderation_.rend() && out.size() < limit; ++it) {
      if (before == 0 || it->first < before) out.push_back(it->second);
    }
    return out;
  }
  void save_standing(const account_record&, const moderation_record& log, write_done done) override {
    save_moderation(log, std::move(done));
  }
  void append_message(const message_record& m, std::vector<outbox_record> notes, write_done done) override {
    {
      std::lock_guard lock(mutex_);
      if (!messages_.emplace(m.id, m).second) return done("storage_failed");
    }
    queue(std::move(notes));
    done({});
  }
  void mark_messages_read(std::int64_t reader, std::int64_t other, std::int64_t up_to, std::int64_t at,
                          write_done done) override {
    {
      std::lock_guard lock(mutex_);
      for (auto& [id, m] : messages_) {
        if (m.recipient == reader && m.sender == other && id <= up_to && m.read_at == 0) m.read_at = at;
      }
    }
    done({});
  }
  void delete_message(std::int64_t id, const moderation_record& log, write_done done) override {
    {
      std::lock_guard lock(mutex_);
      const auto it = messages_.find(id);
      if (it == messages_.end()) return done("storage_failed");
      it->second.deleted_by = log.moderator;
      it->second.deleted_at = log.at;
      moderation_[log.id] = log;
    }
    done({});
  }
  std::vector<conversation_record> load_conversations(std::int64_t account, std::int64_t before,
                                                      std::size_t limit) override {
    std::lock_guard lock(mutex_);
    std::map<std::int64_t, conversation_record> by_other;
    for (const auto& [id, m] : messages_) {
      if (m.sender != account && m.recipient != account) continue;
      auto& c = by_other[m.sender == account ? m.recipient : m.sender];
      c.other = m.sender == account ? m.recipient : m.sender;
      c.last = m;  // ids increase: the last seen is the newest
      if (m.recipient == account && m.read_at == 0 && m.deleted_by == 0) ++c.unread;
    }
    std::vector<conversation_record> out;
    for (auto& [other, c] : by_other) {
      if (before == 0 || c.last.id < before) out.push_back(std::move(c));
    }
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.last.id > b.last.id; });
    if (out.size() > limit) out.resize(limit);
    return out;
  }
  std::vector<message_record> load_messages(std::int64_t account, std::int64_t other, std::int64_t before,
                                            std::size_t limit) override {
    std::lock_guard lock(mutex_);
    std::vector<message_record> out;
    for (auto it = messages_.rbegin(); it != messages_.rend() && out.size() < limit; ++it) {
      const auto& m = it->second;
      const bool between = (m.sender == account && m.recipient == other) || (m.sender == other && m.recipient == account);
      if (between && (before == 0 || it->first < before)) out.push_back(m);
    }
    return out;
  }
  std::optional<message_record> load_message(std::int64_t id) override {
    std::lock_guard lock(mutex_);
    const auto it = messages_.find(id);
    if (it == messages_.end()) return std::nullopt;
    return it->second;
  }
  std::vector<std::pair<std::int64_t, std::int64_t>> unread_messages(std::int64_t account) override {
    std::lock_guard lock(mutex_);
    std::map<std::int64_t, std::int64_t> by_sender;
    for (const auto& [id, m] : messages_) {
      if (m.recipient == account && m.read_at == 0 && m.deleted_by == 0) ++by_sender[m.sender];
    }
    return {by_sender.begin(), by_sender.end()};
  }
  move_times load_move_times(std::int64_t, std::size_t) override { return {}; }
  void save_tournament(const tournament_record& t, write_done done) override {
    {
      std::lock_guard lock(mutex_);
      const auto it = tournaments_.find(t.id);
      const auto stored = it == tournaments_.end() ? 0 : it->second.revision;
      if (t.revision != stored + 1) return done("storage_failed");
      tournaments_[t.id] = t;
    }
    done({});
  }
  std::optional<tournament_record> load_tournament(std::int64_t id) override {
    std::lock_guard lock(mutex_);
    const auto it = tournaments_.find(id);
    if (it == tournaments_.end()) return std::nullopt;
    return it->second;
  }
  std::int64_t queue_depth() const override { return 0; }
  void stop() override {}

 private:
  std::mutex mutex_;
  // Under mutex_.
  void note(std::int64_t game, engine::player_id seat, std::uint32_t version) {
    auto& v = seen_[game][seat];
    v = std::max(v, version);
  }

  void queue(std::vector<outbox_record> notes) {
    std::lock_guard lock(mutex_);
    for (auto& n : notes) {
      if (!dedupe_.insert(n.dedupe).second) continue;
      n.id = next_note_++;
      outbox_[n.id] = std::move(n);
    }
  }

  std::map<std::int64_t, std::vector<command_record>> logs_;
  std::map<std::int64_t, outbox_record> outbox_;
  std::set<std::string> dedupe_;
  std::int64_t next_note_ = 1;
  std::map<std::int64_t, std::map<engine::player_id, std::uint32_t>> seen_;
  std::map<std::int64_t, chat_record> chat_;
  std::map<std::pair<std::int64_t, std::int64_t>, note_record> notes_;
  std::map<std::int64_t, report_record> reports_;
  std::map<std::int64_t, moderation_record> moderation_;
  std::map<std::int64_t, message_record> messages_;
  std::map<std::int64_t, tournament_record> tournaments_;
};

}  // namespace

std::unique_ptr<store> make_memory_store() { return std::make_unique<memory_store>(); }

}  // namespace loyang::persistence
