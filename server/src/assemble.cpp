// The composition root (assemble.hpp): which room hears which event.
#include "assemble.hpp"

#include <utility>

namespace loyang::server {

assembled assemble(net::io_context& ioc, storage& store, std::shared_ptr<metrics> stats, lobby::limits lim) {
  assembled out;
  out.hub = std::make_shared<events::hub>();
  out.games = std::make_shared<lobby>(ioc, store, std::move(stats), std::move(lim), out.hub);
  out.hub->close();
  return out;
}

}  // namespace loyang::server
