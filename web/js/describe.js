// Words for commands: button labels and game-log lines. `who(seat)` names a player.
import { VEG_NAMES, cardName, fieldName } from "./cards.js";

const v = (c) => VEG_NAMES[c] || c;
const list = (xs) => xs.map(v).join(" + ");

export function describe(cmd, who = (s) => `player ${s + 1}`) {
  switch (cmd.type) {
    case "plant_home": return `Plant ${v(cmd.crop)} on the Home field`;
    case "reveal_courtyard": return "Turn the top card of the draw pile into the Courtyard";
    case "place_in_courtyard": return `Put ${cardName(cmd.card)} into the Courtyard`;
    case "take_cards":
      return cmd.courtyard
        ? `Keep ${cardName(cmd.hand)} and take ${cardName(cmd.courtyard)} from the Courtyard`
        : `Keep ${cardName(cmd.hand)} (the Courtyard is empty)`;
    case "choose_partner": return `Choose ${who(cmd.partner)} as partner`;
    case "sow": return `Sow ${v(cmd.crop)} on the ${fieldName(cmd.field)}`;
    case "buy": return `Buy ${v(cmd.crop)}`;
    case "sell": return `Sell ${v(cmd.crop)} to the shop`;
    case "trade": return `Trade ${list(cmd.give)} for ${v(cmd.get)} at ${cardName(cmd.stall)}`;
    case "discard_helper": return `Discard ${cardName(cmd.card)}`;
    case "serve_regular": return `Deliver to ${cardName(cmd.card)}`;
    case "skip_regular": return `Skip ${cardName(cmd.card)}`;
    case "serve_casual": return `Serve ${cardName(cmd.card)}`;
    case "buy_two_pack": return "Buy a Two-pack";
    case "keep_two_pack":
      if (!cmd.top) return "Keep no card of the Two-pack";
      if (!cmd.bottom) return `Keep only ${cardName(cmd.top)}`;
      return `Keep ${cardName(cmd.top)} on top of ${cardName(cmd.bottom)}`;
    case "take_loan": return "Take a loan (+5 Cash)";
    case "end_turn": return "End turn";
    case "upgrade_storehouse": return "Upgrade the Storehouse (2 Cash)";
    case "discard_veg": return `Discard ${v(cmd.crop)} (does not fit the Storehouse)`;
    case "advance": return cmd.steps === 0 ? "Do not move on the Path of Prosperity" : `Move ${cmd.steps} space${cmd.steps === 1 ? "" : "s"} on the Path of Prosperity`;
    case "undo": return "Undo";
    case "use_book_keeper": return "Use the Book-keeper";
    case "shop_add": return `Book-keeper: put ${v(cmd.crop)} into the shop`;
    case "shop_remove": return `Book-keeper: take ${v(cmd.crop)} out of the shop`;
    case "book_keeper_done": return `Book-keeper: be paid for ${v(cmd.crop)}`;
    case "con_man": return `Con man: take ${who(cmd.owner)}'s ${cardName(cmd.card)}`;
    case "deliveryman": return `Deliveryman: deliver to ${who(cmd.owner)}'s ${cardName(cmd.customer)}`;
    case "foreman_take": return "Foreman: take the Helper";
    case "foreman_pass": return "Foreman: pass";
    case "haggler": return `Haggler: buy ${v(cmd.crop)} 1 cheaper`;
    case "shopper": return `Shopper: buy ${v(cmd.crop)}${cmd.with_haggler ? " with the Haggler" : ""}`;
    case "merchant": {
      let s = `Merchant: buy ${list(cmd.crops)}`;
      if (cmd.haggler) s += ` (Haggler on ${v(cmd.haggler)})`;
      if (cmd.shopper) s += ` (Shopper on ${v(cmd.shopper)})`;
      return s;
    }
    case "harvest_helper": return `Harvest helper: harvest ${cmd.fields.map(fieldName).join(", ")}`;
    case "skip_harvest_helper": return "Harvest helper: do not use";
    case "activate_helper": return `Activate ${cardName(cmd.card)}`;
    case "saleswoman_blue": return "Saleswoman: turn your Satisfaction markers blue";
    case "activate_saleswoman_blue": return "Saleswoman: activate turning markers blue, use it later";
    case "market_crier_refill": return "Market crier: refill your stalls";
    case "market_crier_sell":
      return `Market crier: sell ${cmd.goods.map((g) => `${v(g.good)} from ${cardName(g.stall)}`).join(", ")}`;
    case "market_woman": return `Market woman: swap your ${cardName(cmd.mine)} with ${who(cmd.owner)}'s ${cardName(cmd.theirs)}`;
    case "serve_regular_twice": return `Messenger-boy: deliver twice to ${cardName(cmd.card)}`;
    case "plough_clear": return `Plough-man: clear the ${fieldName(cmd.field)}`;
    case "plough_harvest": return "Plough-man: harvest";
    case "squire_take": return `Squire: take ${cardName(cmd.card)}`;
    case "finish_taking": return "Take no more cards";
    case "subsistence_farmer": return `Subsistence farmer: take from ${who(cmd.owner)}'s ${fieldName(cmd.field)}`;
    case "tenant_buy_field": return `Tenant farmer: buy the ${fieldName(cmd.field)}`;
    case "tenant_swap_field": return `Tenant farmer: swap the ${fieldName(cmd.put)} for the ${fieldName(cmd.take)}`;
    case "tout_swap": return `Tout: swap your ${cardName(cmd.mine)} with ${who(cmd.owner)}'s ${cardName(cmd.theirs)}`;
    case "tout_buy": return `Tout: buy ${who(cmd.owner)}'s ${cardName(cmd.customer)}`;
    case "trader":
      return `Trader: give ${list(cmd.give)} for ${v(cmd.get)} at ${who(cmd.owner)}'s ${cardName(cmd.stall)}`;
    case "buy_from_offer": return `Buy ${cardName(cmd.card)} from the Offer`;
    case "finish_offer": return "Finish buying from the Offer";
    case "con_man_offer": return `Con man: take ${cardName(cmd.card)} from the Offer`;
    case "subsistence_farmer_supply": return `Subsistence farmer: buy ${v(cmd.crop)} from the supply`;
    default: return cmd.type.replace(/_/g, " ");
  }
}

