// Private messages between accounts: the inbox and its unread count, a conversation's pages,
// reading, blocks and mutes, the write budget, reports of a message and an operator deleting
// it, the live `messages_changed`, and messages kept across a restart (SQLite).
#include <catch2/catch.hpp>

#include "game_client.hpp"
#include "moderation/operator_command.hpp"

using namespace loyang::test;
using verb = beast::http::verb;
using status = beast::http::status;

namespace {

std::string with(const std::string& name, const std::string& what = "") {
  return "/api/messages/with/" + name + (what.empty() ? "" : "/" + what);
}

api_answer say(std::uint16_t port, const std::string& token, const std::string& to, const std::string& text) {
  return api_post(port, with(to), token, {{"text", text}});
}

std::int64_t unread(std::uint16_t port, const std::string& token) {
  const auto a = api_get(port, "/api/messages/unread", token);
  REQUIRE(a.status == status::ok);
  return a.body["unread"].get<std::int64_t>();
}

}  // namespace

TEST_CASE("messages: written, listed by conversation, counted unread until read, kept across a restart",
          "[server][messages]") {
  std::shared_ptr<temp_dir> data;
  {
    running_server s;
    data = s.data();
    const auto ann = sign_up(s.port(), "pm-ann");
    const auto bob = sign_up(s.port(), "pm-bob");
    const auto cid = sign_up(s.port(), "pm-cid");
    // Bob watches his lists live: a message to him is told at once.
    ws_client bob_live(s.port());
    bob_live.hello(bob);
    bob_live.send({{"type", "watch_lobby"}});
    // The pong comes after the registration: the message below is told to a listener.
    bob_live.send({{"type", "ping"}});
    bob_live.next_of("pong");
    const auto first = say(s.port(), ann, "PM-BOB", "Hello Bob, a rematch tomorrow?");
    INFO(first.body.dump());
    REQUIRE(first.status == status::created);
    CHECK(first.body["message"]["from"] == "pm-ann");
    CHECK(first.body["message"]["to"] == "pm-bob");
    CHECK(first.body["message"]["read_at"].is_null());
    CHECK(bob_live.next_of("messages_changed")["from"] == "pm-ann");
    REQUIRE(say(s.port(), ann, "pm-bob", "  Evening suits me.  ").status == status::created);
    REQUIRE(say(s.port(), cid, "pm-bob", "Good game!").status == status::created);

    CHECK(unread(s.port(), bob) == 3);
    CHECK(unread(s.port(), ann) == 0);
    const auto inbox = api_get(s.port(), "/api/messages", bob);
    REQUIRE(inbox.status == status::ok);
    REQUIRE(inbox.body["conversations"].size() == 2);
    // The most recent conversation first, each with its newest message and unread count.
    CHECK(inbox.body["conversations"][0]["with"] == "pm-cid");
    CHECK(inbox.body["conversations"][0]["unread"] == 1);
    CHECK(inbox.body["conversations"][1]["with"] == "pm-ann");
    CHECK(inbox.body["conversations"][1]["unread"] == 2);
    CHECK(inbox.body["conversations"][1]["last"]["text"] == "Evening suits me.");  // trimmed
    CHECK(inbox.body["unread"] == 3);
    CHECK(inbox.body["next_before"].is_null());

    // The conversation reads the same from both sides, oldest first; the sender's inbox too.
    const auto page = api_get(s.port(), with("pm-ann"), bob);
    REQUIRE(page.body["messages"].size() == 2);
    CHECK(page.body["messages"][0]["text"] == "Hello Bob, a rematch tomorrow?");
    CHECK(page.body["more"] == false);
    CHECK(api_get(s.port(), with("pm-bob"), ann).body["messages"] == page.body["messages"]);
    CHECK(api_get(s.port(), "/api/messages", ann).body["conversations"][0]["with"] == "pm-bob");

    // Read up to the first: one left; then everything from ann.
    const std::int64_t first_id = first.body["message"]["id"];
    const auto partly = api_post(s.port(), with("pm-ann", "read"), bob, {{"up_to", first_id}});
    REQUIRE(partly.status == status::ok);
    CHECK(partly.body["unread"] == 2);
    CHECK(api_post(s.port(), with("pm-ann", "read"), bob).body["unread"] == 1);
    // The writer sees that it was read.
    CHECK_FALSE(api_get(s.port(), with("pm-bob"), ann).body["messages"][0]["read_at"].is_null());
    // Reading one's own messages changes nothing for the other.
    CHECK(api_post(s.port(), with("pm-cid", "read"), ann).body["unread"] == 0);
    CHECK(unread(s.port(), bob) == 1);
  }
  running_server s({}, data);
  const auto bob = log_in(s.port(), "pm-bob");
  REQUIRE_FALSE(bob.empty());
  CHECK(unread(s.port(), bob) == 1);
  const auto page = api_get(s.port(), with("pm-ann"), bob);
  REQUIRE(page.body["messages"].size() == 2);
  CHECK(page.body["messages"][1]["text"] == "Evening suits me.");
  // Ids go on after the stored ones.
  const auto cid = log_in(s.port(), "pm-cid");
  const auto later = say(s.port(), cid, "pm-bob", "Still there?");
  REQUIRE(later.status == status::created);
  CHECK(later.body["message"]["id"].get<std::int64_t>() > page.body["messages"][1]["id"].get<std::int64_t>());
}

