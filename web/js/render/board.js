// A player's board: fields, cart, storehouse, shop, cash and loans, hand and play area.
import { SHOP, VEGETABLES, VEG_NAMES, fieldName, vegName } from "../cards.js";
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { cardEl } from "./card.js";
import { veg, vegCount } from "./veg.js";

// A seat's colour is a class (.seat-0 ... .seat-3 in style.css), not a style attribute, which
// the Content-Security-Policy refuses.
export function seatClass(seat) {
  return `seat-${seat % 4}`;
}

export function seatDot(seat) {
  return h(`span.dot.${seatClass(seat)}`, { "aria-hidden": "true" });
}

function fieldEl(f, seat) {
  const el = h(`div.field${f.crop ? "" : ".unsown"}${f.id === "HOME" ? ".home" : ""}`, {
    "data-key": f.id, "data-target": `field:${seat}:${f.id}`,
    "aria-label": f.crop ? t("render.field_sown", { field: fieldName(f.id), n: f.count, veg: vegName(f.crop, f.count) })
      : t("render.field_unsown", { field: fieldName(f.id) }),
  });
  el.append(h("div.field-name", f.id === "HOME" ? t("render.home_field_short") : f.id, h("span.size", ` ${f.size}`)));
  const spaces = h("div.spaces");
  for (let i = 0; i < f.size; i++) {
    spaces.append(h(`span.space${i < f.count ? ".full" : ""}`, i < f.count && f.crop ? veg(f.crop, 16) : null));
  }
  el.append(spaces);
  if (!f.crop && f.allows) el.append(h("div.allows", { title: t("render.field_allows") }, f.allows.map((v) => veg(v, 13))));
  if (f.under) el.append(h("div.under", t("render.under", { card: f.under })));
  return el;
}

function goodsEl(kind, goods, me, label) {
  const el = h(`div.goods.${kind}`, h("span.label", label));
  const list = h("div.goods-list");
  let any = false;
  for (const v of VEGETABLES) {
    const n = goods?.[v] || 0;
    if (!n) continue;
    any = true;
    list.append(h("span.good-pick", { "data-target": me ? `${kind}:${v}` : null }, vegCount(v, n, 18, 3)));
  }
  if (!any) list.append(h("span.empty", t("render.empty")));
  el.append(list);
  return el;
}

function shopEl(shop, me) {
  const el = h("div.shop", h("span.label", t("term.shop")));
  const grid = h("div.shop-grid");
  for (const v of VEGETABLES) {
    const n = shop?.[v] || 0;
    const info = SHOP[v];
    const slots = h("span.slots");
    for (let i = 0; i < info.spaces; i++) slots.append(h(`span.slot${i < n ? ".full" : ""}`, i < n ? veg(v, 16) : null));
    grid.append(h("div.shop-col", {
      "data-target": me ? `shop:${v}` : null,
      "aria-label": t("render.shop_space", { veg: VEG_NAMES[v], n, buy: info.buy, sell: info.sell }),
    }, slots, h("span.price", { title: t("render.buy_sell") }, `${info.buy}/${info.sell}`)));
  }
  el.append(grid);
  return el;
}

function badgesOf(p, { starting, toAct, partner, who }) {
  const badges = [];
  if (starting) badges.push(h("span.badge.start", { title: t("term.starting_player") }, t("term.starting_player")));
  if (toAct) badges.push(h("span.badge.act", t("render.badge_to_act")));
  if (p.turn_done) badges.push(h("span.badge", t("render.badge_turn_done")));
  if (partner !== null && partner !== undefined && who) {
    badges.push(h("span.badge.partner", { title: t("render.badge_partner_title") },
      t("render.badge_partner", { name: who(partner) })));
  }
  // A Helper activated for this Action phase, by its effect's name (docs/protocol.md).
  for (const e of p.effects || []) badges.push(h("span.badge.effect", t("render.effect", { effect: e, name: e.replace(/_/g, " ") })));
  return badges;
}

// Another player's board as one line (name, Cash, loans, Path, hand, cards in play) that opens
// into the whole board.
export function boardSummaryEl(p, seat, opts) {
  const played = p.played || [];
  const count = (k) => played.filter((c) => c.kind === k).length;
  return h(`details.other-board${opts.toAct ? ".to-act" : ""}`, { "data-key": `board-${seat}` },
    h("summary.board-line", seatDot(seat), h("strong", opts.name), ...badgesOf(p, opts),
      h("span.line-stats",
        h("span", t("render.line_cash", { n: p.cash })), h("span", t("render.line_loans", { n: p.loans })),
        h("span", t("render.line_path", { n: p.position })), h("span", t("render.line_hand", { n: p.hand_count })),
        h("span", t("render.line_cards", { customers: count("regular") + count("casual"), stalls: count("market_stall"), helpers: count("helper") })))),
    boardEl(p, seat, opts));
}

