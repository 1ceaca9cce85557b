#include "shared_state.hpp"

#include <utility>

namespace loyang::server {

shared_state::shared_state(std::filesystem::path web_root)
    : web_root_(std::move(web_root)), started_(std::chrono::steady_clock::now()) {
  assets = std::make_shared<web::web_assets>(web_root_, data_dir);
}

long long shared_state::uptime_seconds() const noexcept {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() -
                                                          started_)
      .count();
}

}  // namespace loyang::server
