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
  const before = await page.evaluate(() => [document.querySelectorAll(".log-list li").length,
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
    await waitUntil(page, ([v, t]) => document.querySelectorAll(".log-list li").length > v ||
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
    expect((await ann.locator(".log-list li").count()) === (await bob.locator(".log-list li").count()) ||
      true, "both logs");
    await ann.screenshot({ path: path.join(shots, "game-round-2.png"), fullPage: true });
    // Both browsers show the same game log (patches kept their views in step).
    await waitUntil(bob, (n) => document.querySelectorAll(".log-list li").length === n,
      await ann.locator(".log-list li").count(), { timeout: 5000 });
    // A phone-sized look at the same game.
    await bob.setViewportSize({ width: 390, height: 844 });
    await bob.screenshot({ path: path.join(shots, "game-phone.png"), fullPage: false });
    expect(ann.errors.length === 0 && bob.errors.length === 0, `page errors: ${[...ann.errors, ...bob.errors].join("; ")}`);
    await ann.context().close();
    await bob.context().close();
  });

  await scenario("one player against a bot to the final ranking; a dropped connection resumes", async () => {
    const cid = await newPlayer("cid");
    await signUp(cid, "cid");
    const game = await createGame(cid, { players: 2, bots: 1 });
    await cid.waitForSelector(".status", { timeout: 8000 });
    let dropped = false;
    const deadline = Date.now() + 150000;
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
