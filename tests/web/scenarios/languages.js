// The client in French and in Italian (issue 40, docs/i18n.md): a browser whose language is
// French (Italian) gets the client in it without choosing; a whole game against a bot is played
// in it (the French one on a 1366 px desk, the Italian one on a 390 px phone), and at each look
// the table, the help, the lobby, the settings and the final ranking (at 1366 and at 390 px) and
// the choice dialogs (at the game's width) show no English word and no text overflowing its box.
// The account keeps its language and time zone (Settings), and the header's menu switches.
import fs from "node:fs";
import path from "node:path";
import {
  ACTION_PREFS, CLOSE_PREFS, act, args, createGame, expect, log, myTurn, newPlayer, shots, signUp, url, waitUntil,
  withoutNoAnalysis,
} from "../harness.js";

const web = path.resolve(args.web || "../../web");
const catalog = (code) => JSON.parse(fs.readFileSync(path.join(web, "i18n", `${code}.json`), "utf8"));
const WIDE = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

// The words a French (Italian) page must not show: every word of the English catalog that the
// language's own catalog does not use (proper names such as Loyang and Yucata are in both), and
// English's commonest words, which a string left out of the catalogs would carry.
const COMMON = ["the", "and", "your", "you", "with", "from", "this", "that", "not", "for", "are", "has", "have",
  "will", "turn", "round", "card", "cards", "field", "fields", "shop", "game", "games", "player", "players", "open",
  "play", "new", "back", "next", "wait", "waiting", "loading", "cancel", "close", "show", "hide", "more", "less"];
const words = (s) => (String(s).match(/[\p{L}]{3,}/gu) || []).map((w) => w.toLowerCase());
function englishOnly(code) {
  const own = new Set(Object.values(catalog(code)).flatMap(words));
  const english = new Set([...Object.values(catalog("en")).flatMap(words), ...COMMON]);
  return new Set([...english].filter((w) => !own.has(w)));
}

// What the reader sees of `root` (a selector, default the whole page): its visible text and the
// titles, labels and placeholders of visible elements, each with the element it came from.
const readable = (page, root = "body") => page.evaluate((sel) => {
  const out = [];
  const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  const top = document.querySelector(sel);
  if (!top) return out;
  for (const el of [top, ...top.querySelectorAll("*")]) {
    if (!visible(el) || el.closest("[translate=no]")) continue; // ids and wire names (HTML's own mark)
    for (const n of el.childNodes) {
      if (n.nodeType === 3 && n.textContent.trim()) out.push([n.textContent.trim(), el.tagName.toLowerCase() + (el.className ? `.${String(el.className).split(" ")[0]}` : "")]);
    }
    for (const a of ["title", "aria-label", "placeholder", "alt"]) {
      if (el.getAttribute(a)) out.push([el.getAttribute(a), `${el.tagName.toLowerCase()}[${a}]`]);
    }
  }
  if (sel === "body") out.push([document.title, "title"]);
  return out;
}, root);

