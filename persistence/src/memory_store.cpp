// A storage that keeps the command logs in memory only: for tests of the server logic.
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
    return out;
  }
  std::int64_t queue_depth() const override { return 0; }
  void stop() override {}

 private:
  std::mutex mutex_;
  std::map<std::int64_t, std::vector<command_record>> logs_;
};

}  // namespace

std::unique_ptr<store> make_memory_store() { return std::make_unique<memory_store>(); }

}  // namespace loyang::persistence
