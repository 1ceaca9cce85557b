#pragma once
// Test support: tests/support/notify_sink.py as a child process (a real SMTP server and a
// webhook receiver), and what it received.
#include <nlohmann/json.hpp>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "temp_dir.hpp"

extern char** environ;

namespace loyang::test {

class notify_sink {
 public:
  /// `extra`: notify_sink.py's options (--tls CERT KEY, --login USER PASSWORD).
  explicit notify_sink(const std::vector<std::string>& extra = {}) {
    int fds[2];
    if (::pipe(fds) != 0) throw std::runtime_error("pipe");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[0], 0);
    posix_spawn_file_actions_addclose(&actions, fds[1]);
    const std::string dir = dir_.path().string();
    std::vector<const char*> argv{"/usr/bin/python3", LOYANG_NOTIFY_SINK, dir.c_str()};
    for (const auto& e : extra) argv.push_back(e.c_str());
    argv.push_back(nullptr);
    if (posix_spawn(&pid_, argv[0], &actions, nullptr, const_cast<char**>(argv.data()), environ) != 0) {
      throw std::runtime_error("cannot start notify_sink.py");
    }
    posix_spawn_file_actions_destroy(&actions);
    ::close(fds[0]);
    stdin_ = fds[1];
    for (int i = 0; i < 200 && !std::filesystem::exists(dir_.path() / "ports.json"); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    std::ifstream in(dir_.path() / "ports.json");
    const auto ports = nlohmann::json::parse(in);
    smtp_port = ports["smtp"];
    http_port = ports["http"];
  }
  notify_sink(const notify_sink&) = delete;
  notify_sink& operator=(const notify_sink&) = delete;
  ~notify_sink() {
    ::close(stdin_);  // it exits when its standard input closes
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }

  /// The webhook receiver answers 503 (down) or 500 (broken) while set.
  void set_down(bool down) { flag("down", down); }
  void set_broken(bool broken) { flag("broken", broken); }

  /// Every mail received so far, as its raw text, in arrival order.
  std::vector<std::string> mails() const { return read_all("mail-", ".eml"); }
  /// Every webhook received so far: {"path", "headers", "body"}.
  std::vector<nlohmann::json> hooks() const {
    std::vector<nlohmann::json> out;
    for (const auto& t : read_all("hook-", ".json")) out.push_back(nlohmann::json::parse(t));
    return out;
  }

  int smtp_port = 0;
  int http_port = 0;

 private:
  void flag(const char* name, bool on) {
    if (on) {
      std::ofstream(dir_.path() / name) << "1";
    } else {
      std::filesystem::remove(dir_.path() / name);
    }
  }
  std::vector<std::string> read_all(const std::string& prefix, const std::string& suffix) const {
    std::vector<std::string> out;
    for (int n = 1;; ++n) {
      const auto file = dir_.path() / (prefix + std::to_string(n) + suffix);
      if (!std::filesystem::exists(file)) break;
      std::ifstream in(file, std::ios::binary);
      std::stringstream text;
      text << in.rdbuf();
      out.push_back(text.str());
    }
    return out;
  }

  temp_dir dir_;
  pid_t pid_ = 0;
  int stdin_ = -1;
};

/// A mail's header field (the first), or "".
inline std::string header(const std::string& mail, const std::string& name) {
  std::istringstream in(mail);
  std::string line;
  while (std::getline(in, line) && line != "\r" && !line.empty()) {
    if (line.rfind(name + ": ", 0) == 0) {
      auto v = line.substr(name.size() + 2);
      if (!v.empty() && v.back() == '\r') v.pop_back();
      return v;
    }
  }
  return "";
}

/// The body of a mail's part of `type` ("text/plain", "text/html"): of a multipart/alternative
/// mail, that part's, checking the structure (RFC 2046); of a single-part mail of that type, its
/// body; else "".
inline std::string body_part(const std::string& mail, const std::string& type) {
  const auto body_at = mail.find("\r\n\r\n");
  if (body_at == std::string::npos) return "";
  const auto content_type = header(mail, "Content-Type");
  if (content_type.rfind(type + ";", 0) == 0) return mail.substr(body_at + 4);
  const std::string marker = "multipart/alternative; boundary=\"";
  if (content_type.rfind(marker, 0) != 0) return "";
  const auto boundary = "--" + content_type.substr(marker.size(), content_type.size() - marker.size() - 1);
  const auto head = boundary + "\r\nContent-Type: " + type + "; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n";
  const auto start = mail.find(head, body_at);
  if (start == std::string::npos) return "";
  const auto end = mail.find("\r\n" + boundary, start + head.size());
  if (end == std::string::npos) return "";
  // The line break before the boundary is the boundary's (RFC 2046, 5.1.1).
  return mail.substr(start + head.size(), end - start - head.size());
}

/// The mails to `to` received so far, in arrival order.
inline std::vector<std::string> mails_to(const notify_sink& sink, const std::string& to) {
  std::vector<std::string> out;
  for (const auto& m : sink.mails()) {
    if (header(m, "To") == "<" + to + ">") out.push_back(m);
  }
  return out;
}

/// Whether one of `mails` has a subject containing `part`.
inline bool has_subject(const std::vector<std::string>& mails, const std::string& part) {
  return std::any_of(mails.begin(), mails.end(),
                     [&](const std::string& m) { return header(m, "Subject").find(part) != std::string::npos; });
}

}  // namespace loyang::test
