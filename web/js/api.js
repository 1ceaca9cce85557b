// The HTTP API (accounts, sessions, lobby). The session token is kept in localStorage.
import { has, lang, t, tk } from "./i18n.js";

const KEY = "loyang.session";

export function session() {
  try {
    return JSON.parse(localStorage.getItem(KEY)) || null;
  } catch {
    return null;
  }
}

function saveSession(s) {
  if (s) localStorage.setItem(KEY, JSON.stringify(s));
  else localStorage.removeItem(KEY);
}

// `body`: the whole error answer, for the fields some errors add beside `error` (the game of
// `rematch_exists`, `daily_played`); null when there was none.
export class ApiError extends Error {
  constructor(status, code, message, body = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

// The words for a refusal: the server writes an HTTP error's message in the reader's language
// (Accept-Language above), with its details (the rating asked, the seconds to wait); a code that
// came without one gets the catalog's message for it.
export function errorText(e) {
  if (e?.message) return e.message;
  return e?.code && has("error", e.code) ? tk("error", e.code) : t("app.something_wrong");
}

export async function call(method, path, body, auth = true) {
  // The server writes an error's message in this language (its code stays the same).
  const headers = { "Accept-Language": lang() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const s = session();
  if (auth && s) headers.Authorization = `Bearer ${s.token}`;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, "network", t("app.network_error"));
  }
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const e = data && data.error ? data.error : { code: "http_" + res.status, message: res.statusText };
    if (res.status === 401 && auth) saveSession(null);
    throw new ApiError(res.status, e.code, e.message, data);
  }
  return data;
}

export async function signUp(name, password) {
  await call("POST", "/api/accounts", { name, password }, false);
  return logIn(name, password);
}

export async function logIn(name, password) {
  const s = await call("POST", "/api/sessions", { name, password }, false);
  saveSession({ token: s.token, account: s.account });
  return s;
}

export async function logOut() {
  try {
    await call("DELETE", "/api/sessions");
  } finally {
    saveSession(null);
  }
}

export function forgetSession() {
  saveSession(null);
}

// The game lists come in pages: follow next_cursor until the end of the list or `most` games.
async function pages(path, most, filters = {}) {
  const games = [];
  let cursor = null;
  do {
    const query = new URLSearchParams({ ...filters, limit: String(Math.min(200, most - games.length)) });
    if (cursor) query.set("cursor", cursor);
    const r = await call("GET", `${path}?${query}`);
    games.push(...r.games);
    cursor = r.next_cursor;
  } while (cursor && games.length < most);
  return games;
}

// The lobby shows the first 100 open games, and all of my games (up to 1000). `filters`: the
// open list's (docs/protocol.md, "Lists in pages"): {players: "2,3", time_control, ...}.
export const openGames = (filters = {}) => pages("/api/games", 100, filters);
// recent: milliseconds; an answer asked for no longer ago than that (or still on its way) will
// do (the lobby and the title's count both read the list when a page opens).
let mine = null; // { at, games: Promise }
export function myGames({ recent = 0 } = {}) {
  if (mine && recent && Date.now() - mine.at <= recent) return mine.games;
  const games = pages("/api/my/games", 1000);
  mine = { at: Date.now(), games };
  games.catch(() => { if (mine?.games === games) mine = null; });
  return games;
}
export const createGame = (options) => call("POST", "/api/games", options);
export const gameSummary = (id) => call("GET", `/api/games/${id}`);
export const joinGame = (id, seat) => call("POST", `/api/games/${id}/join`, seat === undefined ? {} : { seat });
export const leaveGame = (id) => call("POST", `/api/games/${id}/leave`);
// A game at an earlier version (the replay viewer): GET /api/games/ID/history. version null:
// the latest; view: a seat number, "spectator" or "all" (null: the server's default).
export function history(id, { version = null, view = null } = {}) {
  const query = new URLSearchParams();
  if (version !== null && version !== undefined) query.set("version", String(version));
  if (view !== null && view !== undefined) query.set("view", String(view));
  const q = query.toString();
  return call("GET", `/api/games/${id}/history${q ? `?${q}` : ""}`);
}

// Leaving a running game, votes on waiting for a seat out of time (docs/protocol.md).
export const resign = (id) => call("POST", `/api/games/${id}/resign`);
export const vote = (id, wait) => call("POST", `/api/games/${id}/vote`, { wait });
export const nudge = (id) => call("POST", `/api/games/${id}/nudge`);
// How this account is told of its games, and its vacations.
export const notifySettings = () => call("GET", "/api/account/notifications");
export const saveNotifySettings = (body) => call("PUT", "/api/account/notifications", body);
// The account's language and time zone (e-mails use them too): {language, time_zone}.
export const locale = () => call("GET", "/api/account/locale");
export const setLocale = (body) => call("PUT", "/api/account/locale", body);
export const vacation = () => call("GET", "/api/account/vacation");
export const startVacation = (days) => call("POST", "/api/account/vacation", { days });
export const endVacation = () => call("DELETE", "/api/account/vacation");
