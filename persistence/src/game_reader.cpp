#include "game_reader.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <string>

#include "loyang/engine/game.hpp"
#include "loyang/engine/serialize.hpp"
#include "loyang/persistence/transaction.hpp"
#include "loyang/protocol/command_json.hpp"
#include "row_codec.hpp"

namespace loyang::persistence::detail {
namespace {

std::string game_name(std::int64_t id) { return "game " + std::to_string(id); }

// Resets a kept statement however its read ends, so a pooled connection holds no read open.
class reset_on_exit {
 public:
  explicit reset_on_exit(statement& s) : s_(s) {}
  ~reset_on_exit() { s_.reset(); }
  reset_on_exit(const reset_on_exit&) = delete;
  reset_on_exit& operator=(const reset_on_exit&) = delete;

 private:
  statement& s_;
};

// A page's bound: ids below `before`, every id when it is 0 (one plain range for the index).
std::int64_t upper_bound_of(std::int64_t before) {
  return before == 0 ? std::numeric_limits<std::int64_t>::max() : before;
}

std::int64_t limit_of(std::size_t limit) {
  return static_cast<std::int64_t>(std::min<std::size_t>(limit, std::numeric_limits<std::int64_t>::max()));
}

report_record read_report(const statement& s) {
  report_record r;
  r.id = s.column_int64(0);
  r.reporter = s.column_int64(1);
  r.account = s.column_int64(2);
  r.game = s.column_int64(3);
  r.message = s.column_int64(4);
  r.reason = s.column_text(5);
  r.at = s.column_int64(6);
  r.closed_by = s.column_int64(7);
  r.closed_at = s.column_int64(8);
  r.outcome = s.column_text(9);
  return r;
}

constexpr const char* report_columns =
    "SELECT id, reporter, account_id, game_id, message_id, reason, created_at, closed_by, closed_at, outcome "
    "FROM reports ";

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
      queued_notes_(db_.prepare("SELECT count(*) FROM outbox WHERE state = 'queued'")),
      chat_page_(db_.prepare(
          "SELECT id, game_id, account_id, text, created_at, deleted_by, deleted_at FROM chat_messages "
          "WHERE game_id = ?1 AND id < ?2 ORDER BY id DESC LIMIT ?3")),
      chat_count_(db_.prepare("SELECT count(*) FROM chat_messages WHERE game_id = ?1")),
      game_note_(db_.prepare("SELECT text, updated_at FROM notes WHERE game_id = ?1 AND account_id = ?2")),
      reports_page_(db_.prepare(std::string(report_columns) + "WHERE id < ?1 ORDER BY id DESC LIMIT ?2")),
      // `closed_by = 0` as the partial index reports_open says it, so that index serves it.
      open_reports_page_(db_.prepare(std::string(report_columns) +
                                     "WHERE closed_by = 0 AND id < ?1 ORDER BY id DESC LIMIT ?2")),
      moderation_page_(db_.prepare(
          "SELECT id, moderator, action, account_id, game_id, message_id, report_id, detail, created_at "
          "FROM moderation_log WHERE id < ?1 ORDER BY id DESC LIMIT ?2")) {}

std::vector<chat_record> game_reader::load_chat(std::int64_t game, std::int64_t before, std::size_t limit) {
  std::vector<chat_record> out;
  reset_on_exit done(chat_page_);
  chat_page_.bind(1, game).bind(2, upper_bound_of(before)).bind(3, limit_of(limit));
  while (chat_page_.step()) {
    chat_record m;
    m.id = chat_page_.column_int64(0);
    m.game = chat_page_.column_int64(1);
    m.account = chat_page_.column_int64(2);
    m.text = chat_page_.column_text(3);
    m.at = chat_page_.column_int64(4);
    m.deleted_by = chat_page_.column_int64(5);
    m.deleted_at = chat_page_.column_int64(6);
    out.push_back(std::move(m));
  }
  return out;
}

std::int64_t game_reader::chat_count(std::int64_t game) {
  reset_on_exit done(chat_count_);
  chat_count_.bind(1, game);
  return chat_count_.step() ? chat_count_.column_int64(0) : 0;
}

std::optional<note_record> game_reader::load_note(std::int64_t game, std::int64_t account) {
  reset_on_exit done(game_note_);
  game_note_.bind(1, game).bind(2, account);
  if (!game_note_.step()) return std::nullopt;
  return note_record{game, account, game_note_.column_text(0), game_note_.column_int64(1)};
}

std::vector<report_record> game_reader::load_reports(bool open_only, std::int64_t before, std::size_t limit) {
  auto& page = open_only ? open_reports_page_ : reports_page_;
  std::vector<report_record> out;
  reset_on_exit done(page);
  page.bind(1, upper_bound_of(before)).bind(2, limit_of(limit));
  while (page.step()) out.push_back(read_report(page));
  return out;
}

std::vector<moderation_record> game_reader::load_moderation(std::int64_t before, std::size_t limit) {
  std::vector<moderation_record> out;
  reset_on_exit done(moderation_page_);
  moderation_page_.bind(1, upper_bound_of(before)).bind(2, limit_of(limit));
  while (moderation_page_.step()) {
    moderation_record m;
    m.id = moderation_page_.column_int64(0);
    m.moderator = moderation_page_.column_int64(1);
    m.action = moderation_page_.column_text(2);
    m.account = moderation_page_.column_int64(3);
    m.game = moderation_page_.column_int64(4);
    m.message = moderation_page_.column_int64(5);
    m.report = moderation_page_.column_int64(6);
    m.detail = moderation_page_.column_text(7);
    m.at = moderation_page_.column_int64(8);
    out.push_back(std::move(m));
  }
  return out;
}

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
    auto accounts = db_.prepare(
        "SELECT id, name, password_hash, created_at, operator, banned_at, banned_by, ban_reason "
        "FROM accounts ORDER BY id");
    while (accounts.step()) {
      account_record a;
      a.id = accounts.column_int64(0);
      a.name = accounts.column_text(1);
      a.password_hash = accounts.column_text(2);
      a.created_at = accounts.column_int64(3);
      a.operator_account = accounts.column_int64(4) != 0;
      a.banned_at = accounts.column_int64(5);
      a.banned_by = accounts.column_int64(6);
      a.ban_reason = accounts.column_text(7);
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
        "to_act, waiting_since, result, watch, clock, extra FROM games ORDER BY id");
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
      if (!games.column_is_null(14)) g.extra = parse_json(games.column_text(14));
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

    auto relations = db_.prepare(
        "SELECT account_id, other_id, kind, created_at FROM relations ORDER BY account_id, other_id, kind");
    while (relations.step()) {
      out.relations.push_back({relations.column_int64(0), relations.column_int64(1),
                               parse_relation(relations.column_text(2)), relations.column_int64(3)});
    }
    auto max_ids = db_.prepare(
        "SELECT coalesce((SELECT max(id) FROM chat_messages), 0), coalesce((SELECT max(id) FROM reports), 0), "
        "coalesce((SELECT max(id) FROM moderation_log), 0)");
    if (max_ids.step()) {
      out.max_chat_id = max_ids.column_int64(0);
      out.max_report_id = max_ids.column_int64(1);
      out.max_moderation_id = max_ids.column_int64(2);
    }
    auto secret = db_.prepare("SELECT value FROM server_secrets WHERE name = 'daily'");
    // Made by migration 8; a file without it has been tampered with, and an empty secret would
    // make the daily seeds guessable.
    if (!secret.step() || secret.column_text(0).empty()) throw error("the database has no daily secret");
    out.daily_secret = secret.column_text(0);
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
