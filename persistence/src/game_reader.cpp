#include "game_reader.hpp"

#include <map>
#include <string>

#include "loyang/engine/game.hpp"
#include "loyang/engine/serialize.hpp"
#include "loyang/persistence/transaction.hpp"
#include "loyang/protocol/command_json.hpp"
#include "row_codec.hpp"

namespace loyang::persistence::detail {
namespace {

std::string game_name(std::int64_t id) { return "game " + std::to_string(id); }

}  // namespace

game_reader::game_reader(const std::filesystem::path& file)
    : db_(file),
      game_(db_.prepare("SELECT options, seed, version, state_hash FROM games WHERE id = ?1")),
      snapshot_(db_.prepare(
          "SELECT version, state, state_hash FROM snapshots WHERE game_id = ?1 AND version <= ?2 "
          "ORDER BY version DESC LIMIT 1")),
      commands_(db_.prepare(
          "SELECT version, player, command, created_at FROM commands WHERE game_id = ?1 "
          "ORDER BY version")),
      last_seen_(db_.prepare("SELECT seat, version FROM last_seen WHERE game_id = ?1 ORDER BY seat")),
      due_notes_(db_.prepare(
          "SELECT id, account_id, channel, dedupe, body, created_at, attempts, next_at FROM outbox "
          "WHERE state = 'queued' AND next_at <= ?1 ORDER BY next_at, id LIMIT ?2")),
      queued_notes_(db_.prepare("SELECT count(*) FROM outbox WHERE state = 'queued'")) {}

std::vector<outbox_record> game_reader::due_notifications(std::int64_t now, std::size_t limit) {
  std::vector<outbox_record> out;
  due_notes_.bind(1, now).bind(2, static_cast<std::int64_t>(limit));
  while (due_notes_.step()) {
    outbox_record n;
    n.id = due_notes_.column_int64(0);
    n.account = due_notes_.column_int64(1);
    n.channel = due_notes_.column_text(2);
    n.dedupe = due_notes_.column_text(3);
    n.body = due_notes_.column_text(4);
    n.created_at = due_notes_.column_int64(5);
    n.attempts = static_cast<int>(due_notes_.column_int64(6));
    n.next_at = due_notes_.column_int64(7);
    out.push_back(std::move(n));
  }
  due_notes_.reset();
  return out;
}

std::int64_t game_reader::queued_notifications() {
  queued_notes_.step();
  const auto n = queued_notes_.column_int64(0);
  queued_notes_.reset();
  return n;
}

store::catalog game_reader::load_catalog() {
  store::catalog out;
  read_transaction t(db_);
  try {
    auto accounts = db_.prepare("SELECT id, name, password_hash, created_at FROM accounts ORDER BY id");
    while (accounts.step()) {
      account_record a;
      a.id = accounts.column_int64(0);
      a.name = accounts.column_text(1);
      a.password_hash = accounts.column_text(2);
      a.created_at = accounts.column_int64(3);
      out.accounts.push_back(std::move(a));
    }
    auto tokens = db_.prepare(
        "SELECT token_hash, account_id, created_at, last_used_at FROM tokens WHERE revoked = 0");
    while (tokens.step()) {
      out.tokens.push_back({tokens.column_text(0), tokens.column_int64(1), tokens.column_int64(2),
                            tokens.column_int64(3)});
    }

    auto vacations = db_.prepare(
        "SELECT account_id, starts_at, ends_at FROM vacations ORDER BY account_id, starts_at");
    while (vacations.step()) {
      out.vacations.push_back({vacations.column_int64(0), vacations.column_int64(1), vacations.column_int64(2)});
    }
    auto settings = db_.prepare("SELECT account_id, settings FROM notify_settings ORDER BY account_id");
    while (settings.step()) out.notify_settings.emplace_back(settings.column_int64(0), settings.column_text(1));

    auto games = db_.prepare(
        "SELECT id, options, seed, status, creator, invited, created_at, updated_at, version, "
        "to_act, waiting_since, result, watch, clock FROM games ORDER BY id");
    std::map<std::int64_t, std::size_t> index;
    while (games.step()) {
      game_record g;
      g.id = games.column_int64(0);
      g.options = parse_options_text(games.column_text(1), g.id);
      g.seed = from_column(games.column_int64(2));
      g.status = parse_status(games.column_text(3));
      g.creator = games.column_is_null(4) ? 0 : games.column_int64(4);
      g.invited = parse_invited(games.column_text(5));
      g.created_at = games.column_int64(6);
      g.updated_at = games.column_int64(7);
      g.version = static_cast<std::uint32_t>(games.column_int64(8));
      g.to_act = parse_to_act(games.column_text(9));
      g.waiting_since = games.column_int64(10);
      if (!games.column_is_null(11)) g.result = parse_json(games.column_text(11));
      g.watch = parse_watch(games.column_text(12));
      if (!games.column_is_null(13)) g.clock = parse_json(games.column_text(13));
      index[g.id] = out.games.size();
      out.games.push_back(std::move(g));
    }
    auto seats = db_.prepare("SELECT game_id, seat, account_id, bot, gone, gone_at FROM seats ORDER BY game_id, seat");
    while (seats.step()) {
      const auto it = index.find(seats.column_int64(0));
      if (it == index.end()) continue;
      auto& list = out.games[it->second].seats;
      const auto seat = static_cast<std::size_t>(seats.column_int64(1));
      if (list.size() <= seat) list.resize(seat + 1);
      list[seat].account_id = seats.column_is_null(2) ? 0 : seats.column_int64(2);
      list[seat].bot = seats.column_int64(3) != 0;
      if (!seats.column_is_null(4)) {
        list[seat].gone = parse_departure(seats.column_text(4));
        list[seat].gone_at = seats.column_is_null(5) ? 0 : seats.column_int64(5);
      }
    }
  } catch (const nlohmann::json::exception& e) {
    throw error(std::string("stored catalog does not parse: ") + e.what());
  }
  return out;
}

loaded_game game_reader::load_game(std::int64_t id) {
  read_transaction t(db_);  // the row, the snapshot and the log of one committed state

  game_.bind(1, id);
  if (!game_.step()) {
    game_.reset();
    throw error(game_name(id) + " is not stored");
  }
  const auto options = parse_options_text(game_.column_text(0), id);
  const auto seed = from_column(game_.column_int64(1));
  const auto version = static_cast<std::uint32_t>(game_.column_int64(2));
  const bool has_hash = !game_.column_is_null(3);
  const auto final_hash = from_column(game_.column_int64(3));
  game_.reset();

  // The latest snapshot, if any, must be exactly the state its hash describes.
  std::optional<engine::state> start;
  std::uint32_t from = 0;
  snapshot_.bind(1, id).bind(2, static_cast<std::int64_t>(version));
  if (snapshot_.step()) {
    from = static_cast<std::uint32_t>(snapshot_.column_int64(0));
    const auto blob = snapshot_.column_blob(1);
    const auto stored_hash = from_column(snapshot_.column_int64(2));
    snapshot_.reset();
    start = engine::decode(std::string_view(reinterpret_cast<const char*>(blob.data()), blob.size()));
    const std::string where = game_name(id) + ": the snapshot at version " + std::to_string(from);
    if (!start) throw engine_mismatch(where + " does not decode (state format changed)");
    if (engine::state_hash(*start) != stored_hash) {
      throw engine_mismatch(where + " does not match its stored hash");
    }
    if (start->version != from || start->seed != seed || !(start->opts == options)) {
      throw engine_mismatch(where + " is not a state of this game at that version");
    }
  } else {
    snapshot_.reset();
  }

  loaded_game out{start ? std::move(*start) : engine::new_game(options, seed), {}};
  out.log.reserve(version);
  commands_.bind(1, id);
  try {
    while (commands_.step()) {
      logged_command c;
      c.version = static_cast<std::uint32_t>(commands_.column_int64(0));
      c.player = static_cast<engine::player_id>(commands_.column_int64(1));
      c.at = commands_.column_int64(3);
      if (c.version != out.log.size() + 1) {
        throw error(game_name(id) + ": the log has no command " + std::to_string(out.log.size() + 1));
      }
      const auto text = commands_.column_text_view(2);
      const auto where = [&] { return game_name(id) + ": command " + std::to_string(c.version); };
      if (c.version > from) {
        const auto json = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
        if (json.is_discarded()) throw error(where() + " is not JSON");
        const auto cmd = protocol::parse_command(json);
        if (!cmd) throw engine_mismatch(where() + " no longer parses: " + cmd.error().message);
        if (const auto e = engine::apply(out.state, c.player, cmd.value())) {
          throw engine_mismatch(where() + " (" + std::string(text) + ") no longer applies: " + e->code);
        }
      } else if (!nlohmann::json::accept(text.begin(), text.end())) {
        // Not replayed (the snapshot covers it), but sent to clients in the log: checked
        // without building it.
        throw error(where() + " is not JSON");
      }
      c.cmd = std::string(text);
      out.log.push_back(std::move(c));
    }
  } catch (...) {
    commands_.reset();
    throw;
  }
  commands_.reset();

  last_seen_.bind(1, id);
  while (last_seen_.step()) {
    out.last_seen.emplace_back(static_cast<engine::player_id>(last_seen_.column_int64(0)),
                               static_cast<std::uint32_t>(last_seen_.column_int64(1)));
  }
  last_seen_.reset();

  if (out.log.size() != version) {
    throw error(game_name(id) + ": the log ends at " + std::to_string(out.log.size()) +
                ", the game is at version " + std::to_string(version));
  }
  if (out.state.version != version ||
      (has_hash && engine::state_hash(out.state) != final_hash) || (!has_hash && version != 0)) {
    throw engine_mismatch(game_name(id) + ": replaying the log does not give the stored state at version " +
                          std::to_string(version));
  }
  return out;
}

}  // namespace loyang::persistence::detail
