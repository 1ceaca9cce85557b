// Entry point: a hash router between the login page, the lobby and a game. Each page's module
// is loaded when it is first shown, so that a page downloads and parses only its own code.
import * as api from "./api.js";
import { h, clear } from "./dom.js";
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
  if (!s) return;
  userEl.append(h("span", "Logged in as ", h("b#user-name", s.account.name)),
    h("a#settings-link", { href: "#/settings" }, "Settings"),
    h("button#logout", { type: "button", onclick: async () => {
      try { await api.logOut(); } catch { /* logged out locally anyway */ }
      navigate("#/");
      route();
    } }, "Log out"));
}

let routing = 0; // the latest route(): an older one whose module came late does nothing

async function route() {
  const mine = ++routing;
  cleanup?.();
  cleanup = null;
  showUser();
  const s = api.session();
  liveFor(s);
  // The rules and help page, for everyone (also logged out), linked from the header.
  const help = /^#\/help(?:\/([\w-]+))?$/.exec(location.hash);
  const helpLink = document.getElementById("help-link");
  if (help) helpLink?.setAttribute("aria-current", "page");
  else helpLink?.removeAttribute("aria-current");
  const m = /^#\/game\/(\d+)$/.exec(location.hash);
  const r = /^#\/replay\/(\d+)(?:\?(.*))?$/.exec(location.hash);
  const page = help ? "help" : !s ? "lobby" : m ? "game" : r ? "replay" : location.hash === "#/settings" ? "settings" : "lobby";
  let mod = lobby;
  if (page !== "lobby") {
    try {
      mod = await import(`./${page}.js`);
    } catch {
      // The server restarting, or the network gone: say so, and offer to try again.
      if (mine !== routing) return;
      clear(root).append(h("section.panel", h("p.error", { role: "alert" }, "This page could not be loaded: the server cannot be reached."),
        h("button#retry-page", { type: "button", onclick: () => route() }, "Try again")));
      return;
    }
  }
  if (mine !== routing) return;
  if (help) cleanup = mod.helpPage(root, help[1] || null);
  else if (!s) mod.loginPage(root, { onLoggedIn: () => route() });
  else if (m) cleanup = mod.gamePage(root, Number(m[1]), { session: s, navigate, onAuthError });
  else if (r) cleanup = mod.replayPage(root, Number(r[1]), { session: s, onAuthError, params: mod.replayParams(r[2]) });
  else if (page === "settings") cleanup = mod.settingsPage(root, { onAuthError });
  else cleanup = mod.lobbyPage(root, { navigate, onAuthError, live });
}

window.addEventListener("hashchange", route);
route();
