// Words for the server's advice (view.advice, docs/protocol.md "Advice"): what a legal command
// costs and does before it is taken, and why an action a player looks for is not possible now.
// The server computed both with the rules engine; this file only puts them into words.
// Every text is a message of the catalog (prefix "advice."); a rule's refusal is the error
// family's message for its code (tk("error", code)), else the server's own words.
import { vegName } from "./cards.js";
import { describe } from "./describe.js";
import { has, t, tk } from "./i18n.js";

const signed = (n) => (n > 0 ? `+${n}` : `−${-n}`);

function goodsText(goods) {
  return Object.entries(goods || {}).filter(([, n]) => n).map(([v, n]) => `${signed(n)} ${vegName(v, Math.abs(n))}`);
}

// The preview of one legal command as short phrases: [{text, kind}], kind is "cost", "gain",
// "info" or "final" (cannot be taken back).
// Purchases say "free" when they cost nothing (the Offer's first row, a Two-pack's card...).
const PURCHASES = new Set(["buy", "buy_from_offer", "buy_two_pack", "keep_two_pack", "plant_home", "upgrade_storehouse", "tenant_buy_field", "tout_buy"]);

export function previewParts(p, cmd = null) {
  if (!p) return [];
  const out = [];
  if (p.cash) {
    out.push({ text: p.cash < 0 ? t("advice.cost_cash", { n: -p.cash }) : t("advice.gain_cash", { n: p.cash }), kind: p.cash < 0 ? "cost" : "gain" });
  } else if (cmd && PURCHASES.has(cmd.type)) out.push({ text: t("advice.free"), kind: "gain" });
  if (p.loans) {
    out.push({ text: t("advice.loans", { sign: p.loans > 0 ? "+" : "−", n: Math.abs(p.loans) }), kind: "info" });
  }
  if (p.position) out.push({ text: t("advice.path", { n: signed(p.position) }), kind: "gain" });
  for (const g of goodsText(p.goods)) out.push({ text: g, kind: g.startsWith("+") ? "gain" : "cost" });
  for (const g of goodsText(p.shop)) out.push({ text: t("advice.shop_goods", { goods: g }), kind: "info" });
  if (p.marker === "red") out.push({ text: t("advice.marker_red"), kind: "cost" });
  if (p.marker === "blue") out.push({ text: t("advice.marker_blue"), kind: "gain" });
  if (p.undo === false) out.push({ text: t("advice.final"), kind: "final" });
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

const joinOr = (xs) => (xs.length <= 1 ? xs.join("") : t("advice.or", { a: xs.slice(0, -1).join(", "), b: xs[xs.length - 1] }));

// How to raise Cash now, from the previews: only what is legal (no sale with the shop full).
export function cashRemedy(view) {
  const gains = choices(view).filter((x) => x.p.cash > 0);
  const best = (type) => Math.max(0, ...gains.filter((x) => x.cmd.type === type).map((x) => x.p.cash));
  const ways = [];
  if (best("sell")) ways.push(t("advice.way_sell", { n: best("sell") }));
  if (best("take_loan")) ways.push(t("advice.way_loan", { n: best("take_loan") }));
  if (gains.some((x) => x.cmd.type === "serve_regular" || x.cmd.type === "serve_casual")) ways.push(t("advice.way_serve"));
  return ways.length ? t("advice.to_afford", { ways: joinOr(ways) }) : t("advice.no_cash_way");
}

// How to get the vegetables `missing` ({veg: n}) now, from the previews of the legal commands
// that put that vegetable on the cart.
export function vegetablesRemedy(missing, view) {
  const all = choices(view);
  const parts = Object.entries(missing || {}).filter(([, n]) => n > 0).map(([veg, n]) => {
    const ways = [];
    const givers = all.filter((x) => (x.p.goods?.[veg] || 0) > 0);
    const buy = givers.find((x) => x.cmd.type === "buy");
    if (buy) ways.push(t("advice.way_buy", { n, price: -(buy.p.cash || 0) }));
    if (givers.some((x) => x.cmd.type === "trade")) ways.push(t("advice.way_trade"));
    for (const x of givers.filter((g) => g.cmd.type !== "buy" && g.cmd.type !== "trade").slice(0, 2)) ways.push(describe(x.cmd).replace(/^./, (c) => c.toLowerCase()));
    const need = { n, veg: vegName(veg, n) };
    return ways.length ? t("advice.need_ways", { ...need, ways: joinOr(ways) }) : t("advice.need_no_way", need);
  });
  return parts.length ? ` ${t("advice.you_need", { parts: parts.reduce((a, b) => t("advice.then", { a, b })) })}` : "";
}

// Why `b` (an entry of view.advice.blocked) is not possible, in one sentence that names the
// action and, when the engine told its price, the price and the reader's Cash; with the ways
// to get what is lacking, taken from the legal commands' previews.
export function blockedText(b, who, view) {
  const what = describe(b.cmd, who);
  if (b.code === "not_enough_cash" && b.cost !== undefined) {
    const remedy = cashRemedy(view);
    return b.cash === undefined || b.cash === null
      ? t("advice.costs_more", { what, cost: b.cost, remedy })
      : t("advice.costs", { what, cost: b.cost, cash: b.cash, remedy });
  }
  // The rule's words in the reader's language (the error family), else the server's.
  const why = b.code && has("error", b.code) ? tk("error", b.code) : b.message;
  if (b.code === "not_in_cart") return t("advice.blocked", { what, why: `${why}${vegetablesRemedy(b.missing, view)}` });
  if (b.code === "regulars_pending") {
    const me = view?.game?.players?.[view.seat];
    const waiting = (me?.played || []).filter((pc) => pc.kind === "regular" && !pc.handled).map((pc) => pc.card);
    const list = waiting.length ? ` ${t("advice.still_waiting", { cards: waiting.join(", ") })}` : "";
    return t("advice.blocked", { what, why: `${why}${list}` });
  }
  return t("advice.blocked", { what, why });
}

// Index of a command in `list` (by value).
export function indexOf(cmd, list) {
  const key = JSON.stringify(cmd);
  return list.findIndex((c) => JSON.stringify(c) === key);
}
