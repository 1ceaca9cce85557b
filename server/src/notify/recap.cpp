// The port of web/js/digest.js's digestText and of what it uses: story.js (headline, the first
// chunk of consequences, narrate, cardLabel, vegPhrase, movedText, pairText), describe.js
// (describe for the commands narrate leaves to it, vegSome) and cards.js (vegName, cardName,
// fieldName). One function here per JavaScript function, named alike, so that a change on one
// side is found on the other; tests/server/recap_test.cpp compares the two on real games.
//
// Log entries are JSON, read as JavaScript reads them: a missing member is `undefined` (left
// out of a message's arguments, so "undefined" and null stay apart as they do in the browser),
// conditions are JavaScript's truthiness and ===, and String(v) writes a value into a text.
#include "recap.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <utility>

#include "../i18n/text.hpp"
#include "loyang/engine/data.hpp"

namespace loyang::server::notify {
namespace {

using json = nlohmann::json;

constexpr std::size_t most_lines = 8;  // digest.js's MOST_LINES

// ---- JavaScript's view of a JSON value; nullptr is undefined --------------------------------

const json* member(const json* o, const char* key) {
  if (o == nullptr || !o->is_object()) return nullptr;
  const auto it = o->find(key);
  return it == o->end() ? nullptr : &*it;
}

// `v !== null && v !== undefined` (story.js isSeat; also "a card is named").
bool present(const json* v) { return v != nullptr && !v->is_null(); }

bool truthy(const json* v) {
  if (!present(v)) return false;
  if (v->is_boolean()) return v->get<bool>();
  if (v->is_number()) {
    const double n = v->get<double>();
    return n != 0 && !std::isnan(n);
  }
  if (v->is_string()) return !v->get_ref<const std::string&>().empty();
  return true;
}

// a === b for the values log entries compare (seats, fields, versions, strings).
bool same(const json* a, const json* b) {
  if (a == nullptr || b == nullptr) return a == b;
  if (a->is_structured() || b->is_structured()) return false;  // objects: never the same one
  return *a == *b;
}

bool is(const json* v, std::string_view text) {
  return v != nullptr && v->is_string() && v->get_ref<const std::string&>() == text;
}

// String(v).
std::string js_string(const json* v) {
  if (v == nullptr) return "undefined";
  switch (v->type()) {
    case json::value_t::null: return "null";
    case json::value_t::string: return v->get<std::string>();
    case json::value_t::boolean: return v->get<bool>() ? "true" : "false";
    case json::value_t::number_integer: return std::to_string(v->get<std::int64_t>());
    case json::value_t::number_unsigned: return std::to_string(v->get<std::uint64_t>());
    case json::value_t::number_float: {
      // Integers in full, others in the shortest form that reads back (as i18n/message.cpp).
      const double n = v->get<double>();
      char text[64];
      if (n == std::floor(n) && std::fabs(n) < 1e21) {
        std::snprintf(text, sizeof text, "%.0f", n == 0 ? 0.0 : n);
        return text;
      }
      const auto r = std::to_chars(text, text + sizeof text, n);
      return std::string(text, r.ptr);
    }
    case json::value_t::array: {
      std::string out;
      for (std::size_t i = 0; i < v->size(); ++i) {
        if (i > 0) out += ',';
        if (!(*v)[i].is_null()) out += js_string(&(*v)[i]);
      }
      return out;
    }
    default: return "[object Object]";
  }
}

// a + b of two counts.
json add(const json& a, const json& b) {
  if (a.is_number_integer() && b.is_number_integer()) return a.get<std::int64_t>() + b.get<std::int64_t>();
  return a.get<double>() + b.get<double>();
}

std::string join(const std::vector<std::string>& parts, std::string_view between) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += between;
    out += parts[i];
  }
  return out;
}

// Object.entries(counts || {}): vegetables and counts, in the object's order (the server writes
// its keys sorted, and the browser reads them in that order).
using counts = std::vector<std::pair<std::string, json>>;
counts entries_of(const json* o) {
  counts out;
  if (o == nullptr || !o->is_object()) return out;
  for (const auto& [k, n] : o->items()) out.emplace_back(k, n);
  return out;
}

