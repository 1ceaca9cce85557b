// Words for commands: button labels and game-log lines. `who(seat)` names a player. Every label
// is one message of the catalog (prefix "describe."); the names of cards, fields and
// vegetables come from cards.js.
import { cardName, fieldName, vegName } from "./cards.js";
import { t } from "./i18n.js";

// A vegetable's name (cards.js): "wheat", "beans" (the kind's name in English).
const v = (c) => vegName(c, 1);
// A vegetable as the object of planting, sowing, buying or selling, without a count: "beans" in
// English (as cards.js names the kind), "des haricots" in French.
const SOME = {
  wheat: "describe.some_wheat", pumpkin: "describe.some_pumpkin", turnip: "describe.some_turnip",
  cabbage: "describe.some_cabbage", bean: "describe.some_bean", leek: "describe.some_leek",
};
export function vegSome(crop) {
  return SOME[crop] ? t(SOME[crop]) : v(crop);
}
const list = (xs) => xs.map(v).join(" + ");
const helper = (id) => cardName(id);

export function describe(cmd, who = (s) => t("describe.player", { n: s + 1 })) {
  switch (cmd.type) {
    case "plant_home": return t("describe.plant_home", { veg: vegSome(cmd.crop) });
    case "reveal_courtyard": return t("describe.reveal_courtyard");
    case "place_in_courtyard": return t("describe.place_in_courtyard", { card: cardName(cmd.card) });
    case "take_cards":
      return cmd.courtyard
        ? t("describe.take_cards", { hand: cardName(cmd.hand), courtyard: cardName(cmd.courtyard) })
        : t("describe.take_card", { hand: cardName(cmd.hand) });
    case "choose_partner": return t("describe.choose_partner", { partner: who(cmd.partner) });
    case "sow": return t("describe.sow", { veg: vegSome(cmd.crop), field: fieldName(cmd.field) });
    case "buy": return t("describe.buy", { veg: vegSome(cmd.crop) });
    case "sell": return t("describe.sell", { veg: vegSome(cmd.crop) });
    case "trade": return t("describe.trade", { give: list(cmd.give), get: v(cmd.get), stall: cardName(cmd.stall) });
    case "discard_helper": return t("describe.discard_helper", { card: cardName(cmd.card) });
    case "serve_regular": return t("describe.serve_regular", { card: cardName(cmd.card) });
    case "skip_regular": return t("describe.skip_regular", { card: cardName(cmd.card) });
    case "serve_casual": return t("describe.serve_casual", { card: cardName(cmd.card) });
    case "buy_two_pack": return t("describe.buy_two_pack");
    case "keep_two_pack":
      if (!cmd.top) return t("describe.keep_two_pack_none");
      if (!cmd.bottom) return t("describe.keep_two_pack_one", { card: cardName(cmd.top) });
      return t("describe.keep_two_pack_both", { top: cardName(cmd.top), bottom: cardName(cmd.bottom) });
    case "take_loan": return t("describe.take_loan");
    case "end_turn": return t("describe.end_turn");
    case "upgrade_storehouse": return t("describe.upgrade_storehouse");
    case "discard_veg": return t("describe.discard_veg", { veg: vegSome(cmd.crop) });
    case "advance": return t("describe.advance", { n: cmd.steps });
    case "undo": return t("describe.undo");
    case "use_book_keeper": return t("describe.use_book_keeper", { helper: helper("book-keeper") });
    case "shop_add": return t("describe.shop_add", { helper: helper("book-keeper"), veg: vegSome(cmd.crop) });
    case "shop_remove": return t("describe.shop_remove", { helper: helper("book-keeper"), veg: vegSome(cmd.crop) });
    case "book_keeper_done": return t("describe.book_keeper_done", { helper: helper("book-keeper"), veg: vegSome(cmd.crop) });
    case "con_man": return t("describe.con_man", { helper: helper("con-man"), owner: who(cmd.owner), card: cardName(cmd.card) });
    case "deliveryman":
      return t("describe.deliveryman", { helper: helper("deliveryman"), owner: who(cmd.owner), card: cardName(cmd.customer) });
    case "foreman_take": return t("describe.foreman_take", { helper: helper("foreman") });
    case "foreman_pass": return t("describe.foreman_pass", { helper: helper("foreman") });
    case "haggler": return t("describe.haggler", { helper: helper("haggler"), veg: vegSome(cmd.crop) });
    case "shopper":
      return t("describe.shopper", { helper: helper("shopper"), veg: vegSome(cmd.crop), with: cmd.with_haggler ? "yes" : "no",
        haggler: helper("haggler") });
    case "merchant":
      return t("describe.merchant", {
        helper: helper("merchant"), vegs: list(cmd.crops),
        with_haggler: cmd.haggler ? "yes" : "no", haggler: helper("haggler"), haggler_veg: cmd.haggler ? v(cmd.haggler) : "",
        with_shopper: cmd.shopper ? "yes" : "no", shopper: helper("shopper"), shopper_veg: cmd.shopper ? v(cmd.shopper) : "",
      });
    case "harvest_helper":
      return t("describe.harvest_helper", { helper: helper("harvest-helper"), fields: cmd.fields.map(fieldName).join(", ") });
    case "skip_harvest_helper": return t("describe.skip_harvest_helper", { helper: helper("harvest-helper") });
    case "activate_helper": return t("describe.activate_helper", { card: cardName(cmd.card) });
    case "saleswoman_blue": return t("describe.saleswoman_blue", { helper: helper("saleswoman") });
    case "activate_saleswoman_blue": return t("describe.activate_saleswoman_blue", { helper: helper("saleswoman") });
    case "market_crier_refill": return t("describe.market_crier_refill", { helper: helper("market-crier") });
    case "market_crier_sell":
      return t("describe.market_crier_sell", {
        helper: helper("market-crier"),
        goods: cmd.goods.map((g) => t("describe.market_crier_good", { veg: v(g.good), stall: cardName(g.stall) })).join(", "),
      });
    case "market_woman":
      return t("describe.market_woman", { helper: helper("market-woman"), mine: cardName(cmd.mine), owner: who(cmd.owner),
        theirs: cardName(cmd.theirs) });
    case "serve_regular_twice": return t("describe.serve_regular_twice", { helper: helper("messenger-boy"), card: cardName(cmd.card) });
    case "plough_clear": return t("describe.plough_clear", { helper: helper("plough-man"), field: fieldName(cmd.field) });
    case "plough_harvest": return t("describe.plough_harvest", { helper: helper("plough-man") });
    case "squire_take": return t("describe.squire_take", { helper: helper("squire"), card: cardName(cmd.card) });
    case "finish_taking": return t("describe.finish_taking");
    case "subsistence_farmer":
      return t("describe.subsistence_farmer", { helper: helper("subsistence-farmer"), owner: who(cmd.owner), field: fieldName(cmd.field) });
    case "tenant_buy_field": return t("describe.tenant_buy_field", { helper: helper("tenant-farmer"), field: fieldName(cmd.field) });
    case "tenant_swap_field":
      return t("describe.tenant_swap_field", { helper: helper("tenant-farmer"), put: fieldName(cmd.put), take: fieldName(cmd.take) });
    case "tout_swap":
      return t("describe.tout_swap", { helper: helper("tout"), mine: cardName(cmd.mine), owner: who(cmd.owner), theirs: cardName(cmd.theirs) });
    case "tout_buy": return t("describe.tout_buy", { helper: helper("tout"), owner: who(cmd.owner), card: cardName(cmd.customer) });
    case "trader":
      return t("describe.trader", { helper: helper("trader-1"), give: list(cmd.give), get: v(cmd.get), owner: who(cmd.owner),
        stall: cardName(cmd.stall) });
    case "buy_from_offer": return t("describe.buy_from_offer", { card: cardName(cmd.card) });
    case "finish_offer": return t("describe.finish_offer");
    case "con_man_offer": return t("describe.con_man_offer", { helper: helper("con-man"), card: cardName(cmd.card) });
    case "subsistence_farmer_supply":
      return t("describe.subsistence_farmer_supply", { helper: helper("subsistence-farmer"), veg: vegSome(cmd.crop) });
    default: return cmd.type.replace(/_/g, " "); // a command this client does not know yet: its wire name
  }
}

