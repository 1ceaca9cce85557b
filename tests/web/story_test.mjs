// Unit tests of the browser client's story sentences (web/js/story.js, web/js/digest.js): no
// browser needed, the modules are plain ES modules without DOM at import time.
//   node tests/web/story_test.mjs [SOURCE_DIR]
// Every event kind of the engine (engine/include/loyang/engine/events.hpp) and of
// docs/protocol.md ("Events") must have a sentence of its own, so a new kind cannot reach
// players as the generic fallback unnoticed.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import test from "node:test";
import { fileURLToPath } from "node:url";

const source = path.resolve(process.argv[2] || path.join(path.dirname(fileURLToPath(import.meta.url)), "../.."));
// The sentences are messages of the catalogs (web/i18n/): English first, French at the end.
const { setMessages } = await import(path.join(source, "web/js/i18n.js"));
const catalog = (code) => JSON.parse(fs.readFileSync(path.join(source, `web/i18n/${code}.json`), "utf8"));
const english = catalog("en");
setMessages("en", english);
const { TELL, consequences, eventText, headline, narrate } = await import(path.join(source, "web/js/story.js"));
const { touchedSelectors, unseenEntries } = await import(path.join(source, "web/js/digest.js"));
const { roundStarts } = await import(path.join(source, "web/js/replay.js"));

const names = ["Ann", "Bob", "Cid", "Dee"];
const who = (s) => (s === null || s === undefined ? "the bank" : names[s]);

function engineEventKinds() {
  const hpp = fs.readFileSync(path.join(source, "engine/include/loyang/engine/events.hpp"), "utf8");
  const variant = /using event = std::variant<([^>]*)>/.exec(hpp);
  assert.ok(variant, "events.hpp declares `using event = std::variant<...>`");
  return [...variant[1].matchAll(/ev::(\w+)/g)].map((m) => m[1]);
}

