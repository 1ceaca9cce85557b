// Issue 41 in the browser: the notification settings' new events (a vote, an opponent's news, a
// nudge) and the hold while playing, saved and read back after a reload; the lobby's filters
// narrowing the open games (kept by the browser); and the table's Nudge button, shown once an
// opponent has thought an hour (a fresh game has none). At a phone's width too.
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
];
