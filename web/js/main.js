// Entry point: a hash router between the login page, the lobby and a game.
import * as api from "./api.js";
import { h, clear } from "./dom.js";
import { gamePage } from "./game.js";
import { lobbyPage, loginPage } from "./lobby.js";
import { replayPage, replayParams } from "./replay.js";

const root = document.getElementById("app");
const userEl = document.getElementById("user");
let cleanup = null;

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
  if (!s) {
    loginPage(root, { onLoggedIn: () => route() });
    return;
  }
  const m = /^#\/game\/(\d+)$/.exec(location.hash);
  const r = /^#\/replay\/(\d+)(?:\?(.*))?$/.exec(location.hash);
  if (m) cleanup = gamePage(root, Number(m[1]), { session: s, navigate, onAuthError });
  else if (r) cleanup = replayPage(root, Number(r[1]), { session: s, onAuthError, params: replayParams(r[2]) });
  else cleanup = lobbyPage(root, { navigate, onAuthError });
}

window.addEventListener("hashchange", route);
route();
