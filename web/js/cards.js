// Display data of the action cards and fields (from shared/rules/cards.md). Only what the
// client shows: names, kinds, wants, pays, stall goods. No rules are decided here.

export const VEGETABLES = ["wheat", "pumpkin", "turnip", "cabbage", "bean", "leek"];
export const VEG_NAMES = {
  wheat: "wheat", pumpkin: "pumpkin", turnip: "turnip", cabbage: "cabbage", bean: "beans", leek: "leeks",
};
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

// Short reminders of what each Helper does (the rulebook has the full texts).
const helpers = {
  "book-keeper": ["Book-keeper", "Rearrange your shop, and be paid for one vegetable."],
  "con-man": ["Con man", "Take another player's uncovered Helper."],
  deliveryman: ["Deliveryman", "Deliver to another player's Regular customer."],
  foreman: ["Foreman", "Take a discarded Helper (original rules)."],
  haggler: ["Haggler", "Buy one vegetable 1 Cash cheaper."],
  "harvest-helper": ["Harvest helper", "Harvest fields once more, or newly sown fields grow more."],
  maid: ["Maid", "This Action phase, trading costs one vegetable less."],
  "market-crier": ["Market crier", "Sell stall goods into your shop, or refill your stalls."],
  "market-woman": ["Market woman", "Swap one of your Market stalls with another player's."],
  merchant: ["Merchant", "Buy several different vegetables at once."],
  "messenger-boy": ["Messenger-boy", "Deliver to a Regular customer twice this Action phase."],
  official: ["Official", "Your customers' wants may be met with any vegetable once."],
  "plough-man": ["Plough-man", "Clear a field, or harvest once more."],
  saleswoman: ["Saleswoman", "Casual customers pay 2 more, or refill a stall."],
  shopper: ["Shopper", "Buy a vegetable 2 Cash cheaper."],
  squire: ["Squire", "Take more cards from the Courtyard."],
  "subsistence-farmer": ["Subsistence farmer", "Take a vegetable from another player's field."],
  "tenant-farmer": ["Tenant farmer", "Buy or swap a private field."],
  tout: ["Tout", "Swap or buy another player's Casual customer."],
  "trader-1": ["Trader", "Trade at another player's Market stall."],
  "trader-2": ["Trader", "Trade at another player's Market stall."],
  "trader-3": ["Trader", "Trade at another player's Market stall."],
};

const FIELD_ALLOWS = {
  3: VEGETABLES,
  4: ["wheat", "pumpkin", "turnip", "cabbage", "bean"],
  5: ["wheat", "pumpkin", "turnip", "cabbage"],
};

// card(id) → {id, kind, name, ...}; kind is one of field, market_stall, regular, casual,
// helper, hidden, unknown.
export function card(id) {
  if (id === null || id === undefined) return null;
  if (id === "hidden") return { id, kind: "hidden", name: "a hidden card" };
  if (stalls[id]) return { id, kind: "market_stall", name: `Market stall ${id.slice(1)}`, goods: stalls[id] };
  if (regulars[id]) {
    const [wants, pays, start] = regulars[id];
    return { id, kind: "regular", name: `Regular customer ${id.slice(1)}`, wants, pays, start };
  }
  if (casuals[id]) {
    const [wants, pays] = casuals[id];
    return { id, kind: "casual", name: `Casual customer ${id.slice(1)}`, wants, pays };
  }
  if (helpers[id]) {
    const [name, text] = helpers[id];
    return { id, kind: "helper", name, text };
  }
  const cf = /^CF([345])-([12])$/.exec(id);
  if (cf) {
    const size = Number(cf[1]);
    return { id, kind: "field", name: `Common field of ${size}`, size, allows: FIELD_ALLOWS[size] };
  }
  return { id, kind: "unknown", name: id };
}

export function cardName(id) {
  const c = card(id);
  if (!c) return "no card";
  if (c.kind === "regular" || c.kind === "casual") return `${c.name} (${c.wants.map((v) => VEG_NAMES[v]).join(" + ")})`;
  return c.name;
}

export function fieldName(id) {
  if (id === "HOME") return "Home field";
  const pf = /^PF([3-6])-([AB])$/.exec(id);
  if (pf) return `private field of ${pf[1]} (${pf[2]})`;
  return card(id).name;
}
