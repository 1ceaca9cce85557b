// The lobby's and the help page's own scenarios (issue 22, points 8 and 9): the rules and help
// page, the create-game form's explanations and the combinations it does not offer,
// invitations as the invited player and the host see them, a network error that goes away
// when the server is back, accessibility (axe-core, harness.js checkA11y) and narrow screens.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  args, checkA11y, expect, lobbyPlayer, log, newPlayer, shots, startServer, stopServer, url, waitUntil,
} from "../harness.js";

// The card data the client itself uses (web/js/cards.js is a plain module without the DOM), in
// English as the page shows it here (the catalog the browser loads, web/i18n/en.json).
const webDir = path.resolve(args.web || "../../web");
const i18n = await import(pathToFileURL(path.join(webDir, "js/i18n.js")).href);
i18n.setMessages("en", JSON.parse(fs.readFileSync(path.join(webDir, "i18n/en.json"), "utf8")));
const cards = await import(pathToFileURL(path.resolve(args.web || "../../web", "js/cards.js")).href);
// Where the game page's "How?" link sends each step (web/js/describe.js).
const { STEP_HELP, STEP_NAMES } = await import(pathToFileURL(path.resolve(args.web || "../../web", "js/describe.js")).href);

const textOf = (page, sel) => page.evaluate((s) => document.querySelector(s)?.textContent || "", sel);
const token = (page) => page.evaluate(() => JSON.parse(localStorage.getItem("loyang.session")).token);