// The vegetables (cards.js VEGETABLES) with the messages that count them (story.js COUNTED) and
// that name some of them without a count (describe.js SOME).
struct vegetable {
  std::string_view name;
  std::string_view counted;
  std::string_view some;
};
constexpr std::array<vegetable, 6> vegetables{{
    {"wheat", "story.count_wheat", "describe.some_wheat"},
    {"pumpkin", "story.count_pumpkin", "describe.some_pumpkin"},
    {"turnip", "story.count_turnip", "describe.some_turnip"},
    {"cabbage", "story.count_cabbage", "describe.some_cabbage"},
    {"bean", "story.count_bean", "describe.some_bean"},
    {"leek", "story.count_leek", "describe.some_leek"},
}};
const vegetable* vegetable_of(const json* v) {
  if (v == nullptr || !v->is_string()) return nullptr;
  for (const auto& x : vegetables) {
    if (x.name == v->get_ref<const std::string&>()) return &x;
  }
  return nullptr;
}

// " (you)" at the end of a name: story.js owner()'s / \([^()]*\)$/.
std::string without_parenthesis(std::string name) {
  if (name.empty() || name.back() != ')') return name;
  const auto open = name.find_last_of("()", name.size() - 2);
  if (open == std::string::npos || name[open] != '(' || open == 0 || name[open - 1] != ' ') return name;
  name.resize(open - 1);
  return name;
}

// Whether entry.cmd.type's own vegetables_moved is `e` (story.js TOLD_BY_MOVES).
bool told_by_moves(const json* cmd_type, const json& e) {
  const auto* from = member(&e, "from");
  const auto* to = member(&e, "to");
  if (is(cmd_type, "trade") || is(cmd_type, "trader")) return is(from, "cart") && is(to, "supply");
  if (is(cmd_type, "buy")) return is(from, "shop") && is(to, "cart");
  if (is(cmd_type, "sell")) return is(from, "cart") && is(to, "shop");
  if (is(cmd_type, "sow")) return is(from, "cart") && is(to, "field");
  if (is(cmd_type, "plant_home")) return is(from, "shop") && is(to, "field");
  return false;
}

// Two vegetables_moved that story.js pairText tells as one sentence.
enum class pair_kind { none, traded, sowed };
pair_kind pair_of(const json& e, const json* next) {
  if (!is(member(&e, "type"), "vegetables_moved") || !is(member(next, "type"), "vegetables_moved") ||
      !same(member(&e, "player"), member(next, "player"))) {
    return pair_kind::none;
  }
  const auto* from = member(&e, "from");
  const auto* to = member(&e, "to");
  if (is(from, "cart") && is(to, "supply") && is(member(next, "from"), "stall") && is(member(next, "to"), "cart")) {
    return pair_kind::traded;
  }
  if (is(to, "field") && is(member(next, "from"), "supply") && is(member(next, "to"), "field") &&
      same(member(&e, "field"), member(next, "field")) && (is(from, "cart") || is(from, "shop"))) {
    return pair_kind::sowed;
  }
  return pair_kind::none;
}

// The sentences, in one language with one set of names.
class teller {
 public:
  teller(const std::vector<std::string>& names, std::string_view bank, std::string_view language)
      : names_(names), bank_(bank), language_(language) {}

  std::string t(std::string_view key, const json& args = json::object()) const {
    return i18n::text(language_, key, args);
  }

  // names.js's who(seat).
  std::string who(const json* seat) const {
    if (!present(seat)) return std::string(bank_);
    if (seat->is_number()) {
      const double s = seat->get<double>();
      if (s >= 0 && s == std::floor(s) && s < double(names_.size())) return names_[std::size_t(s)];
      return t("render.seat_player", {{"n", add(*seat, 1)}});
    }
    return t("render.seat_player", {{"n", js_string(seat) + "1"}});  // names["x"] is undefined; "x" + 1
  }
  // story.js owner(): a name without its " (you)".
  std::string owner(const json* seat) const { return without_parenthesis(who(seat)); }

  // ---- cards.js ----

