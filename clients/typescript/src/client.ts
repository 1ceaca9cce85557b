// A WebSocket client of the Loyang server (docs/protocol.md, "WebSocket /ws") for browsers and
// Node: it says hello, subscribes to games and keeps each game's view current by applying the
// server's JSON Patches, sends commands with ids and resolves each with its answer, and tells
// listeners about every message in typed events. The message types are generated from the
// protocol's JSON Schemas (src/protocol.ts).
//
//   const client = await LoyangClient.connect({ url: "http://127.0.0.1:8080", token, WebSocket });
//   const state = await client.subscribe(12);
//   const answer = await client.command(12, state.view.legal[0]);
//   if (!answer.ok) console.log(answer.error.code);
import { applyPatch, PatchError } from "./patch.js";
import type {
  ChatEntry,
  ClientMessage,
  Command,
  ResultError,
  ServerChat,
  ServerChatHistory,
  ServerMessage,
  ServerPatch,
  ServerWelcome,
  SubscribeError,
  TransportError,
  View,
} from "./protocol.js";
import { webSocketUrl } from "./http.js";

/**
 * What the client needs of a WebSocket: the browser's global `WebSocket` and the `ws` package's
 * (Node 20 has no global one) both fit. Handlers are typed loosely so that both do.
 */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: any) => void) | null; // eslint-disable-line @typescript-eslint/no-explicit-any
  onmessage: ((event: any) => void) | null; // eslint-disable-line @typescript-eslint/no-explicit-any
  onclose: ((event: any) => void) | null; // eslint-disable-line @typescript-eslint/no-explicit-any
  onerror: ((event: any) => void) | null; // eslint-disable-line @typescript-eslint/no-explicit-any
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** The protocol version this client was written for, said in `hello` (docs/protocol.md, "Versions and compatibility"). */
export const PROTOCOL_VERSION = 1;

export interface ConnectOptions {
  /** The server (http://host:port) or its WebSocket URL (ws://host:port/ws). */
  url: string;
  /** A login's token (HttpApi.logIn); none: a guest, who may only watch. */
  token?: string | null;
  /** The protocol version to ask for in `hello`: default PROTOCOL_VERSION; null: none (the server's own). */
  protocol?: number | null;
  /** The WebSocket class; default the global one (browsers, Node 22+). */
  WebSocket?: WebSocketConstructor;
  /** A ping this often while the connection is open, in ms (default 30 s; 0: none). */
  keepAliveMs?: number;
  /**
   * Messages sent at most this many per second on average, in bursts of at most `burst`
   * (default 18 and 50: under the server's default --ws-rate of 20 a second, bursts of 60).
   * Against a bot the answers come in milliseconds, so a client that plays as fast as it is
   * answered reaches the limit within seconds; messages over it wait here instead.
   */
  rate?: { perSecond: number; burst: number };
}

/** One subscribed game as this connection sees it. */
export interface GameState {
  game: number;
  /** The version the view is at: send commands with it. */
  version: number;
  /** This connection's seat; null for a spectator. */
  seat: number | null;
  /** The view, replaced (never changed in place) by each snapshot, patch and table. */
  view: View;
  /** The version this seat had seen before this visit (docs/protocol.md, "Since your last move"). */
  lastSeen: number | null;
}

export interface SubscribeOptions {
  as?: "player" | "spectator";
  /** Resume: the last version applied; the server answers with the patches since (or a snapshot). */
  since?: number;
  /** Also the game's chat. */
  chat?: boolean;
}

/**
 * A command's answer: accepted (its patch, or a `result` ok for a sender no longer watching),
 * or refused by the game (`result`: `stale`, a rule error...) or before any game saw it
 * (`error`: `too_fast`, `bad_message`...). A refused command changed nothing.
 */
export type CommandAnswer =
  | { ok: true; version: number; patch: ServerPatch | null }
  | { ok: false; error: ResultError; by: "result" }
  | { ok: false; error: TransportError; by: "error" };

export type ChatAnswer =
  | { ok: true; message: ChatEntry }
  | { ok: false; error: ResultError; by: "result" }
  | { ok: false; error: TransportError; by: "error" };

