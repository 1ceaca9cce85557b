// The client's words in the player's language (docs/i18n.md). Every text a player reads comes
// from a catalog, web/i18n/<code>.json: a flat object of keys to messages in a subset of ICU
// MessageFormat ({name}, {n, number}, {n, plural, one {...} other {...}} with #,
// {x, select, a {...} other {...}}). The server reads the same catalogs for e-mails, webhooks and
// the messages of HTTP errors. Numbers, dates and plural forms come from the browser's Intl.

let code = "en";
let messages = {};
let english = {};
let zone = undefined; // an IANA time zone; undefined: the browser's
let languages = [{ code: "en", name: "English" }];
const parsed = new Map();

/// The current language's code ("en", "fr", ...).
export function lang() {
  return code;
}

/// The languages a catalog exists for: [{code, name}] (web/i18n/languages.json).
export function available() {
  return languages;
}

/// Uses `messages` for language `c`, with `fallback` (English) for a key it lacks. Node's tests
/// call this with the catalogs read from disk; the browser calls load().
export function setMessages(c, msgs, fallback = msgs) {
  code = c;
  messages = msgs || {};
  english = fallback || {};
  parsed.clear();
  if (typeof document !== "undefined") document.documentElement.lang = c;
}

/// The time zone dates and times are shown in (the account's setting), or null for the browser's.
export function setTimeZone(z) {
  zone = z || undefined;
}
export function timeZone() {
  return zone || Intl.DateTimeFormat().resolvedOptions().timeZone;
}

async function fetchJson(path) {
  const res = await fetch(path);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json();
}

/// Loads the list of languages and the catalog of `c` (and English beside it), then uses it.
/// An unknown or unreachable language leaves English.
export async function load(c) {
  await loadLanguages();
  const want = languages.some((l) => l.code === c) ? c : "en";
  try {
    const en = Object.keys(english).length ? english : await fetchJson("/i18n/en.json");
    const msgs = want === "en" ? en : await fetchJson(`/i18n/${want}.json`);
    setMessages(want, msgs, en);
  } catch {
    if (!Object.keys(english).length) setMessages("en", {}, {});
  }
}

async function loadLanguages() {
  if (languages.length > 1) return;
  try {
    languages = await fetchJson("/i18n/languages.json");
  } catch {
    /* English only */
  }
}

