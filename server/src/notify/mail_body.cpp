#include "mail_body.hpp"

#include "../i18n/text.hpp"

namespace loyang::server::notify {
namespace {

std::string joined(const nlohmann::json& names) {
  std::string out;
  for (const auto& n : names) {
    if (!n.is_string()) continue;
    if (!out.empty()) out += ", ";
    out += n.get<std::string>();
  }
  return out;
}

}  // namespace

std::string html_escape(const std::string& text) {
  std::string out;
  out.reserve(text.size() + text.size() / 8);
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

mail_body event_mail(const nlohmann::json& row, const std::string& language, const std::string& public_url,
                     const std::string& unsubscribe) {
  const auto hello = i18n::text(language, "mail.greeting", {{"name", row.value("account", std::string())}});
  const auto what = row.value("text", std::string());
  const auto link = row.value("link", std::string());
  const auto opponents = joined(row.value("opponents", nlohmann::json::array()));
  const auto since = row.value("since", nlohmann::json::object());
  const auto summary = since.is_object() ? since.value("summary", std::string()) : std::string();

  mail_body m;
  m.text = hello + "\n\n" + what + "\n\n";
  m.html = "<!DOCTYPE html>\n<html lang=\"" + html_escape(language.empty() ? "en" : language) +
           "\">\n<head><meta charset=\"utf-8\"><title>" + html_escape(what) + "</title></head>\n<body>\n<p>" +
           html_escape(hello) + "</p>\n<p><strong>" + html_escape(what) + "</strong></p>\n";
  if (!opponents.empty()) {
    const auto line = i18n::text(language, "mail.turn.opponents", {{"names", opponents}});
    m.text += line + "\n\n";
    m.html += "<p>" + html_escape(line) + "</p>\n";
  }
  if (!summary.empty()) {
    const auto heading = i18n::text(language, "mail.turn.since");
    m.text += heading + "\n" + summary + "\n";
    m.html += "<h3>" + html_escape(heading) + "</h3>\n<p>" + html_escape(summary) + "</p>\n<ul>\n";
    for (const auto& l : since.value("lines", nlohmann::json::array())) {
      if (!l.is_string()) continue;
      m.text += "- " + l.get<std::string>() + "\n";
      m.html += "<li>" + html_escape(l.get<std::string>()) + "</li>\n";
    }
    if (const auto more = since.value("more", std::string()); !more.empty()) {
      m.text += "- " + more + "\n";
      m.html += "<li>" + html_escape(more) + "</li>\n";
    }
    m.html += "</ul>\n";
    if (const auto cash = since.value("cash", std::string()); !cash.empty()) {
      m.text += cash + "\n";
      m.html += "<p>" + html_escape(cash) + "</p>\n";
    }
    m.text += "\n";
  }
  // A private message's mail leads to the conversation, every other one to its game.
  const bool letter = row.value("event", std::string()) == "message";
  m.text += i18n::text(language, letter ? "mail.open_messages" : "mail.open_game", {{"link", link}}) + "\n\n-- \n" +
            i18n::text(language, "mail.signature", {{"url", public_url}}) + "\n" + i18n::text(language, "mail.why") +
            "\n" + unsubscribe + "\n";
  m.html += "<p><a href=\"" + html_escape(link) + "\">" +
            html_escape(i18n::text(language, letter ? "webhook.open_messages" : "webhook.open_game")) +
            "</a></p>\n<hr>\n<p><small>" + html_escape(i18n::text(language, "mail.signature", {{"url", public_url}})) +
            "<br>\n" + html_escape(i18n::text(language, "mail.why")) + " <a href=\"" + html_escape(unsubscribe) + "\">" +
            html_escape(i18n::text(language, "mail.html.unsubscribe")) + "</a></small></p>\n</body>\n</html>\n";
  return m;
}

}  // namespace loyang::server::notify
