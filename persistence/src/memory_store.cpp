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
  catalog load_catalog() override { return {}; }
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
};

}  // namespace

std::unique_ptr<store> make_memory_store() { return std::make_unique<memory_store>(); }

}  // namespace loyang::persistence