  std::string veg_name(const json* v, const json& n = 1) const {
    if (vegetable_of(v) != nullptr) return t("veg." + v->get<std::string>(), {{"n", n}});
    return present(v) ? js_string(v) : std::string();
  }

  // cardName(id) of a card id the engine knows (a customer with the vegetables he wants), or nullopt.
  std::optional<std::string> known_card_name(const std::string& id) const {
    const auto c = engine::card_by_name(id);
    if (!c) return std::nullopt;
    const auto& info = engine::card(*c);
    std::string name = t("card." + id);
    const auto wants = [&](auto first, auto last) {
      std::vector<std::string> vegs;
      for (auto v = first; v != last; ++v) {
        const json kind = std::string(engine::to_string(*v));
        vegs.push_back(veg_name(&kind, 1));
      }
      return name + " (" + join(vegs, " + ") + ")";
    };
    if (info.kind == engine::card_kind::regular) return wants(info.wants.begin(), info.wants.end());
    if (info.kind == engine::card_kind::casual) return wants(info.goods.begin(), info.goods.end());
    return name;
  }

  std::string card_name(const json* id) const {
    if (!present(id)) return t("term.no_card");
    if (!id->is_string()) return js_string(id);
    const auto& s = id->get_ref<const std::string&>();
    if (s == "hidden") return t("term.a_hidden_card");
    return known_card_name(s).value_or(s);
  }
  std::string card_name(const std::string& id) const {
    const json j = id;
    return card_name(&j);
  }

  std::string field_name(const json* id) const {
    if (is(id, "HOME")) return t("term.home_field");
    if (id != nullptr && id->is_string()) {
      const auto& s = id->get_ref<const std::string&>();
      if (s.size() == 5 && s[0] == 'P' && s[1] == 'F' && s[2] >= '3' && s[2] <= '6' && s[3] == '-' &&
          (s[4] == 'A' || s[4] == 'B')) {
        return t("term.private_field", {{"size", s[2] - '0'}, {"side", std::string(1, s[4])}});
      }
      if (s == "hidden") return t("term.a_hidden_card");
      if (engine::card_by_name(s)) return t("card." + s);
      return s;
    }
    return present(id) ? js_string(id) : std::string();  // the browser throws on no field
  }

  // ---- describe.js ----

  std::string veg_some(const json* crop) const {
    if (const auto* v = vegetable_of(crop)) return t(v->some);
    return veg_name(crop, 1);
  }

  // story.js vegs() and describe.js list(): "wheat + beans".
  std::string vegs(const json* xs) const {
    std::vector<std::string> out;
    if (xs != nullptr && xs->is_array()) {
      for (const auto& x : *xs) out.push_back(veg_name(&x));
    }
    return join(out, " + ");
  }

