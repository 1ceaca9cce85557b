#pragma once
// Internal: `loyang-server operator grant|revoke NAME [--data DIR | --database URL]`, how the
// first operator is made (later ones an operator can make online: PUT /api/moderation/operators).
// It opens the store itself: a SQLite directory is locked while its server runs (stop it, or
// grant online); a PostgreSQL database may have nodes running, which read the change back (the
// account's standing is stored apart from the rest of its row, so no node writes an older copy
// back over it).
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
