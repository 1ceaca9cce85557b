// Sentences for the game log: what a command did (past tense) and what it caused (its events,
// docs/protocol.md "Events"). Plain strings only: the caller puts them into text nodes, never
// into markup. `who(seat)` names a player (by account name); null/undefined is the bank.
// Every sentence is one message of the catalog (web/i18n/, prefix "story."), with the names,
// cards, fields and vegetables as its arguments, so that a language can order and agree them.
import { card, cardName, fieldName, vegName } from "./cards.js";
import { describe, vegSome } from "./describe.js";
import { t } from "./i18n.js";

const vegs = (xs) => (xs || []).map((v) => vegName(v)).join(" + ");

// A helper's name (cards.js), for the sentences that name the Helper a command used.
const helperName = (id) => cardName(id);

// A short name for a card in a sentence: the id of customers and stalls (as printed on them),
// the name of Helpers and common fields.
export function cardLabel(id) {
  if (id === null || id === undefined) return t("story.no_card");
  if (id === "hidden") return t("story.hidden_card");
  const c = card(id);
  if (c.kind === "helper") return t("story.card_helper", { name: c.name });
  if (c.kind === "field") return t("story.card_field", { name: c.name, id });
  return String(id);
}

// A player's name as the owner of something: "ann", also for the reader's own seat (names.js
// adds " (you)" in the reader's language; account names have no parentheses).
const owner = (who, seat) => who(seat).replace(/ \([^()]*\)$/, "");
// A field in a sentence: its arguments {field, fk}. The messages say "the Home field", a private
// field by its id ("PF4-A"), a common field by its name, "a field" when none is known.
function fieldArgs(f) {
  if (f === null || f === undefined || f === "") return { field: "", fk: "none" };
  if (f === "HOME") return { field: fieldName(f), fk: "home" };
  if (/^PF/.test(f)) return { field: f, fk: "private" };
  return { field: fieldName(f), fk: "common" };
}

// "1 wheat, 2 beans" (a count and a name), or "nothing".
function goods(counts) {
  const parts = Object.entries(counts || {}).filter(([, n]) => n > 0).map(([v, n]) => `${n} ${vegName(v, n)}`);
  return parts.length ? parts.join(", ") : t("story.nothing");
}

