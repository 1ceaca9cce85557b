#include "setup.hpp"

#include <atomic>
#include <exception>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "http_api.hpp"

namespace loyang::load {
namespace {

/// Runs job(api, i) for i in [0, n) on `threads` threads, each with its own connection.
/// Rethrows the first failure.
void parallel(const options& o, int n, const std::function<void(http_api&, int)>& job) {
  std::atomic<int> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  std::vector<std::thread> workers;
  for (int t = 0; t < o.setup_threads; ++t) {
    workers.emplace_back([&] {
      http_api api(o.host, o.port);
      for (int i = next++; i < n; i = next++) {
        try {
          job(api, i);
        } catch (...) {
          std::lock_guard lock(failure_mutex);
          if (!failure) failure = std::current_exception();
          next = n;
        }
      }
    });
  }
  for (auto& w : workers) w.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace

std::vector<std::string> make_accounts(const options& o, int count) {
  std::vector<std::string> tokens(static_cast<std::size_t>(count));
  parallel(o, count, [&](http_api& api, int i) {
    tokens[std::size_t(i)] = api.sign_up(o.prefix + "-a" + std::to_string(i), o.password);
  });
  return tokens;
}

int accounts_for_tables(const options& o) {
  const int humans = o.players - o.bots;
  return (o.games + o.per_account - 1) / o.per_account * humans;
}

std::vector<table_plan> make_tables(const options& o, const std::vector<std::string>& tokens) {
  const int humans = o.players - o.bots;
  std::vector<table_plan> tables(static_cast<std::size_t>(o.games));
  parallel(o, o.games, [&](http_api& api, int g) {
    auto& t = tables[std::size_t(g)];
    for (int s = 0; s < humans; ++s) t.accounts.push_back(g / o.per_account * humans + s);
    nlohmann::json body{{"players", o.players}, {"bots", o.bots}};
    if (!o.bot_level.empty()) body["bot_level"] = o.bot_level;
    const auto created = api.call(http::verb::post, "/api/games", body, tokens[std::size_t(t.accounts[0])]);
    if (created.status != 201) {
      throw std::runtime_error("cannot create a game: " + created.body.dump());
    }
    t.game = created.body["id"].get<std::int64_t>();
    // Seats fill in order: the creator has seat 0, the i-th to join seat i; bots sit last.
    for (int s = 1; s < humans; ++s) {
      const auto& token = tokens[std::size_t(t.accounts[std::size_t(s)])];
      const auto target = "/api/games/" + std::to_string(t.game) + "/join";
      const auto joined = api.call(http::verb::post, target, nlohmann::json{{"seat", s}}, token);
      if (joined.status != 200) {
        throw std::runtime_error("cannot join a game: " + joined.body.dump());
      }
    }
  });
  return tables;
}

}  // namespace loyang::load
