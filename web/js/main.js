// Entry point: a hash router between the login page, the lobby, a game and the pages around
// them (help, settings, profiles, the leaderboard, the daily challenge, private messages,
// tournaments, moderation). Each page's module is loaded when it is first shown, so that a page
// downloads and parses only its own code.
import * as api from "./api.js";
import { h, clear } from "./dom.js";
import * as i18n from "./i18n.js";
import { t } from "./i18n.js";
import { LiveLists } from "./live.js";
// The lobby is the first page of most visits: loaded at once, the others when first shown.
import * as lobby from "./lobby.js";

const root = document.getElementById("app");
const userEl = document.getElementById("user");
let cleanup = null;
// The app's live connection while logged in (live.js): lists, title and icon.
let live = null;

function liveFor(s) {
  if (live && (!s || live.token !== s.token)) {
    live.close();
    live = null;
  }
  if (s && !live) live = new LiveLists(s.token);
  return live;
}

function navigate(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

function onAuthError() {
  api.forgetSession();
  navigate("#/");
  route();
}

function showUser() {
  const s = api.session();
  clear(userEl);
  showNav(s);
  if (!s) return;
  if (unread.token !== s.token) Object.assign(unread, { token: s.token, n: 0 }); // another account's count
  userEl.append(h("span", h("span.logged-as", t("app.logged_in_as")), h("b#user-name", s.account.name)),
    h("a#messages-link", { href: "#/messages", "data-unread": String(unread.n) }, h("span", t("app.messages")),
      h("span.pm-unread#messages-unread")),
    h("a#settings-link", { href: "#/settings" }, t("app.settings")),
    h("button#logout", { type: "button", onclick: async () => {
      try { await api.logOut(); } catch { /* logged out locally anyway */ }
      navigate("#/");
      route();
    } }, t("app.log_out")));
  showUnread(unread.n);
  readUnread();
}

// The header's count of unread private messages: read at each page shown and when the live
// connection says a message came; the messages pages tell it what the server answered them.
// `asked` drops an answer overtaken by a newer one (a conversation just marked read).
const unread = { token: null, n: 0, asked: 0 };
function showUnread(n) {
  unread.n = n;
  const link = document.getElementById("messages-link");
  const badge = document.getElementById("messages-unread");
  if (!link || !badge) return;
  link.dataset.unread = String(n);
  badge.hidden = !n;
  clear(badge).append(h("span", { "aria-hidden": "true" }, i18n.num(n)), h("span.sr", t("messages.unread_sr", { n })));
}
function setUnread(n) {
  unread.asked++;
  showUnread(n);
}
async function readUnread() {
  const s = api.session();
  if (!s) return;
  const mine = ++unread.asked;
  try {
    const r = await api.call("GET", "/api/messages/unread");
    if (mine === unread.asked && api.session()?.token === s.token) showUnread(r.unread);
  } catch {
    /* an older server, or offline: the count stays as it was */
  }
}

// The header's links: the leaderboard and help for everyone, the daily challenge and one's
// profile once logged in, the operators' page for operators.
function showNav(s) {
  const link = (id) => document.getElementById(id);
  link("daily-link").hidden = !s;
  link("profile-link").hidden = !s;
  if (s) link("profile-link").href = `#/player/${encodeURIComponent(s.account.name)}`;
  const mod = link("moderation-link");
  mod.hidden = true;
  navWatch?.();
  navWatch = null;
  unreadWatch?.();
  unreadWatch = null;
  if (!s) return;
  // The live connection's welcome says whether the account moderates (again after a reconnection).
  const l = liveFor(s);
  const show = () => { if (api.session()?.token === s.token) mod.hidden = l.operator !== true; };
  show();
  navWatch = l.on("account", show);
  unreadWatch = l.on("messages", () => readUnread());
}
let navWatch = null;
let unreadWatch = null;

// Marks the header link of the page shown (its own profile counts as "My profile").
function markCurrent(page, s, name) {
  const current = {
    help: "help-link", leaderboard: "leaderboard-link", daily: "daily-link", moderation: "moderation-link",
    profile: s && name && name.toLowerCase() === s.account.name.toLowerCase() ? "profile-link" : null,
  }[page];
  for (const a of document.querySelectorAll("header.site .site-nav a")) {
    if (a.id === current) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
}

// The page a hash shows: [page, its match]. The help, profiles and the leaderboard are public;
// the other pages need a session (the login page stands in for them).
const ROUTES = [
  [/^#\/help(?:\/([\w-]+))?$/, "help", true],
  [/^#\/player\/([^/?#]+)$/, "profile", true],
  [/^#\/leaderboard(?:\?(.*))?$/, "leaderboard", true],
  [/^#\/game\/(\d+)$/, "game", false],
  [/^#\/replay\/(\d+)(?:\?(.*))?$/, "replay", false],
  [/^#\/settings$/, "settings", false],
  [/^#\/daily(?:\?(.*))?$/, "daily", false],
  [/^#\/moderation$/, "moderation", false],
  [/^#\/messages(?:\/([^/?#]+))?$/, "messages", false],
  // A tournament's page is public; the list and the form need a session.
  [/^#\/tournaments\/(\d+)$/, "tournaments", true],
  [/^#\/tournaments(?:\/(new))?$/, "tournaments", false],
];

function pageOf(hash, s) {
  for (const [re, page, open] of ROUTES) {
    const m = re.exec(hash);
    if (m) return open || s ? [page, m] : ["lobby", null];
  }
  return ["lobby", null];
}

// A name or query taken from the hash (a malformed escape is kept as typed).
function decoded(part) {
  try { return decodeURIComponent(part); } catch { return part; }
}

let routing = 0; // the latest route(): an older one whose module came late does nothing

async function route() {
  const mine = ++routing;
  cleanup?.();
  cleanup = null;
  showUser();
  const s = api.session();
  liveFor(s);
  const [page, m] = pageOf(location.hash, s);
  const name = page === "profile" ? decoded(m[1]) : null;
  markCurrent(page, s, name);
  let mod = lobby;
  if (page !== "lobby") {
    try {
      mod = await import(`./${page}.js`);
    } catch {
      // The server restarting, or the network gone: say so, and offer to try again.
      if (mine !== routing) return;
      clear(root).append(h("section.panel", h("p.error", { role: "alert" }, t("app.page_unreachable")),
        h("button#retry-page", { type: "button", onclick: () => route() }, t("app.try_again"))));
      return;
    }
  }
  if (mine !== routing) return;
  const params = new URLSearchParams(m?.[page === "replay" ? 2 : 1] || "");
  const common = { session: s, navigate, onAuthError };
  if (page === "help") cleanup = mod.helpPage(root, m[1] || null);
  else if (page === "profile") cleanup = mod.profilePage(root, name, common);
  else if (page === "leaderboard") cleanup = mod.leaderboardPage(root, { ...common, offset: Number(params.get("offset")) || 0 });
  else if (page === "daily") cleanup = mod.dailyPage(root, { ...common, date: params.get("date") });
  else if (page === "moderation") cleanup = mod.moderationPage(root, common);
  else if (page === "tournaments" && /^\d+$/.test(m[1] || "")) cleanup = mod.tournamentsPage(root, m[1], { ...common, live });
  else if (!s) mod.loginPage(root, { onLoggedIn: () => accountLocale(true).then(route) });
  else if (page === "game") cleanup = mod.gamePage(root, Number(m[1]), { session: s, navigate, onAuthError });
  else if (page === "replay") cleanup = mod.replayPage(root, Number(m[1]), { session: s, onAuthError, params: mod.replayParams(m[2]) });
  else if (page === "settings") cleanup = mod.settingsPage(root, { onAuthError });
  else if (page === "tournaments") cleanup = mod.tournamentsPage(root, m[1] || null, { ...common, live });
  else if (page === "messages") cleanup = mod.messagesPage(root, m[1] ? decoded(m[1]) : null, { ...common, live, onUnread: setUnread });
  else cleanup = mod.lobbyPage(root, { navigate, onAuthError, live });
}

// The account's language and time zone win over this browser's: after a login, and once per
// page load (chosen on another device). A change reloads the page, so that every text (including
// those modules made before) is in the new language.
async function accountLocale(chooseIfNone = false) {
  if (!api.session()) return;
  let l;
  try {
    l = await api.locale();
  } catch {
    return; // an older server, or offline: this browser's choice stands
  }
  if (!l.language && chooseIfNone) {
    // A first login from a browser that chose a language while logged out: the account keeps it.
    api.setLocale({ language: i18n.lang() }).catch(() => {});
    return;
  }
  if (i18n.remember(l)) location.reload();
}

// The header's language menu: every page can switch; a logged-in account keeps the choice.
function languageMenu() {
  const menu = document.getElementById("language-menu");
  if (!menu) return;
  clear(menu).append(...i18n.available().map((l) => h("option", { value: l.code, lang: l.code, selected: l.code === i18n.lang() }, l.name)));
  menu.hidden = i18n.available().length < 2;
  menu.addEventListener("change", async () => {
    const language = menu.value;
    i18n.remember({ language });
    if (api.session()) {
      try { await api.setLocale({ language }); } catch { /* kept in this browser; Settings can try again */ }
    }
    location.reload();
  });
}

async function start() {
  await i18n.start();
  i18n.translatePage();
  languageMenu();
  window.addEventListener("hashchange", route);
  route();
  accountLocale();
}
start();
