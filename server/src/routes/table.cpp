// The HTTP API's route table (table.hpp).
#include "table.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>

#include "../core/api_errors.hpp"
#include "../core/path_parts.hpp"

namespace loyang::server::routes {
namespace {

std::optional<std::int64_t> positive(std::string_view text) {
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v <= 0) return std::nullopt;
  return v;
}

bool placeholder(std::string_view part) { return !part.empty() && part.front() == '{'; }

// The order an Allow header lists methods in.
constexpr http::verb allow_order[] = {http::verb::get, http::verb::post, http::verb::put, http::verb::patch,
                                      http::verb::delete_};

}  // namespace

void call::bad_query(const std::string& why) const { reply(api_error(http::status::bad_request, "bad_query", why)); }

void call::bad_request(std::string_view code, std::string_view message) const {
  reply(api_error(http::status::bad_request, code, message));
}

void table::add(std::string_view pattern, access who, http::verb method, handler run) {
  auto it = std::find_if(routes_.begin(), routes_.end(), [&](const route& r) { return r.pattern == pattern; });
  if (it == routes_.end()) {
    route r{std::string(pattern), {}, who, {}};
    for (const auto part : parts_after(pattern, "/")) {
      if (placeholder(part) && part != "{id}" && part != "{name}") {
        throw std::logic_error("route " + r.pattern + ": unknown placeholder " + std::string(part));
      }
      r.parts.emplace_back(part);
    }
    routes_.push_back(std::move(r));
    it = routes_.end() - 1;
  }
  if (it->who != who) throw std::logic_error("route " + it->pattern + ": one access for all its methods");
  for (const auto& m : it->methods) {
    if (m.first == method) throw std::logic_error("route " + it->pattern + ": a method added twice");
  }
  it->methods.emplace_back(method, std::move(run));
}

std::optional<table::found> table::find(std::string_view path, http::verb method) const {
  const auto parts = parts_after(path, "/");
  for (const auto& r : routes_) {
    if (r.parts.size() != parts.size()) continue;
    found out;
    bool match = true;
    for (std::size_t i = 0; match && i < parts.size(); ++i) {
      if (r.parts[i] == "{id}") {
        const auto id = positive(parts[i]);
        if (id) out.ids.push_back(*id);
        match = id.has_value();
      } else if (r.parts[i] == "{name}") {
        out.names.emplace_back(parts[i]);
        match = !parts[i].empty();
      } else {
        match = r.parts[i] == parts[i];
      }
    }
    if (!match) continue;
    out.pattern = r.pattern;
    out.who = r.who;
    const auto asked = method == http::verb::head ? http::verb::get : method;
    for (const auto verb : allow_order) {
      const auto m = std::find_if(r.methods.begin(), r.methods.end(), [&](const auto& x) { return x.first == verb; });
      if (m == r.methods.end()) continue;
      if (verb == asked) out.run = &m->second;
      if (!out.allow.empty()) out.allow += ", ";
      out.allow += verb == http::verb::get ? "GET, HEAD" : std::string(http::to_string(verb));
    }
    return out;
  }
  return std::nullopt;
}

std::vector<std::string> table::list() const {
  std::vector<std::string> out;
  for (const auto& r : routes_) {
    for (const auto& m : r.methods) out.push_back(std::string(http::to_string(m.first)) + " " + r.pattern);
  }
  return out;
}

}  // namespace loyang::server::routes
