// An action card: a coloured frame per kind, its drawing (art.js: a stall's awning, a customer,
// a Helper's emblem, a field's furrows, the gate on the back), the vegetables it wants or offers.
import { card, cardName, VEG_NAMES } from "../cards.js";
import { h, svg } from "../dom.js";
import { t } from "../i18n.js";
import { artSvg, cardArtName } from "./art.js";
import { veg } from "./veg.js";

// The word in a card's band for its kind (hidden and unknown cards have none). The band is
// narrow: a long word in another language carries soft hyphens in its catalog.
const KIND_LABEL = {
  market_stall: "render.band_market_stall", regular: "render.band_regular_customer", casual: "render.band_casual_customer",
  helper: "render.band_helper", field: "render.band_common_field",
};
const kindLabel = (kind) => (KIND_LABEL[kind] ? t(KIND_LABEL[kind]) : "");

function stallLeft(played, c) {
  if (!played) return c.goods.map(([v]) => v);
  const left = played.stall_left;
  if (Array.isArray(left)) return left;
  if (typeof left === "number") return c.goods.filter((_, i) => left & (1 << i)).map(([v]) => v);
  return [];
}

// id: card id; played: the play-area entry (deliveries, red, stall_left, ...) or null;
// target: a click-target key (see targets.js) or null; seat: whose play area it lies in (a
// Market stall's goods are then click targets of their own: trading for them).
export function cardEl(id, { played = null, target = null, extra = null, seat = null } = {}) {
  const c = card(id);
  const el = h(`div.card.k-${c.kind}`, { "data-card": id, "data-key": id === "hidden" ? null : id, "aria-label": cardName(id) });
  if (target) el.dataset.target = target;
  if (c.kind === "hidden") {
    el.append(cardBack());
    return el;
  }
  const name = cardArtName(id);
  // The drawing sits in the kind's band, in a round cameo: the title keeps the card's width.
  el.append(h("div.card-kind", h("span", kindLabel(c.kind)), name ? h("span.card-art", svg(artSvg(name, 26))) : null),
    h("div.card-title", c.kind === "helper" || c.kind === "field" ? c.name : id,
      c.start ? h("span.start-dot", { title: t("render.start_title") }, t("render.start_dot")) : null));
  if (c.kind === "market_stall") {
    const left = stallLeft(played, c);
    const used = new Map();
    el.append(h("div.stall", c.goods.map(([v, cost]) => {
      const n = used.get(v) || 0;
      used.set(v, n + 1);
      const on = left.filter((x) => x === v).length > n;
      const what = t("render.stall_good", { veg: VEG_NAMES[v], cost });
      return h(`div.good${on ? "" : ".gone"}`, {
        title: on ? what : t("render.stall_good_taken", { what }),
        "data-target": on && played && seat !== null ? `good:${seat}:${id}:${v}` : null,
        "aria-label": on && played && seat !== null ? t("render.stall_trade", { veg: VEG_NAMES[v], stall: c.name, cost }) : null,
      }, veg(v, 20), h("span.cost", `${cost}:1`));
    })));
  } else if (c.kind === "regular") {
    const filled = played ? played.deliveries || 0 : 0;
    el.append(h("div.wants", c.wants.map((v) => veg(v, 20))));
    const rows = h("div.rows");
    for (let i = c.pays.length - 1; i >= 0; i--) {
      rows.append(h(`div.row${i < filled ? ".filled" : ""}`, { title: t("render.delivery_row", { row: i + 1, cash: c.pays[i] }) },
        h("span", `${i + 1}.`), h("span.pay", `${c.pays[i]}`)));
    }
    el.append(rows);
    if (played) {
      el.append(h(`div.marker${played.red ? ".red" : ".green"}`,
        played.red ? t("render.marker_red") : t("render.marker_green")));
      if (played.handled) el.append(h("div.note", played.served ? t("render.served_times", { n: played.served }) : t("render.skipped")));
    }
  } else if (c.kind === "casual") {
    el.append(h("div.wants", c.wants.map((v) => veg(v, 20))), h("div.pays", t("render.casual_pays", { cash: c.pays })));
  } else if (c.kind === "helper") {
    el.append(h("div.text", c.text));
    if (c.full) el.title = c.full; // what he does, in full (also on the help page)
    if (played && played.round_played) el.append(h("div.note", t("render.played_in_round", { round: played.round_played })));
  } else if (c.kind === "field") {
    el.append(h("div.text", t("render.field_spaces", { n: c.size })), h("div.allows", c.allows.map((v) => veg(v, 14))));
  }
  if (played && played.under) {
    el.append(h("div.under", { title: t("render.under_title", { card: cardName(played.under) }) }, t("render.under", { card: cardName(played.under) })));
  }
  if (extra) el.append(extra);
  return el;
}

// The back of a card (a hidden card, the draw pile): the gate of Loyang over the name.
export function cardBack() {
  return h("div.card-back", svg(artSvg("back", 40)), h("span", "Loyang"));
}
