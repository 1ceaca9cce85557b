// Plays a whole 2-player game against the server's easy bot through @loyang/client, as a client
// author would: signs up, logs in, creates the game with POST /api/games, subscribes over the
// WebSocket and, whenever its seat is to act, sends one of the view's legal commands chosen at
// random (seeded; loans and undo only when nothing else is legal). Fails unless every command
// is accepted, the game ends with a ranking in the view, the table and the summary, and the
// view kept by patches equals a fresh snapshot at the end. Prints one line.
//
//   node build/test/play_game.js --url http://127.0.0.1:8080 [--seed 1] [--name NAME] [--protocol N|none]
//                                [--trace FILE]
import assert from "node:assert/strict";
import { appendFileSync } from "node:fs";
import NodeWebSocket from "ws";
import { HttpApi, jsonEqual, LoyangClient, type GameState, type WrittenCommand } from "../src/index.js";

function option(name: string, fallback?: string): string {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? process.argv[i + 1] : fallback;
  if (value === undefined) throw new Error(`--${name} is required`);
  return value;
}

/**
 * The `ws` package's WebSocket, writing every frame either way to `--trace FILE` when given, as
 * tests/protocol/schema_check.py's `traffic` reads it ("in": to the server), so that the test can
 * check what this client sends and gets against the schemas.
 */
const trace = option("trace", "");
let connections = 0;
class WebSocket extends NodeWebSocket {
  private readonly conn = `ts-${++connections}`;
  constructor(address: string) {
    super(address);
    if (trace) this.on("message", (data) => this.record("out", String(data)));
  }
  override send(data: string): void {
    if (trace) this.record("in", data);
    super.send(data);
  }
  private record(dir: "in" | "out", text: string): void {
    appendFileSync(trace, JSON.stringify({ dir, conn: this.conn, msg: JSON.parse(text) }) + "\n");
  }
}

/** mulberry32: a small seeded generator, so that a failing game can be played again. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Any legal command but undo and take_loan, unless those are all there is. */
function choose(legal: WrittenCommand[], random: () => number): WrittenCommand {
  const plain = legal.filter((c) => c.type !== "undo" && c.type !== "take_loan");
  const pool = plain.length > 0 ? plain : legal.filter((c) => c.type !== "undo").length > 0 ? legal.filter((c) => c.type !== "undo") : legal;
  const pick = pool[Math.floor(random() * pool.length)];
  if (!pick) throw new Error("nothing is legal although the seat is to act");
  return pick;
}

async function main(): Promise<void> {
  const url = option("url");
  const seed = Number(option("seed", "1"));
  const name = option("name", `ts${process.pid}`);
  const password = "correct horse battery";
  const started = Date.now();
  const random = seeded(seed);
  const protocolOption = option("protocol", "1");
  const protocol = protocolOption === "none" ? null : Number(protocolOption);

  const api = new HttpApi(url);
  await api.createAccount(name, password);
  await api.logIn(name, password);
  const created = await api.createGame({ players: 2, bots: 1, bot_level: "easy" });
  assert.equal(created.status, "active", "a game against a bot starts at once");
  assert.deepEqual(
    created.seats.map((s) => [s.player, s.bot, s.bot_level]),
    [[name, false, null], [null, true, "easy"]],
  );
  const id = created.id;

  const client = await LoyangClient.connect({ url, token: api.token, WebSocket, protocol });
  assert.equal(client.account?.name, name);
  if (protocol !== null) assert.equal(client.protocol, protocol, "welcome says the protocol version asked for");
  let patches = 0;
  let desyncs = 0;
  client.on("patch", () => patches++);
  client.on("desync", ({ reason }) => {
    desyncs++;
    console.error(`desync: ${reason}`);
  });

  let state: GameState = await client.subscribe(id);
  const seat = state.seat;
  assert.equal(seat, 0, "the creator sits in seat 0");
  let sent = 0;
  const kinds = new Map<string, number>();
  for (;;) {
    state = await client.waitFor(id, (s) => s.view.game.phase === "finished" || s.view.to_act.includes(seat), 30_000);
    if (state.view.game.phase === "finished") break;
    const cmd = choose(state.view.legal, random);
    const version = state.version;
    const answer = await client.command(id, cmd);
    sent++;
    kinds.set(cmd.type, (kinds.get(cmd.type) ?? 0) + 1);
    if (!answer.ok)
      throw new Error(`command ${sent} ${JSON.stringify(cmd)} at version ${version} refused: ${answer.error.code} (${answer.error.message})`);
    assert.equal(answer.patch?.from, version, "the answer is the patch from the version the command was sent at");
    assert.ok(sent < 3000, "a game ends within 3000 commands");
  }

  // The table says the game is over, with the same ranking (it may come after the last patch).
  state = await client.waitFor(id, (s) => s.view.table.status === "finished" && s.view.table.result !== null, 10_000);
  const ranking = state.view.game.ranking;
  const result = state.view.table.result;
  assert.equal(ranking.length, 2, "the finished game ranks both players");
  assert.ok(result, "the table has the result");
  assert.equal(result.ended, "normally");
  assert.deepEqual(
    result.ranking.map((r) => [r.player, r.rank]),
    ranking.map((r) => [r.player, r.rank]),
  );

  // The view kept current by patches is the one a fresh subscription gets.
  const fresh = await LoyangClient.connect({ url, token: api.token, WebSocket, protocol });
  const snapshot = await fresh.subscribe(id);
  assert.equal(snapshot.version, state.version, "no command after the end");
  assert.ok(jsonEqual(snapshot.view, state.view), "the patched view equals a fresh snapshot");
  fresh.close();
  client.close();

  const summary = await api.getGame(id);
  assert.equal(summary.status, "finished");
  assert.deepEqual(summary.result?.ranking.map((r) => [r.player, r.rank]), result.ranking.map((r) => [r.player, r.rank]));
  assert.equal(desyncs, 0, "no patch missed its view");

  const mine = ranking.find((r) => r.player === seat);
  const places = [...ranking]
    .sort((a, b) => a.rank - b.rank)
    .map((r) => `${r.rank}. seat ${r.player}${r.player === seat ? " (us)" : " (bot)"} path ${r.position} cash ${r.cash}`)
    .join(", ");
  const loans = kinds.get("take_loan") ?? 0;
  console.log(
    `ts_client_game: game ${id} finished at version ${state.version}: ${sent} commands sent, all accepted ` +
      `(${loans} loans), ${patches} patches applied, view equals a fresh snapshot; we ranked ${mine?.rank} of 2; ` +
      `ranking: ${places}; seed ${seed}, ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

const deadline = setTimeout(() => {
  console.error("ts_client_game: the game did not end within 120 s");
  process.exit(1);
}, 120_000);
main().then(
  () => clearTimeout(deadline),
  (error: unknown) => {
    console.error(`ts_client_game failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
