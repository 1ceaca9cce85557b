// The lobby's side of friends, mutes and blocks: the endpoints that keep them, and the games
// of one's friends. A relation is kept in memory once stored (never before: nothing answered
// as done is lost).
#include <boost/asio/post.hpp>

#include <algorithm>
#include <tuple>

#include "../api_errors.hpp"
#include "../games/visibility.hpp"
#include "../lobby.hpp"

namespace loyang::server {
namespace {

const char* plural(persistence::relation_kind k) {
  switch (k) {
    case persistence::relation_kind::friend_of: return "friends";
    case persistence::relation_kind::mute: return "muted";
    case persistence::relation_kind::block: return "blocked";
  }
  return "friends";
}

}  // namespace

void lobby::relations_of(identity who, reply_fn reply) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto k : {persistence::relation_kind::friend_of, persistence::relation_kind::mute,
                       persistence::relation_kind::block}) {
    auto names = nlohmann::json::array();
    for (const auto id : relations_->list(who.id, k)) names.push_back(accounts_->name_of(id));
    std::sort(names.begin(), names.end());
    out[plural(k)] = names;
  }
  reply({http::status::ok, out});
}

void lobby::set_relation(identity who, persistence::relation_kind kind, const std::string& name, bool on,
                         reply_fn reply) {
  const auto other = accounts_->id_of(name);
  if (!other) return reply(no_such_player_reply());
  if (*other == who.id) {
    return reply(api_error(http::status::bad_request, "bad_request", "that is your own account"));
  }
  if (on && !relations_->has(who.id, *other, kind) && relations_->count(who.id, kind) >= social::relations::max_per_kind) {
    return reply(api_error(http::status::conflict, "too_many",
                           "you keep " + std::to_string(social::relations::max_per_kind) + " already; remove one first"));
  }
  const persistence::relation_record r{who.id, *other, kind, accounts_->now()};
  store_.save_relation(r, on, [self = shared_from_this(), r, on, who, reply = std::move(reply)](const std::string& e) {
    if (!e.empty()) return reply(storage_reply(e, "the change"));
    self->relations_->set(r, on);
    self->relations_of(who, reply);
  });
}

void lobby::friends_games(identity who, reply_fn reply) {
  net::post(strand_, [self = shared_from_this(), who, reply = std::move(reply)] {
    const auto friends = self->relations_->list(who.id, persistence::relation_kind::friend_of);
    const auto befriended = [&](const game_record& g) {
      return std::any_of(g.seats.begin(), g.seats.end(), [&](const seat_record& s) {
        return s.account_id != 0 && std::binary_search(friends.begin(), friends.end(), s.account_id);
      });
    };
    const games::asker me{who.id, who.name};
    auto open = nlohmann::json::array(), playing = nlohmann::json::array();
    constexpr std::size_t most = 50;
    // Newest first: the games a friend just made or moved in are the ones worth a look (by
    // creation time, then id: keyed ids are not in the order games were made).
    std::vector<const game_record*> theirs;
    for (const auto& [id, g] : self->games_) {
      if ((g.status == game_status::open || g.status == game_status::active) && games::may_see(g, me) &&
          befriended(g)) {
        theirs.push_back(&g);
      }
    }
    std::sort(theirs.begin(), theirs.end(), [](const game_record* a, const game_record* b) {
      return std::tie(a->created_at, a->id) > std::tie(b->created_at, b->id);
    });
    for (const auto* found : theirs) {
      const auto& g = *found;
      if (g.status == game_status::open && open.size() < most) open.push_back(self->summary(g));
      if (g.status == game_status::active && playing.size() < most && g.watch == watch_policy::everyone) {
        playing.push_back(self->summary(g));
      }
    }
    reply({http::status::ok, {{"open", open}, {"playing", playing}}});
  });
}

}  // namespace loyang::server
