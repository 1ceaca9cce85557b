// Sentences for the game log: what a command did (past tense) and what it caused (its events,
// docs/protocol.md "Events"). Plain strings only: the caller puts them into text nodes, never
// into markup. `who(seat)` names a player (by account name); null/undefined is the bank.
import { VEG_NAMES, card, fieldName } from "./cards.js";
import { describe } from "./describe.js";

const veg = (c) => VEG_NAMES[c] || String(c);
const vegs = (xs) => (xs || []).map(veg).join(" + ");

// A short name for a card in a sentence: the id of customers and stalls (as printed on them),
// the name of Helpers and common fields.
export function cardLabel(id) {
  if (id === null || id === undefined) return "no card";
  if (id === "hidden") return "a hidden card";
  const c = card(id);
  if (c.kind === "helper") return `the ${c.name}`;
  if (c.kind === "field") return `${c.name} (${id})`;
  return String(id);
}

// "ann's", also for the reader's own seat ("ann (you)" would read "ann (you)'s").
const whose = (who, seat) => `${who(seat).replace(/ \(you\)$/, "")}'s`;
const fieldLabel = (f) => (f === "HOME" ? "the Home field" : /^PF/.test(f) ? f : fieldName(f));
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const cash = (n) => `${n} Cash`;

function goods(counts) {
  const parts = Object.entries(counts || {}).filter(([, n]) => n > 0).map(([v, n]) => `${n} ${veg(v)}`);
  return parts.length ? parts.join(", ") : "nothing";
}

// What `who(player)` did with `cmd`, as one sentence.
export function narrate(cmd, player, who) {
  const p = who(player);
  switch (cmd.type) {
    case "plant_home": return `${p} planted ${veg(cmd.crop)} on the Home field`;
    case "reveal_courtyard": return `${p} turned the top card of the draw pile into the Courtyard`;
    case "place_in_courtyard": return `${p} put ${cardLabel(cmd.card)} into the Courtyard`;
    case "take_cards":
      return cmd.courtyard
        ? `${p} kept ${cardLabel(cmd.hand)} and took ${cardLabel(cmd.courtyard)} from the Courtyard`
        : `${p} kept ${cardLabel(cmd.hand)}`;
    case "choose_partner": return `${p} chose ${who(cmd.partner)} as partner`;
    case "sow": return `${p} sowed ${veg(cmd.crop)} on ${fieldLabel(cmd.field)}`;
    case "buy": return `${p} bought ${veg(cmd.crop)}`;
    case "sell": return `${p} sold ${veg(cmd.crop)} to the shop`;
    case "trade": return `${p} traded ${vegs(cmd.give)} for ${veg(cmd.get)} at ${cardLabel(cmd.stall)}`;
    case "discard_helper": return `${p} discarded ${cardLabel(cmd.card)}`;
    case "serve_regular": return `${p} served ${cardLabel(cmd.card)}`;
    case "skip_regular": return `${p} skipped ${cardLabel(cmd.card)}`;
    case "serve_casual": return `${p} served ${cardLabel(cmd.card)}`;
    case "buy_two_pack": return `${p} bought a Two-pack`;
    case "keep_two_pack":
      if (!cmd.top) return `${p} kept no card of the Two-pack`;
      if (!cmd.bottom) return `${p} kept ${cardLabel(cmd.top)} of the Two-pack`;
      return `${p} kept ${cardLabel(cmd.top)} on top of ${cardLabel(cmd.bottom)}`;
    case "take_loan": return `${p} took a loan`;
    case "end_turn": return `${p} ended the turn`;
    case "upgrade_storehouse": return `${p} upgraded the Storehouse`;
    case "discard_veg": return `${p} discarded ${veg(cmd.crop)} (no room in the Storehouse)`;
    case "advance": return cmd.steps === 0 ? `${p} stayed on the Path of Prosperity`
      : `${p} moved ${plural(cmd.steps, "space")} on the Path of Prosperity`;
    case "undo": return `${p} took back the last command`;
    case "con_man": return `${p} used the Con man on ${whose(who, cmd.owner)} ${cardLabel(cmd.card)}`;
    case "deliveryman": return `${p} used the Deliveryman on ${whose(who, cmd.owner)} ${cardLabel(cmd.customer)}`;
    case "trader":
      return `${p} traded ${vegs(cmd.give)} for ${veg(cmd.get)} at ${whose(who, cmd.owner)} ${cardLabel(cmd.stall)} (Trader)`;
    case "tout_buy": return `${p} bought ${whose(who, cmd.owner)} ${cardLabel(cmd.customer)} (Tout)`;
    case "tout_swap": return `${p} swapped ${cardLabel(cmd.mine)} for ${whose(who, cmd.owner)} ${cardLabel(cmd.theirs)} (Tout)`;
    case "market_woman":
      return `${p} swapped ${cardLabel(cmd.mine)} for ${whose(who, cmd.owner)} ${cardLabel(cmd.theirs)} (Market woman)`;
    case "subsistence_farmer":
      return `${p} took from ${whose(who, cmd.owner)} ${fieldLabel(cmd.field)} (Subsistence farmer)`;
    case "buy_from_offer": return `${p} bought ${cardLabel(cmd.card)} from the Offer`;
    case "finish_offer": return `${p} finished buying from the Offer`;
    case "activate_helper": return `${p} activated ${cardLabel(cmd.card)}`;
    case "foreman_take": return `${p} took the Helper with the Foreman`;
    case "foreman_pass": return `${p} let the Foreman pass`;
    case "finish_taking": return `${p} took no more cards`;
    case "skip_harvest_helper": return `${p} did not use the Harvest helper`;
    default: return `${p}: ${describe(cmd, who)}`;
  }
}

