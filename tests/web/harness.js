// The browser tests' harness (run.js and scenarios/*.js use it): starts loyang-server on a
// free port with a temp data dir, drives Debian's chromium with playwright-core, and gives the
// scenarios their helpers (players, sign-up, games, clicks, waits).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

export const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => {
  if (a.startsWith("--")) acc.push([a.slice(2), all[i + 1]]);
  return acc;
}, []));
const serverPath = args.server;
const webDir = path.resolve(args.web || "../../web");
export const shots = path.resolve(args.shots || "../../build/web-screenshots");
const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";
if (!serverPath || !fs.existsSync(serverPath)) {
  console.error("usage: node run.js --server PATH/loyang-server --web PATH/web [--shots DIR]");
  process.exit(2);
}
fs.mkdirSync(shots, { recursive: true });
const started = Date.now();
export const log = (...a) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s]`, ...a);

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => { const { port } = s.address(); s.close(() => resolve(port)); });
    s.on("error", reject);
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loyang-web-e2e-"));
let server = null;
let port = 0;
/// The server's address, for page.goto: url("/#/game/3").
export const url = (p = "/") => `http://127.0.0.1:${port}${p}`;
let serverLog = "";

export async function startServer() {
  server = spawn(serverPath, ["--port", String(port), "--address", "127.0.0.1", "--data", dataDir, "--web", webDir,
    "--password-cost", "minimal", "--threads", "2",
    // More players sign up in one run than one address may in an hour.
    "--signups-per-hour", "0",
    // ...and all of them create games from this one address.
    "--write-budgets", "games_per_address=0",
    // The analysis scenarios check what is shown, not how good the marks are: a rough analysis.
    "--analysis-playouts", "4"], { stdio: ["ignore", "pipe", "pipe"] });
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

export async function stopServer() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server.once("exit", r));
  server.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 12000))]);
  if (server.exitCode === null) server.kill("SIGKILL");
}

// ---- the traffic record --------------------------------------------------------------------
// With --traffic DIR, every page's traffic is recorded for run-e2e.sh to check against the
// protocol's schemas:
//   DIR/ws-traffic.jsonl: every WebSocket frame, one line each, as schema_check.py traffic reads
//     them: {"dir": "in" (page -> server) | "out", "conn": "ann#3", "client": "ann@2" (the page),
//     "scenario": "...", "msg": ...} ("msg" is the frame's text as sent, so 41.0 stays 41.0; "raw"
//     for a text that is not JSON). A page's new connection resumes its last one's view.
//     A scenario that sends something invalid on purpose sets page.sendsInvalid while it does:
//     its frames are marked "expect": "invalid" (the schema must refuse them, and they are not
//     counted as the client's).
//   DIR/http-traffic.jsonl: every /api/ exchange a page makes, {"method", "path" (with the
//     query), "status", "request", "response"} (the bodies' JSON, a text/plain answer as a JSON
//     string, or null), as openapi_check.py http reads them. Not recorded, and
//     counted at the end: answers a scenario made up (route.fulfill), and bodies the browser
//     dropped before they could be read (the page went away).
const traffic = { ws: null, http: null, scenario: "(setup)", pages: 0, sockets: 0, frames: {}, exchanges: 0, made_up: 0,
  unread: 0, pending: new Set(), fulfilled: new WeakSet() };
if (args.traffic) {
  fs.mkdirSync(args.traffic, { recursive: true });
  traffic.ws = fs.createWriteStream(path.join(args.traffic, "ws-traffic.jsonl"));
  traffic.http = fs.createWriteStream(path.join(args.traffic, "http-traffic.jsonl"));
}

// The text itself when it is JSON (numbers stay as written), else null.
const jsonText = (text) => {
  if (!text) return null;
  try { JSON.parse(text); return text; } catch { return null; }
};

