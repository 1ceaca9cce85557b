#pragma once
// Test support, header-only (tests/support/ is on the include path of the layer tests).
// A fresh directory under the system temp dir, removed with everything in it at scope end.
#include <atomic>
#include <filesystem>
#include <random>
#include <string>
#include <unistd.h>

namespace loyang::test {

class temp_dir {
 public:
  temp_dir() {
    static std::atomic<int> counter{0};
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() /
            ("loyang-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + "-" +
             std::to_string(rd()));
    std::filesystem::create_directories(path_);
  }
  temp_dir(const temp_dir&) = delete;
  temp_dir& operator=(const temp_dir&) = delete;
  ~temp_dir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace loyang::test