  // describe(cmd) for the commands narrate() has no sentence of its own for.
  std::string describe(const json& cmd) const {
    const auto* type = member(&cmd, "type");
    const auto crop = [&] { return veg_some(member(&cmd, "crop")); };
    const auto helper = [&](const char* id) { return card_name(std::string(id)); };
    const auto yes_no = [&](const char* key) { return truthy(member(&cmd, key)) ? "yes" : "no"; };
    if (is(type, "use_book_keeper")) return t("describe.use_book_keeper", {{"helper", helper("book-keeper")}});
    if (is(type, "shop_add")) return t("describe.shop_add", {{"helper", helper("book-keeper")}, {"veg", crop()}});
    if (is(type, "shop_remove")) return t("describe.shop_remove", {{"helper", helper("book-keeper")}, {"veg", crop()}});
    if (is(type, "book_keeper_done")) {
      return t("describe.book_keeper_done", {{"helper", helper("book-keeper")}, {"veg", crop()}});
    }
    if (is(type, "haggler")) return t("describe.haggler", {{"helper", helper("haggler")}, {"veg", crop()}});
    if (is(type, "shopper")) {
      return t("describe.shopper", {{"helper", helper("shopper")}, {"veg", crop()}, {"with", yes_no("with_haggler")},
                                    {"haggler", helper("haggler")}});
    }
    if (is(type, "merchant")) {
      const auto* haggler = member(&cmd, "haggler");
      const auto* shopper = member(&cmd, "shopper");
      return t("describe.merchant", {
          {"helper", helper("merchant")}, {"vegs", vegs(member(&cmd, "crops"))},
          {"with_haggler", yes_no("haggler")}, {"haggler", helper("haggler")},
          {"haggler_veg", truthy(haggler) ? veg_name(haggler, 1) : ""},
          {"with_shopper", yes_no("shopper")}, {"shopper", helper("shopper")},
          {"shopper_veg", truthy(shopper) ? veg_name(shopper, 1) : ""}});
    }
    if (is(type, "harvest_helper")) {
      std::vector<std::string> fields;
      if (const auto* fs = member(&cmd, "fields"); fs != nullptr && fs->is_array()) {
        for (const auto& f : *fs) fields.push_back(field_name(&f));
      }
      return t("describe.harvest_helper", {{"helper", helper("harvest-helper")}, {"fields", join(fields, ", ")}});
    }
    if (is(type, "saleswoman_blue")) return t("describe.saleswoman_blue", {{"helper", helper("saleswoman")}});
    if (is(type, "activate_saleswoman_blue")) {
      return t("describe.activate_saleswoman_blue", {{"helper", helper("saleswoman")}});
    }
    if (is(type, "market_crier_refill")) return t("describe.market_crier_refill", {{"helper", helper("market-crier")}});
    if (is(type, "market_crier_sell")) {
      std::vector<std::string> goods;
      if (const auto* gs = member(&cmd, "goods"); gs != nullptr && gs->is_array()) {
        for (const auto& g : *gs) {
          goods.push_back(t("describe.market_crier_good",
                            {{"veg", veg_name(member(&g, "good"), 1)}, {"stall", card_name(member(&g, "stall"))}}));
        }
      }
      return t("describe.market_crier_sell", {{"helper", helper("market-crier")}, {"goods", join(goods, ", ")}});
    }
    if (is(type, "serve_regular_twice")) {
      return t("describe.serve_regular_twice",
               {{"helper", helper("messenger-boy")}, {"card", card_name(member(&cmd, "card"))}});
    }
    if (is(type, "plough_clear")) {
      return t("describe.plough_clear",
               {{"helper", helper("plough-man")}, {"field", field_name(member(&cmd, "field"))}});
    }
    if (is(type, "plough_harvest")) return t("describe.plough_harvest", {{"helper", helper("plough-man")}});
    if (is(type, "squire_take")) {
      return t("describe.squire_take", {{"helper", helper("squire")}, {"card", card_name(member(&cmd, "card"))}});
    }
    if (is(type, "tenant_buy_field")) {
      return t("describe.tenant_buy_field",
               {{"helper", helper("tenant-farmer")}, {"field", field_name(member(&cmd, "field"))}});
    }
    if (is(type, "tenant_swap_field")) {
      return t("describe.tenant_swap_field", {{"helper", helper("tenant-farmer")},
                                              {"put", field_name(member(&cmd, "put"))},
                                              {"take", field_name(member(&cmd, "take"))}});
    }
    if (is(type, "con_man_offer")) {
      return t("describe.con_man_offer", {{"helper", helper("con-man")}, {"card", card_name(member(&cmd, "card"))}});
    }
    if (is(type, "subsistence_farmer_supply")) {
      return t("describe.subsistence_farmer_supply", {{"helper", helper("subsistence-farmer")}, {"veg", crop()}});
    }
    // A command this client does not know yet: its wire name.
    auto name = js_string(type);
    std::replace(name.begin(), name.end(), '_', ' ');
    return name;
  }

  // ---- story.js ----

  std::string card_label(const json* id) const {
    if (!present(id)) return t("story.no_card");
    if (!id->is_string()) return js_string(id);
    const auto& s = id->get_ref<const std::string&>();
    if (s == "hidden") return t("story.hidden_card");
    if (const auto c = engine::card_by_name(s)) {
      const auto kind = engine::card(*c).kind;
      if (kind == engine::card_kind::helper) return t("story.card_helper", {{"name", t("card." + s)}});
      if (kind == engine::card_kind::common_field) return t("story.card_field", {{"name", t("card." + s)}, {"id", s}});
    }
    return s;
  }

