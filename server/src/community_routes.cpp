#include "community_routes.hpp"

#include <charconv>
#include <string_view>

#include "api_errors.hpp"
#include "chat/room_chat.hpp"
#include "chat/service.hpp"
#include "daily/service.hpp"
#include "lobby.hpp"
#include "moderation/service.hpp"
#include "path_parts.hpp"
#include "ratings/rating_service.hpp"
#include "social/service.hpp"

namespace loyang::server {
namespace {

std::optional<std::int64_t> number(std::string_view text, bool zero_allowed = false) {
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v < 0 || (v == 0 && !zero_allowed)) return std::nullopt;
  return v;
}

/// A query's integer parameters: each of `allowed` with a positive value, or zero for those in
/// `from_zero` (an offset, a yes/no). Anything else in the query, or a bad number, is an error.
struct query_numbers {
  std::optional<std::string> error;
  std::map<std::string, std::int64_t, std::less<>> values;
};

query_numbers read_query(std::string_view query, std::initializer_list<std::string_view> allowed,
                         std::initializer_list<std::string_view> from_zero = {}) {
  query_numbers out;
  while (!query.empty()) {
    const auto amp = query.find('&');
    const auto pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (pair.empty()) continue;
    const auto eq = pair.find('=');
    const auto key = pair.substr(0, eq);
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      out.error = "unknown query parameter \"";
      out.error->append(key).append("\"");
      return out;
    }
    const bool zero = std::find(from_zero.begin(), from_zero.end(), key) != from_zero.end();
    const auto v = eq == std::string_view::npos ? std::nullopt : number(pair.substr(eq + 1), zero);
    if (!v) {
      const std::string_view rule = zero ? "\" must be a whole number, 0 or more" : "\" must be a positive whole number";
      out.error.emplace(1, '"');
      out.error->append(key).append(rule);
      return out;
    }
    out.values[std::string(key)] = *v;
  }
  return out;
}

void bad_query(const community_request& r, const std::string& why) {
  r.reply(api_error(http::status::bad_request, "bad_query", why));
}

bool get_method(http::verb m) { return m == http::verb::get || m == http::verb::head; }

// Names in a path are at most 24 of [A-Za-z0-9_.-]: no decoding needed.
std::string name_in(std::string_view part) { return std::string(part); }

}  // namespace

bool route_community_public(lobby& games, rating_service& ratings, chat::service& chat_room,
                            const std::optional<identity>& who, const community_request& r) {
  if (r.path == "/api/games/live") {
    if (!get_method(r.method)) return r.method_error("GET, HEAD"), true;
    const auto q = read_query(r.query, {"limit"});
    if (q.error) return bad_query(r, *q.error), true;
    const auto limit = q.values.count("limit") ? std::min<std::int64_t>(q.values.at("limit"), 100) : 50;
    games.live_games(who, std::size_t(limit), r.reply);
    return true;
  }
  if (r.path == "/api/leaderboard") {
    if (!get_method(r.method)) return r.method_error("GET, HEAD"), true;
    const auto q = read_query(r.query, {"offset", "limit"}, {"offset"});
    if (q.error) return bad_query(r, *q.error), true;
    const auto limit = q.values.count("limit") ? std::min<std::int64_t>(q.values.at("limit"), 100) : 50;
    ratings.leaderboard(q.values.count("offset") ? std::size_t(q.values.at("offset")) : 0, std::size_t(limit), r.reply);
    return true;
  }
  if (const auto p = parts_after(r.path, "/api/players/"); !p.empty() && p.size() <= 2) {
    if (p.size() == 2 && p[1] != "ratings") return false;
    if (!get_method(r.method)) return r.method_error("GET, HEAD"), true;
    if (p.size() == 2) return ratings.rating_history(who, name_in(p[0]), r.reply), true;
    ratings.profile(who, name_in(p[0]), r.reply);
    return true;
  }
  const auto parts = parts_after(r.path, "/api/games/");
  if (parts.size() == 2 && parts[1] == "chat") {
    const auto game = number(parts[0]);
    if (!game) return false;
    if (!get_method(r.method)) return r.method_error("GET, HEAD"), true;
    const auto q = read_query(r.query, {"before", "limit"});
    if (q.error) return bad_query(r, *q.error), true;
    const auto limit = q.values.count("limit") ? std::min<std::int64_t>(q.values.at("limit"), 100) : std::int64_t(chat::page_size);
    chat_room.chat_page(who, *game, q.values.count("before") ? q.values.at("before") : 0, std::size_t(limit), r.reply);
    return true;
  }
  return false;
}

