// A game's chat over the WebSocket and HTTP: who reads and writes it, what text is refused,
// the pace of writers, pages of history, mutes and blocks; and a player's private notes.
#include <catch2/catch.hpp>

#include "game_client.hpp"

using namespace loyang::test;
using verb = beast::http::verb;

namespace {

/// A connection subscribed to `game` with its chat; the first page of the chat is read.
struct chatter {
  std::unique_ptr<ws_client> ws;
  json first_page;
};

chatter join_chat(std::uint16_t port, const std::string& token, std::int64_t game, bool spectator = false) {
  chatter c{std::make_unique<ws_client>(port), {}};
  c.ws->hello(token);
  c.ws->send({{"type", "subscribe"}, {"game", game}, {"as", spectator ? "spectator" : "player"}, {"chat", true}});
  c.ws->next_of("snapshot");
  c.first_page = c.ws->next_of("chat_history");
  return c;
}

/// Sends a message and reads until its answer: the chat carrying `id`, or a result refusing it.
json say(ws_client& ws, std::int64_t game, const std::string& text, const std::string& id) {
  ws.send({{"type", "chat"}, {"game", game}, {"id", id}, {"text", text}});
  for (;;) {
    json m = ws.next();
    if ((m["type"] == "chat" || m["type"] == "result") && m.value("id", "") == id) return m;
  }
}

/// The chat texts `ws` receives before the answer to a marker message it sends: what reached
/// it, in order (the server sends a message to every reader before it answers the next one).
std::vector<std::string> heard_before_marker(ws_client& ws, std::int64_t game, const std::string& id) {
  ws.send({{"type", "chat"}, {"game", game}, {"id", id}, {"text", "marker " + id}});
  std::vector<std::string> out;
  for (;;) {
    json m = ws.next();
    if (m["type"] == "chat" && m.value("id", "") == id) return out;
    if (m["type"] == "chat") out.push_back(m["message"]["text"]);
  }
}

std::string refusal(const json& answer) {
  INFO(answer.dump());
  return answer["type"] == "result" ? answer["error"]["code"].get<std::string>() : "";
}

std::vector<std::string> texts(const json& messages) {
  std::vector<std::string> out;
  for (const auto& m : messages) out.push_back(m["text"]);
  return out;
}

}  // namespace

TEST_CASE("players chat in their game; the text arrives as sent, HTML and all, never interpreted",
          "[server][chat]") {
  running_server s([](loyang::server::config& c) { c.memory_only = true; });
  const auto t = start_game(s.port(), "talk", 2);
  auto ann = join_chat(s.port(), t.tokens[0], t.game);
  auto bob = join_chat(s.port(), t.tokens[1], t.game);
  CHECK(ann.first_page["messages"].empty());
  CHECK(ann.first_page["more"] == false);

  const std::string html = "<script>alert('x')</script> & <b>bold</b>";
  const auto mine = say(*ann.ws, t.game, "  " + html + "\n", "m1");
  REQUIRE(mine["type"] == "chat");
  CHECK(mine["message"]["text"] == html);  // trimmed, otherwise untouched
  CHECK(mine["message"]["from"] == "talk0");
  CHECK(mine["message"]["seat"] == 0);
  const auto heard = bob.ws->next_of("chat");
  CHECK(heard["message"] == mine["message"]);
  CHECK_FALSE(heard.contains("id"));  // only the sender's copy carries its id

  // Someone joining later reads it in the first page; a connection that did not ask for the
  // chat gets none of it.
  auto later = join_chat(s.port(), t.tokens[1], t.game);
  CHECK(texts(later.first_page["messages"]) == std::vector<std::string>{html});
  ws_client quiet(s.port());
  quiet.hello(t.tokens[1]);
  quiet.send({{"type", "subscribe"}, {"game", t.game}});
  quiet.next_of("snapshot");
  say(*ann.ws, t.game, "second", "m2");
  CHECK_FALSE(quiet.try_next(std::chrono::milliseconds(300)).has_value());
}