  // fieldArgs(f), into `args`.
  void field_args(const json* f, json& args) const {
    if (!present(f) || is(f, "")) {
      args["field"] = "";
      args["fk"] = "none";
    } else if (is(f, "HOME")) {
      args["field"] = field_name(f);
      args["fk"] = "home";
    } else if (js_string(f).starts_with("PF")) {
      args["field"] = *f;
      args["fk"] = "private";
    } else {
      args["field"] = field_name(f);
      args["fk"] = "common";
    }
  }

  std::string veg_phrase(const counts& c) const {
    std::vector<std::string> parts;
    for (const auto& [v, n] : c) {
      if (!n.is_number() || !(n.get<double>() > 0)) continue;
      const json kind = v;
      const auto* known = vegetable_of(&kind);
      parts.push_back(known != nullptr ? t(known->counted, {{"n", n}}) : js_string(&n) + " " + veg_name(&kind, n));
    }
    if (parts.empty()) return t("story.nothing");
    if (parts.size() == 1) return parts.front();
    const auto last = parts.back();
    parts.pop_back();
    return t("story.and", {{"a", join(parts, ", ")}, {"b", last}});
  }

  // stallArgs(e), into `args`.
  void stall_args(const json& e, json& args) const {
    const auto* owner_seat = member(&e, "owner");
    args["stall"] = card_label(member(&e, "stall"));
    args["own"] = same(owner_seat, member(&e, "player")) || !present(owner_seat) ? "yes" : "no";
    args["owner"] = present(owner_seat) ? owner(owner_seat) : "";
  }

  // movedText(e), for the moves a headline tells (told_by_moves); the others say only where
  // from and where to, as the browser's fallback does.
  std::string moved_text(const json& e) const {
    const auto* player = member(&e, "player");
    json args = {
        {"name", who(player)}, {"goods", veg_phrase(entries_of(member(&e, "goods")))}, {"owner", owner(player)}};
    const auto route = js_string(member(&e, "from")) + ">" + js_string(member(&e, "to"));
    if (route == "cart>supply") return t("story.moved_cart_supply", args);
    if (route == "cart>shop") return t("story.moved_cart_shop", args);
    if (route == "shop>cart") return t("story.moved_shop_cart", args);
    if (route == "cart>field" || route == "shop>field") {
      field_args(member(&e, "field"), args);
      return t(route == "cart>field" ? "story.moved_cart_field" : "story.moved_shop_field", args);
    }
    return t("story.moved_other", {{"name", args["name"]}, {"goods", args["goods"]},
                                   {"from", js_string(member(&e, "from"))}, {"to", js_string(member(&e, "to"))}});
  }

  // pairText(e, next) of a pair pair_of() found.
  std::string pair_text(const json& e, const json& next, pair_kind kind) const {
    const auto* goods = member(&e, "goods");
    const auto* next_goods = member(&next, "goods");
    json args = {{"name", who(member(&e, "player"))}};
    if (kind == pair_kind::traded) {
      args["give"] = veg_phrase(entries_of(goods));
      args["get"] = veg_phrase(entries_of(next_goods));
      stall_args(next, args);
      return t("story.traded", args);
    }
    counts all;
    for (const auto* x : {goods, next_goods}) {
      for (const auto& [v, n] : entries_of(x)) {
        auto it = all.begin();
        while (it != all.end() && it->first != v) ++it;
        if (it == all.end()) {
          all.emplace_back(v, add(0, n));
        } else {
          it->second = add(truthy(&it->second) ? it->second : json(0), n);
        }
      }
    }
    const auto total = [](const counts& c) {
      json sum = 0;
      for (const auto& [v, n] : c) {
        if (n.is_number() && n.get<double>() > 0) sum = add(sum, n);
      }
      return sum;
    };
    if (const auto* from = member(&e, "from")) args["from"] = *from;
    args["goods"] = veg_phrase(all);
    field_args(member(&e, "field"), args);
    args["own"] = total(entries_of(goods));
    args["supply"] = total(entries_of(next_goods));
    return t("story.sowed", args);
  }

