// End-to-end tests of the browser client: starts loyang-server on a free port with a temp
// data dir, drives Debian's chromium with playwright-core, and stops the server.
//   node run.js --server PATH/loyang-server --web PATH/web [--shots DIR]
// Scenarios: two players sign up, create and join a 2-player game and play setup and a full
// round by clicking; one player plays a whole game against a bot to the final ranking; the
// connection survives a server restart. Every page must load under the server's
// Content-Security-Policy and report no violation of it.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => {
  if (a.startsWith("--")) acc.push([a.slice(2), all[i + 1]]);
  return acc;
}, []));
const serverPath = args.server;
const webDir = path.resolve(args.web || "../../web");
const shots = path.resolve(args.shots || "../../build/web-screenshots");
const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";
if (!serverPath || !fs.existsSync(serverPath)) {
  console.error("usage: node run.js --server PATH/loyang-server --web PATH/web [--shots DIR]");
  process.exit(2);
}
fs.mkdirSync(shots, { recursive: true });
const started = Date.now();
const log = (...a) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s]`, ...a);

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => { const { port } = s.address(); s.close(() => resolve(port)); });
    s.on("error", reject);
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loyang-web-e2e-"));
let server = null;
let port = 0;
let serverLog = "";

async function startServer() {
  server = spawn(serverPath, ["--port", String(port), "--address", "127.0.0.1", "--data", dataDir, "--web", webDir,
    "--password-cost", "minimal", "--threads", "2"], { stdio: ["ignore", "pipe", "pipe"] });
  server.stdout.on("data", (d) => { serverLog += d; });
  server.stderr.on("data", (d) => { serverLog += d; });
  for (let i = 0; i < 100; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (r.ok) return;
    } catch { /* not yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not start:\n${serverLog}`);
}

async function stopServer() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server.once("exit", r));
  server.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 12000))]);
  if (server.exitCode === null) server.kill("SIGKILL");
}

const failures = [];
async function scenario(name, fn) {
  log(`— ${name}`);
  try {
    await fn();
    log(`  ok: ${name}`);
  } catch (e) {
    failures.push(name);
    log(`  FAILED: ${name}\n${e.stack || e}`);
    for (const c of contexts) {
      for (const p of c.pages()) {
        if (p.isClosed()) continue;
        await p.screenshot({ path: path.join(shots, `failed-${p.label}.png`), fullPage: true }).catch(() => {});
        if (p.errors.length) log(`  ${p.label}'s page errors: ${p.errors.join("; ")}`);
      }
    }
  }
}

// Polls `fn` in the page until it is truthy. (page.waitForFunction evaluates a string in the
// page, which the Content-Security-Policy refuses: no 'unsafe-eval'.)
async function waitUntil(page, fn, arg, { timeout = 10000 } = {}) {
  const end = Date.now() + timeout;
  while (!(await page.evaluate(fn, arg))) {
    if (Date.now() > end) throw new Error(`${page.label}: timed out waiting for ${String(fn).slice(0, 80)}`);
    await page.waitForTimeout(50);
  }
}

function expect(cond, message) {
  if (!cond) throw new Error(message);
}

