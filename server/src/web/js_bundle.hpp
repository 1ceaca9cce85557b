#pragma once
// Internal: the web client's ES modules linked into one script, so that a first visit loads the
// client in one request instead of forty. The client itself has no build step: the server links
// its modules when it reads the web root (web/asset_catalog.cpp), and serves them one by one
// when they use a form this linker does not know.
//
// The forms it knows, which are the ones web/js uses (anything else is an error, not a guess):
//   import { a, b as c } from "./x.js";      import * as x from "./x.js";      import "./x.js";
//   export function f / export async function f / export class C / export const K
//   import(expression)                        (a dynamic import, resolved when it runs)
// Each module becomes a function run the first time another needs it (so that pages loaded
// on demand still run their top level only when opened); its exports are its namespace.
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace loyang::server::web {

/// `ref` ("/js/a.js", "./a.js", "../img/b.svg") from a file in `from_dir` ("js/render/", or ""
/// at the root) as a path relative to the web root ("js/a.js"); nullopt for one above the root.
std::optional<std::string> resolve_reference(const std::string& from_dir, std::string_view ref);

/// What the linker made: the script, or why the modules cannot be linked.
struct js_bundle {
  std::string code;   ///< a module script; empty when `error` says why not
  std::string error;  ///< empty on success, e.g. "js/a.js: imports itself through js/b.js"
  std::size_t modules = 0;
};

/// Links every module of `sources` (path relative to the web root, e.g. "js/main.js" → source)
/// into one script that runs `entry` first. Static imports must name a module of `sources`
/// (relative "./", "../" or root-absolute "/"), import only names it exports, and not form a
/// cycle. A dynamic import of a module not in `sources` loads it from the server at run time.
js_bundle link_modules(const std::map<std::string, std::string>& sources, const std::string& entry);

}  // namespace loyang::server::web
