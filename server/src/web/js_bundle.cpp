#include "web/js_bundle.hpp"

#include <algorithm>
#include <cctype>
#include <functional>
#include <optional>
#include <set>
#include <sstream>
#include <vector>

namespace loyang::server::web {
namespace {

struct link_error {
  std::string what;
};

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool is_identifier(std::string_view s) {
  return !s.empty() && !std::isdigit(static_cast<unsigned char>(s.front())) && std::all_of(s.begin(), s.end(), ident_char);
}

std::string directory_of(const std::string& path) {
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? "" : path.substr(0, slash + 1);
}

/// "./x.js" from "js/render/" is "js/render/x.js"; nullopt for a bare name or one above the root.
std::optional<std::string> resolve(const std::string& dir, std::string_view spec) {
  if (!spec.starts_with("/") && !spec.starts_with("./") && !spec.starts_with("../")) return std::nullopt;
  return resolve_reference(dir, spec);
}

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

/// One import statement's parts: `import <clause> from "<spec>";` or `import "<spec>";`.
struct import_statement {
  std::string clause;  // "{ a, b as c }", "* as x", or empty
  std::string spec;
};

std::optional<import_statement> parse_import(std::string_view text) {
  text = trim(text);
  if (text.ends_with(";")) text.remove_suffix(1);
  text = trim(text.substr(std::string_view("import").size()));
  const auto quote = text.find_first_of("\"'");
  if (quote == std::string_view::npos || text.back() != text[quote]) return std::nullopt;
  import_statement s;
  s.spec = std::string(text.substr(quote + 1, text.size() - quote - 2));
  if (s.spec.find_first_of("\"'`") != std::string::npos) return std::nullopt;
  auto head = trim(text.substr(0, quote));
  if (head.empty()) return s;
  if (!head.ends_with("from")) return std::nullopt;
  s.clause = std::string(trim(head.substr(0, head.size() - 4)));
  return s;
}

struct linked_module {
  std::vector<std::string> imports;  // resolved paths of static imports
  std::vector<std::pair<std::string, std::vector<std::string>>> named;  // (path, names) imported
  std::set<std::string> exports;
  std::string body;
};

/// Rewrites one module: import statements become look-ups, `export ` goes, dynamic imports
/// go through the bundle's loader. Throws link_error.
linked_module rewrite(const std::string& path, const std::string& source,
                      const std::map<std::string, std::string>& sources) {
  linked_module m;
  const auto dir = directory_of(path);
  std::istringstream lines(source);
  std::string line;
  std::ostringstream body;
  auto fail = [&](const std::string& why) { throw link_error{path + ": " + why}; };
  while (std::getline(lines, line)) {
    if (line.starts_with("import ") || line.starts_with("import{") || line == "import") {
      std::string statement = line;
      while (statement.find(';') == std::string::npos && std::getline(lines, line)) statement += "\n" + line;
      const auto parsed = parse_import(statement);
      if (!parsed) fail("an import this linker does not read: " + statement);
      const auto target = resolve(dir, parsed->spec);
      if (!target || !sources.contains(*target)) fail("imports " + parsed->spec + ", which is not one of the modules");
      m.imports.push_back(*target);
      const auto& c = parsed->clause;
      if (c.empty()) {
        body << "__req(" << quoted(*target) << ");\n";
      } else if (c.starts_with("*")) {
        const auto name = trim(trim(std::string_view(c).substr(1)).substr(2));
        if (!trim(std::string_view(c).substr(1)).starts_with("as") || !is_identifier(name)) fail("cannot read " + c);
        body << "const " << name << " = __req(" << quoted(*target) << ");\n";
      } else if (c.starts_with("{") && c.ends_with("}")) {
        std::vector<std::string> names;
        std::string pattern;
        std::stringstream list(c.substr(1, c.size() - 2));
        for (std::string item; std::getline(list, item, ',');) {
          const auto t = trim(item);
          if (t.empty()) continue;
          const auto as = t.find(" as ");
          const auto name = trim(t.substr(0, as));
          const auto local = as == std::string_view::npos ? name : trim(t.substr(as + 4));
          if (!is_identifier(name) || !is_identifier(local)) fail("cannot read " + c);
          names.emplace_back(name);
          pattern += (pattern.empty() ? "" : ", ") + std::string(name) + (local == name ? "" : ": " + std::string(local));
        }
        m.named.emplace_back(*target, std::move(names));
        body << "const { " << pattern << " } = __req(" << quoted(*target) << ");\n";
      } else {
        fail("a default import: " + c);
      }
      continue;
    }
    if (line.starts_with("export")) {
      std::string_view rest = std::string_view(line).substr(6);
      if (rest.empty() || !std::isspace(static_cast<unsigned char>(rest.front()))) fail("cannot read " + line);
      rest = trim(rest);
      std::string_view kind;
      for (std::string_view k : {"async function*", "async function", "function*", "function", "class", "const"}) {
        if (rest.starts_with(k) && rest.size() > k.size() && !ident_char(rest[k.size()])) {
          kind = k;
          break;
        }
      }
      if (kind.empty()) fail("an export this linker does not read (only function, class and const): " + line);
      auto name = trim(rest.substr(kind.size()));
      std::size_t end = 0;
      while (end < name.size() && ident_char(name[end])) ++end;
      if (!is_identifier(name.substr(0, end))) fail("cannot read " + line);
      m.exports.emplace(name.substr(0, end));
      line = std::string(rest);
    }
    // Dynamic imports: `import(` not part of a longer name or a member access.
    std::string out;
    for (std::size_t i = 0; i < line.size();) {
      const auto at = line.find("import", i);
      if (at == std::string::npos) {
        out += line.substr(i);
        break;
      }
      auto next = at + 6;
      while (next < line.size() && line[next] == ' ') ++next;
      const bool starts = at == 0 || (!ident_char(line[at - 1]) && line[at - 1] != '.');
      if (starts && next < line.size() && line[next] == '(') {
        out += line.substr(i, at - i) + "__import(" + quoted(dir) + ", ";
        i = next + 1;
      } else {
        out += line.substr(i, next - i);
        i = next;
      }
    }
    body << out << '\n';
  }
  m.body = body.str();
  return m;
}

// The loader: each module a function run once, on first need; a dynamic import of a module not
// in the bundle loads it from the server.
constexpr std::string_view prelude = R"(// The web client's modules in one script, linked by the server (server/src/web/js_bundle.cpp).
const __defs = new Map();
const __done = new Map();
function __req(p) {
  let ns = __done.get(p);
  if (!ns) {
    ns = {};
    __done.set(p, ns);
    __defs.get(p)(ns);
  }
  return ns;
}
function __import(dir, spec) {
  const out = [];
  for (const part of (spec.startsWith("/") ? spec.slice(1) : dir + spec).split("/")) {
    if (part === "..") out.pop();
    else if (part !== "." && part !== "") out.push(part);
  }
  const p = out.join("/");
  return __defs.has(p) ? Promise.resolve().then(() => __req(p)) : import("/" + p);
}
)";

}  // namespace

