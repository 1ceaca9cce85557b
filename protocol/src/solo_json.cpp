// The solo game's part of the state JSON: the Offer, the imaginary opponent and the rating.
#include "json_names.hpp"
#include "loyang/engine/data.hpp"
#include "player_json.hpp"
#include "state_names.hpp"

namespace loyang::protocol::detail {

void add_solo_json(const engine::state& s, nlohmann::json& j) {
  json offer = json::array();
  for (int row = 0; row < engine::offer_rows; ++row) {
    json cards = json::array();
    for (int col = 0; col < engine::offer_columns; ++col)
      cards.push_back(card_json(s.offer[static_cast<std::size_t>(row * engine::offer_columns + col)]));
    offer.push_back(std::move(cards));
  }
  j["offer"] = std::move(offer);
  j["offer_bought"] = s.offer_bought;
  j["solo_reshuffled"] = s.solo_reshuffled;
  const auto& opp = s.players[static_cast<std::size_t>(engine::solo_opponent)];
  json played = json::array();
  for (const auto& pc : opp.played) played.push_back(played_to_json(pc));
  j["opponent"] = {{"seat", engine::solo_opponent}, {"cash", opp.cash}, {"played", std::move(played)}};
  if (s.current_phase == engine::phase::finished && !s.ranking.empty())
    j["solo_result"] = {{"level", s.ranking.front().position}, {"rating", std::string(rating_name(s.rating))}};
  else
    j["solo_result"] = nullptr;
}

}  // namespace loyang::protocol::detail
