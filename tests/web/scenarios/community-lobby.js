// The lobby's community parts (issue 23): friends added by name, their games first, a game
// with a friend in one click and the friend declining it; the create form's rating options
// (rated only between people, a lowest rating that keeps a newcomer out, with the reason
// shown); the games to watch with their spectators; all of it on a phone without sideways
// scrolling and without serious accessibility violations.
import path from "node:path";
import { checkA11y, expect, lobbyPlayer, shots, url, waitUntil } from "../harness.js";

const textOf = (page, sel) => page.evaluate((s) => document.querySelector(s)?.textContent || "", sel);
const token = (page) => page.evaluate(() => JSON.parse(localStorage.getItem("loyang.session")).token);

async function api(page, method, p, body) {
  const r = await fetch(url(p), {
    method, headers: { "Content-Type": "application/json", Authorization: `Bearer ${await token(page)}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, body: await r.json() };
}

const player = lobbyPlayer;

export default [
  ["lobby friends: added by name, their open game first, one-click invitation, declined", async () => {
    const fia = await player("fia");
    const gil = await player("gil");
    // A name nobody has is refused with a reason; gil's name (any case) is added.
    await fia.fill("#friend-name", "nobody-here");
    await fia.click("#friend-add");
    await waitUntil(fia, () => /Nobody is called nobody-here/.test(document.querySelector("#friends-msg")?.textContent || ""), null);
    await fia.fill("#friend-name", "GIL");
    await fia.click("#friend-add");
    await fia.waitForSelector('#friends [data-friend="gil"]');
    expect((await fia.getAttribute('#friends [data-friend="gil"] a', "href")) === "#/player/gil", "the friend links his profile");
    // Gil opens a game: fia's lobby shows it among her friends' games, by itself (live lists).
    const open = await api(gil, "POST", "/api/games", { players: 3 });
    expect(open.status === 201, `gil's game was created (${open.status})`);
    await fia.waitForSelector(`#friends-games [data-game="${open.body.id}"] button`, { timeout: 8000 });
    expect(/A friend waits/.test(await textOf(fia, `#friends-games [data-game="${open.body.id}"]`)), "said to be a friend's game");
    await waitUntil(fia, () => !/Loading/.test(document.querySelector("#open-games")?.textContent || ""), null);
    expect((await fia.locator(`#open-games [data-game="${open.body.id}"]`).count()) === 0, "and not listed again among the open games");
    await checkA11y(fia, "the lobby with friends");
    await fia.screenshot({ path: path.join(shots, "lobby-friends.png"), fullPage: true });
    // One click: a private 2-player game inviting gil, who sees the invitation and declines it.
    await fia.click('#friends [data-friend="gil"] button:has-text("Invite to a game")');
    await fia.waitForURL(/#\/game\/\d+$/);
    const game = Number(/#\/game\/(\d+)$/.exec(fia.url())[1]);
    const summary = await api(fia, "GET", `/api/games/${game}`);
    expect(summary.body.invited?.[0] === "gil" && summary.body.options.players === 2, `a 2-player game inviting gil: ${JSON.stringify(summary.body.invited)}`);
    const row = `#invitations [data-game="${game}"]`;
    await gil.waitForSelector(row, { timeout: 8000 });
    await gil.click(`${row} button[aria-label="decline game ${game}"]`);
    await waitUntil(gil, (s) => !document.querySelector(s), row);
    const after = await api(fia, "GET", `/api/games/${game}`);
    expect(after.body.status === "cancelled" && after.body.declined?.[0] === "gil", `declined and cancelled: ${after.body.status}`);
    // Removing him empties the list.
    await fia.goto(url("/#/"));
    await fia.click('#friends [data-friend="gil"] button:has-text("Remove")');
    await waitUntil(fia, () => !document.querySelector('#friends [data-friend="gil"]'), null);
    fia.errors = fia.errors.filter((e) => !/404/.test(e));  // the name nobody has
    for (const p of [fia, gil]) {
      expect(p.errors.length === 0, `${p.label}'s page errors: ${p.errors.join("; ")}`);
      await p.context().close();
    }
  }],

  ["lobby rating options: rated only between people, a lowest rating keeps a newcomer out with the reason", async () => {
    const hue = await player("hue");
    const ida = await player("ida");
    // Bots or the solo game: the rated box cannot be ticked, and the line says why.
    await hue.selectOption("#new-players", "2");
    await hue.fill("#new-bots", "1");
    expect(await hue.isDisabled("#new-rated"), "a game with a bot cannot be rated");
    expect(/no bots/.test(await textOf(hue, "#new-rated-hint")), "and the reason is shown");
    await hue.selectOption("#new-players", "1");
    expect(await hue.isDisabled("#new-rated") && await hue.isDisabled("#new-min-rating"), "nor a solo game, which has nobody to limit");
    await hue.selectOption("#new-players", "2");
    await hue.fill("#new-bots", "0");
    await hue.check("#new-rated");
    await hue.fill("#new-min-rating", "12.5");
    expect(await hue.isDisabled("#create-game") && /whole number/.test(await textOf(hue, "#create-why")), "a malformed rating is not sent");
    await hue.fill("#new-min-rating", "1600");
    await hue.selectOption("#new-chat", "everyone");
    await hue.click("#create-game");
    await hue.waitForURL(/#\/game\/\d+$/);
    const game = Number(/#\/game\/(\d+)$/.exec(hue.url())[1]);
    const s = await api(hue, "GET", `/api/games/${game}`);
    expect(s.body.rated === true && s.body.min_rating === 1600 && s.body.chat === "everyone", `the options reached the server: ${JSON.stringify(s.body)}`);
    // Ida (1500, no rated game yet) sees what it asks, and her join is refused with the reason.
    const row = `#open-games [data-game="${game}"]`;
    await ida.waitForSelector(row, { timeout: 8000 });
    expect(/rated, rating 1600\+/.test(await textOf(ida, row)), `the row says what it asks: "${await textOf(ida, row)}"`);
    await ida.click(`${row} button`);
    await waitUntil(ida, () => /rated 1600 or more; yours is 1500/.test(document.querySelector("#list-error")?.textContent || ""), null);
    expect(/#\/$|#\/?$/.test(ida.url()) || !/#\/game/.test(ida.url()), "she stays in the lobby");
    ida.errors = ida.errors.filter((e) => !/403/.test(e));  // the refusal itself
    for (const p of [hue, ida]) {
      expect(p.errors.length === 0, `${p.label}'s page errors: ${p.errors.join("; ")}`);
      await p.context().close();
    }
  }],

  ["lobby games to watch: a running public game with its spectators, a profile's invitation prefilled, on a phone", async () => {
    const jas = await player("jas");
    const kip = await player("kip");
    const lux = await player("lux", { width: 390, height: 844 });
    const made = await api(jas, "POST", "/api/games", { players: 2 });
    const game = made.body.id;
    expect((await api(kip, "POST", `/api/games/${game}/join`, {})).status === 200, "kip joins");
    // Lux watches it in a second tab; her lobby lists it among the games to watch, counting her.
    const tab = await lux.context().newPage();
    await tab.goto(url(`/#/game/${game}`));
    await tab.waitForSelector(".status", { timeout: 8000 });
    // The server counts her a moment after her subscribe: wait for that, then read the lobby once.
    let counted = null;
    for (let i = 0; i < 100 && counted !== 1; i++) {
      counted = (await api(lux, "GET", "/api/games/live")).body.games.find((g) => g.id === game)?.spectators;
      if (counted !== 1) await lux.waitForTimeout(100);
    }
    expect(counted === 1, `the server counts one spectator (${counted})`);
    await lux.goto(url("/#/"));
    const row = `#live-games [data-game="${game}"]`;
    await lux.waitForSelector(`${row} a`, { timeout: 8000 });
    expect(/1 watching/.test(await textOf(lux, row)), `the row counts the spectator: "${await textOf(lux, row)}"`);
    await tab.close();
    const wide = await lux.evaluate(() => document.documentElement.scrollWidth);
    expect(wide <= 390, `the lobby at 390 px is ${wide} px wide`);
    await lux.screenshot({ path: path.join(shots, "lobby-community-390.png"), fullPage: true });
    await lux.click(`${row} a`);
    await lux.waitForURL(new RegExp(`#/game/${game}$`));
    // A profile's "Invite to a game" opens the form with the name filled in.
    await lux.goto(url("/#/new?invite=jas"));
    await lux.waitForSelector("#new-invite");
    expect((await lux.inputValue("#new-invite")) === "jas", "the invitation is filled in");
    await checkA11y(lux, "the lobby on a phone");
    for (const p of [jas, kip, lux]) {
      expect(p.errors.length === 0, `${p.label}'s page errors: ${p.errors.join("; ")}`);
      await p.context().close();
    }
  }],
];
