// The chat room's routes (service.hpp): older pages of a game's chat and a player's notes.
#include "service.hpp"

#include <boost/asio/post.hpp>

#include "../core/api_errors.hpp"
#include "../games/visibility.hpp"
#include "room_chat.hpp"
#include "text.hpp"

namespace loyang::server::chat {

service::service(strand_type games_strand, storage& store, lookups look)
    : strand_(std::move(games_strand)), store_(store), look_(std::move(look)) {}

const game_record* service::visible(std::int64_t game, const std::optional<identity>& who) const {
  const auto* g = look_.game(game);
  const games::asker asker = who ? games::asker{who->id, who->name} : games::asker{};
  return g && games::may_see(*g, asker) ? g : nullptr;
}

void service::chat_page(std::optional<identity> who, std::int64_t game, std::int64_t before, std::size_t limit,
                      reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, game, before, limit, reply = std::move(reply)] {
    const auto* g = self->visible(game, who);
    if (!g) return reply(no_such_game_reply());
    const auto account = who ? who->id : 0;
    if (g->watch == watch_policy::players && seat_of(*g, account) == engine::no_player) {
      return reply(api_error(http::status::forbidden, "not_allowed", "only the players watch this game"));
    }
    if (!room_chat::may_read(*g, account, engine::no_player)) {
      return reply(api_error(http::status::forbidden, "not_allowed", "only the players read this game's chat"));
    }
    self->look_.off_thread([self, record = *g, account, before, limit, reply] {
      std::vector<persistence::chat_record> page;
      try {
        // One more than asked: whether there are more.
        page = self->store_.load_chat(record.id, before, limit + 1);
      } catch (const std::exception&) {
        return reply(api_error(http::status::service_unavailable, "storage_failed", "the chat could not be read"));
      }
      const bool more = page.size() > limit;
      if (more) page.pop_back();
      room_chat view({}, 0, self->look_.relations, [a = self->look_.accounts](std::int64_t id) { return a->name_of(id); });
      auto messages = nlohmann::json::array();
      for (auto it = page.rbegin(); it != page.rend(); ++it) {
        if (it->deleted_by != 0 || !view.wants(account, *it)) continue;
        messages.push_back(view.message_json(record, *it));
      }
      reply({http::status::ok, {{"game", record.id}, {"messages", messages}, {"more", more}}});
    });
  });
}

void service::get_notes(identity who, std::int64_t game, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, game, reply = std::move(reply)] {
    const auto* g = self->visible(game, who);
    if (!g) return reply(no_such_game_reply());
    if (seat_of(*g, who.id) == engine::no_player) {
      return reply(api_error(http::status::forbidden, "not_seated", "notes are for the players of a game"));
    }
    self->look_.off_thread([self, who, game, reply] {
      try {
        const auto note = self->store_.load_note(game, who.id);
        reply({http::status::ok,
               {{"game", game},
                {"text", note ? note->text : std::string()},
                {"updated_at", note ? nlohmann::json(note->updated_at) : nlohmann::json(nullptr)}}});
      } catch (const std::exception&) {
        reply(api_error(http::status::service_unavailable, "storage_failed", "the notes could not be read"));
      }
    });
  });
}

void service::put_notes(identity who, std::int64_t game, const nlohmann::json& body, reply_fn reply) {
  if (!body.is_object() || body.size() != 1 || !body.contains("text") || !body["text"].is_string()) {
    return reply(api_error(http::status::bad_request, "bad_request", "the body must be {\"text\": ...}"));
  }
  auto checked = check_text(body["text"].get<std::string>(), note_rules, true);
  if (const auto* e = std::get_if<text_error>(&checked)) {
    return reply(api_error(http::status::bad_request, e->code, e->message));
  }
  net::post(strand_, [self = shared_from_this(), who, game, text = std::get<std::string>(std::move(checked)),
                      reply = std::move(reply)] {
    const auto* g = self->visible(game, who);
    if (!g) return reply(no_such_game_reply());
    if (seat_of(*g, who.id) == engine::no_player) {
      return reply(api_error(http::status::forbidden, "not_seated", "notes are for the players of a game"));
    }
    const persistence::note_record note{game, who.id, text, self->look_.accounts->now()};
    self->store_.save_note(note, [note, reply](const std::string& e) {
      if (!e.empty()) return reply(storage_reply(e, "the notes"));
      reply({http::status::ok, {{"game", note.game}, {"text", note.text}, {"updated_at", note.updated_at}}});
    });
  });
}

}  // namespace loyang::server::chat
