// The moderation room (service.hpp): reports, bans, deleted messages, cancelled games and the
// log of every operator action.
#include "service.hpp"

#include "../logs/format.hpp"

#include <boost/asio/post.hpp>

#include <variant>

#include "../core/api_errors.hpp"
#include "../chat/room_chat.hpp"
#include "../chat/text.hpp"
#include "../games/visibility.hpp"

namespace loyang::server::moderation {
namespace {

/// The log line of an operator's action, once stored (README.md, "Logs"): who did what to
/// whom, never the message's text or the reason given.
void log_action(const persistence::moderation_record& a) {
  logs::event(spdlog::level::info, "moderation", "operator action",
              {{"action", a.action}, {"by", a.moderator}, {"account", a.account}, {"game", a.game}, {"chat_message", a.message},
               {"report", a.report}});
}

nlohmann::json report_json(const persistence::report_record& r, const std::function<std::string(std::int64_t)>& name_of) {
  auto opt = [](std::int64_t v) { return v ? nlohmann::json(v) : nlohmann::json(nullptr); };
  return {{"id", r.id},
          {"reporter", name_of(r.reporter)},
          {"player", name_of(r.account)},
          {"game", opt(r.game)},
          {"message", opt(r.message)},
          {"private_message", opt(r.private_message)},
          {"reason", r.reason},
          {"at", r.at},
          {"closed_by", r.closed_by ? nlohmann::json(name_of(r.closed_by)) : nlohmann::json(nullptr)},
          {"closed_at", opt(r.closed_at)},
          {"outcome", r.outcome}};
}

nlohmann::json moderation_json(const persistence::moderation_record& m,
                               const std::function<std::string(std::int64_t)>& name_of) {
  auto opt = [](std::int64_t v) { return v ? nlohmann::json(v) : nlohmann::json(nullptr); };
  return {{"id", m.id},
          {"moderator", m.moderator ? nlohmann::json(name_of(m.moderator)) : nlohmann::json(nullptr)},
          {"action", m.action},
          {"player", m.account ? nlohmann::json(name_of(m.account)) : nlohmann::json(nullptr)},
          {"game", opt(m.game)},
          {"message", opt(m.message)},
          {"report", opt(m.report)},
          {"detail", m.detail},
          {"at", m.at}};
}

/// The optional "reason" of an operator's body (at most reason_rules), or a refusal.
std::variant<std::string, api_reply> reason_of(const nlohmann::json& body, const char* field = "reason") {
  if (body.is_null()) return std::string();
  if (!body.is_object()) return api_error(http::status::bad_request, "bad_request", "the body must be a JSON object");
  for (const auto& [key, value] : body.items()) {
    if (key != field) return api_error(http::status::bad_request, "bad_request", "unknown field \"" + key + "\"");
  }
  if (!body.contains(field)) return std::string();
  if (!body[field].is_string()) {
    return api_error(http::status::bad_request, "bad_request", std::string("\"") + field + "\" must be a string");
  }
  auto checked = chat::check_text(body[field].get<std::string>(), chat::reason_rules, true);
  if (const auto* e = std::get_if<chat::text_error>(&checked)) return api_error(http::status::bad_request, e->code, e->message);
  return std::get<std::string>(std::move(checked));
}

/// A page of at most `limit` records, newest first, read with `load(n)` (n: one more than the
/// page, to know whether more follow): {key: [...], "next_before": the last id or null}.
template <class Load, class ToJson>
api_reply page_reply(const char* key, std::size_t limit, Load load, ToJson to_json) {
  decltype(load(std::size_t())) page;
  try {
    page = load(limit + 1);
  } catch (const std::exception&) {
    return api_error(http::status::service_unavailable, "storage_failed", "the list could not be read");
  }
  const bool more = page.size() > limit;
  if (more) page.pop_back();
  auto out = nlohmann::json::array();
  for (const auto& r : page) out.push_back(to_json(r));
  return {http::status::ok, {{key, out}, {"next_before", more ? nlohmann::json(page.back().id) : nlohmann::json(nullptr)}}};
}

}  // namespace

service::service(strand_type games_strand, storage& store, lookups look)
    : strand_(std::move(games_strand)), store_(store), look_(std::move(look)) {}

void service::start(std::int64_t max_report_id, std::int64_t max_moderation_id) {
  report_ids_.start_after(max_report_id);
  moderation_ids_.start_after(max_moderation_id);
}

bool service::operator_only(const identity& who, const reply_fn& reply) const {
  if (look_.accounts->is_operator(who.id)) return true;
  reply(api_error(http::status::forbidden, "not_operator", "only an operator may do this"));
  return false;
}

void service::report(identity who, const nlohmann::json& body, reply_fn reply) {
  if (!body.is_object()) return reply(api_error(http::status::bad_request, "bad_request", "the body must be a JSON object"));
  std::string player;
  std::int64_t game = 0, message = 0, private_message = 0;
  std::string reason;
  for (const auto& [key, value] : body.items()) {
    if (key == "player" && value.is_string()) {
      player = value.get<std::string>();
    } else if ((key == "game" || key == "message" || key == "private_message") && value.is_number_integer() &&
               value.get<std::int64_t>() > 0) {
      (key == "game" ? game : key == "message" ? message : private_message) = value.get<std::int64_t>();
    } else if (key == "reason" && value.is_string()) {
      reason = value.get<std::string>();
    } else {
      return reply(api_error(http::status::bad_request, "bad_request", "unknown or ill-typed field \"" + key + "\""));
    }
  }
  const int subjects = int(!player.empty()) + int(message != 0) + int(private_message != 0);
  if (subjects != 1 || (message != 0) != (game != 0)) {
    return reply(api_error(http::status::bad_request, "bad_request",
                           "report either {\"player\": name}, {\"game\": id, \"message\": id} or "
                           "{\"private_message\": id}, with a \"reason\""));
  }
  auto checked = chat::check_text(reason, chat::reason_rules);
  if (const auto* e = std::get_if<chat::text_error>(&checked)) return reply(api_error(http::status::bad_request, e->code, e->message));
  persistence::report_record r;
  r.reporter = who.id;
  r.game = game;
  r.message = message;
  r.private_message = private_message;
  r.reason = std::get<std::string>(std::move(checked));
  r.at = look_.accounts->now();
  if (!player.empty()) {
    const auto id = look_.accounts->id_of(player);
    if (!id) return reply(no_such_player_reply());
    if (*id == who.id) return reply(api_error(http::status::bad_request, "bad_request", "that is your own account"));
    r.account = *id;
  }
  net::post(strand_, [self = shared_from_this(), who, r, reply = std::move(reply)]() mutable {
    auto store = [self, reply](persistence::report_record r) {
      r.id = self->report_ids_.next();
      if (r.id == 0) return reply(storage_reply("storage_failed", "the report"));
      self->store_.save_report(r, std::nullopt, [r, reply](const std::string& e) {
        if (!e.empty()) return reply(storage_reply(e, "the report"));
        reply({http::status::created, {{"id", r.id}}});
      });
    };
    if (r.private_message != 0) {
      // A private message: only its recipient reports it; its writer is the one reported.
      return self->look_.off_thread([self, r, store, reply]() mutable {
        std::optional<persistence::message_record> found;
        try {
          found = self->store_.load_message(r.private_message);
        } catch (const std::exception&) {
          return reply(api_error(http::status::service_unavailable, "storage_failed", "the message could not be read"));
        }
        if (!found || found->recipient != r.reporter) {
          return reply(api_error(http::status::not_found, "no_such_message", "there is no such message to you"));
        }
        r.account = found->sender;
        store(r);
      });
    }
    if (r.message == 0) return store(r);
    // A message: one the reporter may read, in that game; its writer is the one reported.
    const auto* g = self->look_.game(r.game);
    if (!g || !games::may_see(*g, games::asker{who.id, who.name}) ||
        !chat::room_chat::may_read(*g, who.id, engine::no_player)) {
      return reply(no_such_game_reply());
    }
    self->look_.off_thread([self, r, store, reply]() mutable {
      std::vector<persistence::chat_record> found;
      try {
        found = self->store_.load_chat(r.game, r.message + 1, 1);
      } catch (const std::exception&) {
        return reply(api_error(http::status::service_unavailable, "storage_failed", "the message could not be read"));
      }
      if (found.empty() || found[0].id != r.message) {
        return reply(api_error(http::status::not_found, "no_such_message", "there is no such message in this game"));
      }
      if (found[0].account == r.reporter) {
        return reply(api_error(http::status::bad_request, "bad_request", "that is your own message"));
      }
      r.account = found[0].account;
      store(r);
    });
  });
}

void service::list_reports(identity who, bool open_only, std::int64_t before, reply_fn reply) {
  if (!operator_only(who, reply)) return;
  look_.off_thread([self = shared_from_this(), open_only, before, reply = std::move(reply)] {
    reply(page_reply("reports", 50, [&](std::size_t n) { return self->store_.load_reports(open_only, before, n); },
                     [self, a = self->look_.accounts](const persistence::report_record& r) {
                       auto out = report_json(r, [&a](std::int64_t id) { return a->name_of(id); });
                       // A private message is not on any page an operator reads: its text here.
                       if (r.private_message != 0) {
                         out["private_text"] = nullptr;
                         try {
                           if (const auto m = self->store_.load_message(r.private_message)) out["private_text"] = m->text;
                         } catch (const std::exception&) {
                           // Listed without its text: the report itself was read.
                         }
                       }
                       return out;
                     }));
  });
}

void service::close_report(identity who, std::int64_t report, const nlohmann::json& body, reply_fn reply) {
  if (!operator_only(who, reply)) return;
  auto outcome = reason_of(body, "outcome");
  if (auto* no = std::get_if<api_reply>(&outcome)) return reply(*no);
  look_.off_thread([self = shared_from_this(), who, report, outcome = std::get<std::string>(outcome),
                       reply = std::move(reply)] {
    std::vector<persistence::report_record> found;
    try {
      found = self->store_.load_reports(false, report + 1, 1);
    } catch (const std::exception&) {
      return reply(api_error(http::status::service_unavailable, "storage_failed", "the report could not be read"));
    }
    if (found.empty() || found[0].id != report) {
      return reply(api_error(http::status::not_found, "no_such_report", "there is no such report"));
    }
    auto r = found[0];
    if (r.closed_by != 0) return reply(api_error(http::status::conflict, "already_closed", "this report is closed already"));
    r.closed_by = who.id;
    r.closed_at = self->look_.accounts->now();
    r.outcome = outcome;
    persistence::moderation_record log{self->moderation_ids_.next(), who.id, "close_report", r.account, r.game, r.message,
                                       r.id, outcome, r.closed_at};
    self->store_.save_report(r, log, [self, r, log, reply](const std::string& e) {
      if (!e.empty()) return reply(storage_reply(e, "the report"));
      log_action(log);
      reply({http::status::ok, report_json(r, [a = self->look_.accounts](std::int64_t id) { return a->name_of(id); })});
    });
  });
}

void service::ban(identity who, const std::string& name, const nlohmann::json& body, bool on, reply_fn reply) {
  if (!operator_only(who, reply)) return;
  auto reason = reason_of(body);
  if (auto* no = std::get_if<api_reply>(&reason)) return reply(*no);
  const auto id = look_.accounts->id_of(name);
  if (!id) return reply(no_such_player_reply());
  if (*id == who.id) return reply(api_error(http::status::bad_request, "bad_request", "an operator cannot ban himself"));
  persistence::moderation_record log{moderation_ids_.next(), who.id, on ? "ban" : "unban", *id, 0, 0, 0,
                                     std::get<std::string>(reason), look_.accounts->now()};
  look_.accounts->set_standing(*id, on ? accounts::standing::ban : accounts::standing::unban, log, std::move(reply));
}

void service::set_operator(identity who, const std::string& name, const nlohmann::json& body, bool on,
                           reply_fn reply) {
  if (!operator_only(who, reply)) return;
  auto reason = reason_of(body);
  if (auto* no = std::get_if<api_reply>(&reason)) return reply(*no);
  const auto id = look_.accounts->id_of(name);
  if (!id) return reply(no_such_player_reply());
  if (*id == who.id) {
    return reply(api_error(http::status::bad_request, "bad_request", "an operator cannot change his own operator right"));
  }
  const auto log_id = moderation_ids_.next();
  if (log_id == 0) return reply(storage_reply("storage_failed", "the change"));
  persistence::moderation_record log{log_id, who.id, on ? "grant_operator" : "revoke_operator", *id, 0, 0, 0,
                                     std::get<std::string>(reason), look_.accounts->now()};
  look_.accounts->set_standing(*id, on ? accounts::standing::grant_operator : accounts::standing::revoke_operator,
                               log, std::move(reply));
}

void service::delete_message(identity who, std::int64_t game, std::int64_t message, reply_fn reply) {
  if (!operator_only(who, reply)) return;
  look_.off_thread([self = shared_from_this(), who, game, message, reply = std::move(reply)] {
    std::vector<persistence::chat_record> found;
    try {
      found = self->store_.load_chat(game, message + 1, 1);
    } catch (const std::exception&) {
      return reply(api_error(http::status::service_unavailable, "storage_failed", "the message could not be read"));
    }
    if (found.empty() || found[0].id != message) {
      return reply(api_error(http::status::not_found, "no_such_message", "there is no such message in this game"));
    }
    if (found[0].deleted_by != 0) return reply(api_error(http::status::conflict, "already_deleted", "this message is deleted already"));
    persistence::moderation_record log{self->moderation_ids_.next(), who.id, "delete_message", found[0].account, game,
                                       message, 0, found[0].text, self->look_.accounts->now()};
    self->store_.delete_chat(message, log, [self, game, message, log, reply](const std::string& e) {
      if (!e.empty()) return reply(storage_reply(e, "the deletion"));
      log_action(log);
      net::post(self->strand_, [self, game, message, reply] {
        self->look_.chat_deleted(game, message);
        reply({http::status::ok, {{"game", game}, {"message", message}, {"deleted", true}}});
      });
    });
  });
}

void service::delete_private_message(identity who, std::int64_t message, const nlohmann::json& body,
                                     reply_fn reply) {
  if (!operator_only(who, reply)) return;
  auto reason = reason_of(body);
  if (auto* no = std::get_if<api_reply>(&reason)) return reply(*no);
  look_.off_thread([self = shared_from_this(), who, message, reason = std::get<std::string>(reason),
                    reply = std::move(reply)] {
    std::optional<persistence::message_record> found;
    try {
      found = self->store_.load_message(message);
    } catch (const std::exception&) {
      return reply(api_error(http::status::service_unavailable, "storage_failed", "the message could not be read"));
    }
    if (!found) return reply(api_error(http::status::not_found, "no_such_message", "there is no such message"));
    if (found->deleted_by != 0) {
      return reply(api_error(http::status::conflict, "already_deleted", "this message is deleted already"));
    }
    // The log keeps the text (the message's row keeps it too, marked deleted), and the reason.
    persistence::moderation_record log{self->moderation_ids_.next(), who.id, "delete_private_message", found->sender,
                                       0, message, 0, reason.empty() ? found->text : reason + " | " + found->text,
                                       self->look_.accounts->now()};
    if (log.id == 0) return reply(storage_reply("storage_failed", "the deletion"));
    self->store_.delete_message(message, log, [log, message, reply](const std::string& e) {
      if (!e.empty()) return reply(storage_reply(e, "the deletion"));
      log_action(log);
      reply({http::status::ok, {{"private_message", message}, {"deleted", true}}});
    });
  });
}

void service::cancel_game(identity who, std::int64_t game, const nlohmann::json& body, reply_fn reply) {
  if (!operator_only(who, reply)) return;
  auto reason = reason_of(body);
  if (auto* no = std::get_if<api_reply>(&reason)) return reply(*no);
  look_.fresh(game, [self = shared_from_this(), who, game, reason = std::get<std::string>(reason),
                     reply = std::move(reply)] {
    const auto* g = self->look_.game(game);
    if (!g) return reply(no_such_game_reply());
    const auto status = g->status;
    if (status != game_status::open && status != game_status::active) {
      return reply(api_error(http::status::conflict, "not_running", "only an open or running game can be cancelled"));
    }
    persistence::moderation_record log{self->moderation_ids_.next(), who.id, "cancel_game", 0, game, 0, 0, reason,
                                       self->look_.accounts->now()};
    // The log first: an action taken is never missing from it (one that then fails says so
    // by the game not being cancelled).
    self->store_.save_moderation(log, [self, game, status, log, reply](const std::string& e) {
      if (!e.empty()) return reply(storage_reply(e, "the log entry"));
      log_action(log);
      self->look_.cancel(game, status, reply);
    });
  });
}

void service::moderation_log(identity who, std::int64_t before, reply_fn reply) {
  if (!operator_only(who, reply)) return;
  look_.off_thread([self = shared_from_this(), before, reply = std::move(reply)] {
    reply(page_reply("actions", 100, [&](std::size_t n) { return self->store_.load_moderation(before, n); },
                     [a = self->look_.accounts](const persistence::moderation_record& m) {
                       return moderation_json(m, [&a](std::int64_t id) { return a->name_of(id); });
                     }));
  });
}

}  // namespace loyang::server::moderation
