// Which things on the board a legal command belongs to, so that clicking a vegetable, a card
// or a field offers exactly the legal commands about it. Keys are strings:
//   hand:CARD  court:CARD  offer:CARD  twopack  drawpile  path  storehouse  loans
//   cart:CROP  shop:CROP  field:SEAT:FIELD  played:SEAT:CARD
//   good:SEAT:STALL:CROP (one good of a Market stall: trading for it)
// And which of the legal commands are worth offering at all (offered).
export function targetsOf(cmd, me) {
  const mine = (c) => `played:${me}:${c}`;
  switch (cmd.type) {
    case "plant_home": return [`field:${me}:HOME`];
    case "reveal_courtyard": return ["drawpile"];
    case "place_in_courtyard": return [`hand:${cmd.card}`];
    case "take_cards": return cmd.courtyard ? [`hand:${cmd.hand}`, `court:${cmd.courtyard}`] : [`hand:${cmd.hand}`];
    case "sow": return [`field:${me}:${cmd.field}`];
    case "buy": case "haggler": case "shopper": return [`shop:${cmd.crop}`];
    // A vegetable is sold into a space of the shop: either may be pointed at.
    case "sell": return [`cart:${cmd.crop}`, `shop:${cmd.crop}`];
    case "discard_veg": return [`cart:${cmd.crop}`];
    // A trade is chosen by the good wanted, then what is given for it.
    case "trade": return [`good:${me}:${cmd.stall}:${cmd.get}`];
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
    case "trader": return [`good:${cmd.owner}:${cmd.stall}:${cmd.get}`];
    case "plough_clear": return [`field:${me}:${cmd.field}`];
    case "subsistence_farmer": return [`field:${cmd.owner}:${cmd.field}`];
    case "squire_take": return [`court:${cmd.card}`];
    case "buy_from_offer": case "con_man_offer": return [`offer:${cmd.card}`];
    case "shop_add": case "shop_remove": case "book_keeper_done": return [`shop:${cmd.crop}`];
    default: return [];
  }
}

export function commandsFor(key, legal, me) {
  return targetIndex(legal, me).get(key) || [];
}

// Every target key with its offered commands, made once per legal list and seat (a redraw asks
// for each thing on the board).
const indexes = new WeakMap();
export function targetIndex(legal, me) {
  let byMe = indexes.get(legal);
  if (!byMe) indexes.set(legal, (byMe = new Map()));
  let index = byMe.get(me);
  if (index) return index;
  index = new Map();
  for (const c of offered(legal)) {
    for (const k of targetsOf(c, me)) {
      if (!index.has(k)) index.set(k, []);
      index.get(k).push(c);
    }
  }
  byMe.set(me, index);
  return index;
}

// A command's identity for a player: two Traders in one's play area trade alike, so a trade
// with either is one choice (the first Trader listed is used).
function sameAs(cmd) {
  if (cmd.type === "trader") { const { card: _, ...rest } = cmd; return JSON.stringify(rest); }
  return JSON.stringify(cmd);
}

// Whether a command changes nothing: a trade giving the very vegetable it gets.
function changesNothing(cmd) {
  return (cmd.type === "trade" || cmd.type === "trader") && cmd.give?.length === 1 && cmd.give[0] === cmd.get;
}

// The legal commands worth offering, in the server's order: without duplicates (the same
// trade through another Trader card) and without commands that change nothing. The commands
// themselves are left as the server listed them (view.advice is indexed by them).
const offeredOf = new WeakMap(); // a view's legal list is never changed in place (patch.js)
export function offered(legal) {
  let list = offeredOf.get(legal);
  if (!list) offeredOf.set(legal, (list = offeredAnew(legal)));
  return list;
}

function offeredAnew(legal) {
  const seen = new Set();
  return legal.filter((c) => {
    if (changesNothing(c)) return false;
    const k = sameAs(c);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
