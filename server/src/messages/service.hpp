#pragma once
// Internal: the messages room: private messages between accounts (docs/protocol.md, "Private
// messages"). An inbox of conversations with unread counts, a conversation's pages, sending,
// and marking read. A block either way refuses a message; a mute lets it be stored but keeps it
// out of the muter's inbox, unread count and notifications. Operators delete messages and read
// reported ones through moderation/; spam is bounded by the `messages` write budget.
//
// It owns the messages' ids and nothing in memory besides: every read is the store's, on the
// lobby's workers, so several nodes see the same inbox. The recipient is told on this node's
// WebSockets (`messages_changed`) and on his notification channels (event `message`).
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../accounts/accounts.hpp"
#include "../cluster/id_source.hpp"
#include "../core/api_reply.hpp"
#include "../core/records.hpp"
#include "../social/relations.hpp"

namespace loyang::server::messages {

class service : public std::enable_shared_from_this<service> {
 public:
  /// How many messages a conversation's page holds, and the inbox's.
  static constexpr std::size_t page_size = 50;

  /// What the room reads of others and asks of them.
  struct lookups {
    std::shared_ptr<class accounts> accounts;
    /// Who mutes and blocks whom.
    std::shared_ptr<const social::relations> relations;
    /// Runs a blocking read or write off the I/O threads (the lobby's workers).
    std::function<void(std::function<void()>)> off_thread;
    /// The notification rows of a new message (notify/news.hpp, message_news), stored with it.
    std::function<std::vector<outbox_record>(const persistence::message_record&)> notes;
    /// Tells `account`'s WebSockets on this node `text` (JSON); any thread.
    std::function<void(std::int64_t account, std::string text)> tell;
    /// Wakes the notifications' sender: rows were queued. Any thread.
    std::function<void()> poke;
  };

  service(storage& store, lookups look);

  /// The largest id stored (the catalog's), before any request.
  void start(std::int64_t max_message_id);

  /// GET /api/messages?before=: `who`'s conversations, the most recent first, 50 a page:
  /// {"conversations": [{"with", "last": message, "unread"}], "unread", "next_before"}; the
  /// accounts he mutes or blocks are left out. 503 storage_failed.
  void inbox(identity who, std::int64_t before, reply_fn reply);
  /// GET /api/messages/unread: {"unread"}, as the inbox counts it. 503 storage_failed.
  void unread(identity who, reply_fn reply);
  /// GET /api/messages/with/{name}?before=: {"with", "messages" (oldest first), "more"}; 404
  /// no_such_player, 400 bad_request (oneself), 503 storage_failed.
  void conversation(identity who, const std::string& name, std::int64_t before, reply_fn reply);
  /// POST /api/messages/with/{name} {"text"}: 201 {"message"}. 400 bad_request or a text rule's
  /// code; 404 no_such_player; 403 blocked (either blocked the other); 503 a storage code.
  void send(identity who, const std::string& name, const nlohmann::json& body, reply_fn reply);
  /// POST /api/messages/with/{name}/read {"up_to": id} (optional: every message so far): the
  /// other's messages marked read; {"unread"}. 400 bad_request; 404 no_such_player; 503.
  void mark_read(identity who, const std::string& name, const nlohmann::json& body, reply_fn reply);

 private:
  /// The other account of a conversation, or a refusal answered.
  std::optional<std::int64_t> other_of(const identity& who, const std::string& name, const reply_fn& reply) const;
  /// `who`'s unread count as the inbox shows it (blocking).
  std::int64_t unread_of(std::int64_t who);
  nlohmann::json message_json(const persistence::message_record& m) const;

  storage& store_;
  lookups look_;
  // One at a time on several nodes: a conversation's order and read marks go by id.
  cluster::id_source ids_{store_, "messages", 1};
};

}  // namespace loyang::server::messages
