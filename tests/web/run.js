// End-to-end tests of the browser client in Debian's chromium (harness.js starts the server
// and the browsers).
//   node run.js --server PATH/loyang-server --web PATH/web [--shots DIR] [--only REGEX]
// Scenarios here: two players sign up, create and join a 2-player game and play setup and a
// full round by clicking; one player plays a whole game against a bot to the final ranking; the
// connection survives a server restart. scenarios/*.js hold the table's and lobby's own
// scenarios. Every page must load under the server's Content-Security-Policy and report no
// violation of it.
import path from "node:path";
import fs from "node:fs";
import {
  ACTION_PREFS, CLOSE_PREFS, act, clickAction, createGame, expect, log, myTurn, newPlayer, phaseText, replayAt, roundNumber,
  run, shots, signUp, startServer, stopServer, tableText, url, waitUntil, withoutNoAnalysis,
} from "./harness.js";

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
  await page.goto(url(`/#/game/${game}`));
  await page.waitForSelector(".ranking");
}


let duo = null; // ann and bob's game, shared by the scenarios that follow its first round

const core = [
  ["two players: sign up, create, join, setup and a full round by clicking", async () => {
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
        // A click selects the field; the selection panel offers the crops with their price.
        await home.click();
        await p.locator(".selection .choice").first().click();
        if (await p.locator("dialog.confirm[open]").count()) await p.locator("dialog.confirm[open] .choice").click();
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
  }],

  ["the log tells each move with its consequences, by round and phase, and stays where it is read", async () => {
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
    await clickAction(ann, '.actions [data-cmd-type="take_loan"]');
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
    await clickAction(bob, '.actions [data-cmd-type="take_loan"]');
    await waitUntil(ann, (n) => document.querySelectorAll(".log-entry").length > n, n1);
    sc = await scroll();
    expect(sc.top === 0, `the list stayed where ann reads (scrollTop ${sc.top})`);
    expect(/^1 new entry/.test(await ann.textContent(".log-new")) && (await ann.isVisible(".log-new")), "ann is told of 1 new entry");
    await ann.click(".log-new");
    sc = await scroll();
    expect(sc.top + sc.client >= sc.height - 12, "the button shows the newest entry");
    expect(!(await ann.isVisible(".log-new")), "and goes away");
    await ann.screenshot({ path: path.join(shots, "game-log.png"), fullPage: true });
  }],

  ["coming back: a digest of what bob did meanwhile, highlighted on the board", async () => {
    const { ann, bob, game } = duo;
    // ann leaves the game page and comes back with nothing new: no digest.
    const away = async () => {
      await ann.click("a.back");
      await ann.waitForSelector(`#my-games [data-game="${game}"]`);
      await ann.waitForTimeout(1000); // the server notices that ann's connection stopped watching
    };
    await away();
    await ann.goto(url(`/#/game/${game}`));
    await ann.waitForSelector(".status");
    expect((await ann.locator(".digest").count()) === 0, "no digest when nothing happened since");
    // ann leaves again; bob takes a loan; ann comes back.
    await ann.click("a.back");
    await ann.waitForSelector(`#my-games [data-game="${game}"]`);
    await ann.waitForTimeout(1000); // the server notices that ann's connection stopped watching
    const bobSeat = await bob.evaluate(() => Number(document.querySelector(".board.mine").dataset.seat));
    const n0 = await bob.locator(".log-entry").count();
    await clickAction(bob, '.actions [data-cmd-type="take_loan"]');
    await waitUntil(bob, (n) => document.querySelectorAll(".log-entry").length > n, n0);
    await ann.goto(url(`/#/game/${game}`));
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
  }],

  ["a running game's player steps back through his own view only", async () => {
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
  }],

  ["one player against a bot to the final ranking; a dropped connection resumes", async () => {
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
    // Questions only before what costs something and cannot be taken back (issue 36: at most
    // 5 % of the moves).
    log(`  ${cid.questions || 0} questions in ${cid.moves} moves`);
    expect((cid.questions || 0) <= 0.05 * cid.moves, `at most 5 % of the moves asked first (${cid.questions} of ${cid.moves})`);
    // The result in one headline, in its colour, and the analysis linked.
    const rank = await cid.evaluate(() => window.loyang.view().game.ranking.find((r) => r.player === window.loyang.view().seat).rank);
    const headline = await cid.textContent("#result-headline");
    expect(headline === (rank === 1 ? "You won" : "You came 2nd of 2"), `the headline for rank ${rank}: "${headline}"`);
    expect(await cid.$eval("#result-headline", (e, good) => e.classList.contains(good ? "good" : "bad"), rank === 1), "coloured as won or lost");
    expect((await cid.getAttribute("#analysis-link", "href")) === `#/replay/${game}?analysis=1`, "the analysis is linked");
    await cid.screenshot({ path: path.join(shots, "game-finished.png"), fullPage: true });
    await replayFinished(cid, game);
    // The lobby lists the finished game under "my games".
    await cid.click("a.back");
    await cid.waitForSelector(`#my-games [data-game="${game}"]`);
    expect(/finished/.test(await cid.textContent(`#my-games [data-game="${game}"]`)), "the lobby shows it finished");
    // A server restart: the client reconnects by itself. With persistent storage the game is
    // still there; a server that keeps nothing (memory storage) asks the player to log in again.
    await cid.goto(url(`/#/game/${game}`));
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
    cid.errors = withoutNoAnalysis(cid.errors).filter((e) => !/401|Unauthorized|ERR_CONNECTION_REFUSED/.test(e));
    expect(cid.errors.length === 0, `page errors: ${cid.errors.join("; ")}`);
    await cid.context().close();
  }],

  ["the Content-Security-Policy is enforced, and a violation is seen", async () => {
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
  }],

  ["live lists, the waiting count in the title and icon, clocks, settings and resigning", async () => {
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
    // The icon is drawn by the page (a data: URL: no request) with the count in its badge.
    const icon = await waiting.getAttribute("link[rel=icon]", "href");
    expect(icon.startsWith("data:image/svg+xml,") && decodeURIComponent(icon).includes(">1</text>"), "the icon counts the waiting game");
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
    await fay.goto(url(`/#/game/${game}`));
    await fay.waitForSelector(".table-bar #resign");
    await gus.goto(url(`/#/game/${game}`));
    await gus.waitForSelector(".table-bar #resign");
    // The page's own dialog asks (not the browser's confirm()); Cancel keeps playing.
    let native = false;
    gus.on("dialog", (d) => { native = true; d.dismiss(); });
    await gus.click(".table-bar #resign");
    await gus.waitForSelector("dialog.resign[open]", { timeout: 3000 });
    expect(!native, "no browser confirm() was shown");
    expect(/you lose/.test(await gus.textContent("dialog.resign[open]")), "the dialog says what resigning means");
    await gus.click("#resign-cancel");
    expect((await gus.locator("dialog.resign[open]").count()) === 0, "Cancel closed it");
    await gus.click(".table-bar #resign");
    await gus.click("dialog.resign[open] #resign-yes");
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
  }],

  ["a solo game shows the Offer and the imaginary opponent", async () => {
    const dee = await newPlayer("dee");
    await signUp(dee, "dee");
    await createGame(dee, { players: 1 });
    await dee.waitForSelector(".status", { timeout: 8000 });
    // The Offer is on the table while it is bought from (folded away at other times).
    for (let i = 0; i < 40 && !(await dee.locator(".offer").isVisible()); i++) await act(dee);
    await dee.waitForSelector(".offer");
    await dee.waitForSelector(".opponent");
    await dee.screenshot({ path: path.join(shots, "game-solo.png"), fullPage: true });
    expect(dee.errors.length === 0, `page errors: ${dee.errors.join("; ")}`);
    await dee.context().close();
  }],
];

// Each scenarios/*.js module exports its scenarios as [name, fn] pairs.
const dir = path.join(path.dirname(new URL(import.meta.url).pathname), "scenarios");
const more = [];
for (const f of fs.existsSync(dir) ? fs.readdirSync(dir).filter((x) => x.endsWith(".js")).sort() : []) {
  more.push(...(await import(path.join(dir, f))).default);
}
await run([...core, ...more]);
