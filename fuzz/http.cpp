// libFuzzer target: HTTP request handling. The bytes are read as a connection's bytes, by
// Beast's request parser with the server's body limit, one request after another (up to 8);
// each request goes to the server's handle_request with a real shared_state and lobby on a
// memory store, fresh for every input, and the io_context is run until it is answered.
// Before the requests the harness creates an account and logs in; a request whose
// Authorization header is "Bearer TOKEN" gets that session's real token, so the fuzzer reaches
// the routes behind a login (seeds in corpus/http use it). There is also an operator,
// "warden", whose token is "OPERATOR" itself ("Authorization: Bearer OPERATOR"), so the
// moderation routes are reached beyond their 403 not_operator.
// Properties: nothing crashes or leaks; every request gets exactly one answer; the answer is a
// well-formed HTTP response with a known status other than 500 (a bug on the server's side),
// JSON bodies are JSON, and no body ever carries the file a symlink in the web root points
// to outside it. With LOYANG_FUZZ_HTTP_TRACE set, replaying an input prints each answer's
// status and the start of its body (to see which routes a seed reaches).
#include <boost/asio/io_context.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <unistd.h>

#include "assemble.hpp"
#include "accounts/auth.hpp"
#include "fuzz_support.hpp"
#include "handle_request.hpp"
#include "http_session.hpp"
#include "lobby/lobby.hpp"
#include "loyang/persistence/store.hpp"

using namespace loyang;
using namespace loyang::server;
namespace fs = std::filesystem;

