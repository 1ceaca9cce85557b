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

const REMEDY = {
  not_enough_cash: "sell a vegetable or take a loan",
};

// Why `b` (an entry of view.advice.blocked) is not possible, in one sentence that names the
// action and, when the engine told its price, the price and the reader's Cash.
export function blockedText(b, who, view) {
  const what = describe(b.cmd, who);
  if (b.code === "not_enough_cash" && b.cost !== undefined) {
    return `${what}: costs ${b.cost} Cash, you have ${b.cash ?? "less"}. To afford it, ${REMEDY.not_enough_cash}.`;
  }
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
