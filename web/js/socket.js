// The WebSocket connection: says hello with the session token, keeps one game subscription,
// applies patches to the view, sends commands and matches their answers, and reconnects by
// itself (subscribing again with `since`, so a restarted server brings the view up to date).
// A page that handles onChat subscribes with `"chat": true` and gets the game's chat messages
// (chat_history, chat, chat_deleted); one that asks watchLobby() hears when lists change.
import { applyPatch } from "./patch.js";
import { has, t, tk } from "./i18n.js";

// The protocol version this page was written for (docs/protocol.md, "Versions and
// compatibility"): a server that no longer speaks it answers unsupported_protocol, whose text
// asks to reload the page.
export const PROTOCOL = 1;

export class GameSocket {
  // handlers: onView(view, version), onStatus(text, ok), onSubscribeError(error), onAuthError(),
  // onChat(message) (chat_history, chat, chat_deleted), onLobby() (games_changed, open_games_changed)
  // route: the game this page is about, if any: put in the URL so that a balancer in front of
  // several servers may send a game's connections to the same one (docs/scale-out.md).
  constructor(token, handlers, route = null) {
    this.token = token;
    this.route = route;
    this.h = handlers;
    this.game = null;
    this.as = "player";
    this.view = null;
    this.version = null;
    this.pending = new Map();
    this.nextId = 1;
    this.retry = 0;
    this.subscribeRetry = 0;
    this.closed = false;
    this.ws = null;
    this.ready = false;
    this.lobby = false;
    this.connect();
  }

