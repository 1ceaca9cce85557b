// White-box: the sender of an accepted command is answered by its own patch, marked with the
// command's id; the other viewers' copies carry no id; a sender that stopped watching before
// its command was applied still gets an answer (a result), so nothing accepted goes unanswered.
#include <catch2/catch.hpp>

#include <boost/asio/io_context.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "loyang/engine/game.hpp"
#include "loyang/persistence/store.hpp"
#include "loyang/protocol/command_json.hpp"
#include "lobby/room.hpp"

using nlohmann::json;
using namespace loyang;
using loyang::server::room;

namespace {

struct recorder : server::subscriber {
  std::vector<json> got;
  void send(server::shared_text text) override { got.push_back(json::parse(*text)); }
};

struct one_room {
  boost::asio::io_context ioc;
  std::unique_ptr<persistence::store> store = persistence::make_memory_store();
  std::shared_ptr<room> r;
  engine::state start;
  struct {
    std::shared_ptr<recorder> a = std::make_shared<recorder>();
    std::shared_ptr<recorder> b = std::make_shared<recorder>();
    engine::player_id seat = 0;
  } seated;

  one_room() {
    server::game_record g;
    g.id = 7;
    g.options = {2, engine::ruleset::yucata, false};
    g.seed = 11;
    g.status = server::game_status::active;
    g.seats = {{1, false}, {2, false}};
    start = engine::new_game(g.options, g.seed);
    g.to_act = engine::to_act(start);
    room::services svc{*store, std::make_shared<server::metrics>(), [](const server::game_record&) {},
                       [] { return std::int64_t(0); }, {}, {}};
    r = std::make_shared<room>(ioc.get_executor(), g, persistence::loaded_game{start, {}},
                               server::history::game_log(g.seats.size()), svc, room::chat_seed{});
    r->start();
    // The first to act (a) and the other player (b) join, and get their snapshots.
    seated.seat = engine::to_act(start).front();
    r->join(seated.a, seated.seat, std::nullopt);
    r->join(seated.b, engine::player_id(1 - seated.seat), std::nullopt);
    run();
  }
  ~one_room() { store->stop(); }

  void run() {
    ioc.run();
    ioc.restart();
  }

  // A legal command of whoever acts first, as a client would send it.
  protocol::command_message first_command(const std::string& id) const {
    const auto seat = engine::to_act(start).front();
    protocol::command_message m;
    m.game = 7;
    m.version = 0;
    m.id = id;
    m.cmd = protocol::command_to_json(engine::legal_commands(start, seat).front());
    return m;
  }
};

}  // namespace

TEST_CASE("the sender's patch is the answer to its command; the others' carry no id",
          "[server][room]") {
  one_room w;
  auto& [a, b, seat] = w.seated;
  REQUIRE(a->got.size() == 1);
  CHECK(a->got[0]["type"] == "snapshot");

  w.r->submit(a, seat, w.first_command("c1"));
  w.run();
  REQUIRE(a->got.size() == 2);  // the patch, and no result besides
  CHECK(a->got[1]["type"] == "patch");
  CHECK(a->got[1]["id"] == "c1");
  CHECK(a->got[1]["to"] == 1);
  REQUIRE(b->got.size() == 2);
  CHECK(b->got[1]["type"] == "patch");
  CHECK_FALSE(b->got[1].contains("id"));

  // A refused command is answered by a result (a stale one, then the patch the sender missed).
  w.r->submit(a, seat, w.first_command("c2"));
  w.run();
  REQUIRE(a->got.size() >= 3);
  CHECK(a->got[2]["type"] == "result");
  CHECK(a->got[2]["ok"] == false);
  CHECK(a->got[2]["error"]["code"] == "stale");
}

TEST_CASE("a sender that left before its command was applied gets a result", "[server][room]") {
  one_room w;
  auto& [a, b, seat] = w.seated;
  // The room's strand runs these in order: the command (made durable, its publishing posted),
  // then the leave, then the publishing.
  w.r->submit(a, seat, w.first_command("c1"));
  w.r->leave(a.get());
  w.run();
  REQUIRE(a->got.size() == 2);
  CHECK(a->got[1]["type"] == "result");
  CHECK(a->got[1]["id"] == "c1");
  CHECK(a->got[1]["ok"] == true);
  CHECK(a->got[1]["version"] == 1);
  REQUIRE(b->got.size() == 2);
  CHECK(b->got[1]["type"] == "patch");
}
