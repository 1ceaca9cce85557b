// Unit tests of @loyang/client without a server: the JSON Patch applier (RFC 6902's own
// examples, copy on write, refusals that change nothing), the client against a scripted
// WebSocket (answers matched by id and game, stale, too_fast resent, a patch that does not fit,
// a closed connection), and, at compile time, that the generated unions narrow on `type` and
// that both the ws package's and the browser's WebSocket fit the client.
//   node --test build/test/unit_test.js
import assert from "node:assert/strict";
import { test } from "node:test";
import WebSocket from "ws";
import {
  applyPatch,
  LoyangClient,
  PatchError,
  type ClientMessage,
  type Command,
  type GameEvent,
  type Operation,
  type ResultCode,
  type ServerMessage,
  type View,
  type WebSocketConstructor,
  type WebSocketLike,
  type WrittenCommand,
} from "../src/index.js";

// ---- types (checked by tsc; nothing to run) ---------------------------------------------------

const fromWs: WebSocketConstructor = WebSocket;
const fromBrowser: WebSocketConstructor = globalThis.WebSocket; // lib "DOM"'s
void fromWs, void fromBrowser;

function describe(cmd: Command): string {
  switch (cmd.type) {
    case "sow":
      return `sow ${cmd.crop} on ${cmd.field}`;
    case "trade":
      return `trade ${cmd.give.join("+")} for ${cmd.get} at ${cmd.stall}`;
    case "advance":
      return `advance ${cmd.steps}`;
    default:
      return cmd.type;
  }
}
const legal: WrittenCommand[] = [{ type: "take_cards", hand: "R01", courtyard: null }];
const commands: Command[] = legal; // what the server writes can be sent back
void describe(commands[0]!);

function answerCode(message: ServerMessage): ResultCode | null {
  if (message.type === "result" && !message.ok) return message.error.code;
  return null;
}
function paid(event: GameEvent): number {
  return event.type === "payment" ? event.amount : 0;
}
void answerCode, void paid;

// ---- JSON Patch -----------------------------------------------------------------------------

test("RFC 6902's examples", () => {
  const cases: [unknown, Operation[], unknown][] = [
    [{ foo: "bar" }, [{ op: "add", path: "/baz", value: "qux" }], { baz: "qux", foo: "bar" }],
    [{ foo: ["bar", "baz"] }, [{ op: "add", path: "/foo/1", value: "qux" }], { foo: ["bar", "qux", "baz"] }],
    [{ baz: "qux", foo: "bar" }, [{ op: "remove", path: "/baz" }], { foo: "bar" }],
    [{ foo: ["bar", "qux", "baz"] }, [{ op: "remove", path: "/foo/1" }], { foo: ["bar", "baz"] }],
    [{ baz: "qux", foo: "bar" }, [{ op: "replace", path: "/baz", value: "boo" }], { baz: "boo", foo: "bar" }],
    [
      { foo: { bar: "baz", waldo: "fred" }, qux: { corge: "grault" } },
      [{ op: "move", from: "/foo/waldo", path: "/qux/thud" }],
      { foo: { bar: "baz" }, qux: { corge: "grault", thud: "fred" } },
    ],
    [{ foo: ["all", "grass", "cows", "eat"] }, [{ op: "move", from: "/foo/1", path: "/foo/3" }], { foo: ["all", "cows", "eat", "grass"] }],
    [{ baz: "qux", foo: ["a", 2, "c"] }, [{ op: "test", path: "/foo", value: ["a", 2, "c"] }], { baz: "qux", foo: ["a", 2, "c"] }],
    [{ foo: "bar" }, [{ op: "add", path: "/child", value: { grandchild: {} } }], { foo: "bar", child: { grandchild: {} } }],
    [{ foo: ["bar"] }, [{ op: "add", path: "/foo/-", value: ["abc", "def"] }], { foo: ["bar", ["abc", "def"]] }],
    [{ "/": 9, "~1": 10 }, [{ op: "test", path: "/~01", value: 10 }], { "/": 9, "~1": 10 }],
    [{ foo: 1 }, [{ op: "copy", from: "/foo", path: "/bar" }], { foo: 1, bar: 1 }],
    [{ foo: 1 }, [{ op: "replace", path: "", value: [1] }], [1]],
  ];
  for (const [doc, ops, expected] of cases) assert.deepEqual(applyPatch(doc, ops), expected, JSON.stringify(ops));
});

