// A whole 2-player game against the easy bot, played through the page as a person plays it (a
// benchmark of the table, not a test: `make bench` runs it through scripts/bench.sh; the figures
// are in docs/benchmarks.md):
//   node play-game.js --server PATH/loyang-server --web DIR [--keyboard] [--seed N] [--cpu K]
// The game is started from the lobby's "Play a bot now" button. At each of the reader's turns a
// seeded policy picks one of the commands the page offers (serving customers first, sowing,
// planting, buying, trading, moving on the Path, ending the turn, now and then a loan or a
// Two-pack), and the page is asked for it the shortest way a player would: the thing on the board
// (a field, a stall's vegetable, the shop, the Path...) and then the choice in its panel; the
// action list where nothing on the board stands for it; the Storehouse form. With --keyboard every
// control is reached with Tab (Shift+Tab) and taken with Enter, nothing is clicked.
// It reports: moves (the reader's decisions), modal dialogs opened (choice lists and questions
// before what cannot be taken back) and their share of the moves, console errors and uncaught
// exceptions, the page's script time per update (median, 90th percentile, max), and the time from
// a move to the board showing its result. It exits 1 when the game does not end, or with a
// console error.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { account, median, pct, startServer } from "./serve.js";

const argv = process.argv.slice(2);
const opt = (k, d) => { const i = argv.indexOf(`--${k}`); return i >= 0 ? argv[i + 1] : d; };
const web = path.resolve(opt("web", ""));
const serverPath = path.resolve(opt("server", ""));
const keyboard = argv.includes("--keyboard");
let seed = Number(opt("seed", "1")) >>> 0;
const cpu = Number(opt("cpu", "1"));
const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";
if (!opt("web") || !opt("server")) {
  console.error("usage: node play-game.js --server PATH --web DIR [--keyboard] [--seed N] [--cpu K]");
  process.exit(2);
}
const { targetsOf, offered } = await import(pathToFileURL(path.join(web, "js/targets.js")).href);

// mulberry32: the same game choices for the same seed.
const rng = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (xs) => xs[Math.floor(rng() * xs.length)];

// How much a player likes each kind of move when it is offered (0: never on his own).
const LIKES = {
  serve_regular_twice: 400, serve_regular: 300, serve_casual: 300, plant_home: 60, sow: 60, keep_two_pack: 40,
  take_cards: 40, activate_helper: 15, buy: 8, trade: 8, trader: 6, end_turn: 25, skip_regular: 4,
  buy_two_pack: 3, sell: 2, upgrade_storehouse: 2, discard_veg: 20, take_loan: 0, undo: 0, discard_helper: 0,
};
// What closes a turn when the player has dawdled long enough.
const CLOSERS = ["end_turn", "skip_regular", "finish_offer", "finish_taking", "book_keeper_done", "skip_harvest_helper",
  "foreman_pass", "advance", "discard_veg"];

function choose(view, movesThisTurn) {
  // The Storehouse step is answered by its form (see below).
  const legal = offered(view.legal).filter((c) => c.type !== "undo" &&
    !(view.game.step === "store" && (c.type === "discard_veg" || c.type === "upgrade_storehouse")));
  if (!legal.length) return null;
  const of = (t) => legal.filter((c) => c.type === t);
  if (movesThisTurn > 6) {
    const close = CLOSERS.map(of).find((xs) => xs.length);
    if (close) return close[0];
  }
  // On the Path: as far as the Cash goes without a loan, now and then one step less.
  const steps = of("advance");
  if (steps.length) {
    const cash = view.game.players[view.seat].cash;
    const cost = (n) => { let c = 0; for (let i = 1; i <= n; i++) c += i; return c; };
    const affordable = steps.filter((c) => cost(c.steps) <= cash).sort((a, b) => b.steps - a.steps);
    return (rng() < 0.25 && affordable[1]) || affordable[0] || steps.find((c) => c.steps === 0) || steps[0];
  }
  const weighted = legal.map((c) => [c, LIKES[c.type] ?? 5]).filter(([, w]) => w > 0);
  if (!weighted.length) return legal.find((c) => c.type !== "take_loan") || legal[0];
  let r = rng() * weighted.reduce((s, [, w]) => s + w, 0);
  for (const [c, w] of weighted) { if ((r -= w) <= 0) return c; }
  return weighted[0][0];
}

