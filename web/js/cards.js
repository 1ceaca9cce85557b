// Display data of the action cards and fields (from shared/rules/cards.md). Only what the
// client shows: names, kinds, wants, pays, stall goods. No rules are decided here.
// Every name is read from the catalog when it is asked for (docs/i18n.md; the names are the
// rulebooks', docs/card-names.md): card.<id>, helper.<kind>, veg.<vegetable>, term.*.
import { t, tk } from "./i18n.js";

export const VEGETABLES = ["wheat", "pumpkin", "turnip", "cabbage", "bean", "leek"];

/// The name of vegetable `v` in the current language for a count of `n` (singular or plural:
/// "poireau", "poireaux"; the count itself is not included). English has one word whatever n
/// ("wheat", "beans"). Anything that is not a vegetable comes back as it is.
export function vegName(v, n = 1) {
  return VEGETABLES.includes(v) ? tk("veg", v, { n }) : String(v ?? "");
}

/// VEG_NAMES[v]: the vegetable's name in the current language, as a kind ("wheat", "beans"; in
/// French and Italian the singular, vegName(v, 1)). Read when asked, so it follows the language;
/// undefined for anything that is not a vegetable.
export const VEG_NAMES = Object.freeze(Object.defineProperties({}, Object.fromEntries(
  VEGETABLES.map((v) => [v, { enumerable: true, get: () => vegName(v, 1) }]))));

export const SHOP = {
  wheat: { spaces: 3, buy: 3, sell: 1 },
  pumpkin: { spaces: 2, buy: 4, sell: 1 },
  turnip: { spaces: 2, buy: 5, sell: 1 },
  cabbage: { spaces: 2, buy: 5, sell: 1 },
  bean: { spaces: 2, buy: 6, sell: 2 },
  leek: { spaces: 2, buy: 6, sell: 2 },
};

const stalls = {
  M01: [["pumpkin", 1], ["turnip", 1], ["cabbage", 1]],
  M02: [["wheat", 1], ["turnip", 1], ["bean", 1]],
  M03: [["wheat", 1], ["turnip", 1], ["leek", 1]],
  M04: [["wheat", 1], ["cabbage", 1], ["leek", 1]],
  M05: [["wheat", 1], ["pumpkin", 1], ["leek", 1]],
  M06: [["turnip", 1], ["cabbage", 2], ["leek", 2]],
  M07: [["pumpkin", 1], ["cabbage", 1], ["leek", 2]],
  M08: [["wheat", 1], ["bean", 1], ["leek", 2]],
  M09: [["pumpkin", 1], ["bean", 2], ["leek", 2]],
  M10: [["turnip", 1], ["bean", 2], ["leek", 2]],
  M11: [["wheat", 1], ["cabbage", 1], ["bean", 1]],
  M12: [["pumpkin", 1], ["cabbage", 1], ["bean", 1]],
  M13: [["pumpkin", 1], ["turnip", 1], ["bean", 1]],
  M14: [["turnip", 1], ["cabbage", 1], ["bean", 2]],
};

const regulars = {
  R01: [["wheat", "pumpkin"], [4, 5, 5, 6], true],
  R02: [["wheat", "wheat"], [4, 5, 5, 6], false],
  R03: [["pumpkin", "turnip"], [4, 5, 6, 7], true],
  R04: [["wheat", "cabbage"], [4, 5, 6, 7], true],
  R05: [["turnip", "turnip"], [5, 6, 6, 7], false],
  R06: [["pumpkin", "cabbage"], [5, 6, 6, 7], false],
  R07: [["pumpkin", "bean"], [5, 6, 7, 8], false],
  R08: [["wheat", "leek"], [5, 6, 7, 8], false],
  R09: [["turnip", "cabbage"], [5, 6, 7, 8], true],
  R10: [["turnip", "bean"], [6, 7, 7, 8], false],
  R11: [["pumpkin", "leek"], [6, 7, 7, 8], false],
  R12: [["cabbage", "bean"], [6, 7, 8, 9], false],
  R13: [["cabbage", "leek"], [7, 8, 8, 9], false],
  R14: [["bean", "leek"], [7, 8, 9, 10], false],
};