test("a patch copies only what it changes and leaves its input alone", () => {
  const doc = { log: [{ v: 1 }, { v: 2 }], game: { players: [{ cash: 5 }, { cash: 7 }] } };
  const before = structuredClone(doc);
  const after = applyPatch(doc, [
    { op: "replace", path: "/game/players/1/cash", value: 3 },
    { op: "add", path: "/log/-", value: { v: 3 } },
  ]);
  assert.deepEqual(doc, before);
  assert.equal(after.game.players[1]!.cash, 3);
  assert.equal(after.log.length, 3);
  assert.equal(after.game.players[0], doc.game.players[0], "an untouched player is shared");
  assert.equal(after.log[0], doc.log[0], "untouched log entries are shared");
});

test("an operation that does not fit throws and changes nothing", () => {
  const doc = { a: [1, 2], b: { c: 1 } };
  const before = structuredClone(doc);
  const refused: Operation[][] = [
    [{ op: "remove", path: "/x" }],
    [{ op: "replace", path: "/a/2", value: 0 }],
    [{ op: "add", path: "/a/3", value: 0 }],
    [{ op: "add", path: "/a/01", value: 0 }],
    [{ op: "add", path: "/x/y", value: 0 }],
    [{ op: "replace", path: "/b/c", value: 2 }, { op: "test", path: "/b/c", value: 1 }],
    [{ op: "move", from: "/b", path: "/b/d" }],
    [{ op: "add", path: "a", value: 0 }],
  ];
  for (const ops of refused) {
    assert.throws(() => applyPatch(doc, ops), PatchError, JSON.stringify(ops));
    assert.deepEqual(doc, before);
  }
});

// ---- the client against a scripted socket ------------------------------------------------------

