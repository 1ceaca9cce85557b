// Words for the server's advice (view.advice, docs/protocol.md "Advice"): what a legal command
// costs and does before it is taken, and why an action a player looks for is not possible now.
// The server computed both with the rules engine; this file only puts them into words.
import { VEG_NAMES } from "./cards.js";
import { describe } from "./describe.js";

const signed = (n) => (n > 0 ? `+${n}` : `−${-n}`);
const vegName = (v) => VEG_NAMES[v] || v;

function goodsText(goods) {
  return Object.entries(goods || {}).filter(([, n]) => n).map(([v, n]) => `${signed(n)} ${vegName(v)}`);
}

// The preview of one legal command as short phrases: [{text, kind}], kind is "cost", "gain",
// "info" or "final" (cannot be taken back).
// Purchases say "free" when they cost nothing (the Offer's first row, a Two-pack's card...).
const PURCHASES = new Set(["buy", "buy_from_offer", "buy_two_pack", "keep_two_pack", "plant_home", "upgrade_storehouse", "tenant_buy_field", "tout_buy"]);

export function previewParts(p, cmd = null) {
  if (!p) return [];
  const out = [];
  if (p.cash) out.push({ text: p.cash < 0 ? `${-p.cash} Cash` : `+${p.cash} Cash`, kind: p.cash < 0 ? "cost" : "gain" });
  else if (cmd && PURCHASES.has(cmd.type)) out.push({ text: "free", kind: "gain" });
  if (p.loans) out.push({ text: `${signed(p.loans)} loan${Math.abs(p.loans) === 1 ? "" : "s"} (1 space back each at the end)`, kind: "info" });
  if (p.position) out.push({ text: `${signed(p.position)} on the Path`, kind: "gain" });
  for (const g of goodsText(p.goods)) out.push({ text: g, kind: g.startsWith("+") ? "gain" : "cost" });
  for (const g of goodsText(p.shop)) out.push({ text: `shop ${g}`, kind: "info" });
  if (p.marker === "red") out.push({ text: "marker turns red", kind: "cost" });
  if (p.marker === "blue") out.push({ text: "marker back to blue", kind: "gain" });
  if (p.undo === false) out.push({ text: "cannot be taken back", kind: "final" });
  return out;
}

// One line for the preview (button titles, confirmations).
export function previewText(p, cmd = null) {
  return previewParts(p, cmd).map((x) => x.text).join(", ");
}

// The legal commands of `view` with their previews: [{cmd, p}].
function choices(view) {
  const legal = view?.legal || [];
  const previews = view?.advice?.legal || [];
  return legal.map((cmd, i) => ({ cmd, p: previews[i] })).filter((x) => x.p);
}

const joinOr = (xs) => (xs.length <= 1 ? xs.join("") : `${xs.slice(0, -1).join(", ")} or ${xs[xs.length - 1]}`);

// How to raise Cash now, from the previews: only what is legal (no sale with the shop full).
export function cashRemedy(view) {
  const gains = choices(view).filter((x) => x.p.cash > 0);
  const best = (type) => Math.max(0, ...gains.filter((x) => x.cmd.type === type).map((x) => x.p.cash));
  const ways = [];
  if (best("sell")) ways.push(`sell a vegetable to your shop (up to +${best("sell")} Cash)`);
  if (best("take_loan")) ways.push(`take a loan (+${best("take_loan")} Cash, 1 space back at the end)`);
  if (gains.some((x) => x.cmd.type === "serve_regular" || x.cmd.type === "serve_casual")) ways.push("serve a customer who pays");
  return ways.length ? `To afford it, ${joinOr(ways)}.` : "Nothing you can do now raises Cash.";
}

// How to get the vegetables `missing` ({veg: n}) now, from the previews of the legal commands
// that put that vegetable on the cart.
export function vegetablesRemedy(missing, view) {
  const all = choices(view);
  const parts = Object.entries(missing || {}).filter(([, n]) => n > 0).map(([veg, n]) => {
    const ways = [];
    const givers = all.filter((x) => (x.p.goods?.[veg] || 0) > 0);
    const buy = givers.find((x) => x.cmd.type === "buy");
    if (buy) ways.push(`buy ${n === 1 ? "it" : "them"} from your shop (${-(buy.p.cash || 0)} Cash each)`);
    if (givers.some((x) => x.cmd.type === "trade")) ways.push("trade for it at a Market stall");
    for (const x of givers.filter((g) => g.cmd.type !== "buy" && g.cmd.type !== "trade").slice(0, 2)) ways.push(describe(x.cmd).replace(/^./, (c) => c.toLowerCase()));
    const need = `${n} ${vegName(veg)}`;
    return ways.length ? `${need} more: ${joinOr(ways)}` : `${need} more, which you cannot get this turn (your fields give vegetables at each harvest)`;
  });
  return parts.length ? ` You need ${parts.join("; ")}.` : "";
}

// Why `b` (an entry of view.advice.blocked) is not possible, in one sentence that names the
// action and, when the engine told its price, the price and the reader's Cash; with the ways
// to get what is lacking, taken from the legal commands' previews.
export function blockedText(b, who, view) {
  const what = describe(b.cmd, who);
  if (b.code === "not_enough_cash" && b.cost !== undefined) {
    return `${what}: costs ${b.cost} Cash, you have ${b.cash ?? "less"}. ${cashRemedy(view)}`;
  }
  if (b.code === "not_in_cart") return `${what}: ${b.message}${vegetablesRemedy(b.missing, view)}`;
  if (b.code === "regulars_pending") {
    const me = view?.game?.players?.[view.seat];
    const waiting = (me?.played || []).filter((pc) => pc.kind === "regular" && !pc.handled).map((pc) => pc.card);
    const list = waiting.length ? ` Still waiting: ${waiting.join(", ")}.` : "";
    return `${what}: ${b.message}${list}`;
  }
  return `${what}: ${b.message}`;
}

// Index of a command in `list` (by value).
export function indexOf(cmd, list) {
  const key = JSON.stringify(cmd);
  return list.findIndex((c) => JSON.stringify(c) === key);
}