TEST_CASE("messages: bad bodies, unknown names and oneself refused; long conversations come in pages",
          "[server][messages]") {
  running_server s([](loyang::server::config& c) { c.memory_only = true; });
  const auto ann = sign_up(s.port(), "pq-ann");
  const auto bob = sign_up(s.port(), "pq-bob");
  CHECK(code_of(say(s.port(), ann, "nobody-here", "hi")) == "no_such_player");
  CHECK(code_of(say(s.port(), ann, "pq-ann", "hi")) == "bad_request");
  CHECK(code_of(say(s.port(), ann, "pq-bob", "   ")) == "empty_text");
  CHECK(code_of(say(s.port(), ann, "pq-bob", std::string(2001, 'x'))) == "text_too_long");
  CHECK(code_of(say(s.port(), ann, "pq-bob", "bell \x07")) == "bad_text");
  CHECK(code_of(api_post(s.port(), with("pq-bob"), ann, {{"text", "hi"}, {"html", true}})) == "bad_request");
  CHECK(code_of(api_post(s.port(), with("pq-bob", "read"), bob, {{"up_to", "all"}})) == "bad_request");
  CHECK(code_of(api_get(s.port(), "/api/messages?page=2", bob)) == "bad_query");
  CHECK(api_get(s.port(), "/api/messages").status == status::unauthorized);
  CHECK(unread(s.port(), bob) == 0);

  // Refused attempts spent the budget too (6 of its 60 an hour): 54 more fit.
  for (int i = 0; i < 54; ++i) REQUIRE(say(s.port(), ann, "pq-bob", "note " + std::to_string(i)).status == status::created);
  const auto newest = api_get(s.port(), with("pq-ann"), bob);
  REQUIRE(newest.body["messages"].size() == 50);
  CHECK(newest.body["more"] == true);
  CHECK(newest.body["messages"][49]["text"] == "note 53");
  const std::int64_t oldest_shown = newest.body["messages"][0]["id"];
  const auto older = api_get(s.port(), with("pq-ann") + "?before=" + std::to_string(oldest_shown), bob);
  REQUIRE(older.body["messages"].size() == 4);
  CHECK(older.body["messages"][0]["text"] == "note 0");
  CHECK(older.body["more"] == false);
  // The `messages` budget: 60 an hour, then 429 with its own code.
  const auto over = say(s.port(), ann, "pq-bob", "one too many");
  CHECK(over.status == status::too_many_requests);
  CHECK(code_of(over) == "too_many_messages");
}

TEST_CASE("messages: a block refuses them both ways; a mute keeps them out of the inbox and untold",
          "[server][messages]") {
  running_server s([](loyang::server::config& c) { c.memory_only = true; });
  const auto ann = sign_up(s.port(), "pb-ann");
  const auto bob = sign_up(s.port(), "pb-bob");
  const auto cid = sign_up(s.port(), "pb-cid");
  REQUIRE(call_api(s.port(), verb::put, "/api/account/blocks/pb-ann", std::nullopt, bob).status == status::ok);
  CHECK(code_of(say(s.port(), ann, "pb-bob", "hi")) == "blocked");
  CHECK(code_of(say(s.port(), bob, "pb-ann", "hi")) == "blocked");
  CHECK(unread(s.port(), bob) == 0);
  REQUIRE(call_api(s.port(), verb::delete_, "/api/account/blocks/pb-ann", std::nullopt, bob).status == status::ok);
  REQUIRE(say(s.port(), ann, "pb-bob", "sorry").status == status::created);
  CHECK(unread(s.port(), bob) == 1);

  // Muted: cid's messages are accepted (he is not told of the mute) but bob neither counts nor
  // lists them, and no live notice comes; the conversation itself stays readable.
  REQUIRE(call_api(s.port(), verb::put, "/api/account/mutes/pb-cid", std::nullopt, bob).status == status::ok);
  ws_client bob_live(s.port());
  bob_live.hello(bob);
  bob_live.send({{"type", "watch_lobby"}});
  bob_live.send({{"type", "ping"}});
  bob_live.next_of("pong");
  REQUIRE(say(s.port(), cid, "pb-bob", "buy my gold").status == status::created);
  CHECK(unread(s.port(), bob) == 1);
  const auto inbox = api_get(s.port(), "/api/messages", bob);
  REQUIRE(inbox.body["conversations"].size() == 1);
  CHECK(inbox.body["conversations"][0]["with"] == "pb-ann");
  CHECK(api_get(s.port(), with("pb-cid"), bob).body["messages"].size() == 1);
  REQUIRE(say(s.port(), ann, "pb-bob", "see you").status == status::created);
  // The first live notice is ann's, not cid's.
  CHECK(bob_live.next_of("messages_changed")["from"] == "pb-ann");
}