// A command's words in the selection panel, where the thing it is about was already chosen
// on the board: a trade says only what is given (the good wanted is the panel's title).
export function choiceLabel(cmd, who) {
  switch (cmd.type) {
    case "trade": return `Give ${list(cmd.give)}`;
    case "sow": return `Sow ${v(cmd.crop)}`;
    case "trader": return `Trader: give ${list(cmd.give)}`;
    default: return describe(cmd, who);
  }
}

// Group headings for the action panel, one per command type.
export const GROUPS = {
  plant_home: "Plant the Home field",
  place_in_courtyard: "Put a card into the Courtyard",
  take_cards: "Take cards",
  sow: "Sow",
  buy: "Buy from the shop",
  sell: "Sell to the shop",
  trade: "Trade at a Market stall",
  discard_helper: "Discard a Helper",
  serve_regular: "Deliver to a Regular customer",
  skip_regular: "Skip a Regular customer",
  serve_casual: "Serve a Casual customer",
  keep_two_pack: "Keep cards of the Two-pack",
  discard_veg: "Storehouse full: discard",
  advance: "Path of Prosperity",
  choose_partner: "Choose a partner",
  buy_from_offer: "Buy from the Offer",
  activate_helper: "Activate a Helper",
};

export const STEP_NAMES = {
  plant_home: "planting the Home fields",
  distribution: "taking cards",
  choose_partner: "choosing a partner",
  main: "playing the Action phase",
  two_pack: "keeping Two-pack cards",
  store: "filling the Storehouse",
  advance: "moving on the Path of Prosperity",
  harvest_helper: "deciding on the Harvest helper",
  squire: "taking cards with the Squire",
  book_keeper: "using the Book-keeper",
  foreman: "deciding on the Foreman",
  finished: "done",
  offer: "buying from the Offer",
};

// Where Help (#/help/ID) explains each step.
export const STEP_HELP = {
  plant_home: "setup", distribution: "card-phase", choose_partner: "partners", main: "action-phase",
  two_pack: "two-pack", store: "end-of-turn", advance: "end-of-turn", harvest_helper: "helper-harvest-helper",
  squire: "helper-squire", book_keeper: "helper-book-keeper", foreman: "helper-foreman", offer: "solo",
};