  connect() {
    if (this.closed) return;
    const query = this.route === null ? "" : `?game=${encodeURIComponent(this.route)}`;
    const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws${query}`;
    const ws = new WebSocket(url);
    this.ws = ws;
    this.ready = false;
    // The subscription goes right behind the hello (the server reads them in order): the board
    // comes one round trip sooner than after the welcome.
    this.early = false;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "hello", token: this.token, protocol: PROTOCOL }));
      if (this.game !== null) {
        this.sendSubscribe();
        this.early = true;
      }
    };
    ws.onmessage = (ev) => this.onMessage(JSON.parse(ev.data));
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ready = false;
      this.failPending(t("socket.lost_command"));
      if (this.closed) return;
      const delay = Math.min(5000, 300 * 2 ** this.retry++);
      this.h.onStatus?.(t("socket.reconnecting", { s: Math.round(delay / 100) / 10 }), false);
      this.timer = setTimeout(() => this.connect(), delay);
    };
    this.pingTimer ??= setInterval(() => {
      if (this.ready) this.ws.send(JSON.stringify({ type: "ping" }));
    }, 25000);
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearTimeout(this.subscribeTimer);
    clearInterval(this.pingTimer);
    this.ws?.close();
  }

  subscribe(game, as = "player") {
    this.game = game;
    this.as = as;
    this.view = null;
    this.version = null;
    if (this.ready) this.sendSubscribe();
  }

  sendSubscribe() {
    const m = { type: "subscribe", game: this.game, as: this.as };
    if (this.version !== null) m.since = this.version;
    if (this.h.onChat) m.chat = true;
    this.ws.send(JSON.stringify(m));
  }

  failPending(message) {
    for (const [, p] of this.pending) p.resolve({ ok: false, error: { code: "disconnected", message } });
    this.pending.clear();
  }

  // Sends a command based on the current version; resolves to {ok: true, version} when its
  // patch comes (an accepted command's answer), or to the server's `result` (ok false: a
  // refusal, with its error).
  command(cmd) {
    return new Promise((resolve) => {
      if (!this.ready || this.version === null) {
        resolve({ ok: false, error: { code: "disconnected", message: t("socket.not_connected") } });
        return;
      }
      const id = `c${this.nextId++}`;
      this.pending.set(id, { resolve });
      this.ws.send(JSON.stringify({ type: "command", game: this.game, version: this.version, id, cmd }));
    });
  }

  // Sends a chat message; resolves to {ok: true, message} when the server's copy of it comes
  // back, or to the refusal ({ok: false, error}).
  sendChat(text) {
    return new Promise((resolve) => {
      if (!this.ready) {
        resolve({ ok: false, error: { code: "disconnected", message: t("socket.not_connected") } });
        return;
      }
      const id = `m${this.nextId++}`;
      this.pending.set(id, { resolve });
      this.ws.send(JSON.stringify({ type: "chat", game: this.game, id, text }));
    });
  }

  // Asks to be told when this account's games or the open games change (at most once).
  watchLobby() {
    if (this.lobby) return;
    this.lobby = true;
    if (this.ready) this.ws.send(JSON.stringify({ type: "watch_lobby" }));
  }

  onMessage(m) {
    switch (m.type) {
      case "welcome":
        this.ready = true;
        this.retry = 0;
        this.h.onStatus?.(t("socket.connected"), true);
        if (this.game !== null && !this.early) this.sendSubscribe();
        this.early = false;
        if (this.lobby) this.ws.send(JSON.stringify({ type: "watch_lobby" }));
        break;
      case "snapshot":
        if (m.game !== this.game) return;
        if (this.subscribeRetry) {
          this.subscribeRetry = 0;
          this.h.onStatus?.(t("socket.connected"), true);
        }
        this.view = m.view;
        this.version = m.version;
        this.h.onView?.(this.view, this.version, m); // m.last_seen: see digest.js
        break;
      case "patch":
        if (m.game !== this.game) return;
        // Our own accepted command's patch carries its id: that is its answer (also while a
        // fresh snapshot is awaited, or the command would wait for ever).
        if (m.id !== undefined) this.answer(m.id, { ok: true, version: m.to });
        if (this.view === null) return;
        if (m.from !== this.version) {
          if (m.to <= this.version) return; // already have it
          this.resync();
          return;
        }
        try {
          this.view = applyPatch(this.view, m.ops);
          this.version = m.to;
          this.h.onView?.(this.view, this.version);
        } catch (e) {
          console.warn("patch did not apply, asking for a snapshot", e);
          this.resync();
        }
        break;
      case "subscribed": // a resume with since is complete
        if (m.game === this.game && this.subscribeRetry) {
          this.subscribeRetry = 0;
          this.h.onStatus?.(t("socket.connected"), true);
        }
        break;
      case "table": // the server's part of the view changed without a command (clocks, seats)
        if (m.game !== this.game || this.view === null) return;
        this.view = { ...this.view, table: m.table };
        this.h.onView?.(this.view, this.version);
        break;
      case "chat": // a new message; the sender's own copy carries its id: the answer
        if (m.game !== this.game) return;
        if (m.id !== undefined) this.answer(m.id, { ok: true, message: m.message });
        this.h.onChat?.(m);
        break;
      case "chat_history":
      case "chat_deleted":
        if (m.game === this.game) this.h.onChat?.(m);
        break;
      case "games_changed":
      case "open_games_changed":
        this.h.onLobby?.();
        break;
      case "result": // a refusal (or an acceptance that came without a patch)
        this.answer(m.id, m);
        break;
      case "error":
        // A command refused before its game saw it (too_fast, bad_message): its one answer.
        if (m.id !== undefined && this.pending.has(m.id)) {
          this.answer(m.id, { ok: false, error: m.error });
        } else if (m.error?.code === "bad_token") {
          this.closed = true;
          this.h.onAuthError?.();
        } else if (m.error?.code === "hello_first") {
          // The subscription sent behind a hello that failed: it goes again after the welcome.
          this.early = false;
        } else if (m.error?.code === "storage_failed" && m.game === undefined && !this.ready) {
          // The node could not check the token just now: a new connection says hello again.
          this.ws.close();
        } else if (m.error?.code === "storage_failed" && m.game === this.game) {
          // The server could not read the game from its database just now: ask again shortly.
          const delay = Math.min(5000, 500 * 2 ** Math.min(this.subscribeRetry++, 4));
          this.h.onStatus?.(t("socket.storage_retry", { s: delay / 1000 }), false);
          clearTimeout(this.subscribeTimer);
          this.subscribeTimer = setTimeout(() => {
            if (this.ready && this.game === m.game) this.sendSubscribe();
          }, delay);
        } else if (["no_such_game", "not_started", "not_your_seat", "not_allowed", "game_unavailable"].includes(m.error?.code)) {
          this.h.onSubscribeError?.(m.error);
        } else {
          // WebSocket errors carry a code, which the catalog puts into words (docs/i18n.md).
          const code = m.error?.code;
          this.h.onStatus?.(code && has("error", code) ? tk("error", code) : m.error?.message || t("socket.server_error"), false);
        }
        break;
      default:
        break;
    }
  }

  answer(id, result) {
    const p = this.pending.get(id);
    if (p) {
      this.pending.delete(id);
      p.resolve(result);
    }
  }

  resync() {
    this.view = null;
    this.version = null;
    if (this.ready) this.sendSubscribe();
  }
}
