#include "operator_command.hpp"

#include <algorithm>
#include <cctype>
#include <future>
#include <iostream>

#include "loyang/server/config.hpp"
#include "cluster/id_source.hpp"
#include "loyang/persistence/error.hpp"
#include "loyang/persistence/pg_store.hpp"
#include "loyang/persistence/sqlite_store.hpp"

namespace loyang::server {
namespace {

std::string fold(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Waits for one write of the store.
std::string wait_for(const std::function<void(persistence::write_done)>& write) {
  std::promise<std::string> done;
  write([&done](const std::string& e) { done.set_value(e); });
  return done.get_future().get();
}

}  // namespace

std::string set_operator(const std::filesystem::path& data_dir, const std::string& name, bool on,
                         const std::string& database_url) {
  try {
    std::unique_ptr<persistence::queued_store> store;
    if (database_url.empty()) {
      store = persistence::make_sqlite_store(data_dir);
    } else {
      store = persistence::make_pg_store(database_url);
    }
    auto catalog = store->load_catalog();
    const auto it = std::find_if(catalog.accounts.begin(), catalog.accounts.end(),
                                 [&](const persistence::account_record& a) { return fold(a.name) == fold(name); });
    if (it == catalog.accounts.end()) return "no account is called " + name;
    if (it->operator_account == on) return it->name + (on ? " is an operator already" : " is not an operator");
    it->operator_account = on;
    // On a shared database, running nodes hold blocks of log ids: take one as they do.
    cluster::id_source ids(*store, "moderation");
    ids.start_after(catalog.max_moderation_id);
    const auto id = ids.next();
    if (id == 0) return "the database gave no id for the log entry";
    persistence::moderation_record log{id, 0, on ? "grant_operator" : "revoke_operator",
                                       it->id, 0, 0, 0, "loyang-server operator", 0};
    log.at = static_cast<std::int64_t>(std::time(nullptr));
    if (auto e = wait_for([&](persistence::write_done d) { store->save_standing(*it, log, std::move(d)); });
        !e.empty()) {
      return "the change could not be stored (" + e + ")";
    }
    store->stop();
    return "";
  } catch (const persistence::error& e) {
    return std::string(e.what()) + (database_url.empty() ? " (its server holds it: stop the server first, or let an operator grant "
                                                         "online with PUT /api/moderation/operators/" + name + ")"
                                                       : "");
  }
}

int operator_command(const std::vector<std::string>& args) {
  constexpr const char* usage =
      "usage: loyang-server operator grant|revoke NAME [--data DIR | --database postgresql://...]\n";
  std::filesystem::path data = process_env("LOYANG_DATA").value_or("data");
  std::string database = process_env("LOYANG_DATABASE").value_or("");
  std::vector<std::string> words;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--data" && i + 1 < args.size()) {
      data = args[++i];
    } else if (args[i].rfind("--data=", 0) == 0) {
      data = args[i].substr(7);
    } else if (args[i] == "--database" && i + 1 < args.size()) {
      database = args[++i];
    } else if (args[i].rfind("--database=", 0) == 0) {
      database = args[i].substr(11);
    } else {
      words.push_back(args[i]);
    }
  }
  if (words.size() != 2 || (words[0] != "grant" && words[0] != "revoke")) {
    std::cerr << usage;
    return 2;
  }
  const bool on = words[0] == "grant";
  if (const auto e = set_operator(data, words[1], on, database); !e.empty()) {
    std::cerr << "loyang-server operator: " << e << '\n';
    return 2;
  }
  std::cout << words[1] << (on ? " is now an operator\n" : " is no longer an operator\n");
  return 0;
}

}  // namespace loyang::server
