// Wire names of phases, steps and card kinds. The switches have no default, so a new
// enumerator fails the -Werror build until it has a name here.
#include "state_names.hpp"

namespace loyang::protocol::detail {

std::string_view phase_name(engine::phase p) {
  using engine::phase;
  switch (p) {
    case phase::setup: return "setup";
    case phase::harvest: return "harvest";
    case phase::card: return "card";
    case phase::action: return "action";
    case phase::finished: return "finished";
  }
  return "unknown";
}

std::string_view step_name(engine::step s) {
  using engine::step;
  switch (s) {
    case step::plant_home: return "plant_home";
    case step::distribution: return "distribution";
    case step::choose_partner: return "choose_partner";
    case step::main: return "main";
    case step::two_pack: return "two_pack";
    case step::store: return "store";
    case step::advance: return "advance";
    case step::harvest_helper: return "harvest_helper";
    case step::squire: return "squire";
    case step::book_keeper: return "book_keeper";
    case step::foreman: return "foreman";
    case step::finished: return "finished";
    case step::offer: return "offer";
  }
  return "unknown";
}

std::string_view kind_name(engine::card_kind k) {
  using engine::card_kind;
  switch (k) {
    case card_kind::common_field: return "common_field";
    case card_kind::market_stall: return "market_stall";
    case card_kind::regular: return "regular";
    case card_kind::casual: return "casual";
    case card_kind::helper: return "helper";
  }
  return "unknown";
}

std::string_view rating_name(engine::solo_rating r) {
  switch (r) {
    case engine::solo_rating::none: return "none";
    case engine::solo_rating::good: return "good";
    case engine::solo_rating::very_good: return "very_good";
    case engine::solo_rating::master: return "master";
  }
  return "unknown";
}

}  // namespace loyang::protocol::detail
