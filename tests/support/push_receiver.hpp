#pragma once
// Test support: tests/support/push_receiver.py `serve` as a child process (a Web Push service and
// the browsers behind it, which decrypts what it receives), for the tests of the push code and
// of notifications. It ends when the object goes (its standard input closes). Needs
// LOYANG_PUSH_RECEIVER, the script's path, and /usr/bin/python3 with python3-cryptography.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace loyang::test {

/// Whether /usr/bin/python3 can run the receiver (imports cryptography).
inline bool push_receiver_ready() {
  static const bool ready =
      std::system("/usr/bin/python3 -c 'import cryptography' >/dev/null 2>&1") == 0;
  return ready;
}

// push_receiver.py serve as a child process; it ends when its standard input closes.
class receiver_service {
 public:
  explicit receiver_service(const std::filesystem::path& state_file) {
    int in[2];
    int out[2];
    // O_CLOEXEC: curl, started by popen meanwhile, must not hold the receiver's standard input.
    REQUIRE(::pipe2(in, O_CLOEXEC) == 0);
    REQUIRE(::pipe2(out, O_CLOEXEC) == 0);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    const std::string state = state_file.string();
    std::vector<const char*> argv{"/usr/bin/python3", LOYANG_PUSH_RECEIVER, "serve", "--port", "0",
                                  "--state-file", state.c_str(), "--exit-with-stdin", nullptr};
    const int spawned =
        posix_spawn(&pid_, argv[0], &actions, nullptr, const_cast<char**>(argv.data()), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(in[0]);
    ::close(out[1]);
    stdin_ = in[1];
    stdout_ = out[0];
    REQUIRE(spawned == 0);
    // "READY <port>", within 20 s.
    std::string line;
    for (int waited = 0; line.find('\n') == std::string::npos && waited < 200; ++waited) {
      pollfd fd{stdout_, POLLIN, 0};
      if (::poll(&fd, 1, 100) > 0) {
        char c[256];
        const auto n = ::read(stdout_, c, sizeof c);
        if (n <= 0) break;
        line.append(c, static_cast<std::size_t>(n));
      }
    }
    INFO("push_receiver.py said: " << line);
    REQUIRE(line.starts_with("READY "));
    port = std::stoi(line.substr(6));
  }
  receiver_service(const receiver_service&) = delete;
  receiver_service& operator=(const receiver_service&) = delete;
  ~receiver_service() {
    ::close(stdin_);
    int status = 0;
    for (int i = 0; i < 100 && ::waitpid(pid_, &status, WNOHANG) == 0; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      if (i == 99) {
        ::kill(pid_, SIGTERM);
        ::waitpid(pid_, &status, 0);
      }
    }
    ::close(stdout_);
  }

  std::string origin() const { return "http://127.0.0.1:" + std::to_string(port); }

  int port = 0;

 private:
  pid_t pid_ = -1;
  int stdin_ = -1;
  int stdout_ = -1;
};

}  // namespace loyang::test