// Vegetables counted in a sentence: "1 wheat", "a cabbage", "2 pumpkins and a leek".
const ONE = { wheat: "1 wheat", pumpkin: "a pumpkin", turnip: "a turnip", cabbage: "a cabbage", bean: "a bean", leek: "a leek" };
const MANY = { wheat: "wheat", pumpkin: "pumpkins", turnip: "turnips", cabbage: "cabbages", bean: "beans", leek: "leeks" };
export function vegPhrase(counts) {
  const parts = Object.entries(counts || {}).filter(([, n]) => n > 0)
    .map(([v, n]) => (n === 1 ? ONE[v] || `1 ${veg(v)}` : `${n} ${MANY[v] || veg(v)}`));
  if (!parts.length) return "nothing";
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}
const total = (counts) => Object.values(counts || {}).reduce((a, n) => a + (n > 0 ? n : 0), 0);
const isSeat = (s) => s !== null && s !== undefined;
// "Ann's stall M07"; the mover's own: "stall M07".
const stallOf = (e, who) => (e.owner === e.player || !isSeat(e.owner) ? `stall ${cardLabel(e.stall)}`
  : `${whose(who, e.owner)} stall ${cardLabel(e.stall)}`);

// One vegetables_moved as a sentence, by where the vegetables went from and to.
function movedText(e, who) {
  const p = who(e.player);
  const g = vegPhrase(e.goods);
  const on = e.field ? fieldLabel(e.field) : "a field";
  switch (`${e.from}>${e.to}`) {
    case "supply>cart": return `${p} got ${g} from the supply`;
    case "supply>shop": return `${g} into ${whose(who, e.player)} shop`;
    case "supply>field": return `${g} from the supply onto ${whose(who, e.player)} ${on}`;
    case "supply>stall": return `${whose(who, isSeat(e.owner) ? e.owner : e.player)} stall ${cardLabel(e.stall)} is refilled with ${g}`;
    case "cart>supply": return `${p} gave ${g} from the cart`;
    case "cart>shop": return `${p} sold ${g} to the shop`;
    case "cart>storehouse": return `${p} stored ${g} in the Storehouse`;
    case "cart>field": return `${p} sowed ${g} from the cart on ${on}`;
    case "shop>cart": return `${p} bought ${g} from the shop`;
    case "shop>supply": return `${g} out of ${whose(who, e.player)} shop`;
    case "shop>field": return `${p} planted ${g} from the shop on ${on}`;
    case "field>supply": return `${g} cleared off ${whose(who, e.player)} ${on}`;
    case "stall>cart": return `${p} took ${g} from ${stallOf(e, who)}`;
    case "stall>shop": return `${p} sold ${g} from ${stallOf(e, who)} to the shop`;
    default: return `${g} moved from ${e.from} to ${e.to} (${p})`;
  }
}