// What `who(player)` did with `cmd`, as one sentence.
export function narrate(cmd, player, who) {
  const name = who(player);
  switch (cmd.type) {
    case "plant_home": return t("story.cmd_plant_home", { name, veg: vegSome(cmd.crop) });
    case "reveal_courtyard": return t("story.cmd_reveal_courtyard", { name });
    case "place_in_courtyard": return t("story.cmd_place_in_courtyard", { name, card: cardLabel(cmd.card) });
    case "take_cards":
      return cmd.courtyard
        ? t("story.cmd_take_cards", { name, hand: cardLabel(cmd.hand), courtyard: cardLabel(cmd.courtyard) })
        : t("story.cmd_take_card", { name, hand: cardLabel(cmd.hand) });
    case "choose_partner": return t("story.cmd_choose_partner", { name, partner: who(cmd.partner) });
    case "sow": return t("story.cmd_sow", { name, veg: vegSome(cmd.crop), ...fieldArgs(cmd.field) });
    case "buy": return t("story.cmd_buy", { name, veg: vegSome(cmd.crop) });
    case "sell": return t("story.cmd_sell", { name, veg: vegSome(cmd.crop) });
    case "trade": return t("story.cmd_trade", { name, give: vegs(cmd.give), get: vegName(cmd.get), stall: cardLabel(cmd.stall) });
    case "discard_helper": return t("story.cmd_discard_helper", { name, card: cardLabel(cmd.card) });
    case "serve_regular": return t("story.cmd_serve", { name, card: cardLabel(cmd.card) });
    case "skip_regular": return t("story.cmd_skip_regular", { name, card: cardLabel(cmd.card) });
    case "serve_casual": return t("story.cmd_serve", { name, card: cardLabel(cmd.card) });
    case "buy_two_pack": return t("story.cmd_buy_two_pack", { name });
    case "keep_two_pack":
      if (!cmd.top) return t("story.cmd_keep_two_pack_none", { name });
      if (!cmd.bottom) return t("story.cmd_keep_two_pack_one", { name, card: cardLabel(cmd.top) });
      return t("story.cmd_keep_two_pack_both", { name, top: cardLabel(cmd.top), bottom: cardLabel(cmd.bottom) });
    case "take_loan": return t("story.cmd_take_loan", { name });
    case "end_turn": return t("story.cmd_end_turn", { name });
    case "upgrade_storehouse": return t("story.cmd_upgrade_storehouse", { name });
    case "discard_veg": return t("story.cmd_discard_veg", { name, veg: vegSome(cmd.crop) });
    case "advance": return t("story.cmd_advance", { name, n: cmd.steps });
    case "undo": return t("story.cmd_undo", { name });
    case "con_man":
      return t("story.cmd_con_man", { name, helper: helperName("con-man"), owner: owner(who, cmd.owner), card: cardLabel(cmd.card) });
    case "deliveryman":
      return t("story.cmd_deliveryman", { name, helper: helperName("deliveryman"), owner: owner(who, cmd.owner), card: cardLabel(cmd.customer) });
    case "trader":
      return t("story.cmd_trader", { name, helper: helperName("trader-1"), give: vegs(cmd.give), get: vegName(cmd.get),
        owner: owner(who, cmd.owner), stall: cardLabel(cmd.stall) });
    case "tout_buy":
      return t("story.cmd_tout_buy", { name, helper: helperName("tout"), owner: owner(who, cmd.owner), card: cardLabel(cmd.customer) });
    case "tout_swap":
      return t("story.cmd_swap", { name, helper: helperName("tout"), mine: cardLabel(cmd.mine), owner: owner(who, cmd.owner),
        theirs: cardLabel(cmd.theirs) });
    case "market_woman":
      return t("story.cmd_swap", { name, helper: helperName("market-woman"), mine: cardLabel(cmd.mine), owner: owner(who, cmd.owner),
        theirs: cardLabel(cmd.theirs) });
    case "subsistence_farmer":
      return t("story.cmd_subsistence_farmer", { name, helper: helperName("subsistence-farmer"), owner: owner(who, cmd.owner),
        ...fieldArgs(cmd.field) });
    case "buy_from_offer": return t("story.cmd_buy_from_offer", { name, card: cardLabel(cmd.card) });
    case "finish_offer": return t("story.cmd_finish_offer", { name });
    case "activate_helper": return t("story.cmd_activate_helper", { name, card: cardLabel(cmd.card) });
    case "foreman_take": return t("story.cmd_foreman_take", { name, helper: helperName("foreman") });
    case "foreman_pass": return t("story.cmd_foreman_pass", { name, helper: helperName("foreman") });
    case "finish_taking": return t("story.cmd_finish_taking", { name });
    case "skip_harvest_helper": return t("story.cmd_skip_harvest_helper", { name, helper: helperName("harvest-helper") });
    default: return t("story.cmd_other", { name, what: describe(cmd, who) });
  }
}

// Vegetables counted in a sentence: "1 wheat", "a cabbage", "2 pumpkins and a leek".
const COUNTED = {
  wheat: "story.count_wheat", pumpkin: "story.count_pumpkin", turnip: "story.count_turnip",
  cabbage: "story.count_cabbage", bean: "story.count_bean", leek: "story.count_leek",
};
export function vegPhrase(counts) {
  const parts = Object.entries(counts || {}).filter(([, n]) => n > 0)
    .map(([v, n]) => (COUNTED[v] ? t(COUNTED[v], { n }) : `${n} ${vegName(v, n)}`));
  if (!parts.length) return t("story.nothing");
  return parts.length === 1 ? parts[0] : t("story.and", { a: parts.slice(0, -1).join(", "), b: parts[parts.length - 1] });
}
const total = (counts) => Object.values(counts || {}).reduce((a, n) => a + (n > 0 ? n : 0), 0);
const isSeat = (s) => s !== null && s !== undefined;
// The arguments of a Market stall in a sentence: {stall, owner, own} ("stall M07" when it is the
// mover's own, "Ann's stall M07" otherwise).
const stallArgs = (e, who) => ({
  stall: cardLabel(e.stall), own: e.owner === e.player || !isSeat(e.owner) ? "yes" : "no",
  owner: isSeat(e.owner) ? owner(who, e.owner) : "",
});