// A command's words in the selection panel, where the thing it is about was already chosen
// on the board: a trade says only what is given (the good wanted is the panel's title).
export function choiceLabel(cmd, who) {
  switch (cmd.type) {
    case "trade": return t("describe.choice_trade", { give: list(cmd.give) });
    case "sow": return t("describe.choice_sow", { veg: vegSome(cmd.crop) });
    case "trader": return t("describe.choice_trader", { helper: helper("trader-1"), give: list(cmd.give) });
    default: return describe(cmd, who);
  }
}

// An object whose properties are messages read when used (the catalog is loaded after this
// module): labels({a: "key"}).a is t("key"); labels({a: ["key", () => params]}) passes params.
function labels(keys) {
  const o = {};
  for (const [k, entry] of Object.entries(keys)) {
    const [key, params] = Array.isArray(entry) ? entry : [entry, () => ({})];
    Object.defineProperty(o, k, { enumerable: true, get: () => t(key, params()) });
  }
  return o;
}

// Group headings for the action panel, one per command type of docs/protocol.md: GROUPS[type] is a
// text (a Helper's commands name the Helper). tests/web/advice_test.mjs holds it to the docs.
export const GROUPS = labels({
  plant_home: "describe.group_plant_home",
  place_in_courtyard: "describe.group_place_in_courtyard",
  take_cards: "describe.group_take_cards",
  sow: "describe.group_sow",
  buy: "describe.group_buy",
  sell: "describe.group_sell",
  trade: "describe.group_trade",
  discard_helper: "describe.group_discard_helper",
  serve_regular: "describe.group_serve_regular",
  skip_regular: "describe.group_skip_regular",
  serve_casual: "describe.group_serve_casual",
  keep_two_pack: "describe.group_keep_two_pack",
  discard_veg: "describe.group_discard_veg",
  advance: "describe.group_advance",
  choose_partner: "describe.group_choose_partner",
  buy_from_offer: "describe.group_buy_from_offer",
  activate_helper: "describe.group_activate_helper",
  reveal_courtyard: "describe.group_reveal_courtyard",
  buy_two_pack: "describe.group_buy_two_pack",
  take_loan: "describe.group_take_loan",
  end_turn: "describe.group_end_turn",
  upgrade_storehouse: "describe.group_upgrade_storehouse",
  undo: "describe.group_undo",
  use_book_keeper: ["describe.group_use_book_keeper", () => ({ helper: helper("book-keeper") })],
  shop_add: ["describe.group_shop_add", () => ({ helper: helper("book-keeper") })],
  shop_remove: ["describe.group_shop_remove", () => ({ helper: helper("book-keeper") })],
  book_keeper_done: ["describe.group_book_keeper_done", () => ({ helper: helper("book-keeper") })],
  con_man: ["describe.group_con_man", () => ({ helper: helper("con-man") })],
  deliveryman: ["describe.group_deliveryman", () => ({ helper: helper("deliveryman") })],
  foreman_take: ["describe.group_foreman_take", () => ({ helper: helper("foreman") })],
  foreman_pass: ["describe.group_foreman_pass", () => ({ helper: helper("foreman") })],
  haggler: ["describe.group_haggler", () => ({ helper: helper("haggler") })],
  shopper: ["describe.group_shopper", () => ({ helper: helper("shopper") })],
  merchant: ["describe.group_merchant", () => ({ helper: helper("merchant") })],
  harvest_helper: ["describe.group_harvest_helper", () => ({ helper: helper("harvest-helper") })],
  skip_harvest_helper: ["describe.group_skip_harvest_helper", () => ({ helper: helper("harvest-helper") })],
  saleswoman_blue: ["describe.group_saleswoman_blue", () => ({ helper: helper("saleswoman") })],
  activate_saleswoman_blue: ["describe.group_activate_saleswoman_blue", () => ({ helper: helper("saleswoman") })],
  market_crier_refill: ["describe.group_market_crier_refill", () => ({ helper: helper("market-crier") })],
  market_crier_sell: ["describe.group_market_crier_sell", () => ({ helper: helper("market-crier") })],
  market_woman: ["describe.group_market_woman", () => ({ helper: helper("market-woman") })],
  serve_regular_twice: ["describe.group_serve_regular_twice", () => ({ helper: helper("messenger-boy") })],
  plough_clear: ["describe.group_plough_clear", () => ({ helper: helper("plough-man") })],
  plough_harvest: ["describe.group_plough_harvest", () => ({ helper: helper("plough-man") })],
  squire_take: ["describe.group_squire_take", () => ({ helper: helper("squire") })],
  finish_taking: "describe.group_finish_taking",
  subsistence_farmer: ["describe.group_subsistence_farmer", () => ({ helper: helper("subsistence-farmer") })],
  tenant_buy_field: ["describe.group_tenant_buy_field", () => ({ helper: helper("tenant-farmer") })],
  tenant_swap_field: ["describe.group_tenant_swap_field", () => ({ helper: helper("tenant-farmer") })],
  tout_swap: ["describe.group_tout_swap", () => ({ helper: helper("tout") })],
  tout_buy: ["describe.group_tout_buy", () => ({ helper: helper("tout") })],
  trader: ["describe.group_trader", () => ({ helper: helper("trader-1") })],
  finish_offer: "describe.group_finish_offer",
  con_man_offer: ["describe.group_con_man_offer", () => ({ helper: helper("con-man") })],
  subsistence_farmer_supply: ["describe.group_subsistence_farmer_supply", () => ({ helper: helper("subsistence-farmer") })],
});

