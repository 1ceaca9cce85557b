#pragma once
// Internal: the body a webhook receives, in the format its owner chose (docs/protocol.md,
// "Notifications"). Chat text is the players' own, so for the chat formats it is neutralised:
// a Discord or Slack channel shows it as the words written, never as a mention that pings the
// channel or a link whose text hides where it goes.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>

namespace loyang::server::notify {

/// `text` for a Discord message: every Markdown and mention character escaped with a
/// backslash (Discord shows `\*` as `*`), and a zero-width space after the @ of @everyone and
/// @here.
std::string discord_text(std::string_view text);

/// `text` for a Slack message: &, < and > as &amp; &lt; &gt; (Slack's escaping, so <!channel>
/// and <url|label> are plain text), and a zero-width space after the @ of @channel, @here and
/// @everyone.
std::string slack_text(std::string_view text);

/// The JSON a webhook of `format` ("json", "discord", "slack") receives for the outbox row
/// `delivery` whose body is `body` ({"event", "text", "link", ...}): the body itself with
/// "delivery" for json; {"content", "username", "allowed_mentions": {"parse": []}} for
/// Discord; {"text"} for Slack. The words the server adds (Discord's username, Slack's link
/// label) are in `language` (a catalog's code; "": English).
nlohmann::json webhook_body(std::string_view format, const nlohmann::json& body, std::int64_t delivery,
                            std::string_view language = "");

}  // namespace loyang::server::notify
