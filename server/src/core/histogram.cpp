#include "histogram.hpp"

namespace loyang::server {

histogram::histogram(std::vector<double> bounds)
    : bounds_(std::move(bounds)), buckets_(std::make_unique<std::atomic<std::int64_t>[]>(bounds_.size() + 1)) {}

void histogram::observe(double value) {
  std::size_t i = 0;
  while (i < bounds_.size() && value > bounds_[i]) ++i;
  ++buckets_[i];
  ++count_;
  sum_.fetch_add(value, std::memory_order_relaxed);
}

void histogram::write(std::ostream& out, std::string_view name, std::string_view labels) const {
  const std::string_view comma = labels.empty() ? "" : ",";
  std::int64_t cumulative = 0;
  for (std::size_t i = 0; i < bounds_.size(); ++i) {
    cumulative += buckets_[i].load();
    out << name << "_bucket{" << labels << comma << "le=\"" << bounds_[i] << "\"} " << cumulative << '\n';
  }
  cumulative += buckets_[bounds_.size()].load();
  out << name << "_bucket{" << labels << comma << "le=\"+Inf\"} " << cumulative << '\n';
  const auto braces = [&](std::string_view suffix) {
    out << name << suffix;
    if (!labels.empty()) out << '{' << labels << '}';
    out << ' ';
  };
  braces("_sum");
  out << sum_.load() << '\n';
  braces("_count");
  out << count_.load() << '\n';
}

}  // namespace loyang::server
