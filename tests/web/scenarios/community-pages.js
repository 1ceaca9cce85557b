// The community pages (issue 23, the browser's side): a player's profile with his rating
// history, relations and a report; the leaderboard and its pages; the daily challenge; the
// operators' page (reports, bans, operators made and unmade, cancelling a game, the log).
// Rated games are played out through the HTTP API (create rated, join, resign: 1520 and 1480),
// which is quicker than the table; the pages are then checked in the browser, with axe-core
// and on a phone's width.
import path from "node:path";
import {
  ACTION_PREFS, api, apiLogIn, checkA11y, expect, grantOperator, logIn, newAccount, newPlayer, shots, url, waitUntil,
} from "../harness.js";

const PHONE = { width: 390, height: 844 };
const PHONE_DEVICE = { isMobile: true, hasTouch: true };
const textOf = (page, sel) => page.evaluate((s) => document.querySelector(s)?.textContent || "", sel);
const noSideScroll = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
// A page's text has no "null" or "undefined" where a missing figure should have been.
async function noBlanks(page, label) {
  const t = await textOf(page, "#app");
  expect(!/\bnull\b|\bundefined\b|NaN/.test(t), `${label} shows no null, undefined or NaN: ${t.slice(0, 400)}`);
}

// A rated 2-player game that `winner` wins because `loser` resigns. Answers its id.
async function ratedGame(winner, loser) {
  const [w, l] = [await apiLogIn(winner), await apiLogIn(loser)];
  const g = await api(w, "POST", "/api/games", { players: 2, rated: true });
  expect(g.status === 201, `a rated game was created (${g.status} ${JSON.stringify(g.body)})`);
  const j = await api(l, "POST", `/api/games/${g.body.id}/join`, {});
  expect(j.status === 200, `${loser} joined (${j.status} ${JSON.stringify(j.body)})`);
  const r = await api(l, "POST", `/api/games/${g.body.id}/resign`);
  expect(r.status === 200, `${loser} resigned (${r.status} ${JSON.stringify(r.body)})`);
  return g.body.id;
}

// rhea beat saul in a rated game: set up once, for whichever scenarios run.
let world = null;
async function rheaAndSaul() {
  if (!world) {
    await newAccount("rhea");
    await newAccount("saul");
    world = { game: await ratedGame("rhea", "saul") };
  }
  return world;
}

async function player(name, viewport, device) {
  const page = await newPlayer(name, viewport, device);
  await logIn(page, name);
  return page;
}

// Follows the link `selector`, which must lead to `target`. The click is tried again (at most
// three times) when the address did not change: on a loaded machine a click can land while the
// page still settles (the chart and the tables laid out), and miss. A link that does not lead
// there fails all three.
async function follow(page, selector, target) {
  for (let attempt = 1; ; attempt++) {
    await page.click(selector);
    try {
      await page.waitForURL(target, { timeout: 10000 });
      return;
    } catch (e) {
      if (attempt === 3) throw e;
      // The click did land when the link is gone (the page moved on, more slowly than the
      // wait): wait for the address again rather than click a link that is no longer there.
      if ((await page.locator(selector).count()) === 0) {
        await page.waitForURL(target, { timeout: 30000 });
        return;
      }
    }
  }
}

async function open(page, hash, selector) {
  await page.goto(url(`/${hash}`));
  await page.waitForSelector(selector, { timeout: 10000 });
}