function documentedEventKinds() {
  const doc = fs.readFileSync(path.join(source, "docs/protocol.md"), "utf8");
  const start = doc.search(/^#+ Events\b/m);
  if (start < 0) return [];
  const level = /^(#+)/.exec(doc.slice(start))[1].length;
  const rest = doc.slice(start + 1);
  const end = rest.search(new RegExp(`^#{1,${level}} `, "m"));
  const section = end < 0 ? rest : rest.slice(0, end);
  return [...new Set([...section.matchAll(/"type":\s*"(\w+)"/g)].map((m) => m[1]))];
}

test("every event kind of the engine and of the protocol docs has its own sentence", () => {
  const kinds = [...new Set([...engineEventKinds(), ...documentedEventKinds()])];
  assert.ok(kinds.length >= 22, `found the event kinds (${kinds.length})`);
  const missing = kinds.filter((k) => !Object.hasOwn(TELL, k));
  assert.deepEqual(missing, [], "event kinds without a sentence in web/js/story.js");
});

test("the spec's examples read as sentences", () => {
  assert.equal(eventText({ type: "payment", from: 0, to: null, amount: 4, reason: "path", card: null }, who),
    "Ann −4 Cash (the Path of Prosperity)");
  assert.equal(eventText({ type: "payment", from: null, to: 1, amount: 6, reason: "customer", card: "R09" }, who),
    "Bob +6 Cash (a customer: R09)");
  assert.equal(eventText({ type: "payment", from: 2, to: 0, amount: 2, reason: "helper", card: "trader-1" }, who),
    "Cid paid Ann 2 Cash (a Helper: the Trader)");
  assert.equal(eventText({ type: "cards_dealt", player: 0, cards: ["hidden", "hidden", "hidden", "hidden"] }, who),
    "Ann was dealt 4 cards");
  assert.equal(eventText({ type: "cards_dealt", player: 0, cards: ["R09", "M03"] }, who), "Ann was dealt 2 cards: R09, M03");
  assert.equal(eventText({ type: "customer_revealed", player: 0, card: "R09", from_under: "M03", due: true }, who),
    "R09 turns up under Ann's M03, due this round");
  assert.equal(eventText({ type: "harvested", player: 1, field: "HOME", crop: "wheat", amount: 2, left: 5 }, who),
    "Bob +2 wheat from the Home field (5 left)");
  assert.equal(eventText({ type: "round_started", round: 2 }, who), null);
});

test("a harvest that empties a field is one sentence", () => {
  const [first] = consequences({ cmd: { type: "end_turn" }, player: 1, version: 9, events: [
    { type: "harvested", player: 1, field: "PF4-A", crop: "turnip", amount: 1, left: 0 },
    { type: "field_emptied", player: 1, field: "PF4-A", to_discard: false },
  ] }, who);
  assert.deepEqual(first.lines.map((l) => l.text), ["Bob +1 turnip from PF4-A; PF4-A is empty and leaves the game"]);
});

test("events after a round or phase start form their own chunks, under that round and phase", () => {
  const chunks = consequences({ cmd: { type: "end_turn" }, player: 0, version: 30, events: [
    { type: "payment", from: 0, to: null, amount: 1, reason: "path", card: null },
    { type: "round_started", round: 3 },
    { type: "phase_started", at: "harvest" },
    { type: "harvested", player: 0, field: "HOME", crop: "wheat", amount: 1, left: 3 },
    { type: "phase_started", at: "card" },
    { type: "cards_dealt", player: 1, cards: ["hidden", "hidden"] },
  ] }, who);
  assert.deepEqual(chunks.map((c) => [c.round, c.phase, c.lines.length]),
    [[undefined, undefined, 1], [3, "harvest", 1], [undefined, "card", 1]]);
});

test("a card the command already names is not told twice", () => {
  const [first] = consequences({ cmd: { type: "take_cards", hand: "R09", courtyard: "M03" }, player: 0, version: 5, events: [
    { type: "card_played", player: 0, card: "R09", from: "hand", under: null },
    { type: "card_played", player: 0, card: "M03", from: "courtyard", under: null },
    { type: "cards_to_courtyard", player: 0, cards: ["C01", "C02"], from_draw_pile: false },
  ] }, who);
  assert.deepEqual(first.lines.map((l) => l.text), ["Ann put C01, C02 into the Courtyard"]);
  assert.equal(narrate({ type: "take_cards", hand: "R09", courtyard: "M03" }, 0, who), "Ann kept R09 and took M03 from the Courtyard");
});

test("an unknown event kind still reads as text", () => {
  assert.equal(eventText({ type: "dragon_came", player: 1 }, who), "dragon came: player 1");
});

test("the digest takes the entries after last_seen, none without it", () => {
  const log = [1, 2, 3, 4].map((version) => ({ version, player: version % 2, cmd: { type: "end_turn" }, events: [] }));
  assert.deepEqual(unseenEntries(log, 2).map((e) => e.version), [3, 4]);
  assert.deepEqual(unseenEntries(log, null), []);
  assert.deepEqual(unseenEntries(log, 4), []);
});

test("the replay's round index comes from round_started events", () => {
  const log = [
    { version: 1, events: [] },
    { version: 2, events: [{ type: "round_started", round: 1 }, { type: "phase_started", at: "harvest" }] },
    { version: 9, events: [{ type: "round_started", round: 2 }] },
  ];
  assert.deepEqual(roundStarts(log), [{ round: 0, version: 0 }, { round: 1, version: 2 }, { round: 2, version: 9 }]);
});

test("the actor's own Cash goes into the headline: \"Ann served R09: +6 Cash\"", () => {
  const h = headline({ cmd: { type: "serve_regular", card: "R09" }, player: 0, version: 7, events: [
    { type: "payment", from: null, to: 0, amount: 6, reason: "customer", card: "R09" },
    { type: "payment", from: 1, to: 0, amount: 1, reason: "helper", card: "trader-1" },
    { type: "customer_revealed", player: 0, card: "R03", from_under: "M03", due: false },
  ] }, who);
  assert.equal(h.text, "Ann served R09: +6 Cash");
  assert.deepEqual(h.lines.map((l) => l.text), ["Bob paid Ann 1 Cash (a Helper: the Trader)", "R03 turns up under Ann's M03, not due this round"]);
});

test("the reader's own seat reads well in the possessive", () => {
  const me = (s) => (s === 0 ? "Ann (you)" : who(s));
  assert.equal(eventText({ type: "storehouse_emptied", player: 0, goods: { wheat: 1, bean: 2 } }, me),
    "Ann's Storehouse goes back to the cart: 1 wheat, 2 beans");
  assert.equal(eventText({ type: "card_discarded", player: 0, card: "M03", reason: "stall_emptied" }, me),
    "Ann's Market stall M03 is empty and discarded");
});

test("the digest highlights the fields, cards, Cash and pawns the entries touched", () => {
  globalThis.CSS ??= { escape: (x) => x }; // the browser's; card and field ids need no escaping
  const selectors = touchedSelectors([{ version: 8, player: 1, cmd: { type: "serve_regular", card: "R09" }, events: [
    { type: "payment", from: null, to: 1, amount: 6, reason: "customer", card: "R09" },
    { type: "harvested", player: 0, field: "HOME", crop: "wheat", amount: 1, left: 2 },
    { type: "customer_revealed", player: 1, card: "R03", from_under: "M03", due: true },
    { type: "cards_to_courtyard", player: 1, cards: ["C01", "hidden"], from_draw_pile: true },
    { type: "advanced", player: 1, steps: 2, position: 5 },
  ] }]);
  assert.deepEqual(selectors.sort(), [
    '.board[data-seat="1"] .cash', '.board[data-seat="1"] [data-card="R03"]', '.board[data-seat="1"] [data-card="R09"]',
    ".courtyard [data-card=\"C01\"]", ".path .pawn.seat-1", '[data-target="field:0:HOME"]',
  ].sort());
});

// Issue 35: vegetables_moved and players_ordered tell the story a client could before only
// get by comparing states.
const cabbage = { wheat: 0, pumpkin: 0, turnip: 0, cabbage: 1, bean: 0, leek: 0 };
const twoPumpkins = { wheat: 0, pumpkin: 2, turnip: 0, cabbage: 0, bean: 0, leek: 0 };
const moved = (player, from, to, goods, extra = {}) =>
  ({ type: "vegetables_moved", player, from, to, goods, field: null, owner: null, stall: null, ...extra });

test("a trade at another player's stall is one headline: \"Bob traded 2 pumpkins for a cabbage at Ann's stall M07\"", () => {
  const entry = { cmd: { type: "trader", card: "trader-1", owner: 0, stall: "M07", give: ["pumpkin", "pumpkin"], get: "cabbage" },
    player: 1, version: 40, events: [
      moved(1, "cart", "supply", twoPumpkins),
      moved(1, "stall", "cart", cabbage, { owner: 0, stall: "M07" }),
      { type: "payment", from: 1, to: 0, amount: 1, reason: "helper", card: "trader-1" },
      { type: "card_discarded", player: 1, card: "trader-1", reason: "helper_used" },
    ] };
  const h = headline(entry, who);
  assert.equal(h.text, "Bob traded 2 pumpkins for a cabbage at Ann's stall M07");
  assert.deepEqual(h.lines.map((l) => l.text), ["Bob paid Ann 1 Cash (a Helper: the Trader)", "Bob's the Trader is used up and discarded"]);
  // At his own stall, with the plain trade.
  const own = headline({ cmd: { type: "trade", stall: "M07", give: ["pumpkin", "pumpkin"], get: "cabbage" }, player: 1, version: 41,
    events: [moved(1, "cart", "supply", twoPumpkins), moved(1, "stall", "cart", cabbage, { owner: 1, stall: "M07" })] }, who);
  assert.equal(own.text, "Bob traded 2 pumpkins for a cabbage at stall M07");
  assert.deepEqual(own.lines, []);
});

test("buying, selling, sowing and planting say what moved, with the Cash", () => {
  const beans = { wheat: 0, pumpkin: 0, turnip: 0, cabbage: 0, bean: 2, leek: 0 };
  const bought = headline({ cmd: { type: "buy", crop: "bean" }, player: 0, version: 50, events: [
    moved(0, "shop", "cart", { ...beans, bean: 1 }),
    { type: "payment", from: 0, to: null, amount: 2, reason: "purchase", card: null },
  ] }, who);
  assert.equal(bought.text, "Ann bought a bean from the shop: −2 Cash");
  assert.deepEqual(bought.lines, []);
  const sold = headline({ cmd: { type: "sell", crop: "cabbage" }, player: 2, version: 51, events: [
    moved(2, "cart", "shop", cabbage),
    { type: "payment", from: null, to: 2, amount: 1, reason: "sale", card: null },
  ] }, who);
  assert.equal(sold.text, "Cid sold a cabbage to the shop: +1 Cash");
  const sown = headline({ cmd: { type: "sow", field: "PF4-A", crop: "wheat" }, player: 0, version: 52, events: [
    moved(0, "cart", "field", { ...cabbage, cabbage: 0, wheat: 1 }, { field: "PF4-A" }),
    moved(0, "supply", "field", { ...cabbage, cabbage: 0, wheat: 3 }, { field: "PF4-A" }),
  ] }, who);
  assert.equal(sown.text, "Ann sowed 4 wheat on PF4-A (1 from the cart, 3 from the supply)");
  // A Haggler's purchase is a line under its own headline; a delivery, the storing and a refill too.
  assert.equal(eventText(moved(1, "shop", "cart", beans), who), "Bob bought 2 beans from the shop");
  assert.equal(eventText(moved(1, "cart", "supply", beans), who), "Bob gave 2 beans from the cart");
  assert.equal(eventText(moved(0, "cart", "storehouse", cabbage), who), "Ann stored a cabbage in the Storehouse");
  assert.equal(eventText(moved(0, "supply", "stall", twoPumpkins, { owner: 3, stall: "M02" }), who),
    "Dee's stall M02 is refilled with 2 pumpkins");
  assert.equal(eventText(moved(0, "stall", "shop", cabbage, { owner: 0, stall: "M02" }), who), "Ann sold a cabbage from stall M02 to the shop");
});

test("the turn order: \"Ann is now Starting player\", and the 4-player partner", () => {
  assert.equal(eventText({ type: "players_ordered", starting: 0, second: 1, partner: null }, who), "Ann is now Starting player, Bob Second player");
  assert.equal(eventText({ type: "players_ordered", starting: 0, second: null, partner: null }, who), "Ann is now Starting player");
  assert.equal(eventText({ type: "players_ordered", starting: 0, second: 1, partner: 3 }, who), "Dee is Ann's partner and plays third");
});

test("since your last visit: the digest tells trades from the events and marks the stall and field", () => {
  globalThis.CSS ??= { escape: (x) => x };
  const entries = [
    { cmd: { type: "trade", stall: "M07", give: ["pumpkin", "pumpkin"], get: "cabbage" }, player: 1, version: 60,
      events: [moved(1, "cart", "supply", twoPumpkins), moved(1, "stall", "cart", cabbage, { owner: 1, stall: "M07" })] },
    { cmd: { type: "plough_clear", field: "PF2-B" }, player: 0, version: 61,
      events: [moved(0, "field", "supply", cabbage, { field: "PF2-B" })] },
  ];
  assert.equal(headline(entries[0], who).text, "Bob traded 2 pumpkins for a cabbage at stall M07");
  assert.deepEqual(headline(entries[1], who).lines.map((l) => l.text), ["a cabbage cleared off Ann's PF2-B"]);
  const selectors = touchedSelectors(entries);
  assert.ok(selectors.includes('.board[data-seat="1"] [data-card="M07"]'), selectors.join(" "));
  assert.ok(selectors.includes('[data-target="field:0:PF2-B"]'), selectors.join(" "));
});

// Issue 40: the same sentences in French come from the French catalog, words in their order.
test("in French, the story reads in French", () => {
  setMessages("fr", catalog("fr"), english);
  try {
    const loan = headline({ cmd: { type: "take_loan" }, player: 0, version: 70, events: [
      { type: "payment", from: null, to: 0, amount: 5, reason: "loan", card: null },
    ] }, who);
    assert.equal(loan.text, "Ann a fait un Emprunt\u00a0: +5 Cash");
    const traded = headline({ cmd: { type: "trade", stall: "M07", give: ["pumpkin", "pumpkin"], get: "cabbage" }, player: 1, version: 71,
      events: [moved(1, "cart", "supply", twoPumpkins), moved(1, "stall", "cart", cabbage, { owner: 0, stall: "M07" })] }, who);
    assert.equal(traded.text, "Bob a échangé 2 potirons contre un chou à l'étal M07 de Ann");
    const harvest = eventText({ type: "harvested", player: 1, field: "HOME", crop: "wheat", amount: 2, left: 5 }, who);
    assert.match(harvest, /^Bob \+2 .* du champ de Départ \(5 restants\)$/);
    const order = eventText({ type: "players_ordered", starting: 0, second: 1, partner: null }, who);
    assert.equal(order, "Ann est maintenant Premier joueur, Bob Deuxième joueur");
    for (const text of [loan.text, traded.text, harvest, order]) {
      assert.doesNotMatch(text, /\b(took|traded|loan|from|the|is now|Starting|player)\b/, text);
    }
  } finally {
    setMessages("en", english);
  }
});
