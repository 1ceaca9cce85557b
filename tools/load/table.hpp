#pragma once
// One game of a run. Its load clients share one strand: they fill in the same timing table
// (who sent what, when) and the same samples, so they must not run at the same time.
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "net.hpp"

namespace loyang::load {

struct table {
  table(strand_type s, std::int64_t id, int seats)
      : strand(std::move(s)), game(id), sent(std::size_t(seats)) {}

  strand_type strand;
  std::int64_t game;

  /// The last command each seat sent: the version it was based on and when it left.
  struct sent_command {
    std::uint32_t version = 0;
    clock::time_point at;
    bool valid = false;
  };
  std::vector<sent_command> sent;
  /// With a watcher (--watch-port): the commands sent that its patches have not passed yet.
  struct unseen_command {
    std::uint32_t version = 0;
    int seat = 0;
    clock::time_point at;
  };
  bool watched = false;
  std::deque<unseen_command> unseen;
  /// --rate pacing: the earliest time the game's next command may leave.
  clock::time_point next_slot;
  bool finished = false;

  // Measured (only inside the run's window).
  std::vector<float> result_micros;  // command sent -> its result
  std::vector<float> patch_micros;   // command sent -> another seat's patch showing it
  std::vector<float> watch_micros;   // command sent -> the watcher's patch showing it
  std::map<std::string, std::int64_t> errors;
  std::int64_t commands = 0;  // accepted
  std::int64_t commands_sent = 0;
  std::int64_t bytes_received = 0;  // WebSocket payloads, all seats
  std::int64_t chat_sent = 0;
  std::int64_t chat_accepted = 0;  // the sender's copy came back
  std::int64_t chat_received = 0;  // others' messages read
};

}  // namespace loyang::load