  // narrate(cmd, player).
  std::string narrate(const json& cmd, const json* player) const {
    const auto name = who(player);
    const auto* type = member(&cmd, "type");
    const auto at = [&](const char* key) { return member(&cmd, key); };
    const auto said = [&](std::string_view key, json args = json::object()) {
      args["name"] = name;
      return t(key, args);
    };
    const auto helper = [&](const char* id) { return card_name(std::string(id)); };
    if (is(type, "plant_home")) return said("story.cmd_plant_home", {{"veg", veg_some(at("crop"))}});
    if (is(type, "reveal_courtyard")) return said("story.cmd_reveal_courtyard");
    if (is(type, "place_in_courtyard")) return said("story.cmd_place_in_courtyard", {{"card", card_label(at("card"))}});
    if (is(type, "take_cards")) {
      if (!truthy(at("courtyard"))) return said("story.cmd_take_card", {{"hand", card_label(at("hand"))}});
      return said("story.cmd_take_cards",
                  {{"hand", card_label(at("hand"))}, {"courtyard", card_label(at("courtyard"))}});
    }
    if (is(type, "choose_partner")) return said("story.cmd_choose_partner", {{"partner", who(at("partner"))}});
    if (is(type, "sow")) {
      json args = {{"veg", veg_some(at("crop"))}};
      field_args(at("field"), args);
      return said("story.cmd_sow", args);
    }
    if (is(type, "buy")) return said("story.cmd_buy", {{"veg", veg_some(at("crop"))}});
    if (is(type, "sell")) return said("story.cmd_sell", {{"veg", veg_some(at("crop"))}});
    if (is(type, "trade")) {
      return said("story.cmd_trade",
                  {{"give", vegs(at("give"))}, {"get", veg_name(at("get"))}, {"stall", card_label(at("stall"))}});
    }
    if (is(type, "discard_helper")) return said("story.cmd_discard_helper", {{"card", card_label(at("card"))}});
    if (is(type, "serve_regular") || is(type, "serve_casual")) {
      return said("story.cmd_serve", {{"card", card_label(at("card"))}});
    }
    if (is(type, "skip_regular")) return said("story.cmd_skip_regular", {{"card", card_label(at("card"))}});
    if (is(type, "buy_two_pack")) return said("story.cmd_buy_two_pack");
    if (is(type, "keep_two_pack")) {
      if (!truthy(at("top"))) return said("story.cmd_keep_two_pack_none");
      if (!truthy(at("bottom"))) return said("story.cmd_keep_two_pack_one", {{"card", card_label(at("top"))}});
      return said("story.cmd_keep_two_pack_both",
                  {{"top", card_label(at("top"))}, {"bottom", card_label(at("bottom"))}});
    }
    if (is(type, "take_loan")) return said("story.cmd_take_loan");
    if (is(type, "end_turn")) return said("story.cmd_end_turn");
    if (is(type, "upgrade_storehouse")) return said("story.cmd_upgrade_storehouse");
    if (is(type, "discard_veg")) return said("story.cmd_discard_veg", {{"veg", veg_some(at("crop"))}});
    if (is(type, "advance")) {
      json args = json::object();
      if (const auto* steps = at("steps")) args["n"] = *steps;
      return said("story.cmd_advance", args);
    }
    if (is(type, "undo")) return said("story.cmd_undo");
    if (is(type, "con_man")) {
      return said("story.cmd_con_man",
                  {{"helper", helper("con-man")}, {"owner", owner(at("owner"))}, {"card", card_label(at("card"))}});
    }
    if (is(type, "deliveryman")) {
      return said("story.cmd_deliveryman", {{"helper", helper("deliveryman")}, {"owner", owner(at("owner"))},
                                            {"card", card_label(at("customer"))}});
    }
    if (is(type, "trader")) {
      return said("story.cmd_trader", {{"helper", helper("trader-1")}, {"give", vegs(at("give"))},
                                       {"get", veg_name(at("get"))}, {"owner", owner(at("owner"))},
                                       {"stall", card_label(at("stall"))}});
    }
    if (is(type, "tout_buy")) {
      return said("story.cmd_tout_buy",
                  {{"helper", helper("tout")}, {"owner", owner(at("owner"))}, {"card", card_label(at("customer"))}});
    }
    if (is(type, "tout_swap") || is(type, "market_woman")) {
      return said("story.cmd_swap", {{"helper", helper(is(type, "tout_swap") ? "tout" : "market-woman")},
                                     {"mine", card_label(at("mine"))}, {"owner", owner(at("owner"))},
                                     {"theirs", card_label(at("theirs"))}});
    }
    if (is(type, "subsistence_farmer")) {
      json args = {{"helper", helper("subsistence-farmer")}, {"owner", owner(at("owner"))}};
      field_args(at("field"), args);
      return said("story.cmd_subsistence_farmer", args);
    }
    if (is(type, "buy_from_offer")) return said("story.cmd_buy_from_offer", {{"card", card_label(at("card"))}});
    if (is(type, "finish_offer")) return said("story.cmd_finish_offer");
    if (is(type, "activate_helper")) return said("story.cmd_activate_helper", {{"card", card_label(at("card"))}});
    if (is(type, "foreman_take")) return said("story.cmd_foreman_take", {{"helper", helper("foreman")}});
    if (is(type, "foreman_pass")) return said("story.cmd_foreman_pass", {{"helper", helper("foreman")}});
    if (is(type, "finish_taking")) return said("story.cmd_finish_taking");
    if (is(type, "skip_harvest_helper")) {
      return said("story.cmd_skip_harvest_helper", {{"helper", helper("harvest-helper")}});
    }
    return said("story.cmd_other", {{"what", describe(cmd)}});
  }