// One vegetables_moved as a sentence, by where the vegetables went from and to.
function movedText(e, who) {
  const name = who(e.player);
  const args = { name, goods: vegPhrase(e.goods), owner: owner(who, e.player) };
  switch (`${e.from}>${e.to}`) {
    case "supply>cart": return t("story.moved_supply_cart", args);
    case "supply>shop": return t("story.moved_supply_shop", args);
    case "supply>field": return t("story.moved_supply_field", { ...args, ...fieldArgs(e.field) });
    case "supply>stall":
      return t("story.moved_supply_stall", { goods: args.goods, owner: owner(who, isSeat(e.owner) ? e.owner : e.player), stall: cardLabel(e.stall) });
    case "cart>supply": return t("story.moved_cart_supply", args);
    case "cart>shop": return t("story.moved_cart_shop", args);
    case "cart>storehouse": return t("story.moved_cart_storehouse", args);
    case "cart>field": return t("story.moved_cart_field", { ...args, ...fieldArgs(e.field) });
    case "shop>cart": return t("story.moved_shop_cart", args);
    case "shop>supply": return t("story.moved_shop_supply", args);
    case "shop>field": return t("story.moved_shop_field", { ...args, ...fieldArgs(e.field) });
    case "field>supply": return t("story.moved_field_supply", { ...args, ...fieldArgs(e.field) });
    case "stall>cart": return t("story.moved_stall_cart", { name, goods: args.goods, ...stallArgs(e, who) });
    case "stall>shop": return t("story.moved_stall_shop", { name, goods: args.goods, ...stallArgs(e, who) });
    default: return t("story.moved_other", { name, goods: args.goods, from: String(e.from), to: String(e.to) });
  }
}

// Two vegetables_moved that tell one thing, as one sentence (null: they do not): a trade (the
// goods given to the supply, then the good from the stall) and a sowing or planting (from the
// cart or shop, the rest of the field's tokens from the supply).
function pairText(e, next, who) {
  if (e?.type !== "vegetables_moved" || next?.type !== "vegetables_moved" || e.player !== next.player) return null;
  const name = who(e.player);
  if (e.from === "cart" && e.to === "supply" && next.from === "stall" && next.to === "cart") {
    return t("story.traded", { name, give: vegPhrase(e.goods), get: vegPhrase(next.goods), ...stallArgs(next, who) });
  }
  if (e.to === "field" && next.from === "supply" && next.to === "field" && e.field === next.field &&
      (e.from === "cart" || e.from === "shop")) {
    const all = {};
    for (const x of [e.goods, next.goods]) for (const [v, n] of Object.entries(x || {})) all[v] = (all[v] || 0) + n;
    return t("story.sowed", { name, from: e.from, goods: vegPhrase(all), ...fieldArgs(e.field), own: total(e.goods), supply: total(next.goods) });
  }
  return null;
}

// The turn order: "Ann is now Starting player, Bob Second player"; "Cid is Ann's partner".
function orderedText(e, who) {
  if (isSeat(e.partner)) return t("story.ordered_partner", { partner: who(e.partner), owner: owner(who, e.starting) });
  if (!isSeat(e.starting)) return t("story.ordered_none");
  if (isSeat(e.second)) return t("story.ordered_second", { starting: who(e.starting), second: who(e.second) });
  return t("story.ordered_starting", { starting: who(e.starting) });
}

const PAY_REASON = {
  home_field: "story.pay_home_field", purchase: "story.pay_purchase", sale: "story.pay_sale", customer: "story.pay_customer",
  penalty: "story.pay_penalty", two_pack: "story.pay_two_pack", keep_card: "story.pay_keep_card", loan: "story.pay_loan",
  storehouse: "story.pay_storehouse", path: "story.pay_path", helper: "story.pay_helper", offer: "story.pay_offer",
  common_field: "story.pay_common_field",
};