/** A change of a game's state, and the message that caused it. */
export interface GameChange {
  state: GameState;
  /** The view before, undefined after a first snapshot. */
  previous: View | undefined;
  cause: Extract<ServerMessage, { type: "snapshot" | "patch" | "table" | "subscribed" }>;
}

type MessageOfType<T extends ServerMessage["type"]> = Extract<ServerMessage, { type: T }>;

/** The events: every server message under its own type, and a few of the client's. */
export type ClientEvents = { [T in ServerMessage["type"]]: MessageOfType<T> } & {
  /** Every message from the server, after the client handled it. */
  message: ServerMessage;
  /** A game's state changed (snapshot, patch, table, subscribed). */
  change: GameChange;
  /** A patch did not fit the view; the client subscribes again for a snapshot. */
  desync: { game: number; reason: string };
  /** The connection closed (code 4001: the token ended; log in again). */
  close: { code: number; reason: string };
};

/** A request refused by the server, or a connection that closed before its answer. */
export class ClientError extends Error {
  override name = "ClientError";
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

interface Waiter<T> {
  resolve: (value: T) => void;
  reject: (error: Error) => void;
}

/** A connection to /ws. Create it with LoyangClient.connect. */
export class LoyangClient {
  /** The account the token belongs to; null for a guest. */
  account: ServerWelcome["account"] = null;
  /** The protocol version this connection speaks (from `welcome`). */
  protocol: number | null = null;
  private readonly socket: WebSocketLike;
  private readonly games = new Map<number, GameState>();
  private readonly listeners = new Map<keyof ClientEvents, Set<(payload: never) => void>>();
  private readonly commands = new Map<string, Waiter<CommandAnswer>>();
  private readonly chats = new Map<string, Waiter<ChatAnswer>>();
  private readonly subscribes = new Map<number, Waiter<GameState>[]>();
  private readonly unsubscribes = new Map<number, Waiter<void>[]>();
  private readonly histories = new Map<number, Waiter<ServerChatHistory>[]>();
  private readonly pings: Waiter<void>[] = [];
  private readonly changeWaiters = new Set<() => void>();
  private welcome: Waiter<void> | null = null;
  private readonly outbox: { text: string; id: string | null }[] = [];
  private readonly sentById = new Map<string, string>(); // id -> text, until answered (to resend on too_fast)
  private tokens: number;
  private refilledAt = Date.now();
  private pausedUntil = 0;
  private pause = 1000;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly rate: { perSecond: number; burst: number };
  private nextId = 0;
  private keepAlive: ReturnType<typeof setInterval> | null = null;
  private closed: { code: number; reason: string } | null = null;

  private constructor(socket: WebSocketLike, rate: { perSecond: number; burst: number }) {
    this.socket = socket;
    this.rate = rate;
    this.tokens = rate.burst;
  }

  /** Opens the WebSocket and says hello; resolves once welcomed, rejects on a refusal. */
  static connect(options: ConnectOptions): Promise<LoyangClient> {
    const Socket = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    if (!Socket) throw new Error("no WebSocket: pass one (in Node 20: the ws package's WebSocket)");
    const rate = options.rate ?? { perSecond: 18, burst: 50 };
    const client = new LoyangClient(new Socket(webSocketUrl(options.url)), rate);
    const socket = client.socket;
    return new Promise<LoyangClient>((resolve, reject) => {
      client.welcome = { resolve: () => resolve(client), reject };
      socket.onopen = () => {
        const protocol = options.protocol === undefined ? PROTOCOL_VERSION : options.protocol;
        client.send({ type: "hello", token: options.token ?? null, ...(protocol === null ? {} : { protocol }) });
        const every = options.keepAliveMs ?? 30_000;
        if (every > 0) {
          client.keepAlive = setInterval(() => client.ping().catch(() => undefined), every);
          (client.keepAlive as { unref?: () => void }).unref?.();
        }
      };
      socket.onmessage = (event: { data: unknown }) => client.receive(event.data);
      socket.onerror = () => undefined; // a close follows; its code says more
      socket.onclose = (event: { code?: number; reason?: string }) =>
        client.closedWith(event.code ?? 1006, event.reason ?? "");
    });
  }