function recordSockets(page) {
  if (page.recorded) return;
  page.recorded = true;
  const client = JSON.stringify(`${page.label}@${++traffic.pages}`);
  page.on("websocket", (ws) => {
    const conn = `${page.label}#${++traffic.sockets}`;
    const frame = (dir) => ({ payload }) => {
      const text = typeof payload === "string" ? payload : `(a binary frame of ${payload.length} bytes)`;
      const json = jsonText(text);
      const scenario = traffic.scenario;
      const invalid = dir === "in" && page.sendsInvalid;
      traffic.ws.write(`{"dir": "${dir}", "conn": ${JSON.stringify(conn)}, "client": ${client}, "scenario": ${JSON.stringify(scenario)}` +
        `${invalid ? ', "expect": "invalid"' : ""}, ${json ? `"msg": ${json}` : `"raw": ${JSON.stringify(text)}`}}\n`);
      const counts = (traffic.frames[scenario] ||= { frames: 0, invalid: 0, conns: new Set() });
      counts.frames++;
      if (invalid) counts.invalid++;
      counts.conns.add(conn);
    };
    ws.on("framesent", frame("in"));
    ws.on("framereceived", frame("out"));
  });
}

// Routes a scenario fulfills answer in the server's place: their requests are remembered so
// that the record leaves them out.
function markFulfilled(target) {
  if (target.routesMarked) return;
  target.routesMarked = true;
  const route = target.route.bind(target);
  const unroute = target.unroute.bind(target);
  const wrapped = new WeakMap();
  target.route = (pattern, handler, options) => {
    const wrapper = (r, request) => {
      const fulfill = r.fulfill.bind(r);
      r.fulfill = (o) => { traffic.fulfilled.add(request); return fulfill(o); };
      return handler(r, request);
    };
    wrapped.set(handler, wrapper);
    return route(pattern, wrapper, options);
  };
  target.unroute = (pattern, handler) => unroute(pattern, handler && (wrapped.get(handler) || handler));
}

function recordContext(context) {
  if (!traffic.ws) return;
  const watch = (p) => {
    p.label ||= `${context.pages()[0]?.label || "page"}-tab`;
    recordSockets(p);
    markFulfilled(p);
  };
  markFulfilled(context);
  context.pages().forEach(watch);
  context.on("page", watch);
  context.on("response", (response) => {
    const request = response.request();
    const u = new URL(request.url());
    if (u.origin !== new URL(url()).origin || !u.pathname.startsWith("/api/")) return;
    if (traffic.fulfilled.has(request)) { traffic.made_up++; return; }
    const done = response.text().then((body) => {
      traffic.exchanges++;
      // A text answer (text/plain) as a JSON string, as openapi_check.py reads it.
      const text = body && /^text\//.test(response.headers()["content-type"] || "") ? JSON.stringify(body) : null;
      traffic.http.write(`{"method": ${JSON.stringify(request.method())}, "path": ${JSON.stringify(u.pathname + u.search)}, ` +
        `"status": ${response.status()}, "request": ${jsonText(request.postData())}, "response": ${jsonText(body) ?? text}}\n`);
    }, () => { traffic.unread++; }).finally(() => traffic.pending.delete(done));
    traffic.pending.add(done);
  });
}

// Closes the record and says what it holds, per scenario.
async function closeTraffic() {
  if (!traffic.ws) return;
  await Promise.allSettled([...traffic.pending]);
  await Promise.all([traffic.ws, traffic.http].map((s) => new Promise((r) => s.end(r))));
  const all = Object.values(traffic.frames).reduce((n, c) => n + c.frames, 0);
  log(`recorded ${all} WebSocket frames over ${traffic.sockets} connections, and ${traffic.exchanges} /api/ exchanges ` +
    `(left out: ${traffic.made_up} answers a scenario made up, ${traffic.unread} bodies the browser dropped), in ${args.traffic}`);
  for (const [name, c] of Object.entries(traffic.frames)) {
    log(`  ${String(c.frames).padStart(6)} frames, ${String(c.conns.size).padStart(3)} connections` +
      `${c.invalid ? ` (${c.invalid} sent to be refused)` : ""}: ${name}`);
  }
}