function paymentText(e, who) {
  const reason = PAY_REASON[e.reason] ? t(PAY_REASON[e.reason]) : String(e.reason);
  const about = e.card ? t("story.pay_about_card", { reason, card: cardLabel(e.card) }) : reason;
  const bank = (s) => s === null || s === undefined;
  if (bank(e.from) && bank(e.to)) return t("story.payment_moved", { n: e.amount, about });
  if (bank(e.from)) return t("story.payment_got", { name: who(e.to), n: e.amount, about });
  if (bank(e.to)) return t("story.payment_paid", { name: who(e.from), n: e.amount, about });
  return t("story.payment_between", { from: who(e.from), to: who(e.to), n: e.amount, about });
}

const DISCARD = {
  helper_used: "story.discard_helper_used",
  helper_discarded: "story.discard_helper_discarded",
  stall_emptied: "story.discard_stall_emptied",
  customer_done: "story.discard_customer_done",
  casual_served: "story.discard_casual_served",
  courtyard: "story.discard_courtyard",
  two_pack_unkept: "story.discard_two_pack_unkept",
  field_emptied: "story.discard_field_emptied",
  offer: "story.discard_offer",
  out_of_game: "story.discard_out_of_game",
};

// Where a played card came from: a select of the message story.card_played (docs/protocol.md).
const FROM = new Set(["hand", "intro", "courtyard", "two_pack", "offer", "under", "discard_pile", "draw_pile"]);

// How a tie on the Path was broken, by tie_break + 1: " (ahead on Cash)". Read when used (the
// catalog is loaded after this module): TIE[i] is a text.
const TIE_KEYS = [null, null, "story.tie_cash", "story.tie_vegetables", "story.tie_shared"];
export const TIE = {};
TIE_KEYS.forEach((key, i) => Object.defineProperty(TIE, i, { enumerable: true, get: () => (key ? ` (${t(key)})` : "") }));
const RATING = { none: "story.rating_none", good: "story.rating_good", very_good: "story.rating_very_good", master: "story.rating_master" };

const cardList = (xs) => (xs || []).map(cardLabel).join(", ");