async function run() {
  const server = await startServer(web, serverPath);
  const base = `http://127.0.0.1:${server.port}`;
  const signed = await account(server.port, "player");
  const browser = await chromium.launch({ executablePath: browserPath, headless: true, args: ["--no-sandbox", "--disable-gpu"] });
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  await context.addInitScript(([t, acc]) => {
    if (!localStorage.getItem("loyang.session")) localStorage.setItem("loyang.session", JSON.stringify({ token: t, account: acc }));
  }, [signed.token, signed.account]);
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  if (cpu > 1) await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: cpu });
  // Every modal dialog the page opens, counted as it opens.
  await page.addInitScript(() => {
    window.modalsOpened = 0;
    window.modalKinds = {};
    const open = HTMLDialogElement.prototype.showModal;
    HTMLDialogElement.prototype.showModal = function showModal() {
      window.modalsOpened++;
      const kind = this.getAttribute("aria-label") || this.className;
      window.modalKinds[kind] = (window.modalKinds[kind] || 0) + 1;
      return open.call(this);
    };
  });

  // Focuses the element matching `sel` with Tab alone (Shift+Tab when it lies behind), then
  // presses Enter; or clicks it.
  let keys = 0;
  let pressed = 0; // when the last control was taken
  async function take(sel) {
    if (!keyboard) { pressed = Date.now(); await page.click(sel, { timeout: 5000 }); return; }
    for (const key of ["Tab", "Shift+Tab"]) {
      for (let i = 0; i < 400; i++) {
        if (await page.evaluate((s) => document.activeElement?.matches(s), sel)) {
          keys++;
          pressed = Date.now();
          await page.keyboard.press("Enter");
          return;
        }
        keys++;
        await page.keyboard.press(key);
      }
    }
    throw new Error(`${sel}: not reached with Tab`);
  }
  const exists = (sel) => page.evaluate((s) => !!document.querySelector(s), sel);
  // On screen or a scroll away (not inside another player's folded board).
  const shown = (sel) => page.evaluate((s) => !!document.querySelector(s)?.checkVisibility(), sel);
  const keySel = (k) => `[data-key=${JSON.stringify(k)}]`;

  await page.goto(`${base}/#/`);
  await page.waitForSelector("#play-bot");
  await take("#play-bot");
  await page.waitForSelector(".board.mine", { timeout: 20000 });

  let moves = 0;
  let turnMoves = 0;
  const moveMs = [];
  const deadline = Date.now() + 15 * 60 * 1000;
  let finished = false;
  while (Date.now() < deadline) {
    const state = await page.evaluate(() => {
      const v = window.loyang?.view();
      if (!v) return null;
      return { v: { legal: v.legal || [], seat: v.seat, to_act: v.to_act, game: v.game, version: v.version } };
    });
    if (state?.v.game.phase === "finished") { finished = true; break; }
    const v = state?.v;
    if (!v || !v.to_act.includes(v.seat) || !v.legal.length) {
      turnMoves = 0;
      await page.waitForTimeout(30);
      continue;
    }
    const before = await page.evaluate(() => window.loyang.view());
    const store = await exists("#store-form #store-keep:not([disabled])");
    let cmd = null;
    try {
      if (store) {
        await take("#store-form #store-keep:not([disabled])");
      } else {
        cmd = choose(v, turnMoves);
        if (!cmd) { await page.waitForTimeout(30); continue; }
        const key = `cmd:${JSON.stringify(cmd)}`;
        const target = targetsOf(cmd, v.seat).map((t) => `[data-target=${JSON.stringify(t)}].can`);
        const onBoard = [];
        for (const t of target) if (await shown(t)) onBoard.push(t);
        if (onBoard.length) {
          // The thing on the board, then the choice in its panel.
          if (!(await exists(`.selection ${keySel(key)}`))) await take(onBoard[0]);
          await page.waitForSelector(`.selection ${keySel(key)}`, { timeout: 5000 });
          await take(`.selection ${keySel(key)}`);
        } else if (await exists(`.actions ${keySel(key)}`)) {
          await take(`.actions ${keySel(key)}`);
        } else {
          await take(`.actions ${keySel(`more:${cmd.type}`)}`);
          await page.waitForSelector(`dialog.choose[open] ${keySel(key)}`, { timeout: 5000 });
          await take(`dialog.choose[open] ${keySel(key)}`);
        }
        // "This cannot be taken back": yes.
        for (let i = 0; i < 5 && !(await exists("dialog.confirm[open]")); i++) await page.waitForTimeout(20);
        if (await exists("dialog.confirm[open]")) await take("dialog.confirm[open] .choice");
      }
    } catch (e) {
      // The board changed under the move (the bot moved, a dialog closed): look again.
      console.error(`  a move missed (${String(e.message).split("\n")[0]}; ${JSON.stringify(cmd)}); looking again`);
      await page.keyboard.press("Escape").catch(() => {});
      continue;
    }
    await page.waitForFunction((b) => window.loyang.view() !== b, before, { timeout: 10000, polling: "raf" });
    moveMs.push(Date.now() - pressed);
    moves++;
    if (process.env.VERBOSE) console.error(`  move ${moves} (round ${v.game.round}, ${v.game.step}): ${store ? "the Storehouse form" : JSON.stringify(cmd)}`);
    turnMoves = cmd && CLOSERS.includes(cmd.type) && cmd.type !== "discard_veg" ? 0 : turnMoves + 1;
  }
  const result = await page.evaluate(() => ({
    modals: window.modalsOpened,
    modalKinds: window.modalKinds,
    renders: [...(window.loyang?.renderTimes || [])],
    ranking: window.loyang?.view()?.game.ranking,
    seat: window.loyang?.view()?.seat,
  }));
  await browser.close();
  server.stop();
  return { finished, moves, moveMs, keys, errors, ...result };
}

