// Accept-Language (RFC 9110, 12.5.4; RFC 4647's "lookup" by primary language): a list of
// language ranges with q-values, read leniently: an entry that does not parse is skipped, not
// the whole header.
#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "language_code.hpp"
#include "text.hpp"

namespace loyang::server::i18n {
namespace {

struct wish {
  std::string tag;  // lower case
  double q = 1;
};

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

bool plausible_tag(std::string_view t) {
  if (t.empty() || t.size() > 35) return false;
  if (t == "*") return true;
  return std::all_of(t.begin(), t.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
  });
}

// The q-value of `params` (what follows the tag: ";q=0.8"), or nullopt when it does not parse.
std::optional<double> q_value(std::string_view params) {
  double q = 1;
  while (!params.empty()) {
    params.remove_prefix(1);  // the ';'
    const auto next = params.find(';');
    const auto param = trim(params.substr(0, next));
    params = next == std::string_view::npos ? std::string_view() : params.substr(next);
    if (param.empty() || (param[0] != 'q' && param[0] != 'Q')) continue;
    const auto after = trim(param.substr(1));
    if (after.empty() || after.front() != '=') continue;
    const auto value = std::string(trim(after.substr(1)));
    if (value.empty() || value.size() > 5 || value.find_first_not_of("0123456789.") != std::string::npos) {
      return std::nullopt;
    }
    char* end = nullptr;
    q = std::strtod(value.c_str(), &end);
    if (end != value.c_str() + value.size() || q < 0 || q > 1) return std::nullopt;
  }
  return q;
}

// The available code `tag` names: itself, else its primary language; empty when neither.
std::string match(const std::string& tag) {
  const auto& all = languages();
  for (const auto& l : all) {
    if (lower(l.code) == tag) return l.code;
  }
  const auto base = primary_subtag(tag);
  for (const auto& l : all) {
    if (lower(l.code) == base) return l.code;
  }
  return {};
}

}  // namespace

std::string negotiate(std::string_view header) {
  header = header.substr(0, 4096);
  std::vector<wish> wishes;
  while (!header.empty() && wishes.size() < 64) {
    const auto comma = header.find(',');
    const auto item = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view() : header.substr(comma + 1);
    const auto semicolon = item.find(';');
    const auto tag = trim(item.substr(0, semicolon));
    if (!plausible_tag(tag)) continue;
    const auto q = q_value(semicolon == std::string_view::npos ? std::string_view() : item.substr(semicolon));
    if (!q || *q <= 0) continue;
    wishes.push_back({lower(tag), *q});
  }
  std::stable_sort(wishes.begin(), wishes.end(), [](const wish& a, const wish& b) { return a.q > b.q; });
  for (const auto& w : wishes) {
    if (w.tag == "*") return "en";  // any language: the reference
    if (auto code = match(w.tag); !code.empty()) return code;
  }
  return "en";
}

}  // namespace loyang::server::i18n
