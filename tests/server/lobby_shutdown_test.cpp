// White-box: the lobby and its rooms are freed when the server goes away, even when a request
// that was still in flight at shutdown created a game after the lobby had stopped.
#include <catch2/catch.hpp>

#include <boost/asio/io_context.hpp>
#include <memory>
#include <nlohmann/json.hpp>

#include "assemble.hpp"
#include "lobby/lobby.hpp"
#include "loyang/persistence/store.hpp"

using loyang::server::api_reply;
using loyang::server::identity;
using loyang::server::lobby;

TEST_CASE("a game created after the lobby stopped does not keep the lobby alive",
          "[server][shutdown]") {
  boost::asio::io_context ioc;
  auto store = loyang::persistence::make_memory_store();
  std::weak_ptr<lobby> weak;
  int status = 0;
  {
    auto l = loyang::server::assemble(ioc, *store, std::make_shared<loyang::server::metrics>(), loyang::server::lobby_limits{})
                 .games;
    weak = l;
    l->start();
    l->stop();
    ioc.run();
    ioc.restart();
    // Every seat is taken at once (one person, one bot): the game starts and its room opens,
    // and the bot plays its first commands.
    l->create_game(identity{1, "ann"}, nlohmann::json{{"players", 2}, {"bots", 1}},
                   [&status](api_reply r) { status = int(r.status); });
    ioc.run();
  }
  CHECK(status == 201);
  store->stop();
  CHECK(weak.expired());
}
