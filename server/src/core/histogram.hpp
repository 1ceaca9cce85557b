#pragma once
// Internal: a Prometheus histogram any thread may observe into, lock-free.
#include <atomic>
#include <cstdint>
#include <memory>
#include <ostream>
#include <string_view>
#include <vector>

namespace loyang::server {

class histogram {
 public:
  /// `bounds`: the buckets' upper bounds, increasing (the +Inf bucket is added).
  explicit histogram(std::vector<double> bounds);

  void observe(double value);

  /// Writes the series' lines: `name_bucket{labels,le="..."}`, `name_sum{labels}` and
  /// `name_count{labels}`; `labels` is empty or `key="value",...` without braces.
  void write(std::ostream& out, std::string_view name, std::string_view labels = {}) const;

 private:
  std::vector<double> bounds_;
  std::unique_ptr<std::atomic<std::int64_t>[]> buckets_;  // bounds_.size() + 1
  std::atomic<std::int64_t> count_{0};
  std::atomic<double> sum_{0};
};

}  // namespace loyang::server
