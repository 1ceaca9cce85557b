// The looks (issue 36, "Looks"): every card carries the drawing of its kind, the Path is a track
// of drawn stones with the pawns on their stones and the solo target marked, the lobby, the
// selection panel and the help page show the same drawings, and a move shows what moved (the
// pawn slides to its stone, the Cash figure pulses with its change) unless the reader asked
// for reduced motion, when nothing moves at all. One solo game, played fast in between.
import path from "node:path";
import { checkA11y, createGame, expect, log, shots, url, waitUntil } from "../harness.js";
import { DESK, PHONE, player, shot } from "./table-basics.js";
import { playUntil } from "./table-board.js";

const KIND_ART = { market_stall: ["stall"], regular: ["regular"], casual: ["casual"], field: ["field"], hidden: ["back"],
  helper: ["scales", "coins", "abacus", "sickle", "plough", "scroll", "basket", "gong", "mask", "flag"] };
const kindOf = (cls) => /\bk-(\w+)/.exec(cls)?.[1];

// Every card on the page and the drawing it carries.
const cardsDrawn = (page) => page.$$eval(".table-col .card[data-card]", (cs) => cs.map((c) => ({
  id: c.dataset.card, cls: c.className, art: c.querySelector("svg[data-art]")?.dataset.art || null })));

// The animations the page starts (Element.animate), recorded as they start: they last a third
// of a second, too short to be caught by looking now and then.
async function spyAnimations(page) {
  await page.evaluate(() => {
    window.seenAnimations = [];
    if (window.spying) return;
    window.spying = true;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function spy(frames, options) {
      window.seenAnimations.push({ cls: this.getAttribute("class") || "", seat: this.dataset?.seat ?? null, text: this.textContent,
        id: options?.id || "", first: JSON.stringify(Array.isArray(frames) ? frames[0] : frames) });
      return animate.call(this, frames, options);
    };
  });
}

// Running animations (CSS or script) on the table and the layer above it.
const runningOnTable = (page) => page.evaluate(() => document.getAnimations()
  .filter((a) => a.playState === "running" && a.effect?.target?.closest?.(".game-body, .fx-layer")).length);

// (Functions given to playUntil go into the page as source text: each stands alone.)
const advanceStep = (v) => v.game.step === "advance" && v.to_act.includes(v.seat) &&
  (v.legal || []).some((c) => c.type === "advance" && c.steps > 0);
// Keeps Cash for the Path: no purchases from the Offer, the turn ended at once.
const thrifty = (v) => {
  const legal = v.legal || [];
  if (v.game.step === "offer") return legal.find((c) => c.type === "finish_offer") || null;
  if (v.game.step === "main") return legal.find((c) => c.type === "end_turn") || null;
  if (v.game.step === "advance") return legal.find((c) => c.type === "advance" && c.steps === 0) || null;
  return null;
};

// Moves one space on the Path by pointing at it: the selection panel shows the Path's drawing
// and offers the moves. Returns the new position once the page has drawn it.
async function advanceOnTheBoard(page) {
  const before = await page.evaluate(() => window.loyang.view().game.players[0].position);
  await page.click('[data-target="path"].can');
  await page.waitForSelector(".selection .choice");
  const drawn = await page.$$eval(".selection .selection-head svg[data-art]", (s) => s.map((x) => x.dataset.art));
  expect(drawn.length === 1, `the selection panel shows the drawing of what was selected (${drawn})`);
  const key = await page.$$eval(".selection .choice", (bs) => bs.map((b) => b.dataset.key)
    .find((k) => { const c = JSON.parse(k.slice(4)); return c.type === "advance" && c.steps === 1; }));
  expect(key, "moving one space is offered");
  await page.click(`.selection .choice[data-key="${key.replace(/"/g, '\\"')}"]`);
  await waitUntil(page, (b) => window.loyang.view().game.players[0].position === b + 1 &&
    document.querySelector('.path .pawn[data-seat="0"]')?.closest("[data-space]")?.dataset.space === String(b + 1), before);
  return before + 1;
}

