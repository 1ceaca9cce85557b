#include "room_chat.hpp"

#include <algorithm>

#include "text.hpp"

namespace loyang::server::chat {

bool spectators_chat(const game_record& g) {
  return g.extra.is_object() && g.extra.value("chat", std::string()) == "everyone";
}

engine::player_id seat_of(const game_record& g, std::int64_t account) {
  if (account == 0) return engine::no_player;
  for (std::size_t i = 0; i < g.seats.size(); ++i) {
    if (g.seats[i].account_id == account) return engine::player_id(i);
  }
  return engine::no_player;
}

room_chat::room_chat(std::vector<chat_record> recent, std::int64_t count,
                     std::shared_ptr<const social::relations> relations,
                     std::function<std::string(std::int64_t)> name_of)
    : recent_(recent.begin(), recent.end()),
      count_(count),
      window_rows_(static_cast<std::int64_t>(recent.size())),
      relations_(std::move(relations)),
      name_of_(std::move(name_of)) {
  std::erase_if(recent_, [](const chat_record& m) { return m.deleted_by != 0; });
}

bool room_chat::may_read(const game_record& g, std::int64_t account, engine::player_id seat) {
  return seat != engine::no_player || seat_of(g, account) != engine::no_player || spectators_chat(g);
}

std::optional<refusal> room_chat::check(const game_record& g, std::int64_t account, engine::player_id seat,
                                        std::string& text, std::int64_t now) {
  if (account == 0) return refusal{"not_allowed", "log in to chat"};
  if (seat == engine::no_player && seat_of(g, account) == engine::no_player && !spectators_chat(g)) {
    return refusal{"not_allowed", "only the players chat in this game"};
  }
  auto checked = check_text(text, chat_rules);
  if (const auto* e = std::get_if<text_error>(&checked)) return refusal{e->code, e->message};
  if (count_ >= max_messages_per_game) {
    return refusal{"chat_full", "this game's chat has " + std::to_string(max_messages_per_game) + " messages, the most it keeps"};
  }
  const auto key = std::to_string(account);
  if (const auto wait = burst_.take(key, now); wait > 0) {
    return refusal{"chat_too_fast", "too many messages: wait " + std::to_string(wait) + " s"};
  }
  if (const auto wait = hourly_.take(key, now); wait > 0) {
    return refusal{"chat_too_fast", "too many messages this hour: wait " + std::to_string(wait) + " s"};
  }
  text = std::move(std::get<std::string>(checked));
  ++count_;
  return std::nullopt;
}

void room_chat::stored(const chat_record& m) {
  recent_.push_front(m);
  ++window_rows_;
  if (recent_.size() > page_size) {
    recent_.pop_back();
    --window_rows_;
  }
}

void room_chat::deleted(std::int64_t id) {
  std::erase_if(recent_, [id](const chat_record& m) { return m.id == id; });
}

nlohmann::json room_chat::message_json(const game_record& g, const chat_record& m) const {
  const auto seat = seat_of(g, m.account);
  return {{"id", m.id},
          {"from", name_of_ ? name_of_(m.account) : std::string()},
          {"seat", seat == engine::no_player ? nlohmann::json(nullptr) : nlohmann::json(seat)},
          {"text", m.text},
          {"at", m.at}};
}

bool room_chat::wants(std::int64_t reader, const chat_record& m) const {
  return reader == 0 || !relations_ || !relations_->hides(reader, m.account);
}

std::string room_chat::first_page(const game_record& g, std::int64_t reader) const {
  auto messages = nlohmann::json::array();
  for (auto it = recent_.rbegin(); it != recent_.rend(); ++it) {
    if (wants(reader, *it)) messages.push_back(message_json(g, *it));
  }
  // Older messages exist when the game has rows older than the recent ones span; a deleted
  // message among those leaves the page without making older ones appear.
  const bool more = count_ > window_rows_;
  return history_text(g.id, messages, more);
}

std::string history_text(std::int64_t game, const nlohmann::json& messages, bool more,
                         std::optional<std::int64_t> before) {
  nlohmann::json j{{"type", "chat_history"}, {"game", game}, {"messages", messages}, {"more", more}};
  if (before) j["before"] = *before;
  return j.dump();
}

std::string history_error_text(std::int64_t game, std::optional<std::int64_t> before, const std::string& code,
                               const std::string& message) {
  nlohmann::json j{{"type", "chat_history"}, {"game", game}, {"error", {{"code", code}, {"message", message}}}};
  if (before) j["before"] = *before;
  return j.dump();
}

}  // namespace loyang::server::chat
