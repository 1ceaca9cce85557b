// The community at the table (issue 23): the game's chat between the players and with the
// spectators, a player's private notes, and the rematch at the end. Each scenario fails
// without the part of the client it checks. The scenarios share one 2-player game (`duo`).
import path from "node:path";
import {
  api, apiLogIn, checkA11y, createGame, expect, grantOperator, logIn, newAccount, newPlayer, shots, url, waitUntil,
} from "../harness.js";
import { DESK, PHONE, player } from "./table-basics.js";

let duo = null; // {chloe, chase, game}

// An API call with the page's own session (for what the test sets up, not what it checks).
function apiCall(page, method, p, body = null) {
  return page.evaluate(async ([method, p, body]) => {
    const s = JSON.parse(localStorage.getItem("loyang.session"));
    const r = await fetch(p, { method, headers: { "Content-Type": "application/json", Authorization: `Bearer ${s.token}` },
      body: body === null ? undefined : JSON.stringify(body) });
    return { status: r.status, body: await r.json().catch(() => null) };
  }, [method, p, body]);
}

const texts = (page) => page.$$eval("#chat-list .chat-msg .chat-text", (els) => els.map((e) => e.textContent));
const lastText = async (page) => (await texts(page)).at(-1);

// Types into the chat box and sends with Enter; waits until the box is empty (sent) or an error
// shows. Returns the error text ("" when sent).
async function say(page, text) {
  await page.fill("#chat-input", text);
  await page.press("#chat-input", "Enter");
  await waitUntil(page, () => document.querySelector("#chat-input").value === "" || document.querySelector("#chat-error").textContent !== "");
  return page.textContent("#chat-error");
}

// The same, waiting out the server's pace (5 messages in 10 seconds) when it refuses.
async function sayPaced(page, text) {
  for (let i = 0; i < 3; i++) {
    const e = await say(page, text);
    if (!e) return;
    const wait = /wait (\d+) s/.exec(e);
    expect(wait, `refused: ${e}`);
    await page.waitForTimeout(Number(wait[1]) * 1000 + 200);
  }
  throw new Error(`${page.label}: "${text}" was not sent`);
}

// Waits until the game page has been redrawn since `before` (window.loyang.renders()) and then
// drew nothing more for `quiet` milliseconds: whatever the update brought is in place.
async function redrawnAndIdle(page, before, quiet = 300) {
  await waitUntil(page, (n) => window.loyang.renders() > n, before);
  let last = await page.evaluate(() => window.loyang.renders());
  let since = Date.now();
  const end = Date.now() + 10000;
  while (Date.now() - since < quiet) {
    expect(Date.now() < end, `${page.label}: the page kept redrawing`);
    await page.waitForTimeout(50);
    const n = await page.evaluate(() => window.loyang.renders());
    if (n !== last) { last = n; since = Date.now(); }
  }
}

// The chat texts of a page.
const hasText = (page, text) => page.evaluate((t) => [...document.querySelectorAll("#chat-list .chat-text")].some((e) => e.textContent === t), text);

// The page's connection is up and its game subscribed (after a server restart).
const live = (page) => waitUntil(page, () => window.loyang.socket.ready && window.loyang.view() !== null &&
  document.querySelector(".conn")?.textContent === "Connected", null, { timeout: 20000 });

async function fitsWidth(page, what) {
  const r = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: document.documentElement.clientWidth }));
  expect(r.scroll <= r.width, `${what}: the page fits ${r.width} px (scrollWidth ${r.scroll})`);
}