const casuals = {
  C01: [["wheat", "pumpkin", "turnip"], 7],
  C02: [["wheat", "wheat", "bean"], 8],
  C03: [["wheat", "turnip", "turnip"], 8],
  C04: [["pumpkin", "pumpkin", "bean"], 9],
  C05: [["wheat", "cabbage", "cabbage"], 9],
  C06: [["wheat", "turnip", "bean"], 9],
  C07: [["pumpkin", "turnip", "cabbage"], 9],
  C08: [["wheat", "pumpkin", "leek"], 9],
  C09: [["pumpkin", "cabbage", "bean"], 10],
  C10: [["pumpkin", "turnip", "leek"], 10],
  C11: [["wheat", "cabbage", "leek"], 10],
  C12: [["pumpkin", "bean", "leek"], 11],
  C13: [["turnip", "cabbage", "leek"], 11],
  C14: [["cabbage", "bean", "leek"], 12],
};

// The Helper cards, in card order. What each does (a short reminder and the full effect in our
// own words, which the help page shows; the rulings behind it are in docs/rules-decisions.md)
// is the catalog's helper.<kind> message, and his name card.<id> (docs/i18n.md).
const helpers = [
  "book-keeper", "con-man", "deliveryman", "foreman", "haggler", "harvest-helper", "maid", "market-crier",
  "market-woman", "merchant", "messenger-boy", "official", "plough-man", "saleswoman", "shopper", "squire",
  "subsistence-farmer", "tenant-farmer", "tout", "trader-1", "trader-2", "trader-3",
];

/// A Helper card's kind: its id without the copy number ("trader-2" → "trader").
export function helperKind(id) {
  return String(id).replace(/-\d$/, "");
}

/// The 20 kinds of Helpers (the three Traders are one kind): the ids of the helper.* messages.
export const HELPER_KINDS = [...new Set(helpers.map(helperKind))];

// Every action card's id by kind, in card order (the help page's tables).
export const CARD_IDS = {
  market_stall: Object.keys(stalls),
  regular: Object.keys(regulars),
  casual: Object.keys(casuals),
  helper: helpers,
  field: ["CF3-1", "CF3-2", "CF4-1", "CF4-2", "CF5-1", "CF5-2"],
};
// [...CARD_IDS]: all 70 ids (the card.* messages), without changing what Object.keys sees.
Object.defineProperty(CARD_IDS, Symbol.iterator, {
  value: function* all() {
    for (const ids of Object.values(CARD_IDS)) yield* ids;
  },
});

const FIELD_ALLOWS = {
  3: VEGETABLES,
  4: ["wheat", "pumpkin", "turnip", "cabbage", "bean"],
  5: ["wheat", "pumpkin", "turnip", "cabbage"],
};

// card(id) → {id, kind, name, ...}; kind is one of field, market_stall, regular, casual,
// helper, hidden, unknown. The names (and a Helper's text and full) are in the current language.
export function card(id) {
  if (id === null || id === undefined) return null;
  if (id === "hidden") return { id, kind: "hidden", name: t("term.a_hidden_card") };
  if (stalls[id]) return { id, kind: "market_stall", name: tk("card", id), goods: stalls[id] };
  if (regulars[id]) {
    const [wants, pays, start] = regulars[id];
    return { id, kind: "regular", name: tk("card", id), wants, pays, start };
  }
  if (casuals[id]) {
    const [wants, pays] = casuals[id];
    return { id, kind: "casual", name: tk("card", id), wants, pays };
  }
  if (helpers.includes(id)) {
    const kind = helperKind(id);
    return { id, kind: "helper", name: tk("card", id), text: tk("helper", kind, { part: "short" }), full: tk("helper", kind, { part: "full" }) };
  }
  const cf = /^CF([345])-([12])$/.exec(id);
  if (cf) {
    const size = Number(cf[1]);
    return { id, kind: "field", name: tk("card", id), size, allows: FIELD_ALLOWS[size] };
  }
  return { id, kind: "unknown", name: id };
}

/// A card's name in the current language; a customer's with the vegetables he wants.
export function cardName(id) {
  const c = card(id);
  if (!c) return t("term.no_card");
  if (c.kind === "regular" || c.kind === "casual") return `${c.name} (${c.wants.map((v) => VEG_NAMES[v]).join(" + ")})`;
  return c.name;
}

/// A field's name in the current language: "Home field", "private field of 3 (A)", or a common
/// field's card name.
export function fieldName(id) {
  if (id === "HOME") return t("term.home_field");
  const pf = /^PF([3-6])-([AB])$/.exec(id);
  if (pf) return t("term.private_field", { size: Number(pf[1]), side: pf[2] });
  return card(id).name;
}
