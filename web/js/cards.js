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

// What each Helper does: a short reminder, and the full effect in our own words (the help page
// shows it; the rulings behind it are in docs/rules-decisions.md).
const helpers = {
  "book-keeper": ["Book-keeper", "Rearrange your shop, and be paid for one vegetable.",
    "In your own Distribution turn of the Card phase, or in the Action phase. Rearrange your Shop: put vegetables from the supply onto its empty spaces or take vegetables out of it, as you like, within its spaces. Then name one kind of vegetable and get 1 Cash for each of your fields (the Home field included) sown with it. With Yucata rules the kind that pays most is taken for you."],
  "con-man": ["Con man", "Take another player's uncovered Helper.",
    "Action phase; not for the round's Starting player. Swap the Con man for an uncovered Helper of another player who has already finished his Action phase turn this round. The Con man stays in the game, in that player's area, and you may use the Helper you got at once. Solo game: swap him for any Helper in the Offer; he takes that card's place there."],
  deliveryman: ["Deliveryman", "Deliver to another player's Regular customer.",
    "Action phase. Make one delivery to another player's Regular customer with vegetables from your own cart, and keep what that row pays. If it was the customer's last (fourth) delivery, hand 2 Cash of it to the owner, and the customer is discarded. The owner still has to serve that customer himself this round."],
  foreman: ["Foreman", "Take a discarded Helper (original rules).",
    "Only with the original rules (the Yucata deck leaves him out). Whenever a Helper leaves a play area for the discard pile, used or thrown away, yours or another player's, you may discard the Foreman and take that Helper into your own play area instead; you may use it at once. The game asks you each time (take or pass). In a 4-player Action phase only your partner's Helpers and your own count."],
  haggler: ["Haggler", "Two vegetables of one kind for the price of one.",
    "Action phase. Buy two vegetables of one kind for the price of one. From the Shop this needs two of that kind there; together with the Shopper both come from the supply for the Shopper's lower price; together with the Merchant the two cost 1 Cash."],
  "harvest-helper": ["Harvest helper", "Harvest fields once more, or newly sown fields grow more.",
    "Either in the Harvest phase: right after the normal harvest, take one more vegetable from each of your fields you pick (not the Home field) that still holds 3 or more. Or in the Action phase: activate him, and each field you sow for the rest of this Action phase gets one vegetable more than its spaces."],
  maid: ["Maid", "This Action phase, trading costs one vegetable less.",
    "Action phase. Activate her for the rest of this Action phase: where a Market stall asks for 2 vegetables, you give only 1, also at another player's stall with a Trader. She leaves your play area when activated, so a Two-pack you buy afterwards may cost less."],
  "market-crier": ["Market crier", "Sell stall goods into your shop, or refill your stalls.",
    "Either refill every Market stall you have (a stall that was emptied is gone and cannot be refilled), or move 1 to 3 goods from your stalls onto free spaces of your Shop and be paid their Shop selling price, 3 Cash at most. Refilling is for the Action phase; selling too, and with Yucata rules also in your own Card phase turn (the Offer in the solo game)."],
  "market-woman": ["Market woman", "Swap one of your Market stalls with another player's.",
    "Action phase. Swap one of your Market stalls for one of another player's, and both stalls are filled up again. Any card lying under a swapped stall stays with its owner and comes into play. You need a stall of your own to use her."],
  merchant: ["Merchant", "What your customers want twice: 1 Cash each.",
    "Action phase. For each kind of vegetable that your Regular customers still to be served this round want at least twice between them, you may buy one from your Shop for 1 Cash (Casual customers do not count). With the Haggler you get two of that kind for 1 Cash; with the Shopper one of them is free, taken from the supply, if your Shop holds one."],
  "messenger-boy": ["Messenger-boy", "Deliver to a Regular customer twice this Action phase.",
    "Action phase. Activate him: this Action phase each of your Regular customers may take two deliveries on the same row. The row pays twice and the customer moves up one row only, so it may end up with five or more deliveries. You may deliver once, spend the money, and deliver again; on the top row both deliveries must be made together."],
  official: ["Official", "Your Two-pack is free this Action phase.",
    "Action phase. Activate him: your Two-pack costs nothing for the rest of this Action phase."],
  "plough-man": ["Plough-man", "Clear a field, or harvest once more.",
    "Action phase. Either clear one of your fields (not the Home field) holding 2 or more vegetables, with nothing paid back, so that you can sow it again (a common field is not paid for a second time); or harvest at once every field of yours (not the Home field) that holds exactly one vegetable."],
  saleswoman: ["Saleswoman", "Markers back to blue, or Casual customers pay 2 more.",
    "Action phase. Either turn all your Satisfaction markers back to blue; or activate her so that for the rest of this Action phase your Casual customers pay 2 Cash more than printed, whatever your numbers of Regular and Casual customers."],
  shopper: ["Shopper", "Buy a vegetable 2 Cash cheaper.",
    "Action phase. Buy one vegetable from the supply (your Shop need not have it) for 2 Cash less than the Shop price: wheat 1, pumpkin 2, turnip or cabbage 3, beans or leeks 4. With the Haggler you get two of that kind for that price; with the Merchant, one vegetable the Merchant could buy is free."],
  squire: ["Squire", "Take more cards from the Courtyard.",
    "Card phase. When you take cards, you may take up to 3 from the Courtyard instead of 1, still with one card from your hand. He cannot be used in the round he was played. With Yucata rules you take your first Courtyard card, then use him for up to 2 more. Solo game: buy up to 4 cards from the Offer instead of 2."],
  "subsistence-farmer": ["Subsistence farmer", "Take a vegetable from another player's field.",
    "Action phase. Take one vegetable onto your cart from another player's field (not his Home field) that holds 4 or more, and pay him 1 Cash. Solo game: buy one wheat, pumpkin or turnip from the supply for 1 Cash instead."],
  "tenant-farmer": ["Tenant farmer", "Buy or swap a private field.",
    "Action phase. Either pay 3 Cash and pick any field from your own pile of private fields, the others keeping their order; or put one of your empty, unsown fields under that pile and pick another field from it. Either way you must take a field."],
  tout: ["Tout", "Swap or buy another player's Casual customer.",
    "Action phase. Either swap one of your Casual customers for one of another player's; or buy another player's Casual customer for 2 Cash paid to him and serve it at once from your cart."],
  "trader-1": ["Trader", "Trade at another player's Market stall.",
    "Action phase. Trade once at another player's Market stall as if it were your own: 1 or 2 vegetables from your cart for one of its goods. In round 8 you pay that player 1 Cash for it, in round 9 2 Cash. The deck holds three Traders."],
  "trader-2": ["Trader", "Trade at another player's Market stall.",
    "Action phase. Trade once at another player's Market stall as if it were your own: 1 or 2 vegetables from your cart for one of its goods. In round 8 you pay that player 1 Cash for it, in round 9 2 Cash. The deck holds three Traders."],
  "trader-3": ["Trader", "Trade at another player's Market stall.",
    "Action phase. Trade once at another player's Market stall as if it were your own: 1 or 2 vegetables from your cart for one of its goods. In round 8 you pay that player 1 Cash for it, in round 9 2 Cash. The deck holds three Traders."],
};

// Every action card's id by kind, in card order (the help page's tables).
export const CARD_IDS = {
  market_stall: Object.keys(stalls),
  regular: Object.keys(regulars),
  casual: Object.keys(casuals),
  helper: Object.keys(helpers),
  field: ["CF3-1", "CF3-2", "CF4-1", "CF4-2", "CF5-1", "CF5-2"],
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
    const [name, text, full] = helpers[id];
    return { id, kind: "helper", name, text, full };
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
