// The social room's routes (service.hpp): relations listed and changed.
#include "service.hpp"

#include <algorithm>

#include "../core/api_errors.hpp"

namespace loyang::server::social {
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

service::service(storage& store, std::shared_ptr<class accounts> accounts, std::shared_ptr<relations> table)
    : store_(store), accounts_(std::move(accounts)), table_(std::move(table)) {}

void service::relations_of(identity who, reply_fn reply) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto k : {persistence::relation_kind::friend_of, persistence::relation_kind::mute,
                       persistence::relation_kind::block}) {
    auto names = nlohmann::json::array();
    for (const auto id : table_->list(who.id, k)) names.push_back(accounts_->name_of(id));
    std::sort(names.begin(), names.end());
    out[plural(k)] = names;
  }
  reply({http::status::ok, out});
}

void service::set_relation(identity who, persistence::relation_kind kind, const std::string& name, bool on,
                           reply_fn reply) {
  const auto other = accounts_->id_of(name);
  if (!other) return reply(no_such_player_reply());
  if (*other == who.id) {
    return reply(api_error(http::status::bad_request, "bad_request", "that is your own account"));
  }
  if (on && !table_->has(who.id, *other, kind) && table_->count(who.id, kind) >= social::relations::max_per_kind) {
    return reply(api_error(http::status::conflict, "too_many",
                           "you keep " + std::to_string(social::relations::max_per_kind) + " already; remove one first"));
  }
  const persistence::relation_record r{who.id, *other, kind, accounts_->now()};
  store_.save_relation(r, on, [self = shared_from_this(), r, on, who, reply = std::move(reply)](const std::string& e) {
    if (!e.empty()) return reply(storage_reply(e, "the change"));
    self->table_->set(r, on);
    self->relations_of(who, reply);
  });
}

}  // namespace loyang::server::social
