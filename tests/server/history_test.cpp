// History and replay (docs/protocol.md, "History"), game records and "since your last move",
// over a real server: the view the history endpoint gives for any version equals the view a
// live client had built at that version, for every seat and the spectators, also after a
// restart (the log's events recomputed from the stored commands); who may ask for what; a
// record replays through the real `loyang play`; last_seen survives visits and restarts.
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <random>

#include "game_client.hpp"

using namespace loyang::test;

namespace {

std::string history_path(std::int64_t game, const std::string& query = "") {
  return game_path(game, "history") + (query.empty() ? "" : "?" + query);
}

api_answer get(std::uint16_t port, const std::string& target, const std::string& token = "") {
  return call_api(port, http::verb::get, target, std::nullopt, token);
}

/// What a live viewer had at each version: its view without the log, with `legal` emptied,
/// as text (a whole game's views as JSON trees would take a gigabyte); and its log, which only
/// grows (the log at version v is its first v entries).
struct timeline {
  std::map<std::uint32_t, std::string> views;
  json log = json::array();

  /// The view this viewer had at `v`, its log included.
  json at(std::uint32_t v) const {
    json view = json::parse(views.at(v));
    view["log"] = json::array();
    for (std::uint32_t i = 0; i < v; ++i) view["log"].push_back(log.at(i));
    return view;
  }
};

void remember(const viewer& v, timeline& t) {
  json view = v.doc;
  view["legal"] = json::array();
  if (view.contains("advice")) view["advice"] = {{"legal", json::array()}, {"blocked", json::array()}};
  view.erase("table");  // the server's table is the game's now, not part of its history
  t.views[v.version] = view.dump();
}

/// Plays random legal commands (never undo) until the game ends or `stop_at` is reached,
/// keeping every viewer current and its timeline.
void play(std::int64_t game, std::vector<viewer>& seats, viewer& spectator,
          std::vector<timeline>& seen, timeline& spectator_seen, std::mt19937& random,
          std::uint32_t stop_at = UINT32_MAX) {
  int commands = 0;
  while (seats[0].doc["game"]["phase"] != "finished" && seats[0].version < stop_at) {
    REQUIRE(++commands < 20000);
    viewer& actor = seats[seats[0].doc["to_act"][0].get<std::size_t>()];
    std::vector<json> legal;
    for (const auto& c : actor.doc["legal"])
      if (c["type"] != "undo") legal.push_back(c);
    REQUIRE(!legal.empty());
    const json cmd = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(random)];
    const json answer = actor.command(game, cmd, "h" + std::to_string(commands));
    REQUIRE(accepted(answer));
    const std::uint32_t version = answer["to"];
    for (std::size_t i = 0; i < seats.size(); ++i) {
      seats[i].catch_up(version);
      remember(seats[i], seen[i]);
    }
    spectator.catch_up(version);
    remember(spectator, spectator_seen);
  }
  for (std::size_t i = 0; i < seats.size(); ++i) seen[i].log = seats[i].log;
  spectator_seen.log = spectator.log;
}

}  // namespace