TEST_CASE("bad chat text is refused with its code and nothing is stored", "[server][chat]") {
  running_server s([](loyang::server::config& c) { c.memory_only = true; });
  const auto t = start_game(s.port(), "bad", 2);
  auto ann = join_chat(s.port(), t.tokens[0], t.game);
  CHECK(refusal(say(*ann.ws, t.game, "   \n ", "e1")) == "empty_text");
  CHECK(refusal(say(*ann.ws, t.game, std::string(501, 'x'), "e2")) == "text_too_long");
  CHECK(refusal(say(*ann.ws, t.game, std::string(500, 'x'), "ok1")) == "");
  // 500 characters of two bytes each are still 500 characters.
  std::string umlauts;
  for (int i = 0; i < 500; ++i) umlauts += "\xC3\xA4";
  CHECK(refusal(say(*ann.ws, t.game, umlauts, "ok2")) == "");
  CHECK(refusal(say(*ann.ws, t.game, "bell \a", "e3")) == "bad_text");
  CHECK(refusal(say(*ann.ws, t.game, "line\r\nbreak", "e4")) == "bad_text");
  CHECK(refusal(say(*ann.ws, t.game, "abc \xE2\x80\xAE txt.exe", "e5")) == "bad_text");  // U+202E
  CHECK(refusal(say(*ann.ws, t.game, "tab\there", "e6")) == "bad_text");
  std::string lines;
  for (int i = 0; i < 11; ++i) lines += "line\n";
  lines += "end";
  CHECK(refusal(say(*ann.ws, t.game, lines, "e7")) == "text_too_long");
  // Over the size a message may have at all: refused before it is read.
  ann.ws->send({{"type", "chat"}, {"game", t.game}, {"id", "e8"}, {"text", std::string(5000, 'y')}});
  const auto too_big = ann.ws->next_of("error");
  CHECK(too_big["error"]["code"] == "bad_message");
  // Unknown fields and a chat to a game not subscribed to.
  ann.ws->send({{"type", "chat"}, {"game", t.game}, {"id", "e9"}, {"text", "x"}, {"html", true}});
  CHECK(ann.ws->next_of("error")["error"]["code"] == "bad_message");
  CHECK(refusal(say(*ann.ws, t.game + 1000, "elsewhere", "e10")) == "not_subscribed");

  const auto page = call_api(s.port(), verb::get, game_path(t.game, "chat"), std::nullopt, t.tokens[1]);
  REQUIRE(page.status == http::status::ok);
  CHECK(page.body["messages"].size() == 2);  // the two accepted ones
}

TEST_CASE("a flood of chat is slowed down, and other writers are not", "[server][chat]") {
  running_server s([](loyang::server::config& c) { c.memory_only = true; });
  const auto t = start_game(s.port(), "flood", 2);
  auto ann = join_chat(s.port(), t.tokens[0], t.game);
  auto bob = join_chat(s.port(), t.tokens[1], t.game);
  for (int i = 0; i < 5; ++i) CHECK(refusal(say(*ann.ws, t.game, "spam " + std::to_string(i), "s" + std::to_string(i))) == "");
  const auto sixth = say(*ann.ws, t.game, "spam 5", "s5");
  CHECK(refusal(sixth) == "chat_too_fast");
  CHECK(refusal(say(*bob.ws, t.game, "calm down", "b1")) == "");
  // Commands still go through while the chat is busy.
  auto v = connect(s.port(), t.tokens[0], t.game, false);
  CHECK(v.doc["legal"].size() > 0);
}

TEST_CASE("spectators read and write the chat only where the game lets them", "[server][chat]") {
  running_server s([](loyang::server::config& c) { c.memory_only = true; });
  const auto closed = start_game(s.port(), "pc", 2);
  const auto open = start_game(s.port(), "ev", 2, 0, json{{"chat", "everyone"}});
  const auto fan = sign_up(s.port(), "fan");

  // The players' chat: a spectator neither reads nor writes it.
  ws_client watcher(s.port());
  watcher.hello(fan);
  watcher.send({{"type", "subscribe"}, {"game", closed.game}, {"as", "spectator"}, {"chat", true}});
  watcher.next_of("snapshot");
  CHECK(refusal(say(watcher, closed.game, "hello players", "w1")) == "not_allowed");
  auto ann = join_chat(s.port(), closed.tokens[0], closed.game);
  say(*ann.ws, closed.game, "just us", "a1");
  CHECK_FALSE(watcher.try_next(std::chrono::milliseconds(300)).has_value());
  CHECK(code_of(call_api(s.port(), verb::get, game_path(closed.game, "chat"), std::nullopt, fan)) == "not_allowed");
  CHECK(code_of(call_api(s.port(), verb::get, game_path(closed.game, "chat"))) == "not_allowed");
  // Asking for a page is refused with the page's own answer, never taken for a failed subscribe.
  // (A new connection: a read that timed out above ends the old one.)
  ws_client asker(s.port());
  asker.hello(fan);
  asker.send({{"type", "subscribe"}, {"game", closed.game}, {"as", "spectator"}, {"chat", true}});
  asker.next_of("snapshot");
  asker.send({{"type", "chat_history"}, {"game", closed.game}, {"before", 99}});
  const auto refused_page = asker.next();
  CHECK(refused_page["type"] == "chat_history");
  CHECK(refused_page["error"]["code"] == "not_allowed");
  CHECK(refused_page["before"] == 99);
  CHECK_FALSE(refused_page.contains("messages"));
  asker.send({{"type", "chat_history"}, {"game", open.game}});
  const auto unsubscribed = asker.next();
  CHECK(unsubscribed["type"] == "chat_history");
  CHECK(unsubscribed["game"] == open.game);
  CHECK(unsubscribed["error"]["code"] == "not_subscribed");

  // "chat": "everyone": spectators read and write; guests read only.
  auto spectator = join_chat(s.port(), fan, open.game, true);
  CHECK(refusal(say(*spectator.ws, open.game, "go ev0!", "w2")) == "");
  auto player = join_chat(s.port(), open.tokens[0], open.game);
  CHECK(texts(player.first_page["messages"]) == std::vector<std::string>{"go ev0!"});
  auto guest = join_chat(s.port(), "", open.game, true);
  CHECK(texts(guest.first_page["messages"]) == std::vector<std::string>{"go ev0!"});
  CHECK(refusal(say(*guest.ws, open.game, "anonymous", "g1")) == "not_allowed");
  const auto summary = call_api(s.port(), verb::get, game_path(open.game), std::nullopt, fan);
  CHECK(summary.body["chat"] == "everyone");
}