namespace {

constexpr std::string_view secret = "fuzz-secret-outside-the-web-root";

/// A web root with a page, a folder and a symlink to a file outside it; made once per process.
const fs::path& web_root() {
  // Never destroyed: the atexit clean-up below runs after static destructors of objects made
  // before it was registered, this one included.
  static const fs::path& root = *new fs::path([] {
    const fs::path base = fs::temp_directory_path() / ("loyang-fuzz-http-" + std::to_string(::getpid()));
    fs::create_directories(base / "web" / "js");
    std::ofstream(base / "web" / "index.html") << "<!doctype html><title>Loyang</title>";
    std::ofstream(base / "web" / "js" / "app.js") << "console.log('loyang');";
    std::ofstream(base / "outside.txt") << secret;
    std::error_code ec;
    fs::create_symlink(base / "outside.txt", base / "web" / "leak.txt", ec);
    fs::create_directory_symlink(base, base / "web" / "up", ec);
    std::atexit([] { std::error_code ignored; fs::remove_all(web_root().parent_path(), ignored); });
    return base / "web";
  }());
  return root;
}

/// Runs the io_context until `done` holds; a request that is never answered hangs here and
/// libFuzzer reports the timeout.
template <class Done>
void run_until(net::io_context& ioc, Done done) {
  while (!done()) {
    if (ioc.stopped()) ioc.restart();
    ioc.run_one_for(std::chrono::milliseconds(20));
  }
}

const bool trace = std::getenv("LOYANG_FUZZ_HTTP_TRACE") != nullptr;

/// Serialises an answer as the session would write it, and checks it reads back.
void check_answer(http::message_generator msg, bool head, bool asked_for_secret) {
  std::string wire;
  beast::error_code ec;
  while (!msg.is_done()) {
    const auto buffers = msg.prepare(ec);
    fuzz::require(!ec, "serialising a response failed: " + ec.message());
    const auto n = net::buffer_size(buffers);
    for (auto b : beast::buffers_range_ref(buffers)) wire.append(static_cast<const char*>(b.data()), b.size());
    msg.consume(n);
  }
  http::response_parser<http::string_body> parser;
  parser.eager(true);
  parser.body_limit(boost::none);
  if (head) parser.skip(true);
  parser.put(net::buffer(wire), ec);
  if (!head && ec == http::error::need_more) parser.put_eof(ec);
  fuzz::require(!ec && parser.is_header_done(), "a response does not parse: " + wire.substr(0, 200));
  const auto& res = parser.get();
  if (trace) std::fprintf(stderr, "-> %u %.160s\n", res.result_int(), res.body().c_str());
  const auto status = res.result_int();
  fuzz::require(http::to_status_class(status) != http::status_class::unknown &&
                    http::obsolete_reason(res.result()) != "<unknown-status>",
                "unknown status " + std::to_string(status));
  fuzz::require(status != 500, "500 internal error: " + res.body());
  // Unless the request named it itself: a 404 repeats the path it could not find.
  fuzz::require(asked_for_secret || res.body().find(secret) == std::string::npos,
                "a file outside the web root was served");
  if (!head && res[http::field::content_type].starts_with("application/json"))
    fuzz::require(!nlohmann::json::parse(res.body(), nullptr, false).is_discarded(),
                  "a JSON response is not JSON: " + res.body());
}

/// Makes an account and logs it in with `users`; the session's token.
std::string log_in(net::io_context& ioc, accounts& users) {
  std::optional<api_reply> made, logged;
  users.create_account("fuzzer", "correct horse", "127.0.0.1", [&](api_reply r) { made = std::move(r); });
  run_until(ioc, [&] { return made.has_value(); });
  users.login("fuzzer", "correct horse", "127.0.0.1", [&](api_reply r) { logged = std::move(r); });
  run_until(ioc, [&] { return logged.has_value(); });
  fuzz::require(logged->status == http::status::created, "the harness could not log in");
  return logged->body["token"].get<std::string>();
}

/// Adds the operator account "warden" with the token "OPERATOR". Only the command line makes
/// operators, by writing the account's row, which a memory store does not keep; so the
/// account and its token are handed to the accounts as another node's row would be (merge).
void add_operator(accounts& users) {
  static const std::string hash = hash_password("correct horse", password_cost::minimal);
  const auto now = users.now();
  account_record warden{.id = 900, .name = "warden", .password_hash = hash, .created_at = now,
                        .operator_account = true};
  users.merge(warden.id, {warden}, {{token_hash("OPERATOR"), warden.id, now, now}});
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  spdlog::set_level(spdlog::level::off);  // the lobby's and rooms' logs, for every input
  web_root();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  net::io_context ioc;
  auto store = persistence::make_memory_store();
  {
    auto state = std::make_shared<shared_state>(web_root());
    lobby_limits lim;
    lim.account_policy.cost = password_cost::minimal;
    lim.account_policy.signups_per_hour = 0;
    auto rooms = assemble(ioc, *store, state->stats_shared(), lim);
    state->games = rooms.games;
    state->accounts = rooms.accounts;
    state->routes = rooms.routes;
    state->chat = rooms.chat;
    state->games->start();
    const std::string token = log_in(ioc, *state->accounts);
    add_operator(*state->accounts);

    auto bytes = net::const_buffer(data, size);
    for (int n = 0; n < 8 && bytes.size() > 0; ++n) {
      http::request_parser<http::string_body> parser;
      parser.eager(true);
      parser.body_limit(http_session::body_limit);
      beast::error_code ec;
      const auto used = parser.put(bytes, ec);
      bytes += used;
      if (ec == http::error::need_more && bytes.size() == 0) parser.put_eof(ec);
      if (ec || !parser.is_done()) break;  // the session answers 413 or closes; not ours
      auto req = parser.release();
      if (trace) {
        std::fprintf(stderr, "%s %s\n", std::string(req.method_string()).c_str(), std::string(req.target()).c_str());
      }
      if (beast::websocket::is_upgrade(req)) continue;  // the session hands these over
      if (req[http::field::authorization] == "Bearer TOKEN")
        req.set(http::field::authorization, "Bearer " + token);
      const bool head = req.method() == http::verb::head;
      const bool asked = std::string_view(reinterpret_cast<const char*>(data), size).find(secret) !=
                         std::string_view::npos;
      auto answers = std::make_shared<int>(0);
      request_note note;
      handle_request(
          *state, std::move(req), net::ip::make_address("127.0.0.1"),
          [answers, head, asked](answer a) {
            ++*answers;
            fuzz::require(*answers == 1, "a request was answered twice");
            check_answer(std::move(a.message), head, asked);
          },
          note);
      run_until(ioc, [&] { return *answers > 0; });
    }
    state->games->stop();
    ioc.restart();
    ioc.run();
  }
  store->stop();
  return 0;
}
