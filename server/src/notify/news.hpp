#pragma once
// Internal: what happened in a game that its players are told of, found by comparing its
// record before and after a change (a command, a timeout, a resignation, the start), and turned
// into the outbox rows of each account's chosen channels, each in its account's language and
// time zone. Pure: the caller stores the rows in the same transaction as the change.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "../core/records.hpp"
#include "settings.hpp"

namespace loyang::server::notify {

/// One thing one account is told about one game.
struct news {
  event what = event::turn;
  std::int64_t account = 0;
  std::int64_t game = 0;
  std::int64_t deadline = 0;  ///< turn and reminder: when the seat's time runs out (0: no clock)
  std::string key;            ///< what makes it one notification (dedupe): version, seat, ...
  std::string detail = {};    ///< chat: "ann: the message's start"; opponent: "away", "low_time" or "bot"
  std::int64_t about = 0;     ///< vote and opponent: the account of the player it is about
  /// turn: the reader's seat, and each seat's person (account; 0 for a bot) and the number of
  /// players, to name them all to him (the opponents, and who did what since his last move).
  engine::player_id seat = engine::no_player;
  std::vector<std::int64_t> people = {};
  int players = 0;
  /// start of a tournament's game: its round (detail: the tournament's name); 0 otherwise.
  int round = 0;
};

/// The news of a change of `before` into `after`: "start" to every person when the game
/// starts; "turn" to each person who must act now and did not before; "end" to every person
/// when it ends; "reminder" for each (seat, n) in `reminders`; "vote" to each voter when a vote
/// on waiting for a seat out of time opens; "opponent" to the other persons when a person's
/// clock stops for his vacation ("away"), when his last reminder comes ("low_time") and when a
/// bot takes his seat ("bot"). Bots and persons who left their seat are told nothing but the
/// end.
std::vector<news> game_news(const game_record& before, const game_record& after,
                            const std::vector<std::pair<engine::player_id, int>>& reminders = {});

/// "invite" to each invited account of a new private game.
std::vector<news> invite_news(const game_record& g, const std::vector<std::int64_t>& invited);

/// "chat" to each of `away` (persons seated at `g` who do not watch it now) about a message
/// `writer_name` wrote: at most one an hour per game and account, but every message that
/// mentions him (`@name`, any case) is news on its own.
std::vector<news> chat_news(const game_record& g, const persistence::chat_record& m, const std::string& writer_name,
                            const std::vector<std::pair<std::int64_t, std::string>>& away);

/// "message" to the recipient of private message `m` (about its writer; detail: its start).
std::vector<news> message_news(const persistence::message_record& m);

/// What composing needs to know about accounts.
struct context {
  std::function<std::optional<settings>(std::int64_t account)> settings_of;
  std::function<std::string(std::int64_t account)> name_of;
  std::string public_url;
  std::int64_t now = 0;
  /// The log entries of the game since `seat`'s last own command, as that seat sees them (a JSON
  /// array text, the most recent at most): what a turn notification says happened. Asked only
  /// for an account that is told of its turns; empty: not told.
  std::function<std::string(engine::player_id seat)> since_of = {};
};

/// The outbox rows of `items`: one per channel the account chose for the event (e-mail only
/// to a verified address; `verify` to the unverified one), and one per browser subscribed to
/// Web Push (channel "push", its body naming the browser's "push_endpoint"). Each row's body is {"event", "game",
/// "account", "text", "link", "deadline"}; a vote's and an opponent's add "about" (his name),
/// an opponent's "kind"; a turn's add "opponents" (their names) and "since" (recap.hpp's
/// {"summary", "lines", "more", "cash"} of what happened since the reader's last move; empty
/// strings and no lines when nothing did).
std::vector<outbox_record> compose(const context& c, const std::vector<news>& items);

/// The verification mail of `account`'s new address.
outbox_record verification_note(const context& c, std::int64_t account, const settings& s);

}  // namespace loyang::server::notify
