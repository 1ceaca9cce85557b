#include "finishing.hpp"

#include <limits>

#include "loyang/engine/types.hpp"

namespace loyang::ratings {
namespace {

std::optional<std::int64_t> integer(const nlohmann::json& entry, const char* key) {
  const auto it = entry.find(key);
  if (it == entry.end() || !it->is_number_integer()) return std::nullopt;
  // Unsigned values above int64's range would wrap: they are not a seat, rank or score anyway.
  if (it->is_number_unsigned() &&
      it->get<std::uint64_t>() > std::uint64_t(std::numeric_limits<std::int64_t>::max())) {
    return std::nullopt;
  }
  return it->get<std::int64_t>();
}

std::optional<int> small_integer(const nlohmann::json& entry, const char* key) {
  const auto v = integer(entry, key);
  if (!v || *v < std::numeric_limits<int>::min() || *v > std::numeric_limits<int>::max()) {
    return std::nullopt;
  }
  return static_cast<int>(*v);
}

}  // namespace

finish_key finish_key_of(const game_record& g) { return {g.updated_at, g.id}; }

std::optional<std::vector<placed_seat>> placed_seats(const game_record& g) {
  if (g.status != persistence::game_status::finished || !g.result.is_object()) return std::nullopt;
  const auto ranking = g.result.find("ranking");
  if (ranking == g.result.end() || !ranking->is_array() || ranking->size() != g.seats.size() ||
      g.seats.empty()) {
    return std::nullopt;
  }
  const auto n = static_cast<std::int64_t>(g.seats.size());
  std::vector<bool> seen(g.seats.size(), false);
  std::vector<placed_seat> out;
  out.reserve(g.seats.size());
  for (const auto& entry : *ranking) {
    if (!entry.is_object()) return std::nullopt;
    const auto seat = integer(entry, "player");
    const auto rank = integer(entry, "rank");
    if (!seat || !rank || *seat < 0 || *seat >= n || *rank < 1 || *rank > n) return std::nullopt;
    if (seen[std::size_t(*seat)]) return std::nullopt;
    seen[std::size_t(*seat)] = true;
    out.push_back({std::size_t(*seat), static_cast<int>(*rank), small_integer(entry, "position"),
                   small_integer(entry, "cash")});
  }
  return out;
}

std::string ruleset_name(const game_record& g) { return std::string(engine::to_string(g.options.rules)); }

bool extra_flag(const game_record& g, std::string_view key) {
  if (!g.extra.is_object()) return false;
  const auto it = g.extra.find(key);
  return it != g.extra.end() && it->is_boolean() && it->get<bool>();
}

std::optional<std::string> extra_string(const game_record& g, std::string_view key) {
  if (!g.extra.is_object()) return std::nullopt;
  const auto it = g.extra.find(key);
  if (it == g.extra.end() || !it->is_string()) return std::nullopt;
  return it->get<std::string>();
}

}  // namespace loyang::ratings
