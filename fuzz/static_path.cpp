// libFuzzer target: the static file resolver (resolve_static_path) on arbitrary request paths.
// A small web root is made at start: pages, a folder, a hidden file, a symlink to a file
// outside the root, one to a folder outside it and one inside it. Properties: nothing throws
// or crashes; any result is an existing regular file whose canonical path lies inside the
// canonical root, never the outside file and never a hidden file.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "fuzz_support.hpp"
#include "web/static_path.hpp"

namespace fs = std::filesystem;

namespace {

struct web_root_dir {
  fs::path base, root, canonical_root;
  web_root_dir() {
    base = fs::temp_directory_path() / ("loyang-fuzz-static-" + std::to_string(::getpid()));
    root = base / "web";
    fs::create_directories(root / "js");
    fs::create_directories(base / "secret-dir");
    std::ofstream(root / "index.html") << "index";
    std::ofstream(root / "js" / "app.js") << "app";
    std::ofstream(root / "js" / "index.html") << "js index";
    std::ofstream(root / ".hidden") << "hidden";
    std::ofstream(base / "outside.txt") << "outside";
    std::ofstream(base / "secret-dir" / "key.txt") << "key";
    std::error_code ec;
    fs::create_symlink(base / "outside.txt", root / "leak.txt", ec);
    fs::create_directory_symlink(base / "secret-dir", root / "secrets", ec);
    fs::create_symlink(root / "js" / "app.js", root / "app-link.js", ec);
    canonical_root = fs::canonical(root);
  }
  ~web_root_dir() {
    std::error_code ec;
    fs::remove_all(base, ec);
  }
};

const web_root_dir& dir() {
  static const web_root_dir d;
  return d;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  dir();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto& d = dir();
  const auto found = loyang::server::resolve_static_path(d.root, loyang::fuzz::as_text(data, size));
  if (!found) return 0;
  std::error_code ec;
  const auto canonical = fs::canonical(*found, ec);
  loyang::fuzz::require(!ec && fs::is_regular_file(canonical, ec), "a result is not a regular file: " + found->string());
  const auto inside = canonical.lexically_relative(d.canonical_root);
  loyang::fuzz::require(!inside.empty() && *inside.begin() != "..", "a result outside the root: " + canonical.string());
  for (const auto& part : inside)
    loyang::fuzz::require(part.string().front() != '.', "a hidden file was served: " + canonical.string());
  return 0;
}
