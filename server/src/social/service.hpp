#pragma once
// Internal: the social room's routes: an account's friends, mutes and blocks, listed and
// changed (GET /api/account/relations, PUT and DELETE /api/account/{friends,mutes,blocks}/{name}).
// A relation is kept in memory once stored (never before: nothing answered as done is lost).
// The table (relations.hpp) is shared: the lobby reads it to refuse a blocked player's
// invitation or seat, the rooms' chat to hide the muted. It is thread-safe by its own lock, so
// this room needs no strand.
#include <memory>
#include <string>

#include "../accounts/accounts.hpp"
#include "../core/api_reply.hpp"
#include "../core/records.hpp"
#include "relations.hpp"

namespace loyang::server::social {

class service : public std::enable_shared_from_this<service> {
 public:
  service(storage& store, std::shared_ptr<class accounts> accounts, std::shared_ptr<relations> table);

  /// GET /api/account/relations: {"friends": [...], "muted": [...], "blocked": [...]} (names,
  /// sorted). Any thread.
  void relations_of(identity who, reply_fn reply);
  /// PUT (`on`) or DELETE /api/account/{friends,mutes,blocks}/{name}: stored, then answered as
  /// relations_of. 404 no_such_player; 400 bad_request (oneself); 409 too_many (over
  /// relations::max_per_kind); 503 a storage code. Any thread.
  void set_relation(identity who, persistence::relation_kind kind, const std::string& name, bool on, reply_fn reply);

 private:
  storage& store_;
  std::shared_ptr<class accounts> accounts_;
  std::shared_ptr<relations> table_;
};

}  // namespace loyang::server::social
