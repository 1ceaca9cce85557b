// The catalogs (web/i18n/, docs/i18n.md): every language has exactly the English keys, every
// message parses and uses the same arguments as the English one, every key is used by the code
// (the browser's modules, index.html, the server's sources), and every key the code asks for
// exists. Families of keys made from data (card.R01, error.not_your_turn) are checked against
// their data.
//   node tests/web/i18n_test.mjs REPO_ROOT
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(process.argv[2] || ".");
const problems = [];
const fail = (what) => problems.push(what);

const dir = path.join(root, "web", "i18n");
const languages = JSON.parse(fs.readFileSync(path.join(dir, "languages.json"), "utf8"));
const catalogs = Object.fromEntries(languages.map(({ code }) => [code, JSON.parse(fs.readFileSync(path.join(dir, `${code}.json`), "utf8"))]));
const en = catalogs.en;
if (!en) throw new Error("no English catalog");
const i18n = await import(pathToFileURL(path.join(root, "web", "js", "i18n.js")));

// ---- Arguments: "name:kind" for every argument a message uses, through every choice --------
function args(parts, out = new Set()) {
  for (const p of parts) {
    if (typeof p === "string" || p.hash) continue;
    out.add(`${p.arg}:${p.type === "number" ? "plain" : p.type || "plain"}`);
    for (const c of Object.values(p.choices || {})) args(c, out);
  }
  return out;
}
const parsedArgs = {};
for (const [code, cat] of Object.entries(catalogs)) {
  parsedArgs[code] = {};
  for (const [key, text] of Object.entries(cat)) {
    if (typeof text !== "string") { fail(`${code}: ${key} is not a string`); continue; }
    try {
      parsedArgs[code][key] = [...args(i18n.parse(text))].map((a) => a.replace(/:number$/, ":plain")).sort();
    } catch (e) {
      fail(`${code}: ${key} does not parse (${e.message}): ${JSON.stringify(text)}`);
    }
    if (!text.trim()) fail(`${code}: ${key} is empty`);
  }
}
// A plural or select may be written as plain text in a language that needs no choice there, so
// arguments compare by name; their kinds must agree where both choose.
const names = (list) => list.map((a) => a.split(":")[0]).sort().join(",");
for (const [code, cat] of Object.entries(catalogs)) {
  if (code === "en") continue;
  const missing = Object.keys(en).filter((k) => !(k in cat));
  const extra = Object.keys(cat).filter((k) => !(k in en));
  if (missing.length) fail(`${code}: ${missing.length} keys missing: ${missing.join(", ")}`);
  if (extra.length) fail(`${code}: ${extra.length} keys English lacks: ${extra.join(", ")}`);
  for (const key of Object.keys(en)) {
    const a = parsedArgs.en[key];
    const b = parsedArgs[code][key];
    if (!a || !b) continue;
    if (names(a) !== names(b)) fail(`${code}: ${key} uses {${names(b)}}, English uses {${names(a)}}`);
    else {
      const kinds = new Map(a.map((x) => x.split(":")));
      for (const x of b) {
        const [n, k] = x.split(":");
        if (k === "select" && kinds.get(n) !== "select") fail(`${code}: ${key}: {${n}} is a select here, not in English`);
      }
    }
  }
}

// ---- Keys the code uses ----------------------------------------------------------------
function files(d, exts, out = []) {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) files(p, exts, out);
    else if (exts.some((x) => e.name.endsWith(x))) out.push(p);
  }
  return out;
}
const sources = [
  ...files(path.join(root, "web", "js"), [".js"]),
  path.join(root, "web", "index.html"),
  ...files(path.join(root, "server", "src"), [".cpp", ".hpp"]),
].filter((f) => fs.existsSync(f));
const text = sources.map((f) => [f, fs.readFileSync(f, "utf8")]);