std::optional<std::string> resolve_reference(const std::string& from_dir, std::string_view ref) {
  const std::string joined = ref.starts_with("/") ? std::string(ref.substr(1)) : from_dir + std::string(ref);
  std::vector<std::string> parts;
  std::stringstream in(joined);
  for (std::string part; std::getline(in, part, '/');) {
    if (part == "..") {
      if (parts.empty()) return std::nullopt;
      parts.pop_back();
    } else if (!part.empty() && part != ".") {
      parts.push_back(part);
    }
  }
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : "/") + p;
  return out;
}

js_bundle link_modules(const std::map<std::string, std::string>& sources, const std::string& entry) {
  js_bundle out;
  if (!sources.contains(entry)) return {.code = {}, .error = "no module " + entry, .modules = 0};
  std::map<std::string, linked_module> linked;
  try {
    for (const auto& [path, source] : sources) linked.emplace(path, rewrite(path, source, sources));
  } catch (const link_error& e) {
    return {.code = {}, .error = e.what, .modules = 0};
  }
  for (const auto& [path, m] : linked) {
    for (const auto& [target, names] : m.named) {
      const auto& exported = linked.at(target).exports;
      for (const auto& n : names) {
        if (!exported.contains(n)) return {.code = {}, .error = path + ": imports " + n + ", which " + target + " does not export", .modules = 0};
      }
    }
  }
  // Imported before they run: a cycle would hand a module its importer's exports half made.
  enum class mark { none, open, done };
  std::map<std::string, mark> marks;
  std::string cycle;
  std::function<bool(const std::string&)> visit = [&](const std::string& p) {
    auto& mk = marks[p];
    if (mk == mark::done) return true;
    if (mk == mark::open) {
      cycle = p;
      return false;
    }
    mk = mark::open;
    for (const auto& next : linked.at(p).imports) {
      if (!visit(next)) return false;
    }
    marks[p] = mark::done;
    return true;
  };
  for (const auto& [path, m] : linked) {
    if (!visit(path)) return {.code = {}, .error = cycle + ": imports itself through its imports", .modules = 0};
  }
  std::string code(prelude);
  for (const auto& [path, m] : linked) {
    code += "__defs.set(" + quoted(path) + ", (__ns) => {\n" + m.body;
    std::string names;
    for (const auto& n : m.exports) names += (names.empty() ? "" : ", ") + n;
    code += "Object.assign(__ns, { " + names + " });\n});\n";
  }
  code += "__req(" + quoted(entry) + ");\n";
  out.code = std::move(code);
  out.modules = linked.size();
  return out;
}

}  // namespace loyang::server::web
