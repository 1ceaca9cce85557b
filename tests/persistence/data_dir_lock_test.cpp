// One process per data directory (data_dir_lock.hpp): another process is refused with a
// sentence naming the holder; holders within one process share the lock; the write probe.
#include <catch2/catch.hpp>

#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <string>

#include "loyang/persistence/data_dir_lock.hpp"
#include "loyang/persistence/database.hpp"
#include "loyang/persistence/migrations.hpp"
#include "temp_dir.hpp"

namespace persistence = loyang::persistence;
using loyang::test::temp_dir;

namespace {

// Runs `child` in a forked process; returns its exit status.
template <typename F>
int in_child(F child) {
  const pid_t pid = ::fork();
  if (pid == 0) ::_exit(child());
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// 0 when opening `dir` in another process is refused with the sentence naming `holder`,
// 1 when it opened, 2 when refused with another message.
int other_process_opens(const std::filesystem::path& dir, pid_t holder) {
  return in_child([&] {
    try {
      persistence::database::open_in(dir);
      return 1;
    } catch (const persistence::error& e) {
      const std::string expected = "data directory " + dir.string() +
                                   " is in use by another loyang-server (pid " +
                                   std::to_string(holder) + "); stop it first";
      return std::string(e.what()) == expected ? 0 : 2;
    }
  });
}

}  // namespace

TEST_CASE("a data directory is used by one process at a time", "[persistence][lock]") {
  temp_dir tmp;
  const auto dir = tmp.path() / "data";
  {
    auto db = persistence::database::open_in(dir);
    CHECK(other_process_opens(dir, ::getpid()) == 0);
    // The server's connection and its store's share the lock within the process.
    auto second = persistence::database::open_in(dir);
    CHECK(second.user_version() == persistence::latest_schema_version());
  }
  // Released with the last connection: another process may open the directory now.
  CHECK(other_process_opens(dir, ::getpid()) == 1);
}

TEST_CASE("the write probe leaves the database unchanged and fails on a full quota",
          "[persistence][lock]") {
  temp_dir tmp;
  auto db = persistence::database::open_in(tmp.path());
  auto count = [&] {
    auto s = db.prepare("PRAGMA page_count");
    REQUIRE(s.step());
    return s.column_int64(0);
  };
  const auto pages = count();
  db.probe_write();
  CHECK(count() == pages);
  db.exec("PRAGMA max_page_count = " + std::to_string(pages));
  try {
    db.probe_write();
    FAIL("the probe passed on a full database");
  } catch (const persistence::error& e) {
    CHECK((e.sqlite_code() & 0xff) == SQLITE_FULL);
  }
  CHECK(sqlite3_get_autocommit(db.handle()) != 0);  // no transaction left open
}