class ScriptedSocket implements WebSocketLike {
  static last: ScriptedSocket | null = null;
  readyState = 0;
  sent: ClientMessage[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {
    ScriptedSocket.last = this;
    setTimeout(() => {
      this.readyState = 1;
      this.onopen?.({});
    }, 0);
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data) as ClientMessage);
  }
  close(code = 1000, reason = ""): void {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
  /** The server says something. */
  says(message: ServerMessage): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  lastSent(): ClientMessage {
    return this.sent[this.sent.length - 1]!;
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function view(cash: number): View {
  const counts = { wheat: 0, pumpkin: 0, turnip: 0, cabbage: 0, bean: 0, leek: 0 };
  const player = {
    cash, loans: 0, position: 0, storehouse_upgraded: false, storehouse_capacity: 2, shop: counts, cart: counts,
    storehouse: counts, fields: [], field_pile_count: 8, hand: [], hand_count: 0, intro: null, played: [],
    in_distribution: false, turn_done: false, bought_two_pack: false, two_pack_price: 1, effects: [],
  };
  return {
    game: {
      options: { players: 2, ruleset: "yucata", introductory: false, edition: 2 }, version: 5, round: 1,
      phase: "action", step: "main", active: 0, starting: 0, second: null, partner: null, action_order: [0, 1],
      turn_index: 0, revealed_this_turn: false, took_order: [], draw_pile_count: 20, discard_pile: [], courtyard: [],
      two_pack: [], squire_left: 0, harvest_queue: [], foreman_offer: null, out_of_game: [], players: [player, player],
      ranking: [],
    },
    seat: 0,
    legal: [{ type: "end_turn" }, { type: "take_loan" }],
    advice: { legal: [{ undo: true }, { cash: 5, loans: 1, undo: true }], blocked: [] },
    to_act: [0],
    log: [],
    table: { status: "active", clock: null, seats: [{ bot: false, bot_level: null, gone: null, gone_at: null }, { bot: true, bot_level: "easy", gone: null, gone_at: null }], result: null },
  };
}

async function connected(): Promise<[LoyangClient, ScriptedSocket]> {
  const pending = LoyangClient.connect({ url: "http://example.test:8080", token: "t0k", WebSocket: ScriptedSocket, keepAliveMs: 0 });
  await tick();
  const socket = ScriptedSocket.last!;
  assert.equal(socket.url, "ws://example.test:8080/ws");
  assert.deepEqual(socket.sent, [{ type: "hello", token: "t0k", protocol: 1 }]);
  socket.says({ type: "welcome", account: { id: 1, name: "ann", operator: false }, protocol: 1 });
  const client = await pending;
  assert.equal(client.account?.name, "ann");
  assert.equal(client.protocol, 1);
  return [client, socket];
}

test("hello refused: connect rejects with the code", async () => {
  const pending = LoyangClient.connect({ url: "ws://example.test/ws", token: "old", WebSocket: ScriptedSocket, keepAliveMs: 0 });
  await tick();
  ScriptedSocket.last!.says({ type: "error", error: { code: "bad_token", message: "bad token" } });
  await assert.rejects(pending, { code: "bad_token" });
});

test("commands are answered by their patch or result, and the view follows the patches", async () => {
  const [client, socket] = await connected();
  const subscribing = client.subscribe(12);
  assert.deepEqual(socket.lastSent(), { type: "subscribe", game: 12 });
  socket.says({ type: "snapshot", game: 12, version: 5, seat: 0, view: view(3), last_seen: null });
  const state = await subscribing;
  assert.equal(state.version, 5);
  const first = state.view;

  // Another seat's patch, then our command's own (with its id).
  const changes: number[] = [];
  client.on("change", ({ state }) => changes.push(state.version));
  const loan = client.command(12, { type: "take_loan" });
  const sent = socket.lastSent();
  assert.ok(sent.type === "command" && sent.version === 5 && typeof sent.id === "string");
  socket.says({ type: "patch", game: 12, from: 5, to: 6, ops: [{ op: "replace", path: "/game/players/1/cash", value: 9 }] });
  socket.says({ type: "result", game: 12, id: sent.id, ok: false, error: { code: "stale", message: "the game moved on" } });
  assert.deepEqual(await loan, { ok: false, error: { code: "stale", message: "the game moved on" }, by: "result" });
  assert.equal(client.state(12)!.view.game.players[1]!.cash, 9);
  assert.equal(first.game.players[1]!.cash, 3, "the earlier view is not changed");

  const again = client.command(12, { type: "take_loan" });
  const resent = socket.lastSent();
  assert.ok(resent.type === "command" && resent.version === 6 && resent.id !== sent.id);
  socket.says({ type: "patch", game: 12, from: 6, to: 7, id: resent.id, ops: [{ op: "replace", path: "/game/players/0/cash", value: 8 }] });
  const answer = await again;
  assert.ok(answer.ok && answer.version === 7 && answer.patch?.id === resent.id);
  assert.equal(client.state(12)!.view.game.players[0]!.cash, 8);
  assert.deepEqual(changes, [6, 7]);

  // A table message replaces the table.
  socket.says({ type: "table", game: 12, version: 7, table: { ...view(0).table, status: "finished" } });
  assert.equal(client.state(12)!.view.table.status, "finished");
  client.close();
});

test("a command refused as too_fast is sent again after a pause", async () => {
  const [client, socket] = await connected();
  socket.says({ type: "snapshot", game: 3, version: 0, seat: 0, view: view(3), last_seen: null });
  await tick();
  const answer = client.command(3, { type: "end_turn" });
  const sent = socket.lastSent();
  assert.ok(sent.type === "command");
  socket.says({ type: "error", id: sent.id, error: { code: "too_fast", message: "slow down" } });
  const count = socket.sent.length;
  await new Promise((resolve) => setTimeout(resolve, 1100));
  assert.equal(socket.sent.length, count + 1);
  assert.deepEqual(socket.lastSent(), sent);
  socket.says({ type: "patch", game: 3, from: 0, to: 1, id: sent.id, ops: [{ op: "replace", path: "/to_act", value: [1] }] });
  assert.ok((await answer).ok);
  client.close();
});

test("a patch that does not fit the view asks for a snapshot", async () => {
  const [client, socket] = await connected();
  socket.says({ type: "snapshot", game: 4, version: 10, seat: 0, view: view(3), last_seen: 9 });
  await tick();
  const reasons: string[] = [];
  client.on("desync", ({ reason }) => reasons.push(reason));
  socket.says({ type: "patch", game: 4, from: 11, to: 12, ops: [{ op: "replace", path: "/to_act", value: [] }] });
  socket.says({ type: "patch", game: 4, from: 10, to: 11, ops: [{ op: "remove", path: "/game/nothing" }] });
  assert.equal(reasons.length, 2);
  assert.deepEqual(socket.lastSent(), { type: "subscribe", game: 4 });
  assert.equal(client.state(4)!.version, 10, "the view stays where it was until the snapshot");
  client.close();
});

test("pending requests are rejected when the connection closes", async () => {
  const [client, socket] = await connected();
  const subscribing = client.subscribe(5);
  const refused = client.subscribe(6);
  socket.says({ type: "error", game: 6, error: { code: "not_your_seat", message: "no seat" } });
  await assert.rejects(refused, { code: "not_your_seat" });
  socket.close(4001, "token revoked or expired");
  await assert.rejects(subscribing, { code: "closed" });
  await assert.rejects(client.ping(), { code: "closed" });
});