TEST_CASE("messages: the recipient reports one; an operator reads it with the report and deletes it, logged",
          "[server][messages][moderation]") {
  std::shared_ptr<temp_dir> data;
  {
    running_server s;
    data = s.data();
    sign_up(s.port(), "pm-boss");
    sign_up(s.port(), "pr-ann");
    sign_up(s.port(), "pr-bob");
  }
  REQUIRE(loyang::server::set_operator(data->path() / "data", "pm-boss", true) == "");
  running_server s({}, data);
  const auto boss = log_in(s.port(), "pm-boss");
  const auto ann = log_in(s.port(), "pr-ann");
  const auto bob = log_in(s.port(), "pr-bob");
  const auto sent = say(s.port(), ann, "pr-bob", "you are a cheat");
  REQUIRE(sent.status == status::created);
  const std::int64_t id = sent.body["message"]["id"];

  // Only its recipient reports it.
  CHECK(code_of(api_post(s.port(), "/api/reports", ann, {{"private_message", id}, {"reason", "x"}})) ==
        "no_such_message");
  CHECK(code_of(api_post(s.port(), "/api/reports", bob, {{"private_message", id + 100}, {"reason", "x"}})) ==
        "no_such_message");
  CHECK(code_of(api_post(s.port(), "/api/reports", bob, {{"private_message", id}, {"player", "pr-ann"}, {"reason", "x"}})) ==
        "bad_request");
  const auto reported = api_post(s.port(), "/api/reports", bob, {{"private_message", id}, {"reason", "insult"}});
  REQUIRE(reported.status == status::created);
  const auto reports = api_get(s.port(), "/api/moderation/reports?open=1", boss);
  REQUIRE(reports.body["reports"].size() == 1);
  CHECK(reports.body["reports"][0]["player"] == "pr-ann");
  CHECK(reports.body["reports"][0]["private_message"] == id);
  CHECK(reports.body["reports"][0]["private_text"] == "you are a cheat");

  const auto path = "/api/moderation/messages/" + std::to_string(id);
  CHECK(code_of(call_api(s.port(), verb::delete_, path, std::nullopt, bob)) == "not_operator");
  const auto removed = call_api(s.port(), verb::delete_, path, json{{"reason", "insults"}}, boss);
  INFO(removed.body.dump());
  REQUIRE(removed.status == status::ok);
  CHECK(code_of(call_api(s.port(), verb::delete_, path, std::nullopt, boss)) == "already_deleted");
  CHECK(code_of(call_api(s.port(), verb::delete_, "/api/moderation/messages/999999", std::nullopt, boss)) ==
        "no_such_message");
  // Both sides see it deleted, without its words, and it no longer counts as unread.
  for (const auto& [token, other] : {std::pair{ann, "pr-bob"}, std::pair{bob, "pr-ann"}}) {
    const auto m = api_get(s.port(), with(other), token).body["messages"][0];
    CHECK(m["deleted"] == true);
    CHECK(m["text"] == "");
  }
  CHECK(unread(s.port(), bob) == 0);
  const auto log = api_get(s.port(), "/api/moderation/log", boss);
  REQUIRE_FALSE(log.body["actions"].empty());
  CHECK(log.body["actions"][0]["action"] == "delete_private_message");
  CHECK(log.body["actions"][0]["player"] == "pr-ann");
  CHECK(log.body["actions"][0]["message"] == id);
}
