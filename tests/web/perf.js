// The browser client's speed, measured in the real chromium against a real server (a benchmark,
// not a test: `make bench` runs it through scripts/bench.sh; docs/benchmarks.md has the numbers).
//   node perf.js --server PATH/loyang-server --web DIR [--web DIR2 ...] [--rounds N]
//   node perf.js --web OLD --server OLD/loyang-server --web NEW --server NEW/loyang-server
// For each web directory (side by side: e.g. the client before and after a change, on the same
// server and machine) it measures, as medians over N rounds:
//   - lobby drawn: from navigation start to the lobby's game lists on screen;
//   - board drawn: from navigation start to the reader's board in the page (a MutationObserver
//     sees it appear, the same way for every client version);
//   - click to update: from a click on "Take a loan" (and on "Undo") to the board's Cash showing
//     the new amount (the server's answer and the redraw included), median and 90th percentile;
//     and the page's part of it: from the server's answer arriving to the new amount shown;
//   - requests and bytes of a first visit, and what a returning visitor asks the server for
//     again (requests not served from the browser's cache, the socket apart), counted from the
//     DevTools protocol's network events: bytes as transferred (compressed, with headers).
// Options: --rtt MS and --mbit N emulate a network (DevTools' Network.emulateNetworkConditions:
// MS of latency per request, N Mbit/s down and up); --cpu K slows the page's CPU K times
// (Emulation.setCPUThrottlingRate: a mid-range phone is about 4).
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { account, api, median, pct, startServer } from "./serve.js";

const argv = process.argv.slice(2);
const opt = (k, d) => { const i = argv.indexOf(`--${k}`); return i >= 0 ? argv[i + 1] : d; };
const webs = argv.flatMap((a, i) => (a === "--web" ? [path.resolve(argv[i + 1])] : []));
// One --server for all, or one per --web in the same order (a client with its own server:
// before and after a change of both).
const servers = argv.flatMap((a, i) => (a === "--server" ? [path.resolve(argv[i + 1])] : []));
const serverPath = servers[0];
const rounds = Number(opt("rounds", "5"));
const clicks = Number(opt("clicks", "40"));
// The game measured: PLAYERS seats (the reader and bots), played on to ROUND's Action phase
// first, so that the board and the log are those of a game well under way.
const players = Number(opt("players", "4"));
const toRound = Number(opt("round", "4"));
const rtt = Number(opt("rtt", "0"));
const mbit = Number(opt("mbit", "0"));
const cpu = Number(opt("cpu", "1"));
// --profile: Chrome's sampling profiler runs during the clicks; the functions with the most
// self time are printed (stderr).
const profile = argv.includes("--profile");
if (!serverPath || !webs.length) {
  console.error("usage: node perf.js --server PATH --web DIR [--web DIR2] [--rounds N] [--clicks N]");
  process.exit(2);
}
const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";

