#pragma once
// What a run reports: latency percentiles, and a process's memory and CPU time from /proc.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <vector>

namespace loyang::load {

/// {"count", "p50", "p99", "max", "mean"} in milliseconds of samples in microseconds.
nlohmann::json latency_summary(std::vector<float>& micros);

/// A process's memory (kB) and CPU time (s); zeros when /proc cannot tell.
struct process_sample {
  std::int64_t rss_kb = 0;
  std::int64_t peak_rss_kb = 0;
  double cpu_seconds = 0;
};

/// `pid` 0: nothing is read.
process_sample sample_process(int pid);

/// This process's CPU time (user + system), in seconds.
double own_cpu_seconds();

}  // namespace loyang::load
