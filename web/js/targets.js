// Which things on the board a legal command belongs to, so that clicking a vegetable, a card
// or a field offers exactly the legal commands about it. Keys are strings:
//   hand:CARD  court:CARD  offer:CARD  twopack  drawpile  path  storehouse  loans
//   cart:CROP  shop:CROP  field:SEAT:FIELD  played:SEAT:CARD
export function targetsOf(cmd, me) {
  const mine = (c) => `played:${me}:${c}`;
  switch (cmd.type) {
    case "plant_home": return [`field:${me}:HOME`];
    case "reveal_courtyard": return ["drawpile"];
    case "place_in_courtyard": return [`hand:${cmd.card}`];
    case "take_cards": return cmd.courtyard ? [`hand:${cmd.hand}`, `court:${cmd.courtyard}`] : [`hand:${cmd.hand}`];
    case "sow": return [`field:${me}:${cmd.field}`];
    case "buy": case "haggler": case "shopper": return [`shop:${cmd.crop}`];
    case "sell": case "discard_veg": return [`cart:${cmd.crop}`];
    case "trade": return [mine(cmd.stall)];
    case "discard_helper": case "activate_helper": return [mine(cmd.card)];
    case "serve_regular": case "skip_regular": case "serve_casual": case "serve_regular_twice":
      return [mine(cmd.card)];
    case "buy_two_pack": return ["drawpile"];
    case "keep_two_pack": return ["twopack"];
    case "take_loan": return ["loans"];
    case "upgrade_storehouse": return ["storehouse"];
    case "advance": return ["path"];
    case "con_man": return [`played:${cmd.owner}:${cmd.card}`];
    case "deliveryman": return [`played:${cmd.owner}:${cmd.customer}`];
    case "market_woman": return [mine(cmd.mine), `played:${cmd.owner}:${cmd.theirs}`];
    case "tout_swap": return [mine(cmd.mine), `played:${cmd.owner}:${cmd.theirs}`];
    case "tout_buy": return [`played:${cmd.owner}:${cmd.customer}`];
    case "trader": return [`played:${cmd.owner}:${cmd.stall}`];
    case "plough_clear": return [`field:${me}:${cmd.field}`];
    case "subsistence_farmer": return [`field:${cmd.owner}:${cmd.field}`];
    case "squire_take": return [`court:${cmd.card}`];
    case "buy_from_offer": case "con_man_offer": return [`offer:${cmd.card}`];
    case "shop_add": case "shop_remove": case "book_keeper_done": return [`shop:${cmd.crop}`];
    default: return [];
  }
}

export function commandsFor(key, legal, me) {
  return legal.filter((c) => targetsOf(c, me).includes(key));
}