TEST_CASE("history gives the view each seat and the spectators had live, at every version",
          "[server][history]") {
  auto data = std::make_shared<temp_dir>();
  table t;
  std::vector<timeline> seen(2);
  timeline spectator_seen;
  std::uint32_t middle = 0, last = 0;
  {
    running_server s({}, data);
    t = start_game(s.port(), "hist", 2);
    std::vector<viewer> seats;
    for (int i = 0; i < 2; ++i) seats.push_back(connect(s.port(), t.tokens[std::size_t(i)], t.game, false));
    viewer spectator = connect(s.port(), "", t.game, true);
    for (std::size_t i = 0; i < 2; ++i) remember(seats[i], seen[i]);
    remember(spectator, spectator_seen);
    std::mt19937 random(20);
    play(t.game, seats, spectator, seen, spectator_seen, random, 60);
    middle = seats[0].version;

    // In progress: a player steps back in his own view; anyone in the spectators' view.
    for (std::uint32_t v : {0u, 1u, middle / 2, middle}) {
      const auto mine = get(s.port(), history_path(t.game, "version=" + std::to_string(v)), t.tokens[1]);
      REQUIRE(mine.status == http::status::ok);
      CHECK(mine.body["view"] == 1);
      CHECK(mine.body["latest"] == middle);
      CHECK(mine.body["finished"] == false);
      CHECK(mine.body["state"] == seen[1].at(v));
      const auto guest = get(s.port(), history_path(t.game, "version=" + std::to_string(v)));
      REQUIRE(guest.status == http::status::ok);
      CHECK(guest.body["view"] == "spectator");
      CHECK(guest.body["state"] == spectator_seen.at(v));
    }
    // ...but no one sees another seat's hand, or every card, before the end.
    CHECK(code_of(get(s.port(), history_path(t.game, "view=0"), t.tokens[1])) == "not_allowed");
    CHECK(code_of(get(s.port(), history_path(t.game, "view=all"), t.tokens[1])) == "not_allowed");
    CHECK(code_of(get(s.port(), history_path(t.game, "view=1"))) == "not_allowed");
    CHECK(code_of(get(s.port(), game_path(t.game, "record"), t.tokens[0])) == "not_finished");

    play(t.game, seats, spectator, seen, spectator_seen, random);
    last = seats[0].version;
    REQUIRE(seats[0].doc["game"]["phase"] == "finished");
  }
  // After a restart the game is loaded from the database and its log's events recomputed.
  running_server s({}, data);
  for (std::uint32_t v = 0; v <= last; ++v) {
    const auto q = "version=" + std::to_string(v);
    for (int seat = 0; seat < 2; ++seat) {
      // A finished game: anyone who may watch it takes any seat's view.
      const auto a = get(s.port(), history_path(t.game, q + "&view=" + std::to_string(seat)));
      INFO("seat " << seat << " at version " << v);
      REQUIRE(a.status == http::status::ok);
      CHECK(a.body["state"] == seen[std::size_t(seat)].at(v));
    }
    const auto a = get(s.port(), history_path(t.game, q + "&view=spectator"), t.tokens[0]);
    INFO("spectators at version " << v);
    REQUIRE(a.status == http::status::ok);
    CHECK(a.body["state"] == spectator_seen.at(v));
  }
  // The default: the latest version, in the asker's own seat.
  const auto latest = get(s.port(), history_path(t.game), t.tokens[0]);
  CHECK(latest.body["version"] == last);
  CHECK(latest.body["finished"] == true);
  CHECK(latest.body["view"] == 0);
  CHECK(latest.body["state"] == seen[0].at(last));
  // Every card face up, the seed included, once finished; the log's events unredacted.
  const auto all = get(s.port(), history_path(t.game, "view=all&version=" + std::to_string(middle)));
  REQUIRE(all.status == http::status::ok);
  CHECK(all.body["view"] == "all");
  CHECK(all.body["state"]["game"].contains("draw_pile"));
  CHECK(all.body["state"]["game"].contains("seed"));
  CHECK(all.body["state"]["log"].size() == middle);
  for (int seat = 0; seat < 2; ++seat) {
    CHECK(all.body["state"]["game"]["players"][seat]["hand"] ==
          seen[std::size_t(seat)].at(middle)["game"]["players"][seat]["hand"]);
  }
  // The unredacted log is kept after the first `all`: later versions extend it, earlier ones
  // are its beginning, and asking again gives the same.
  const auto all_last = get(s.port(), history_path(t.game, "view=all&version=" + std::to_string(last)));
  REQUIRE(all_last.status == http::status::ok);
  const auto& full_log = all_last.body["state"]["log"];
  REQUIRE(full_log.size() == last);
  for (std::uint32_t i = 0; i < middle; ++i) CHECK(full_log[i] == all.body["state"]["log"][i]);
  CHECK(get(s.port(), history_path(t.game, "view=all&version=" + std::to_string(middle))).body == all.body);
  const auto all_first = get(s.port(), history_path(t.game, "view=all&version=1"));
  CHECK(all_first.body["state"]["log"] == json::array({full_log[0]}));
  // A seat's entries are the unredacted ones with the other seat's dealt cards hidden.
  CHECK(full_log.back() == seen[0].log.back());
}