export const failures = [];
export async function scenario(name, fn) {
  traffic.scenario = name;
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
export async function waitUntil(page, fn, arg, { timeout = 10000 } = {}) {
  const end = Date.now() + timeout;
  while (!(await page.evaluate(fn, arg))) {
    if (Date.now() > end) throw new Error(`${page.label}: timed out waiting for ${String(fn).slice(0, 80)}`);
    await page.waitForTimeout(50);
  }
}

export function expect(cond, message) {
  if (!cond) throw new Error(message);
}

// Each player is a browser of his own with a fresh profile (--user-data-dir), so sessions
// (localStorage) are separate.
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];
export const contexts = [];
// device: more context options (a phone: {isMobile: true, hasTouch: true}).
export async function newPlayer(label, viewport = { width: 1360, height: 900 }, device = {}) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "loyang-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: browserPath, headless: true, args: CHROMIUM_ARGS, viewport, ...device,
  });
  context.profile = profile;
  contexts.push(context);
  const page = context.pages()[0] || (await context.newPage());
  page.label = label;
  recordContext(context);
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") page.errors.push(m.text()); });
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
export const cspViolations = [];

export async function signUp(page, name) {
  await page.fill("#login-name", name);
  await page.fill("#login-password", "secret-password");
  await page.click("#signup-button");
  await page.waitForSelector("#user-name");
  expect((await page.textContent("#user-name")) === name, "the header names the player");
}