export default [
  ["the looks: drawn cards, the Path as a track of stones, the same drawings in the lobby and the help, moves animated unless reduced", async () => {
    const art = await player("artie", DESK);
    // The lobby: the quick start and the game rows show the drawings.
    await art.waitForSelector("#play-bot");
    const lobbyArt = await art.$$eval(".quick-start svg[data-art]", (s) => s.map((x) => x.dataset.art));
    expect(["stall", "regular", "casual"].every((a) => lobbyArt.includes(a)), `the quick start shows a stall and customers (${lobbyArt})`);
    await createGame(art, { players: 1 });
    await art.waitForSelector(".status", { timeout: 8000 });
    await waitUntil(art, () => !!window.loyang?.view());
    // The Card phase's Offer: many kinds of card at once.
    expect(await playUntil(art, (v) => v.game.step === "offer" && v.to_act.includes(v.seat), thrifty), "the Offer step was reached");
    await art.waitForSelector(".offer .card[data-card]");
    const cards = await cardsDrawn(art);
    const wrong = cards.filter((c) => !(KIND_ART[kindOf(c.cls)] || []).includes(c.art));
    expect(cards.length >= 5 && !wrong.length, `every card carries its kind's drawing (${cards.length} cards; wrong: ${JSON.stringify(wrong.slice(0, 4))})`);
    await art.locator(".offer").screenshot({ path: path.join(shots, "art-offer.png"), animations: "disabled" });
    const kinds = new Set(cards.map((c) => kindOf(c.cls)));
    log(`  cards drawn: ${cards.length}, kinds ${[...kinds].join(", ")}`);
    // The Path: 20 drawn stones, the pawn on its player's stone, the solo target marked.
    const track = await art.evaluate(() => {
      const spaces = [...document.querySelectorAll(".path .path-space")];
      const pawn = document.querySelector('.path .pawn[data-seat="0"]');
      return { stones: spaces.filter((s) => s.querySelector("svg.stone")).length, spaces: spaces.length,
        on: pawn?.closest("[data-space]")?.dataset.space, at: window.loyang.view().game.players[0].position,
        initial: pawn?.textContent, target: [...document.querySelectorAll(".path .path-space.target")].map((s) => [s.dataset.space, !!s.querySelector(".pennant")]) };
    });
    expect(track.spaces === 20 && track.stones === 20, `the Path is a track of 20 drawn stones (${JSON.stringify(track)})`);
    expect(track.on === String(track.at) && track.initial === "A", `the pawn "A" stands on stone ${track.at} (${JSON.stringify(track)})`);
    expect(JSON.stringify(track.target) === JSON.stringify([["17", true]]), `the solo target's stone 17 carries a pennant (${JSON.stringify(track.target)})`);
    // A move on the Path with motion allowed: the pawn slides from its old stone, the Cash
    // figure pulses and shows what it cost.
    expect(await playUntil(art, advanceStep, thrifty), "a move on the Path was reached (round 1)");
    await art.waitForSelector('[data-target="path"].can');
    await spyAnimations(art);
    const cashBefore = await art.evaluate(() => window.loyang.view().game.players[0].cash);
    await advanceOnTheBoard(art);
    await art.waitForTimeout(150);
    const seen = await art.evaluate(() => window.seenAnimations);
    const pawn = seen.find((a) => a.id === "fx-pawn" && /\bpawn\b/.test(a.cls) && a.seat === "0");
    expect(pawn && /translate\((?!0px, 0px)/.test(pawn.first), `the pawn slid to its new stone (${JSON.stringify(seen.map((a) => a.id))}; ${pawn?.first})`);
    const cashAfter = await art.evaluate(() => window.loyang.view().game.players[0].cash);
    expect(cashAfter < cashBefore && seen.some((a) => a.id === "fx-cash" && /\bcash\b/.test(a.cls)),
      `the Cash figure pulsed (${cashBefore} → ${cashAfter}; ${JSON.stringify(seen.map((a) => a.id))})`);
    const delta = seen.filter((a) => a.id === "fx-delta").map((a) => a.text);
    expect(delta.includes(`−${cashBefore - cashAfter}`), `the change of Cash rose over it (${JSON.stringify(delta)})`);
    await shot(art, "art-table-desk");
    await art.locator(".path-box").screenshot({ path: path.join(shots, "art-path.png"), animations: "disabled" });
    // The same under reduced motion: the pawn is on its stone at once, nothing moves.
    await art.emulateMedia({ reducedMotion: "reduce" });
    expect(await playUntil(art, (v) => v.game.round >= 2 && v.game.step === "advance" && v.to_act.includes(v.seat) &&
      (v.legal || []).some((c) => c.type === "advance" && c.steps > 0), thrifty), "a move on the Path was reached (round 2)");
    await art.waitForSelector('[data-target="path"].can');
    await spyAnimations(art);
    await advanceOnTheBoard(art);
    const running = [];
    for (let i = 0; i < 6; i++) { running.push(await runningOnTable(art)); await art.waitForTimeout(50); }
    const still = await art.evaluate(() => window.seenAnimations);
    expect(!still.length && running.every((n) => n === 0), `nothing moves under reduced motion (${JSON.stringify(still)}; running ${running})`);
    await art.emulateMedia({ reducedMotion: null });
    await checkA11y(art, "the drawn table at 1366 px");
    await art.setViewportSize(PHONE);
    await art.waitForTimeout(100);
    await shot(art, "art-table-phone");
    await art.locator(".path-box").screenshot({ path: path.join(shots, "art-path-phone.png"), animations: "disabled" });
    await checkA11y(art, "the drawn table at 390 px");
    // The lobby's rows show the card back's gate.
    await art.goto(url("/#/"));
    await art.waitForSelector("#my-games .game-row");
    expect(await art.locator('#my-games .game-row svg[data-art="back"]').count() > 0, "the lobby's game rows show the gate");
    await art.locator(".quick-start").screenshot({ path: path.join(shots, "art-lobby-quick-phone.png"), animations: "disabled" });
    // The help page: each part shows the drawing of what it explains, the Path as its track.
    for (const size of [DESK, PHONE]) {
      await art.setViewportSize(size);
      await art.goto(url("/#/help"));
      await art.waitForSelector("#help-helpers");
      const help = await art.evaluate(() => ({
        art: [...new Set([...document.querySelectorAll(".help-section svg[data-art]")].map((s) => s.dataset.art))],
        helpers: [...document.querySelectorAll(".helper-entry")].map((e) => !!e.querySelector("dt svg[data-art]")),
        stones: document.querySelectorAll(".help-track .path-space svg.stone").length,
        target: document.querySelector(".help-track .path-space.target")?.dataset.space,
      }));
      expect(["stall", "regular", "casual", "field", "back"].every((a) => help.art.includes(a)),
        `the help shows the drawings of the stall, the customers, the field and the card back (${help.art})`);
      expect(help.helpers.length >= 20 && help.helpers.every(Boolean), `every Helper's entry shows his emblem (${help.helpers.length})`);
      expect(help.stones === 20 && help.target === "17", `the help draws the Path's 20 stones and the solo target (${JSON.stringify(help)})`);
      await checkA11y(art, `the help page at ${size.width} px`);
      if (size === DESK) await art.locator("#help-end-of-turn").screenshot({ path: path.join(shots, "art-help-heading.png"), animations: "disabled" });
    }
    await shot(art, "art-help-phone");
    expect(art.errors.length === 0, `page errors: ${art.errors.join("; ")}`);
    await art.context().close();
  }],
];