  // headline(entry).text, from the first chunk of consequences(entry): the Cash the mover paid
  // to or got from the bank, and the sentence of the command's own vegetables_moved (the other
  // lines of the chunk are not part of the headline, so they are not written).
  std::string headline(const json& entry) const {
    const auto* cmd = member(&entry, "cmd");
    const auto* player = member(&entry, "player");
    std::vector<std::string> named;  // namedCards(cmd)
    for (const char* k : {"card", "hand", "courtyard", "top", "bottom", "customer", "theirs", "mine"}) {
      if (const auto* c = member(cmd, k); c != nullptr && c->is_string()) named.push_back(c->get<std::string>());
    }
    std::vector<std::string> amounts;
    std::optional<std::string> told;
    const auto* events = member(&entry, "events");
    const std::size_t count = events != nullptr && events->is_array() ? events->size() : 0;
    for (std::size_t i = 0; i < count; ++i) {
      const json& e = (*events)[i];
      const auto* type = member(&e, "type");
      // A round, a phase or the game's end starts the next chunk: the headline's is over.
      if (is(type, "round_started") || is(type, "phase_started") || is(type, "game_ended")) break;
      if (is(type, "card_played") && !truthy(member(&e, "under"))) {
        const auto* card = member(&e, "card");
        if (card != nullptr && card->is_string() && std::find(named.begin(), named.end(), *card) != named.end()) {
          continue;
        }
      }
      if (is(type, "undone")) continue;
      const json* next = i + 1 < count ? &(*events)[i + 1] : nullptr;
      if (is(type, "harvested") && is(member(next, "type"), "field_emptied") &&
          same(member(next, "player"), member(&e, "player")) && same(member(next, "field"), member(&e, "field"))) {
        ++i;
      }
      const auto pair = pair_of(e, next);
      if (pair != pair_kind::none) ++i;
      if (is(type, "payment")) {
        // Every payment makes a line; the mover's own with the bank are the headline's amounts.
        const auto* from = member(&e, "from");
        const auto* to = member(&e, "to");
        if (present(player) && ((same(from, player) && !present(to)) || (same(to, player) && !present(from)))) {
          json args = json::object();
          if (const auto* amount = member(&e, "amount")) args["n"] = *amount;
          amounts.push_back(t(same(to, player) ? "story.cash_plus" : "story.cash_minus", args));
        }
      } else if (!told && is(type, "vegetables_moved") && truthy(cmd) && same(member(&e, "player"), player) &&
                 told_by_moves(member(cmd, "type"), e)) {
        auto text = pair == pair_kind::none ? moved_text(e) : pair_text(e, *next, pair);
        if (!text.empty()) told = std::move(text);
      }
    }
    const auto sentence = told ? *told : narrate(cmd != nullptr ? *cmd : json(nullptr), player);
    if (amounts.empty()) return sentence;
    return t("story.headline_cash", {{"text", sentence}, {"amounts", join(amounts, ", ")}});
  }

