#pragma once
// Internal: how much a strong bot may think (issue 24). While every queued decision has a
// thread the full budget; beyond that each gets its share, so a busy pool answers sooner
// instead of queueing longer. A time limit caps every decision, whatever the machine.
#include <chrono>
#include <cstddef>
#include <functional>

namespace loyang::server::bot_budget {

/// The fewest playouts a shrunken budget keeps (the strong bot still weighs its candidates).
inline constexpr int min_playouts = 40;
/// The longest a decision (or a hint) thinks on one core.
inline constexpr std::chrono::milliseconds time_limit{1000};

/// The playouts of a decision when `waiting` decisions (this one included) are queued or
/// running on `threads` threads: `full` while waiting <= threads, else full * threads / waiting,
/// never below min_playouts (nor above `full`).
int playouts(int full, std::size_t waiting, std::size_t threads);

/// A stop for strong_options::out_of_time: true once `limit` has passed since the call.
/// `on_stop` (may be empty) runs the first time it says so.
std::function<bool()> deadline(std::chrono::milliseconds limit, std::function<void()> on_stop = {});

}  // namespace loyang::server::bot_budget