export default [
  ["chat at the table: live between two players, HTML shown as text, the new-message count, limits and refusals", async () => {
    const chloe = await player("chloe", DESK);
    const chase = await player("chase", DESK);
    const game = await createGame(chloe, { players: 2 });
    expect((await apiCall(chase, "POST", `/api/games/${game}/join`, {})).status === 200, "chase joins");
    await chase.goto(url(`/#/game/${game}`));
    for (const p of [chloe, chase]) await p.waitForSelector("#chat-input", { timeout: 10000 });
    duo = { chloe, chase, game };
    await waitUntil(chloe, () => /No messages yet/.test(document.querySelector("#chat-note")?.textContent || ""));

    // A message goes to the other player's page at once, with its author, seat and time.
    expect((await say(chloe, "hello chase, good luck")) === "", "sent");
    await waitUntil(chase, () => document.querySelectorAll("#chat-list .chat-msg").length === 1);
    const meta = await chase.$eval("#chat-list .chat-msg", (li) => ({
      from: li.querySelector(".chat-from").textContent, dot: !!li.querySelector(".dot.seat-0"),
      time: li.querySelector("time.chat-time")?.textContent || "", flag: !!li.querySelector(".chat-flag"),
    }));
    expect(meta.from === "chloe" && meta.dot && /\d\d:\d\d/.test(meta.time) && meta.flag,
      `author, seat colour, time and a report button: ${JSON.stringify(meta)}`);
    expect(!(await chloe.locator("#chat-list .chat-msg.mine .chat-flag").count()), "no report button on one's own message");

    // HTML is text: it shows as written and makes no element.
    let alerted = false;
    const onDialog = (d) => { alerted = true; d.dismiss(); };
    chloe.on("dialog", onDialog);
    const html = "<img src=x onerror=alert(1)><b>hi</b>";
    expect((await say(chase, html)) === "", "the HTML message was sent");
    await waitUntil(chloe, (t) => [...document.querySelectorAll("#chat-list .chat-text")].some((e) => e.textContent === t), html);
    expect(!(await chloe.locator("#chat-list img, #chat-list .chat-text *").count()), "no element was made from the message");
    expect((await lastText(chloe)) === html, "the text shows literally");
    await chloe.waitForTimeout(200);
    expect(!alerted, "no script ran");
    chloe.off("dialog", onDialog);

    // Folded, the panel counts what comes in; unfolded, the count goes.
    await chloe.click("#chat-toggle");
    expect((await chloe.getAttribute("#chat-toggle", "aria-expanded")) === "false", "folded");
    expect((await say(chase, "are you there?")) === "", "sent");
    await waitUntil(chloe, () => document.querySelector(".chat-unread")?.textContent === "1 new");
    await chloe.click("#chat-toggle");
    expect(await chloe.isHidden(".chat-unread"), "the count goes when the chat is read");
    expect((await lastText(chloe)) === "are you there?", "the message is there");

    // The counter counts against 500 characters and 10 lines; over them Send is off.
    await chloe.fill("#chat-input", "x".repeat(501));
    expect((await chloe.textContent("#chat-count")) === "501/500" && await chloe.isDisabled("#chat-send"), "501 characters: too long");
    await chloe.fill("#chat-input", Array(11).fill("line").join("\n"));
    expect(/11\/10 lines/.test(await chloe.textContent("#chat-count")) && await chloe.isDisabled("#chat-send"), "11 lines: too many");
    await chloe.fill("#chat-input", "ok");
    expect((await chloe.textContent("#chat-count")) === "2/500" && await chloe.isEnabled("#chat-send"), "2 characters");
    await chloe.fill("#chat-input", "");

    // Too many messages too fast: the server refuses, the page says why and keeps the text.
    let error = "";
    for (let i = 0; i < 8 && !error; i++) error = await say(chloe, `quick ${i}`);
    // The server's own words: which limit (5 in 10 seconds here, not the hourly one) and the wait.
    expect(/^Not sent: too many messages: wait \d+ s/.test(error), `the refusal says why: "${error}"`);
    expect(/^quick \d$/.test(await chloe.inputValue("#chat-input")), "the refused text stays in the box");
    await chloe.fill("#chat-input", "");
    expect(chloe.errors.length === 0 && chase.errors.length === 0, `page errors: ${[...chloe.errors, ...chase.errors].join("; ")}`);
  }],

  ["chat: a half-typed message keeps its text and focus through the other player's move; a reload shows the history", async () => {
    const { chloe, chase } = duo;
    // Whoever may move now moves (through his page's connection); the other types meanwhile.
    const canMove = (page) => page.evaluate(() => (window.loyang.view()?.legal || []).some((c) => c.type !== "undo" && c.type !== "take_loan"));
    const [mover, typist] = (await canMove(chloe)) ? [chloe, chase] : [chase, chloe];
    expect(await canMove(mover), "one of the two players may move");
    await typist.click("#chat-input");
    await typist.keyboard.type("half a th");
    const moves = await typist.locator(".log-entry").count();
    const renders = await typist.evaluate(() => window.loyang.renders());
    const moved = await mover.evaluate(async () => {
      const v = window.loyang.view();
      const cmd = (v.legal || []).find((c) => c.type !== "undo" && c.type !== "take_loan");
      const r = cmd ? await window.loyang.socket.command(cmd) : null;
      return r ? JSON.stringify(r) : "no command";
    });
    expect(/"ok":true/.test(moved), `${mover.label} made a move: ${moved}`);
    // The move is in the typist's log, and his page is done redrawing for it.
    await waitUntil(typist, (n) => document.querySelectorAll(".log-entry").length > n, moves);
    await redrawnAndIdle(typist, renders);
    const state = await typist.evaluate(() => ({ focus: document.activeElement?.id, value: document.querySelector("#chat-input").value }));
    expect(state.focus === "chat-input" && state.value === "half a th", `the chat box kept focus and text: ${JSON.stringify(state)}`);
    await typist.keyboard.type("ought");
    expect((await typist.inputValue("#chat-input")) === "half a thought", "typing goes on where it was");
    await typist.keyboard.press("Shift+Enter");
    await typist.keyboard.type("on two lines");
    // Sent with Enter; a typist who was paced by the server above waits as told, then again.
    for (let i = 0; i < 3; i++) {
      await typist.keyboard.press("Enter");
      await waitUntil(typist, () => document.querySelector("#chat-input").value === "" || document.querySelector("#chat-error").textContent !== "");
      const wait = /wait (\d+) s/.exec(await typist.textContent("#chat-error"));
      if (!wait) break;
      await typist.waitForTimeout(Number(wait[1]) * 1000 + 200);
      await typist.focus("#chat-input");
      // Typing clears the refusal shown, so the next answer is told apart from it.
      await typist.keyboard.press("End");
      await typist.keyboard.type(" ");
      await typist.keyboard.press("Backspace");
    }
    await waitUntil(mover, () => [...document.querySelectorAll("#chat-list .chat-text")].some((e) => e.textContent === "half a thought\non two lines"));

    // A reload brings the history back, oldest first, HTML still as text.
    const before = await texts(chloe);
    await chloe.reload();
    await waitUntil(chloe, (n) => document.querySelectorAll("#chat-list .chat-msg").length === n, before.length);
    const after = await texts(chloe);
    expect(JSON.stringify(after) === JSON.stringify(before), `the same messages after a reload: ${JSON.stringify(after)}`);
    expect(!(await chloe.locator("#chat-list img").count()), "still no element from the HTML");
  }],

  ["notes: private to their player, saved and shown again after a reload", async () => {
    const { chloe, chase, game } = duo;
    await chloe.click("#notes summary");
    await chloe.waitForSelector("#notes-input:not([disabled])");
    const note = "Chase hoards cabbages.\nBuy the Two-pack in round 3.";
    await chloe.fill("#notes-input", note);
    await chloe.click("#notes-save");
    await waitUntil(chloe, () => /^Saved/.test(document.querySelector("#notes-status").textContent));
    // Saved on its own too, a moment after typing stops.
    await chloe.type("#notes-input", "!");
    await waitUntil(chloe, () => /^Saved/.test(document.querySelector("#notes-status").textContent), null, { timeout: 6000 });
    await chloe.reload();
    await chloe.waitForSelector("#notes[open] #notes-input:not([disabled])");
    expect((await chloe.inputValue("#notes-input")) === `${note}!`, "the notes are back after a reload");
    // chase has notes of his own (none), and cannot read chloe's.
    await chase.click("#notes summary");
    await chase.waitForSelector("#notes-input:not([disabled])");
    expect((await chase.inputValue("#notes-input")) === "", "the other player does not see them");
    const theirs = await apiCall(chase, "GET", `/api/games/${game}/notes`);
    expect(theirs.status === 200 && theirs.body.text === "", "chase's own notes are empty");
  }],

  ["chat for spectators: closed where only the players chat, open where everyone chats; earlier messages load", async () => {
    const { chloe, game } = duo;
    const sully = await player("sully", DESK);
    await sully.goto(url(`/#/game/${game}`));
    await sully.waitForSelector(".chat.closed #chat-note");
    expect(/Only the players chat/.test(await sully.textContent("#chat-note")), "the panel says why it is closed");
    expect(await sully.isHidden("#chat-input"), "no box to write in");
    expect(!(await sully.locator(".chat-msg").count()), "and none of the players' messages");
    expect(!(await sully.locator("#notes").count()), "no notes for a spectator");
    // A game where everyone chats: the spectator writes, marked as one.
    const open = await apiCall(chloe, "POST", "/api/games", { players: 2, bots: 1, chat: "everyone" });
    expect(open.status === 201, `a game where everyone chats (${open.status} ${JSON.stringify(open.body)})`);
    await sully.goto(url(`/#/game/${open.body.id}`));
    await sully.waitForSelector("#chat-input");
    expect((await say(sully, "nice opening")) === "", "the spectator wrote");
    const spec = await sully.$eval("#chat-list .chat-msg", (li) => !!li.querySelector(".chat-spec") && !li.querySelector(".dot"));
    expect(spec, "his message says spectator");

    // A crowd fills the chat past its first page (the server's pace is per writer: 11 writers
    // with 5 messages each); the page shows the newest 50 and loads the earlier ones.
    const tokens = [];
    for (let k = 0; k < 11; k++) {
      await newAccount(`crowd${k}`);
      const r = await fetch(url("/api/sessions"), { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: `crowd${k}`, password: "secret-password" }) });
      tokens.push((await r.json()).token);
    }
    await sully.evaluate(({ game, tokens }) => Promise.all(tokens.map((token, k) => new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://${location.host}/ws`);
      let got = 0;
      ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token }));
      ws.onmessage = (ev) => {
        const m = JSON.parse(ev.data);
        if (m.type === "welcome") ws.send(JSON.stringify({ type: "subscribe", game, as: "spectator" }));
        else if (m.type === "snapshot") {
          for (let i = 0; i < 5; i++) ws.send(JSON.stringify({ type: "chat", game, id: `x${i}`, text: `crowd ${k}.${i}` }));
        } else if (m.type === "chat" && m.id && ++got === 5) { ws.close(); resolve(); }
        else if (m.type === "result" || m.type === "error") reject(new Error(ev.data));
      };
    }))), { game: open.body.id, tokens });
    await waitUntil(sully, () => document.querySelectorAll("#chat-list .chat-msg").length === 56);
    await sully.reload();
    await sully.waitForSelector("#chat-more");
    await waitUntil(sully, () => document.querySelectorAll("#chat-list .chat-msg").length === 50);
    // With the keyboard: the button goes once nothing earlier is left, and the focus goes to the
    // list (not to the page); the list is not busy any more.
    await sully.focus("#chat-more");
    await sully.keyboard.press("Enter");
    await waitUntil(sully, () => document.querySelectorAll("#chat-list .chat-msg").length === 56);
    await waitUntil(sully, () => document.activeElement?.id === "chat-list" && !document.querySelector("#chat-list[aria-busy]"));
    const ids = await sully.$$eval("#chat-list .chat-msg", (els) => els.map((e) => Number(e.dataset.id)));
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]), "oldest first");
    expect((await texts(sully))[0] === "nice opening" && await sully.isHidden("#chat-more"), "back to the first message; nothing earlier");
    expect(sully.errors.length === 0, `page errors: ${sully.errors.join("; ")}`);
    await sully.context().close();
  }],

  ["chat on a phone: folded with its count of new messages, fits 390 px; report dialog; accessibility; screenshots", async () => {
    const { chloe, chase, game } = duo;
    const phone = await newPlayer("chase-phone", PHONE, { isMobile: true, hasTouch: true });
    await logIn(phone, "chase");
    await phone.goto(url(`/#/game/${game}`));
    await phone.waitForSelector("#chat-toggle");
    expect((await phone.getAttribute("#chat-toggle", "aria-expanded")) === "false", "folded on a phone");
    await waitUntil(phone, () => document.querySelectorAll("#chat-list .chat-msg").length > 0);
    await sayPaced(chloe, "@chase your move!");
    await waitUntil(phone, () => document.querySelector(".chat-unread")?.textContent === "1 new");
    await fitsWidth(phone, "the game with the chat folded");
    await phone.click("#chat-toggle");
    await phone.locator("#chat").scrollIntoViewIfNeeded();
    await fitsWidth(phone, "the game with the chat open");
    await phone.screenshot({ path: path.join(shots, "game-chat-phone.png"), fullPage: false });

    // A touch keyboard has no Shift: Enter starts a new line there, the Send button sends, and
    // the hint says so (a desk's says Enter sends).
    expect(await phone.evaluate(() => matchMedia("(pointer: coarse)").matches), "the phone has a coarse pointer");
    expect(/Enter starts a new line; the Send button sends/.test(await phone.textContent("#chat-hint")), "the phone's hint");
    expect(/^Enter sends, Shift\+Enter starts a new line/.test(await chloe.textContent("#chat-hint")), "the desk's hint");
    await phone.fill("#chat-input", "typed on");
    await phone.press("#chat-input", "Enter");
    await phone.keyboard.type("a phone");
    expect((await phone.inputValue("#chat-input")) === "typed on\na phone", "Enter made a new line, and sent nothing");
    await phone.tap("#chat-send");
    await waitUntil(phone, () => document.querySelector("#chat-input").value === "");
    await waitUntil(chloe, (t) => [...document.querySelectorAll("#chat-list .chat-text")].some((e) => e.textContent === t), "typed on\na phone");

    // Report a message: a dialog asks why; the report is stored.
    await chase.locator("#chat-list .chat-msg:not(.mine) .chat-flag").last().click();
    await chase.waitForSelector("dialog.chat-dialog[open] #report-reason");
    await checkA11y(chase, "the report dialog");
    await chase.fill("#report-reason", "shouting at me");
    await chase.click("#report-send");
    await waitUntil(chase, () => /Reported/.test(document.querySelector("#report-status")?.textContent || ""));
    await chase.waitForSelector("dialog.chat-dialog", { state: "detached", timeout: 4000 });

    // Mute: chloe's messages go from chase's chat, with a way back.
    await chase.locator("#chat-list .chat-msg:not(.mine) .chat-flag").last().click();
    await chase.click("#report-mute");
    await waitUntil(chase, () => !document.querySelector('#chat-list .chat-msg[data-from="chloe"]'));
    // The ⚑ button went with the messages: the focus is on the way back, not lost to the page.
    await waitUntil(chase, () => document.activeElement?.matches(".chat-notice button"));
    const relations = await apiCall(chase, "GET", "/api/account/relations");
    expect(relations.body.muted.includes("chloe"), `muted on the server: ${JSON.stringify(relations.body)}`);
    await chase.keyboard.press("Enter");
    await waitUntil(chase, () => !document.querySelector(".chat-notice"));
    expect(await chase.evaluate(() => document.activeElement?.id === "chat-list"), "then on the list");

    await chloe.setViewportSize(DESK);
    await chloe.locator("#chat").scrollIntoViewIfNeeded();
    await checkA11y(chloe, "game page with chat");
    await chloe.screenshot({ path: path.join(shots, "game-chat-desk.png"), fullPage: false });
    expect(phone.errors.length === 0, `page errors: ${phone.errors.join("; ")}`);
    await phone.context().close();
  }],

  ["moderation at the table: a message an operator deletes leaves the open chat; a running game cancelled by the operators says so", async () => {
    const { chloe, chase, game } = duo;
    await newAccount("opal");
    // The grant restarts the server: the pages reconnect by themselves.
    await grantOperator("opal");
    const opal = await apiLogIn("opal");
    for (const p of [chloe, chase]) await live(p);
    const doomed = "a message the operators will delete";
    await sayPaced(chloe, doomed);
    await sayPaced(chloe, "and one they keep");
    await waitUntil(chase, (t) => [...document.querySelectorAll("#chat-list .chat-text")].some((e) => e.textContent === t), "and one they keep");
    expect(await hasText(chase, doomed), "chase has the message live");
    const id = await chase.$$eval("#chat-list .chat-msg", (els, t) =>
      els.find((e) => e.querySelector(".chat-text").textContent === t)?.dataset.id, doomed);
    const count = (await texts(chase)).length;
    const del = await api(opal, "DELETE", `/api/games/${game}/chat/${id}`);
    expect(del.status === 200 && del.body.deleted === true, `deleted: ${del.status} ${JSON.stringify(del.body)}`);
    for (const p of [chase, chloe]) await waitUntil(p, (m) => !document.querySelector(`#chat-list .chat-msg[data-id="${m}"]`), id);
    expect((await texts(chase)).length === count - 1 && await hasText(chase, "and one they keep"), "only that message went");

    // A running game the operators cancel: its page says so, and offers nothing more to do.
    const solo = await apiCall(chloe, "POST", "/api/games", { players: 2, bots: 1 });
    expect(solo.status === 201, `a game against a bot (${solo.status} ${JSON.stringify(solo.body)})`);
    await chloe.goto(url(`/#/game/${solo.body.id}`));
    await chloe.waitForSelector(".side-col .actions");
    const cancel = await api(opal, "POST", `/api/games/${solo.body.id}/cancel`, { reason: "a test" });
    expect(cancel.status === 200 && cancel.body.status === "cancelled", `cancelled: ${cancel.status} ${JSON.stringify(cancel.body)}`);
    await waitUntil(chloe, () => /cancelled by the site's operators/.test(document.querySelector(".status")?.textContent || ""));
    const left = await chloe.evaluate(() => ({
      actions: document.querySelectorAll(".side-col .actions, [data-target].can, [data-target].why-not").length,
      buttons: document.querySelectorAll("#resign, #rematch, .rematch-offer, .step-back:not([hidden])").length,
      turn: /Your move|Waiting for/.test(document.querySelector(".status").textContent),
    }));
    expect(!left.actions && !left.buttons && !left.turn, `nothing left to do in a cancelled game: ${JSON.stringify(left)}`);
    // Opened again, it says the same.
    await chloe.reload();
    await chloe.waitForSelector(".waiting h2");
    expect(/cancelled it while it was being played/.test(await chloe.textContent(".waiting")), "the reason after a reload");

    await chloe.goto(url(`/#/game/${game}`));
    await chloe.waitForSelector("#chat-input");
    // Expected: reconnects refused while the server restarted.
    for (const p of [chloe, chase]) {
      p.errors = p.errors.filter((e) => !/ERR_CONNECTION_REFUSED|WebSocket connection/.test(e));
      expect(p.errors.length === 0, `${p.label}'s page errors: ${p.errors.join("; ")}`);
    }
  }],

  ["rematch after a resignation: the other is invited, sees the offer on the finished game and joins", async () => {
    const { chloe, chase, game } = duo;
    await chloe.waitForSelector(".table-bar #resign");
    await chloe.click(".table-bar #resign");
    await chloe.click("dialog.resign[open] #resign-yes");
    await chase.waitForSelector(".table-bar .result-note", { timeout: 8000 });
    // chase offers a rematch: a new game, chloe invited.
    await chase.waitForSelector("#rematch");
    await chase.click("#rematch");
    await chase.waitForURL((u) => /#\/game\/\d+$/.test(String(u)) && !String(u).endsWith(`/game/${game}`));
    const next = Number(/#\/game\/(\d+)$/.exec(chase.url())[1]);
    await chase.waitForSelector(".waiting");
    const summary = (await apiCall(chase, "GET", `/api/games/${next}`)).body;
    expect(summary.rematch_of === game && summary.invited.includes("chloe"), `a rematch inviting chloe: ${JSON.stringify(summary)}`);
    // chloe, still on the finished game, is told without reloading.
    await chloe.waitForSelector("#rematch-link", { timeout: 8000 });
    // The link shows at once; who offered it follows when the new game's summary arrives.
    await waitUntil(chloe, () => /chase offers a rematch/.test(document.querySelector(".rematch-offer")?.textContent || ""),
      null, { timeout: 8000 }).catch(() => {});
    const offer = await chloe.textContent(".rematch-offer");
    expect(/chase offers a rematch/.test(offer), `the offer names who made it: "${offer}"`);
    // The offer leads to the new game, where the invitation is answered.
    await chloe.click("#rematch-link");
    await chloe.waitForURL(new RegExp(`#/game/${next}$`));
    await chloe.waitForSelector("#accept-invite");
    expect(await chloe.isVisible("#decline-invite"), "the invitation can be declined");
    // The waiting page looks again every 2 seconds: the keyboard's focus stays where it was.
    await chloe.focus("#accept-invite");
    await chloe.waitForTimeout(2500);
    expect(await chloe.evaluate(() => document.activeElement?.id === "accept-invite"), "the focus stayed on Join");
    await chloe.keyboard.press("Enter");
    for (const p of [chloe, chase]) await p.waitForSelector(".status", { timeout: 10000 });
    await chloe.waitForSelector("#chat-input");
    expect(!(await chloe.locator(".chat-msg").count()), "the rematch has a chat of its own");
    for (const p of [chloe, chase]) expect(p.errors.length === 0, `${p.label}'s page errors: ${p.errors.join("; ")}`);
    await chloe.context().close();
    await chase.context().close();
  }],
];