 private:
  const std::vector<std::string>& names_;
  std::string_view bank_;
  std::string_view language_;
};

}  // namespace

recap recap_of(const nlohmann::json& entries, const std::vector<std::string>& names, std::string_view bank,
               std::string_view language) {
  recap out;
  if (!entries.is_array() || entries.empty()) return out;
  const teller tell(names, bank, language);

  std::vector<const json*> players;  // new Set(entries.map((e) => e.player))
  std::vector<std::string> movers;
  std::vector<std::string> rounds;
  std::vector<std::string> lines;
  std::vector<std::pair<const json*, std::int64_t>> net;  // cashChanges: seat, net Cash
  const auto pay = [&](const json* seat, std::int64_t n) {
    if (!present(seat)) return;
    const auto it = std::find_if(net.begin(), net.end(), [&](const auto& x) { return same(x.first, seat); });
    if (it == net.end()) {
      net.emplace_back(seat, n);
    } else {
      it->second += n;
    }
  };
  for (const auto& en : entries) {
    const auto* player = member(&en, "player");
    if (std::none_of(players.begin(), players.end(), [&](const json* p) { return same(p, player); })) {
      players.push_back(player);
      movers.push_back(tell.who(player));
    }
    if (const auto* events = member(&en, "events"); events != nullptr && events->is_array()) {
      for (const auto& e : *events) {
        const auto* type = member(&e, "type");
        if (is(type, "round_started")) {
          if (const auto* round = member(&e, "round")) rounds.push_back(tell.t("digest.round", {{"n", *round}}));
        } else if (is(type, "payment")) {
          const auto* amount = member(&e, "amount");
          const std::int64_t n = amount != nullptr && amount->is_number() ? amount->get<std::int64_t>() : 0;
          pay(member(&e, "from"), -n);
          pay(member(&e, "to"), n);
        }
      }
    }
    lines.push_back(tell.headline(en));
  }

  const auto* first = member(&entries.front(), "version");
  const auto* last = member(&entries.back(), "version");
  // Versions as the digits they are (no thousands separator), as everywhere they are shown.
  out.summary = tell.t("digest.summary", {{"n", entries.size()},
                                          {"movers", join(movers, ", ")},
                                          {"first", js_string(first)},
                                          {"last", js_string(last)},
                                          {"same", same(first, last) ? "yes" : "no"},
                                          {"began", rounds.size()},
                                          {"rounds", join(rounds, ", ")}});
  if (lines.size() > most_lines) {
    out.more = lines.size() - most_lines;
    out.more_text = tell.t("digest.more", {{"n", out.more}});
    lines.resize(most_lines);
  }
  out.lines = std::move(lines);

  std::erase_if(net, [](const auto& x) { return x.second == 0; });
  const auto seat_number = [](const json* s) { return s->is_number() ? s->get<double>() : 0.0; };
  std::stable_sort(net.begin(), net.end(),
                   [&](const auto& a, const auto& b) { return seat_number(a.first) < seat_number(b.first); });
  if (!net.empty()) {
    std::vector<std::string> changes;
    for (const auto& [seat, n] : net) {
      // "ann +3, Bot 2 −4": a minus sign (U+2212) and the digits as JavaScript's String() writes them.
      changes.push_back(tell.who(seat) + " " + (n > 0 ? "+" : "\u2212") + std::to_string(n < 0 ? -n : n));
    }
    out.cash = tell.t("digest.cash", {{"changes", join(changes, ", ")}});
  }
  return out;
}

}  // namespace loyang::server::notify