const literals = new Set(); // every quoted word that looks like a key: a use, also in tables
const asked = new Map(); // key → file, for t("key") / text(lang, "key") / data-i18n="key"
const families = new Set();
const KEY = /["'`]([a-z][a-z0-9_]*(?:\.[A-Za-z0-9_-]+)+)["'`]/g;
for (const [f, src] of text) {
  const rel = path.relative(root, f);
  for (const m of src.matchAll(KEY)) literals.add(m[1]);
  for (const m of src.matchAll(/(?<![.\w])t\(\s*["']([a-z][a-z0-9_]*\.[^"'`]+)["']/g)) asked.set(m[1], rel);
  for (const m of src.matchAll(/data-i18n="([^"]+)"/g)) asked.set(m[1], rel);
  for (const m of src.matchAll(/data-i18n-attr="([^"]+)"/g)) {
    for (const pair of m[1].split(";")) asked.set(pair.split(":")[1], rel);
  }
  for (const m of src.matchAll(/(?<![.\w])(?:tk|has)\(\s*["']([a-z_]+)["']/g)) families.add(m[1]);
  // The server: i18n::text(language, "key", ...) and family lookups i18n::family_text(..., "error", code).
  for (const m of src.matchAll(/\btext\(\s*[^,()]+,\s*"([a-z][a-z0-9_.]+)"/g)) asked.set(m[1], rel);
  for (const m of src.matchAll(/\bfamily_text\(\s*[^,()]+,\s*"([a-z_]+)"/g)) families.add(m[1]);
}
for (const key of asked.keys()) literals.add(key);
for (const [key, where] of asked) if (!(key in en)) fail(`${where} asks for ${key}, which the English catalog lacks`);

// ---- Families, from their data ----------------------------------------------------------
const ids = {};
try {
  const cards = await import(pathToFileURL(path.join(root, "web", "js", "cards.js")));
  ids.card = cards.CARD_IDS;
  ids.veg = cards.VEGETABLES;
  if (cards.HELPER_KINDS) ids.helper = cards.HELPER_KINDS;
} catch (e) {
  fail(`web/js/cards.js cannot be read in node: ${e.message}`);
}
try {
  const { errorCodes, ruleMessages } = await import(pathToFileURL(path.join(root, "tests", "web", "error-codes.mjs")));
  ids.error = errorCodes(root);
  // A refusal's English words are the engine's (docs/protocol.md, "Rule error codes"), which the
  // browser shows where it showed the server's message before.
  for (const [code, message] of ruleMessages(root)) {
    if (en[`error.${code}`] !== undefined && en[`error.${code}`] !== message) fail(`error.${code} is not the docs' message "${message}"`);
  }
} catch (e) {
  fail(`tests/web/error-codes.mjs: ${e.message}`);
}
const familyOf = (key) => key.slice(0, key.indexOf("."));
for (const fam of families) {
  const have = Object.keys(en).filter((k) => familyOf(k) === fam).map((k) => k.slice(fam.length + 1));
  if (!ids[fam]) { fail(`the family ${fam} has no list of ids in this test`); continue; }
  const want = new Set(ids[fam]);
  const lacking = [...want].filter((id) => !have.includes(id));
  const leftover = have.filter((id) => !want.has(id));
  if (lacking.length) fail(`family ${fam}: no message for ${lacking.join(", ")}`);
  if (leftover.length) fail(`family ${fam}: messages for ids that do not exist: ${leftover.join(", ")}`);
}
const unused = Object.keys(en).filter((k) => !families.has(familyOf(k)) && !literals.has(k));
if (unused.length) fail(`${unused.length} keys no code uses: ${unused.join(", ")}`);

// ---- The formatter itself, on messages made for it ---------------------------------------
i18n.setMessages("fr", {
  a: "{n, plural, =0 {aucun prêt} one {# prêt} other {# prêts}}",
  b: "{who} a {c, select, red {rouge} other {bleu}}",
}, { c: "English only" });
const check = (got, want, what) => { if (got !== want) fail(`formatter: ${what}: ${JSON.stringify(got)}, wanted ${JSON.stringify(want)}`); };
check(i18n.t("a", { n: 0 }), "aucun prêt", "=0 first");
check(i18n.t("a", { n: 1 }), "1 prêt", "one");
check(i18n.t("a", { n: 2 }), "2 prêts", "other");
check(i18n.t("a", { n: 1500 }), `1${new Intl.NumberFormat("fr").format(1000)[1]}500 prêts`, "# in the language's digits");
check(i18n.t("b", { who: "Ann", c: "red" }), "Ann a rouge", "select");
check(i18n.t("c"), "English only", "English where the language lacks a key");
check(i18n.t("nowhere"), "nowhere", "the key where no catalog has it");
for (const bad of ["{n, plural, one {x}}", "a } b", "{n, plural, other {x}"]) {
  let threw = false;
  try { i18n.parse(bad); } catch { threw = true; }
  if (!threw) fail(`formatter: ${JSON.stringify(bad)} should not parse`);
}

if (problems.length) {
  console.error(problems.map((p) => `- ${p}`).join("\n"));
  console.error(`${problems.length} problem(s) in the catalogs (docs/i18n.md)`);
  process.exit(1);
}
console.log(`catalogs ${languages.map((l) => l.code).join(", ")}: ${Object.keys(en).length} keys each, all used, all with English's arguments`);
