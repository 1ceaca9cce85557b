#pragma once
// Opens many connections with at most `window` being opened at once, so that the server's
// accept backlog is never flooded.
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <vector>

namespace loyang::load {

/// Calls start(on_ready) on every client, `window` at a time; returns how many failed. Waits
/// for all of them (each client bounds its own connection time).
template <class Client>
std::size_t launch_all(const std::vector<std::shared_ptr<Client>>& clients, std::size_t window) {
  struct progress {
    std::mutex mutex;
    std::condition_variable all_done;
    std::size_t next = 0, done = 0, failed = 0;
  };
  auto p = std::make_shared<progress>();
  // Runs under p->mutex; the clients start outside it (their callbacks may come at once).
  auto take = [p, &clients]() -> std::shared_ptr<Client> {
    if (p->next == clients.size()) return nullptr;
    return clients[p->next++];
  };
  struct starter {
    static void run(std::shared_ptr<Client> c, std::shared_ptr<progress> p,
                    const std::vector<std::shared_ptr<Client>>* all) {
      c->start([p, all](bool ok) {
        std::shared_ptr<Client> following;
        {
          std::lock_guard lock(p->mutex);
          ++p->done;
          if (!ok) ++p->failed;
          if (p->next < all->size()) following = (*all)[p->next++];
          if (p->done == all->size()) p->all_done.notify_all();
        }
        if (following) run(std::move(following), p, all);
      });
    }
  };
  std::vector<std::shared_ptr<Client>> first;
  {
    std::lock_guard lock(p->mutex);
    while (first.size() < window) {
      auto c = take();
      if (!c) break;
      first.push_back(std::move(c));
    }
  }
  for (auto& c : first) starter::run(c, p, &clients);
  std::unique_lock lock(p->mutex);
  p->all_done.wait(lock, [&] { return p->done == clients.size(); });
  return p->failed;
}

}  // namespace loyang::load
