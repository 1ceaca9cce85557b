#pragma once
// One event of every kind, with the values of its example in docs/protocol.md ("Events").
#include <vector>

#include "loyang/engine/data.hpp"
#include "loyang/engine/events.hpp"

namespace loyang::protocol::test {

inline std::vector<engine::event> event_samples() {
  namespace ev = engine::ev;
  using engine::no_card;
  using engine::no_player;
  const auto c = [](const char* id) { return *engine::card_by_name(id); };
  const auto f = [](const char* name) { return *engine::field_by_name(name); };
  engine::veg_counts bean;
  bean[engine::veg::bean] = 1;
  engine::veg_counts cabbage;
  cabbage[engine::veg::cabbage] = 1;
  return {
      ev::round_started{2},
      ev::phase_started{engine::phase::harvest},
      ev::turn_started{1},
      ev::field_turned{0, f("PF4-A")},
      ev::storehouse_emptied{0, bean},
      ev::harvested{1, f("PF4-A"), engine::veg::turnip, 1, 0, 1},
      ev::field_emptied{1, f("PF4-A"), false},
      ev::cards_dealt{0, {engine::hidden_card, engine::hidden_card, engine::hidden_card, engine::hidden_card}},
      ev::cards_to_courtyard{0, {c("C01"), c("trader-1")}, false},
      ev::card_played{0, c("M03"), ev::card_source::two_pack, c("R05")},
      ev::two_pack_drawn{0, c("R05"), c("M03")},
      ev::customer_revealed{0, c("R09"), c("M03"), true},
      ev::card_discarded{0, c("M03"), ev::discard_reason::stall_emptied},
      ev::reshuffled{24},
      ev::payment{0, no_player, 4, engine::pay_reason::path, no_card},
      ev::marker_turned{0, c("R09"), true},
      ev::foreman_took{1, 0, c("haggler")},
      ev::advanced{0, 2, 3},
      ev::game_ended{},
      ev::scored{1, 0, 8, 20, 5, 1, 2},
      ev::solo_rated{18, engine::solo_rating::very_good},
      ev::undone{41},
      ev::card_moved{1, 0, c("con-man")},
      ev::field_returned{0, f("PF3-A")},
      ev::offer_refilled{{c("M04"), c("R11"), c("CF5-1")}},
      ev::vegetables_moved{1, ev::veg_place::stall, ev::veg_place::cart, cabbage, ev::no_field, 0, c("M07")},
      ev::players_ordered{1, 0, no_player},
  };
}

}  // namespace loyang::protocol::test
