#pragma once
// Internal: the accounts' HTTP endpoints (sign-up, login, logout, a new password), added to
// the route table by the composition root.
#include <memory>

#include "../routes/table.hpp"

namespace loyang::server {

class accounts;

/// POST /api/accounts, POST and DELETE /api/sessions, POST /api/account/password.
void add_account_routes(routes::table& table, std::shared_ptr<accounts> users);

}  // namespace loyang::server