// p: the player object of the state; seat; name; me: is this the viewer's own board.
// opts.part, opts.targets (the live table, parts.js): the board's pieces (fields, goods, shop,
// hand, play area) are drawn anew only when what they show or their click targets changed.
export function boardEl(p, seat, opts) {
  const { name, me, toAct, showHand = false } = opts;
  const piece = (tag, key, inputs, test, make) => {
    const keyed = () => { const x = make(); x.dataset.key = key; return x; };
    return opts.part ? opts.part(tag, key, [...inputs, opts.targets(test)], keyed) : keyed();
  };
  const el = h(`section.board${me ? ".mine" : ""}${toAct ? ".to-act" : ""}`, {
    "aria-label": t("render.board_label", { name }), "data-seat": seat, "data-key": `board-${seat}`,
  });
  el.append(h("header.board-head", seatDot(seat), h("strong", name), ...badgesOf(p, opts)));
  el.append(h("div.stats",
    h("span.stat", { title: t("term.cash") }, `${t("term.cash")} `, h("b.cash", `${p.cash}`)),
    h("span.stat", { "data-target": me ? "loans" : null, title: t("render.stat_loans_title") }, `${t("term.loans")} `, h("b", `${p.loans}`)),
    h("span.stat", { title: t("term.path_of_prosperity") }, `${t("render.stat_path")} `, h("b", `${p.position}`)),
    h("span.stat", { title: t("render.stat_hand_title") }, `${t("render.stat_hand")} `, h("b", `${p.hand_count}`)),
    h("span.stat", { title: t("render.stat_field_pile_title") }, `${t("term.field_pile")} `, h("b", `${p.field_pile_count}`)),
    p.two_pack_price !== undefined ? h("span.stat", { title: t("render.stat_two_pack_title") }, `${t("term.two_pack")} `, h("b", `${p.two_pack_price}`)) : null,
  ));
  el.append(piece("div", `fields-${seat}`, [p.fields, me], (k) => k.startsWith(`field:${seat}:`),
    () => h("div.fields", p.fields.map((f) => fieldEl(f, seat)))));
  el.append(piece("div", `goods-${seat}`, [p.cart, p.storehouse, p.storehouse_capacity, p.storehouse_upgraded, me],
    (k) => me && (k.startsWith("cart:") || k === "storehouse"), () => {
      const store = h("div.storehouse", { "data-target": me ? "storehouse" : null },
        goodsEl("store", p.storehouse, me, t("render.storehouse_label", { capacity: p.storehouse_capacity, upgraded: p.storehouse_upgraded ? "yes" : "no" })));
      return h("div.goods-row", goodsEl("cart", p.cart, me, t("term.cart")), store);
    }));
  el.append(piece("div", `shop-${seat}`, [p.shop, me], (k) => me && k.startsWith("shop:"), () => shopEl(p.shop, me)));
  if (me || (showHand && (p.hand || []).some((c) => c !== "hidden"))) {
    const hand = [...(p.hand || [])];
    if (hand.length || (p.intro && p.intro !== "hidden")) {
      el.append(h("h4", me ? t("render.your_hand") : t("render.stat_hand")), piece("div", `hand-${seat}`, [p.hand, p.intro], (k) => me && k.startsWith("hand:"), () => {
        const handEl = h("div.hand", { "aria-label": t("render.your_hand_label") }, hand.map((c) => cardEl(c, { target: `hand:${c}` })));
        if (p.intro && p.intro !== "hidden") handEl.append(cardEl(p.intro, { target: `hand:${p.intro}`, extra: h("div.note", t("render.start_customer")) }));
        return handEl;
      }));
    }
  } else if (p.intro) {
    el.append(h("div.note", t("render.start_customer_to_play")));
  }
  el.append(piece("div", `play-${seat}`, [p.played], (k) => k.startsWith(`played:${seat}:`) || k.startsWith(`good:${seat}:`),
    () => playAreaEl(p.played || [], seat)));
  return el;
}

export function playAreaEl(played, seat, title = t("render.play_area")) {
  const order = { regular: 0, casual: 1, market_stall: 2, helper: 3 };
  const sorted = [...played].sort((a, b) => (order[a.kind] ?? 9) - (order[b.kind] ?? 9));
  return h("div.play-area", h("h4", title),
    played.length ? h("div.cards", sorted.map((pc) => cardEl(pc.card, { played: pc, target: `played:${seat}:${pc.card}`, seat })))
      : h("div.empty", t("render.no_cards_played")));
}