// What a step asks for, after "Your move:" / "Waiting for ...": STEP_NAMES[step] is a text.
export const STEP_NAMES = labels({
  plant_home: "describe.step_plant_home",
  distribution: "describe.step_distribution",
  choose_partner: "describe.step_choose_partner",
  main: "describe.step_main",
  two_pack: "describe.step_two_pack",
  store: "describe.step_store",
  advance: "describe.step_advance",
  harvest_helper: ["describe.step_harvest_helper", () => ({ helper: helper("harvest-helper") })],
  squire: ["describe.step_squire", () => ({ helper: helper("squire") })],
  book_keeper: ["describe.step_book_keeper", () => ({ helper: helper("book-keeper") })],
  foreman: ["describe.step_foreman", () => ({ helper: helper("foreman") })],
  finished: "describe.step_finished",
  offer: "describe.step_offer",
});

// Where Help (#/help/ID) explains each step.
export const STEP_HELP = {
  plant_home: "setup", distribution: "card-phase", choose_partner: "partners", main: "action-phase",
  two_pack: "two-pack", store: "end-of-turn", advance: "end-of-turn", harvest_helper: "helper-harvest-helper",
  squire: "helper-squire", book_keeper: "helper-book-keeper", foreman: "helper-foreman", offer: "solo",
};
