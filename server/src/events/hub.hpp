#pragma once
// Internal: the event hub. Features subscribe to the events of events.hpp at start-up, in
// the composition root (server/src/assemble.cpp); the lobby, the rooms and accounts publish
// them. Once the server runs, registration is closed: the lists of subscribers never change
// again, so every strand publishes without a lock.
//
//   auto hub = std::make_shared<events::hub>();
//   hub->on<events::game_finished>([&](const events::game_finished& e) { table.add(e.game); });
//   hub->on<events::command_applied>(my_strand, [](const events::command_applied& e) { ... });
//   hub->close();                                  // before the io_context runs
//   hub->publish(events::game_started{42});        // any strand
#include <boost/asio/post.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "../core/beast.hpp"
#include "events.hpp"

namespace loyang::server::events {

template <class... Events>
class basic_hub {
 public:
  template <class E>
  using handler = std::function<void(const E&)>;

  /// Subscribes `f` to E, an event that arrives on the publisher's strand: publish() calls it
  /// before returning, after the subscribers registered before it. `f` must be quick and must
  /// not throw. Throws std::logic_error once close() was called.
  template <class E>
    requires(E::delivered == arrival::on_publisher)
  void on(handler<E> f) {
    add<E>({std::nullopt, std::move(f)});
  }

  /// Subscribes `f` to E, an event posted to the subscriber's `strand`: `f` runs there, in
  /// the order of publication (a strand keeps it). Throws std::logic_error once close() was
  /// called.
  template <class E>
    requires(E::delivered == arrival::posted)
  void on(strand_type strand, handler<E> f) {
    add<E>({std::move(strand), std::move(f)});
  }

  /// Ends registration (the composition root, before any strand publishes). After it, on()
  /// throws.
  void close() { closed_ = true; }
  bool closed() const { return closed_; }

  /// Hands `e` to E's subscribers as E states (events.hpp). Any thread; with no subscriber it
  /// costs a look at an empty list.
  template <class E>
  void publish(const E& e) const {
    const auto& list = std::get<std::vector<subscriber<E>>>(lists_);
    if (list.empty()) return;
    if constexpr (E::delivered == arrival::on_publisher) {
      for (const auto& s : list) s.f(e);
    } else {
      auto shared = std::make_shared<const E>(e);  // one copy for every subscriber
      for (const auto& s : list) {
        net::post(*s.strand, [f = s.f, shared] { f(*shared); });
      }
    }
  }

  /// How many subscribers E has (tests, logs).
  template <class E>
  std::size_t subscribers() const {
    return std::get<std::vector<subscriber<E>>>(lists_).size();
  }

 private:
  template <class E>
  struct subscriber {
    std::optional<strand_type> strand;  // none: on the publisher's strand
    handler<E> f;
  };

  template <class E>
  void add(subscriber<E> s) {
    if (closed_) throw std::logic_error("events: subscriptions are made at start-up only");
    std::get<std::vector<subscriber<E>>>(lists_).push_back(std::move(s));
  }

  std::tuple<std::vector<subscriber<Events>>...> lists_;
  // Set once at start, before the io_context's threads run (they see it through the
  // happens-before of their start); read after.
  bool closed_ = false;
};

/// The server's hub: every event of events.hpp.
using hub = basic_hub<game_created, seat_joined, seat_left, game_started, command_applied, game_finished,
                      seat_departed, seat_taken_over, account_read, account_changed, leadership_changed,
                      token_revoked, game_updated, tournaments_read>;

}  // namespace loyang::server::events