const LANG_KEY = "loyang.lang";
const ZONE_KEY = "loyang.tz";
function stored(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/// At the page's start: the language and time zone this browser last used for the account (or
/// chose while logged out), else the browser's own.
export async function start() {
  setTimeZone(stored(ZONE_KEY));
  await loadLanguages();
  await load(pick(stored(LANG_KEY), typeof navigator !== "undefined" ? navigator.languages : []));
}

/// Keeps the account's choice ({language, time_zone}, either may be empty: not chosen) for the
/// next start. Returns true when it changes what this page shows (the caller reloads it).
export function remember({ language = "", time_zone } = {}) {
  let changed = false;
  if (language && !languages.some((l) => l.code === language)) language = ""; // no catalog (any more)
  try {
    if (language && language !== stored(LANG_KEY)) localStorage.setItem(LANG_KEY, language);
    if (time_zone !== undefined && (time_zone || "") !== (stored(ZONE_KEY) || "")) {
      if (time_zone) localStorage.setItem(ZONE_KEY, time_zone);
      else localStorage.removeItem(ZONE_KEY);
      changed = (zone || "") !== (time_zone || "");
    }
  } catch {
    /* private mode: this page only */
  }
  return changed || Boolean(language && language !== code);
}

/// The language to show: the account's if it has one, else the first of the browser's
/// languages (navigator.languages) a catalog exists for, else English.
export function pick(accountLanguage, browserLanguages = []) {
  const known = new Set(languages.map((l) => l.code));
  if (accountLanguage && known.has(accountLanguage)) return accountLanguage;
  for (const l of browserLanguages || []) {
    const base = String(l).toLowerCase().split("-")[0];
    if (known.has(base)) return base;
  }
  return "en";
}

// ---- The message format ----------------------------------------------------------------------

// A message as a list of parts: strings, {arg}, {arg, number}, {arg, plural|select, {choices}}.
// Throws on a message that is not in the format (tests/web/i18n_test.mjs parses every message).
export function parse(text, inPlural = false) {
  const out = [];
  let i = 0;
  let lit = "";
  const flush = () => {
    if (lit) out.push(lit);
    lit = "";
  };
  while (i < text.length) {
    const c = text[i];
    if (c === "{") {
      flush();
      const [part, next] = parseArg(text, i + 1);
      out.push(part);
      i = next;
    } else if (c === "#" && inPlural) {
      flush();
      out.push({ hash: true });
      i++;
    } else if (c === "}") {
      throw new Error(`unbalanced } at ${i}`);
    } else {
      lit += c;
      i++;
    }
  }
  flush();
  return out;
}

// The matching } of the { before `from`.
function closing(text, from) {
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  throw new Error("unbalanced {");
}

function parseArg(text, from) {
  const end = closing(text, from);
  const body = text.slice(from, end);
  const comma = body.indexOf(",");
  if (comma < 0) return [{ arg: body.trim() }, end + 1];
  const arg = body.slice(0, comma).trim();
  const rest = body.slice(comma + 1);
  const comma2 = rest.indexOf(",");
  const type = (comma2 < 0 ? rest : rest.slice(0, comma2)).trim();
  if (type === "number") return [{ arg, type }, end + 1];
  if (type !== "plural" && type !== "select") throw new Error(`unknown argument type ${type}`);
  const choices = {};
  let s = rest.slice(comma2 + 1);
  let j = 0;
  while (j < s.length) {
    while (j < s.length && /\s/.test(s[j])) j++;
    if (j >= s.length) break;
    const open = s.indexOf("{", j);
    if (open < 0) throw new Error(`choice without a message in ${arg}`);
    const sel = s.slice(j, open).trim();
    const close = closing(s, open + 1);
    choices[sel] = parse(s.slice(open + 1, close), type === "plural");
    j = close + 1;
  }
  if (!choices.other) throw new Error(`${arg}: a ${type} needs an "other" choice`);
  return [{ arg, type, choices }, end + 1];
}

const numberFormats = new Map();
/// `n` written the way the current language writes numbers (1,234 / 1 234 / 1.234).
export function num(n) {
  if (typeof n !== "number") return String(n ?? "");
  let f = numberFormats.get(code);
  if (!f) numberFormats.set(code, (f = new Intl.NumberFormat(code)));
  return f.format(n);
}

function render(parts, params, n) {
  let s = "";
  for (const p of parts) {
    if (typeof p === "string") s += p;
    else if (p.hash) s += num(n);
    else if (p.type === "number") s += num(params[p.arg]);
    else if (p.type === "plural") {
      const v = Number(params[p.arg]);
      const exact = p.choices[`=${v}`];
      const cat = new Intl.PluralRules(code).select(v);
      s += render(exact || p.choices[cat] || p.choices.other, params, v);
    } else if (p.type === "select") {
      s += render(p.choices[String(params[p.arg])] || p.choices.other, params, n);
    } else {
      const v = params[p.arg];
      s += typeof v === "number" ? num(v) : String(v ?? "");
    }
  }
  return s;
}

/// The message `key` in the current language with `params` filled in; English when the
/// current catalog lacks it; the key itself when no catalog has it (a test lists those).
export function t(key, params = {}) {
  let parts = parsed.get(key);
  if (!parts) {
    const text = messages[key] ?? english[key];
    if (text === undefined) return key;
    try {
      parts = parse(text);
    } catch {
      parts = [text];
    }
    parsed.set(key, parts);
  }
  return render(parts, params, undefined);
}

/// t(`${family}.${id}`): the keys of a family (card names, error codes, vegetables) are made
/// from data. docs/i18n.md lists the families; the catalog test checks each against its data.
export function tk(family, id, params = {}) {
  return t(`${family}.${id}`, params);
}

/// A message whose arguments `nodes` are elements (a link, a name in bold): its text split around
/// them, with each node where its argument is, as a list for h() or append().
export function tNodes(key, params, nodes) {
  const names = Object.keys(nodes);
  const marks = Object.fromEntries(names.map((k, i) => [k, `\u0001${i}\u0002`]));
  return t(key, { ...params, ...marks }).split(/\u0001(\d+)\u0002/)
    .map((part, i) => (i % 2 ? nodes[names[Number(part)]] : part)).filter((x) => x !== "");
}

/// Whether the catalogs have `family.id` (for an id, such as an error code, that may have none).
export function has(family, id) {
  const key = `${family}.${id}`;
  return key in messages || key in english;
}

/// `xs` joined as a list in the current language ("a, b and c" / "a, b et c" / "a, b e c").
export function list(xs, type = "conjunction") {
  return new Intl.ListFormat(code, { style: "long", type }).format(xs.map(String));
}

// ---- Dates and times, in the account's time zone ---------------------------------------------

const asDate = (v) => (v instanceof Date ? v : new Date(typeof v === "number" && v < 1e11 ? v * 1000 : v));

/// A date and time (a Date, an ISO text, Unix seconds or milliseconds) in the current language
/// and the account's time zone; `opts` as Intl.DateTimeFormat's.
export function dateTime(v, opts = { dateStyle: "medium", timeStyle: "short" }) {
  return new Intl.DateTimeFormat(code, { ...opts, timeZone: zone }).format(asDate(v));
}
export function date(v, opts = { dateStyle: "medium" }) {
  return dateTime(v, opts);
}
export function time(v, opts = { timeStyle: "short" }) {
  return dateTime(v, opts);
}

/// Translates the static page (index.html): every element with a data-i18n attribute gets the
/// message as its text; data-i18n-attr (pairs attribute:key, split by ;) sets attributes.
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":");
      if (attr && key) el.setAttribute(attr.trim(), t(key.trim()));
    }
  }
}