// Each player is a browser of his own with a fresh profile (--user-data-dir), so sessions
// (localStorage) are separate.
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const contexts = [];
async function newPlayer(label, viewport = { width: 1360, height: 900 }) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "loyang-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: browserPath, headless: true, args: CHROMIUM_ARGS, viewport,
  });
  context.profile = profile;
  contexts.push(context);
  const page = context.pages()[0] || (await context.newPage());
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") page.errors.push(m.text()); });
  page.label = label;
  page.on("response", (r) => {
    if (r.status() >= 400) page.errors.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  // Content-Security-Policy violations, from the page's own event and from chromium's console
  // ("Refused to ... because it violates the following Content Security Policy directive").
  page.csp = [];
  await page.exposeFunction("reportCspViolation", (text) => page.csp.push(text));
  await page.addInitScript(() => document.addEventListener("securitypolicyviolation", (e) =>
    window.reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI || "inline code"} at ${e.sourceFile}:${e.lineNumber}`), true));
  page.on("console", (m) => { if (/Content Security Policy/i.test(m.text())) page.csp.push(m.text()); });
  page.on("close", () => { if (!page.cspExpected) cspViolations.push(...page.csp.map((v) => `${label}: ${v}`)); });
  const res = await page.goto(`http://127.0.0.1:${port}/`);
  const policy = res.headers()["content-security-policy"] || "";
  expect(/default-src 'self'/.test(policy) && !/unsafe/.test(policy),
    `the client is served under a strict Content-Security-Policy (got "${policy}")`);
  return page;
}

// Every CSP violation any page reported (checked at the end of the run).
const cspViolations = [];

async function signUp(page, name) {
  await page.fill("#login-name", name);
  await page.fill("#login-password", "secret-password");
  await page.click("#signup-button");
  await page.waitForSelector("#user-name");
  expect((await page.textContent("#user-name")) === name, "the header names the player");
}

async function createGame(page, { players, bots = 0 }) {
  await page.selectOption("#new-players", String(players));
  await page.fill("#new-bots", String(bots));
  await page.click("#create-game");
  await page.waitForURL(/#\/game\/\d+$/);
  return Number(/#\/game\/(\d+)$/.exec(page.url())[1]);
}

// Whether the page says the game waits for this player.
async function myTurn(page) {
  return (await page.locator(".status.your-turn").count()) > 0;
}

// Clicks one legal action through the UI. Prefers the given command types (as the action
// buttons' data-cmd-type), else the first action button of the decision the game waits for;
// a button that opens a choice dialog is followed by the first choice.
async function act(page, prefer = []) {
  const before = await page.evaluate(() => [document.querySelectorAll(".log-entry").length,
    document.querySelector(".toast")?.dataset.count || "0"]);
  const version = before[0];
  let button = null;
  for (const t of prefer) {
    const b = page.locator(`.actions .action-list:not(.anytime) [data-cmd-type="${t}"]`).first();
    if (await b.count()) { button = b; break; }
  }
  if (!button) button = page.locator(".actions .action-list:not(.anytime) .action").first();
  // Nothing but "any time" actions: e.g. a red Regular customer costs 2 Cash to skip.
  if (!(await button.count())) button = page.locator('.actions [data-cmd-type="take_loan"]').first();
  if (!(await button.count())) return false;
  try {
    await button.click({ timeout: 3000 });
    const dialog = page.locator("dialog.choose[open]");
    if (await dialog.count()) await dialog.locator(".choice").first().click({ timeout: 3000 });
  } catch (e) {
    log(`  ${page.label}: a click missed (${String(e.message).split("\n")[0]}); looking again`);
    return false; // the board changed under the click (e.g. a late update): look again
  }
  // Wait until the log grows (our command or the server's answer arrived).
  try {
    await waitUntil(page, ([v, t]) => document.querySelectorAll(".log-entry").length > v ||
      (document.querySelector(".toast")?.dataset.count || "0") !== t, before, { timeout: 10000 });
  } catch (e) {
    const status = await page.textContent(".status").catch(() => "?");
    const conn = await page.textContent(".conn").catch(() => "?");
    throw new Error(`${page.label}: no answer to a click (status "${status}", connection "${conn}", log ${version})`);
  }
  const toast = await page.evaluate((t) => {
    const el = document.querySelector(".toast");
    return (el?.dataset.count || "0") !== t ? el.textContent : null;
  }, before[1]);
  if (toast) log(`  ${page.label} was told: ${toast}`);
  return true;
}

async function phaseText(page) {
  return (await page.textContent(".status .phase")) || "";
}

async function roundNumber(page) {
  const t = (await page.textContent(".status .round")) || "";
  const m = /Round (\d+)/.exec(t);
  return m ? Number(m[1]) : 0;
}

// Action-phase habit of the test player: deliver or skip customers, then end the turn.
// Helpers' sub-decisions are closed at once, so that the game moves on.
const CLOSE_PREFS = ["book_keeper_done", "finish_taking", "skip_harvest_helper", "foreman_pass", "finish_offer"];
const ACTION_PREFS = [...CLOSE_PREFS, "end_turn", "serve_casual", "serve_regular", "skip_regular", "keep_two_pack", "discard_veg", "advance", "take_cards"];

// The text of the table (boards, centre, Path, ranking) as the page shows it.
const tableText = (page) => page.evaluate(() =>
  [...document.querySelectorAll(".table-col > :not(.replay-link)")].map((e) => e.textContent).join("\n"));
const replayAt = async (page) => (await page.textContent("#replay-version")).match(/\d+/g).map(Number);

// From a finished game's page: the replay viewer shows the same table at the last version,
// steps, jumps to a round, plays, and shows every hand in the "all" view.
async function replayFinished(page, game) {
  const live = await tableText(page);
  await page.click("#replay-link");
  await page.waitForURL(new RegExp(`#/replay/${game}`));
  await waitUntil(page, () => /^Version (\d+) of \1$/.test(document.querySelector("#replay-version")?.textContent || ""));
  const [, latest] = await replayAt(page);
  expect((await tableText(page)) === live, "the replay at the last version shows the live game's table");
  expect((await page.locator(".log-entry").count()) === latest, "with the whole log");
  await page.click("#replay-first");
  await waitUntil(page, () => document.querySelector("#replay-version").textContent.startsWith("Version 0 "));
  expect(/Before round 1/.test(await page.textContent(".status .round")), "version 0 is before round 1");
  await page.click("#replay-next");
  await page.click("#replay-next");
  await waitUntil(page, () => document.querySelector("#replay-version").textContent.startsWith("Version 2 "));
  expect((await page.locator(".log-entry").count()) === 2, "two steps: two log entries");
  await page.click('.log-entry[data-version="1"]');
  await waitUntil(page, () => document.querySelector("#replay-version").textContent.startsWith("Version 1 "));
  expect((await page.locator(".log-entry").count()) === 1, "a click on an entry goes to its version");
  await page.selectOption("#replay-round", { label: "Round 3" });
  await waitUntil(page, () => /Round 3 of 9/.test(document.querySelector(".status .round")?.textContent || ""));
  const [r3] = await replayAt(page);
  expect((await page.locator(".log-round-title").last().textContent()) === "Round 3", "the log ends in round 3");
  // Every hand face up: step on until the bot holds cards, which the spectators do not see.
  await page.selectOption("#replay-view", "all");
  let at = r3;
  for (let i = 0; i < 60 && !(await page.locator('.board[data-seat="1"] .hand .card').count()); i++) {
    await page.click("#replay-next");
    await waitUntil(page, (x) => !document.querySelector("#replay-version").textContent.startsWith(`Version ${x} `), at);
    [at] = await replayAt(page);
  }
  const roundShown = await page.$eval("#replay-round", (sel) => sel.selectedOptions[0]?.textContent);
  const statusRound = /Round \d+/.exec(await page.textContent(".status .round"))?.[0];
  expect(roundShown === statusRound, `the round list follows the version (${roundShown}, status ${statusRound})`);
  const botHand = page.locator('.board[data-seat="1"] .hand .card');
  expect((await botHand.count()) > 0 && (await page.locator('.board[data-seat="1"] .hand .card.k-hidden').count()) === 0,
    "the all view shows the bot's hand");
  await page.screenshot({ path: path.join(shots, "replay-all.png"), fullPage: true });
  await page.selectOption("#replay-view", "spectator");
  await waitUntil(page, () => !document.querySelector('.board[data-seat="1"] .hand'));
  expect((await replayAt(page))[0] === at, "the same version from the spectators' seats");
  // Play: the versions move on by themselves until paused.
  await page.selectOption("#replay-speed", "8");
  await page.click("#replay-play");
  await waitUntil(page, (x) => Number(/\d+/.exec(document.querySelector("#replay-version").textContent)[0]) >= x + 3, at);
  await page.click("#replay-play");
  expect(/Play/.test(await page.textContent("#replay-play")), "paused");
  // The lobby links the replay too.
  await page.click("a.back");
  await page.waitForSelector(`#my-games [data-game="${game}"] a.replay`);
  await page.click(`#my-games [data-game="${game}"] a.replay`);
  await waitUntil(page, () => /^Version (\d+) of \1$/.test(document.querySelector("#replay-version")?.textContent || ""));
  await page.goto(`http://127.0.0.1:${port}/#/game/${game}`);
  await page.waitForSelector(".ranking");
}

let duo = null; // ann and bob's game, shared by the scenarios that follow its first round

async function main() {
  port = await freePort();
  await startServer();
  log(`server on port ${port}, data in ${dataDir}`);

  await scenario("two players: sign up, create, join, setup and a full round by clicking", async () => {
    const ann = await newPlayer("ann");
    const bob = await newPlayer("bob");
    await signUp(ann, "ann");
    await signUp(bob, "bob");
    const game = await createGame(ann, { players: 2 });
    await ann.waitForSelector(".waiting");
    // bob sees the open game in the lobby and joins it
    await bob.waitForSelector(`#open-games [data-game="${game}"] button`, { timeout: 8000 });
    await bob.screenshot({ path: path.join(shots, "lobby.png"), fullPage: true });
    await bob.click(`#open-games [data-game="${game}"] button`);
    await bob.waitForSelector(".status");
    await ann.waitForSelector(".status", { timeout: 8000 });
    // Plant the Home fields by clicking the Home field on the board (a choice dialog opens).
    for (let planted = 0, i = 0; planted < 2 && i < 100; i++) {
      for (const p of [ann, bob]) {
        const home = p.locator('.board.mine [data-target$=":HOME"].can');
        if (!(await home.count())) continue;
        await home.click();
        await p.locator("dialog.choose[open] .choice").first().click();
        await p.waitForSelector('.board.mine [data-target$=":HOME"]:not(.can)');
        planted++;
      }
      await ann.waitForTimeout(100);
    }
    // Play on until round 2 has begun, taking turns by clicking.
    let shot = false;
    for (let i = 0; i < 300; i++) {
      const round = await roundNumber(ann);
      if (round >= 2) break;
      let moved = false;
      for (const p of [ann, bob]) {
        if (!(await myTurn(p))) continue;
        const phase = await phaseText(p);
        if (/Action/.test(phase) && !shot) {
          await p.screenshot({ path: path.join(shots, "game-action-phase.png"), fullPage: true });
          shot = true;
        }
        await act(p, /Action/.test(phase) ? ACTION_PREFS : CLOSE_PREFS);
        moved = true;
      }
      if (!moved) await ann.waitForTimeout(100);
    }
    expect((await roundNumber(ann)) >= 2, "round 2 was reached");
    expect(shot, "an Action phase was seen");
    await ann.screenshot({ path: path.join(shots, "game-round-2.png"), fullPage: true });
    // Both browsers show the same game log (patches kept their views in step).
    await waitUntil(bob, (n) => document.querySelectorAll(".log-entry").length === n,
      await ann.locator(".log-entry").count(), { timeout: 5000 });
    // A phone-sized look at the same game.
    await bob.setViewportSize({ width: 390, height: 844 });
    await bob.screenshot({ path: path.join(shots, "game-phone.png"), fullPage: false });
    await bob.setViewportSize({ width: 1360, height: 900 });
    expect(ann.errors.length === 0 && bob.errors.length === 0, `page errors: ${[...ann.errors, ...bob.errors].join("; ")}`);
    duo = { ann, bob, game };
  });

  await scenario("the log tells each move with its consequences, by round and phase, and stays where it is read", async () => {
    const { ann, bob } = duo;
    // Automatic steps are in the log: the harvest of round 1 or 2, under its headings.
    const rounds = await ann.locator(".log-round-title").allTextContents();
    expect(rounds.includes("Round 1") && rounds.includes("Round 2"), `round headings: ${rounds.join(", ")}`);
    expect((await ann.locator(".log-phase-title", { hasText: "Harvest phase" }).count()) > 0, "a Harvest phase heading");
    const harvest = await ann.locator(".log-effect.ev-harvested").allTextContents();
    expect(harvest.some((t) => /^ann \(you\) \+\d+ \w+ from /.test(t)), `a harvest line of ann's: ${harvest.join(" | ")}`);
    // A move by clicking: its sentence, and what it paid, agree with the board.
    const cash0 = Number(await ann.textContent(".board.mine .cash"));
    const n0 = await ann.locator(".log-entry").count();
    await ann.click('.actions [data-cmd-type="take_loan"]');
    await waitUntil(ann, (n) => document.querySelectorAll(".log-entry").length > n, n0);
    const entry = await ann.locator(".log-entry .log-text").last().textContent();
    expect(/^ann \(you\) took a loan: \+5 Cash$/.test(entry), `the loan's entry: "${entry}"`);
    expect(Number(await ann.textContent(".board.mine .cash")) === cash0 + 5, "the board's Cash agrees with the log");
    // bob's log names ann by her account name, and bob as himself.
    await waitUntil(bob, (n) => document.querySelectorAll(".log-entry").length > n, n0);
    expect(/^ann took a loan: \+5 Cash$/.test((await bob.locator(".log-entry .log-text").last().textContent()) || ""), "bob reads ann's name");
    // ann scrolls up to read; bob's move does not move her list, it shows "1 new entry".
    const scroll = () => ann.evaluate(() => {
      const s = document.querySelector(".log-scroll");
      return { top: s.scrollTop, height: s.scrollHeight, client: s.clientHeight };
    });
    let sc = await scroll();
    expect(sc.height > sc.client + 100, `the log is long enough to scroll (${sc.height} > ${sc.client})`);
    expect(sc.top > 0, "the log starts at its newest entry");
    await ann.evaluate(() => { const s = document.querySelector(".log-scroll"); s.scrollTop = 0; s.dispatchEvent(new Event("scroll")); });
    const n1 = await ann.locator(".log-entry").count();
    await bob.click('.actions [data-cmd-type="take_loan"]');
    await waitUntil(ann, (n) => document.querySelectorAll(".log-entry").length > n, n1);
    sc = await scroll();
    expect(sc.top === 0, `the list stayed where ann reads (scrollTop ${sc.top})`);
    expect(/^1 new entry/.test(await ann.textContent(".log-new")) && (await ann.isVisible(".log-new")), "ann is told of 1 new entry");
    await ann.click(".log-new");
    sc = await scroll();
    expect(sc.top + sc.client >= sc.height - 12, "the button shows the newest entry");
    expect(!(await ann.isVisible(".log-new")), "and goes away");
    await ann.screenshot({ path: path.join(shots, "game-log.png"), fullPage: true });
  });

  await scenario("coming back: a digest of what bob did meanwhile, highlighted on the board", async () => {
    const { ann, bob, game } = duo;
    // ann leaves the game page and comes back with nothing new: no digest.
    const away = async () => {
      await ann.click("a.back");
      await ann.waitForSelector(`#my-games [data-game="${game}"]`);
      await ann.waitForTimeout(1000); // the server notices that ann's connection stopped watching
    };
    await away();
    await ann.goto(`http://127.0.0.1:${port}/#/game/${game}`);
    await ann.waitForSelector(".status");
    expect((await ann.locator(".digest").count()) === 0, "no digest when nothing happened since");
    // ann leaves again; bob takes a loan; ann comes back.
    await ann.click("a.back");
    await ann.waitForSelector(`#my-games [data-game="${game}"]`);
    await ann.waitForTimeout(1000); // the server notices that ann's connection stopped watching
    const bobSeat = await bob.evaluate(() => Number(document.querySelector(".board.mine").dataset.seat));
    const n0 = await bob.locator(".log-entry").count();
    await bob.click('.actions [data-cmd-type="take_loan"]');
    await waitUntil(bob, (n) => document.querySelectorAll(".log-entry").length > n, n0);
    await ann.goto(`http://127.0.0.1:${port}/#/game/${game}`);
    await ann.waitForSelector(".digest", { timeout: 8000 });
    const text = await ann.textContent(".digest");
    expect(/Since your last visit/.test(text) && /1 move by bob/.test(text) && /bob took a loan: \+5 Cash/.test(text) && /Cash: bob \+5/.test(text),
      `the digest: "${text}"`);
    expect((await ann.locator(`.board[data-seat="${bobSeat}"] .cash.changed`).count()) === 1, "bob's Cash is highlighted");
    expect((await ann.locator(".log-entry.unseen").count()) === 1, "the log marks the one new entry");
    await ann.screenshot({ path: path.join(shots, "game-digest.png"), fullPage: true });
    await ann.click(".digest-close");
    expect((await ann.locator(".digest").count()) === 0 && (await ann.locator(".changed").count()) === 0, "read: the digest and highlights go");
    expect(ann.errors.length === 0 && bob.errors.length === 0, `page errors: ${[...ann.errors, ...bob.errors].join("; ")}`);
  });

  await scenario("a running game's player steps back through his own view only", async () => {
    const { ann, game } = duo;
    await ann.click(".step-back");
    await ann.waitForURL(new RegExp(`#/replay/${game}`));
    await waitUntil(ann, () => /^Version \d+ of \d+$/.test(document.querySelector("#replay-version")?.textContent || ""));
    const views = await ann.locator("#replay-view option").evaluateAll((os) => os.map((o) => o.value));
    expect(views.join(",") === "0,spectator", `ann may take her own view and the spectators' (got ${views})`);
    const [v, latest] = (await ann.textContent("#replay-version")).match(/\d+/g).map(Number);
    expect(v === latest, "it opens at the latest version");
    await ann.click("#replay-prev");
    await waitUntil(ann, (x) => document.querySelector("#replay-version").textContent.startsWith(`Version ${x} `), latest - 1);
    expect((await ann.locator(".log-entry").count()) === latest - 1, "the log ends at that version");
    expect(ann.errors.length === 0, `page errors: ${ann.errors.join("; ")}`);
    await ann.context().close();
    await duo.bob.context().close();
  });

  await scenario("one player against a bot to the final ranking; a dropped connection resumes", async () => {
    const cid = await newPlayer("cid");
    await signUp(cid, "cid");
    const game = await createGame(cid, { players: 2, bots: 1 });
    await cid.waitForSelector(".status", { timeout: 8000 });
    let dropped = false;
    const deadline = Date.now() + 300000; // a bound for a loaded machine (2 cores shared by several builds)
    for (let i = 0; i < 3000 && Date.now() < deadline; i++) {
      if (await cid.locator(".ranking").count()) break;
      if (!dropped && (await roundNumber(cid)) >= 3) {
        // Drop the WebSocket: the client reconnects and subscribes with `since`.
        log("  dropping the connection");
        await cid.evaluate(() => window.loyang.socket.ws.close());
        await waitUntil(cid, () => document.querySelector(".conn")?.textContent === "Connected", null, { timeout: 10000 });
        dropped = true;
      }
      if (await myTurn(cid)) {
        const phase = await phaseText(cid);
        await act(cid, /Action/.test(phase) ? ACTION_PREFS : CLOSE_PREFS);
      } else {
        await cid.waitForTimeout(100);
      }
    }
    expect(dropped, "the connection was dropped during the game");
    await cid.waitForSelector(".ranking", { timeout: 5000 });
    expect(/Game over/.test(await phaseText(cid)), "the game is over");
    await cid.screenshot({ path: path.join(shots, "game-finished.png"), fullPage: true });
    await replayFinished(cid, game);
    // The lobby lists the finished game under "my games".
    await cid.click("a.back");
    await cid.waitForSelector(`#my-games [data-game="${game}"]`);
    expect(/finished/.test(await cid.textContent(`#my-games [data-game="${game}"]`)), "the lobby shows it finished");
    // A server restart: the client reconnects by itself. With persistent storage the game is
    // still there; a server that keeps nothing (memory storage) asks the player to log in again.
    await cid.goto(`http://127.0.0.1:${port}/#/game/${game}`);
    await cid.waitForSelector(".ranking");
    log("  restarting the server");
    await stopServer();
    await cid.waitForSelector(".conn.bad", { timeout: 8000 });
    await startServer();
    await waitUntil(cid, () => document.querySelector(".conn")?.textContent === "Connected" || !!document.querySelector("#login-name"),
      null, { timeout: 15000 });
    if (await cid.locator("#login-name").count()) log("  after the restart the server did not know the session: the client asks to log in again");
    else { await cid.waitForSelector(".ranking", { timeout: 8000 }); log("  after the restart the client resumed the game"); }
    // Expected while the server was down: refused reconnects (the browser logs each one; how
    // many depends on how long the restart took), and a 401 from a server that kept nothing.
    cid.errors = cid.errors.filter((e) => !/401|Unauthorized|ERR_CONNECTION_REFUSED/.test(e));
    expect(cid.errors.length === 0, `page errors: ${cid.errors.join("; ")}`);
    await cid.context().close();
  });

  await scenario("the Content-Security-Policy is enforced, and a violation is seen", async () => {
    // Shows that the CSP check above can fail: an inline style and an inline script are
    // refused and reported.
    const eve = await newPlayer("eve");
    eve.cspExpected = true;
    await eve.evaluate(() => {
      const d = document.createElement("div");
      d.setAttribute("style", "color: red");
      document.body.append(d);
      const s = document.createElement("script");
      s.textContent = "window.inlineRan = true";
      document.body.append(s);
    });
    for (let i = 0; i < 50 && eve.csp.length < 2; i++) await eve.waitForTimeout(100);
    expect(!(await eve.evaluate(() => window.inlineRan === true)), "an inline script did not run");
    expect(eve.csp.some((v) => /style-src|style/.test(v)), `an inline style was reported: ${eve.csp.join("; ")}`);
    expect(eve.csp.some((v) => /script-src|script/.test(v)), `an inline script was reported: ${eve.csp.join("; ")}`);
    await eve.context().close();
  });

  await scenario("live lists, the waiting count in the title and icon, clocks, settings and resigning", async () => {
    const fay = await newPlayer("fay");
    const gus = await newPlayer("gus");
    await signUp(fay, "fay");
    await signUp(gus, "gus");
    // Gus creates a clocked game; Fay's lobby shows it without being reloaded or polled.
    await gus.selectOption("#new-players", "2");
    await gus.fill("#new-bots", "0");
    await gus.selectOption("#new-pace", "86400");
    await gus.click("#create-game");
    await gus.waitForURL(/#\/game\/\d+$/);
    const game = Number(/#\/game\/(\d+)$/.exec(gus.url())[1]);
    await fay.waitForSelector(`#open-games [data-game="${game}"] button`, { timeout: 5000 });
    await fay.click(`#open-games [data-game="${game}"] button`);
    await fay.waitForSelector(".table-bar .clock-left");
    // Whoever must act first (one or both: the game's setup decides) has one game waiting, in
    // the title and the icon; the other has none.
    await fay.click("a.back");
    await gus.click("a.back");
    let waiting = null;
    for (let i = 0; i < 160 && !waiting; i++) {
      for (const p of [fay, gus]) if ((await p.title()) === "(1) At the Gates of Loyang") waiting = p;
      if (!waiting) await fay.waitForTimeout(50);
    }
    expect(waiting, "a player's title counts the game waiting for him");
    expect((await waiting.getAttribute("link[rel=icon]", "href")) === "/icons/waiting-1.svg", "the icon counts the waiting game");
    await waiting.waitForSelector(`#my-games [data-game="${game}"] .deadline`);
    // The settings page saves a webhook and shows its signing secret; a bad address is refused.
    await fay.click("#settings-link");
    await fay.waitForSelector("#notify-save");
    await fay.fill("#notify-webhook", "https://hooks.example.org/loyang");
    await fay.selectOption("#notify-format", "discord");
    await fay.click("#notify-save");
    await waitUntil(fay, () => /^[0-9a-f]{64}$/.test(document.querySelector("#notify-secret")?.textContent || ""), null);
    await fay.fill("#notify-email", "fay@localhost");  // the browser accepts it; the server wants a domain
    await fay.click("#notify-save");
    await waitUntil(fay, () => /e-mail address/.test(document.querySelector(".settings .note")?.textContent || ""), null);
    await fay.screenshot({ path: path.join(shots, "settings.png"), fullPage: true });
    // Gus resigns (a 2-player game ends); Fay's page says so, and her title clears.
    await fay.goto(`http://127.0.0.1:${port}/#/game/${game}`);
    await fay.waitForSelector(".table-bar #resign");
    gus.once("dialog", (d) => d.accept());
    await gus.goto(`http://127.0.0.1:${port}/#/game/${game}`);
    await gus.waitForSelector(".table-bar #resign");
    await gus.click(".table-bar #resign");
    await fay.waitForSelector(".table-bar .result-note", { timeout: 8000 });
    expect(/gus resigned/.test(await fay.textContent(".table-bar .result-note")), "the result says who resigned");
    await fay.waitForSelector("text=This game is over.");
    expect((await fay.locator(".actions button").count()) === 0, "no actions are offered after the end");
    await waitUntil(waiting, () => document.title === "At the Gates of Loyang", null, { timeout: 8000 });
    await fay.screenshot({ path: path.join(shots, "game-resigned.png"), fullPage: true });
    // Expected: the refused address's 400.
    fay.errors = fay.errors.filter((e) => !/400|Bad Request/.test(e));
    for (const p of [fay, gus]) expect(p.errors.length === 0, `${p.label}'s page errors: ${p.errors.join("; ")}`);
    await fay.context().close();
    await gus.context().close();
  });

  await scenario("a solo game shows the Offer and the imaginary opponent", async () => {
    const dee = await newPlayer("dee");
    await signUp(dee, "dee");
    await createGame(dee, { players: 1 });
    await dee.waitForSelector(".status", { timeout: 8000 });
    for (let i = 0; i < 40 && !(await dee.locator(".offer").count()); i++) await act(dee);
    await dee.waitForSelector(".offer");
    await dee.waitForSelector(".opponent");
    await dee.screenshot({ path: path.join(shots, "game-solo.png"), fullPage: true });
    expect(dee.errors.length === 0, `page errors: ${dee.errors.join("; ")}`);
    await dee.context().close();
  });
}

try {
  await main();
} catch (e) {
  failures.push("setup");
  log(e.stack || String(e));
} finally {
  for (const c of contexts) {
    await c.close().catch(() => {});
    fs.rmSync(c.profile, { recursive: true, force: true });
  }
  await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (cspViolations.length) {
  failures.push("Content-Security-Policy");
  log(`  the pages reported ${cspViolations.length} CSP violation(s):\n    ${cspViolations.join("\n    ")}`);
}
log(failures.length ? `FAILED: ${failures.join(", ")}` : `all scenarios passed; screenshots in ${shots}`);
process.exit(failures.length ? 1 : 0);
