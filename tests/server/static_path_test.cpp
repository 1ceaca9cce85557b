// resolve_static_path on its own: which request paths name a file inside the web root.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "server_fixture.hpp"
#include "web/static_path.hpp"
#include "temp_dir.hpp"

using loyang::server::resolve_static_path;
using loyang::test::temp_dir;
using loyang::test::write_file;
namespace fs = std::filesystem;

namespace {

/// A web root (web/) next to a secret file and directory outside it.
struct layout {
  layout() {
    write_file(web() / "index.html", "index");
    write_file(web() / "js" / "app.js", "app");
    write_file(web() / "js" / "index.html", "js index");
    write_file(web() / "a b.txt", "space");
    write_file(web() / "caf\xc3\xa9.txt", "utf-8 name");
    write_file(web() / "%2e", "percent name");
    write_file(web() / ".hidden", "hidden");
    write_file(web() / "img" / "logo.svg", "logo");
    write_file(tmp.path() / "secret.txt", "secret");
    write_file(tmp.path() / "secrets" / "key", "key");
    fs::create_symlink(tmp.path() / "secret.txt", web() / "leak.txt");
    fs::create_directory_symlink(tmp.path() / "secrets", web() / "leakdir");
    fs::create_symlink(web() / "js" / "app.js", web() / "alias.js");  // stays inside
    fs::create_symlink(tmp.path() / "missing", web() / "dangling");
    fs::create_symlink("/etc/passwd", web() / "passwd");
  }
  fs::path web() const { return tmp.path() / "web"; }
  fs::path canonical(const fs::path& p) const { return fs::canonical(web() / p); }
  temp_dir tmp;
};

}  // namespace

TEST_CASE("resolve_static_path finds files inside the web root", "[server][static]") {
  layout l;
  CHECK(resolve_static_path(l.web(), "/") == l.canonical("index.html"));
  CHECK(resolve_static_path(l.web(), "/index.html") == l.canonical("index.html"));
  CHECK(resolve_static_path(l.web(), "/js/app.js") == l.canonical("js/app.js"));
  CHECK(resolve_static_path(l.web(), "/js/") == l.canonical("js/index.html"));
  CHECK(resolve_static_path(l.web(), "/a%20b.txt") == l.canonical("a b.txt"));
  CHECK(resolve_static_path(l.web(), "/caf%C3%A9.txt") == l.canonical("caf\xc3\xa9.txt"));
  CHECK(resolve_static_path(l.web(), "/%6As/app.js") == l.canonical("js/app.js"));
  CHECK(resolve_static_path(l.web(), "/alias.js") == l.canonical("js/app.js"));
  // A root given with a trailing slash or through "..": the same files.
  CHECK(resolve_static_path(l.web() / "", "/js/app.js") == l.canonical("js/app.js"));
  CHECK(resolve_static_path(l.web() / ".." / "web", "/js/app.js") == l.canonical("js/app.js"));
}

TEST_CASE("resolve_static_path refuses anything that is not plainly a file in the root",
          "[server][static]") {
  layout l;
  const std::string outside = (l.tmp.path() / "secret.txt").string();
  const char* const refused[] = {
      "",
      "index.html",
      "//etc/passwd",
      "///etc/passwd",
      "/%2fetc/passwd",
      "/%2F%2Fetc/passwd",
      "/../secret.txt",
      "/js/../../secret.txt",
      "/js/../index.html",  // no ".." even when it stays inside
      "/./index.html",
      "/%2e%2e/secret.txt",
      "/%2E%2E/secret.txt",
      "/.%2e/secret.txt",
      "/%2e./secret.txt",
      "/..%2fsecret.txt",
      "/..%5csecret.txt",
      "/%252e%252e/secret.txt",
      "/%2e",       // double encoding: decodes once to "%2e", and a decoded '%' is refused
      "/%252e",     // the same, spelled as a browser would
      "/%c0%ae%c0%ae/secret.txt",  // overlong '.'
      "/%c0%af",                   // overlong '/'
      "/%e0%80%ae",                // overlong '.', three bytes
      "/%ed%a0%80",                // a surrogate
      "/%f4%90%80%80",             // above U+10FFFF
      "/%ff",
      "/caf%C3.txt",               // truncated UTF-8
      "/caf\xc3\xa9.txt",          // raw non-ASCII
      "/index.html%00.png",
      "/index.html%00",
      "/%0aindex.html",
      "/%7f",
      "/\\..\\secret.txt",
      "/js\\app.js",
      "/%",
      "/%2",
      "/%zz",
      "/%2g",
      "/.hidden",
      "/%2ehidden",
      "/leak.txt",
      "/leakdir/key",
      "/leakdir/",
      "/dangling",
      "/passwd",
      "/js",            // a directory is not a file
      "/img/",          // no index.html there
      "/missing.html",
      "/index.html/",
      "/js//app.js",
  };
  for (const char* target : refused) {
    INFO("target: " << target);
    CHECK_FALSE(resolve_static_path(l.web(), target).has_value());
  }
  // A raw NUL byte inside the view.
  CHECK_FALSE(resolve_static_path(l.web(), std::string_view("/index.html\0.png", 16)).has_value());
  // An absolute path of a file outside, in every spelling that could make it absolute.
  CHECK_FALSE(resolve_static_path(l.web(), "/" + outside).has_value());
  CHECK_FALSE(resolve_static_path(l.web(), outside).has_value());
  // Overlong segments and targets.
  CHECK_FALSE(resolve_static_path(l.web(), "/" + std::string(256, 'a')).has_value());
  CHECK_FALSE(resolve_static_path(l.web(), "/" + std::string(5000, 'a')).has_value());
  // A root that does not exist.
  CHECK_FALSE(resolve_static_path(l.tmp.path() / "nowhere", "/index.html").has_value());
}
