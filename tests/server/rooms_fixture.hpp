#pragma once
// White-box set-up for the tests of one room against its interface: the rooms as the
// composition root makes them (server/src/assemble.hpp: the hub, the lobby, the features),
// on a SQLite store in a fresh directory, with no HTTP server. The accounts are written to the
// store before the rooms start (an operator is made that way: no endpoint can). `reopen()`
// starts the rooms again on the same directory, as a restarted server would.
#include <catch2/catch.hpp>

#include <boost/asio/io_context.hpp>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "assemble.hpp"
#include "lobby/lobby.hpp"
#include "loyang/persistence/sqlite_store.hpp"
#include "temp_dir.hpp"

namespace loyang::test {

/// The error code of a reply (its envelope's "error"."code"), or "".
inline std::string code_of(const server::api_reply& r) {
  INFO(r.body.dump());
  return r.body.is_object() && r.body.contains("error") ? r.body["error"].value("code", "") : "";
}

class rooms_fixture {
 public:
  /// `accounts`: stored before the rooms start (ids from 1 in this order); `operators`: which of
  /// them are operators.
  explicit rooms_fixture(std::vector<std::string> accounts, std::vector<std::string> operators = {},
                         server::lobby_limits lim = {})
      : lim_(std::move(lim)) {
    store_ = persistence::make_sqlite_store(dir_.path());
    std::int64_t id = 0;
    for (const auto& name : accounts) {
      server::account_record a;
      a.id = ++id;
      a.name = name;
      a.password_hash = "not a hash: nobody logs in here";
      a.operator_account = std::find(operators.begin(), operators.end(), name) != operators.end();
      std::atomic<bool> done{false};
      std::string error;
      store_->save_account(a, [&](const std::string& e) {
        error = e;
        done = true;
      });
      while (!done) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      REQUIRE(error.empty());
      ids_.push_back({a.id, name});
    }
    daily_secret_ = store_->load_catalog().daily_secret;
    open();
  }
  ~rooms_fixture() { close(); }

  /// The account called `name` as the routes know him.
  server::identity who(const std::string& name) const {
    for (const auto& i : ids_) {
      if (i.name == name) return i;
    }
    FAIL("no account " << name);
    return {};
  }

  server::assembled& rooms() { return rooms_; }
  server::lobby& games() { return *rooms_.games; }
  server::clocks::service& clocks() { return *rooms_.clocks; }

  /// Runs the rooms until `ask`'s reply came (at most 10 s) and returns it.
  template <class Ask>
  server::api_reply call(Ask ask) {
    auto got = std::make_shared<std::optional<server::api_reply>>();
    auto mutex = std::make_shared<std::mutex>();
    ask([got, mutex](server::api_reply r) {
      std::lock_guard lock(*mutex);
      *got = std::move(r);
    });
    for (int i = 0; i < 2000; ++i) {
      {
        std::lock_guard lock(*mutex);
        if (*got) return **got;
      }
      ioc_.restart();
      ioc_.run_for(std::chrono::milliseconds(5));
    }
    FAIL("no reply within 10 s");
    return {};
  }

  /// Runs `look` on the games' strand (the lobby's find_game and the like) and waits for it.
  template <class Look>
  void on_strand(Look look) {
    call([&](server::reply_fn reply) {
      boost::asio::post(rooms_.games->strand(), [&look, reply] {
        look();
        reply({});
      });
    });
  }

  /// A game made by `creator` for `players`, joined by `others` (all seats taken: it starts).
  std::int64_t game(const std::string& creator, int players, const std::vector<std::string>& others = {}) {
    const auto made = call([&](server::reply_fn r) { games().create_game(who(creator), {{"players", players}}, r); });
    REQUIRE(int(made.status) == 201);
    const auto id = made.body["id"].get<std::int64_t>();
    for (const auto& o : others) {
      const auto joined = call([&](server::reply_fn r) { games().join(who(o), id, nlohmann::json::object(), r); });
      REQUIRE(int(joined.status) == 200);
    }
    return id;
  }

  /// Stops the rooms and starts them again on the same store directory.
  void reopen() {
    close();
    store_ = persistence::make_sqlite_store(dir_.path());
    open();
  }

  const std::filesystem::path& dir() const { return dir_.path(); }
  /// The store's daily secret, read before the rooms started.
  const std::string& daily_secret() const { return daily_secret_; }

 private:
  void open() {
    rooms_ = server::assemble(ioc_, *store_, std::make_shared<server::metrics>(), lim_);
    rooms_.games->start();
  }
  void close() {
    if (!rooms_.games) return;
    rooms_.games->stop();
    ioc_.restart();
    ioc_.run_for(std::chrono::milliseconds(50));
    rooms_ = {};
    ioc_.restart();
    ioc_.poll();
    store_->stop();
  }

  temp_dir dir_;
  server::lobby_limits lim_;
  std::unique_ptr<persistence::sqlite_store> store_;
  boost::asio::io_context ioc_;
  server::assembled rooms_;
  std::vector<server::identity> ids_;
  std::string daily_secret_;
};

}  // namespace loyang::test
