// The app's own WebSocket, open while logged in: the server says when this account's games or
// the open games change (games_changed, open_games_changed), so the lobby's lists are read
// again only then, never polled. It also keeps the page's title and icon showing how many
// games wait for you, and tells you when one more does (a sound, a browser notification) if you
// asked for that on the settings page.
import * as api from "./api.js";

const PREFS = "loyang.prefs";
const TITLE = "At the Gates of Loyang";

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

// The icon with a red badge counting the games waiting (web/icons/; the plain icon when none).
// Files rather than a drawn data: URL, which the server's Content-Security-Policy forbids.
function setIcon(count) {
  const link = document.querySelector("link[rel=icon]");
  if (!link) return;
  link.href = !count ? "/favicon.svg" : `/icons/waiting-${count > 9 ? "9plus" : count}.svg`;
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
    this.listeners = { games: new Set(), open: new Set() };
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

  emit(kind) {
    for (const fn of this.listeners[kind]) fn();
  }

  connect() {
    if (this.closed) return;
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
    this.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token: this.token }));
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === "welcome") {
        this.retry = 0;
        ws.send(JSON.stringify({ type: "watch_lobby" }));
        // Whatever changed while we were not connected. At the first connection the page has
        // just read its lists: only the title's count is read here.
        const again = this.connected;
        this.connected = true;
        this.gamesChanged({ quiet: !again });
        if (again) this.emit("open");
      } else if (m.type === "games_changed") {
        this.gamesChanged();
      } else if (m.type === "open_games_changed") {
        this.emit("open");
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
      mine = await api.myGames();
    } catch {
      return;
    }
    const waiting = mine.filter((g) => g.your_turn).map((g) => g.id);
    const fresh = this.waiting === null ? [] : waiting.filter((id) => !this.waiting.includes(id));
    this.waiting = waiting;
    document.title = waiting.length ? `(${waiting.length}) ${TITLE}` : TITLE;
    document.documentElement.dataset.waiting = String(waiting.length);
    setIcon(waiting.length);
    if (!fresh.length) return;
    const p = prefs();
    if (p.sound) beep();
    if (p.browser && document.hidden && "Notification" in window && Notification.permission === "granted") {
      const n = new Notification(TITLE, {
        body: fresh.length === 1 ? `It is your turn in game ${fresh[0]}.` : `${fresh.length} more games wait for you.`,
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
    document.title = TITLE;
    setIcon(0);
  }
}
