#include "loyang/persistence/data_dir_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <system_error>
#include <utility>

#include "loyang/persistence/error.hpp"

namespace loyang::persistence {

class data_dir_lock {
 public:
  explicit data_dir_lock(int fd) : fd_(fd) {}
  ~data_dir_lock() { ::close(fd_); }  // closing the last descriptor releases the flock
  data_dir_lock(const data_dir_lock&) = delete;
  data_dir_lock& operator=(const data_dir_lock&) = delete;

 private:
  int fd_;
};

namespace {

// flock conflicts between two descriptors of one process too: holders in this process
// share the lock they already have, found by the lock file's identity. A forked child
// inherits this table but is another process: it must lock for itself.
struct holder {
  pid_t pid = 0;
  std::weak_ptr<const data_dir_lock> lock;
};
std::mutex held_mutex;
std::map<std::pair<dev_t, ino_t>, holder> held;

std::string holder_pid(int fd) {
  char buffer[32] = {};
  const auto n = ::pread(fd, buffer, sizeof buffer - 1, 0);
  std::string text(buffer, n > 0 ? static_cast<std::size_t>(n) : 0);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text.empty() || text.find_first_not_of("0123456789") != std::string::npos ? "unknown"
                                                                                   : text;
}

[[noreturn]] void cannot_write(const std::filesystem::path& dir, int err) {
  throw error("data directory " + dir.string() + " cannot be written: " + std::strerror(err));
}

}  // namespace

std::shared_ptr<const data_dir_lock> lock_data_dir(const std::filesystem::path& data_dir) {
  std::error_code ec;
  std::filesystem::create_directories(data_dir, ec);
  if (ec) throw error("cannot create data directory " + data_dir.string() + ": " + ec.message());
  const auto file = data_dir / lock_file_name;
  const int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) cannot_write(data_dir, errno);
  auto lock = std::make_shared<const data_dir_lock>(fd);  // owns fd from here

  struct stat st {};
  if (::fstat(fd, &st) != 0) cannot_write(data_dir, errno);
  const std::pair key{st.st_dev, st.st_ino};
  std::lock_guard guard(held_mutex);
  const pid_t me = ::getpid();
  if (auto& h = held[key]; h.pid == me) {
    if (auto mine = h.lock.lock()) return mine;
  }
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if (errno != EWOULDBLOCK) cannot_write(data_dir, errno);
    throw error("data directory " + data_dir.string() + " is in use by another loyang-server (pid " +
                holder_pid(fd) + "); stop it first");
  }
  const std::string pid = std::to_string(me) + "\n";
  if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, pid.data(), pid.size(), 0) != ssize_t(pid.size())) {
    cannot_write(data_dir, errno);
  }
  held[key] = {me, lock};
  return lock;
}

}  // namespace loyang::persistence
