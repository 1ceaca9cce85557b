// Game options <-> JSON.
#include "json_reader.hpp"
#include "loyang/engine/game.hpp"
#include "loyang/protocol/options_json.hpp"

namespace loyang::protocol {

nlohmann::json options_to_json(const engine::options& o) {
  return {{"players", o.players},
          {"ruleset", std::string(engine::to_string(o.rules))},
          {"introductory", o.introductory},
          {"edition", o.edition}};
}

parsed<engine::options> parse_options(const nlohmann::json& j, std::uint8_t absent_edition) {
  try {
    detail::object_reader r(j, "the options");
    engine::options o;
    o.players = r.integer("players", -1000000, 1000000);  // validate() explains the range
    if (const auto* rules = r.optional("ruleset")) {
      if (!rules->is_string()) detail::fail(r.where("ruleset") + " must be a string");
      const auto& name = rules->get_ref<const std::string&>();
      if (name == engine::to_string(engine::ruleset::yucata)) {
        o.rules = engine::ruleset::yucata;
      } else if (name == engine::to_string(engine::ruleset::original)) {
        o.rules = engine::ruleset::original;
      } else {
        detail::fail("unknown ruleset '" + name + "' (use \"yucata\" or \"original\")");
      }
    }
    if (r.optional("introductory")) o.introductory = r.boolean("introductory");
    o.edition = absent_edition;
    if (r.optional("edition")) o.edition = static_cast<std::uint8_t>(r.integer("edition", 0, 255));
    r.finish();
    if (auto e = engine::validate(o)) return parse_error{"bad_options", e->message};
    return o;
  } catch (const detail::read_failure& e) {
    return parse_error{"bad_options", e.message};
  }
}

}  // namespace loyang::protocol
