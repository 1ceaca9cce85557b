#include "timer_service.hpp"

#include <algorithm>

namespace loyang::server::clocks {

timer_service::timer_service(strand_type strand, settings s, std::shared_ptr<metrics> stats,
                             std::function<void(std::vector<std::int64_t>)> on_due)
    : strand_(std::move(strand)),
      settings_(std::move(s)),
      stats_(std::move(stats)),
      on_due_(std::move(on_due)),
      timer_(strand_) {}

void timer_service::arm(std::int64_t game, std::optional<std::int64_t> when) {
  queue_.arm(game, when);
  stats_->deadlines_armed = static_cast<std::int64_t>(queue_.size());
  if (started_ && !stopped_) schedule();
}

void timer_service::start() {
  started_ = true;
  schedule();
}

void timer_service::stop() {
  stopped_ = true;
  timer_.cancel();
}

// Waits for the earliest wake time, or max_sleep, whichever is sooner. Re-arming the timer
// only when the wait must end sooner keeps a busy server from cancelling it on every command.
void timer_service::schedule() {
  const auto earliest = queue_.earliest();
  if (!earliest) return;  // a running wait (if any) ends harmlessly
  const auto seconds_left = std::max<std::int64_t>(0, *earliest - settings_.now());
  const auto wait = std::min<std::chrono::milliseconds>(settings_.max_sleep, std::chrono::seconds(seconds_left));
  const auto until = std::chrono::steady_clock::now() + wait;
  if (waiting_until_ && *waiting_until_ <= until) return;
  waiting_until_ = until;
  timer_.expires_at(until);
  timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
    if (ec == net::error::operation_aborted || self->stopped_) return;
    self->on_wake();
  });
}

void timer_service::on_wake() {
  waiting_until_.reset();
  auto due = queue_.take_due(settings_.now());
  stats_->deadlines_armed = static_cast<std::int64_t>(queue_.size());
  if (!due.empty()) {
    stats_->deadlines_fired += static_cast<std::int64_t>(due.size());
    on_due_(std::move(due));
  }
  schedule();
}

}  // namespace loyang::server::clocks