// Sentences per event type (docs/protocol.md "Events"). Round and phase starts are the log's
// headings, not sentences (null).
export const TELL = {
  round_started: () => null,
  phase_started: () => null,
  turn_started: (e, who) => t("story.turn_started", { owner: owner(who, e.player) }),
  field_turned: (e, who) => t("story.field_turned", { name: who(e.player), ...fieldArgs(e.field) }),
  storehouse_emptied: (e, who) => t("story.storehouse_emptied", { owner: owner(who, e.player), goods: goods(e.goods) }),
  harvested: (e, who) => t("story.harvested", {
    name: who(e.player), n: e.amount, veg: vegName(e.crop, e.amount), ...fieldArgs(e.field), left: e.left || 0,
  }),
  field_emptied: (e, who) =>
    t("story.field_emptied", { name: who(e.player), ...fieldArgs(e.field), discard: e.to_discard ? "yes" : "no" }),
  cards_dealt: (e, who) => {
    const dealt = e.cards || [];
    const open = dealt.filter((c) => c !== "hidden");
    return open.length
      ? t("story.cards_dealt_open", { name: who(e.player), n: dealt.length, cards: cardList(open) })
      : t("story.cards_dealt", { name: who(e.player), n: dealt.length });
  },
  cards_to_courtyard: (e, who) => (e.from_draw_pile
    ? t("story.courtyard_from_draw_pile", { cards: cardList(e.cards) })
    : t("story.courtyard_put", { name: who(e.player), cards: cardList(e.cards) })),
  card_played: (e, who) => {
    const args = { name: who(e.player), card: cardLabel(e.card), from: FROM.has(e.from) ? e.from : "other" };
    return (e.under ? t("story.card_played_on", { ...args, under: cardLabel(e.under) }) : t("story.card_played", args)).trim();
  },
  two_pack_drawn: (e, who) => t("story.two_pack_drawn", { name: who(e.player), top: cardLabel(e.top), bottom: cardLabel(e.bottom) }),
  customer_revealed: (e, who) => t("story.customer_revealed", {
    card: cardLabel(e.card), owner: owner(who, e.player), under: cardLabel(e.from_under), due: e.due ? "yes" : "no",
  }),
  card_discarded: (e, who) => {
    const key = DISCARD[e.reason];
    const o = e.player === null || e.player === undefined ? t("story.the_table") : owner(who, e.player);
    return key ? t(key, { owner: o, card: cardLabel(e.card) }) : t("story.discard_other", { card: cardLabel(e.card) });
  },
  reshuffled: (e) => t("story.reshuffled", { n: e.cards }),
  payment: (e, who) => paymentText(e, who),
  marker_turned: (e, who) =>
    t("story.marker_turned", { owner: owner(who, e.player), card: cardLabel(e.card), red: e.red ? "yes" : "no" }),
  foreman_took: (e, who) =>
    t("story.foreman_took", { owner: owner(who, e.player), helper: helperName("foreman"), card: cardLabel(e.card), from: who(e.from) }),
  advanced: (e, who) => (e.steps
    ? t("story.advanced", { name: who(e.player), n: e.steps, position: e.position })
    : t("story.stayed", { name: who(e.player), position: e.position })),
  game_ended: () => t("story.game_ended"),
  scored: (e, who) => t("story.scored", {
    name: who(e.player), rank: e.rank, position: e.position, loans: e.loans || 0, cash: e.cash, vegetables: e.vegetables,
    tie: TIE[e.tie_break + 1] || "",
  }),
  solo_rated: (e) => t("story.solo_rated", { level: e.level, rating: RATING[e.rating] ? t(RATING[e.rating]) : String(e.rating) }),
  // Versions as the digits they are (no thousands separator), as everywhere they are shown.
  undone: (e) => t("story.undone", { version: String(e.version) }),
  card_moved: (e, who) => (e.to === null || e.to === undefined
    ? t("story.card_moved_offer", { card: cardLabel(e.card), from: owner(who, e.from) })
    : t("story.card_moved", { card: cardLabel(e.card), from: owner(who, e.from), to: owner(who, e.to) })),
  field_returned: (e, who) => t("story.field_returned", { owner: owner(who, e.player), ...fieldArgs(e.field) }),
  offer_refilled: (e) => t("story.offer_refilled", { cards: cardList(e.cards) }),
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
  // An event kind this client does not know yet: still say something readable (its raw data).
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
      text = t("story.harvested_emptied", { harvest: text, ...fieldArgs(e.field), discard: next.to_discard ? "yes" : "no" });
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

// The log's phase headings, read when used: PHASE_TITLES[phase] is a text.
const PHASE_KEYS = {
  setup: "story.phase_setup", harvest: "story.phase_harvest", card: "story.phase_card", action: "story.phase_action",
  finished: "story.phase_finished",
};
export const PHASE_TITLES = {};
for (const [phase, key] of Object.entries(PHASE_KEYS)) Object.defineProperty(PHASE_TITLES, phase, { enumerable: true, get: () => t(key) });

// The headline of an entry: the command's sentence, with the Cash the actor paid or got from
// the bank for it ("ann served R09: +6 Cash"); for a trade, purchase, sale or sowing the
// sentence its vegetables_moved tell ("bob bought 2 beans from the shop: −4 Cash"); `lines`:
// its other consequences (the first chunk of consequences() without those payments and that
// sentence).
export function headline(entry, who, chunk = consequences(entry, who)[0]) {
  const own = (l) => l.event.type === "payment" && entry.player !== null && entry.player !== undefined &&
    ((l.event.from === entry.player && (l.event.to === null || l.event.to === undefined)) ||
     (l.event.to === entry.player && (l.event.from === null || l.event.from === undefined)));
  const amounts = chunk.lines.filter(own)
    .map((l) => t(l.event.to === entry.player ? "story.cash_plus" : "story.cash_minus", { n: l.event.amount }));
  const told = chunk.lines.find((l) => l.headline);
  const sentence = told ? told.text : narrate(entry.cmd, entry.player, who);
  const text = amounts.length ? t("story.headline_cash", { text: sentence, amounts: amounts.join(", ") }) : sentence;
  return { text, lines: chunk.lines.filter((l) => !own(l) && l !== told) };
}
