#include "loyang/protocol/server_message.hpp"

#include "json_text.hpp"
#include "loyang/protocol/error_envelope.hpp"
#include "loyang/protocol/version.hpp"

namespace loyang::protocol {
namespace {

// Strings from clients (ids, names) may hold invalid UTF-8: replace, never throw.
std::string dump(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

std::string welcome_text(std::int64_t account_id, std::string_view name, bool operator_account) {
  return dump({{"type", "welcome"},
               {"account", {{"id", account_id}, {"name", name}, {"operator", operator_account}}},
               {"protocol", protocol_version}});
}

std::string welcome_guest_text() {
  return dump({{"type", "welcome"}, {"account", nullptr}, {"protocol", protocol_version}});
}

std::string snapshot_text(std::int64_t game, std::uint32_t version, int seat,
                          const nlohmann::json& view, const nlohmann::json& last_seen) {
  nlohmann::json j{{"type", "snapshot"}, {"game", game}, {"version", version}};
  j["last_seen"] = last_seen;
  j["seat"] = seat < 0 ? nlohmann::json(nullptr) : nlohmann::json(seat);
  j["view"] = view;
  return dump(j);
}

std::string patch_text(std::int64_t game, std::uint32_t from, std::uint32_t to,
                       std::string_view ops_text, std::optional<std::string_view> answers) {
  // One allocation: a patch goes to every viewer after every command.
  std::string out;
  out.reserve(ops_text.size() + (answers ? answers->size() + 8 : 0) + 96);
  out += R"({"from":)";
  detail::append_integer(out, from);
  out += R"(,"game":)";
  detail::append_integer(out, game);
  if (answers) {
    out += R"(,"id":)";
    detail::append_quoted(out, *answers);
  }
  out += R"(,"ops":[)";
  out += ops_text;
  out += R"(],"to":)";
  detail::append_integer(out, to);
  out += R"(,"type":"patch"})";
  return out;
}

std::string result_ok_text(std::int64_t game, std::string_view id, std::uint32_t version) {
  return dump({{"type", "result"}, {"game", game}, {"id", id}, {"ok", true}, {"version", version}});
}

std::string result_error_text(std::int64_t game, std::string_view id, std::string_view code,
                              std::string_view message) {
  return dump({{"type", "result"},
               {"game", game},
               {"id", id},
               {"ok", false},
               {"error", {{"code", code}, {"message", message}}}});
}

std::string error_text_message(std::string_view id, std::string_view code,
                               std::string_view message) {
  nlohmann::json j{{"type", "error"}, {"error", {{"code", code}, {"message", message}}}};
  if (!id.empty()) j["id"] = id;
  return dump(j);
}

std::string subscribed_text(std::int64_t game, std::uint32_t version, int seat,
                            const nlohmann::json& last_seen) {
  nlohmann::json j{{"type", "subscribed"}, {"game", game}, {"version", version}};
  j["last_seen"] = last_seen;
  j["seat"] = seat < 0 ? nlohmann::json(nullptr) : nlohmann::json(seat);
  return dump(j);
}

std::string subscribe_error_text(std::int64_t game, std::string_view code,
                                 std::string_view message) {
  return dump({{"type", "error"}, {"game", game}, {"error", {{"code", code}, {"message", message}}}});
}

std::string table_text(std::int64_t game, std::uint32_t version, const nlohmann::json& table) {
  return dump({{"type", "table"}, {"game", game}, {"version", version}, {"table", table}});
}

std::string games_changed_text(const std::vector<std::int64_t>& games) {
  return dump({{"type", "games_changed"}, {"games", games}});
}

std::string open_games_changed_text() { return R"({"type":"open_games_changed"})"; }

std::string tournament_changed_text(std::int64_t tournament) {
  return nlohmann::json{{"type", "tournament_changed"}, {"id", tournament}}.dump();
}

std::string unsubscribed_text(std::int64_t game) {
  return dump({{"type", "unsubscribed"}, {"game", game}});
}

std::string pong_text() { return R"({"type":"pong"})"; }

}  // namespace loyang::protocol
