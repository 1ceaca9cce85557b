// Private messages in the browser (web/js/messages.js): one player writes another from his
// profile; the other, with the lobby open, sees the header's unread count come without a reload,
// reads the conversation (the count goes), answers, and the first sees the answer and the
// "read" mark of his own come by themselves; a refusal (a player who blocked you) shown in the
// server's words with the typed text kept; the inbox and a conversation on a phone's width with
// no sideways scroll and no serious accessibility violation; and the pages in French without an
// English word. Every account here is named msg_*.
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
const noSideScroll = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const unreadShown = (page) => page.evaluate(() => document.querySelector("#messages-link")?.dataset.unread);
const catalog = (code) => JSON.parse(fs.readFileSync(path.join(path.resolve(args.web || "../../web"), "i18n", `${code}.json`), "utf8"));

// A message sent through the API (what a scenario sets up rather than checks).
async function sendApi(from, to, text) {
  const r = await api(await apiLogIn(from), "POST", `/api/messages/with/${to}`, { text });
  expect(r.status === 201, `${from} wrote to ${to} (${r.status} ${JSON.stringify(r.body)})`);
  return r.body.message;
}

// Writes in the conversation's box and sends; waits until the box is empty (sent) or an error
// shows. Answers the error's text ("" when sent).
async function write(page, text, { enter = false } = {}) {
  await page.fill("#pm-input", text);
  if (enter) await page.press("#pm-input", "Enter");
  else await page.click("#pm-send");
  await waitUntil(page, () => document.querySelector("#pm-input").value === "" || document.querySelector("#pm-error").textContent !== "");
  return textOf(page, "#pm-error");
}

