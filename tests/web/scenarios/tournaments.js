// Tournaments in the browser (web/js/tournaments.js): a player creates a Swiss tournament through
// the form from the lobby's link and lands on its page as its only entrant; a second player joins
// from the list; the creator's page, never reloaded, shows the tournament start, its game with a
// link, and once the other resigns the tournament finished, the standings (the winner first with
// 1 point, the resigner with 0 and a forfeit) and the crosstable. Refusals: joining a full
// tournament shows the server's refusal in French, a player who did not create it has no Cancel
// button, its creator cancels it and both pages show it cancelled. A finished round robin, the
// list and the form on a 390 px phone in French: no sideways scroll, no serious accessibility
// violation, no English word. Every account here is named tour_*.
import fs from "node:fs";
import path from "node:path";
import {
  api, apiLogIn, args, checkA11y, expect, lobbyPlayer, logIn, newAccount, newPlayer, shots, url, waitUntil,
} from "../harness.js";
import { look } from "./languages.js";

const PHONE = { width: 390, height: 844 };
const PHONE_DEVICE = { isMobile: true, hasTouch: true };
const WIDE = { width: 1366, height: 768 };
const textOf = (page, sel) => page.evaluate((s) => document.querySelector(s)?.textContent || "", sel);
const statusOf = (page) => page.evaluate(() => document.querySelector("#tournament-status")?.dataset.status || "");
const noSideScroll = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const catalog = (code) => JSON.parse(fs.readFileSync(path.join(path.resolve(args.web || "../../web"), "i18n", `${code}.json`), "utf8"));
const DAY = { type: "per_move", seconds: 86400, on_timeout: "bot" };
// The rows of the standings: [player, points, the row's text].
const standings = (page) => page.$$eval("#tournament-standings tbody tr", (rows) =>
  rows.map((r) => [r.dataset.player, r.cells[2].textContent.trim(), r.textContent]));
// The page's errors without the refusals a scenario asked for.
const errorsBut = (page, re) => page.errors.filter((e) => !re.test(e));

// A tournament made through the API (what a scenario sets up rather than checks).
async function createApi(token, body) {
  const r = await api(token, "POST", "/api/tournaments", { ruleset: "yucata", rated: false, time_control: DAY, ...body });
  expect(r.status === 201, `the tournament was created (${r.status} ${JSON.stringify(r.body)})`);
  return r.body;
}
async function joinApi(token, id) {
  const r = await api(token, "POST", `/api/tournaments/${id}/join`);
  expect(r.status === 200, `joined tournament ${id} (${r.status} ${JSON.stringify(r.body)})`);
  return r.body;
}

// Plays a tournament of 2-player games to its end through the API: in each round, as soon as a
// game is made, one of its players resigns (the one `loser` picks from its players).
async function resignRounds(id, tokens, loser = (players) => players[1]) {
  const end = Date.now() + 30000;
  for (;;) {
    const r = await api(null, "GET", `/api/tournaments/${id}`);
    expect(r.status === 200, `tournament ${id} read (${r.status})`);
    const tour = r.body;
    if (tour.status === "finished") return tour;
    // "open": the last entry's answer may come before the first round is made.
    expect((tour.status === "running" || tour.status === "open") && Date.now() < end, `tournament ${id} goes on (${tour.status}, round ${tour.round})`);
    const current = tour.rounds_played.find((x) => x.round === tour.round);
    for (const g of current?.games || []) {
      if (g.finished || !g.game) continue;
      const who = loser(g.players);
      const res = await api(tokens[who], "POST", `/api/games/${g.game}/resign`);
      expect(res.status === 200 || res.status === 409, `${who} resigned game ${g.game} (${res.status} ${JSON.stringify(res.body)})`);
    }
    await new Promise((ok) => setTimeout(ok, 150));
  }
}

