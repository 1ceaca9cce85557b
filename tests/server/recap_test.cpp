// The turn e-mails' recap (server/src/notify/recap.cpp) says word for word what the browser's
// "since your last visit" box says (web/js/digest.js, digestText): random games of the engine,
// logged as the server logs them (history::game_log) and read as each seat reads them, cut into
// "since this seat's last own command" windows, in English, French and Italian, beside some
// made by hand; node runs the browser's modules over the same windows
// (tests/web/recap_parity.mjs) and every text must be equal.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sys/wait.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "history/game_log.hpp"
#include "i18n/text.hpp"
#include "loyang/engine/events.hpp"
#include "loyang/engine/game.hpp"
#include "loyang/engine/rng.hpp"
#include "loyang/protocol/command_json.hpp"
#include "notify/recap.hpp"
#include "temp_dir.hpp"

using nlohmann::json;
namespace engine = loyang::engine;
namespace history = loyang::server::history;
namespace i18n = loyang::server::i18n;
using loyang::server::notify::recap;
using loyang::server::notify::recap_of;

namespace {

const std::vector<std::string> languages{"en", "fr", "it"};

/// A random game to its end (or `most` commands), as a room logs it: every seat's log
/// entries exactly as its views carry them.
std::vector<json> seat_logs(const engine::options& opts, std::uint64_t seed, int most = 3000) {
  const auto start = engine::new_game(opts, seed);
  auto s = start;
  history::game_log log(std::size_t(opts.players));
  engine::rng bot(seed * 7919 + 1);
  engine::event_list events;
  std::int64_t at = 1'800'000'000;
  for (int n = 0; n < most && s.current_phase != engine::phase::finished; ++n) {
    // Now and then a seat out of turn sells, takes a loan or uses a Helper, as players may.
    auto p = s.active;
    if (bot.below(20) == 0) p = engine::player_id(bot.below(s.players.size()));
    auto legal = engine::legal_commands(s, p);
    if (legal.empty()) {
      p = s.active;
      legal = engine::legal_commands(s, p);
    }
    if (legal.empty()) break;
    const auto cmd = legal[bot.below(legal.size())];
    events.clear();
    REQUIRE_FALSE(engine::apply(s, p, cmd, &events));
    log.append(s.version, p, cmd, loyang::protocol::command_to_json(cmd).dump(), at += 37, std::move(events), s);
  }
  std::vector<json> out;
  for (int seat = 0; seat < opts.players; ++seat) {
    out.push_back(json::parse(log.array_text(start, engine::player_id(seat))));
  }
  return out;
}

/// How a seat's page names the seats (web/js/names.js): accounts, a bot, the imaginary opponent
/// of a solo game, and "(you)" for the reader.
std::vector<std::string> names_for(const std::string& language, int players, int reader, int game) {
  static const std::vector<std::string> accounts{"ann", "Bérénice", "cid_42", "dee (DD)", "Émile", "fox"};
  std::vector<std::string> names;
  for (int seat = 0; seat < std::max(players, 2); ++seat) {
    std::string name;
    if (players == 1 && seat == 1) {
      name = i18n::text(language, "render.seat_imaginary_opponent");
    } else if (seat == 2 && game % 2 == 0) {
      name = i18n::text(language, "render.seat_bot", {{"n", seat + 1}});
    } else {
      name = accounts[std::size_t(seat + game) % accounts.size()];
    }
    names.push_back(seat == reader ? i18n::text(language, "render.seat_you", {{"name", name}}) : name);
  }
  return names;
}

json a_case(const std::string& language, std::vector<std::string> names, json entries) {
  return {{"language", language}, {"names", std::move(names)}, {"bank", i18n::text(language, "render.seat_bank")},
          {"entries", std::move(entries)}};
}

json slice(const json& log, std::size_t from, std::size_t to) {
  return json(std::vector<json>(log.begin() + std::ptrdiff_t(from), log.begin() + std::ptrdiff_t(to)));
}

/// Runs a shell command; its exit code and what it wrote on stdout.
std::pair<int, std::string> run(const std::string& command) {
  std::string out;
  FILE* p = popen(command.c_str(), "r");
  REQUIRE(p);
  char buffer[65536];
  while (const auto n = fread(buffer, 1, sizeof buffer, p)) out.append(buffer, n);
  const int status = pclose(p);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

std::string quoted(const std::string& s) { return "'" + s + "'"; }

/// The browser's words for each case of `corpus`, from node; null when node is missing.
std::optional<json> browser_words(const json& corpus) {
  if (std::system("command -v node >/dev/null 2>&1") != 0) return std::nullopt;
  const std::filesystem::path source = std::filesystem::path(LOYANG_WEB_DIR).parent_path();
  loyang::test::temp_dir dir;
  const auto file = (dir.path() / "corpus.json").string();
  std::ofstream(file) << corpus.dump();
  const auto [code, out] = run("node " + quoted((source / "tests/web/recap_parity.mjs").string()) + " " +
                               quoted(source.string()) + " " + quoted(file));
  INFO(out.substr(0, 2000));
  REQUIRE(code == 0);
  return json::parse(out);
}

/// Every case's recap against the browser's words: the number of cases that differ, with the
/// first few shown.
std::size_t differences(const json& corpus, const json& words) {
  REQUIRE(words.size() == corpus.size());
  std::size_t differ = 0;
  for (std::size_t i = 0; i < corpus.size(); ++i) {
    const auto& c = corpus[i];
    const recap r = recap_of(c["entries"], c["names"].get<std::vector<std::string>>(), c["bank"].get<std::string>(),
                             c["language"].get<std::string>());
    const json mine = {{"summary", r.summary}, {"lines", r.lines}, {"more", r.more}, {"more_text", r.more_text},
                       {"cash", r.cash}};
    if (mine == words[i]) continue;
    if (++differ <= 5) {
      const auto& e = c["entries"];
      UNSCOPED_INFO("case " << i << " (" << c["language"].get<std::string>() << ", versions "
                            << (e.empty() ? json() : e.front()["version"]) << "–"
                            << (e.empty() ? json() : e.back()["version"]) << ")\n  server:  " << mine.dump()
                            << "\n  browser: " << words[i].dump());
    }
  }
  return differ;
}

/// An entry made by hand, as the server writes one.
json entry(int version, json player, json cmd, std::vector<json> events) {
  return {{"at", 1'800'000'000 + version}, {"cmd", std::move(cmd)}, {"events", std::move(events)},
          {"player", std::move(player)}, {"version", version}};
}
json payment(json from, json to, int amount, const char* reason, json card = nullptr) {
  return {{"type", "payment"}, {"from", std::move(from)}, {"to", std::move(to)}, {"amount", amount},
          {"reason", reason}, {"card", std::move(card)}};
}
json goods(std::initializer_list<std::pair<const char*, int>> counts) {
  json g = {{"bean", 0}, {"cabbage", 0}, {"leek", 0}, {"pumpkin", 0}, {"turnip", 0}, {"wheat", 0}};
  for (const auto& [v, n] : counts) g[v] = n;
  return g;
}
json moved(int player, const char* from, const char* to, json what, json extra = json::object()) {
  json e = {{"type", "vegetables_moved"}, {"player", player}, {"from", from}, {"to", to}, {"goods", std::move(what)}};
  e.update(extra);
  return e;
}

/// Windows made by hand for what random games rarely or never show.
std::vector<json> hand_made_windows() {
  std::vector<json> out;
  out.push_back(json::array());  // nothing happened
  // Only Cash changed hands: loans, a Helper's fee between seats, a seat that nets nothing, an
  // amount with thousands (JavaScript's String() in digest.cash, the language's way elsewhere).
  out.push_back(json::array({
      entry(1041, 1, {{"type", "take_loan"}}, {payment(nullptr, 1, 5, "loan")}),
      entry(1042, 0, {{"type", "take_loan"}}, {payment(nullptr, 0, 1234, "loan"), payment(0, nullptr, 1234, "path")}),
      entry(1043, 2,
            {{"type", "trader"}, {"give", json::array({"wheat"})}, {"get", "leek"}, {"owner", 1}, {"stall", "M07"}},
            {payment(2, 1, 2, "helper", "trader-1"), payment(nullptr, 3, 7, "customer", "R09")}),
  }));
  // Sentences the vegetables tell: a trade, a sowing and a planting as pairs, a purchase and a
  // sale, a harvest that empties a field, a card the command names.
  out.push_back(json::array({
      entry(7, 0, {{"type", "trade"}, {"stall", "M07"}, {"get", "leek"}, {"give", json::array({"pumpkin", "cabbage"})}},
            {moved(0, "cart", "supply", goods({{"pumpkin", 1}, {"cabbage", 1}})),
             moved(0, "stall", "cart", goods({{"leek", 1}}), {{"stall", "M07"}, {"owner", 1}})}),
      entry(8, 1, {{"type", "sow"}, {"crop", "wheat"}, {"field", "PF4-A"}},
            {moved(1, "cart", "field", goods({{"wheat", 1}}), {{"field", "PF4-A"}}),
             moved(1, "supply", "field", goods({{"wheat", 3}}), {{"field", "PF4-A"}})}),
      entry(9, 1, {{"type", "plant_home"}, {"crop", "bean"}},
            {payment(1, nullptr, 6, "home_field"), moved(1, "shop", "field", goods({{"bean", 1}}), {{"field", "HOME"}}),
             moved(1, "supply", "field", goods({{"bean", 8}}), {{"field", "HOME"}})}),
      entry(10, 0, {{"type", "buy"}, {"crop", "bean"}},
            {payment(0, nullptr, 6, "purchase"), moved(0, "shop", "cart", goods({{"bean", 1}}))}),
      entry(11, 0, {{"type", "sell"}, {"crop", "wheat"}},
            {moved(0, "cart", "shop", goods({{"wheat", 2}, {"turnip", 1}})), payment(nullptr, 0, 3, "sale")}),
      entry(12, 1, {{"type", "sow"}, {"crop", "pumpkin"}, {"field", "CF3-2"}},
            {moved(1, "cart", "field", goods({{"pumpkin", 1}}), {{"field", "CF3-2"}})}),
      entry(13, 0, {{"type", "end_turn"}},
            {{{"type", "harvested"}, {"player", 0}, {"field", "PF3-A"}, {"crop", "turnip"}, {"amount", 1}, {"left", 0}},
             {{"type", "field_emptied"}, {"player", 0}, {"field", "PF3-A"}, {"to_discard", false}},
             {{"type", "round_started"}, {"round", 4}},
             {{"type", "phase_started"}, {"at", "harvest"}}}),
      entry(14, 1, {{"type", "serve_regular"}, {"card", "R09"}},
            {{{"type", "card_played"}, {"player", 1}, {"card", "R09"}, {"from", "hand"}, {"under", nullptr}},
             payment(nullptr, 1, 6, "customer", "R09")}),
      entry(15, 0, {{"type", "keep_two_pack"}, {"top", "M03"}, {"bottom", nullptr}}, {}),
  }));
  // Commands whose sentence comes from describe.js, one the client does not know, a seat the
  // names lack, a partner, an advance of no step, and the game's end.
  out.push_back(json::array({
      entry(20, 0,
            {{"type", "merchant"},
             {"crops", json::array({"wheat", "leek"})},
             {"haggler", "leek"},
             {"shopper", nullptr}},
            {}),
      entry(21, 0, {{"type", "harvest_helper"}, {"fields", json::array({"HOME", "PF5-B", "CF4-1"})}}, {}),
      entry(22, 1, {{"type", "market_crier_sell"}, {"goods", json::array({{{"good", "bean"}, {"stall", "M02"}}})}}, {}),
      entry(23, 1, {{"type", "shopper"}, {"crop", "cabbage"}, {"with_haggler", true}}, {}),
      entry(24, 0, {{"type", "tenant_swap_field"}, {"put", "PF3-A"}, {"take", "CF5-1"}}, {}),
      entry(25, 0, {{"type", "squire_take"}, {"card", "C04"}}, {}),
      entry(26, 0, {{"type", "shop_add"}, {"crop", "turnip"}}, {}),
      entry(27, 0, {{"type", "summon_dragon"}}, {}),
      entry(28, 5, {{"type", "choose_partner"}, {"partner", 0}}, {}),
      entry(29, 1, {{"type", "advance"}, {"steps", 0}}, {{{"type", "game_ended"}}}),
      [] {  // a log whose commands no longer replay has no events
        auto e = entry(30, 1, {{"type", "con_man"}, {"owner", 0}, {"card", "trader-2"}}, {});
        e["events"] = nullptr;
        return e;
      }(),
  }));
  // Helpers' commands the random games above happen not to use.
  out.push_back(json::array({
      entry(40, 2, {{"type", "tout_buy"}, {"owner", 1}, {"customer", "C11"}}, {payment(2, 1, 3, "helper", "tout")}),
      entry(41, 2, {{"type", "foreman_take"}}, {}),
      entry(42, 2, {{"type", "finish_taking"}}, {}),
      entry(43, 3, {{"type", "skip_harvest_helper"}}, {}),
      entry(44, 3, {{"type", "saleswoman_blue"}}, {}),
      entry(45, 3, {{"type", "activate_saleswoman_blue"}}, {}),
      entry(46, 0, {{"type", "serve_regular_twice"}, {"card", "R14"}}, {payment(nullptr, 0, 17, "customer", "R14")}),
      entry(47, 0, {{"type", "con_man_offer"}, {"card", "market-crier"}}, {}),
  }));
  return out;
}

}  // namespace

TEST_CASE("the turn mail's recap says what the browser's digest says, for windows of real games in every language",
          "[notify][recap]") {
  struct game {
    int players;
    engine::ruleset rules;
    bool introductory;
    std::uint64_t seed;
    int most;  // commands: games of 3 and 4 are long, and their first rounds show all they do
  };
  const std::vector<game> games{
      {1, engine::ruleset::yucata, false, 101, 3000},  {1, engine::ruleset::original, false, 102, 3000},
      {2, engine::ruleset::yucata, false, 201, 3000},  {2, engine::ruleset::original, true, 202, 3000},
      {2, engine::ruleset::original, false, 203, 3000}, {3, engine::ruleset::original, false, 301, 300},
      {3, engine::ruleset::yucata, true, 302, 300},    {3, engine::ruleset::yucata, false, 303, 300},
      {4, engine::ruleset::yucata, true, 401, 300},    {4, engine::ruleset::original, false, 402, 300},
      {4, engine::ruleset::yucata, false, 403, 300},   {4, engine::ruleset::original, true, 404, 300},
  };
  json corpus = json::array();
  std::size_t windows = 0;
  std::set<std::string> languages_used;
  std::set<std::string> command_types;
  for (std::size_t g = 0; g < games.size(); ++g) {
    engine::options opts;
    opts.players = games[g].players;
    opts.rules = games[g].rules;
    opts.introductory = games[g].introductory;
    const auto logs = seat_logs(opts, games[g].seed, games[g].most);
    for (int seat = 0; seat < opts.players; ++seat) {
      // Each seat's view, from after its last own command up to its next one (when the turn
      // mail goes out) or the game's end, and up to points between: 1 to 8, 16, 32... commands on.
      const auto& log = logs[std::size_t(seat)];
      std::size_t since = 0;
      for (std::size_t i = 0; i <= log.size(); ++i) {
        const bool own = i < log.size() && log[i]["player"] == seat;
        const auto n = i - since;
        if (n > 0 && (own || i == log.size() || n <= 8 || (n & (n - 1)) == 0)) {
          const auto& language = languages[windows++ % languages.size()];
          languages_used.insert(language);
          corpus.push_back(a_case(language, names_for(language, opts.players, seat, int(g)), slice(log, since, i)));
        }
        if (own) since = i + 1;
      }
      if (opts.players == 1) {
        // Solo: no one else moves, so stretches of the player's own commands, which name the
        // imaginary opponent too.
        for (std::size_t from = 0; from < log.size(); from += 13) {
          const auto& language = languages[windows++ % languages.size()];
          corpus.push_back(a_case(language, names_for(language, 1, 0, int(g)),
                                  slice(log, from, std::min(log.size(), from + 1 + from % 17))));
        }
      }
      for (const auto& e : log) command_types.insert(e["cmd"]["type"].get<std::string>());
    }
  }
  for (const auto& window : hand_made_windows()) {
    for (const auto& language : languages) corpus.push_back(a_case(language, names_for(language, 4, 1, 0), window));
  }
  INFO(windows << " windows of real games, " << corpus.size() << " cases; commands seen: "
                << json(command_types).dump());
  CHECK(windows >= 3000);
  CHECK(languages_used.size() == languages.size());

  const auto words = browser_words(corpus);
  if (!words) {
    WARN("node is missing: the recap is not compared with the browser's digest (scripts/install-deps.sh installs it)");
    return;
  }
  CHECK(differences(corpus, *words) == 0);
}

TEST_CASE("a recap of nothing is empty; of more than 8 commands it shows 8 headlines and counts the rest; "
          "Cash alone is told",
          "[notify][recap]") {
  const auto windows = hand_made_windows();
  const std::vector<std::string> names{"ann (you)", "bob", "Bot 3", "dee"};
  const auto nothing = recap_of(windows[0], names, "the bank", "en");
  CHECK(nothing.summary.empty());
  CHECK(nothing.lines.empty());
  CHECK(nothing.cash.empty());

  const auto many = recap_of(windows[2], names, "the bank", "en");
  CHECK(many.lines.size() == 8);
  CHECK(many.more == 1);
  CHECK(many.more_text == "… and 1 more: see the log (marked there)");
  CHECK(many.lines[0] == "ann (you) traded a cabbage and a pumpkin for a leek at bob's stall M07");
  CHECK(many.summary == "9 moves by ann (you), bob (versions 7–15); round 4 began.");

  // ann's loan went to the Path: a seat whose Cash nets to nothing is not named.
  const auto cash = recap_of(windows[1], names, "la banque", "fr");
  CHECK(cash.more == 0);
  CHECK(cash.more_text.empty());
  CHECK(cash.cash == "Cash\u00a0: bob +7, Bot 3 \u22122, dee +7");
}
