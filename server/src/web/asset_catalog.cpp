#include "web/asset_catalog.hpp"

#include <sodium.h>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <system_error>
#include <vector>

#include "static_files.hpp"
#include "web/compress.hpp"
#include "web/js_bundle.hpp"

namespace loyang::server::web {
namespace {

namespace fs = std::filesystem;

struct disk_stamp {
  std::uintmax_t size = 0;
  fs::file_time_type modified{};
  bool operator==(const disk_stamp&) const = default;
};

/// Every regular file under the root that may be served: (relative path → stamp).
std::map<std::string, disk_stamp, std::less<>> walk(const fs::path& root, const fs::path& data_dir) {
  std::map<std::string, disk_stamp, std::less<>> out;
  std::error_code ec;
  const auto canonical_root = fs::canonical(root, ec);
  if (ec) return out;
  const auto data = data_dir.empty() ? fs::path() : fs::weakly_canonical(data_dir, ec);
  fs::recursive_directory_iterator it(canonical_root, fs::directory_options::skip_permission_denied, ec);
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    const auto name = it->path().filename().string();
    if (name.starts_with(".")) {
      if (it->is_directory(ec)) it.disable_recursion_pending();
      continue;
    }
    std::error_code e;
    const auto file = fs::canonical(it->path(), e);
    if (e || !fs::is_regular_file(file, e)) continue;
    if (!data.empty() && std::mismatch(data.begin(), data.end(), file.begin(), file.end()).first == data.end()) {
      if (it->is_directory(e)) it.disable_recursion_pending();
      continue;
    }
    const auto rel = file.lexically_relative(canonical_root);
    if (rel.empty() || *rel.begin() == "..") continue;  // a link out of the root
    disk_stamp s{fs::file_size(file, e), fs::last_write_time(file, e)};
    if (!e) out.emplace(rel.generic_string(), s);
  }
  return out;
}

std::optional<std::string> read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  if (!in.good() && !in.eof()) return std::nullopt;
  return s.str();
}

std::string hex_digest(const std::function<void(crypto_generichash_state&)>& feed) {
  crypto_generichash_state st;
  crypto_generichash_init(&st, nullptr, 0, 10);
  feed(st);
  unsigned char out[10];
  crypto_generichash_final(&st, out, sizeof out);
  char hex[2 * sizeof out + 1];
  sodium_bin2hex(hex, sizeof hex, out, sizeof out);
  return hex;
}

void feed(crypto_generichash_state& st, std::string_view s) {
  crypto_generichash_update(&st, reinterpret_cast<const unsigned char*>(s.data()), s.size());
  const unsigned char sep = 0;
  crypto_generichash_update(&st, &sep, 1);
}

std::string directory_of(const std::string& rel) {
  const auto slash = rel.rfind('/');
  return slash == std::string::npos ? "" : rel.substr(0, slash + 1);
}

/// A reference in a page or sheet ("/css/a.css", "img/x.svg", "../img/x.svg") as a path
/// relative to the root; nullopt for other sites, fragments, data: and query-bearing URLs.
std::optional<std::string> local_target(const std::string& from_dir, std::string_view ref) {
  if (ref.empty() || ref.starts_with("//") || ref.starts_with("#") || ref.find(':') != std::string_view::npos ||
      ref.find_first_of("?#\"'()\\ ") != std::string_view::npos) {
    return std::nullopt;
  }
  return resolve_reference(from_dir, ref);
}

struct reference {
  std::size_t begin;  // of the URL in the text
  std::size_t end;
  std::string target;
};

/// The url(...) references of a style sheet.
std::vector<reference> css_references(const std::string& rel, const std::string& text) {
  std::vector<reference> out;
  for (std::size_t at = text.find("url("); at != std::string::npos; at = text.find("url(", at + 4)) {
    std::size_t b = at + 4;
    const auto close = text.find(')', b);
    if (close == std::string::npos) break;
    std::size_t e = close;
    if (b < e && (text[b] == '"' || text[b] == '\'') && text[e - 1] == text[b]) {
      ++b;
      --e;
    }
    if (auto t = local_target(directory_of(rel), std::string_view(text).substr(b, e - b))) {
      out.push_back({at + 4, close, *t});
    }
  }
  return out;
}

/// The src="..." and href="..." references of a page.
std::vector<reference> html_references(const std::string& rel, const std::string& text) {
  std::vector<reference> out;
  for (std::string_view attr : {" src=\"", " href=\""}) {
    for (std::size_t at = text.find(attr); at != std::string::npos; at = text.find(attr, at + 1)) {
      const auto b = at + attr.size();
      const auto e = text.find('"', b);
      if (e == std::string::npos) break;
      if (auto t = local_target(directory_of(rel), std::string_view(text).substr(b, e - b))) out.push_back({b, e, *t});
    }
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.begin < b.begin; });
  return out;
}

