#include "pg_listener.hpp"

#include <poll.h>

#include <charconv>
#include <chrono>

#include "loyang/persistence/error.hpp"
#include "pg_connection.hpp"

namespace loyang::persistence::pg {
namespace {

using namespace std::chrono_literals;

// Any constant of this program's (not the migrations' one): the leader's session lock.
constexpr const char* try_lead = "SELECT pg_try_advisory_lock(7346273402111)";
// How often a follower tries to become the leader, and anyone checks the connection: a node
// that died takes its lock with it, and another leads within about this long.
constexpr auto check_every = 500ms;
constexpr auto longest_backoff = 2000ms;

std::optional<std::int64_t> number(std::string_view text) {
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

}  // namespace

listener::listener(std::string url, std::string node, store::watchers to)
    : url_(std::move(url)), node_(std::move(node)), to_(std::move(to)) {
  auto listening = first_try_.get_future();
  thread_ = std::thread([this] { run(); });
  listening.wait();
}

listener::~listener() {
  stopping_ = true;
  if (thread_.joinable()) thread_.join();
}

std::optional<store::change> listener::parse(std::string_view payload, std::string_view node) {
  std::vector<std::string_view> words;
  while (!payload.empty()) {
    const auto space = payload.find(' ');
    words.push_back(payload.substr(0, space));
    payload = space == std::string_view::npos ? std::string_view() : payload.substr(space + 1);
  }
  if (words.size() < 3 || words[0] == node || words[1].size() != 1) return std::nullopt;
  store::change c;
  switch (words[1][0]) {
    case 'g': c.what = store::change::kind::game; break;
    case 'a': c.what = store::change::kind::account; break;
    case 'c': c.what = store::change::kind::chat; break;
    case 'd': c.what = store::change::kind::chat_deleted; break;
    case 't': c.what = store::change::kind::tournament; break;
    default: return std::nullopt;
  }
  const auto id = number(words[2]);
  if (!id) return std::nullopt;
  c.id = *id;
  if (words.size() > 3) {
    const auto version = number(words[3]);
    if (!version) return std::nullopt;
    c.version = *version;
  }
  if (c.what == store::change::kind::game && words.size() == 7) {
    const auto player = number(words[4]);
    const auto at = number(words[5]);
    if (player && at && c.version > 0) {
      c.command = logged_command{static_cast<std::uint32_t>(c.version), static_cast<engine::player_id>(*player),
                                 std::string(words[6]), *at};
    }
  }
  return c;
}

void listener::run() {
  auto backoff = 0ms;
  bool resync = false;  // the first connection listens before the catalog is read: nothing missed
  while (!stopping_) {
    try {
      listen(resync);
    } catch (const error&) {
      // Lost: below.
    }
    if (!stopping_ && to_.on_lost) to_.on_lost();
    if (!tried_) {
      tried_ = true;
      first_try_.set_value();
    }
    lead(false);
    resync = true;
    backoff = std::clamp(backoff * 2, 200ms, longest_backoff);
    for (auto slept = 0ms; slept < backoff && !stopping_; slept += 50ms) std::this_thread::sleep_for(50ms);
  }
  lead(false);
}

void listener::listen(bool resync) {
  connection c(url_, "loyang " + node_ + " listener");
  c.exec("LISTEN loyang");
  if (!tried_) {
    tried_ = true;
    first_try_.set_value();
  }
  if (resync && to_.on_resync) to_.on_resync();
  auto next_check = std::chrono::steady_clock::now();
  while (!stopping_) {
    if (std::chrono::steady_clock::now() >= next_check) {
      // A query also finds a connection that died quietly (its socket would just stay silent).
      const bool held = leader_ || c.query(try_lead).text(0, 0) == "t";
      if (leader_) c.query("SELECT 1");
      lead(held);
      next_check = std::chrono::steady_clock::now() + check_every;
    }
    pollfd fd{c.socket(), POLLIN, 0};
    ::poll(&fd, 1, 100);
    for (const auto& payload : c.notifications()) {
      if (auto change = parse(payload, node_); change && to_.on_change) to_.on_change(*change);
    }
    if (!c.ok()) throw error("PostgreSQL: the listening connection broke");
  }
}

void listener::lead(bool leader) {
  if (leader == leader_) return;
  leader_ = leader;
  if (to_.on_leader) to_.on_leader(leader);
}

}  // namespace loyang::persistence::pg