export default [
  ["community profile: rating and its chart, recent games, relations that survive a reload, a report, no such player", async () => {
    const { game } = await rheaAndSaul();
    const rhea = await player("rhea");
    // The header links to the community pages; no operators' link for a player.
    expect(await rhea.isVisible("#leaderboard-link") && await rhea.isVisible("#daily-link"), "the header links the leaderboard and the daily challenge");
    expect((await rhea.getAttribute("#profile-link", "href")) === "#/player/rhea", "My profile links to one's own profile");
    await rhea.click("#profile-link");
    await rhea.waitForSelector("#profile-rating .rating-value");
    expect((await textOf(rhea, "#profile-rating .rating-value")) === "1520", `rhea's rating is 1520 (${await textOf(rhea, "#profile-rating")})`);
    expect(/provisional/.test(await textOf(rhea, "#profile-rating")), "a first rating is provisional");
    expect((await rhea.getAttribute("#profile-link", "aria-current")) === "page", "the header marks My profile");
    // The rating history: a line from 1500 to 1520, a summary, the table.
    expect((await rhea.locator("svg.rating-chart polyline").count()) === 1, "a line chart of the rating");
    expect((await rhea.locator("svg.rating-chart circle").count()) === 2, "two points: before and after the game");
    expect(/From 1500 to 1520 over 1 rated game/.test(await textOf(rhea, "#rating-chart-summary")), "the chart's summary in words");
    expect(/1500.*1520.*\+20/.test(await textOf(rhea, "#rating-table tbody")), "the history table: before, after, change");
    // The recent game with its replay, the figures, no relation buttons on one's own page.
    expect((await rhea.getAttribute(`#recent-games tr[data-game="${game}"] a`, "href")) === `#/replay/${game}`, "the recent game links its replay");
    expect(/1st of 2, rated/.test(await textOf(rhea, `#recent-games tr[data-game="${game}"]`)), "the recent game's rank");
    expect(/finishes 100% of games/.test(await textOf(rhea, "#reputation")), "rhea finishes her games");
    expect(/2 players, Yucata rules/.test(await textOf(rhea, "#by-kind")), "games by kind");
    expect((await rhea.locator("#friend-toggle").count()) === 0, "no friend button on one's own profile");
    // The replay adds its version and viewer to the address once it shows them.
    await follow(rhea, `#recent-games tr[data-game="${game}"] a`, new RegExp(`#/replay/${game}(\\?|$)`));
    await rhea.waitForSelector("#replay-version");

    // Saul's profile as rhea sees it: his record, and what she can do about him.
    await open(rhea, "#/player/SAUL", "#friend-toggle");
    expect((await textOf(rhea, "#profile-name")) === "saul", "a name in any case finds the profile, named as registered");
    expect(/1480/.test(await textOf(rhea, "#profile-rating")), "saul's rating is 1480");
    expect(/finishes 0% of games \(0 of 1; 0 timed out, 1 resigned\)/.test(await textOf(rhea, "#reputation")), `saul's reputation: ${await textOf(rhea, "#reputation")}`);
    expect((await rhea.getAttribute("#invite-link", "href")) === "#/new?invite=saul", "an invitation link");
    await rhea.click("#friend-toggle");
    await waitUntil(rhea, () => document.querySelector("#friend-toggle").textContent === "Remove friend");
    await rhea.click("#block-toggle");
    await waitUntil(rhea, () => document.querySelector("#block-toggle").textContent === "Unblock");
    await rhea.click("#mute-toggle");
    await waitUntil(rhea, () => document.querySelector("#mute-toggle").textContent === "Unmute");
    await rhea.click("#mute-toggle");
    await waitUntil(rhea, () => document.querySelector("#mute-toggle").textContent === "Mute");
    await rhea.reload();
    await rhea.waitForSelector("#friend-toggle");
    expect((await textOf(rhea, "#friend-toggle")) === "Remove friend" && (await textOf(rhea, "#block-toggle")) === "Unblock" &&
      (await textOf(rhea, "#mute-toggle")) === "Mute", "the relations survive a reload");
    const rel = await api(await apiLogIn("rhea"), "GET", "/api/account/relations");
    expect(rel.body.friends.includes("saul") && rel.body.blocked.includes("saul") && !rel.body.muted.includes("saul"),
      `the server keeps them: ${JSON.stringify(rel.body)}`);
    await rhea.click("#block-toggle");
    await waitUntil(rhea, () => document.querySelector("#block-toggle").textContent === "Block");
    // A report, with its reason.
    await rhea.click("#report-open");
    await rhea.waitForSelector("dialog.report-dialog[open] #report-reason");
    await checkA11y(rhea, "the report dialog");
    await rhea.click("#report-send");
    expect(/Say what happened/.test(await textOf(rhea, "#report-error")), "an empty reason is not sent");
    await rhea.fill("#report-reason", "stalls every game <script>x</script>");
    await rhea.click("#report-send");
    await waitUntil(rhea, () => /operators will look/.test(document.querySelector("#relation-note")?.textContent || ""));
    expect((await rhea.locator("dialog.report-dialog").count()) === 0, "the dialog closes");
    await checkA11y(rhea, "a profile");
    await noBlanks(rhea, "saul's profile");
    await rhea.screenshot({ path: path.join(shots, "profile-desk.png"), fullPage: true });
    // A name nobody has.
    await open(rhea, "#/player/nobody-here", "#no-player");
    expect(/There is no player called “nobody-here”/.test(await textOf(rhea, "#no-player")), "no such player, said clearly");
    rhea.errors = rhea.errors.filter((e) => !/404/.test(e));
    expect(rhea.errors.length === 0, `page errors: ${rhea.errors.join("; ")}`);
    await rhea.context().close();

    // On a phone, and logged out: the profile is public, without the buttons; no sideways scroll.
    const phone = await newPlayer("visitor", PHONE, PHONE_DEVICE);
    await open(phone, "#/player/rhea", "#profile-rating .rating-value");
    expect((await phone.locator("#friend-toggle").count()) === 0, "no relation buttons for a visitor");
    expect(await phone.isHidden("#profile-link"), "no My profile link logged out");
    expect(await noSideScroll(phone), "the profile fits a phone's width");
    await checkA11y(phone, "a profile on a phone");
    await noBlanks(phone, "rhea's profile");
    await phone.screenshot({ path: path.join(shots, "profile-phone.png"), fullPage: true });
    await phone.context().close();
  }],

  ["community leaderboard: both in order, one's own row, pages", async () => {
    await rheaAndSaul();
    const saul = await player("saul");
    await saul.click("#leaderboard-link");
    await saul.waitForSelector("#leaderboard tbody tr");
    const names = await saul.locator("#leaderboard tbody tr .player-link").allTextContents();
    expect(names.indexOf("rhea") >= 0 && names.indexOf("rhea") < names.indexOf("saul"), `rhea before saul: ${names}`);
    expect((await saul.locator("#leaderboard tr.mine").count()) === 1 && /saul/.test(await textOf(saul, "#leaderboard tr.mine")),
      "saul's own row is marked");
    expect(/1480/.test(await textOf(saul, "#leaderboard tr.mine")), "with his rating");
    expect((await saul.getAttribute("#leaderboard-link", "aria-current")) === "page", "the header marks the leaderboard");
    await saul.click("#leaderboard tbody tr .player-link >> text=rhea");
    await saul.waitForSelector("#profile-rating .rating-value");
    expect(/#\/player\/rhea$/.test(saul.url()), "a name links its profile");
    // More rated players than a page holds (25).
    const total = (await api(null, "GET", "/api/leaderboard")).body.total;
    const more = Math.max(0, Math.ceil((27 - total) / 2));
    for (let i = 0; i < more; i++) {
      await newAccount(`lbw${i}`);
      await newAccount(`lbl${i}`);
      await ratedGame(`lbw${i}`, `lbl${i}`);
    }
    const board = (await api(null, "GET", "/api/leaderboard")).body;
    expect(board.total > 25, `more than a page of rated players (${board.total})`);
    await open(saul, "#/leaderboard", "#leaderboard tbody tr");
    expect((await saul.locator("#leaderboard tbody tr").count()) === 25, "a page of 25");
    expect(await saul.isDisabled("#leaderboard-prev") && await saul.isEnabled("#leaderboard-next"), "first page: only Next");
    await checkA11y(saul, "the leaderboard");
    await noBlanks(saul, "the leaderboard");
    await saul.screenshot({ path: path.join(shots, "leaderboard-desk.png"), fullPage: true });
    await saul.click("#leaderboard-next");
    await saul.waitForURL(/#\/leaderboard\?offset=25$/);
    await waitUntil(saul, () => document.querySelector("#leaderboard tbody th")?.textContent !== "1" &&
      document.querySelectorAll("#leaderboard tbody tr").length > 0);
    const second = await saul.locator("#leaderboard tbody tr").count();
    expect(second === board.total - 25, `the second page has the rest (${second} of ${board.total})`);
    expect(new RegExp(`Players 26–${board.total} of ${board.total}`).test(await textOf(saul, "#leaderboard caption")), "the caption says which");
    expect(await saul.isDisabled("#leaderboard-next"), "last page: no Next");
    await saul.click("#leaderboard-prev");
    await saul.waitForURL(/#\/leaderboard$/);
    await waitUntil(saul, () => document.querySelectorAll("#leaderboard tbody tr").length === 25);
    expect(saul.errors.length === 0, `page errors: ${saul.errors.join("; ")}`);
    await saul.context().close();

    const phone = await player("rhea", PHONE, PHONE_DEVICE);
    await open(phone, "#/leaderboard", "#leaderboard tr.mine");
    expect(await noSideScroll(phone), "the leaderboard fits a phone's width");
    await phone.screenshot({ path: path.join(shots, "leaderboard-phone.png"), fullPage: true });
    await phone.context().close();
  }],

  ["community daily challenge: the day, play it (a solo game opens), the board hidden until finished, other days", async () => {
    await newAccount("dora");
    const dora = await player("dora");
    await dora.click("#daily-link");
    await dora.waitForSelector("#daily-play");
    const today = new Date().toISOString().slice(0, 10);
    expect((await textOf(dora, ".daily-date")).includes(today), "today's UTC date");
    expect(/same cards/.test(await textOf(dora, ".daily-rules")) && /once/.test(await textOf(dora, ".daily-rules")), "what the challenge is");
    expect((await textOf(dora, "#daily-streak")) === "0 days", "no streak yet");
    expect(/once you have finished today's game/.test(await textOf(dora, "#daily-hidden")), "the board waits for one's own game");
    await checkA11y(dora, "the daily challenge");
    await noBlanks(dora, "the daily challenge");
    await dora.screenshot({ path: path.join(shots, "daily-desk.png"), fullPage: true });
    await dora.click("#daily-play");
    await dora.waitForURL(/#\/game\/\d+$/);
    const game = Number(/#\/game\/(\d+)$/.exec(dora.url())[1]);
    await dora.waitForSelector(".status", { timeout: 10000 });
    const token = await apiLogIn("dora");
    const summary = (await api(token, "GET", `/api/games/${game}`)).body;
    expect(summary.options.players === 1 && summary.daily === today, `a solo game, today's: ${JSON.stringify(summary)}`);
    // Back on the page: the game to continue; a second one is refused by the server.
    await open(dora, "#/daily", "#daily-continue");
    expect((await dora.getAttribute("#daily-continue", "href")) === `#/game/${game}`, "continue today's game");
    expect((await dora.locator("#daily-play").count()) === 0, "no second game");
    const again = await api(token, "POST", "/api/daily");
    expect(again.status === 409 && again.body.error.code === "daily_played", "one game a day");
    expect(/once you have finished/.test(await textOf(dora, "#daily-hidden")), "still no board before the end");
    // An earlier day's board is open to all; a day to come is refused.
    await dora.click(".daily-days a >> nth=0");
    await dora.waitForSelector("#board-title");
    await waitUntil(dora, () => /^Board of /.test(document.querySelector("#board-title").textContent) &&
      !!document.querySelector("#daily-board .empty, #daily-table"));
    expect(/Nobody finished/.test(await textOf(dora, "#daily-board")), "nobody played yesterday's here");
    await open(dora, "#/daily?date=2999-01-01", "#daily-board .error");
    expect(/not come yet/.test(await textOf(dora, "#daily-board .error")), `a future day: ${await textOf(dora, "#daily-board")}`);
    // Played to the end (commands straight through the game page's socket: quicker than
    // clicks), the day's board opens, with her row marked; the streak and best level count it.
    await open(dora, `#/game/${game}`, ".status");
    const moves = await dora.evaluate(async (prefs) => {
      const L = window.loyang;
      for (let i = 0; i < 4000; i++) {
        const v = L.view();
        if (v?.game.phase === "finished") return i;
        const legal = v?.legal || [];
        const cmd = prefs.map((t) => legal.find((c) => c.type === t)).find(Boolean) || legal.find((c) => c.type !== "undo");
        if (cmd) await L.socket.command(cmd);
        else await new Promise((r) => setTimeout(r, 20));
      }
      return -1;
    }, ACTION_PREFS);
    expect(moves > 0, "the daily game was played to the end");
    await open(dora, "#/daily", "#daily-table tr.mine");
    const result = await textOf(dora, "#daily-result");
    expect(/You reached level \d+ \(.+\) with \d+ Cash left: 1st of 1 today/.test(result), `her result: ${result}`);
    expect(/dora/.test(await textOf(dora, "#daily-table tr.mine")) && (await textOf(dora, "#daily-streak")) === "1 day", "her row, her streak");
    await checkA11y(dora, "the daily challenge's board");
    await dora.screenshot({ path: path.join(shots, "daily-board-desk.png"), fullPage: true });
    await open(dora, "#/player/dora", "#best-solo");
    expect(/^\d+ \((no rating|good|very good|master)\), \d+ Cash left/.test(await textOf(dora, "#best-solo")) &&
      /^1 day/.test(await textOf(dora, "#daily-streak")), "the profile shows the best solo level and the streak");
    dora.errors = dora.errors.filter((e) => !/400/.test(e));
    expect(dora.errors.length === 0, `page errors: ${dora.errors.join("; ")}`);
    await dora.context().close();

    await newAccount("dino");
    const phone = await player("dino", PHONE, PHONE_DEVICE);
    await open(phone, "#/daily", "#daily-play");
    expect(await noSideScroll(phone), "the daily page fits a phone's width");
    await phone.screenshot({ path: path.join(shots, "daily-phone.png"), fullPage: true });
    await phone.context().close();
  }],

  ["community moderation: only operators; a report closed, a ban that logs out, a game cancelled, the log", async () => {
    for (const n of ["otto", "ulla", "vic"]) await newAccount(n);
    const ulla = await apiLogIn("ulla");
    const reported = await api(ulla, "POST", "/api/reports", { player: "vic", reason: "calls <b>names</b> in chat" });
    expect(reported.status === 201, `a report (${reported.status})`);
    const open1 = await api(ulla, "POST", "/api/games", { players: 3 });
    expect(open1.status === 201, "an open game to cancel");
    // Not an operator yet: no link, and the page says who may see it.
    const otto = await player("otto");
    expect(await otto.isHidden("#moderation-link"), "no Moderation link for a player");
    await open(otto, "#/moderation", "#not-operator");
    expect(/Only operators/.test(await textOf(otto, "#not-operator")), "the page refuses a player clearly");
    const vic = await player("vic");
    await grantOperator("otto");
    await otto.reload();
    await otto.waitForSelector("#moderation-link:not([hidden])", { timeout: 10000 });
    await otto.click("#moderation-link");
    const item = `#reports-list li[data-report="${reported.body.id}"]`;
    await otto.waitForSelector(item);
    expect(/ulla reported vic/.test(await textOf(otto, `${item} .report-who`)), "reporter and player");
    expect((await textOf(otto, `${item} .report-reason`)) === "calls <b>names</b> in chat", "the reason as text, not markup");
    expect((await otto.locator(`${item} b`).count()) === 0, "no markup from a reason");
    await checkA11y(otto, "the operators' page");
    await otto.screenshot({ path: path.join(shots, "moderation-desk.png"), fullPage: true });
    // Close it with an outcome: it leaves the open ones, and shows among all.
    await otto.fill(`#outcome-${reported.body.id}`, "warned");
    await otto.click(`${item} .close-report`);
    await waitUntil(otto, (s) => !document.querySelector(s), item);
    await otto.check("#reports-closed");
    await otto.waitForSelector(`${item}.closed`);
    expect(/Closed by otto.*: warned/.test(await textOf(otto, `${item} .report-closed`)), "closed, by whom, the outcome");
    // A ban: vic's page loses its session, and logging in says why.
    await otto.fill("#ban-name", "vic");
    await otto.fill("#ban-reason", "abuse");
    await otto.click("#ban-button");
    await waitUntil(otto, () => /vic is banned/.test(document.querySelector("#ban-note")?.textContent || ""));
    await vic.reload();
    await vic.waitForSelector("#login-name", { timeout: 10000 });
    await vic.fill("#login-name", "vic");
    await vic.fill("#login-password", "secret-password");
    await vic.click("#login-button");
    await waitUntil(vic, () => /banned: abuse/.test(document.querySelector("form.login .error")?.textContent || ""));
    // Cancel the open game.
    await otto.fill("#cancel-game", String(open1.body.id));
    await otto.fill("#cancel-reason", "test game");
    await otto.click("#cancel-button");
    await waitUntil(otto, () => /is cancelled/.test(document.querySelector("#cancel-note")?.textContent || ""));
    expect((await api(ulla, "GET", `/api/games/${open1.body.id}`)).body.status === "cancelled", "the game is cancelled");
    // The log lists every action, newest first. The page reads it again after the cancel note
    // shows, and earlier scenarios' actions already fill four rows: wait for the cancel's row.
    await waitUntil(otto, () => document.querySelectorAll("#mod-log-table tbody tr").length >= 4 &&
      document.querySelector("#mod-log-table tbody tr")?.dataset.action === "cancel_game");
    const actions = await otto.locator("#mod-log-table tbody tr").evaluateAll((rs) => rs.map((r) => r.dataset.action));
    expect(["cancel_game", "ban", "close_report", "grant_operator"].every((a) => actions.includes(a)) && actions[0] === "cancel_game",
      `the log: ${actions}`);
    expect((await otto.getAttribute("#moderation-link", "aria-current")) === "page", "the header marks the page");
    // Another operator, made on the page while the server runs: ulla's header links here at
    // once; then the right is taken back, and both are logged.
    const ullaPage = await player("ulla");
    expect(await ullaPage.isHidden("#moderation-link"), "no Moderation link for ulla yet");
    await otto.fill("#operator-name", "ulla");
    await otto.fill("#operator-reason", "weekend shifts");
    await otto.click("#grant-operator");
    await waitUntil(otto, () => /ulla is an operator now/.test(document.querySelector("#operator-note")?.textContent || ""));
    await ullaPage.reload();
    await ullaPage.waitForSelector("#moderation-link:not([hidden])", { timeout: 10000 });
    await otto.click("#revoke-operator");
    await waitUntil(otto, () => /ulla is no longer an operator/.test(document.querySelector("#operator-note")?.textContent || ""));
    await ullaPage.reload();
    await ullaPage.waitForSelector("#moderation-link[hidden]", { state: "attached", timeout: 10000 });
    await ullaPage.context().close();
    await otto.fill("#operator-name", "otto");
    await otto.click("#revoke-operator");
    await waitUntil(otto, () => /own/.test(document.querySelector("#operator-note")?.textContent || ""));
    await waitUntil(otto, () => document.querySelector("#mod-log-table tbody tr")?.dataset.action === "revoke_operator");
    const later = await otto.locator("#mod-log-table tbody tr").evaluateAll((rs) => rs.map((r) => r.dataset.action));
    expect(later[0] === "revoke_operator" && later[1] === "grant_operator" && later[2] === "cancel_game", `the log: ${later}`);
    await checkA11y(otto, "the operators' page after the actions");
    await noBlanks(otto, "the operators' page");
    await otto.screenshot({ path: path.join(shots, "moderation-desk-after.png"), fullPage: true });
    // Expected: the refusals before the grant, and reconnects refused while the server restarted,
    // and the refusal of otto's own right (400).
    otto.errors = otto.errors.filter((e) => !/403|400|ERR_CONNECTION_REFUSED/.test(e));
    expect(otto.errors.length === 0, `page errors: ${otto.errors.join("; ")}`);
    await otto.context().close();
    await vic.context().close();

    const phone = await player("otto", PHONE, PHONE_DEVICE);
    await open(phone, "#/moderation", "#reports-list");
    expect(await noSideScroll(phone), "the operators' page fits a phone's width");
    await checkA11y(phone, "the operators' page on a phone");
    await phone.screenshot({ path: path.join(shots, "moderation-phone.png"), fullPage: true });
    await phone.context().close();
  }],
];