async function measure(web, serverPath) {
  const server = await startServer(web, serverPath);
  const base = `http://127.0.0.1:${server.port}`;
  const signed = await account(server.port, "perf");
  const token = signed.token;
  const game = await api(server.port, "POST", "/api/games", { players, bots: players - 1 }, token);
  const browser = await chromium.launch({ executablePath: browserPath, headless: true, args: ["--no-sandbox", "--disable-gpu"] });
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await context.addInitScript(([t, acc]) => {
    if (!localStorage.getItem("loyang.session")) localStorage.setItem("loyang.session", JSON.stringify({ token: t, account: acc }));
    // When the lobby's list and the board first appear, the same way for every client version.
    const seen = new MutationObserver(() => {
      if (!window.lobbyAt && document.querySelector("#my-games [data-game]")) window.lobbyAt = performance.now();
      if (!window.boardAt && document.querySelector(".board.mine")) window.boardAt = performance.now();
    });
    document.addEventListener("DOMContentLoaded", () => seen.observe(document.body, { childList: true, subtree: true }));
  }, [token, signed.account]);
  const page = await context.newPage();
  const out = { lobby: [], board: [], click: [], page: [], requests: 0, bytes: 0, again: 0, againRequests: 0 };
  // n, bytes: what went over the network; fresh, freshBytes: the same without 304s.
  const traffic = { n: 0, bytes: 0, fresh: 0, freshBytes: 0 };
  const net = await context.newCDPSession(page);
  await net.send("Network.enable");
  if (rtt || mbit) {
    const bytesPerSecond = mbit ? (mbit * 1e6) / 8 : -1;
    await net.send("Network.emulateNetworkConditions",
      { offline: false, latency: rtt, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
  }
  if (cpu > 1) await net.send("Emulation.setCPUThrottlingRate", { rate: cpu });
  const status = new Map();
  net.on("Network.responseReceived", (e) => {
    if (!e.response.fromDiskCache && !e.response.fromMemoryCache && !e.response.fromServiceWorker) status.set(e.requestId, e.response.status);
  });
  net.on("Network.loadingFinished", (e) => {
    // From the cache (nothing transferred), a data: URL, or the socket: no request to the server.
    if (!status.has(e.requestId) || !e.encodedDataLength) return;
    traffic.n++; traffic.bytes += e.encodedDataLength;
    if (status.get(e.requestId) !== 304) { traffic.fresh++; traffic.freshBytes += e.encodedDataLength; }
    status.delete(e.requestId);
  });
  const t0 = Date.now();
  const note = (what) => console.error(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${path.basename(path.dirname(web))}/${path.basename(web)}: ${what}`);
  for (let i = 0; i < rounds; i++) {
    note(`round ${i + 1}`);
    // A cold cache each round for the first-visit numbers.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    Object.assign(traffic, { n: 0, bytes: 0, fresh: 0, freshBytes: 0 });
    await page.goto(`${base}/#/`);
    await page.waitForSelector("#my-games .game-row, #my-games [data-game]");
    out.lobby.push(await page.evaluate(() => window.lobbyAt));
    await page.goto(`${base}/#/game/${game.id}`);
    await page.waitForSelector(".board.mine");
    out.board.push(await page.evaluate(() => window.boardAt));
    if (i === 0) { out.requests = traffic.n; out.bytes = traffic.bytes; }
    // A returning visitor: the same page again, with the cache as the first visit left it.
    Object.assign(traffic, { n: 0, bytes: 0, fresh: 0, freshBytes: 0 });
    await page.goto(`${base}/#/game/${game.id}`, { waitUntil: "load" });
    await page.reload();
    await page.waitForSelector(".board.mine");
    if (i === 0) { out.againRequests = traffic.n; out.againFresh = traffic.fresh; out.again = traffic.freshBytes; }
  }
  note("playing on");
  // Click to update: play to the human's Action phase turn, then loan and undo, again and again.
  await page.evaluate(async (round) => {
    for (let i = 0; i < 3000; i++) {
      const v = window.loyang?.socket?.view;
      if (v && v.game.round >= round && v.to_act.includes(v.seat) && v.game.phase === "action" && v.legal.some((c) => c.type === "undo" || c.type === "take_loan")) {
        if (v.legal.some((c) => c.type === "end_turn" || c.type === "skip_regular" || c.type === "serve_regular" || c.type === "sow")) return;
      }
      if (v && v.to_act.includes(v.seat) && v.legal.length) {
        // On through the game: serve or skip customers and end turns (no endless trading).
        const prefer = ["finish_offer", "plant_home", "take_cards", "keep_two_pack", "choose_partner", "book_keeper_done",
          "finish_taking", "skip_harvest_helper", "foreman_pass", "serve_casual", "serve_regular", "skip_regular", "end_turn",
          "discard_veg", "advance"];
        const c = prefer.map((t) => v.legal.find((x) => x.type === t)).find(Boolean) || v.legal.find((x) => x.type !== "take_loan" && x.type !== "undo" && x.type !== "sell") || v.legal[0];
        await window.loyang.socket.command(c);
      } else await new Promise((r) => setTimeout(r, 20));
    }
  }, toRound).catch(() => {});
  out.elements = await page.evaluate(() => document.querySelectorAll("*").length);
  // Where the elements are (with --profile): what a redraw's style and layout work through.
  if (profile) {
    console.error(await page.evaluate(() => [...document.querySelectorAll(".table-col > *, .side-col > *, .game-body > :not(.game-grid)")]
      .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join(".")}${e.dataset.key ? `[${e.dataset.key}]` : ""}: ${e.querySelectorAll("*").length}`).join("\n")));
  }
  out.renders = await page.evaluate(() => window.loyang?.renderTimes ? [...window.loyang.renderTimes] : []);
  note("clicking");
  const prof = profile ? await context.newCDPSession(page) : null;
  if (prof) {
    await prof.send("Profiler.enable");
    await prof.send("Profiler.setSamplingInterval", { interval: 200 });
    await prof.send("Profiler.start");
  }
  for (let i = 0; i < clicks; i++) {
    const type = i % 2 === 0 ? "take_loan" : "undo";
    const sel = `.actions [data-cmd-type="${type}"]`;
    if (!(await page.locator(sel).count())) break;
    const ms = await page.evaluate(async (s) => {
      const cash = () => document.querySelector(".board.mine .cash")?.textContent;
      const before = cash();
      // When the server's answer arrived (before the page handles it): the rest is the page's.
      const socket = window.loyang.socket;
      if (!socket.timed) {
        const handle = socket.onMessage.bind(socket);
        socket.onMessage = (m) => { window.answerAt ??= performance.now(); handle(m); };
        socket.timed = true;
      }
      window.answerAt = null;
      const t0 = performance.now();
      document.querySelector(s).click();
      // A confirmation (an action that cannot be taken back) is answered at once.
      document.querySelector("dialog.confirm[open] .choice")?.click();
      while (cash() === before) {
        await new Promise((r) => requestAnimationFrame(r));
        if (performance.now() - t0 > 5000) return null;
      }
      const t1 = performance.now();
      return [t1 - t0, window.answerAt === null ? null : t1 - window.answerAt];
    }, sel);
    if (ms !== null) {
      out.click.push(ms[0]);
      if (ms[1] !== null) out.page.push(ms[1]);
    }
  }
  if (prof) printProfile((await prof.send("Profiler.stop")).profile);
  await browser.close();
  server.stop();
  return out;
}

// Self time per function (name, file, line) of a CPU profile, the largest first.
function printProfile(p) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let total = 0;
  for (let i = 0; i < p.samples.length; i++) {
    const f = byId.get(p.samples[i]).callFrame;
    const k = `${f.functionName || "(anonymous)"} ${f.url.split("/").pop().split("?")[0]}:${f.lineNumber + 1}`;
    self.set(k, (self.get(k) || 0) + (p.timeDeltas[i] || 0));
    total += p.timeDeltas[i] || 0;
  }
  console.error(`profile: ${(total / 1000).toFixed(0)} ms sampled`);
  for (const [k, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.error(`${(t / 1000).toFixed(1).padStart(8)} ms  ${k}`);
}

console.log(`Machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model}; ${rounds} rounds, ${clicks} clicks; ` +
  `a ${players}-player game with ${players - 1} bots, clicks in round ${toRound}` +
  `${rtt || mbit ? `; network ${rtt} ms latency, ${mbit || "unlimited"} Mbit/s` : ""}${cpu > 1 ? `; CPU ${cpu}x slower` : ""}`);
console.log("| client | lobby drawn (ms) | board drawn (ms) | click → update median / p90 (ms) | of which the page: answer → update median / p90 (ms) | redraw median / max (ms) | elements | first visit: requests, KB transferred | returning visitor: requests (not 304), KB |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const [i, web] of webs.entries()) {
  const r = await measure(web, servers[servers.length === webs.length ? i : 0]);
  console.log(`| ${web} | ${median(r.lobby).toFixed(0)} | ${median(r.board).toFixed(0)} | ` +
    `${median(r.click).toFixed(0)} / ${pct(r.click, 0.9).toFixed(0)} (${r.click.length}) | ` +
    `${r.page.length ? `${median(r.page).toFixed(0)} / ${pct(r.page, 0.9).toFixed(0)}` : "–"} | ${r.renders.length ? `${median(r.renders).toFixed(0)} / ${Math.max(...r.renders).toFixed(0)}` : "–"} | ${r.elements} | ${r.requests}, ${(r.bytes / 1024).toFixed(0)} | ` +
    `${r.againRequests} (${r.againFresh}), ${(r.again / 1024).toFixed(1)} KB |`);
}
