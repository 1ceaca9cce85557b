// History at its edges, over a real server: undos in a row name the commands they took back; a
// game whose stored log no longer replays still loads and goes on, one with a gap in its log is
// unavailable; history reads are limited per address; HEAD on the history says how long the GET
// would be.
#include <sqlite3.h>

#include <random>

#include "game_client.hpp"

using namespace loyang::test;

namespace {

/// Random legal commands other than undo, by whoever must act, until `done` says stop.
template <class Done>
void play_until(std::int64_t game, std::vector<viewer>& seats, std::mt19937& random, Done done) {
  for (int n = 0; !done(); ++n) {
    REQUIRE(n < 5000);
    REQUIRE(seats[0].doc["game"]["phase"] != "finished");
    viewer& actor = seats[seats[0].doc["to_act"][0].get<std::size_t>()];
    std::vector<json> legal;
    for (const auto& c : actor.doc["legal"])
      if (c["type"] != "undo") legal.push_back(c);
    REQUIRE(!legal.empty());
    const json answer = actor.command(game, legal[random() % legal.size()], "r" + std::to_string(n));
    REQUIRE(accepted(answer));
    for (auto& s : seats) s.catch_up(answer["to"]);
  }
}

bool can(const viewer& v, const std::string& type) {
  for (const auto& c : v.doc["legal"])
    if (c["type"] == type) return true;
  return false;
}

/// The undone version an undo's log entry names.
std::uint32_t undone_in(const json& entry) {
  REQUIRE(entry["events"].size() == 1);
  REQUIRE(entry["events"][0]["type"] == "undone");
  return entry["events"][0]["version"];
}

/// The status line and headers of a request, its body read only when `head` is false.
http::response<http::string_body> raw(std::uint16_t port, http::verb method, const std::string& target) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::empty_body> req{method, target, 11};
  req.set(http::field::host, "127.0.0.1");
  req.keep_alive(false);
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(64 * 1024 * 1024);
  if (method == http::verb::head) parser.skip(true);  // a HEAD answer has no body to read
  http::read(stream, buffer, parser);
  return parser.release();
}

}  // namespace

TEST_CASE("two undos in a row name the last command, then the one before it, everywhere",
          "[server][history][undo]") {
  running_server s([](loyang::server::config& c) { c.memory_only = true; });
  const auto t = start_game(s.port(), "hundo", 2);
  std::vector<viewer> seats;
  for (int i = 0; i < 2; ++i) seats.push_back(connect(s.port(), t.tokens[std::size_t(i)], t.game, false));
  viewer spectator = connect(s.port(), "", t.game, true);
  std::mt19937 random(7);
  // Until the player to act is in his Action phase, where a loan can be taken back.
  play_until(t.game, seats, random, [&] {
    return seats[0].doc["game"]["phase"] == "action" &&
           can(seats[seats[0].doc["to_act"][0].get<std::size_t>()], "take_loan");
  });
  const auto seat = seats[0].doc["to_act"][0].get<std::size_t>();
  viewer& me = seats[seat];
  const std::uint32_t first = me.command(t.game, {{"type", "take_loan"}}, "loan1")["to"];
  const std::uint32_t second = me.command(t.game, {{"type", "take_loan"}}, "loan2")["to"];
  REQUIRE(accepted(me.command(t.game, {{"type", "undo"}}, "undo1")));
  REQUIRE(accepted(me.command(t.game, {{"type", "undo"}}, "undo2")));
  for (auto& v : seats) v.catch_up(second + 2);
  spectator.catch_up(second + 2);

  // The live logs, every seat's and the spectators'.
  for (const viewer* v : {&seats[0], &seats[1], &spectator}) {
    REQUIRE(v->log.size() == second + 2);
    CHECK(undone_in(v->log[second]) == second);
    CHECK(undone_in(v->log[second + 1]) == first);
  }
  // The history, in the player's own view.
  const auto h = call_api(s.port(), http::verb::get, game_path(t.game, "history"), std::nullopt,
                          t.tokens[seat]);
  REQUIRE(h.status == http::status::ok);
  const auto& log = h.body["state"]["log"];
  CHECK(undone_in(log[second]) == second);
  CHECK(undone_in(log[second + 1]) == first);
  // Both loans are gone: the cash is as before the first.
  CHECK(h.body["state"]["game"] == me.doc["game"]);
}

