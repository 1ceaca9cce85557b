// A load bot keeps only phase, to_act and the legal commands, from the very patches the server
// sends: along random games, what it keeps equals the same parts of the seat's whole view.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <optional>

#include "bot_view.hpp"
#include "json_fixture.hpp"
#include "json_scan.hpp"
#include "loyang/protocol/client_view.hpp"
#include "loyang/protocol/command_json.hpp"
#include "loyang/protocol/patch.hpp"
#include "loyang/protocol/view_patcher.hpp"

using nlohmann::json;
using namespace loyang;
using loyang::load::bot_view;
namespace scan = loyang::load::scan;

namespace {

// The bot's legal commands as the view's JSON list.
json legal_json(const bot_view& bot) {
  auto legal = json::array();
  for (const auto& c : bot.legal()) legal.push_back(json::parse(c.text));
  return legal;
}

// What the bot keeps, as the JSON parts of a view it stands for.
void check_equal(const bot_view& bot, const json& view) {
  CHECK(legal_json(bot) == view.at("legal"));
  CHECK(json(bot.to_act()) == view.at("to_act"));
  CHECK(bot.finished() == (view.at("game").at("phase") == "finished"));
}

// How many kept operations had a path of each depth: /legal is 1, /legal/3 2, /legal/3/crop 3.
std::map<int, int> depths;

// Applies the kept operations of one patch, as loyang-load's player does.
void apply_ops(bot_view& bot, const std::string& ops_text) {
  scan::elements("[" + ops_text + "]", [&](std::string_view op_text) {
    std::string_view op, path, value;
    scan::pick(op_text, {{"op", &op}, {"path", &path}, {"value", &value}});
    const auto where = scan::raw_string(path);
    REQUIRE(where);
    if (!bot_view::keeps(*where)) return;
    bot.apply(*scan::raw_string(op), *where, value);
    ++depths[int(std::count(where->begin(), where->end(), '/'))];
  });
}

}  // namespace

TEST_CASE("a bot's part of its view follows the server's patches", "[load][bot_view]") {
  std::uint64_t seed = 40;
  for (const auto& opts : protocol::test::sample_options()) {
    INFO("players " << opts.players << ", seed " << seed);
    std::optional<protocol::view_patcher> patcher;
    std::vector<bot_view> bots(std::size_t(opts.players));
    std::size_t commands = 0;
    // Each new state's patches, applied to every seat's bot and checked against the seat's view
    // (every few commands: the whole view costs more than the patch; always at the end).
    const auto step = [&](const engine::state& s, bool check) {
      if (!patcher) {
        patcher.emplace(s);
        for (std::size_t p = 0; p < bots.size(); ++p) {
          bots[p].reset(protocol::client_view(s, engine::player_id(p)));
        }
      } else {
        patcher->advance(s);
        ++commands;
      }
      for (std::size_t p = 0; p < bots.size(); ++p) {
        const auto seat = engine::player_id(p);
        INFO("seat " << p << ", version " << s.version);
        apply_ops(bots[p], patcher->ops_text(seat));
        if (check) check_equal(bots[p], protocol::client_view(s, seat));
      }
    };
    engine::state s = engine::new_game(opts, seed);
    engine::rng random(seed * 7919 + 1);
    ++seed;
    REQUIRE(engine::play_out(s, random, 100000,
                             [&](const engine::state& now, engine::player_id, const engine::command&) {
                               step(now, commands % 5 == 0);
                             }));
    step(s, true);
    CHECK(bots[0].finished());
    CHECK(commands > 100);
  }
  CHECK(depths[1] > 0);  // the server replaces the whole legal list
  CHECK(depths[2] > 0);  // to_act's seats
}

// The server sends a changed legal list whole; a bot also follows any other valid patch of it,
// such as the element-wise diff of one list to the next (commands, their members, and lists
// inside members).
TEST_CASE("a bot follows element-wise patches of its legal commands", "[load][bot_view]") {
  depths.clear();
  std::uint64_t seed = 60;
  for (const auto& opts : protocol::test::sample_options()) {
    INFO("players " << opts.players << ", seed " << seed);
    const auto part = [](const engine::state& s, engine::player_id seat) {
      auto legal = json::array();
      for (const auto& c : engine::legal_commands(s, seat)) {
        legal.push_back(protocol::command_to_json(c));
      }
      return json{{"legal", legal}, {"to_act", engine::to_act(s)}};
    };
    std::vector<bot_view> bots;
    std::vector<json> last;  // per seat
    const auto step = [&](const engine::state& s, engine::player_id, const engine::command&) {
      for (std::size_t p = 0; p < s.players.size(); ++p) {
        const auto seat = engine::player_id(p);
        json now = part(s, seat);
        if (bots.size() <= p) {
          bots.emplace_back().reset(protocol::client_view(s, seat));
          last.push_back(std::move(now));
          continue;
        }
        INFO("seat " << p << ", version " << s.version);
        const auto ops = protocol::diff(last[p], now).dump();
        apply_ops(bots[p], ops.substr(1, ops.size() - 2));
        CHECK(legal_json(bots[p]) == now.at("legal"));
        CHECK(json(bots[p].to_act()) == now.at("to_act"));
        last[p] = std::move(now);
      }
    };
    protocol::test::walk_game(opts, seed++, step);
  }
  CHECK(depths[2] > 0);  // whole commands (and to_act's seats)
  CHECK(depths[3] > 0);  // members of commands
  CHECK(depths[4] > 0);  // inside a member's list
}

TEST_CASE("operations a bot cannot apply are refused", "[load][bot_view]") {
  bot_view bot;
  bot.reset(json::parse(R"({"game":{"phase":"harvest"},"to_act":[1],
                            "legal":[{"type":"end_turn"},{"type":"buy","crop":"wheat"}]})"));
  CHECK(bot.must_act(1));
  CHECK_FALSE(bot.must_act(0));
  CHECK(bot_view::make_command(R"({"type":"undo"})").undo);
  CHECK_FALSE(bot.legal()[0].undo);

  CHECK_THROWS(bot.apply("replace", "/legal/2", R"({"type":"x"})"));  // no such command
  CHECK_THROWS(bot.apply("remove", "/legal/1/card", ""));             // no such member
  CHECK_THROWS(bot.apply("replace", "/legal/1/card", R"("R01")"));
  CHECK_THROWS(bot.apply("add", "/legal/01", R"({"type":"x"})"));     // not an index
  CHECK_THROWS(bot.apply("move", "/to_act/0", ""));
  CHECK_THROWS(bot.apply("add", "/legal/1/crop", ""));                // no value
  CHECK_THROWS(bot.apply("replace", "/game/players", "[]"));          // not kept
  CHECK(bot.legal().size() == 2);

  bot.apply("add", "/legal/-", R"({"type":"undo"})");
  bot.apply("replace", "/legal/1/crop", R"("leek")");
  bot.apply("add", "/legal/1/give", R"(["wheat","bean"])");
  bot.apply("remove", "/legal/1/give/0", "");
  bot.apply("add", "/to_act/-", "0");
  bot.apply("replace", "/game/phase", R"("finished")");
  CHECK(bot.legal()[1].text == R"({"crop":"leek","type":"buy","give":["bean"]})");
  CHECK(bot.legal()[2].undo);
  CHECK(bot.must_act(0));
  CHECK(bot.finished());
}