bool compressible_type(std::string_view type) {
  return type.starts_with("text/") || type.starts_with("application/json") || type.starts_with("image/svg+xml") ||
         type.starts_with("application/manifest+json");
}

void finish(asset& a) {
  a.compressible = compressible_type(a.content_type);
  if (!a.compressible || a.body.size() < 256) return;
  // Kept only when it saves a tenth or more.
  auto worth = [&](std::string packed) { return packed.size() * 10 < a.body.size() * 9 ? packed : std::string(); };
  a.gzip = worth(web::gzip(a.body));
  a.brotli = worth(web::brotli(a.body));
}

std::string data_url(const asset& a) {
  const auto type = a.content_type.substr(0, a.content_type.find(';'));
  std::string b64(sodium_base64_encoded_len(a.body.size(), sodium_base64_VARIANT_ORIGINAL), '\0');
  sodium_bin2base64(b64.data(), b64.size(), reinterpret_cast<const unsigned char*>(a.body.data()), a.body.size(),
                    sodium_base64_VARIANT_ORIGINAL);
  b64.resize(std::strlen(b64.c_str()));
  return "\"data:" + type + ";base64," + b64 + "\"";
}

std::string versioned(const std::string& rel, const std::string& version) { return "/" + rel + "?v=" + version; }

}  // namespace

std::shared_ptr<const asset_catalog> asset_catalog::build(const fs::path& web_root, const fs::path& data_dir) {
  auto c = std::make_shared<asset_catalog>();
  c->root_ = web_root;
  const auto stamps = walk(web_root, data_dir);
  std::map<std::string, std::string> raw;
  std::uintmax_t total = 0;
  std::error_code ec;
  const auto canonical_root = fs::canonical(web_root, ec);
  for (const auto& [rel, found] : stamps) {
    if (found.size > max_file_bytes || total + found.size > max_total_bytes) continue;
    auto text = read_file(canonical_root / rel);
    if (!text) continue;
    total += text->size();
    raw.emplace(rel, std::move(*text));
  }

  const auto made_at = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
  auto make = [&](const std::string& rel, std::string body) {
    asset a;
    a.content_type = std::string(mime_type(rel));
    a.body = std::move(body);
    a.version = hex_digest([&](auto& st) { feed(st, a.body); });
    a.last_modified = made_at;
    if (const auto s = stamps.find(rel); s != stamps.end()) {
      a.modified = s->second.modified;
      a.size_on_disk = s->second.size;
      a.last_modified = std::chrono::floor<std::chrono::seconds>(std::chrono::file_clock::to_sys(s->second.modified));
    }
    finish(a);
    return a;
  };
  // First what refers to nothing, then the sheets that refer to it, then the pages.
  for (const auto& [rel, text] : raw) {
    if (!rel.ends_with(".css") && !rel.ends_with(".html")) c->files_.emplace(rel, make(rel, text));
  }
  auto version_of = [&](const std::string& rel) { return c->files_.at(rel).version; };

  // Style sheets: small images written in, the rest named by version.
  std::map<std::string, std::string> sheets;
  for (const auto& [rel, text] : raw) {
    if (!rel.ends_with(".css")) continue;
    std::string out;
    std::size_t at = 0;
    for (const auto& r : css_references(rel, text)) {
      out += text.substr(at, r.begin - at);
      const auto* target = c->find(r.target);
      if (!target) {
        out += text.substr(r.begin, r.end - r.begin);
      } else if (target->body.size() <= max_inline_bytes && target->content_type.starts_with("image/")) {
        out += data_url(*target);
      } else {
        out += versioned(r.target, target->version);
      }
      at = r.end;
    }
    out += text.substr(at);
    sheets.emplace(rel, out);
    c->files_.emplace(rel, make(rel, std::move(out)));
  }

  std::vector<std::string> linked;
  std::map<std::string, std::string> modules;
  for (const auto& [rel, text] : raw) {
    if (rel.ends_with(".js")) modules.emplace(rel, text);
  }
  for (const auto& [rel, text] : raw) {
    if (!rel.ends_with(".html")) continue;
    const auto page_dir = directory_of(rel);
    std::string out;
    std::size_t at = 0;
    bool sheet_written = false;
    std::vector<std::string> page_sheets;
    const auto references = html_references(rel, text);
    for (const auto& r : references) {
      if (r.target.ends_with(".css") && sheets.contains(r.target)) page_sheets.push_back(r.target);
    }
    for (const auto& r : references) {
      const auto tag_start = text.rfind('<', r.begin);
      const auto tag_end = text.find('>', r.end);
      const auto tag = std::string_view(text).substr(tag_start, tag_end - tag_start);
      if (page_sheets.size() > 1 && tag.find("rel=\"stylesheet\"") != std::string_view::npos &&
          sheets.contains(r.target)) {
        // The page's sheets in one, where the first was.
        if (sheet_written) {
          auto line_start = text.rfind('\n', tag_start);
          line_start = line_start == std::string::npos ? tag_start : line_start;
          out += text.substr(at, line_start - at);
          at = tag_end + 1;
          continue;
        }
        std::string merged;
        for (const auto& s : page_sheets) merged += "/* " + s + " */\n" + sheets.at(s) + "\n";
        auto stem = rel.substr(page_dir.size());
        stem = stem.substr(0, stem.rfind('.'));
        const auto name = directory_of(page_sheets.front()) + stem + ".bundle.css";
        if (!raw.contains(name)) {
          auto a = make(name, std::move(merged));
          out += text.substr(at, r.begin - at) + versioned(name, a.version);
          c->files_.emplace(name, std::move(a));
          at = r.end;
          sheet_written = true;
          continue;
        }
      }
      if (r.target.ends_with(".js") && tag.find("type=\"module\"") != std::string_view::npos) {
        const auto name = r.target.substr(0, r.target.size() - 3) + ".bundle.js";
        auto bundle = link_modules(modules, r.target);
        if (bundle.error.empty() && !raw.contains(name)) {
          auto a = make(name, std::move(bundle.code));
          out += text.substr(at, r.begin - at) + versioned(name, a.version);
          linked.push_back(r.target + " (" + std::to_string(bundle.modules) + " modules, " +
                           std::to_string(a.body.size() / 1024) + " KB)");
          c->files_.emplace(name, std::move(a));
          at = r.end;
          continue;
        }
        if (c->link_error_.empty()) c->link_error_ = bundle.error.empty() ? name + " is a file of its own" : bundle.error;
      }
      // A page (another .html) or a file left to the disk keeps its plain URL.
      const bool known = c->find(r.target) != nullptr;
      out += text.substr(at, r.begin - at) + (known ? versioned(r.target, version_of(r.target)) : text.substr(r.begin, r.end - r.begin));
      at = r.end;
    }
    out += text.substr(at);
    c->files_.emplace(rel, make(rel, std::move(out)));
  }
  std::uintmax_t packed = 0;
  for (const auto& [rel, a] : c->files_) packed += !a.brotli.empty() ? a.brotli.size() : a.body.size();
  c->summary_ = std::to_string(stamps.size()) + " files, " + std::to_string(total / 1024) + " KB (" +
                std::to_string(packed / 1024) + " KB compressed); ";
  if (!linked.empty()) {
    c->summary_ += "modules linked: ";
    for (std::size_t i = 0; i < linked.size(); ++i) c->summary_ += (i ? ", " : "") + linked[i];
  } else {
    c->summary_ += "modules served one by one";
  }
  for (const auto& [rel, st] : stamps) c->stamps_.emplace(rel, stamp{st.size, st.modified});
  c->data_dir_ = data_dir;
  return c;
}

