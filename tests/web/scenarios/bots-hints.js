// Hints and the analysis of a finished game (issue 24, the browser's side; docs/protocol.md
// "Hints" and "Analysis of a finished game"): an unrated game offers a Hint button whose answer
// is the bot's suggestion with its numbers, "Play it" plays it, refusals are words, the hint
// stays through another player's move while it is still valid and goes with one's own; rated
// games and the daily challenge show no button; a finished solo game's replay asks for the
// analysis, shows its progress, then the marks (or that there are none), and a mark moves the
// replay. With axe-core on the hint panel, and the panel on a phone.
import path from "node:path";
import {
  api, apiLogIn, checkA11y, createGame, expect, log, logIn, newAccount, newPlayer, shots, url, waitUntil, withoutNoAnalysis,
} from "../harness.js";
import { PHONE, playFast, player } from "./table-basics.js";

const PHONE_DEVICE = { isMobile: true, hasTouch: true };
const textOf = (page, sel) => page.evaluate((s) => document.querySelector(s)?.textContent || "", sel);
const shot = (page, name) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true, animations: "disabled" });
// The bot searches on the server's bot pool: generous under a sanitizer build on a busy machine.
const THINK = 60000;

// What the page's own view says: version, whether the reader must act, the log's last entries.
const viewOf = (page) => page.evaluate(() => {
  const v = window.loyang?.view();
  if (!v) return null;
  return { version: v.game.version, seat: v.seat, toAct: v.to_act.includes(v.seat), log: v.log.slice(-20),
    legal: v.legal };
});

// Waits until the page's player has something to decide (and the Hint button shows).
async function untilHint(page, timeout = 60000) {
  await page.waitForSelector("#hint-ask", { timeout });
}

// Asks for a hint with the keyboard and waits for the answer; checks "Thinking…" on the way
// (the answer is held back a little so that the check does not race it).
async function askHint(page) {
  await page.route("**/api/games/*/hint", async (r) => { await new Promise((x) => setTimeout(x, 500)); await r.continue(); });
  await page.focus("#hint-ask");
  await page.keyboard.press("Enter");
  await waitUntil(page, () => /Thinking/.test(document.querySelector("#hint-ask")?.textContent || ""), null, { timeout: 5000 });
  expect((await page.getAttribute("#hint-ask", "aria-disabled")) === "true", "the button says it is busy while the bot thinks");
  await page.waitForSelector(".hint-panel", { timeout: THINK });
  await page.unroute("**/api/games/*/hint");
  return textOf(page, ".hint-panel");
}

// The suggestion's numbers: each weighed candidate with its share of wins and margin (or, solo,
// the level), or the one possible command.
function checkNumbers(text, solo = false) {
  expect(/The bot suggests: /.test(text), `the panel names the suggestion: "${text}"`);
  const one = /only thing you can do/.test(text);
  // In a player's words (issue 36): whole numbers, no percentages or sampling jargon.
  const numbers = solo ? /ends near level \d+ \((good|very good|master|\d+ short of “good”)\)/
    : /(never won|always won|almost always won|usually won|won about half the time|sometimes won|rarely won) \(\d+ of \d+ trial games?\), ending (about \d+ spaces? (ahead of the best other player|behind the leader)|level with the best other player)/;
  expect(one || numbers.test(text), `the candidates with their numbers: "${text}"`);
  expect(!/%|\d\.\d|sampled/.test(text), `no percentages, decimals or jargon: "${text}"`);
  return one;
}

// A hint's command came back as the reader's next log entry.
async function playedIt(page, before, cmd) {
  await waitUntil(page, ([v, seat, c]) => (window.loyang.view()?.log || []).some((e) =>
    e.version > v && e.player === seat && JSON.stringify(e.cmd) === c), [before.version, before.seat, JSON.stringify(cmd)],
  { timeout: 20000 });
}

// The hint's command as the page holds it (window.loyang.hint(): the server's answer).
const suggested = (page) => page.evaluate(() => window.loyang.hint()?.command || null);