// Two vegetables_moved that tell one thing, as one sentence (null: they do not): a trade (the
// goods given to the supply, then the good from the stall) and a sowing or planting (from the
// cart or shop, the rest of the field's tokens from the supply).
function pairText(e, next, who) {
  if (e?.type !== "vegetables_moved" || next?.type !== "vegetables_moved" || e.player !== next.player) return null;
  const p = who(e.player);
  if (e.from === "cart" && e.to === "supply" && next.from === "stall" && next.to === "cart") {
    return `${p} traded ${vegPhrase(e.goods)} for ${vegPhrase(next.goods)} at ${stallOf(next, who)}`;
  }
  if (e.to === "field" && next.from === "supply" && next.to === "field" && e.field === next.field &&
      (e.from === "cart" || e.from === "shop")) {
    const all = {};
    for (const x of [e.goods, next.goods]) for (const [v, n] of Object.entries(x || {})) all[v] = (all[v] || 0) + n;
    return `${p} ${e.from === "cart" ? "sowed" : "planted"} ${vegPhrase(all)} on ${fieldLabel(e.field)}` +
      ` (${total(e.goods)} from the ${e.from}, ${total(next.goods)} from the supply)`;
  }
  return null;
}

// The turn order: "Ann is now Starting player, Bob Second player"; "Cid is Ann's partner".
function orderedText(e, who) {
  if (isSeat(e.partner)) return `${who(e.partner)} is ${whose(who, e.starting)} partner and plays third`;
  if (!isSeat(e.starting)) return "No Starting player";
  return `${who(e.starting)} is now Starting player${isSeat(e.second) ? `, ${who(e.second)} Second player` : ""}`;
}

const PAY_REASON = {
  home_field: "the Home field", purchase: "a purchase", sale: "a sale", customer: "a customer",
  penalty: "a penalty", two_pack: "a Two-pack", keep_card: "keeping a Two-pack card", loan: "a loan",
  storehouse: "the Storehouse upgrade", path: "the Path of Prosperity", helper: "a Helper", offer: "the Offer",
  common_field: "a common field",
};

function paymentText(e, who) {
  const about = e.card ? `${PAY_REASON[e.reason] || e.reason}: ${cardLabel(e.card)}` : PAY_REASON[e.reason] || e.reason;
  const bank = (s) => s === null || s === undefined;
  if (bank(e.from) && bank(e.to)) return `${cash(e.amount)} moved (${about})`;
  if (bank(e.from)) return `${who(e.to)} +${cash(e.amount)} (${about})`;
  if (bank(e.to)) return `${who(e.from)} −${cash(e.amount)} (${about})`;
  return `${who(e.from)} paid ${who(e.to)} ${cash(e.amount)} (${about})`;
}

const DISCARD = {
  helper_used: (p, c) => `${p}'s ${c} is used up and discarded`,
  helper_discarded: (p, c) => `${p}'s ${c} goes to the discard pile`,
  stall_emptied: (p, c) => `${p}'s Market stall ${c} is empty and discarded`,
  customer_done: (p, c) => `${p}'s ${c} is fully served and discarded`,
  casual_served: (p, c) => `${p}'s ${c} is served and discarded`,
  courtyard: (p, c) => `${c} leaves the Courtyard for the discard pile`,
  two_pack_unkept: (p, c) => `${c} of the Two-pack is discarded`,
  field_emptied: (p, c) => `${p}'s ${c} is empty and discarded`,
  offer: (p, c) => `${c} leaves the Offer`,
  out_of_game: (p, c) => `${c} leaves the game`,
};

const FROM = {
  hand: "from the hand", intro: "(START customer)", courtyard: "from the Courtyard", two_pack: "from the Two-pack",
  offer: "from the Offer", under: "from under a card", discard_pile: "from the discard pile", draw_pile: "from the draw pile",
};

export const TIE = ["", "", " (ahead on Cash)", " (ahead on vegetables)", " (shared rank)"];
const RATING = { none: "no rating", good: "good", very_good: "very good", master: "master" };

