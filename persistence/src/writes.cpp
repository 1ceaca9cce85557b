#include "writes.hpp"

#include "loyang/engine/serialize.hpp"
#include "row_codec.hpp"

namespace loyang::persistence::detail {

game_write make_game_write(const game_record& g) {
  game_write w;
  w.id = g.id;
  w.options = options_text(g.options);
  w.seed = to_column(g.seed);
  w.status = std::string(status_name(g.status));
  w.creator = g.creator;
  w.invited = invited_text(g.invited);
  w.watch = std::string(watch_name(g.watch));
  w.created_at = g.created_at;
  w.updated_at = g.updated_at;
  w.version = g.version;
  w.revision = g.revision;
  w.to_act = to_act_text(g.to_act);
  w.waiting_since = g.waiting_since;
  w.round = g.round;
  w.result = nullable_json_text(g.result);
  w.clock = nullable_json_text(g.clock);
  w.extra = nullable_json_text(g.extra);
  w.seats = g.seats;
  return w;
}

command_write make_command_write(const command_record& c, const game_record& g, const engine::state& state,
                                 std::uint32_t snapshot_every) {
  command_write w;
  w.game = c.game;
  w.version = c.version;
  w.player = c.player;
  w.command = c.cmd;
  w.at = c.at;
  w.status = std::string(status_name(g.status));
  w.updated_at = g.updated_at;
  w.to_act = to_act_text(g.to_act);
  w.waiting_since = g.waiting_since;
  w.round = g.round;
  w.result = nullable_json_text(g.result);
  w.clock = nullable_json_text(g.clock);
  // One encoding serves the hash and, now and then, the snapshot.
  auto bytes = engine::encode(state);
  w.state_hash = to_column(engine::encoding_hash(bytes));
  if (c.version % snapshot_every == 0 || g.status == game_status::finished) {
    w.snapshot = snapshot_blob{std::move(bytes), w.state_hash};
  }
  return w;
}

std::string describe(const write& w) {
  struct visitor {
    std::string operator()(const account_write& a) const {
      return "saving account " + std::to_string(a.account.id) + " (" + a.account.name + ")";
    }
    std::string operator()(const token_write& t) const {
      return "saving a login token of account " + std::to_string(t.account);
    }
    std::string operator()(const revoke_write&) const { return "revoking a login token"; }
    std::string operator()(const touch_write&) const { return "noting a login token's use"; }
    std::string operator()(const password_write& p) const {
      return "changing the password of account " + std::to_string(p.account);
    }
    std::string operator()(const game_write& g) const {
      return "saving game " + std::to_string(g.id) + " (" + g.status + ")";
    }
    std::string operator()(const seen_write& s) const {
      return "noting what seat " + std::to_string(s.seat) + " of game " + std::to_string(s.game) +
             " has seen";
    }
    std::string operator()(const command_write& c) const {
      return "storing command " + std::to_string(c.version) + " of game " + std::to_string(c.game);
    }
    std::string operator()(const notify_settings_write& n) const {
      return "saving the notification settings of account " + std::to_string(n.account);
    }
    std::string operator()(const vacation_write& v) const {
      return "saving a vacation of account " + std::to_string(v.vacation.account);
    }
    std::string operator()(const settle_write& n) const {
      return "settling notification " + std::to_string(n.id);
    }
    std::string operator()(const relation_write& r) const {
      return std::string(r.on ? "adding" : "removing") + " the " + std::string(relation_name(r.relation.kind)) +
             " relation of account " + std::to_string(r.relation.account) + " to account " +
             std::to_string(r.relation.other);
    }
    std::string operator()(const chat_write& c) const {
      return "storing chat message " + std::to_string(c.message.id) + " of game " + std::to_string(c.message.game);
    }
    std::string operator()(const chat_delete_write& c) const {
      return "deleting chat message " + std::to_string(c.id) + " (operator action " + std::to_string(c.log.id) + ")";
    }
    std::string operator()(const message_write& m) const {
      return "storing private message " + std::to_string(m.message.id) + " from account " +
             std::to_string(m.message.sender) + " to account " + std::to_string(m.message.recipient);
    }
    std::string operator()(const message_read_write& m) const {
      return "marking read the messages of account " + std::to_string(m.other) + " to account " +
             std::to_string(m.reader) + " up to " + std::to_string(m.up_to);
    }
    std::string operator()(const message_delete_write& m) const {
      return "deleting private message " + std::to_string(m.id) + " (operator action " + std::to_string(m.log.id) +
             ")";
    }
    std::string operator()(const tournament_write& t) const {
      return "saving tournament " + std::to_string(t.tournament.id) + " (" + t.tournament.status + ")";
    }
    std::string operator()(const note_write& n) const {
      return std::string(n.note.text.empty() ? "removing" : "saving") + " the notes of account " +
             std::to_string(n.note.account) + " on game " + std::to_string(n.note.game);
    }
    std::string operator()(const report_write& r) const {
      return std::string(r.report.closed_by != 0 ? "closing" : "saving") + " report " + std::to_string(r.report.id);
    }
    std::string operator()(const moderation_write& m) const {
      return "logging operator action " + std::to_string(m.log.id) + " (" + m.log.action + ")";
    }
    std::string operator()(const standing_write& b) const {
      return "storing the standing of account " + std::to_string(b.account.id) + " (" + b.account.name + "): " +
             b.log.action;
    }
  };
  return std::visit(visitor{}, w);
}

}  // namespace loyang::persistence::detail