  // ---- requests ---------------------------------------------------------------------------

  /** Subscribes to a game; resolves with its state once the snapshot (or `subscribed`) came. */
  subscribe(game: number, options: SubscribeOptions = {}): Promise<GameState> {
    return this.queued(this.subscribes, game, () =>
      this.send({
        type: "subscribe",
        game,
        ...(options.as ? { as: options.as } : {}),
        ...(options.since !== undefined ? { since: options.since } : {}),
        ...(options.chat ? { chat: true } : {}),
      }),
    );
  }

  unsubscribe(game: number): Promise<void> {
    return this.queued(this.unsubscribes, game, () => this.send({ type: "unsubscribe", game }));
  }

  /**
   * Sends a command for a subscribed game at the version its view is at (or `options.version`),
   * and resolves with its answer. The view is current when the promise resolves: on `stale` the
   * patches that moved the game on came first, so choose again from the new `legal`.
   */
  command(game: number, cmd: Command, options: { id?: string; version?: number } = {}): Promise<CommandAnswer> {
    const version = options.version ?? this.games.get(game)?.version;
    if (version === undefined) return Promise.reject(new ClientError(`game ${game} is not subscribed`, "not_subscribed"));
    const id = options.id ?? this.newId("c");
    return this.byId(this.commands, id, () => this.send({ type: "command", game, version, id, cmd }));
  }

  /** Says something in a game's chat (subscribed with `chat: true`). */
  chat(game: number, text: string): Promise<ChatAnswer> {
    const id = this.newId("m");
    return this.byId(this.chats, id, () => this.send({ type: "chat", game, id, text }));
  }

  /** A page of a game's chat, older than message `before`. */
  chatHistory(game: number, before?: number): Promise<ServerChatHistory> {
    return this.queued(this.histories, game, () =>
      this.send({ type: "chat_history", game, ...(before !== undefined ? { before } : {}) }),
    );
  }

  /** From now on games_changed, open_games_changed, messages_changed, tournament_changed. */
  watchLobby(): void {
    this.send({ type: "watch_lobby" });
  }

