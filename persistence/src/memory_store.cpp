// A storage that keeps the command logs in memory only: for tests of the server logic.
#include <algorithm>
#include <map>
#include <mutex>
#include <stdexcept>

#include "loyang/engine/game.hpp"
#include "loyang/protocol/command_json.hpp"
#include "loyang/persistence/error.hpp"
#include "loyang/persistence/store.hpp"

namespace loyang::persistence {
namespace {

class memory_store final : public store {
 public:
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
  void save_game(const game_record&, write_done done) override { done({}); }
  void append_command(const command_record& c, const game_record&, const engine::state&,
                      write_done done) override {
    {
      std::lock_guard lock(mutex_);
      logs_[c.game].push_back(c);
      note(c.game, c.player, c.version);
    }
    done({});
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

  std::map<std::int64_t, std::vector<command_record>> logs_;
  std::map<std::int64_t, std::map<engine::player_id, std::uint32_t>> seen_;
};

}  // namespace

std::unique_ptr<store> make_memory_store() { return std::make_unique<memory_store>(); }

}  // namespace loyang::persistence