// POST /api/games from node (not the page: a refusal is expected, and the page would log it).
async function tryCreate(page, body) {
  const r = await fetch(url("/api/games"), {
    method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${await token(page)}` },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json() };
}

const player = lobbyPlayer;

export default [
  ["help page: reachable logged out from the header, every Helper's full text and every card's data", async () => {
    const p = await newPlayer("reader");
    await p.waitForSelector("#login-name");
    expect((await p.locator('form.login a[href="#/help"]').count()) === 1, "the login page links the help page");
    await checkA11y(p, "the login page");
    await p.click("header.site #help-link");
    await p.waitForSelector(".help-page");
    expect(/#\/help$/.test(p.url()), `the header link opens #/help (${p.url()})`);
    // Contents: a link to each section, each section there.
    const toc = await p.locator(".help-toc a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    for (const id of ["overview", "scoring", "rulesets", "introductory", "partners", "solo", "helpers", "cards", "options"]) {
      expect(toc.includes(`#/help/${id}`), `the contents link ${id} (${toc.join(" ")})`);
      expect((await p.locator(`#help-${id}`).count()) === 1, `a section ${id}`);
    }
    const body = await textOf(p, ".help-body");
    // How a game goes, and the scoring.
    expect(/9 rounds/.test(body) && /Harvest phase/.test(body) && /Card phase/.test(body) && /Action phase/.test(body),
      "the help tells the rounds and phases");
    expect(/Path of Prosperity/.test(body) && /back one space on the Path for each loan/.test(body) &&
      /more Cash left decides; if that is equal too, more vegetables/.test(body), "the scoring: loans, then Cash, then vegetables");
    // The rulesets, the Introductory version, partners, the solo game's Offer and rating.
    const rulesets = await textOf(p, "#help-rulesets");
    expect(/Foreman/.test(rulesets) && /31/.test(rulesets) && /Yucata/.test(rulesets), "what Yucata changes");
    expect(/START/.test(await textOf(p, "#help-introductory")), "the Introductory version's START customers");
    const partners = await textOf(p, "#help-partners");
    expect(/Starting player chooses his partner/.test(partners) && /Trader/.test(partners), "who chooses a partner, and what it means for Helpers");
    const solo = await textOf(p, "#help-solo");
    expect(/row 1: free/.test(solo) && /row 2: 1 Cash/.test(solo) && /rows 3 and 4: 2 Cash/.test(solo) && /imaginary opponent/.test(solo),
      "the solo game's Offer and opponent");
    const rating = await p.locator("#help-solo tbody tr").evaluateAll((rs) => rs.map((r) => r.textContent));
    expect(rating.includes("17good") && rating.includes("18very good") && rating.includes("19 or moremaster"), `the solo rating: ${rating}`);
    // Every Helper with its full text and card id.
    const helpers = await textOf(p, "#help-helpers");
    for (const id of cards.CARD_IDS.helper) {
      const c = cards.card(id);
      expect(c.full && c.full.length > 60, `cards.js has a full text for ${id}`);
      expect(helpers.includes(c.full), `the help page shows ${id}'s full text`);
      expect(helpers.includes(id), `the help page names the card ${id}`);
    }
    expect((await p.locator(".helper-entry").count()) === 20, "20 kinds of Helper");
    // Every step the game waits for has a place in the help, which the game page's "How?" opens.
    for (const step of Object.keys(STEP_NAMES).filter((st) => st !== "finished")) {
      expect(STEP_HELP[step] && (await p.locator(`#help-${STEP_HELP[step]}`).count()) === 1,
        `the help explains the step ${step} (#help-${STEP_HELP[step]})`);
    }
    // Every action card's row with its data.
    for (const kind of ["market_stall", "regular", "casual", "field"]) {
      for (const id of cards.CARD_IDS[kind]) {
        const row = await textOf(p, `#help-cards tr[data-card="${id}"]`);
        const c = cards.card(id);
        const want = kind === "regular" ? c.pays.map((n) => `${n} Cash`)
          : kind === "casual" ? [`${c.pays} Cash`, ...c.wants.map((v) => cards.VEG_NAMES[v])]
            : kind === "market_stall" ? c.goods.map(([v, n]) => `${cards.VEG_NAMES[v]} for ${n}`)
              : [String(c.size), ...c.allows.map((v) => cards.VEG_NAMES[v])];
        for (const w of want) expect(row.includes(w), `the row of ${id} shows "${w}": "${row}"`);
      }
    }
    // A contents link goes to its section.
    await p.click('.help-toc a[href="#/help/solo"]');
    await p.waitForURL(/#\/help\/solo$/);
    await waitUntil(p, () => {
      const r = document.querySelector("#help-solo").getBoundingClientRect();
      return r.top >= -2 && r.top < window.innerHeight / 2;
    });
    await checkA11y(p, "the help page");
    await p.setViewportSize({ width: 390, height: 844 });
    await checkA11y(p, "the help page on a phone");
    expect(p.errors.length === 0, `page errors: ${p.errors.join("; ")}`);
    await p.context().close();
  }],

  ["lobby accessibility: axe-core finds a deliberately broken page, and none in the lobby", async () => {
    const p = await player("ada");
    await checkA11y(p, "the lobby");
    // The check can fail: an image without a text and a nameless button are reported.
    await p.evaluate(() => {
      const img = document.createElement("img");
      img.src = "/favicon.svg";
      img.id = "broken-img";
      const b = document.createElement("button");
      b.id = "broken-button";
      document.querySelector(".lobby").append(img, b);
    });
    let report = "";
    try {
      await checkA11y(p, "the lobby, broken on purpose");
    } catch (e) {
      report = e.message;
    }
    expect(/image-alt/.test(report) && /button-name/.test(report) && /#broken-img/.test(report),
      `axe reported the broken elements: ${report || "nothing"}`);
    await p.evaluate(() => { document.querySelector("#broken-img").remove(); document.querySelector("#broken-button").remove(); });
    await checkA11y(p, "the lobby, repaired");
    await p.context().close();
  }],

  ["lobby form: each option explained, combinations the server refuses not offered", async () => {
    const p = await player("lou");
    // Each option says what it does, with a link to the help page.
    for (const id of ["new-players", "new-ruleset", "new-intro", "new-bots", "new-invite", "new-watch", "new-pace", "new-timeout"]) {
      const hint = await p.getAttribute(`#${id}`, "aria-describedby");
      expect(hint, `#${id} is described`);
      const text = await textOf(p, `#${hint}`);
      expect(text.length > 25, `#${id}'s explanation: "${text}"`);
      expect((await p.locator(`#${hint} a[href^="#/help/"]`).count()) === 1, `#${id}'s explanation links the help page`);
    }
    const disabled = (sel) => p.$eval(sel, (e) => e.disabled);
    // The solo game: no Introductory version, no bots, nobody to invite.
    await p.check("#new-intro");
    await p.selectOption("#new-players", "1");
    expect(await disabled("#new-intro") && !(await p.isChecked("#new-intro")), "solo: the Introductory version is not offered");
    expect(/solo/.test(await textOf(p, "#new-intro-hint")), "and the reason is shown");
    expect(await disabled("#new-bots") && (await p.inputValue("#new-bots")) === "0", "solo: no bot seats");
    expect(await disabled("#new-invite"), "solo: no invitations");
    expect((await tryCreate(p, { players: 1, introductory: true })).status === 400, "the server refuses a solo Introductory game");
    // Bots leave a seat for a person.
    await p.selectOption("#new-players", "3");
    expect(!(await disabled("#new-intro")) && !(await disabled("#new-bots")), "3 players: both offered again");
    await p.fill("#new-bots", "3");
    expect((await p.inputValue("#new-bots")) === "2" && (await p.getAttribute("#new-bots", "max")) === "2",
      `3 players take at most 2 bots (${await p.inputValue("#new-bots")})`);
    expect((await tryCreate(p, { players: 3, bots: 3 })).status === 400, "the server refuses 3 bots for 3 players");
    await p.fill("#new-bots", "0");
    // What happens when time runs out: only with a clock; "the game ends" only for 2 players.
    expect(await disabled("#new-timeout"), "no clock: nothing to choose for running out of time");
    await p.selectOption("#new-pace", "86400");
    expect(!(await disabled("#new-timeout")), "with a clock it is offered");
    expect(await disabled('#new-timeout option[value="end"]'), "3 players: the game cannot end on a timeout");
    expect(/only for 2 players/.test(await textOf(p, "#new-timeout-hint")), "and the reason is shown");
    expect((await tryCreate(p, { players: 3, time_control: { type: "per_move", seconds: 86400, on_timeout: "end" } })).status === 400,
      "the server refuses it");
    await p.selectOption("#new-players", "2");
    expect(!(await disabled('#new-timeout option[value="end"]')), "2 players: it is offered");
    await p.selectOption("#new-timeout", "end");
    await p.selectOption("#new-players", "4");
    expect((await p.inputValue("#new-timeout")) === "bot", "switching to 4 players drops it");
    // Invitations: a private game must invite enough players for its free seats.
    await p.fill("#new-invite", "amy");
    expect(await disabled("#create-game"), "4 seats, 1 invitation: the game could never fill");
    expect(/invite 3 players for the 3 free seats/.test(await textOf(p, "#create-why")), `the reason: "${await textOf(p, "#create-why")}"`);
    await p.fill("#new-bots", "2");
    expect(!(await disabled("#create-game")), "2 bots: 1 free seat, 1 invitation");
    await p.fill("#new-invite", "Lou");
    expect(await disabled("#create-game") && /own game/.test(await textOf(p, "#create-why")), "inviting yourself");
    await p.fill("#new-invite", "a1a, b2b, c3c, d4d");
    expect(await disabled("#create-game") && /at most 3/.test(await textOf(p, "#create-why")), "more than 3 names");
    expect((await tryCreate(p, { players: 4, invite: ["a1a", "b2b", "c3c", "d4d"] })).status === 400, "the server refuses 4 names");
    await p.fill("#new-invite", "");
    expect(!(await disabled("#create-game")), "no invitation: fine");
    await checkA11y(p, "the lobby's form");
    // A combination the form offers is created: 2 players, a clock, "the game ends".
    await p.selectOption("#new-players", "2");
    await p.fill("#new-bots", "0");
    await p.selectOption("#new-timeout", "end");
    await p.click("#create-game");
    await p.waitForURL(/#\/game\/\d+$/);
    await p.waitForSelector(".waiting");
    expect(p.errors.length === 0, `page errors: ${p.errors.join("; ")}`);
    await p.context().close();
  }],

  ["invitations: the invited players see hal's invitation, hal sees \"ivy (invited)\"", async () => {
    const hal = await player("hal");
    const ivy = await player("ivy");
    const jon = await player("jon");
    const kit = await player("kit");
    await hal.selectOption("#new-players", "3");
    await hal.fill("#new-invite", "Ivy, jon");
    await hal.click("#create-game");
    await hal.waitForURL(/#\/game\/\d+$/);
    const game = Number(/#\/game\/(\d+)$/.exec(hal.url())[1]);
    await hal.waitForSelector(".waiting");
    const seats = await hal.locator(".waiting li").allTextContents();
    expect(seats.join("|") === "Seat 1: hal|Seat 2: ivy (invited)|Seat 3: jon (invited)", `hal's waiting page: ${seats.join(" | ")}`);
    // Ivy's lobby shows the invitation apart from the open games.
    const row = `#invitations [data-game="${game}"]`;
    await ivy.waitForSelector(row, { timeout: 8000 });
    expect(/hal invites you/.test(await textOf(ivy, row)), `the invitation names its host: "${await textOf(ivy, row)}"`);
    expect((await ivy.locator(`#open-games [data-game="${game}"]`).count()) === 0, "not among the open games");
    // Kit, not invited, does not see it, even after his lobby has loaded its lists again.
    await kit.reload();
    await kit.waitForSelector("#open-games .game-row, #open-games p.quiet:not(:empty)");
    await waitUntil(kit, () => !/Loading/.test(document.querySelector("#open-games")?.textContent || ""), null);
    expect((await kit.locator(`[data-game="${game}"]`).count()) === 0, "kit, not invited, does not see it");
    await checkA11y(ivy, "the lobby with an invitation");
    await ivy.screenshot({ path: path.join(shots, "lobby-invitation.png"), fullPage: true });
    // Hal's lobby row names the invited players on their seats.
    await hal.click("a.back");
    await hal.waitForSelector(`#my-games [data-game="${game}"]`);
    const mine = await textOf(hal, `#my-games [data-game="${game}"]`);
    expect(/hal, ivy \(invited\), jon \(invited\)/.test(mine), `hal's lobby row: "${mine}"`);
    // Ivy accepts: her seat is hers, jon's still waits for him.
    await ivy.click(`${row} button`);
    await ivy.waitForSelector(".waiting");
    await waitUntil(hal, (g) => /hal, ivy, jon \(invited\)/.test(document.querySelector(`#my-games [data-game="${g}"]`)?.textContent || ""),
      game, { timeout: 8000 });
    await waitUntil(jon, (g) => !!document.querySelector(`#invitations [data-game="${g}"] button`), game, { timeout: 8000 });
    await jon.click(`#invitations [data-game="${game}"] button`);
    await jon.waitForSelector(".status", { timeout: 8000 });
    // Back in the lobby, the invitation he took is gone.
    await jon.click("a.back");
    await jon.waitForSelector(`#my-games [data-game="${game}"]`);
    expect((await jon.locator(`#invitations [data-game="${game}"]`).count()) === 0, "the taken invitation is no longer listed");
    for (const p of [hal, ivy, jon, kit]) {
      expect(p.errors.length === 0, `${p.label}'s page errors: ${p.errors.join("; ")}`);
      await p.context().close();
    }
  }],

  ["lobby: a network error goes away once the server is back", async () => {
    const kim = await player("kim");
    await kim.waitForSelector("#my-games .quiet");
    log("  stopping the server");
    await stopServer();
    await kim.click("#create-game");
    const shown = () => /cannot be reached/.test(document.querySelector("#app").textContent);
    await waitUntil(kim, shown, null, { timeout: 8000 });
    log("  starting it again");
    await startServer();
    // The live connection comes back by itself, the lists are read again, the message goes.
    await waitUntil(kim, () => !/cannot be reached/.test(document.querySelector("#app").textContent), null, { timeout: 20000 });
    // And the lobby works: a game can be created.
    await kim.click("#create-game");
    await kim.waitForURL(/#\/game\/\d+$/);
    kim.errors = kim.errors.filter((e) => !/ERR_CONNECTION_REFUSED|Failed to fetch|WebSocket/.test(e));
    expect(kim.errors.length === 0, `page errors: ${kim.errors.join("; ")}`);
    await kim.context().close();
  }],

  ["lobby and help at 1366x768 and 390x844: screenshots, nothing wider than a phone", async () => {
    const mia = await player("mia");
    for (const [width, height] of [[1366, 768], [390, 844]]) {
      await mia.setViewportSize({ width, height });
      for (const [name, hash, ready] of [["lobby", "#/", "#create-game"], ["help", "#/help", ".help-page"]]) {
        await mia.goto(url(`/${hash}`));
        await mia.waitForSelector(ready);
        await mia.waitForTimeout(200);
        await mia.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
        const wide = await mia.evaluate(() => document.documentElement.scrollWidth);
        expect(wide <= width, `the ${name} page at ${width} px is ${wide} px wide`);
      }
    }
    // The login page on a phone too.
    await mia.click("#logout");
    await mia.waitForSelector("#login-name");
    const wide = await mia.evaluate(() => document.documentElement.scrollWidth);
    expect(wide <= 390, `the login page at 390 px is ${wide} px wide`);
    await mia.screenshot({ path: path.join(shots, "login-390.png"), fullPage: true });
    expect(mia.errors.length === 0, `page errors: ${mia.errors.join("; ")}`);
    await mia.context().close();
  }],
];