bool route_community(lobby& games, social::service& social, chat::service& chat_room,
                     moderation::service& moderation, daily::service& daily, const identity& who,
                     const community_request& r) {
  const auto& path = r.path;
  const auto m = r.method;
  if (path == "/api/account/relations") {
    if (!get_method(m)) return r.method_error("GET, HEAD"), true;
    social.relations_of(who, r.reply);
    return true;
  }
  if (const auto p = parts_after(path, "/api/account/"); p.size() == 2 && (p[0] == "friends" || p[0] == "mutes" || p[0] == "blocks")) {
    const auto kind = p[0] == "friends" ? persistence::relation_kind::friend_of
                      : p[0] == "mutes" ? persistence::relation_kind::mute
                                        : persistence::relation_kind::block;
    if (m != http::verb::put && m != http::verb::delete_) return r.method_error("PUT, DELETE"), true;
    social.set_relation(who, kind, name_in(p[1]), m == http::verb::put, r.reply);
    return true;
  }
  if (path == "/api/daily") {
    if (get_method(m)) return daily.today(who, r.reply), true;
    if (m == http::verb::post) return daily.start_game(who, r.reply), true;
    return r.method_error("GET, HEAD, POST"), true;
  }
  if (path == "/api/daily/leaderboard") {
    if (!get_method(m)) return r.method_error("GET, HEAD"), true;
    std::string date;
    if (!r.query.empty()) {
      if (r.query.rfind("date=", 0) != 0 || r.query.find('&') != std::string::npos) {
        return bad_query(r, "the only query parameter is \"date\""), true;
      }
      date = r.query.substr(5);
    }
    daily.board(who, date, r.reply);
    return true;
  }
  if (path == "/api/friends/games") {
    if (!get_method(m)) return r.method_error("GET, HEAD"), true;
    games.friends_games(who, r.reply);
    return true;
  }
  if (path == "/api/reports") {
    if (m != http::verb::post) return r.method_error("POST"), true;
    moderation.report(who, r.body, r.reply);
    return true;
  }
  if (path == "/api/moderation/reports") {
    if (!get_method(m)) return r.method_error("GET, HEAD"), true;
    const auto q = read_query(r.query, {"open", "before"}, {"open"});
    if (q.error) return bad_query(r, *q.error), true;
    moderation.list_reports(who, q.values.count("open") > 0 && q.values.at("open") > 0, q.values.count("before") ? q.values.at("before") : 0, r.reply);
    return true;
  }
  if (path == "/api/moderation/log") {
    if (!get_method(m)) return r.method_error("GET, HEAD"), true;
    const auto q = read_query(r.query, {"before"});
    if (q.error) return bad_query(r, *q.error), true;
    moderation.moderation_log(who, q.values.count("before") ? q.values.at("before") : 0, r.reply);
    return true;
  }
  if (const auto p = parts_after(path, "/api/moderation/reports/"); p.size() == 2 && p[1] == "close") {
    const auto id = number(p[0]);
    if (!id) return false;
    if (m != http::verb::post) return r.method_error("POST"), true;
    moderation.close_report(who, *id, r.body, r.reply);
    return true;
  }
  if (const auto p = parts_after(path, "/api/moderation/bans/"); p.size() == 1) {
    if (m != http::verb::put && m != http::verb::delete_) return r.method_error("PUT, DELETE"), true;
    moderation.ban(who, name_in(p[0]), r.body, m == http::verb::put, r.reply);
    return true;
  }
  const auto p = parts_after(path, "/api/games/");
  const auto game = p.empty() ? std::nullopt : number(p[0]);
  if (!game) return false;
  if (p.size() == 2 && p[1] == "notes") {
    if (get_method(m)) return chat_room.get_notes(who, *game, r.reply), true;
    if (m == http::verb::put) return chat_room.put_notes(who, *game, r.body, r.reply), true;
    return r.method_error("GET, HEAD, PUT"), true;
  }
  if (p.size() == 2 && (p[1] == "rematch" || p[1] == "decline" || p[1] == "cancel")) {
    if (m != http::verb::post) return r.method_error("POST"), true;
    if (p[1] == "rematch") return games.rematch(who, *game, r.reply), true;
    if (p[1] == "decline") return games.decline(who, *game, r.reply), true;
    return moderation.cancel_game(who, *game, r.body, r.reply), true;
  }
  if (p.size() == 3 && p[1] == "chat") {
    const auto message = number(p[2]);
    if (!message) return false;
    if (m != http::verb::delete_) return r.method_error("DELETE"), true;
    moderation.delete_message(who, *game, *message, r.reply);
    return true;
  }
  return false;
}

}  // namespace loyang::server