export async function createGame(page, { players, bots = 0 }) {
  await page.selectOption("#new-players", String(players));
  // A solo game has no seats for bots: the form does not offer them.
  if (bots || (await page.isEnabled("#new-bots"))) await page.fill("#new-bots", String(bots));
  await page.click("#create-game");
  await page.waitForURL(/#\/game\/\d+$/);
  return Number(/#\/game\/(\d+)$/.exec(page.url())[1]);
}

// Clicks an action button and says yes when the page asks first (an action that cannot be
// taken back, such as a loan outside one's turn).
export async function clickAction(page, selector) {
  await page.click(selector);
  for (let i = 0; i < 5 && !(await page.locator("dialog.confirm[open]").count()); i++) await page.waitForTimeout(40);
  if (await page.locator("dialog.confirm[open]").count()) await page.click("dialog.confirm[open] .choice");
}

// Whether the page says the game waits for this player.
export async function myTurn(page) {
  return (await page.locator(".status.your-turn").count()) > 0;
}

// Clicks one legal action through the UI. Prefers the given command types (as the action
// buttons' data-cmd-type), else the first action button of the decision the game waits for;
// a button that opens a choice dialog is followed by the first choice.
export async function act(page, prefer = []) {
  const before = await page.evaluate(() => [document.querySelectorAll(".log-entry").length,
    document.querySelector(".toast")?.dataset.count || "0"]);
  const version = before[0];
  let button = null;
  // The Storehouse form (its default choice keeps as many as fit).
  const store = page.locator("#store-form #store-keep:not([disabled])");
  if (await store.count()) button = store;
  for (const t of button ? [] : prefer) {
    const b = page.locator(`.actions .action-list:not(.anytime) [data-cmd-type="${t}"]:not([disabled])`).first();
    if (await b.count()) { button = b; break; }
  }
  if (!button) button = page.locator(".actions .action-list:not(.anytime) .action:not([disabled])").first();
  // Nothing but "any time" actions: e.g. a red Regular customer costs 2 Cash to skip.
  if (!(await button.count())) button = page.locator('.actions [data-cmd-type="take_loan"]').first();
  if (!(await button.count())) return false;
  try {
    await button.click({ timeout: 3000 });
    // A choice dialog, then maybe "this cannot be taken back": the first choice each time.
    // page.moves and page.questions count the moves and the questions asked before them.
    page.moves = (page.moves || 0) + 1;
    for (let i = 0; i < 2; i++) {
      const dialog = page.locator("dialog.choose[open]");
      if (!(await dialog.count())) break;
      if (await page.locator("dialog.confirm[open]").count()) page.questions = (page.questions || 0) + 1;
      if (page.onDialog) await page.onDialog(dialog); // a scenario's look at the open dialog
      await dialog.locator(".choice:not([disabled])").first().click({ timeout: 3000 });
    }
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

export async function phaseText(page) {
  return (await page.textContent(".status .phase")) || "";
}

export async function roundNumber(page) {
  const t = (await page.textContent(".status .round")) || "";
  const m = /Round (\d+)/.exec(t);
  return m ? Number(m[1]) : 0;
}

// Action-phase habit of the test player: deliver or skip customers, then end the turn.
// Helpers' sub-decisions are closed at once, so that the game moves on.
export const CLOSE_PREFS = ["book_keeper_done", "finish_taking", "skip_harvest_helper", "foreman_pass", "finish_offer"];
export const ACTION_PREFS = [...CLOSE_PREFS, "end_turn", "serve_casual", "serve_regular", "skip_regular", "keep_two_pack", "discard_veg", "advance", "take_cards"];

// The text of the table (boards, centre, Path, ranking) as the page shows it.
// (Without the live page's buttons and analysis link after the scoring, which the replay does
// not have.)
export const tableText = (page) => page.evaluate(() =>
  [...document.querySelectorAll(".table-col > :not(.replay-link)")].map((e) => {
    const c = e.cloneNode(true);
    for (const b of c.querySelectorAll(".end-buttons, .analysis-link")) b.remove();
    return c.textContent;
  }).join("\n"));
export const replayAt = async (page) => (await page.textContent("#replay-version")).match(/\d+/g).map(Number);


// Runs `scenarios` ([name, fn] pairs; --only REGEX picks some) against one server, then closes
// every browser, stops the server and exits 1 if any failed or any page broke the CSP.
export async function run(scenarios) {
  const only = args.only ? new RegExp(args.only, "i") : null;
  try {
    port = await freePort();
    await startServer();
    log(`server on port ${port}, data in ${dataDir}`);
    for (const [name, fn] of scenarios) {
      if (!only || only.test(name)) await scenario(name, fn);
    }
  } catch (e) {
    failures.push("setup");
    log(e.stack || String(e));
  } finally {
    traffic.scenario = "(closing)";
    for (const c of contexts) {
      await c.close().catch(() => {});
      fs.rmSync(c.profile, { recursive: true, force: true });
    }
    await stopServer();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await closeTraffic();
  }
  if (cspViolations.length) {
    failures.push("Content-Security-Policy");
    log(`  the pages reported ${cspViolations.length} CSP violation(s):\n    ${cspViolations.join("\n    ")}`);
  }
  log(failures.length ? `FAILED: ${failures.join(", ")}` : `all scenarios passed; screenshots in ${shots}`);
  process.exit(failures.length ? 1 : 0);
}

// Accessibility: runs axe-core (tests/web/package.json) in the page and throws, listing them,
// if it finds violations of impact "serious" or "critical". The page's Content-Security-Policy
// forbids inline and eval'd scripts, so axe's source goes in through the DevTools protocol
// (page.evaluate of the source text runs as a top-level script, which the CSP does not see).
// `label` names the page in the error; `exclude` lists CSS selectors axe should skip.
let axeSource = null;
export async function checkA11y(page, label, { exclude = [] } = {}) {
  if (!axeSource) {
    const { createRequire } = await import("node:module");
    axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  }
  if (!(await page.evaluate(() => typeof window.axe === "object" && typeof window.axe.run === "function"))) {
    await page.evaluate(axeSource);
  }
  // The colours as they settle, not halfway through a glow (the page's animations stop under
  // reduced motion).
  await page.emulateMedia({ reducedMotion: "reduce" });
  const found = await page.evaluate(async (skip) => {
    const context = skip.length ? { include: [document], exclude: skip.map((s) => [s]) } : document;
    const r = await window.axe.run(context, { resultTypes: ["violations"] });
    return r.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 6).map((n) => `${n.target.join(" ")}: ${(n.failureSummary || "").replace(/\s+/g, " ")}\n      ${n.html.slice(0, 300)}`),
      more: Math.max(0, v.nodes.length - 6),
    }));
  }, exclude);
  await page.emulateMedia({ reducedMotion: null });
  if (found.length) {
    throw new Error(`${label}: axe found ${found.length} serious or critical accessibility violation(s):\n` +
      found.map((v) => `  [${v.impact}] ${v.id}: ${v.help}\n    ${v.nodes.join("\n    ")}${v.more ? `\n    (and ${v.more} more)` : ""}`).join("\n"));
  }
  return found;
}

