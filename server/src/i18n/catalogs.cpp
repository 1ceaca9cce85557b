// The embedded catalogs (embedded.hpp), read and parsed once, the first time a text is asked
// for: every message is parsed then, so that asking is a lookup and a render on any thread.
#include <algorithm>
#include <map>
#include <unordered_map>

#include "embedded.hpp"
#include "message.hpp"
#include "text.hpp"

namespace loyang::server::i18n {
namespace {

struct catalog {
  std::unordered_map<std::string, message> messages;
};

struct catalogs {
  std::vector<language> languages;
  std::map<std::string, catalog, std::less<>> by_code;
};

// `text`'s messages; a message that does not parse is kept as its text, as i18n.js does. A file
// that is not a JSON object has none (tests/web/i18n_test.mjs keeps that from happening).
catalog read_catalog(std::string_view text) {
  catalog out;
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object()) return out;
  for (const auto& [key, value] : j.items()) {
    if (!value.is_string()) continue;
    const auto& s = value.get_ref<const std::string&>();
    auto parsed = parse_message(s);
    out.messages.emplace(key, parsed ? std::move(*parsed) : message{part{part::kind::literal, s}});
  }
  return out;
}

catalogs load() {
  catalogs out;
  std::map<std::string, std::string_view, std::less<>> files;
  std::string_view list;
  for (const auto& f : embedded_files()) {
    if (f.name == "languages.json") {
      list = f.text;
    } else if (f.name.size() > 5 && f.name.substr(f.name.size() - 5) == ".json") {
      files.emplace(std::string(f.name.substr(0, f.name.size() - 5)), f.text);
    }
  }
  const auto listed = nlohmann::json::parse(list, nullptr, false);
  if (listed.is_array()) {
    for (const auto& l : listed) {
      if (!l.is_object() || !l.contains("code") || !l["code"].is_string()) continue;
      const auto code = l["code"].get<std::string>();
      const auto file = files.find(code);
      if (file == files.end() || out.by_code.count(code) > 0) continue;
      out.languages.push_back({code, l.value("name", code)});
      out.by_code.emplace(code, read_catalog(file->second));
    }
  }
  if (out.by_code.count("en") == 0) {
    out.languages.insert(out.languages.begin(), {"en", "English"});
    out.by_code.emplace("en", catalog{});
  }
  return out;
}

const catalogs& all() {
  static const catalogs c = load();
  return c;
}

const message* find(std::string_view language, std::string_view key) {
  const auto& c = all();
  const auto it = c.by_code.find(language);
  if (it == c.by_code.end()) return nullptr;
  const auto m = it->second.messages.find(std::string(key));
  return m == it->second.messages.end() ? nullptr : &m->second;
}

}  // namespace

const std::vector<language>& languages() { return all().languages; }

bool available(std::string_view code) { return all().by_code.count(code) > 0; }

std::string text(std::string_view language, std::string_view key, const nlohmann::json& args) {
  // As the browser: English's message for a key the language lacks, still written the
  // language's way (numbers, plural categories); a language without a catalog is English.
  const std::string_view used = available(language) ? language : "en";
  const auto* m = find(used, key);
  if (m == nullptr) m = find("en", key);
  if (m == nullptr) return std::string(key);
  return render(*m, args, used);
}

std::optional<std::string> own_text(std::string_view language, std::string_view key, const nlohmann::json& args) {
  const auto* m = find(language, key);
  if (m == nullptr) return std::nullopt;
  return render(*m, args, language);
}

}  // namespace loyang::server::i18n
