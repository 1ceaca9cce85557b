#include "live_lists.hpp"

#include <algorithm>
#include <set>

#include "loyang/protocol/server_message.hpp"

namespace loyang::server::games {
namespace {

// Sends `text` to every connection in `list` still open, and forgets the closed ones.
void send_all(std::vector<std::weak_ptr<subscriber>>& list, const shared_text& text) {
  std::erase_if(list, [&text](const std::weak_ptr<subscriber>& w) {
    auto s = w.lock();
    if (!s) return true;
    s->send(text);
    return false;
  });
}

// What a player's list of games shows of `g` (the order and the badges).
bool same_in_lists(const game_record& a, const game_record& b) {
  return a.status == b.status && a.to_act == b.to_act && a.seats == b.seats;
}

}  // namespace

live_lists::live_lists(strand_type strand) : timer_(std::move(strand)) {}

void live_lists::listen(std::int64_t account, std::weak_ptr<subscriber> who) {
  auto& list = by_account_[account];
  std::erase_if(list, [](const auto& w) { return w.expired(); });
  list.push_back(std::move(who));
}

void live_lists::watch_open(std::weak_ptr<subscriber> who) {
  std::erase_if(open_watchers_, [](const auto& w) { return w.expired(); });
  open_watchers_.push_back(std::move(who));
}

void live_lists::tell(std::int64_t account, const shared_text& text) {
  const auto it = by_account_.find(account);
  if (it == by_account_.end()) return;
  send_all(it->second, text);
  if (it->second.empty()) by_account_.erase(it);
}

void live_lists::tell_watchers(const shared_text& text) { send_all(open_watchers_, text); }

void live_lists::changed(const game_record* before, const game_record& after) {
  if (before && same_in_lists(*before, after)) return;
  auto text = std::make_shared<const std::string>(protocol::games_changed_text({after.id}));
  std::set<std::int64_t> told;
  for (const auto* g : {before, &after}) {
    if (!g) continue;
    for (const auto& s : g->seats) {
      if (s.account_id != 0 && told.insert(s.account_id).second) tell(s.account_id, text);
    }
  }
  if (after.status == game_status::open || (before && before->status == game_status::open)) open_changed();
}

void live_lists::open_changed() {
  open_dirty_ = true;
  if (timer_armed_ || stopped_) return;
  timer_armed_ = true;
  timer_.expires_after(std::chrono::seconds(1));
  timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    self->timer_armed_ = false;
    if (ec || self->stopped_ || !self->open_dirty_) return;
    self->open_dirty_ = false;
    send_all(self->open_watchers_, std::make_shared<const std::string>(protocol::open_games_changed_text()));
  });
}

void live_lists::stop() {
  stopped_ = true;
  timer_.cancel();
}

}  // namespace loyang::server::games