  ping(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(this.closedError());
      this.pings.push({ resolve, reject });
      this.send({ type: "ping" });
    });
  }

  /** Closes the connection; pending requests are rejected. */
  close(): void {
    this.socket.close(1000, "bye");
  }

  // ---- state and events ---------------------------------------------------------------------

  /** A subscribed game's current state, or undefined. */
  state(game: number): GameState | undefined {
    return this.games.get(game);
  }

  /** Resolves with the game's state as soon as `test` holds for it (now or after a change). */
  waitFor(game: number, test: (state: GameState) => boolean, timeoutMs = 60_000): Promise<GameState> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const state = this.games.get(game);
        if (this.closed) finish(() => reject(this.closedError()));
        else if (state && test(state)) finish(() => resolve(state));
        else return false;
        return true;
      };
      const timer = setTimeout(
        () => finish(() => reject(new ClientError(`game ${game}: nothing awaited came in ${timeoutMs} ms`, "timeout"))),
        timeoutMs,
      );
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        this.changeWaiters.delete(check);
        settle();
      };
      if (!check()) this.changeWaiters.add(check);
    });
  }

  /** Listens to an event; returns the function that stops listening. */
  on<K extends keyof ClientEvents>(event: K, listener: (payload: ClientEvents[K]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  }

  private emit<K extends keyof ClientEvents>(event: K, payload: ClientEvents[K]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (p: ClientEvents[K]) => void)(payload);
  }

  // ---- receiving ------------------------------------------------------------------------------

  private receive(data: unknown): void {
    const message = JSON.parse(String(data)) as ServerMessage;
    this.handle(message);
    this.emit(message.type, message as never);
    this.emit("message", message);
    for (const check of [...this.changeWaiters]) check();
  }

  private handle(message: ServerMessage): void {
    switch (message.type) {
      case "welcome":
        this.account = message.account;
        this.protocol = message.protocol ?? null;
        this.welcome?.resolve();
        this.welcome = null;
        return;
      case "snapshot": {
        const previous = this.games.get(message.game)?.view;
        const state: GameState = {
          game: message.game,
          version: message.version,
          seat: message.seat,
          view: message.view,
          lastSeen: message.last_seen,
        };
        this.games.set(message.game, state);
        this.emit("change", { state, previous, cause: message });
        this.shift(this.subscribes, message.game)?.resolve(state);
        return;
      }
      case "subscribed": {
        const state = this.games.get(message.game);
        if (state) {
          Object.assign(state, { version: message.version, seat: message.seat, lastSeen: message.last_seen });
          this.emit("change", { state, previous: state.view, cause: message });
          this.shift(this.subscribes, message.game)?.resolve(state);
        } else {
          // A resume on a new connection without a snapshot kept: ask for one.
          this.desync(message.game, "subscribed without a view");
        }
        return;
      }
      case "patch":
        this.applyPatchMessage(message);
        if (message.id !== undefined)
          this.take(this.commands, message.id)?.resolve({ ok: true, version: message.to, patch: message });
        return;
      case "table": {
        const state = this.games.get(message.game);
        if (!state) return;
        const previous = state.view;
        state.view = { ...state.view, table: message.table };
        this.emit("change", { state, previous, cause: message });
        return;
      }
      case "result": {
        const answer: CommandAnswer = message.ok
          ? { ok: true, version: message.version, patch: null }
          : { ok: false, error: message.error, by: "result" };
        const command = this.take(this.commands, message.id);
        if (command) command.resolve(answer);
        else if (!answer.ok) this.take(this.chats, message.id)?.resolve(answer);
        return;
      }
      case "error":
        this.handleError(message);
        return;
      case "chat":
        if (message.id !== undefined) this.take(this.chats, message.id)?.resolve({ ok: true, message: message.message });
        return;
      case "chat_history":
        this.shift(this.histories, message.game)?.resolve(message);
        return;
      case "unsubscribed":
        this.games.delete(message.game);
        this.shift(this.unsubscribes, message.game)?.resolve();
        return;
      case "pong":
        this.pings.shift()?.resolve();
        return;
      case "games_changed":
      case "messages_changed":
      case "tournament_changed":
      case "open_games_changed":
      case "chat_deleted":
        return; // events only
      default: {
        const unknown: never = message;
        throw new Error(`unknown server message ${JSON.stringify(unknown)}`);
      }
    }
  }

  private handleError(message: Extract<ServerMessage, { type: "error" }>): void {
    if ("game" in message) {
      // A refused subscribe.
      const error: SubscribeError = message.error;
      this.shift(this.subscribes, message.game)?.reject(new ClientError(`subscribe ${message.game}: ${error.message}`, error.code));
      return;
    }
    const error = message.error;
    if (this.welcome) {
      this.welcome.reject(new ClientError(`hello refused: ${error.message}`, error.code));
      this.welcome = null;
      return;
    }
    if (error.code === "too_fast") {
      // Not handled at all: wait a second (doubling while it goes on) and send it again
      // (docs/protocol.md, "Rate limit").
      this.pausedUntil = Date.now() + this.pause;
      this.pause = Math.min(this.pause * 2, 30_000);
      const text = message.id === undefined ? undefined : this.sentById.get(message.id);
      if (text !== undefined) this.outbox.unshift({ text, id: message.id ?? null });
      this.flush();
      return;
    }
    if (message.id !== undefined) {
      const answer = { ok: false, error, by: "error" } as const;
      this.take(this.commands, message.id)?.resolve(answer);
      this.take(this.chats, message.id)?.resolve(answer);
    }
  }

  private applyPatchMessage(message: ServerPatch): void {
    const state = this.games.get(message.game);
    if (!state) return;
    if (message.from !== state.version) {
      // The server never sends a gap or a repeat on one connection (docs/protocol.md, "The
      // patch chain"); should it happen, a fresh snapshot repairs the view.
      if (message.to > state.version) this.desync(message.game, `patch from ${message.from}, view at ${state.version}`);
      return;
    }
    const previous = state.view;
    try {
      state.view = applyPatch(state.view, message.ops);
    } catch (e) {
      if (!(e instanceof PatchError)) throw e;
      this.desync(message.game, e.message);
      return;
    }
    state.version = message.to;
    this.emit("change", { state, previous, cause: message });
  }

  private desync(game: number, reason: string): void {
    this.emit("desync", { game, reason });
    const state = this.games.get(game);
    this.send({ type: "subscribe", game, ...(state?.seat === null ? { as: "spectator" as const } : {}) });
  }

  private closedWith(code: number, reason: string): void {
    if (this.keepAlive) clearInterval(this.keepAlive);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.outbox.length = 0;
    this.sentById.clear();
    this.closed = { code, reason };
    const error = this.closedError();
    this.welcome?.reject(error);
    for (const waiters of [this.commands, this.chats]) for (const w of waiters.values()) w.reject(error);
    for (const queues of [this.subscribes, this.unsubscribes, this.histories])
      for (const queue of queues.values()) for (const w of queue) (w as Waiter<unknown>).reject(error);
    for (const w of this.pings) w.reject(error);
    this.commands.clear(), this.chats.clear(), this.subscribes.clear(), this.unsubscribes.clear();
    this.histories.clear(), (this.pings.length = 0);
    for (const check of [...this.changeWaiters]) check();
    this.emit("close", { code, reason });
  }

  // ---- plumbing -----------------------------------------------------------------------------

  private send(message: ClientMessage): void {
    if (this.closed) throw this.closedError();
    const text = JSON.stringify(message);
    const id = "id" in message ? message.id : null;
    if (id !== null) this.sentById.set(id, text);
    this.outbox.push({ text, id });
    this.flush();
  }

  /** Sends what the rate allows now, and sets a timer for the rest. */
  private flush(): void {
    if (this.flushTimer || this.closed) return;
    const now = Date.now();
    this.tokens = Math.min(this.rate.burst, this.tokens + ((now - this.refilledAt) / 1000) * this.rate.perSecond);
    this.refilledAt = now;
    while (this.outbox.length > 0 && this.tokens >= 1 && now >= this.pausedUntil) {
      this.socket.send(this.outbox.shift()!.text);
      this.tokens -= 1;
    }
    if (this.outbox.length === 0) return;
    const wait = Math.max(this.pausedUntil - now, ((1 - this.tokens) / this.rate.perSecond) * 1000, 1);
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      this.flush();
    }, wait);
  }

  private closedError(): ClientError {
    const { code, reason } = this.closed ?? { code: 1006, reason: "" };
    return new ClientError(`the connection closed (${code}${reason ? ` ${reason}` : ""})`, "closed");
  }

  private newId(prefix: string): string {
    return `${prefix}${++this.nextId}`;
  }

  private byId<T>(waiters: Map<string, Waiter<T>>, id: string, send: () => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.closed) return reject(this.closedError());
      if (waiters.has(id)) return reject(new ClientError(`id ${id} is already waiting for its answer`, "duplicate_id"));
      waiters.set(id, { resolve, reject });
      send();
    });
  }

  private take<T>(waiters: Map<string, Waiter<T>>, id: string): Waiter<T> | undefined {
    const waiter = waiters.get(id);
    if (waiter) {
      waiters.delete(id);
      this.sentById.delete(id);
      this.pause = 1000;
    }
    return waiter;
  }

  private queued<T>(queues: Map<number, Waiter<T>[]>, game: number, send: () => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.closed) return reject(this.closedError());
      const queue = queues.get(game) ?? [];
      queue.push({ resolve, reject });
      queues.set(game, queue);
      send();
    });
  }

  private shift<T>(queues: Map<number, Waiter<T>[]>, game: number): Waiter<T> | undefined {
    const queue = queues.get(game);
    const waiter = queue?.shift();
    if (queue && queue.length === 0) queues.delete(game);
    return waiter;
  }
}
