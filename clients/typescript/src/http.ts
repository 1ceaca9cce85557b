// Typed helpers for the few HTTP calls a client needs before its WebSocket (docs/protocol.md,
// "HTTP API"): create an account, log in, create a game (with bots), read a game's summary.
// They use the global fetch (browsers, Node 18+). The bodies' types are generated like the
// rest of src/protocol.ts: the summary from protocol/schema/summary.schema.json, the requests
// and the account and session from protocol/openapi.json's components.
import type { Account, ErrorBody, GameSummary, NewGame, Session, SignUp } from "./protocol.js";

/** A refused request: the HTTP status and the error envelope's code and message. */
export class HttpError extends Error {
  override name = "HttpError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** `Retry-After` in seconds, on a 429. */
    readonly retryAfter: number | null = null,
  ) {
    super(`${status} ${code}: ${message}`);
  }
}

export interface HttpOptions {
  /** A token from logIn; set by logIn itself. */
  token?: string | null;
  /** Another fetch (a test double, a fetch with a proxy); default the global one. */
  fetch?: typeof fetch;
}

/** The HTTP API of one server: `new HttpApi("http://127.0.0.1:8080")`. */
export class HttpApi {
  readonly baseUrl: string;
  token: string | null;
  private readonly fetchFn: typeof fetch;

  constructor(baseUrl: string, options: HttpOptions = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.token = options.token ?? null;
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** One JSON request; resolves with the answer's body, rejects with HttpError. */
  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (this.token) headers["Authorization"] = `Bearer ${this.token}`;
    const response = await this.fetchFn(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: reported below
    }
    if (!response.ok) {
      const error = (parsed as { error?: Partial<ErrorBody> } | null)?.error;
      const retry = response.headers.get("Retry-After");
      throw new HttpError(
        response.status,
        error?.code ?? "http_error",
        error?.message ?? (text.slice(0, 200) || response.statusText),
        retry === null ? null : Number(retry),
      );
    }
    return parsed as T;
  }

  /** POST /api/accounts: 201 the account; 409 name_taken when the name exists. */
  createAccount(name: string, password: string, options: { bot?: boolean } = {}): Promise<Account> {
    const body: SignUp = { name, password, ...(options.bot ? { bot: true } : {}) };
    return this.request("POST", "/api/accounts", body);
  }

  /** POST /api/sessions: logs in, keeps the token for later requests and returns the session. */
  async logIn(name: string, password: string): Promise<Session> {
    const session = await this.request<Session>("POST", "/api/sessions", { name, password });
    this.token = session.token;
    return session;
  }

  /** POST /api/games: the creator sits in seat 0, bots in the last seats. */
  createGame(game: NewGame): Promise<GameSummary> {
    return this.request("POST", "/api/games", game);
  }

  /** GET /api/games/ID: the game's summary. */
  getGame(id: number): Promise<GameSummary> {
    return this.request("GET", `/api/games/${id}`);
  }

  /** The WebSocket URL of this server: http://host:port -> ws://host:port/ws. */
  get webSocketUrl(): string {
    return webSocketUrl(this.baseUrl);
  }
}

/** http(s)://host[:port][/] -> ws(s)://host[:port]/ws; a ws(s):// URL is kept as it is. */
export function webSocketUrl(url: string): string {
  if (/^wss?:\/\//.test(url)) return url;
  const u = new URL(url);
  u.protocol = u.protocol === "https:" ? "wss:" : "ws:";
  if (u.pathname === "/" || u.pathname === "") u.pathname = "/ws";
  return u.toString();
}