// Sentences per event type (docs/protocol.md "Events"). Round and phase starts are the log's
// headings, not sentences (null).
export const TELL = {
  round_started: () => null,
  phase_started: () => null,
  turn_started: (e, who) => `${whose(who, e.player)} turn`,
  field_turned: (e, who) => `${who(e.player)} turned up a new field: ${fieldLabel(e.field)}`,
  storehouse_emptied: (e, who) => `${whose(who, e.player)} Storehouse goes back to the cart: ${goods(e.goods)}`,
  harvested: (e, who) =>
    `${who(e.player)} +${e.amount} ${veg(e.crop)} from ${fieldLabel(e.field)}${e.left ? ` (${e.left} left)` : ""}`,
  field_emptied: (e, who) =>
    `${fieldLabel(e.field)} of ${who(e.player)} is empty and ${e.to_discard ? "goes to the discard pile" : "leaves the game"}`,
  cards_dealt: (e, who) => {
    const cards = e.cards || [];
    const open = cards.filter((c) => c !== "hidden");
    return `${who(e.player)} was dealt ${plural(cards.length, "card")}${open.length ? `: ${open.map(cardLabel).join(", ")}` : ""}`;
  },
  cards_to_courtyard: (e, who) => (e.from_draw_pile
    ? `${(e.cards || []).map(cardLabel).join(", ")} turned from the draw pile into the Courtyard`
    : `${who(e.player)} put ${(e.cards || []).map(cardLabel).join(", ")} into the Courtyard`),
  card_played: (e, who) =>
    `${who(e.player)} placed ${cardLabel(e.card)} ${FROM[e.from] || ""}${e.under ? ` on top of ${cardLabel(e.under)}` : ""}`.trim(),
  two_pack_drawn: (e, who) => `${who(e.player)} drew a Two-pack: ${cardLabel(e.top)} over ${cardLabel(e.bottom)}`,
  customer_revealed: (e, who) =>
    `${cardLabel(e.card)} turns up under ${whose(who, e.player)} ${cardLabel(e.from_under)}${e.due ? ", due this round" : ", not due this round"}`,
  card_discarded: (e, who) => {
    const f = DISCARD[e.reason];
    const p = e.player === null || e.player === undefined ? "the table" : who(e.player).replace(/ \(you\)$/, "");
    return f ? f(p, cardLabel(e.card)) : `${cardLabel(e.card)} is discarded`;
  },
  reshuffled: (e) => `The discard pile is shuffled into a new draw pile of ${plural(e.cards, "card")}`,
  payment: (e, who) => paymentText(e, who),
  marker_turned: (e, who) =>
    `${whose(who, e.player)} ${cardLabel(e.card)}: Satisfaction marker turned to ${e.red ? "red" : "blue"}`,
  foreman_took: (e, who) => `${whose(who, e.player)} Foreman took ${cardLabel(e.card)}, discarded by ${who(e.from)}`,
  advanced: (e, who) => (e.steps
    ? `${who(e.player)} moved ${plural(e.steps, "space")} on the Path, to space ${e.position}`
    : `${who(e.player)} stays on space ${e.position}`),
  game_ended: () => "The game is over",
  scored: (e, who) =>
    `${who(e.player)}: rank ${e.rank}, space ${e.position}${e.loans ? ` (back ${plural(e.loans, "space")} for loans)` : ""}, ${cash(e.cash)}, ${plural(e.vegetables, "vegetable")}${TIE[e.tie_break + 1] || ""}`,
  solo_rated: (e) => `Solo result: level ${e.level}, ${RATING[e.rating] || e.rating}`,
  undone: (e) => `(version ${e.version} was taken back)`,
  card_moved: (e, who) => (e.to === null || e.to === undefined
    ? `${cardLabel(e.card)} goes from ${whose(who, e.from)} area into the Offer`
    : `${cardLabel(e.card)} goes from ${whose(who, e.from)} area to ${whose(who, e.to)}`),
  field_returned: (e, who) => `${whose(who, e.player)} ${fieldLabel(e.field)} goes back under the field pile`,
  offer_refilled: (e) => `The Offer is refilled: ${(e.cards || []).map(cardLabel).join(", ")}`,
  vegetables_moved: (e, who) => movedText(e, who),
  players_ordered: (e, who) => orderedText(e, who),
};

// Commands whose own vegetables the headline tells (from the events): the line that says it
// becomes the headline ("Bob traded 2 pumpkins for a cabbage at Ann's stall M07: −1 Cash").
const TOLD_BY_MOVES = {
  trade: (e) => e.from === "cart" && e.to === "supply",
  trader: (e) => e.from === "cart" && e.to === "supply",
  buy: (e) => e.from === "shop" && e.to === "cart",
  sell: (e) => e.from === "cart" && e.to === "shop",
  sow: (e) => e.from === "cart" && e.to === "field",
  plant_home: (e) => e.from === "shop" && e.to === "field",
};

