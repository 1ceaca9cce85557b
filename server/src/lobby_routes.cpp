// The lobby's HTTP endpoints (lobby_routes.hpp).
#include "lobby_routes.hpp"

#include <algorithm>

#include "games/paging.hpp"
#include "lobby.hpp"
#include "routes/query.hpp"

namespace loyang::server {
namespace {

/// The page a list's query asks for (games/paging.hpp); else answers 400 and gives nullopt.
std::optional<games::page_request> page_of(routes::call& c, games::list_kind list) {
  auto page = games::parse_page_query(c.query, list);
  if (!page) {
    c.bad_request(page.error().code, page.error().message);
    return std::nullopt;
  }
  return page.value();
}

}  // namespace

void add_lobby_routes(routes::table& table, std::shared_ptr<lobby> games) {
  using routes::access;
  using routes::call;
  constexpr auto get = http::verb::get;
  constexpr auto post = http::verb::post;
  // Games and seats.
  table.add("/api/games", access::account, get, [games](call& c) {
    if (const auto page = page_of(c, games::list_kind::open)) games->list_open(*c.who, *page, c.reply);
  });
  table.add("/api/games", access::account, post,
            [games](call& c) { games->create_game(*c.who, std::move(c.body), c.reply); });
  table.add("/api/my/games", access::account, get, [games](call& c) {
    if (const auto page = page_of(c, games::list_kind::mine)) games->my_games(*c.who, *page, c.reply);
  });
  table.add("/api/games/{id}", access::account, get, [games](call& c) { games->game_summary(*c.who, c.ids[0], c.reply); });
  table.add("/api/games/{id}/join", access::account, post,
            [games](call& c) { games->join(*c.who, c.ids[0], std::move(c.body), c.reply); });
  table.add("/api/games/{id}/leave", access::account, post, [games](call& c) { games->leave(*c.who, c.ids[0], c.reply); });
  table.add("/api/games/{id}/rematch", access::account, post,
            [games](call& c) { games->rematch(*c.who, c.ids[0], c.reply); });
  table.add("/api/games/{id}/decline", access::account, post,
            [games](call& c) { games->decline(*c.who, c.ids[0], c.reply); });
  table.add("/api/games/live", access::guest, get, [games](call& c) {
    const auto q = routes::read_query(c.query, {"limit"});
    if (q.error) return c.bad_query(*q.error);
    games->live_games(c.who, std::size_t(std::min<std::int64_t>(q.get("limit", 50), 100)), c.reply);
  });
  table.add("/api/friends/games", access::account, get, [games](call& c) { games->friends_games(*c.who, c.reply); });

  // History: guests read what they may watch.
  table.add("/api/games/{id}/history", access::guest, get,
            [games](call& c) { games->history(c.who, c.ids[0], c.query, c.client, c.reply); });
  table.add("/api/games/{id}/record", access::guest, get,
            [games](call& c) { games->record(c.who, c.ids[0], c.client, c.reply); });

  // The daily challenge.
  table.add("/api/daily", access::account, get, [games](call& c) { games->daily(*c.who, c.reply); });
  table.add("/api/daily", access::account, post, [games](call& c) { games->start_daily(*c.who, c.reply); });
  table.add("/api/daily/leaderboard", access::account, get, [games](call& c) {
    std::string date;
    if (!c.query.empty()) {
      if (c.query.rfind("date=", 0) != 0 || c.query.find('&') != std::string::npos) {
        return c.bad_query("the only query parameter is \"date\"");
      }
      date = c.query.substr(5);
    }
    games->daily_board(*c.who, date, c.reply);
  });

  // Moderation.
  table.add("/api/reports", access::account, post, [games](call& c) { games->report(*c.who, c.body, c.reply); });
  table.add("/api/moderation/reports", access::account, get, [games](call& c) {
    const auto q = routes::read_query(c.query, {"open", "before"}, {"open"});
    if (q.error) return c.bad_query(*q.error);
    games->list_reports(*c.who, q.get("open", 0) > 0, q.get("before", 0), c.reply);
  });
  table.add("/api/moderation/log", access::account, get, [games](call& c) {
    const auto q = routes::read_query(c.query, {"before"});
    if (q.error) return c.bad_query(*q.error);
    games->moderation_log(*c.who, q.get("before", 0), c.reply);
  });
  table.add("/api/moderation/reports/{id}/close", access::account, post,
            [games](call& c) { games->close_report(*c.who, c.ids[0], c.body, c.reply); });
  for (const bool on : {true, false}) {
    table.add("/api/moderation/bans/{name}", access::account, on ? http::verb::put : http::verb::delete_,
              [games, on](call& c) { games->ban(*c.who, c.names[0], c.body, on, c.reply); });
  }
  table.add("/api/games/{id}/cancel", access::account, post,
            [games](call& c) { games->cancel_game(*c.who, c.ids[0], c.body, c.reply); });
  table.add("/api/games/{id}/chat/{id}", access::account, http::verb::delete_,
            [games](call& c) { games->delete_message(*c.who, c.ids[0], c.ids[1], c.reply); });
}

}  // namespace loyang::server