const r = await run();
const share = r.moves ? (100 * r.modals) / r.moves : 0;
console.log(`Machine: 2-player game against the easy bot, ${keyboard ? "keyboard only (Tab and Enter)" : "mouse"}, seed ${opt("seed", "1")}` +
  `${cpu > 1 ? `, CPU ${cpu}x slower` : ""}`);
console.log("| game finished | reader's moves | modal dialogs (share) | console errors | script per update median / p90 / max (ms) | last click or key → board updated median / p90 (ms) |" + (keyboard ? " keys pressed |" : ""));
console.log("|---|---:|---:|---:|---:|---:|" + (keyboard ? "---:|" : ""));
console.log(`| ${r.finished ? `yes (rank ${r.ranking?.find((x) => x.player === r.seat)?.rank})` : "NO"} | ${r.moves} | ${r.modals} (${share.toFixed(1)} %) | ${r.errors.length} | ` +
  `${median(r.renders).toFixed(1)} / ${pct(r.renders, 0.9).toFixed(1)} / ${Math.max(...r.renders).toFixed(1)} | ` +
  `${median(r.moveMs)} / ${pct(r.moveMs, 0.9)} |` + (keyboard ? ` ${r.keys} |` : ""));
if (r.modals) console.log(`modal dialogs: ${Object.entries(r.modalKinds).map(([k, n]) => `${k} ${n}`).join(", ")}`);
for (const e of r.errors.slice(0, 10)) console.log(`console error: ${e}`);
process.exit(r.finished && !r.errors.length ? 0 : 1);
