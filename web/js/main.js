// Entry point: a hash router between the login page, the lobby and a game.
import * as api from "./api.js";
import { h, clear } from "./dom.js";
import { gamePage } from "./game.js";
import { helpPage } from "./help.js";
import { LiveLists } from "./live.js";
import { lobbyPage, loginPage } from "./lobby.js";
import { replayPage, replayParams } from "./replay.js";
import { settingsPage } from "./settings.js";

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

function route() {
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
  if (help) {
    cleanup = helpPage(root, help[1] || null);
    return;
  }
  if (!s) {
    loginPage(root, { onLoggedIn: () => route() });
    return;
  }
  const m = /^#\/game\/(\d+)$/.exec(location.hash);
  const r = /^#\/replay\/(\d+)(?:\?(.*))?$/.exec(location.hash);
  if (m) cleanup = gamePage(root, Number(m[1]), { session: s, navigate, onAuthError });
  else if (r) cleanup = replayPage(root, Number(r[1]), { session: s, onAuthError, params: replayParams(r[2]) });
  else if (location.hash === "#/settings") cleanup = settingsPage(root, { onAuthError });
  else cleanup = lobbyPage(root, { navigate, onAuthError, live });
}

window.addEventListener("hashchange", route);
route();