// Accounts without the sign-up form: each is created from a loopback address of its own
// (127.0.0.2, .3, ...), since the server allows 5 sign-ups an hour per client address and a
// run needs more. Then `logIn` logs a page in through the form.
let accountAddresses = 0;
export async function newAccount(name, password = "secret-password") {
  const http = await import("node:http");
  const body = JSON.stringify({ name, password });
  const localAddress = `127.0.0.${2 + (accountAddresses++ % 250)}`;
  const status = await new Promise((resolve, reject) => {
    const req = http.request(url("/api/accounts"), {
      method: "POST", localAddress,
      headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
    }, (res) => { res.resume(); res.on("end", () => resolve(res.statusCode)); });
    req.on("error", reject);
    req.end(body);
  });
  expect(status === 201, `the account ${name} was created (HTTP ${status})`);
}

export async function logIn(page, name, password = "secret-password") {
  await page.fill("#login-name", name);
  await page.fill("#login-password", password);
  await page.click("#login-button");
  await page.waitForSelector("#user-name");
  expect((await page.textContent("#user-name")) === name, "the header names the player");
}

// The HTTP API from node, for scenarios that set things up faster than through the pages.
// apiLogIn: a session token for an account; api: one request, answering {status, body}.
export async function apiLogIn(name, password = "secret-password") {
  const r = await api(null, "POST", "/api/sessions", { name, password });
  expect(r.status === 201 || r.status === 200, `${name} logged in through the API (HTTP ${r.status} ${JSON.stringify(r.body)})`);
  return r.body.token;
}

export async function api(token, method, p, body) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(url(p), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  let parsed = null;
  try { parsed = JSON.parse(text); } catch { parsed = text; }
  return { status: r.status, body: parsed };
}

// Makes an account an operator: the command (`loyang-server operator grant NAME --data DIR`)
// runs only with the server stopped, so the server stops, and starts again on the same port
// with the same data (sessions stay valid; pages reconnect by themselves).
export async function grantOperator(name) {
  await stopServer();
  const { execFileSync } = await import("node:child_process");
  execFileSync(serverPath, ["operator", "grant", name, "--data", dataDir], { stdio: "pipe" });
  await startServer();
}

// A finished game's replay asks whether the bot analysed it (GET /api/games/ID/analysis): before
// anyone asked, the answer is 404 no_analysis, which the browser reports as a failed load. The
// page errors without those two lines.
export function withoutNoAnalysis(errors) {
  return errors.filter((e) => !/^404 GET \S+\/api\/games\/\d+\/analysis$/.test(e) &&
    !/^Failed to load resource: the server responded with a status of 404/.test(e));
}

// A player of a scenario: an account of his own, a browser logged in to it, in the lobby.
export async function lobbyPlayer(name, viewport) {
  await newAccount(name);
  const page = await newPlayer(name, viewport);
  await logIn(page, name);
  await page.waitForSelector("#create-game");
  return page;
}
