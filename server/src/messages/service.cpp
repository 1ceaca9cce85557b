// The messages room (service.hpp).
#include "service.hpp"

#include <utility>

#include <spdlog/spdlog.h>

#include "../chat/text.hpp"
#include "../core/api_errors.hpp"

namespace loyang::server::messages {
namespace {

api_reply read_failed() {
  return api_error(http::status::service_unavailable, "storage_failed", "the messages could not be read");
}

}  // namespace

service::service(storage& store, lookups look) : store_(store), look_(std::move(look)) {}

void service::start(std::int64_t max_message_id) { ids_.start_after(max_message_id); }

nlohmann::json service::message_json(const persistence::message_record& m) const {
  const bool deleted = m.deleted_by != 0;
  return {{"id", m.id},
          {"from", look_.accounts->name_of(m.sender)},
          {"to", look_.accounts->name_of(m.recipient)},
          // A deleted message's words are the operators' to read (moderation/), no one else's.
          {"text", deleted ? std::string() : m.text},
          {"at", m.at},
          {"read_at", m.read_at ? nlohmann::json(m.read_at) : nlohmann::json(nullptr)},
          {"deleted", deleted}};
}

std::optional<std::int64_t> service::other_of(const identity& who, const std::string& name,
                                              const reply_fn& reply) const {
  const auto id = look_.accounts->id_of(name);
  if (!id) {
    reply(no_such_player_reply());
    return std::nullopt;
  }
  if (*id == who.id) {
    reply(api_error(http::status::bad_request, "bad_request", "that is your own account"));
    return std::nullopt;
  }
  return id;
}

std::int64_t service::unread_of(std::int64_t who) {
  std::int64_t n = 0;
  for (const auto& [sender, count] : store_.unread_messages(who)) {
    if (!look_.relations->hides(who, sender)) n += count;
  }
  return n;
}

void service::inbox(identity who, std::int64_t before, reply_fn reply) {
  look_.off_thread([self = shared_from_this(), who, before, reply = std::move(reply)] {
    try {
      // One more than a page, to know whether another follows; the hidden are dropped after
      // reading, so a page may hold fewer than page_size.
      auto page = self->store_.load_conversations(who.id, before, page_size + 1);
      const bool more = page.size() > page_size;
      if (more) page.pop_back();
      auto list = nlohmann::json::array();
      for (const auto& c : page) {
        if (self->look_.relations->hides(who.id, c.other)) continue;
        list.push_back({{"with", self->look_.accounts->name_of(c.other)},
                        {"last", self->message_json(c.last)},
                        {"unread", c.unread}});
      }
      reply({http::status::ok,
             {{"conversations", list},
              {"unread", self->unread_of(who.id)},
              {"next_before", more ? nlohmann::json(page.back().last.id) : nlohmann::json(nullptr)}}});
    } catch (const std::exception&) {
      reply(read_failed());
    }
  });
}

void service::unread(identity who, reply_fn reply) {
  look_.off_thread([self = shared_from_this(), who, reply = std::move(reply)] {
    try {
      reply({http::status::ok, {{"unread", self->unread_of(who.id)}}});
    } catch (const std::exception&) {
      reply(read_failed());
    }
  });
}

void service::conversation(identity who, const std::string& name, std::int64_t before, reply_fn reply) {
  const auto other = other_of(who, name, reply);
  if (!other) return;
  look_.off_thread([self = shared_from_this(), who, other = *other, before, reply = std::move(reply)] {
    try {
      auto page = self->store_.load_messages(who.id, other, before, page_size + 1);
      const bool more = page.size() > page_size;
      if (more) page.pop_back();
      auto list = nlohmann::json::array();
      for (auto it = page.rbegin(); it != page.rend(); ++it) list.push_back(self->message_json(*it));
      reply({http::status::ok, {{"with", self->look_.accounts->name_of(other)}, {"messages", list}, {"more", more}}});
    } catch (const std::exception&) {
      reply(read_failed());
    }
  });
}

void service::send(identity who, const std::string& name, const nlohmann::json& body, reply_fn reply) {
  if (!body.is_object() || body.size() != 1 || !body.contains("text") || !body["text"].is_string()) {
    return reply(api_error(http::status::bad_request, "bad_request", "the body must be {\"text\": ...}"));
  }
  auto checked = chat::check_text(body["text"].get<std::string>(), chat::message_rules);
  if (const auto* e = std::get_if<chat::text_error>(&checked)) {
    return reply(api_error(http::status::bad_request, e->code, e->message));
  }
  const auto other = other_of(who, name, reply);
  if (!other) return;
  const auto& relations = *look_.relations;
  if (relations.blocked(*other, who.id)) {
    return reply(api_error(http::status::forbidden, "blocked", "this player does not take messages from you"));
  }
  if (relations.blocked(who.id, *other)) {
    return reply(api_error(http::status::forbidden, "blocked", "you blocked this player: unblock him to write"));
  }
  look_.off_thread([self = shared_from_this(), who, other = *other, text = std::get<std::string>(std::move(checked)),
                    reply = std::move(reply)] {
    persistence::message_record m{self->ids_.next(), who.id, other, text, self->look_.accounts->now()};
    if (m.id == 0) return reply(storage_reply("storage_failed", "the message"));
    // A muted writer's message is kept (the muter may look), but nobody is told of it.
    const bool heard = !self->look_.relations->hides(other, who.id);
    std::vector<outbox_record> notes;
    if (heard && self->look_.notes) {
      try {
        notes = self->look_.notes(m);
      } catch (const std::exception& e) {
        spdlog::warn("messages: the notifications of message {} could not be composed: {}", m.id, e.what());
      }
    }
    const bool told = !notes.empty();
    self->store_.append_message(m, std::move(notes), [self, m, heard, told, reply](const std::string& e) {
      if (!e.empty()) return reply(storage_reply(e, "the message"));
      if (told && self->look_.poke) self->look_.poke();
      if (heard && self->look_.tell) {
        self->look_.tell(m.recipient, nlohmann::json{{"type", "messages_changed"},
                                                     {"from", self->look_.accounts->name_of(m.sender)}}
                                          .dump());
      }
      reply({http::status::created, {{"message", self->message_json(m)}}});
    });
  });
}

void service::mark_read(identity who, const std::string& name, const nlohmann::json& body, reply_fn reply) {
  std::int64_t up_to = std::numeric_limits<std::int64_t>::max();
  if (!body.is_null()) {
    const bool ok = body.is_object() && (body.empty() || (body.size() == 1 && body.contains("up_to") &&
                                                          body["up_to"].is_number_integer() &&
                                                          body["up_to"].get<std::int64_t>() > 0));
    if (!ok) return reply(api_error(http::status::bad_request, "bad_request", "the body must be {\"up_to\": id} or empty"));
    if (body.contains("up_to")) up_to = body["up_to"].get<std::int64_t>();
  }
  const auto other = other_of(who, name, reply);
  if (!other) return;
  store_.mark_messages_read(who.id, *other, up_to, look_.accounts->now(),
                            [self = shared_from_this(), who, reply](const std::string& e) {
                              if (!e.empty()) return reply(storage_reply(e, "the read mark"));
                              self->unread(who, reply);
                            });
}

}  // namespace loyang::server::messages
