// Escaping for the chat formats. Both escape more than strictly needed (any ASCII punctuation
// that has a meaning somewhere in Discord's Markdown) because an escaped character looks the
// same and an unescaped one might not.
#include "webhook_body.hpp"

#include <array>
#include <cctype>

#include "../i18n/text.hpp"

namespace loyang::server::notify {
namespace {

constexpr std::string_view zero_width_space = "\xE2\x80\x8B";

/// Whether `text` at `at` (just after an @) starts with one of `words`, in any case.
template <std::size_t N>
bool mass_mention(std::string_view text, std::size_t at, const std::array<std::string_view, N>& words) {
  for (const auto w : words) {
    if (text.size() - at < w.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < w.size() && same; ++i) {
      same = std::tolower(static_cast<unsigned char>(text[at + i])) == w[i];
    }
    if (same) return true;
  }
  return false;
}

}  // namespace

std::string discord_text(std::string_view text) {
  constexpr std::string_view markup = "\\*_~`|>#[]()<:-@";
  constexpr std::array<std::string_view, 2> mass{"everyone", "here"};
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (markup.find(c) != std::string_view::npos) out += '\\';
    out += c;
    if (c == '@' && mass_mention(text, i + 1, mass)) out += zero_width_space;
  }
  return out;
}

std::string slack_text(std::string_view text) {
  constexpr std::array<std::string_view, 3> mass{"channel", "here", "everyone"};
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '&') {
      out += "&amp;";
    } else if (c == '<') {
      out += "&lt;";
    } else if (c == '>') {
      out += "&gt;";
    } else {
      out += c;
      if (c == '@' && mass_mention(text, i + 1, mass)) out += zero_width_space;
    }
  }
  return out;
}

nlohmann::json webhook_body(std::string_view format, const nlohmann::json& body, std::int64_t delivery,
                            std::string_view language) {
  const auto text = body.value("text", std::string());
  const auto link = body.value("link", std::string());
  if (format == "discord") {
    // allowed_mentions: nothing in the content may ping anyone, whatever the escaping missed.
    return {{"content", discord_text(text) + " " + link},
            {"username", i18n::text(language, "webhook.username")},
            {"allowed_mentions", {{"parse", nlohmann::json::array()}}}};
  }
  if (format == "slack") {
    // The label is the server's own words, but escaped all the same: a translation may hold a
    // character Slack reads (none does today).
    const auto label = body.value("event", std::string()) == "message" ? "webhook.open_messages" : "webhook.open_game";
    return {{"text", slack_text(text) + " <" + link + "|" + slack_text(i18n::text(language, label)) + ">"}};
  }
  auto out = body;
  out["delivery"] = delivery;
  return out;
}

}  // namespace loyang::server::notify