export default [
  ["messages: written from the profile, the count in the other's header live, read, answered, the answer and the read mark seen live", async () => {
    const bob = await lobbyPlayer("msg_bob");
    const ann = await lobbyPlayer("msg_ann");
    expect((await unreadShown(bob)) === "0" && await bob.isHidden("#messages-unread"), "no unread message at first");
    await bob.evaluate(() => { window.stayedOpen = true; }); // a reload would forget it

    // ann writes from bob's profile; Shift+Enter starts a new line, Enter sends.
    await ann.goto(url("/#/player/msg_bob"));
    await ann.waitForSelector("#message-player");
    expect((await ann.getAttribute("#message-player", "href")) === "#/messages/msg_bob", "the profile's Message button");
    await ann.click("#message-player");
    await ann.waitForURL(/#\/messages\/msg_bob$/);
    await ann.waitForSelector("#pm-input");
    expect(await ann.isVisible("#pm-empty"), "an empty conversation says so");
    expect(/Conversation with msg_bob/.test(await textOf(ann, "#pm-title")), "the title names bob");
    await ann.fill("#pm-input", "Hello bob <b>not bold</b>");
    await ann.press("#pm-input", "Shift+Enter");
    await ann.type("#pm-input", "a game tonight?");
    expect((await ann.inputValue("#pm-input")) === "Hello bob <b>not bold</b>\na game tonight?", "Shift+Enter made a new line");
    await ann.press("#pm-input", "Enter");
    await ann.waitForSelector(".pm-msg.mine");
    expect((await ann.inputValue("#pm-input")) === "", "the box is emptied once sent");
    expect((await textOf(ann, ".pm-msg.mine .pm-text")) === "Hello bob <b>not bold</b>\na game tonight?", "the text as written");
    expect((await ann.locator(".pm-msg.mine .pm-text b").count()) === 0, "no markup from a message");
    expect((await textOf(ann, ".pm-msg.mine .pm-state")) === "Sent", "not read yet");
    const first = Number(await ann.getAttribute(".pm-msg.mine", "data-id"));

    // bob's header counts it, without a reload.
    await waitUntil(bob, () => document.querySelector("#messages-link")?.dataset.unread === "1", null, { timeout: 10000 });
    expect(await bob.isVisible("#messages-unread") && /1 unread message/.test(await textOf(bob, "#messages-unread")), "the count with its words");
    expect(await bob.evaluate(() => window.stayedOpen === true) && await bob.isVisible("#create-game"), "the lobby was not reloaded");
    // The inbox: ann's conversation, unread, with the message's first words.
    await bob.click("#messages-link");
    await bob.waitForURL(/#\/messages$/);
    const row = '#conversations li[data-with="msg_ann"]';
    await bob.waitForSelector(row);
    expect(await bob.evaluate((s) => document.querySelector(s).classList.contains("has-unread"), row), "marked unread");
    expect(/1 unread message/.test(await textOf(bob, `${row} .pm-unread`)), "its own count");
    expect((await textOf(bob, `${row} .pm-preview`)).startsWith("Hello bob <b>not bold</b> a game"), `the start of the message: ${await textOf(bob, `${row} .pm-preview`)}`);
    expect((await bob.getAttribute(`${row} time`, "datetime")).length > 0, "with its time");
    await checkA11y(bob, "the inbox");
    await bob.screenshot({ path: path.join(shots, "messages-inbox.png"), fullPage: true });
    // The conversation: reading it clears the count.
    await bob.click(`${row} a`);
    await bob.waitForURL(/#\/messages\/msg_ann$/);
    await bob.waitForSelector(".pm-msg.theirs");
    await waitUntil(bob, () => document.querySelector("#messages-link").dataset.unread === "0");
    expect(await bob.isHidden("#messages-unread"), "no count in the header");
    const seen = await api(await apiLogIn("msg_ann"), "GET", "/api/messages/with/msg_bob");
    expect(seen.body.messages[0].read_at !== null, `the server has it read: ${JSON.stringify(seen.body.messages[0])}`);
    // bob answers; ann, whose conversation is open, sees it and her message's read mark come.
    expect((await write(bob, "Hi ann! Yes, at 9.")) === "", "bob's answer was sent");
    await waitUntil(ann, () => [...document.querySelectorAll(".pm-msg.theirs .pm-text")].some((e) => e.textContent === "Hi ann! Yes, at 9."),
      null, { timeout: 10000 });
    await waitUntil(ann, (id) => document.querySelector(`.pm-msg.mine[data-id="${id}"] .pm-state`)?.textContent === "Read", first);
    const order = await ann.$$eval("#pm-log .pm-msg", (els) => els.map((e) => Number(e.dataset.id)));
    expect(order.length === 2 && order[0] < order[1], `oldest first: ${order}`);
    expect((await unreadShown(ann)) === "0", "ann read the answer as it came");
    // bob reports ann's message (only what he received offers it).
    expect((await bob.locator(".pm-msg.mine .pm-report").count()) === 0, "no report on one's own message");
    await bob.click(".pm-msg.theirs .pm-report");
    await bob.waitForSelector("dialog.pm-report-dialog[open] #pm-report-reason");
    await checkA11y(bob, "the report dialog");
    await bob.fill("#pm-report-reason", "spam");
    await bob.click("#pm-report-send");
    await waitUntil(bob, () => /Reported/.test(document.querySelector("#pm-note")?.textContent || ""));
    await checkA11y(ann, "a conversation");
    await ann.screenshot({ path: path.join(shots, "messages-conversation.png"), fullPage: true });
    for (const p of [ann, bob]) expect(p.errors.length === 0, `${p.label}'s page errors: ${p.errors.join("; ")}`);
    await ann.context().close();
    await bob.context().close();
  }],

  ["messages: refused by a player who blocked you, the server's words shown and the text kept; a name nobody has", async () => {
    await newAccount("msg_cat");
    const cat = await apiLogIn("msg_cat");
    const dan = await lobbyPlayer("msg_dan");
    expect((await api(cat, "PUT", "/api/account/blocks/msg_dan")).status === 200, "cat blocks dan");
    await dan.goto(url("/#/messages/msg_cat"));
    await dan.waitForSelector("#pm-input");
    const refused = await write(dan, "Are you there?");
    expect(/does not take messages from you/.test(refused), `the server's reason: "${refused}"`);
    expect((await dan.getAttribute("#pm-error", "role")) === "alert", "said at once to a screen reader");
    expect((await dan.inputValue("#pm-input")) === "Are you there?", "the text is kept");
    expect((await dan.locator(".pm-msg").count()) === 0, "nothing was added");
    // Typing again clears the refusal.
    await dan.type("#pm-input", "!");
    expect((await textOf(dan, "#pm-error")) === "", "the refusal goes when one types");
    // Too long for the server: said before sending, and Send is off.
    await dan.fill("#pm-input", "x".repeat(2001));
    expect(await dan.isDisabled("#pm-send") && /2,?001\/2,?000/.test(await textOf(dan, "#pm-count")), "2001 characters: over");
    // dan blocks cat from the conversation: said, and kept by the server.
    await dan.click("#pm-block");
    await waitUntil(dan, () => document.querySelector("#pm-block").textContent === "Unblock");
    expect(/You block msg_cat/.test(await textOf(dan, "#pm-note")), "the block is said");
    const rel = await api(await apiLogIn("msg_dan"), "GET", "/api/account/relations");
    expect(rel.body.blocked.includes("msg_cat"), `the server keeps it: ${JSON.stringify(rel.body)}`);
    await dan.click("#pm-block");
    await waitUntil(dan, () => document.querySelector("#pm-block").textContent === "Block");
    // A name nobody has, from the inbox's form.
    await dan.goto(url("/#/messages"));
    await dan.waitForSelector("#pm-to");
    await dan.click("#pm-new");
    expect(/Enter the name/.test(await textOf(dan, "#pm-to-error")), "an empty name is asked for");
    await dan.fill("#pm-to", "msg-nobody-here");
    await dan.click("#pm-new");
    await dan.waitForURL(/#\/messages\/msg-nobody-here$/);
    await dan.waitForSelector("#pm-no-player");
    expect(/There is no player called “msg-nobody-here”/.test(await textOf(dan, "#pm-no-player")), "no such player, said clearly");
    dan.errors = dan.errors.filter((e) => !/403|404/.test(e));
    expect(dan.errors.length === 0, `page errors: ${dan.errors.join("; ")}`);
    await dan.context().close();
  }],

  ["messages: the inbox and a conversation at 390 px, no sideways scroll, accessible", async () => {
    for (const n of ["msg_eve", "msg_fay", "msg_gus-with-a-long-name"]) await newAccount(n);
    await sendApi("msg_fay", "msg_eve", `A long word: ${"x".repeat(300)}\nand a second line`);
    await sendApi("msg_eve", "msg_fay", "short answer");
    await sendApi("msg_fay", "msg_eve", "and one more, unread");
    await sendApi("msg_gus-with-a-long-name", "msg_eve", "Hello from far away ".repeat(20));
    const eve = await newPlayer("msg_eve", PHONE, PHONE_DEVICE);
    await logIn(eve, "msg_eve");
    await waitUntil(eve, () => document.querySelector("#messages-link")?.dataset.unread === "3");
    expect(await noSideScroll(eve), "the header with its count fits a phone");
    await eve.click("#messages-link");
    await eve.waitForSelector('#conversations li[data-with="msg_fay"]');
    const rows = await eve.$$eval("#conversations li", (els) => els.map((e) => e.dataset.with));
    expect(rows[0] === "msg_gus-with-a-long-name" && rows[1] === "msg_fay", `the latest conversation first: ${rows}`);
    expect(await noSideScroll(eve), "the inbox fits a phone's width");
    await checkA11y(eve, "the inbox on a phone");
    await eve.screenshot({ path: path.join(shots, "messages-inbox-phone.png"), fullPage: true });
    await eve.click('#conversations li[data-with="msg_fay"] a');
    await eve.waitForSelector(".pm-msg.theirs");
    await waitUntil(eve, () => document.querySelector("#messages-link").dataset.unread === "1");
    expect((await eve.locator("#pm-log .pm-msg").count()) === 3, "the three messages");
    // On a touch screen Enter is a new line; the button sends (as in the game's chat).
    expect(await eve.evaluate(() => matchMedia("(pointer: coarse)").matches), "the phone has a coarse pointer");
    expect(/Enter starts a new line/.test(await textOf(eve, "#pm-hint")), "the phone's hint says so");
    await eve.fill("#pm-input", "first line");
    await eve.press("#pm-input", "Enter");
    expect((await eve.inputValue("#pm-input")) === "first line\n", `Enter started a new line: ${JSON.stringify(await eve.inputValue("#pm-input"))}`);
    await eve.type("#pm-input", "second line");
    await eve.tap("#pm-send");
    await waitUntil(eve, () => document.querySelectorAll("#pm-log .pm-msg").length === 4);
    expect((await textOf(eve, "#pm-log .pm-msg:last-child .pm-text")) === "first line\nsecond line", "sent as typed");
    expect(await noSideScroll(eve), "the conversation fits a phone's width");
    await checkA11y(eve, "a conversation on a phone");
    await eve.screenshot({ path: path.join(shots, "messages-conversation-phone.png"), fullPage: true });
    expect(eve.errors.length === 0, `page errors: ${eve.errors.join("; ")}`);
    await eve.context().close();
  }],

  ["messages: in French, the inbox and a conversation show no English, a refusal in French", async () => {
    for (const n of ["msg_amelie", "msg_bruno"]) await newAccount(n);
    await sendApi("msg_bruno", "msg_amelie", "Bonjour Amélie, une partie ce soir ?");
    const page = await newPlayer("msg_amelie", WIDE, { locale: "fr" });
    await logIn(page, "msg_amelie");
    await page.waitForSelector("html[lang=fr]");
    await waitUntil(page, () => document.querySelector("#messages-link")?.dataset.unread === "1");
    const names = ["msg", "amelie", "amélie", "bruno"];
    await page.click("#messages-link");
    await page.waitForSelector('#conversations li[data-with="msg_bruno"]');
    await look(page, "fr", "the inbox", { names, shot: "messages-inbox-fr.png" });
    await page.click('#conversations li[data-with="msg_bruno"] a');
    await page.waitForSelector(".pm-msg.theirs");
    await page.fill("#pm-input", "Oui, à 21 h.");
    await page.click("#pm-send");
    await page.waitForSelector(".pm-msg.mine");
    await look(page, "fr", "a conversation", { names, shot: "messages-conversation-fr.png" });
    // bruno blocks her: the refusal is in French, the text kept.
    expect((await api(await apiLogIn("msg_bruno"), "PUT", "/api/account/blocks/msg_amelie")).status === 200, "bruno blocks amélie");
    const refused = await write(page, "Tu es là ?");
    expect(refused === catalog("fr")["error.blocked"], `the refusal in French: "${refused}"`);
    expect((await page.inputValue("#pm-input")) === "Tu es là ?", "the text is kept");
    await look(page, "fr", "a refusal", { names });
    page.errors = page.errors.filter((e) => !/403/.test(e));
    expect(page.errors.length === 0, `page errors: ${page.errors.join("; ")}`);
    await page.context().close();
  }],
];