// One event as a sentence, or null for the round and phase starts.
export function eventText(e, who) {
  const tell = Object.hasOwn(TELL, e.type) ? TELL[e.type] : null;
  if (tell) return tell(e, who);
  // An event kind this client does not know yet: still say something readable.
  const rest = Object.entries(e).filter(([k]) => k !== "type").map(([k, v]) => `${k} ${JSON.stringify(v)}`);
  return `${String(e.type).replace(/_/g, " ")}${rest.length ? `: ${rest.join(", ")}` : ""}`;
}

// Cards a command names: events that only repeat them (the card placed where the command put
// it) are left out of the story.
function namedCards(cmd) {
  const out = new Set();
  for (const k of ["card", "hand", "courtyard", "top", "bottom", "customer", "theirs", "mine"]) {
    if (typeof cmd[k] === "string") out.add(cmd[k]);
  }
  return out;
}

// An entry's consequences as sentences, in order. A harvest and the emptied field it left
// make one sentence. Events after a round or phase start are returned in their own chunks:
// [{round, phase, lines: [...]}, ...]; the first chunk (round/phase undefined) belongs with
// the command.
export function consequences(entry, who) {
  const chunks = [{ lines: [] }];
  const named = entry.cmd ? namedCards(entry.cmd) : new Set();
  const events = entry.events || [];
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (e.type === "round_started") { chunks.push({ round: e.round, lines: [] }); continue; }
    if (e.type === "phase_started") {
      const last = chunks[chunks.length - 1];
      if (last.round !== undefined && last.phase === undefined && !last.lines.length) last.phase = e.at;
      else chunks.push({ phase: e.at, lines: [] });
      continue;
    }
    if (e.type === "game_ended") { chunks.push({ phase: "finished", lines: [] }); continue; } // "Game over" heading
    const lines = chunks[chunks.length - 1].lines;
    if (e.type === "card_played" && chunks.length === 1 && named.has(e.card) && !e.under) continue;
    if (e.type === "undone") continue; // the command's sentence says it
    let text = eventText(e, who);
    const next = events[i + 1];
    if (e.type === "harvested" && next?.type === "field_emptied" && next.player === e.player && next.field === e.field) {
      text += `; ${fieldLabel(e.field)} is empty and ${next.to_discard ? "goes to the discard pile" : "leaves the game"}`;
      i++;
    }
    const pair = pairText(e, next, who);
    if (pair) {
      text = pair;
      i++;
    }
    // The first move of the command's own kind is what its headline tells.
    const own = chunks.length === 1 && e.type === "vegetables_moved" && entry.cmd && e.player === entry.player &&
      TOLD_BY_MOVES[entry.cmd.type]?.(e) && !lines.some((l) => l.headline);
    if (text) lines.push(own ? { text, event: e, headline: true } : { text, event: e });
  }
  return chunks;
}

export const PHASE_TITLES = { setup: "Setup", harvest: "Harvest phase", card: "Card phase", action: "Action phase", finished: "Game over" };

// The headline of an entry: the command's sentence, with the Cash the actor paid or got from
// the bank for it ("ann served R09: +6 Cash"); for a trade, purchase, sale or sowing the
// sentence its vegetables_moved tell ("bob bought 2 beans from the shop: −4 Cash"); `lines`:
// its other consequences (the first chunk of consequences() without those payments and that
// sentence).
export function headline(entry, who, chunk = consequences(entry, who)[0]) {
  const own = (l) => l.event.type === "payment" && entry.player !== null && entry.player !== undefined &&
    ((l.event.from === entry.player && (l.event.to === null || l.event.to === undefined)) ||
     (l.event.to === entry.player && (l.event.from === null || l.event.from === undefined)));
  const amounts = chunk.lines.filter(own).map((l) => (l.event.to === entry.player ? `+${cash(l.event.amount)}` : `−${cash(l.event.amount)}`));
  const told = chunk.lines.find((l) => l.headline);
  const text = (told ? told.text : narrate(entry.cmd, entry.player, who)) + (amounts.length ? `: ${amounts.join(", ")}` : "");
  return { text, lines: chunk.lines.filter((l) => !own(l) && l !== told) };
}
