// The history room (service.hpp): the checks run on the games' strand (access.hpp), then the
// game's room (loaded if needed) answers from its log on its own strand.
#include "service.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "ratings/daily.hpp"
#include "access.hpp"
#include "loyang/protocol/error_envelope.hpp"
#include "record.hpp"
#include "replay.hpp"

namespace loyang::server::history {
namespace {

games::asker asker_of(const std::optional<identity>& who) {
  return who ? games::asker{who->id, who->name} : games::asker{};
}

api_reply unavailable(const std::string& code, const std::string& message) {
  return {http::status::service_unavailable, protocol::error_envelope(code, message)};
}

api_reply too_many(std::int64_t wait) {
  api_reply r{http::status::too_many_requests,
              protocol::error_envelope("too_many_requests",
                                       "too many history reads from this address; try again in " +
                                           std::to_string(wait) + " s")};
  r.retry_after = wait;
  return r;
}

}  // namespace

service::service(strand_type games_strand, int reads_per_minute, lookups look)
    : strand_(std::move(games_strand)), look_(std::move(look)), reads_(reads_per_minute, 60, 100000) {}

void service::history(std::optional<identity> who, std::int64_t game, std::string query, std::string client,
                      reply_fn reply) {
  auto parsed = history::parse_query(query);
  if (auto* refused = std::get_if<api_reply>(&parsed)) return reply(std::move(*refused));
  const auto asked = std::get<history::history_query>(parsed);
  net::post(strand_, [self = shared_from_this(), who, game, asked, client = std::move(client),
                      reply = std::move(reply)] {
    if (const auto wait = self->reads_.take(client, self->look_.accounts->now())) {
      return reply(too_many(wait));
    }
    const auto* g = self->look_.game(game);
    if (!g) {
      return reply({http::status::not_found,
                    protocol::error_envelope("no_such_game", "there is no such game")});
    }
    auto decided = history::decide_view(*g, asker_of(who), asked.view);
    if (auto* refused = std::get_if<api_reply>(&decided)) return reply(std::move(*refused));
    const auto view = std::get<history::viewer_choice>(decided);
    // A daily challenge's draw pile and seed are everybody's deal of the day: `all` waits for
    // the day's end, also for the game's own player (a throw-away account's resigned game).
    if (view.what == history::viewer_choice::kind::all &&
        ratings::deal_secret(*g, self->look_.accounts->now())) {
      return reply({http::status::forbidden,
                    protocol::error_envelope("not_allowed", "the daily challenge's cards are shown "
                                                            "once its day is over (00:00 UTC)")});
    }
    self->look_.read_log(
        game,
        [asked, view, reply](const game_record& g, const engine::state& now, const history::game_log& log) {
          const auto version = asked.version.value_or(now.version);
          if (version > now.version) {
            return reply({http::status::bad_request,
                          protocol::error_envelope("bad_request",
                                                   "\"version\" must be from 0 to " +
                                                       std::to_string(now.version))});
          }
          const bool finished = g.status == game_status::finished;
          // Checked on the games' strand; a game that finished meanwhile only loosens the rules.
          if (view.what == history::viewer_choice::kind::all && !finished) {
            return reply({http::status::forbidden,
                          protocol::error_envelope("not_allowed", "every card is shown only once the game has finished")});
          }
          try {
            const nlohmann::json head{{"game", g.id},
                                      {"version", version},
                                      {"latest", now.version},
                                      {"finished", finished},
                                      {"view", view.to_json()}};
            // Assembled as text: the log's entries are kept as text (history/replay.hpp).
            std::string body = head.dump();
            body.pop_back();
            body += R"(,"state":)";
            body += history::view_text_at(engine::new_game(g.options, g.seed), log, version, view);
            body += '}';
            api_reply ok{http::status::ok, nullptr};
            ok.text = std::move(body);
            reply(std::move(ok));
          } catch (const std::exception& e) {
            spdlog::error("game {}: history at version {}: {}", g.id, version, e.what());
            reply(unavailable("game_unavailable", "this game's history cannot be replayed"));
          }
        },
        [reply](const std::string& code, const std::string& message) { reply(unavailable(code, message)); });
  });
}

void service::record(std::optional<identity> who, std::int64_t game, std::string client, reply_fn reply) {
  look_.fresh(game, [self = shared_from_this(), who, game, client = std::move(client),
                     reply = std::move(reply)] {
    if (const auto wait = self->reads_.take(client, self->look_.accounts->now())) {
      return reply(too_many(wait));
    }
    const auto* found = self->look_.game(game);
    if (!found) {
      return reply({http::status::not_found,
                    protocol::error_envelope("no_such_game", "there is no such game")});
    }
    if (auto refused = history::record_refusal(*found, asker_of(who))) return reply(*refused);
    std::vector<std::string> names;
    for (const auto& s : found->seats) {
      // A seat a bot took over still names the person who left it.
      names.push_back(s.account_id == 0 ? "bot" : self->look_.accounts->name_of(s.account_id));
    }
    // A daily challenge's seed deals everybody's game of the day: kept back until the day is over.
    const bool seed_secret = ratings::deal_secret(*found, self->look_.accounts->now());
    self->look_.read_log(
        game,
        [names = std::move(names), reply, seed_secret](const game_record& g, const engine::state& now,
                                                       const history::game_log& log) {
          auto record = history::record_json(g, now, log, names);
          if (seed_secret) record["seed"] = nullptr;
          reply({http::status::ok, std::move(record)});
        },
        [reply](const std::string& code, const std::string& message) { reply(unavailable(code, message)); });
  });
}

}  // namespace loyang::server::history
