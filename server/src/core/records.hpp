#pragma once
// Internal: the persistence layer's records and store, under the names the server uses.
#include "loyang/persistence/records.hpp"
#include "loyang/persistence/store.hpp"

namespace loyang::server {

using persistence::account_record;
using persistence::command_record;
using persistence::delivery;
using persistence::outbox_record;
using persistence::game_record;
using persistence::game_status;
using persistence::loaded_game;
using persistence::seat_record;
using persistence::status_name;
using persistence::vacation_record;
using persistence::watch_name;
using persistence::watch_policy;
using persistence::write_done;
using storage = persistence::store;

}  // namespace loyang::server