export default [
  ["hints: an unrated game against a bot offers Hint; the suggestion with its numbers; Play it plays it; axe; a refusal in words", async () => {
    const hira = await player("hira");
    const game = await createGame(hira, { players: 2, bots: 1 });
    await untilHint(hira);
    const summary = (await api(await apiLogIn("hira"), "GET", `/api/games/${game}`)).body;
    expect(!summary.rated && !summary.daily, `an unrated game: ${JSON.stringify(summary)}`);
    const text = await askHint(hira);
    checkNumbers(text);
    expect((await hira.evaluate(() => document.activeElement?.id)) === "hint-play", "the answer takes the focus to Play it");
    // The numbers are the server's: the first candidate is the suggestion, best first.
    const cands = await hira.locator(".hint-candidates li").count();
    log(`  the hint: ${text.replace(/\s+/g, " ").slice(0, 300)}`);
    await checkA11y(hira, "the table with the hint panel open");
    await shot(hira, "hint-desk");
    // Play it, by the keyboard: the command is sent as any action is, the hint goes away.
    const before = await viewOf(hira);
    const cmd = await suggested(hira);
    expect(cmd, "the page kept the hint's command");
    if (cands) expect(await hira.locator(".hint-candidates li.best").count() === 1, "the best candidate is marked");
    await hira.keyboard.press("Enter");
    if (await hira.locator("dialog.confirm[open]").count()) await hira.click("dialog.confirm[open] .choice");
    await playedIt(hira, before, cmd);
    await waitUntil(hira, () => !document.querySelector(".hint-panel"));
    expect((await viewOf(hira)).version > before.version, "the game moved on");
    // A refusal is said in words, and Dismiss takes it away with the focus back on Hint.
    await untilHint(hira);
    await hira.route("**/api/games/*/hint", (r) => r.fulfill({ status: 503, contentType: "application/json",
      body: JSON.stringify({ error: { code: "bots_busy", message: "the bot pool is full" } }) }));
    await hira.click("#hint-ask");
    await hira.waitForSelector(".hint-panel.refused");
    expect(/bots are all busy/.test(await textOf(hira, ".hint-panel.refused")), "bots_busy in words");
    await hira.click("#hint-dismiss");
    await waitUntil(hira, () => !document.querySelector(".hint-panel") && document.activeElement?.id === "hint-ask");
    await hira.unroute("**/api/games/*/hint");
    hira.errors = hira.errors.filter((e) => !/503/.test(e));
    expect(hira.errors.length === 0, `page errors: ${hira.errors.join("; ")}`);

    // On a phone: the same player's game, the hint panel usable at 390 px.
    const phone = await newPlayer("hira-phone", PHONE, PHONE_DEVICE);
    await logIn(phone, "hira");
    await phone.goto(url(`/#/game/${game}`));
    await untilHint(phone);
    await phone.tap("#hint-ask");
    await phone.waitForSelector(".hint-panel #hint-play", { timeout: THINK });
    const fit = await phone.evaluate(() => {
      const w = document.documentElement.clientWidth;
      const boxes = ["#hint-ask", ".hint-panel", "#hint-play", "#hint-dismiss"].map((s) => document.querySelector(s).getBoundingClientRect());
      return { w, scroll: document.documentElement.scrollWidth, inside: boxes.every((b) => b.left >= 0 && b.right <= w + 1),
        tall: boxes.filter((_, i) => i !== 1).every((b) => b.height >= 40) };
    });
    expect(fit.scroll <= fit.w && fit.inside, `the hint panel fits the phone's width (${JSON.stringify(fit)})`);
    expect(fit.tall, "its buttons are big enough for a thumb (40 px or more)");
    await phone.locator("#hint-play").scrollIntoViewIfNeeded();
    expect(await phone.locator("#hint-play").isVisible(), "Play it is on screen");
    await shot(phone, "hint-phone");
    await phone.tap("#hint-dismiss");
    await waitUntil(phone, () => !document.querySelector(".hint-panel"));
    expect(phone.errors.length === 0, `phone page errors: ${phone.errors.join("; ")}`);
    await phone.context().close();
    await hira.context().close();
  }],

  ["hints between two people: the hint stays through the other's loan (with a note and the focus), goes with one's own move", async () => {
    await newAccount("hugo");
    await newAccount("hedy");
    const [tHugo, tHedy] = [await apiLogIn("hugo"), await apiLogIn("hedy")];
    const g = await api(tHugo, "POST", "/api/games", { players: 2 });
    expect(g.status === 201, `an unrated game between people (${g.status} ${JSON.stringify(g.body)})`);
    expect((await api(tHedy, "POST", `/api/games/${g.body.id}/join`, {})).status === 200, "hedy joined");
    const pages = [];
    for (const n of ["hugo", "hedy"]) {
      const p = await newPlayer(n);
      await logIn(p, n);
      await p.goto(url(`/#/game/${g.body.id}`));
      await p.waitForSelector(".status");
      pages.push(p);
    }
    // Both play quickly to round 1's Action phase.
    await Promise.all(pages.map((p) => playFast(p, { round: 1, phase: "action" })));
    let asker = null;
    for (let i = 0; i < 200 && !asker; i++) {
      for (const p of pages) if ((await viewOf(p))?.toAct && (await p.locator("#hint-ask").count())) asker = p;
      if (!asker) await pages[0].waitForTimeout(100);
    }
    expect(asker, "someone has something to decide in the Action phase");
    const other = pages.find((p) => p !== asker);
    checkNumbers(await askHint(asker));
    const at = await viewOf(asker);
    // The other takes a loan (any time): the asker's hint stays, told it is older, focus kept.
    const loan = await other.evaluate(() => window.loyang.socket.command({ type: "take_loan" }));
    expect(loan.ok, `${other.label} took a loan: ${JSON.stringify(loan)}`);
    await waitUntil(asker, (v) => window.loyang.view().game.version > v, at.version);
    await asker.waitForSelector(".hint-older");
    expect(new RegExp(`before ${other.label} moved`).test(await textOf(asker, ".hint-older")), "the note names who moved");
    expect((await asker.evaluate(() => document.activeElement?.id)) === "hint-play", "the focus stayed on Play it");
    // The asker does something else (a loan too): the hint goes, the focus goes to a live control.
    const before = await viewOf(asker);
    await asker.evaluate(() => window.loyang.socket.command({ type: "take_loan" }));
    await waitUntil(asker, (v) => window.loyang.view().game.version > v, before.version);
    await waitUntil(asker, () => !document.querySelector(".hint-panel"));
    const focus = await asker.evaluate(() => document.activeElement && document.activeElement !== document.body);
    expect(focus, "the focus went to a control still on the page");
    for (const p of pages) expect(p.errors.length === 0, `${p.label}'s page errors: ${p.errors.join("; ")}`);
    for (const p of pages) await p.context().close();
  }],

  ["hints: a rated game and the daily challenge show no Hint button (and the server refuses)", async () => {
    await newAccount("hamo");
    await newAccount("henk");
    const [tHamo, tHenk] = [await apiLogIn("hamo"), await apiLogIn("henk")];
    const g = await api(tHamo, "POST", "/api/games", { players: 2, rated: true });
    expect(g.status === 201, `a rated game (${g.status} ${JSON.stringify(g.body)})`);
    expect((await api(tHenk, "POST", `/api/games/${g.body.id}/join`, {})).status === 200, "henk joined");
    const s = (await api(tHamo, "GET", `/api/games/${g.body.id}`)).body;
    expect(s.rated === true && s.status === "active", `rated and started: ${JSON.stringify(s)}`);
    const first = s.to_act.map((seat) => s.seats[seat].player)[0];
    const p = await newPlayer(first);
    await logIn(p, first);
    await p.goto(url(`/#/game/${g.body.id}`));
    await p.waitForSelector(".status.your-turn .who, .status.your-turn", { timeout: 10000 });
    await p.waitForSelector(".actions .action");
    await p.waitForTimeout(500); // the summary (rated) is read after the first view
    expect((await p.locator("#hint-ask, .hint-out").count()) === 0, "no Hint button in a rated game");
    const r = await api(first === "hamo" ? tHamo : tHenk, "POST", `/api/games/${g.body.id}/hint`);
    expect(r.status === 403 && r.body?.error?.code === "hints_not_offered", `the server refuses: ${r.status} ${JSON.stringify(r.body)}`);
    // The daily challenge: a solo game, but no hints either.
    const d = await api(tHamo, "POST", "/api/daily");
    expect(d.status === 201, `today's game (${d.status})`);
    const daily = d.body.id ?? d.body.game;
    const hamo = first === "hamo" ? p : await newPlayer("hamo");
    if (hamo !== p) await logIn(hamo, "hamo");
    await hamo.goto(url(`/#/game/${daily}`));
    await hamo.waitForSelector(".actions .action", { timeout: 10000 });
    await hamo.waitForTimeout(500);
    expect((await hamo.locator("#hint-ask, .hint-out").count()) === 0, "no Hint button in the daily challenge");
    const rd = await api(tHamo, "POST", `/api/games/${daily}/hint`);
    expect(rd.status === 403 && rd.body?.error?.code === "hints_not_offered", `the server refuses: ${rd.status} ${JSON.stringify(rd.body)}`);
    for (const x of new Set([p, hamo])) {
      expect(x.errors.length === 0, `${x.label}'s page errors: ${x.errors.join("; ")}`);
      await x.context().close();
    }
  }],

  ["analysis: a finished solo game's replay asks for it, shows progress, then marks (or none); a mark moves the replay", async () => {
    const hazel = await player("hazel");
    const token = await apiLogIn("hazel");
    const g = await api(token, "POST", "/api/games", { players: 1 });
    expect(g.status === 201, `a solo game (${g.status})`);
    await hazel.goto(url(`/#/game/${g.body.id}`));
    await hazel.waitForSelector(".status");
    // Solo practice offers hints too, in levels.
    await untilHint(hazel);
    checkNumbers(await askHint(hazel), true);
    expect((await playFast(hazel, {}, { timeout: 300000 })) !== "more", "the solo game was played");
    await hazel.waitForSelector(".ranking", { timeout: 10000 });
    // The replay: nothing asked yet, so the button (after GET's 404 no_analysis).
    await hazel.click("#replay-link");
    await hazel.waitForSelector("#analysis-ask", { timeout: 10000 });
    expect(/Analyse the game/.test(await textOf(hazel, "#analysis-ask")), "the button says what it does");
    await checkA11y(hazel, "the replay with the analysis button");
    let polls = 0;
    hazel.on("request", (r) => { if (r.method() === "GET" && /\/analysis$/.test(r.url())) polls++; });
    await hazel.click("#analysis-ask");
    // The first answer may not know the count yet ("Starting…"); the polls then tell it.
    await waitUntil(hazel, () => /^\d+ of \d+ decisions$/.test(document.querySelector(".analysis-progress-text")?.textContent || "") ||
      !!document.querySelector(".analysis-seats"), null, { timeout: 30000 });
    const progress = await textOf(hazel, ".analysis-progress-text");
    if (progress) {
      expect(/^\d+ of \d+ decisions$/.test(progress), `the progress in words: "${progress}"`);
      log(`  progress: ${progress}`);
      await shot(hazel, "analysis-progress");
      // Leaving the page stops the polling.
      await hazel.goto(url("/#/"));
      await hazel.waitForSelector("#create-game");
      const n = polls;
      await hazel.waitForTimeout(2500);
      expect(polls === n, `no polling after leaving the replay (${polls - n} more)`);
      // Back: the analysis exists, so it is shown without asking.
      await hazel.goto(url(`/#/replay/${g.body.id}`));
      await waitUntil(hazel, () => !!document.querySelector("#analysis-progress, .analysis-seats"), null, { timeout: 20000 });
      expect((await hazel.locator("#analysis-ask").count()) === 0, "an analysis under way is shown without asking");
    } else log("  the analysis was done before its progress could be seen");
    await hazel.waitForSelector(".analysis-seats li", { timeout: 300000 });
    const seats = await textOf(hazel, ".analysis-seats");
    expect(/hazel.*: (no mistakes found|\d+ mistakes? \(\?\), \d+ blunders? \(\?\?\)) in \d+ decisions?/.test(seats), `the seat's summary: "${seats}"`);
    const r = (await api(token, "GET", `/api/games/${g.body.id}/analysis`)).body;
    expect(r.status === "done", `the server says done: ${JSON.stringify(r).slice(0, 300)}`);
    const marks = await hazel.locator(".analysis-mark").count();
    expect(marks === (r.moves || []).length, `a button per marked move (${marks} of ${(r.moves || []).length})`);
    if (marks) {
      // The first button: the first blunder, or the first mistake when there is none.
      const first = Number(await hazel.getAttribute(".analysis-mark >> nth=0", "data-version"));
      const m = r.moves.find((x) => x.version === first);
      await hazel.click(".analysis-mark >> nth=0");
      await waitUntil(hazel, (v) => document.querySelector("#replay-version").textContent.startsWith(`Version ${v} `), m.version - 1);
      const detail = await textOf(hazel, "#analysis-detail");
      // In words (issue 36): no "level 6.5 vs 3.4".
      expect(/The bot preferred: .+ \(in its trial games it ended about \d+ levels? higher\)/.test(detail), `what the bot preferred: "${detail}"`);
      expect((await hazel.evaluate(() => document.activeElement?.classList.contains("analysis-mark"))), "the focus stays on the mark");
      // The move list (the replay's log) marks the move with ? or ?? once it is shown.
      await hazel.click("#replay-last");
      await waitUntil(hazel, () => /^Version (\d+) of \1$/.test(document.querySelector("#replay-version").textContent));
      const inLog = await hazel.locator(".log-entry .move-mark").count();
      expect(inLog === marks, `the log marks the moves (${inLog} of ${marks})`);
      // A click on a marked entry goes to it, and says what the bot preferred.
      await hazel.click(`.log-entry[data-version="${m.version}"]`);
      await waitUntil(hazel, (v) => document.querySelector("#replay-version").textContent.startsWith(`Version ${v} `), m.version);
      expect(/The bot preferred/.test(await textOf(hazel, "#analysis-detail")), "the detail at the move's version too");
    } else {
      expect(/No move was marked/.test(await textOf(hazel, "#analysis")), "no marks, said so");
    }
    log(`  analysis: ${seats.replace(/\s+/g, " ")}; ${marks} marked`);
    await checkA11y(hazel, "the replay with the analysis");
    await shot(hazel, "analysis-done");
    // Reloaded: shown at once from GET.
    await hazel.reload();
    await hazel.waitForSelector(".analysis-seats li", { timeout: 10000 });
    expect((await hazel.locator("#analysis-ask").count()) === 0, "a finished analysis is shown without asking");
    // Expected: GET's 404 no_analysis before it was asked for.
    hazel.errors = withoutNoAnalysis(hazel.errors);
    expect(hazel.errors.length === 0, `page errors: ${hazel.errors.join("; ")}`);
    await hazel.context().close();

    // On a phone: the analysis fits 390 px, and a mark is reached with a tap.
    const phone = await newPlayer("hazel-phone", PHONE, PHONE_DEVICE);
    await logIn(phone, "hazel");
    await phone.goto(url(`/#/replay/${g.body.id}`));
    await phone.waitForSelector(".analysis-seats li", { timeout: 10000 });
    const wide = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(wide <= 0, `the analysis fits the phone's width (${wide} px too wide)`);
    if (marks) {
      const m0 = Number(await phone.getAttribute(".analysis-mark >> nth=0", "data-version"));
      await phone.tap(".analysis-mark >> nth=0");
      await waitUntil(phone, (v) => document.querySelector("#replay-version").textContent.startsWith(`Version ${v} `), m0 - 1);
    }
    await shot(phone, "analysis-phone");
    expect(phone.errors.length === 0, `phone page errors: ${phone.errors.join("; ")}`);
    await phone.context().close();
  }],

  ["analysis: a game against a bot is weighed for the person's seat only, in wins and Path spaces", async () => {
    const hans = await player("hans");
    const token = await apiLogIn("hans");
    const g = await api(token, "POST", "/api/games", { players: 2, bots: 1 });
    expect(g.status === 201, `a game against a bot (${g.status})`);
    await hans.goto(url(`/#/game/${g.body.id}`));
    await hans.waitForSelector(".status");
    expect((await playFast(hans, {}, { timeout: 300000 })) !== "more", "the game was played");
    await hans.goto(url(`/#/replay/${g.body.id}`));
    await hans.click("#analysis-ask", { timeout: 10000 });
    await hans.waitForSelector(".analysis-seats li", { timeout: 600000 });
    const r = (await api(token, "GET", `/api/games/${g.body.id}/analysis`)).body;
    expect(r.status === "done" && (r.seats || []).every((s) => s.seat === 0), `only hans's seat: ${JSON.stringify(r.seats)}`);
    expect((await hans.locator(".analysis-seats li").count()) === 1 && /^hans/.test(await textOf(hans, ".analysis-seats li")),
      "one summary, hans's");
    if ((r.moves || []).length) {
      const first = Number(await hans.getAttribute(".analysis-mark >> nth=0", "data-version"));
      await hans.click(".analysis-mark >> nth=0");
      await waitUntil(hans, (v) => document.querySelector("#replay-version").textContent.startsWith(`Version ${v} `), first - 1);
      const detail = await textOf(hans, "#analysis-detail");
      expect(/The bot preferred: .+ \(in its trial games it did (clearly better: worth about \d+ in 100 more chances to win|a little better)\)/.test(detail),
        `how much better, in words: "${detail}"`);
    }
    expect(/a win counts 1, a Path space 0\.02/.test(await textOf(hans, ".analysis-note")), "the note says what the values mean");
    log(`  ${(await textOf(hans, ".analysis-seats")).replace(/\s+/g, " ")}; ${(r.moves || []).length} marked of ${r.total}`);
    hans.errors = withoutNoAnalysis(hans.errors);
    expect(hans.errors.length === 0, `page errors: ${hans.errors.join("; ")}`);
    await hans.context().close();
  }],
];
