// The write budgets and the table of which route spends which. Every authenticated request
// that is not a read spends from some budget ("other" when no row names it), so a route added
// later is bounded before anyone remembers to give it a row.
#include "write_budgets.hpp"

#include <algorithm>

#include "../core/api_errors.hpp"
#include "../core/path_parts.hpp"

namespace loyang::server::budgets {
namespace {

// Keys per budget kept in memory; the least recently seen is forgotten (it comes back full).
constexpr std::size_t keys_per_budget = 100000;

/// The budget of a write to `path` (its parts after /api/); the new-game routes are handled
/// by the caller.
write_kind kind_of_route(const std::vector<std::string_view>& p) {
  const auto at = [&](std::size_t i) { return i < p.size() ? p[i] : std::string_view(); };
  if (at(0) == "games" && p.size() == 3) {
    const auto action = at(2);
    if (action == "join" || action == "leave" || action == "decline" || action == "resign" || action == "vote" ||
        action == "nudge") {
      return write_kind::seats;
    }
    if (action == "notes") return write_kind::notes;
    if (action == "cancel") return write_kind::moderation;
  }
  if (at(0) == "games" && p.size() == 4 && at(2) == "chat") return write_kind::moderation;  // a deletion
  if (at(0) == "moderation") return write_kind::moderation;
  if (at(0) == "reports") return write_kind::reports;
  if (at(0) == "messages" && p.size() == 3 && at(1) == "with") return write_kind::messages;  // a message sent
  if (at(0) == "tournaments") return p.size() == 1 ? write_kind::tournaments : write_kind::seats;
  if (at(0) == "account") {
    if (at(1) == "friends" || at(1) == "mutes" || at(1) == "blocks") return write_kind::relations;
    if (at(1) == "notifications" || at(1) == "locale" || at(1) == "vacation" || at(1) == "push") {
      return write_kind::settings;
    }
  }
  return write_kind::other;
}

}  // namespace

std::optional<write_kind> kind_of(std::string_view name) {
  const auto it = std::find_if(kinds.begin(), kinds.end(), [&](const kind_info& k) { return k.name == name; });
  if (it == kinds.end()) return std::nullopt;
  return it->kind;
}

const kind_info& info(write_kind k) { return kinds[static_cast<std::size_t>(k)]; }

write_budgets::limits write_budgets::defaults() {
  limits out{};
  for (const auto& k : kinds) out[static_cast<std::size_t>(k.kind)] = k.per_hour;
  return out;
}

write_budgets::write_budgets(limits per_hour, std::function<std::int64_t()> now) : now_(std::move(now)) {
  // A fresh key may spend the whole hour's budget at once; then it refills evenly.
  for (const int n : per_hour) buckets_.emplace_back(n, n, keys_per_budget);
}

std::optional<write_budgets::refusal> write_budgets::spend(const std::vector<charge>& charges) {
  const auto now = now_();
  std::lock_guard lock(mutex_);
  std::optional<refusal> worst;
  for (const auto& c : charges) {
    const auto wait = buckets_[static_cast<std::size_t>(c.kind)].wait(c.key, now);
    if (wait > 0 && (!worst || wait > worst->wait)) worst = refusal{c.kind, wait};
  }
  if (worst) return worst;
  for (const auto& c : charges) buckets_[static_cast<std::size_t>(c.kind)].take(c.key, now, c.cost);
  return std::nullopt;
}

api_reply over_budget(const write_budgets::refusal& r) {
  const auto& k = info(r.kind);
  return too_many(r.wait, k.code,
                  "too many " + std::string(k.what) + "; try again in " + std::to_string(r.wait) + " s");
}

std::vector<charge> route_charges(http::verb method, std::string_view path, const nlohmann::json& body,
                                  std::int64_t account, const std::string& client) {
  if (method == http::verb::get || method == http::verb::head) return {};
  const auto p = parts_after(path, "/api/");  // "/api/games/12/join" gives {"games", "12", "join"}
  const auto who = std::to_string(account);
  const bool new_game = method == http::verb::post && ((p.size() == 1 && p[0] == "games") ||
                                                       (p.size() == 3 && p[0] == "games" && p[2] == "rematch"));
  if (!new_game) return {{kind_of_route(p), who}};
  std::vector<charge> out{{write_kind::games, who}, {write_kind::games_per_address, client}};
  if (p.size() == 1 && body.is_object() && body.contains("invite") && body["invite"].is_array() &&
      !body["invite"].empty()) {
    // At most 3 names pass the request's checks; a longer list is refused anyway.
    out.push_back({write_kind::invitations, who, int(std::min<std::size_t>(body["invite"].size(), 3))});
  }
  return out;
}

}  // namespace loyang::server::budgets