const asset* asset_catalog::find(std::string_view rel) const {
  const auto it = files_.find(rel);
  return it == files_.end() ? nullptr : &it->second;
}

bool asset_catalog::unchanged_on_disk() const {
  const auto now = walk(root_, data_dir_);
  if (now.size() != stamps_.size()) return false;
  for (const auto& [rel, s] : now) {
    const auto it = stamps_.find(rel);
    if (it == stamps_.end() || it->second != std::pair{s.size, s.modified}) return false;
  }
  return true;
}

bool asset_catalog::unchanged_on_disk(std::string_view rel) const {
  std::error_code ec;
  const auto file = fs::canonical(root_, ec) / std::string(rel);
  const auto size = fs::file_size(file, ec);
  const auto modified = fs::last_write_time(file, ec);
  const auto it = stamps_.find(rel);
  if (it == stamps_.end()) return ec.operator bool();  // not there then; there now is a change
  return !ec && it->second == std::pair{size, modified};
}

web_assets::web_assets(fs::path web_root, fs::path data_dir)
    : root_(std::move(web_root)), data_dir_(std::move(data_dir)) {}

std::shared_ptr<const asset_catalog> web_assets::current(std::string_view rel, bool page) {
  std::lock_guard lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  bool stale = !catalog_;
  if (!stale && page) {
    if (now - checked_ >= std::chrono::seconds(1)) {
      checked_ = now;
      stale = !catalog_->unchanged_on_disk();
    }
  } else if (!stale && !rel.empty()) {
    stale = !catalog_->unchanged_on_disk(rel);
  }
  if (stale) {
    catalog_ = asset_catalog::build(root_, data_dir_);
    checked_ = now;
    spdlog::info("web client: {}", catalog_->summary());
    if (!catalog_->link_error().empty()) {
      spdlog::warn("web client: its modules are served one by one, not linked: {}", catalog_->link_error());
    }
  }
  return catalog_;
}

}  // namespace loyang::server::web
