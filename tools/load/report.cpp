#include "report.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <numeric>
#include <sstream>
#include <string>

namespace loyang::load {

nlohmann::json latency_summary(std::vector<float>& micros) {
  if (micros.empty()) return {{"count", 0}};
  auto at = [&](double q) {
    const auto k = static_cast<std::size_t>(q * double(micros.size() - 1));
    std::nth_element(micros.begin(), micros.begin() + std::ptrdiff_t(k), micros.end());
    return micros[k] / 1000.0;
  };
  const double p50 = at(0.50);
  const double p99 = at(0.99);
  const double max = *std::max_element(micros.begin(), micros.end()) / 1000.0;
  const double sum = std::accumulate(micros.begin(), micros.end(), 0.0);
  const double mean = sum / double(micros.size()) / 1000.0;
  auto ms = [](double v) { return std::round(v * 1000) / 1000; };
  return {{"count", micros.size()}, {"p50", ms(p50)}, {"p99", ms(p99)}, {"max", ms(max)},
          {"mean", ms(mean)}};
}

process_sample sample_process(int pid) {
  process_sample s;
  if (pid == 0) return s;
  const std::string dir = "/proc/" + std::to_string(pid);
  std::ifstream status(dir + "/status");
  for (std::string line; std::getline(status, line);) {
    std::istringstream in(line);
    std::string key;
    std::int64_t kb = 0;
    in >> key >> kb;
    if (key == "VmRSS:") s.rss_kb = kb;
    if (key == "VmHWM:") s.peak_rss_kb = kb;
  }
  // /proc/PID/stat: fields 14 and 15 are utime and stime in clock ticks; the command name
  // (field 2) may hold spaces, so count from its closing parenthesis.
  std::ifstream stat_file(dir + "/stat");
  std::string stat((std::istreambuf_iterator<char>(stat_file)), std::istreambuf_iterator<char>());
  const auto close = stat.rfind(')');
  if (close != std::string::npos) {
    std::istringstream in(stat.substr(close + 2));
    std::string field;
    double utime = 0, stime = 0;
    for (int i = 3; i <= 15 && in >> field; ++i) {
      if (i == 14) utime = std::stod(field);
      if (i == 15) stime = std::stod(field);
    }
    s.cpu_seconds = (utime + stime) / double(sysconf(_SC_CLK_TCK));
  }
  return s;
}

double own_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  auto secs = [](const timeval& t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; };
  return secs(u.ru_utime) + secs(u.ru_stime);
}

}  // namespace loyang::load