export default [
  ["tournaments: created through the form, joined from the list, started and finished live on the creator's page", async () => {
    const ann = await lobbyPlayer("tour_ann");
    // The lobby's link (the header keeps its two lines on a phone).
    await ann.click("#tournaments-link");
    await ann.waitForURL(/#\/tournaments$/);
    await ann.waitForSelector("#tournaments-page #tournaments-open :is(.empty, .tour-list)");
    await ann.click("#tournament-create");
    await ann.waitForURL(/#\/tournaments\/new$/);
    await ann.waitForSelector("#tournament-form");
    // The defaults: Swiss, 2 per game, 3 rounds, 8 players, when full, a day per move, a bot, Yucata, unrated.
    const defaults = await ann.evaluate(() => ["#tour-format", "#tour-players", "#tour-rounds", "#tour-max", "#tour-start",
      "#tour-pace", "#tour-timeout", "#tour-ruleset"].map((s) => document.querySelector(s).value).join(" ") +
      ` ${document.querySelector("#tour-rated").checked}`);
    expect(defaults === "swiss 2 3 8  86400 bot yucata false", `the form's defaults: ${defaults}`);
    expect(await ann.isDisabled("#tournament-submit") && /name/i.test(await textOf(ann, "#tournament-why")), "a name is asked for first");
    // A round robin has no rounds to choose; the minimum is only for a set start.
    await ann.selectOption("#tour-format", "round_robin");
    expect(await ann.isDisabled("#tour-rounds") && await ann.isDisabled("#tour-min"), "a round robin's rounds follow from its players");
    await ann.selectOption("#tour-format", "swiss");
    await ann.fill("#tour-name", "Loyang 1");
    await ann.fill("#tour-rounds", "1");
    await ann.fill("#tour-max", "2");
    await ann.selectOption("#tour-timeout", "end");
    await checkA11y(ann, "the tournament form");
    await ann.screenshot({ path: path.join(shots, "tournament-form.png"), fullPage: true });
    await ann.click("#tournament-submit");
    await ann.waitForURL(/#\/tournaments\/\d+$/);
    const id = Number(/#\/tournaments\/(\d+)$/.exec(ann.url())[1]);
    await ann.waitForSelector("#tournament-title");
    expect((await textOf(ann, "#tournament-title")) === "Loyang 1", "the page's title is its name");
    expect((await statusOf(ann)) === "open" && /Taking entries/.test(await textOf(ann, "#tournament-status")), "open for entries");
    const entrants = await ann.$$eval("#tournament-entrants li", (els) => els.map((e) => e.dataset.player));
    expect(entrants.join() === "tour_ann", `the creator is its only entrant: ${entrants}`);
    expect(await ann.isVisible("#tournament-withdraw") && await ann.isVisible("#tournament-cancel") && !(await ann.locator("#tournament-join").count()),
      "its creator may withdraw or cancel, not join again");
    const facts = await textOf(ann, ".tour-head .facts");
    expect(/Swiss/.test(facts) && /1 day per move/.test(facts) && /the game ends/.test(facts) && /Yucata/.test(facts) && /Starts when full \(2 players\)/.test(facts),
      `the facts: ${facts}`);
    const made = (await api(null, "GET", `/api/tournaments/${id}`)).body;
    expect(made.format === "swiss" && made.players === 2 && made.rounds === 1 && made.max_players === 2 && made.starts_at === null &&
      made.time_control.type === "per_move" && made.time_control.seconds === 86400 && made.time_control.on_timeout === "end" && made.rated === false,
    `what the form sent: ${JSON.stringify(made)}`);
    await ann.evaluate(() => { window.stayedOpen = true; }); // a reload would forget it

    // bob joins from the list; the tournament is full and starts.
    const bob = await lobbyPlayer("tour_bob");
    await bob.click("#tournaments-link");
    const join = `#tournaments-open li[data-tournament="${id}"] .tour-join`;
    await bob.waitForSelector(join);
    expect(/1 entrant of 2/.test(await textOf(bob, `#tournaments-open li[data-tournament="${id}"]`)), "the list says how full it is");
    await checkA11y(bob, "the list of tournaments");
    await bob.screenshot({ path: path.join(shots, "tournaments-list.png"), fullPage: true });
    await bob.click(join);
    await bob.waitForURL(new RegExp(`#/tournaments/${id}$`));
    await waitUntil(bob, () => document.querySelector("#tournament-status")?.dataset.status === "running");

    // ann's page follows without a reload: running, round 1, a game of the two with its link.
    await waitUntil(ann, () => document.querySelector("#tournament-status")?.dataset.status === "running", null, { timeout: 10000 });
    await waitUntil(ann, () => !!document.querySelector('#tournament-rounds .tour-game a[href^="#/game/"]'), null, { timeout: 10000 });
    expect(/Running/.test(await textOf(ann, "#tournament-status")) && /Round 1 of 1/.test(await textOf(ann, "#tournament-status")),
      `running, round 1: ${await textOf(ann, "#tournament-status")}`);
    const href = await ann.getAttribute("#tournament-rounds .tour-game a", "href");
    const game = Number(/^#\/game\/(\d+)$/.exec(href)?.[1]);
    expect(game > 0, `the game's link: ${href}`);
    const seated = await ann.$$eval("#tournament-rounds .tour-game .tour-seat", (els) => els.map((e) => e.dataset.player).sort());
    expect(seated.join() === "tour_ann,tour_bob", `the game seats both: ${seated}`);
    expect(await ann.evaluate(() => window.stayedOpen === true), "ann's page was not reloaded");
    expect(!(await ann.locator("#tournament-cancel").count()), "a running tournament is not cancelled");
    await checkA11y(ann, "a running tournament");
    await ann.screenshot({ path: path.join(shots, "tournament-running.png"), fullPage: true });

    // bob resigns: the game ends at once, and with it the tournament.
    const resigned = await api(await apiLogIn("tour_bob"), "POST", `/api/games/${game}/resign`);
    expect(resigned.status === 200, `bob resigned (${resigned.status} ${JSON.stringify(resigned.body)})`);
    await waitUntil(ann, () => document.querySelector("#tournament-status")?.dataset.status === "finished", null, { timeout: 15000 });
    expect(/Finished/.test(await textOf(ann, "#tournament-status")), "said finished");
    await waitUntil(ann, () => document.querySelectorAll("#tournament-standings tbody tr").length === 2);
    const rows = await standings(ann);
    expect(rows[0][0] === "tour_ann" && rows[0][1] === "1", `the winner first with 1 point: ${JSON.stringify(rows)}`);
    expect(rows[1][0] === "tour_bob" && rows[1][1] === "0" && /1 forfeit/.test(rows[1][2]), `the resigner with 0 and a forfeit: ${JSON.stringify(rows)}`);
    expect(!/forfeit/.test(rows[0][2]), "the winner forfeited nothing");
    const heads = await ann.$$eval("#tournament-standings thead th", (els) => els.map((e) => e.textContent));
    expect(heads.includes("Buchholz") && heads.includes("Sonneborn-Berger") && !heads.includes("Head-to-head"), `a Swiss's tie-breaks: ${heads}`);
    // The crosstable: rows and columns in the standings' order, the diagonal marked.
    const cross = await ann.$$eval("#tournament-crosstable tbody tr", (trs) => trs.map((tr) => [tr.dataset.player,
      ...[...tr.querySelectorAll("td")].map((td) => (td.classList.contains("tour-cross-self") ? "x" : td.textContent))]));
    expect(JSON.stringify(cross) === JSON.stringify([["tour_ann", "x", "1"], ["tour_bob", "0", "x"]]), `the crosstable: ${JSON.stringify(cross)}`);
    expect(await ann.evaluate(() => getComputedStyle(document.querySelector("#tournament-crosstable").parentElement).overflowX === "auto"),
      "the crosstable scrolls in its own box");
    // The round's game: its points and the forfeit.
    const result = await textOf(ann, `#tournament-rounds .tour-game[data-game="${game}"]`);
    expect(/tour_ann\s*1/.test(result) && /tour_bob\s*0/.test(result) && /forfeit/.test(result) && /over/.test(result), `the game's result: ${result}`);
    expect(!(await ann.locator("#tournament-withdraw").count()), "nothing to withdraw from once finished");
    expect(await ann.evaluate(() => window.stayedOpen === true), "still the same page");
    await checkA11y(ann, "a finished tournament");
    await ann.screenshot({ path: path.join(shots, "tournament-finished.png"), fullPage: true });
    // The list has it among the finished.
    await bob.goto(url("/#/tournaments"));
    await bob.waitForSelector(`#tournaments-finished li[data-tournament="${id}"]`);
    for (const p of [ann, bob]) expect(p.errors.length === 0, `${p.label}'s page errors: ${p.errors.join("; ")}`);
    await ann.context().close();
    await bob.context().close();
  }],

  ["tournaments: a full one refuses in the player's language, only its creator may cancel it, and it shows cancelled live", async () => {
    for (const n of ["tour_cat", "tour_dan", "tour_eve"]) await newAccount(n);
    const cat = await apiLogIn("tour_cat");
    // Full but not started: it starts at its time.
    const made = await createApi(cat, { name: "Loyang 2", format: "swiss", players: 2, rounds: 1, max_players: 2, min_players: 2,
      starts_at: Math.floor(Date.now() / 1000) + 3600 });
    const id = made.id;
    const full = await joinApi(await apiLogIn("tour_dan"), id);
    expect(full.status === "open" && full.entries === 2, `full and open: ${full.status}, ${full.entries}`);

    // eve, in French, tries to join: the server's refusal, in French.
    const eve = await newPlayer("tour_eve", WIDE, { locale: "fr" });
    await logIn(eve, "tour_eve");
    await eve.waitForSelector("html[lang=fr]");
    await eve.goto(url(`/#/tournaments/${id}`));
    await eve.waitForSelector("#tournament-join");
    expect(!(await eve.locator("#tournament-cancel").count()), "no Cancel button for whoever did not create it");
    expect(/Inscriptions ouvertes/.test(await textOf(eve, "#tournament-status")), "the status in French");
    await look(eve, "fr", "an open tournament", { names: ["tour", "cat", "dan", "eve", "loyang"] });
    await eve.click("#tournament-join");
    await waitUntil(eve, () => (document.querySelector("#tournament-error")?.textContent || "") !== "");
    // The server's words for the refusal come from the catalogs (error.tournament_full): checked
    // at the end, so that a missing message does not hide the rest.
    const refused = await textOf(eve, "#tournament-error");
    const french = catalog("fr")["error.tournament_full"];
    expect((await eve.getAttribute("#tournament-error", "role")) === "alert", "said at once to a screen reader");
    await eve.screenshot({ path: path.join(shots, "tournament-full-fr.png"), fullPage: true });
    const names = await eve.$$eval("#tournament-entrants li", (els) => els.map((e) => e.dataset.player).sort());
    expect(names.join() === "tour_cat,tour_dan" && (await statusOf(eve)) === "open", `nothing changed: ${names}`);

    // cat cancels it from its page; eve's page follows.
    const creator = await newPlayer("tour_cat", WIDE);
    await logIn(creator, "tour_cat");
    await creator.goto(url(`/#/tournaments/${id}`));
    await creator.waitForSelector("#tournament-cancel");
    await creator.click("#tournament-cancel");
    await creator.waitForSelector("dialog.tour-confirm[open] #tournament-confirm-yes");
    await checkA11y(creator, "the cancel dialog");
    await creator.click("#tournament-confirm-yes");
    await waitUntil(creator, () => document.querySelector("#tournament-status")?.dataset.status === "cancelled");
    expect(/Cancelled/.test(await textOf(creator, "#tournament-status")), "said cancelled");
    expect(/cancelled by its creator/.test(await textOf(creator, ".tour-head .facts")), `why: ${await textOf(creator, ".tour-head .facts")}`);
    expect(!(await creator.locator("#tournament-cancel, #tournament-withdraw, #tournament-join").count()), "no button left");
    await waitUntil(eve, () => document.querySelector("#tournament-status")?.dataset.status === "cancelled", null, { timeout: 10000 });
    expect(/Annulé/.test(await textOf(eve, "#tournament-status")) && !(await eve.locator("#tournament-join").count()),
      "eve's page shows it cancelled, without a Join button");
    expect((await api(null, "GET", `/api/tournaments/${id}`)).body.status === "cancelled", "the server has it cancelled");
    await creator.screenshot({ path: path.join(shots, "tournament-cancelled.png"), fullPage: true });
    expect(french !== undefined, `the French catalog has error.tournament_full (the refusal was shown as "${refused}")`);
    expect(refused === french, `the refusal in French: "${refused}" (catalog: "${french}")`);
    const eveErrors = errorsBut(eve, /409/);
    expect(eveErrors.length === 0 && creator.errors.length === 0, `page errors: ${[...eveErrors, ...creator.errors].join("; ")}`);
    await eve.context().close();
    await creator.context().close();
  }],

  ["tournaments: a finished round robin, the list and the form on a 390 px phone in French: no sideways scroll, accessible, no English", async () => {
    const players = ["tour_fay", "tour_gus-long-name-here", "tour_hal"];
    const tokens = {};
    for (const n of players) {
      await newAccount(n);
      tokens[n] = await apiLogIn(n);
    }
    const rr = await createApi(tokens.tour_fay, { name: "Loyang 3", format: "round_robin", players: 2, max_players: 3 });
    await joinApi(tokens["tour_gus-long-name-here"], rr.id);
    await joinApi(tokens.tour_hal, rr.id);
    const done = await resignRounds(rr.id, tokens);
    expect(done.rounds === 3 && done.rounds_played.every((r) => r.byes.length === 1), `3 rounds, a bye in each: ${JSON.stringify(done.rounds_played)}`);
    // One more taking entries, for the list's Join button.
    await createApi(tokens.tour_hal, { name: "Loyang 4", format: "swiss", players: 2, rounds: 2, max_players: 4 });

    const fay = await newPlayer("tour_fay", PHONE, { ...PHONE_DEVICE, locale: "fr" });
    await logIn(fay, "tour_fay");
    await fay.waitForSelector("html[lang=fr]");
    const names = ["tour", "fay", "gus", "long", "name", "here", "hal", "loyang"];
    await fay.waitForSelector("#tournaments-link");
    expect(await noSideScroll(fay), "the lobby with its link fits a phone");
    await fay.click("#tournaments-link");
    await fay.waitForSelector(`#tournaments-finished li[data-tournament="${rr.id}"]`);
    await fay.waitForSelector("#tournaments-open .tour-join");
    expect(await noSideScroll(fay), "the list fits a phone's width");
    await checkA11y(fay, "the list on a phone");
    await look(fay, "fr", "the list of tournaments", { names, shot: "tournaments-list-fr-390.png" });

    await fay.click(`#tournaments-finished li[data-tournament="${rr.id}"] a.tour-name`);
    await fay.waitForURL(new RegExp(`#/tournaments/${rr.id}$`));
    await fay.waitForSelector("#tournament-crosstable");
    expect((await statusOf(fay)) === "finished", "finished");
    const heads = await fay.$$eval("#tournament-standings thead th", (els) => els.map((e) => e.textContent));
    expect(heads.includes("Sonneborn-Berger") && heads.includes("Confrontation directe") && !heads.includes("Buchholz"),
      `a round robin's tie-breaks: ${heads}`);
    const rows = await standings(fay);
    expect(rows.length === 3 && rows.map((r) => r[0]).sort().join() === [...players].sort().join(), `three rows: ${JSON.stringify(rows)}`);
    expect((await fay.locator("#tournament-crosstable tbody tr").count()) === 3 && (await fay.locator("#tournament-crosstable td.tour-cross-self").count()) === 3,
      "a 3 × 3 crosstable with its diagonal marked");
    expect((await fay.locator("#tournament-rounds .tour-round").count()) === 3 && (await fay.locator("#tournament-rounds .tour-byes").count()) === 3,
      "three rounds, each with its bye");
    expect(await noSideScroll(fay), "the tournament's page fits a phone's width (the tables scroll in their boxes)");
    await checkA11y(fay, "a finished round robin on a phone");
    await look(fay, "fr", "a finished round robin", { names, shot: "tournament-fr-390.png" });

    await fay.goto(url("/#/tournaments/new"));
    await fay.waitForSelector("#tournament-form");
    expect(await noSideScroll(fay), "the form fits a phone's width");
    await checkA11y(fay, "the form on a phone");
    await look(fay, "fr", "the tournament form", { names, shot: "tournament-form-fr-390.png" });
    expect(fay.errors.length === 0, `page errors: ${fay.errors.join("; ")}`);
    await fay.context().close();
  }],
];