// Text wider (or taller) than its box: a box with its own text whose content overflows it, where
// the box neither scrolls nor ends the text with an ellipsis and a title that holds all of it;
// and the page wider than the window. `root`: where to look (the whole page, or an open dialog).
const overflowing = (page, root = "body") => page.evaluate((sel) => {
  const bad = [];
  const W = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > W + 1) {
    // Name the widest boxes that stick out, innermost first.
    const out = [...document.querySelectorAll("body *")].filter((el) => el.getBoundingClientRect().right > W + 1 &&
      !el.closest(".sr, [aria-hidden=true]") && ![...el.children].some((c) => c.getBoundingClientRect().right > W + 1));
    bad.push(`the page is ${document.documentElement.scrollWidth} px wide in ${W}: ${out.slice(0, 4).map((el) =>
      `${el.tagName.toLowerCase()}.${String(el.className).split(" ")[0]} "${el.textContent.trim().slice(0, 30)}" ends at ${Math.round(el.getBoundingClientRect().right)}`).join("; ")}`);
  }
  for (const el of document.querySelectorAll(`${sel} *`)) {
    if (!(el.offsetWidth || el.offsetHeight) || el.closest("svg, select, dialog:not([open]), .sr")) continue;
    if (el.clientWidth <= 2 || el.clientHeight <= 2) continue; // read aloud only (clipped to 1 px)
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const cs = getComputedStyle(el);
    if (cs.display === "inline" || cs.display === "contents") continue;
    if (/auto|scroll/.test(cs.overflowX + cs.overflowY)) continue;
    if (cs.textOverflow === "ellipsis" && el.title) continue;
    const wide = el.scrollWidth > el.clientWidth + 1;
    const tall = cs.overflowY !== "visible" && el.scrollHeight > el.clientHeight + 1;
    if (wide || tall) {
      bad.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${String(el.className).split(" ")[0]} "${el.textContent.trim().slice(0, 50)}" (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`);
    }
  }
  return bad;
}, root);

// One look at what the page shows: no English word, nothing overflowing (messages.js too).
export async function look(page, code, where, { root = "body", shot = null, names = [] } = {}) {
  const banned = englishOnly(code);
  for (const n of names) banned.delete(n.toLowerCase());
  const found = [];
  for (const [text, el] of await readable(page, root)) {
    const hits = words(text).filter((w) => banned.has(w));
    if (hits.length) found.push(`${hits.join(" ")} in ${el}: "${text.slice(0, 80)}"`);
  }
  expect(!found.length, `${code} ${where}: English on the page:\n      ${[...new Set(found)].slice(0, 15).join("\n      ")}`);
  const over = await overflowing(page, root);
  expect(!over.length, `${code} ${where}: text overflowing its box:\n      ${over.slice(0, 15).join("\n      ")}`);
  if (shot) await page.screenshot({ path: path.join(shots, shot), fullPage: true });
}

// Both widths, back at the one the game is played at after.
async function lookBoth(page, code, where, opts = {}) {
  for (const [size, tag] of [[WIDE, "1366"], [PHONE, "390"]]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await look(page, code, `${where} at ${tag} px`, { ...opts, shot: opts.shot ? `${opts.shot}-${code}-${tag}.png` : null });
  }
  await page.setViewportSize(page.playedAt || WIDE);
}

// The game is played at `size` (its dialogs are looked at there); every other look is at both.
function playIn(code, name, sayings, size) {
  return [`the client in ${sayings.language}: a whole game against a bot on a ${size.width} px screen, looked at in 1366 and 390 px, no English, nothing overflowing`, async () => {
    const page = await newPlayer(name, size, { locale: code });
    page.playedAt = size;
    await page.waitForSelector("#login-name");
    expect((await page.evaluate(() => document.documentElement.lang)) === code, `the browser's ${code} is taken: <html lang> is ${code}`);
    await lookBoth(page, code, "the login page", { names: [name] });
    await signUp(page, name);
    await page.waitForSelector("#create-game");
    await lookBoth(page, code, "the lobby", { names: [name], shot: "lobby" });
    const game = await createGame(page, { players: 2, bots: 1 });
    await page.waitForSelector(".status", { timeout: 8000 });
    // The bot's name is a name, not words to translate.
    const names = [name, ...(await page.evaluate(() => (window.loyang.view()?.game?.players || []).map((p) => p.name || "")))
      .flatMap((n) => n.split(/\W+/))];
    let dialogs = 0;
    const seen = []; // what the dialogs showed wrong (a throw inside act() would count as a missed click)
    page.onDialog = async () => {
      if (dialogs >= 6) return;
      dialogs++;
      try {
        await look(page, code, `a dialog (${dialogs})`, { root: "dialog.choose[open]", names });
      } catch (e) {
        seen.push(e.message);
      }
    };
    const looked = new Set();
    const deadline = Date.now() + 400000;
    for (let i = 0; i < 3000 && Date.now() < deadline; i++) {
      if (await page.locator(".ranking").count()) break;
      const round = await page.evaluate(() => window.loyang.view()?.game?.round || 0);
      if ([1, 4, 8].includes(round) && !looked.has(round) && (await myTurn(page))) {
        looked.add(round);
        await lookBoth(page, code, `the table in round ${round}`, { names, shot: round === 4 ? "table" : null });
      }
      if (await myTurn(page)) {
        const phase = await page.evaluate(() => window.loyang.view()?.game?.phase || "");
        await act(page, /action/i.test(phase) ? ACTION_PREFS : CLOSE_PREFS);
      } else {
        await page.waitForTimeout(100);
      }
    }
    page.onDialog = null;
    await page.waitForSelector(".ranking", { timeout: 5000 });
    expect(looked.size === 3, `the table was looked at in rounds 1, 4 and 8 (${[...looked].join(", ")})`);
    expect(dialogs > 0, "at least one choice dialog was looked at");
    expect(!seen.length, seen.join("\n"));
    await lookBoth(page, code, "the final ranking", { names, shot: "game-over" });
    // The help, every section, and the settings.
    await page.goto(url("/#/help"));
    await page.waitForSelector("#help-helpers");
    await lookBoth(page, code, "the help", { names, shot: "help" });
    await page.goto(url("/#/settings"));
    await page.waitForSelector("#settings-language");
    await lookBoth(page, code, "the settings", { names });
    // The community's pages: one's profile (with this game), the leaderboard, the daily challenge.
    for (const [hash, ready, where] of [[`/#/player/${name}`, ".profile-grid", "the profile"],
      ["/#/leaderboard", "#leaderboard, #leaderboard-body .empty", "the leaderboard"], ["/#/daily", "#daily-play, #daily-result", "the daily challenge"]]) {
      await page.goto(url(hash));
      await page.waitForSelector(ready);
      await page.waitForTimeout(300); // its lists, loaded after the page
      await lookBoth(page, code, where, { names });
    }
    await page.goto(url(`/#/replay/${game}`));
    await page.waitForSelector("#replay-version");
    await look(page, code, "the replay", { names });
    const errors = withoutNoAnalysis(page.errors);
    expect(!errors.length, `page errors: ${errors.join("; ")}`);
    await page.context().close();
  }];
}

export default [
  playIn("fr", "louise", { language: "French" }, WIDE),
  playIn("it", "luca", { language: "Italian" }, PHONE),

  ["the account keeps its language and time zone: Settings, the header's menu, another browser, HTTP errors", async () => {
    const page = await newPlayer("lea", WIDE, { locale: "en-GB" });
    await signUp(page, "lea");
    expect((await page.evaluate(() => document.documentElement.lang)) === "en", "an English browser gets English");
    // The header's menu: French at once, and kept by the account.
    await page.selectOption("#language-menu", "fr");
    await page.waitForSelector("html[lang=fr]");
    await page.waitForSelector("#create-game");
    expect(/Réglages/.test(await page.textContent("#settings-link")), "the header is in French");
    // Settings: Italian and a time zone.
    await page.goto(url("/#/settings"));
    await page.waitForSelector("#settings-language");
    expect((await page.inputValue("#settings-language")) === "fr", "Settings show the account's language");
    await page.selectOption("#settings-language", "it");
    await page.selectOption("#settings-time-zone", "Asia/Tokyo");
    await page.click("#settings-locale-save");
    await page.waitForSelector("html[lang=it]");
    // Another browser (an English one) logging in to the account gets Italian and Tokyo time.
    const other = await newPlayer("lea-phone", PHONE, { locale: "en-US" });
    await other.fill("#login-name", "lea");
    await other.fill("#login-password", "secret-password");
    await other.click("#login-button");
    await other.waitForSelector("html[lang=it]", { timeout: 15000 });
    await other.waitForSelector("#create-game");
    expect((await other.evaluate(() => localStorage.getItem("loyang.tz"))) === "Asia/Tokyo", "the account's time zone is taken");
    // HTTP errors come in the page's language, with the same code.
    const answer = await other.evaluate(async () => {
      const r = await fetch("/api/games/999999", { headers: { Authorization: `Bearer ${JSON.parse(localStorage.getItem("loyang.session")).token}`, "Accept-Language": "it" } });
      return r.json();
    });
    expect(answer.error?.code === "no_such_game", `the code stays no_such_game (${JSON.stringify(answer)})`);
    expect(!/game/i.test(answer.error?.message || "game") && answer.error.message.length > 5, `the message is Italian: ${answer.error?.message}`);
    await look(other, "it", "the lobby of the second browser", { names: ["lea"] });
    other.errors = other.errors.filter((e) => !/404/.test(e)); // the error asked for above
    expect(!other.errors.length && !page.errors.length, `page errors: ${[...page.errors, ...other.errors].join("; ")}`);
    await page.context().close();
    await other.context().close();
  }],
];
