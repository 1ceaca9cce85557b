// Issue 41 in the browser: the notification settings' new events (a vote, an opponent's news, a
// nudge) and the hold while playing, saved and read back after a reload; the lobby's filters
// narrowing the open games (kept by the browser); and the table's Nudge button, shown once an
// opponent has thought an hour (a fresh game has none); the web app manifest and the service
// worker showing a pushed turn (Web Push). At a phone's width too.
import { api, apiLogIn, checkA11y, expect, lobbyPlayer, newAccount, url, waitUntil } from "../harness.js";

const PHONE = { width: 390, height: 844 };
const noSideScroll = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const ids = (page, sel) => page.evaluate((s) => [...document.querySelectorAll(`${s} [data-game]`)].map((e) => Number(e.dataset.game)), sel);

export default [
  ["notification settings: a vote, opponents' news and nudges chosen per channel; the hold while playing; kept", async () => {
    const nia = await lobbyPlayer("nia");
    await nia.goto(url("/#/settings"));
    await nia.waitForSelector("#notify-save");
    // Every event has a box per channel, on by default; the hold is 10 minutes.
    for (const e of ["turn", "reminder", "start", "end", "invite", "chat", "vote", "opponent", "nudge", "message"]) {
      for (const prefix of ["email", "hook"]) {
        expect(await nia.isChecked(`#${prefix}-${e}`), `${prefix}-${e} is on for a new account`);
      }
    }
    expect(await nia.inputValue("#notify-hold") === "10", "turns wait 10 minutes after a move by default");
    // Mail only for turns, votes and nudges; no hold.
    for (const e of ["reminder", "start", "end", "invite", "chat", "opponent", "message"]) await nia.uncheck(`#email-${e}`);
    await nia.selectOption("#notify-hold", "0");
    await nia.click("#notify-save");
    await waitUntil(nia, () => /Saved/.test(document.querySelector(".settings .note")?.textContent || ""), null);
    const saved = await api(await apiLogIn("nia"), "GET", "/api/account/notifications");
    expect(JSON.stringify(saved.body.email_events) === JSON.stringify(["turn", "vote", "nudge"]),
      `the server keeps the choice: ${JSON.stringify(saved.body.email_events)}`);
    expect(saved.body.hold_minutes === 0, `no hold: ${saved.body.hold_minutes}`);
    await nia.reload();
    await nia.waitForSelector("#notify-save");
    expect(await nia.isChecked("#email-vote") && await nia.isChecked("#email-nudge") && !(await nia.isChecked("#email-opponent")),
      "read back after a reload");
    expect(await nia.inputValue("#notify-hold") === "0", "the hold read back");
    await checkA11y(nia, "the settings with the new events");
    await nia.setViewportSize(PHONE);
    expect(await noSideScroll(nia), "the settings fit a phone");
    await nia.context().close();
  }],

  ["lobby filters: the open games narrowed by players, time limit, rules and ratings; kept by the browser", async () => {
    await newAccount("filter_ola");
    const host = await apiLogIn("filter_ola");
    const made = {};
    for (const [name, body] of [["two", { players: 2 }], ["four", { players: 4, ruleset: "original" }],
      ["clock", { players: 3, time_control: { type: "per_move", seconds: 86400 } }]]) {
      const g = await api(host, "POST", "/api/games", body);
      expect(g.status === 201, `${name} was created (${g.status})`);
      made[name] = g.body.id;
    }
    const pia = await lobbyPlayer("filter_pia");
    const open = () => ids(pia, "#open-games");
    await waitUntil(pia, (g) => !!document.querySelector(`#open-games [data-game="${g}"]`), made.clock);
    await pia.selectOption("#filter-players", "4");
    await waitUntil(pia, (g) => !document.querySelector(`#open-games [data-game="${g}"]`), made.two);
    let shown = await open();
    expect(shown.includes(made.four) && !shown.includes(made.clock), `4 players: ${shown}`);
    await pia.selectOption("#filter-players", "");
    await pia.selectOption("#filter-time", "per_move");
    await waitUntil(pia, (g) => !document.querySelector(`#open-games [data-game="${g}"]`), made.four);
    shown = await open();
    expect(shown.includes(made.clock) && !shown.includes(made.two), `a time per move: ${shown}`);
    // Kept by the browser: a reload shows the same filter and list.
    await pia.reload();
    await waitUntil(pia, (g) => !!document.querySelector(`#open-games [data-game="${g}"]`), made.clock);
    expect(await pia.inputValue("#filter-time") === "per_move", "the filter is kept");
    expect(!(await open()).includes(made.two), "and still applies");
    // Ratings from 1600: nobody seated has one (everyone starts at 1500).
    await pia.selectOption("#filter-time", "");
    // Back to every open game first: "two" was already hidden by the time filter, so its going
    // would not show that the rating filter applied.
    await waitUntil(pia, (g) => !!document.querySelector(`#open-games [data-game="${g}"]`), made.two);
    await pia.fill("#filter-rating-min", "1600");
    await pia.press("#filter-rating-min", "Tab");
    await waitUntil(pia, (g) => !document.querySelector(`#open-games [data-game="${g}"]`), made.two);
    shown = await open();
    expect(!shown.includes(made.four) && !shown.includes(made.clock), `filter_ola is not rated 1600: ${shown}`);
    await checkA11y(pia, "the lobby with its filters");
    await pia.fill("#filter-rating-min", "");
    await pia.press("#filter-rating-min", "Tab");
    await waitUntil(pia, (g) => !!document.querySelector(`#open-games [data-game="${g}"]`), made.two);
    await pia.setViewportSize(PHONE);
    expect(await noSideScroll(pia), "the filters fit a phone");
    await pia.context().close();
  }],
  ["web push: the page can be installed; its service worker shows a pushed turn, a later one of the game replacing it; push events chosen per channel", async () => {
    const pia = await lobbyPlayer("push_pia");
    const origin = url("/").replace(/\/$/, "");
    await pia.context().grantPermissions(["notifications"], { origin });
    // The manifest the browser installs the page from.
    const manifest = await pia.evaluate(async () => {
      const r = await fetch(document.querySelector("link[rel=manifest]").href);
      return { type: r.headers.get("content-type"), body: await r.json() };
    });
    expect(manifest.type.startsWith("application/manifest+json") && manifest.body.start_url === "/" &&
      manifest.body.display === "standalone" && manifest.body.icons.length > 0, `the manifest: ${JSON.stringify(manifest)}`);
    // The settings: push events chosen like the other channels', all on for a new account.
    await pia.goto(url("/#/settings"));
    await pia.waitForSelector("#notify-save");
    for (const e of ["turn", "vote", "message"]) expect(await pia.isChecked(`#push-${e}`), `push-${e} is on`);
    expect(await pia.isVisible("#pref-push"), "the device's switch is shown");
    // The service worker, given a push as the browser hands it one after decrypting it.
    const cdp = await pia.context().newCDPSession(pia);
    let registration = null;
    cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => {
      for (const r of e.registrations) if (r.scopeURL === `${origin}/` && !r.isDeleted) registration = r.registrationId;
    });
    await cdp.send("ServiceWorker.enable");
    await pia.evaluate(async () => {
      await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      const reg = await navigator.serviceWorker.ready;
      // Activated, not just activating: a push is handed to an active worker only.
      for (let i = 0; i < 200 && reg.active.state !== "activated"; ++i) await new Promise((r) => setTimeout(r, 50));
    });
    for (let i = 0; i < 100 && !registration; ++i) await new Promise((r) => setTimeout(r, 50));
    expect(registration, "the service worker is registered");
    const shown = () => pia.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag })));
    const push = (body) => cdp.send("ServiceWorker.deliverPushMessage", {
      origin, registrationId: registration,
      data: JSON.stringify({ title: "At the Gates of Loyang", body, url: `${origin}/#/game/7`, tag: "game-7", event: "turn" }),
    });
    // Pushed again every 2 s until shown (a busy machine), for at most 20 s.
    let list = [];
    for (let i = 0; i < 400 && list.length === 0; ++i) {
      if (i % 40 === 0) await push("Your turn in game 7.");
      list = await shown();
      if (!list.length) await new Promise((r) => setTimeout(r, 50));
    }
    expect(list.length === 1 && list[0].body === "Your turn in game 7." && list[0].tag === "game-7" &&
      list[0].title === "At the Gates of Loyang", `the notification shown: ${JSON.stringify(list)}`);
    await push("Your turn again in game 7.");
    for (let i = 0; i < 400 && list[0]?.body !== "Your turn again in game 7."; ++i) {
      await new Promise((r) => setTimeout(r, 50));
      list = await shown();
    }
    expect(list.length === 1 && list[0].body === "Your turn again in game 7.", `the later turn replaces it: ${JSON.stringify(list)}`);
    await pia.context().close();
  }],
];