TEST_CASE("chat history comes in pages, oldest first within a page", "[server][chat]") {
  running_server s([](loyang::server::config& c) {
    c.memory_only = true;
    c.ws_messages_per_second = 10000;
  });
  const auto t = start_game(s.port(), "pages", 2);
  auto ann = join_chat(s.port(), t.tokens[0], t.game);
  auto bob = join_chat(s.port(), t.tokens[1], t.game);
  std::vector<std::int64_t> ids;
  // Two writers, under the pace each is allowed.
  for (int i = 0; i < 8; ++i) {
    auto& who = i % 2 ? *bob.ws : *ann.ws;
    const auto m = say(who, t.game, "n" + std::to_string(i), "p" + std::to_string(i));
    REQUIRE(m["type"] == "chat");
    ids.push_back(m["message"]["id"]);
  }
  CHECK(std::is_sorted(ids.begin(), ids.end()));
  const auto newest = call_api(s.port(), verb::get, game_path(t.game, "chat") + "?limit=3", std::nullopt, t.tokens[0]);
  CHECK(texts(newest.body["messages"]) == std::vector<std::string>{"n5", "n6", "n7"});
  CHECK(newest.body["more"] == true);
  const auto older = call_api(s.port(), verb::get,
                              game_path(t.game, "chat") + "?limit=3&before=" + std::to_string(ids[5]), std::nullopt,
                              t.tokens[0]);
  CHECK(texts(older.body["messages"]) == std::vector<std::string>{"n2", "n3", "n4"});
  const auto oldest = call_api(s.port(), verb::get,
                               game_path(t.game, "chat") + "?before=" + std::to_string(ids[2]), std::nullopt, t.tokens[0]);
  CHECK(texts(oldest.body["messages"]) == std::vector<std::string>{"n0", "n1"});
  CHECK(oldest.body["more"] == false);
  CHECK(code_of(call_api(s.port(), verb::get, game_path(t.game, "chat") + "?before=x", std::nullopt, t.tokens[0])) ==
        "bad_query");
  CHECK(code_of(call_api(s.port(), verb::get, game_path(t.game, "chat") + "?page=2", std::nullopt, t.tokens[0])) ==
        "bad_query");

  // The same over the WebSocket.
  ann.ws->send({{"type", "chat_history"}, {"game", t.game}, {"before", ids[2]}});
  const auto page = ann.ws->next_of("chat_history");
  CHECK(texts(page["messages"]) == std::vector<std::string>{"n0", "n1"});
  CHECK(page["before"] == ids[2]);
}

