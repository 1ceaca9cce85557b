#pragma once
// What the test servers send, written down for tests/protocol's schema checks when the
// environment names a directory (LOYANG_TEST_TRACE=DIR; the ctest server_traffic_schemas sets
// it): every WebSocket text a ws_client receives, to DIR/ws-PID.jsonl as schema_check.py's
// `traffic` reads it, and every HTTP answer with a JSON body, to DIR/http-PID.jsonl as
// openapi_check.py's `http --answers-only` reads it. Only the server's side: the tests send
// malformed messages on purpose, and their refusals are what is checked.
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <string>

namespace loyang::test::trace {

struct files {
  std::mutex lock;
  std::ofstream ws;
  std::ofstream http;
  bool on = false;

  files() {
    const char* dir = std::getenv("LOYANG_TEST_TRACE");
    if (dir == nullptr || *dir == '\0') return;
    const auto pid = std::to_string(::getpid());
    ws.open(std::string(dir) + "/ws-" + pid + ".jsonl", std::ios::app);
    http.open(std::string(dir) + "/http-" + pid + ".jsonl", std::ios::app);
    on = ws.good() && http.good();
  }
};

inline files& trace_files() {
  static files f;
  return f;
}

/// A name for a new connection, unique among the test processes.
inline std::string next_connection() {
  static std::atomic<int> n{0};
  return std::to_string(::getpid()) + "-" + std::to_string(++n);
}

/// A text the server sent on connection `conn`.
inline void ws_received(const std::string& conn, const std::string& text) {
  auto& f = trace_files();
  if (!f.on) return;
  const auto msg = nlohmann::json::parse(text, nullptr, false);
  nlohmann::json line{{"dir", "out"}, {"conn", conn}};
  if (msg.is_discarded()) {
    line["raw"] = text;
  } else {
    line["msg"] = msg;
  }
  std::lock_guard<std::mutex> hold(f.lock);
  f.ws << line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n' << std::flush;
}

/// An HTTP answer: `method` and `target` as asked, the answer's status and body text.
inline void http_answered(const std::string& method, const std::string& target, int status,
                          const std::string& content_type, const std::string& body) {
  auto& f = trace_files();
  if (!f.on || method == "HEAD") return;  // a HEAD answer has no body to check
  nlohmann::json response;
  if (body.empty()) {
    response = nullptr;
  } else if (content_type.rfind("application/json", 0) == 0) {
    response = nlohmann::json::parse(body, nullptr, false);
    if (response.is_discarded()) response = body;  // not JSON: the check reports it
  } else if (content_type.rfind("text/plain", 0) == 0) {
    response = body;
  } else {
    return;  // static files
  }
  nlohmann::json line{{"method", method}, {"path", target}, {"status", status}, {"request", nullptr},
                      {"response", response}};
  std::lock_guard<std::mutex> hold(f.lock);
  f.http << line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n' << std::flush;
}

}  // namespace loyang::test::trace
