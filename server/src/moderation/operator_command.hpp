#pragma once
// Internal: `loyang-server operator grant|revoke NAME [--data DIR | --database URL]`, the only
// way to make an account an operator (no endpoint can). It opens the store itself, so the
// server must be stopped (a SQLite directory's lock says so otherwise; on PostgreSQL nothing
// does: a running server would write its own copy of the account back).
#include <filesystem>
#include <string>
#include <vector>

namespace loyang::server {

/// Grants (`on`) or revokes the operator right of the account called `name` (any case) in
/// `data_dir`, or in the PostgreSQL database `database_url` when it is not empty, and logs it
/// in the moderation log (moderator: the command line). Returns "" on success, else a
/// sentence: no such account, already (not) an operator, or the store's error (e.g. the
/// directory is in use by a running server).
std::string set_operator(const std::filesystem::path& data_dir, const std::string& name, bool on,
                         const std::string& database_url = "");

/// The command's main: `args` after "operator". Prints what it did; returns the exit code
/// (0, or 2 for bad usage or a failure).
int operator_command(const std::vector<std::string>& args);

}  // namespace loyang::server