TEST_CASE("a player who mutes or blocks another does not read him; a blocked player cannot join or invite",
          "[server][chat][social]") {
  running_server s([](loyang::server::config& c) { c.memory_only = true; });
  const auto t = start_game(s.port(), "mb", 2);
  const auto& ann = t.tokens[0];
  const auto& bob = t.tokens[1];
  auto bob_chat = join_chat(s.port(), bob, t.game);
  auto ann_chat = join_chat(s.port(), ann, t.game);

  auto put = [&](const std::string& token, const std::string& what) {
    return call_api(s.port(), verb::put, "/api/account/" + what, std::nullopt, token);
  };
  REQUIRE(put(bob, "mutes/MB0").status == http::status::ok);  // names in any case
  say(*ann_chat.ws, t.game, "can you hear me", "a1");
  CHECK(heard_before_marker(*bob_chat.ws, t.game, "b1").empty());
  auto again = join_chat(s.port(), bob, t.game);
  CHECK(texts(again.first_page["messages"]) == std::vector<std::string>{"marker b1"});  // his own only
  const auto relations = call_api(s.port(), verb::get, "/api/account/relations", std::nullopt, bob);
  CHECK(relations.body["muted"] == json{"mb0"});
  REQUIRE(call_api(s.port(), verb::delete_, "/api/account/mutes/mb0", std::nullopt, bob).status ==
          http::status::ok);
  say(*ann_chat.ws, t.game, "and now", "a2");
  CHECK(heard_before_marker(*bob_chat.ws, t.game, "b2") == std::vector<std::string>{"and now"});

  // A block: muted, and kept out of bob's games and invitations.
  REQUIRE(put(bob, "blocks/mb0").status == http::status::ok);
  say(*ann_chat.ws, t.game, "blocked?", "a3");
  CHECK(heard_before_marker(*bob_chat.ws, t.game, "b3").empty());
  // Ann still reads bob: a block keeps ann out of bob's sight, not the other way round.
  CHECK(heard_before_marker(*ann_chat.ws, t.game, "a4") == std::vector<std::string>{"marker b3"});
  const auto bobs = call_api(s.port(), verb::post, "/api/games", json{{"players", 3}}, bob);
  REQUIRE(bobs.status == http::status::created);
  const auto joined = call_api(s.port(), verb::post, game_path(bobs.body["id"], "join"), json::object(), ann);
  CHECK(joined.status == http::status::forbidden);
  CHECK(code_of(joined) == "blocked");
  const auto invited = call_api(s.port(), verb::post, "/api/games", json{{"players", 2}, {"invite", {"mb1"}}}, ann);
  CHECK(code_of(invited) == "blocked");
  // Bob himself may still invite ann.
  CHECK(call_api(s.port(), verb::post, "/api/games", json{{"players", 2}, {"invite", {"mb0"}}}, bob).status ==
        http::status::created);

  // Bad requests about relations.
  CHECK(code_of(put(bob, "friends/nobody-here")) == "no_such_player");
  CHECK(code_of(put(bob, "friends/mb1")) == "bad_request");  // himself
  CHECK(call_api(s.port(), verb::post, "/api/account/friends/mb0", std::nullopt, bob).status ==
        http::status::method_not_allowed);
  CHECK(call_api(s.port(), verb::put, "/api/account/friends/mb0").status == http::status::unauthorized);
}

TEST_CASE("private notes: only their writer reads them, and only players keep them", "[server][chat][notes]") {
  running_server s([](loyang::server::config& c) { c.memory_only = true; });
  const auto t = start_game(s.port(), "nt", 2);
  const auto outsider = sign_up(s.port(), "nosy");
  const auto path = game_path(t.game, "notes");
  const auto empty = call_api(s.port(), verb::get, path, std::nullopt, t.tokens[0]);
  CHECK(empty.body["text"] == "");
  CHECK(empty.body["updated_at"].is_null());
  const std::string plan = "Plan:\n\tbuy cabbage <early>\nkeep 2 Cash";
  REQUIRE(call_api(s.port(), verb::put, path, json{{"text", plan}}, t.tokens[0]).status == http::status::ok);
  CHECK(call_api(s.port(), verb::get, path, std::nullopt, t.tokens[0]).body["text"] == plan);
  CHECK(call_api(s.port(), verb::get, path, std::nullopt, t.tokens[1]).body["text"] == "");
  CHECK(code_of(call_api(s.port(), verb::get, path, std::nullopt, outsider)) == "not_seated");
  CHECK(code_of(call_api(s.port(), verb::put, path, json{{"text", "mine"}}, outsider)) == "not_seated");
  CHECK(code_of(call_api(s.port(), verb::put, path, json{{"text", std::string(5001, 'n')}}, t.tokens[0])) ==
        "text_too_long");
  CHECK(code_of(call_api(s.port(), verb::put, path, json{{"text", "nul \x01"}}, t.tokens[0])) == "bad_text");
  CHECK(code_of(call_api(s.port(), verb::put, path, json{{"note", "x"}}, t.tokens[0])) == "bad_request");
  CHECK(call_api(s.port(), verb::get, path, std::nullopt, t.tokens[0]).body["text"] == plan);  // unchanged
  REQUIRE(call_api(s.port(), verb::put, path, json{{"text", ""}}, t.tokens[0]).status == http::status::ok);
  CHECK(call_api(s.port(), verb::get, path, std::nullopt, t.tokens[0]).body["text"] == "");
}
