// The lobby's HTTP endpoints (lobby_routes.hpp).
#include "routes.hpp"

#include <algorithm>

#include "../games/paging.hpp"
#include "lobby.hpp"
#include "../routes/query.hpp"

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

}

}  // namespace loyang::server