TEST_CASE("a game whose stored log no longer replays still loads and goes on, without its old events",
          "[server][history][load]") {
  auto data = std::make_shared<temp_dir>();
  table t;
  std::uint32_t version = 0;
  {
    running_server s({}, data);
    t = start_game(s.port(), "hload", 2);
    std::vector<viewer> seats;
    for (int i = 0; i < 2; ++i) seats.push_back(connect(s.port(), t.tokens[std::size_t(i)], t.game, false));
    std::mt19937 random(11);
    // Past the first stored snapshot (every 64 versions): the store loads from there.
    play_until(t.game, seats, random, [&] { return seats[0].version >= 70; });
    version = seats[0].version;
  }
  {
    // As if a later server no longer knew the game's first command (a rules change).
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open((data->path() / "data" / "loyang.db").string().c_str(), &db) == SQLITE_OK);
    const std::string sql = "UPDATE commands SET command = '{\"type\":\"retired\"}' WHERE game_id = " +
                            std::to_string(t.game) + " AND version = 1";
    CHECK(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
    CHECK(sqlite3_changes(db) == 1);
    sqlite3_close(db);
  }
  running_server s({}, data);
  std::vector<viewer> seats;
  for (int i = 0; i < 2; ++i) seats.push_back(connect(s.port(), t.tokens[std::size_t(i)], t.game, false));
  // Loaded from its stored state: the same version, the log's entries without their events.
  REQUIRE(seats[0].version == version);
  REQUIRE(seats[0].log.size() == version);
  for (const auto& e : seats[0].log) CHECK(e["events"].is_null());
  CHECK(seats[0].log[1]["cmd"].is_object());
  // It goes on: a command is accepted, and its own entry has its events (a list, known, if
  // perhaps empty: not every command causes one).
  std::mt19937 random(12);
  play_until(t.game, seats, random, [&] { return seats[0].version > version; });
  CHECK(seats[0].log.back()["events"].is_array());
  // Its history cannot be replayed, and says so.
  const auto h = call_api(s.port(), http::verb::get, game_path(t.game, "history"), std::nullopt,
                          t.tokens[0]);
  CHECK(h.status == http::status::service_unavailable);
  CHECK(code_of(h) == "game_unavailable");
}

TEST_CASE("a game whose stored log is damaged is unavailable, and says so to a player and to its history",
          "[server][history][load]") {
  // A damaged copy of the database: a command lost from the middle of the log, one that is not
  // JSON, or the last one lost (the log ends before the game's version).
  const int damage = GENERATE(0, 1, 2);
  auto data = std::make_shared<temp_dir>();
  table t;
  {
    running_server s({}, data);
    t = start_game(s.port(), "hgap", 2);
    std::vector<viewer> seats;
    for (int i = 0; i < 2; ++i) seats.push_back(connect(s.port(), t.tokens[std::size_t(i)], t.game, false));
    std::mt19937 random(13);
    play_until(t.game, seats, random, [&] { return seats[0].version >= 12; });
  }
  {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open((data->path() / "data" / "loyang.db").string().c_str(), &db) == SQLITE_OK);
    const auto game = std::to_string(t.game);
    const std::string sql =
        damage == 0   ? "DELETE FROM commands WHERE game_id = " + game + " AND version = 5"
        : damage == 1 ? "UPDATE commands SET command = '{\"type\":' WHERE game_id = " + game +
                            " AND version = (SELECT MAX(version) FROM commands WHERE game_id = " + game + ")"
                      : "DELETE FROM commands WHERE game_id = " + game +
                            " AND version = (SELECT MAX(version) FROM commands WHERE game_id = " + game + ")";
    INFO(sql);
    CHECK(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
    CHECK(sqlite3_changes(db) == 1);
    sqlite3_close(db);
  }
  running_server s({}, data);
  ws_client ws(s.port());
  ws.hello(t.tokens[0]);
  // Not storage_failed: trying again will not help.
  ws.send({{"type", "subscribe"}, {"game", t.game}, {"as", "player"}});
  const json refused = ws.next_of("error");
  CHECK(refused["game"] == t.game);
  CHECK(refused["error"]["code"] == "game_unavailable");
  const auto h = call_api(s.port(), http::verb::get, game_path(t.game, "history"), std::nullopt, t.tokens[0]);
  CHECK(h.status == http::status::service_unavailable);
  CHECK(code_of(h) == "game_unavailable");
}

TEST_CASE("history and record reads are limited per address; HEAD gives the GET's length",
          "[server][history][limits]") {
  running_server s([](loyang::server::config& c) {
    c.memory_only = true;
    c.history_reads_per_minute = 4;
  });
  const auto t = start_game(s.port(), "hlimit", 2);
  const auto path = game_path(t.game, "history");
  const auto get = raw(s.port(), http::verb::get, path);
  REQUIRE(get.result() == http::status::ok);
  const auto head = raw(s.port(), http::verb::head, path);
  REQUIRE(head.result() == http::status::ok);
  CHECK(head.body().empty());
  CHECK(head[http::field::content_length] == std::to_string(get.body().size()));
  // A record counts too (this one is refused: the game has not finished).
  CHECK(code_of(call_api(s.port(), http::verb::get, game_path(t.game, "record"))) == "not_finished");
  CHECK(call_api(s.port(), http::verb::get, path).status == http::status::ok);  // the 4th
  const auto over = raw(s.port(), http::verb::get, path);
  CHECK(over.result() == http::status::too_many_requests);
  CHECK(json::parse(over.body())["error"]["code"] == "too_many_requests");
  const auto wait = std::stoi(std::string(over[http::field::retry_after]));
  CHECK(wait >= 1);
  CHECK(wait <= 60);
  CHECK(call_api(s.port(), http::verb::get, game_path(t.game, "record")).status ==
        http::status::too_many_requests);
  // Other endpoints are not affected.
  CHECK(call_api(s.port(), http::verb::get, game_path(t.game), std::nullopt, t.tokens[0]).status ==
        http::status::ok);
}