TEST_CASE("history refuses what it cannot or may not show, with a stable code", "[server][history]") {
  running_server s([](loyang::server::config& c) { c.memory_only = true; });
  const auto t = start_game(s.port(), "hrules", 2);
  const auto stranger = sign_up(s.port(), "hrules-stranger");

  CHECK(code_of(get(s.port(), history_path(999))) == "no_such_game");
  CHECK(get(s.port(), history_path(999)).status == http::status::not_found);
  CHECK(code_of(get(s.port(), game_path(999, "record"))) == "no_such_game");
  for (const char* q : {"version=x", "version=-1", "version=", "version=1.5", "version=99999999999",
                        "view=seat", "view=", "view=4", "view=-1", "version=1&view=2"}) {
    INFO(q);
    const auto a = get(s.port(), history_path(t.game, q), t.tokens[0]);
    CHECK(a.status == http::status::bad_request);
    CHECK(code_of(a) == "bad_request");
  }
  // Beyond the latest version (0: nothing played yet).
  CHECK(code_of(get(s.port(), history_path(t.game, "version=1"), t.tokens[0])) == "bad_request");
  CHECK(get(s.port(), history_path(t.game, "version=0"), t.tokens[0]).status == http::status::ok);
  // A token given must be valid.
  const auto bad_token = get(s.port(), history_path(t.game), "not-a-token");
  CHECK(bad_token.status == http::status::unauthorized);
  CHECK(code_of(bad_token) == "bad_token");
  // Reads only.
  const auto posted = call_api(s.port(), http::verb::post, history_path(t.game), json::object(), t.tokens[0]);
  CHECK(posted.status == http::status::method_not_allowed);

  // A game still open has no history yet.
  const auto open = call_api(s.port(), http::verb::post, "/api/games", json{{"players", 2}}, stranger);
  REQUIRE(open.status == http::status::created);
  const std::int64_t open_game = open.body["id"];
  const auto not_started = get(s.port(), history_path(open_game), stranger);
  CHECK(not_started.status == http::status::conflict);
  CHECK(code_of(not_started) == "not_started");
  CHECK(code_of(get(s.port(), game_path(open_game, "record"), stranger)) == "not_finished");

  // A private game does not exist for others; watch: players keeps non-players out.
  const auto priv = start_game(s.port(), "hpriv", 2, 0, json{{"invite", json::array({"hpriv1"})}});
  CHECK(code_of(get(s.port(), history_path(priv.game), stranger)) == "no_such_game");
  CHECK(code_of(get(s.port(), history_path(priv.game))) == "no_such_game");
  CHECK(get(s.port(), history_path(priv.game), priv.tokens[1]).status == http::status::ok);
  const auto closed = start_game(s.port(), "hclosed", 2, 0, json{{"watch", "players"}});
  const auto kept_out = get(s.port(), history_path(closed.game), stranger);
  CHECK(kept_out.status == http::status::forbidden);
  CHECK(code_of(kept_out) == "not_allowed");
  CHECK(code_of(get(s.port(), history_path(closed.game))) == "not_allowed");
  CHECK(get(s.port(), history_path(closed.game), closed.tokens[0]).status == http::status::ok);
}

namespace {

/// Runs a shell command; its exit code and what it wrote (stdout and stderr).
std::pair<int, std::string> run(const std::string& command) {
  std::string out;
  FILE* p = popen((command + " 2>&1").c_str(), "r");
  REQUIRE(p);
  char buffer[4096];
  while (const auto n = fread(buffer, 1, sizeof buffer, p)) out.append(buffer, n);
  const int status = pclose(p);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

}  // namespace

TEST_CASE("a finished game's record replays through loyang play; a tampered one names the version",
          "[server][history][record]") {
  const std::string tool = LOYANG_TOOL;
  if (!std::filesystem::exists(tool)) {
    WARN("loyang (the command-line tool) is not built: " << tool);
    return;
  }
  running_server s([](loyang::server::config& c) { c.memory_only = true; });
  // One person against a bot: the test plays the person's seat to the end.
  const auto t = start_game(s.port(), "hrec", 1, 1);
  viewer me = connect(s.port(), t.tokens[0], t.game, false);
  std::mt19937 random(5);
  int commands = 0;
  while (me.doc["game"]["phase"] != "finished") {
    REQUIRE(++commands < 20000);
    const auto& to_act = me.doc["to_act"];
    if (std::find(to_act.begin(), to_act.end(), json(0)) == to_act.end()) {  // the bot's turn
      const auto m = me.ws->next();
      me.take(m, me.ws->received.back());
      continue;
    }
    std::vector<json> legal;
    for (const auto& c : me.doc["legal"])
      if (c["type"] != "undo") legal.push_back(c);
    REQUIRE(!legal.empty());
    const json cmd = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(random)];
    me.command(t.game, cmd, "r" + std::to_string(commands));
  }
  const auto record = get(s.port(), game_path(t.game, "record"));
  REQUIRE(record.status == http::status::ok);
  const json& r = record.body;
  CHECK(r["format"] == "loyang-record");
  CHECK(r["format_version"] == 1);
  CHECK(r["game"] == t.game);
  CHECK(r["players"] == json::array({{{"seat", 0}, {"name", "hrec0"}, {"bot", nullptr}, {"gone", nullptr}},
                                     {{"seat", 1}, {"name", "bot"}, {"bot", "easy"}, {"gone", nullptr}}}));
  CHECK(r["outcome"]["ended"] == "normally");
  CHECK(r["commands"].size() == me.version);
  CHECK(r["commands"][0]["version"] == 1);
  CHECK(r["result"]["ranking"] == me.doc["game"]["ranking"]);
  CHECK(r["state_hash"].get<std::string>().size() == 16);
  // The log's command and time are the record's.
  CHECK(r["commands"].back()["cmd"] == me.log.back()["cmd"]);
  CHECK(r["commands"].back()["at"] == me.log.back()["at"]);

