// The app's own WebSocket, open while logged in: the server says when this account's games or
// the open games change (games_changed, open_games_changed), so the lobby's lists are read
// again only then, never polled, and when a private message comes (messages_changed: the
// header's unread count and an open conversation, messages.js), and when a tournament changes
// (tournament_changed: its page and the list, tournaments.js). It also keeps the page's title
// and icon showing how many games wait for you, and tells you when one more does (a sound, a
// browser notification) if you asked for that on the settings page.
import * as api from "./api.js";
import { t } from "./i18n.js";
import { PROTOCOL } from "./socket.js";

const PREFS = "loyang.prefs";
// The page's title, in the reader's language (read when shown: the catalog loads after this module).
const title = () => t("app.title");

export function prefs() {
  try {
    return { sound: false, browser: false, ...JSON.parse(localStorage.getItem(PREFS) || "{}") };
  } catch {
    return { sound: false, browser: false };
  }
}

export function savePrefs(p) {
  localStorage.setItem(PREFS, JSON.stringify(p));
}

// The icon with a red badge counting the games waiting (the plain icon when none), drawn here:
// a data: URL costs no request (the Content-Security-Policy allows data: images).
const PLAIN_ICON = document.querySelector("link[rel=icon]")?.getAttribute("href") || "/favicon.svg";
export function waitingIcon(count) {
  const n = count > 9 ? "9+" : String(count);
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#7a3b1d"/>' +
    '<ellipse cx="16" cy="19" rx="11" ry="8.5" fill="#f08a24" stroke="#b8560f"/><ellipse cx="16" cy="19" rx="4" ry="8.5" fill="#f7aa4c"/>' +
    '<path d="M16 10 q1-4 4-5" stroke="#9bd06a" stroke-width="2" fill="none"/>' +
    '<circle cx="23" cy="9" r="9" fill="#d62d20" stroke="#fff" stroke-width="1.5"/>' +
    `<text x="23" y="14" font-family="sans-serif" font-weight="bold" font-size="${n.length > 1 ? 12 : 16}" text-anchor="middle" fill="#fff">${n}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function setIcon(count) {
  const link = document.querySelector("link[rel=icon]");
  if (!link) return;
  link.href = count ? waitingIcon(count) : PLAIN_ICON;
  link.dataset.waiting = String(count);
}

function beep() {
  try {
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.4);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.4);
  } catch {
    /* no audio here: the title and icon still say it */
  }
}

export class LiveLists {
  constructor(token) {
    this.token = token;
    this.listeners = { games: new Set(), open: new Set(), account: new Set(), messages: new Set(), tournament: new Set() };
    this.operator = null; // whether the account moderates, once the welcome said it
    this.waiting = null; // ids of the games waiting for me, once known
    this.retry = 0;
    this.closed = false;
    this.connected = false; // a welcome came before: the next one follows a reconnection
    this.connect();
  }

  on(kind, fn) {
    this.listeners[kind].add(fn);
    return () => this.listeners[kind].delete(fn);
  }

  // `arg`: what the event says (messages: the writer's name; tournament: its id; none after a
  // reconnection).
  emit(kind, arg) {
    for (const fn of this.listeners[kind]) fn(arg);
  }

  connect() {
    if (this.closed) return;
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token: this.token, protocol: PROTOCOL }));
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === "welcome") {
        this.retry = 0;
        this.operator = m.account?.operator === true;
        this.emit("account");
        ws.send(JSON.stringify({ type: "watch_lobby" }));
        // Whatever changed while we were not connected. At the first connection the page has
        // just read its lists: only the title's count is read here.
        const again = this.connected;
        this.connected = true;
        this.gamesChanged({ quiet: !again });
        if (again) {
          this.emit("open");
          this.emit("messages");
          this.emit("tournament");
        }
      } else if (m.type === "games_changed") {
        this.gamesChanged();
      } else if (m.type === "open_games_changed") {
        this.emit("open");
      } else if (m.type === "messages_changed") {
        this.emit("messages", m.from);
      } else if (m.type === "tournament_changed") {
        this.emit("tournament", m.id);
      }
    };
    ws.onclose = () => {
      if (this.ws !== ws || this.closed) return;
      this.timer = setTimeout(() => this.connect(), Math.min(10000, 500 * 2 ** this.retry++));
    };
    this.pingTimer ??= setInterval(() => {
      if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ type: "ping" }));
    }, 25000);
  }

  async gamesChanged({ quiet = false } = {}) {
    if (!quiet) this.emit("games");
    let mine;
    try {
      // At the first welcome the lobby may just have read the same list: that answer will do.
      mine = await api.myGames({ recent: quiet ? 5000 : 0 });
    } catch {
      return;
    }
    const waiting = mine.filter((g) => g.your_turn).map((g) => g.id);
    const fresh = this.waiting === null ? [] : waiting.filter((id) => !this.waiting.includes(id));
    this.waiting = waiting;
    document.title = waiting.length ? `(${waiting.length}) ${title()}` : title();
    document.documentElement.dataset.waiting = String(waiting.length);
    setIcon(waiting.length);
    if (!fresh.length) return;
    const p = prefs();
    if (p.sound) beep();
    if (p.browser && document.hidden && "Notification" in window && Notification.permission === "granted") {
      const n = new Notification(title(), {
        body: fresh.length === 1 ? t("live.your_turn", { game: String(fresh[0]) }) : t("live.more_waiting", { n: fresh.length }),
        tag: "loyang-turn",
      });
      n.onclick = () => {
        window.focus();
        location.hash = `#/game/${fresh[0]}`;
      };
    }
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pingTimer);
    this.ws?.close();
    document.title = title();
    setIcon(0);
  }
}