  temp_dir dir;
  write_file(dir.path() / "game.json", r.dump());
  const auto [ok, out] = run(tool + " play " + (dir.path() / "game.json").string());
  INFO(out);
  CHECK(ok == 0);
  CHECK(out.find("\"phase\": \"finished\"") != std::string::npos);

  json tampered = r;  // command 5 sent by a seat this 2-player game does not have
  tampered["commands"][4]["player"] = 3;
  write_file(dir.path() / "tampered.json", tampered.dump());
  const auto [bad, why] = run(tool + " play " + (dir.path() / "tampered.json").string());
  INFO(why);
  CHECK(bad == 1);
  CHECK(why.find("at version 5") != std::string::npos);

  json rehashed = r;  // every command fine, the final state not the one recorded
  rehashed["state_hash"] = "0123456789abcdef";
  write_file(dir.path() / "rehashed.json", rehashed.dump());
  const auto [bad_hash, hash_why] = run(tool + " play " + (dir.path() / "rehashed.json").string());
  INFO(hash_why);
  CHECK(bad_hash == 1);
  CHECK(hash_why.find("at version " + std::to_string(me.version)) != std::string::npos);
}

TEST_CASE("a player is told which version he last saw, across visits and restarts",
          "[server][history][last_seen]") {
  auto data = std::make_shared<temp_dir>();
  table t;
  std::uint32_t seen_by_0 = 0;
  {
    running_server s({}, data);
    t = start_game(s.port(), "hseen", 2);
    std::vector<viewer> seats;
    for (int i = 0; i < 2; ++i) {
      viewer v;
      v.ws = std::make_unique<ws_client>(s.port());
      v.ws->hello(t.tokens[std::size_t(i)]);
      v.ws->send({{"type", "subscribe"}, {"game", t.game}});
      const json snap = v.ws->next_of("snapshot");
      CHECK(snap.contains("last_seen"));
      CHECK(snap["last_seen"].is_null());  // never looked
      v.seat = i;
      v.take(snap, v.ws->received.back());
      seats.push_back(std::move(v));
    }
    viewer spectator = connect(s.port(), t.tokens[0], t.game, true);
    CHECK(json::parse(spectator.texts.front().second)["last_seen"].is_null());

    // Both play a little, seeing everything; then seat 0 leaves.
    std::mt19937 random(3);
    bool away = false;
    auto move = [&](viewer& who) {
      std::vector<json> legal;
      for (const auto& c : who.doc["legal"])
        if (c["type"] != "undo") legal.push_back(c);
      REQUIRE(!legal.empty());
      const auto answer = who.command(t.game, legal[random() % legal.size()], "m");
      REQUIRE(accepted(answer));
      for (std::size_t i = away ? 1 : 0; i < seats.size(); ++i) seats[i].catch_up(answer["to"]);
    };
    auto unsubscribe = [&] {
      seats[0].ws->send({{"type", "unsubscribe"}, {"game", t.game}});
      seats[0].ws->next_of("unsubscribed");
      away = true;
    };
    for (int i = 0; i < 6; ++i) move(seats[seats[1].doc["to_act"][0].get<std::size_t>()]);
    seen_by_0 = seats[0].version;
    unsubscribe();
    int moved_while_away = 0, visits = 0;
    for (int i = 0; i < 400 && (moved_while_away < 3 || visits < 2); ++i) {
      if (seats[1].doc["to_act"][0] == 1) {
        move(seats[1]);
        ++moved_while_away;
        continue;
      }
      // Seat 0 must act: it comes back and is told what it had seen before this visit.
      seats[0].ws->send({{"type", "subscribe"}, {"game", t.game}});
      const json snap = seats[0].ws->next_of("snapshot");
      CHECK(snap["last_seen"] == seen_by_0);
      seats[0].take(snap, seats[0].ws->received.back());
      away = false;
      ++visits;
      move(seats[0]);
      seen_by_0 = seats[0].version;  // its own command
      unsubscribe();
      // A resume (`since`) is answered by `subscribed`, which says it too.
      seats[0].ws->send({{"type", "subscribe"}, {"game", t.game}, {"since", seats[0].version}});
      CHECK(seats[0].ws->next_of("subscribed")["last_seen"] == seen_by_0);
      unsubscribe();
    }
    CHECK(visits >= 2);
    if (seats[1].doc["to_act"][0] == 1) move(seats[1]);  // seat 0 is away
  }
  // Stored: after a restart the next visit is told the same.
  running_server s({}, data);
  viewer back = connect(s.port(), t.tokens[0], t.game, false);
  CHECK(json::parse(back.texts.front().second)["last_seen"] == seen_by_0);
}
