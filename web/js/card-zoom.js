// Cards readable where they lie: pointing at a card (a mouse resting on it, or a finger held on
// it for half a second) shows it larger with its whole text beside it, and it goes when the
// pointer leaves or the finger lifts. Keyboard readers have the same text as the card's
// description (aria-describedby is not needed: the help page has it all, and every card says
// its name). One listener on the table for all cards, so a redraw does not touch it.
import { VEG_NAMES, card } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

const names = (vs) => vs.map((v) => VEG_NAMES[v] || v);
const list = (vs) => names(vs).join(" + ");

/// The whole text of a card, in the rulebook's terms.
export function cardText(id) {
  const c = card(id);
  if (!c) return "";
  switch (c.kind) {
    case "helper": return c.full || c.text || "";
    case "regular":
      return t("table.zoom_regular", { wants: list(c.wants), pays: c.pays.join(", "), n: c.pays.length });
    case "casual":
      return t("table.zoom_casual", { wants: list(c.wants), pays: c.pays });
    case "market_stall":
      return t("table.zoom_stall", {
        goods: c.goods.map(([v, n]) => t("table.zoom_stall_good", { veg: VEG_NAMES[v], n }))
          .reduce((a, b) => t("table.zoom_goods_join", { a, b })),
      });
    case "field":
      return t("table.zoom_field", { size: c.size, vegs: names(c.allows).reduce((a, b) => t("table.either_or", { a, b })) });
    default: return c.name || "";
  }
}

const HOLD_MS = 500;   // a finger held this long shows the card
const REST_MS = 350;   // a mouse resting this long shows it

/// Shows enlarged cards for every `.card[data-card]` inside `root`; returns what stops it.
export function installCardZoom(root) {
  let shown = null;
  let timer = null;
  const hide = () => {
    clearTimeout(timer);
    timer = null;
    shown?.remove();
    shown = null;
  };
  const show = (el) => {
    hide();
    const id = el.dataset.card;
    const text = cardText(id);
    if (!id || id === "hidden" || !text) return;
    // A picture of the card: nothing in it is a control (its goods are buttons on the board)
    // or takes the focus.
    const big = el.cloneNode(true);
    for (const x of [big, ...big.querySelectorAll("*")]) {
      for (const a of ["data-target", "data-key", "id", "tabindex", "role", "aria-pressed"]) x.removeAttribute(a);
    }
    big.inert = true;
    shown = h("div.card-zoom", { role: "tooltip" }, big, h("p.card-zoom-text", text));
    document.body.append(shown);
    // Beside the card, inside the window.
    const r = el.getBoundingClientRect();
    const z = shown.getBoundingClientRect();
    const left = r.right + 8 + z.width <= innerWidth ? r.right + 8 : Math.max(4, r.left - 8 - z.width);
    const top = Math.min(Math.max(4, r.top), Math.max(4, innerHeight - z.height - 4));
    shown.style.setProperty("--zoom-left", `${Math.max(4, Math.min(left, innerWidth - z.width - 4))}px`);
    shown.style.setProperty("--zoom-top", `${top}px`);
    shown.classList.add("placed");
  };
  const cardAt = (e) => e.target.closest?.(".card[data-card]");
  root.addEventListener("pointerover", (e) => {
    if (e.pointerType !== "mouse") return;
    const el = cardAt(e);
    if (!el) return;
    clearTimeout(timer);
    timer = setTimeout(() => show(el), REST_MS);
  });
  root.addEventListener("pointerout", (e) => {
    if (e.pointerType !== "mouse") return;
    const el = cardAt(e);
    if (el && !el.contains(e.relatedTarget)) hide();
  });
  root.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "mouse") { hide(); return; }
    const el = cardAt(e);
    if (!el) return;
    clearTimeout(timer);
    timer = setTimeout(() => show(el), HOLD_MS);
  });
  for (const type of ["pointerup", "pointercancel"]) {
    root.addEventListener(type, (e) => { if (e.pointerType !== "mouse") hide(); });
  }
  // A held finger would open the browser's own menu over the card.
  root.addEventListener("contextmenu", (e) => { if (shown && cardAt(e)) e.preventDefault(); });
  // A scroll moves the card away from its picture; a picture still to come is placed anew.
  const moved = () => {
    shown?.remove();
    shown = null;
  };
  addEventListener("scroll", moved, { passive: true });
  return () => {
    hide();
    removeEventListener("scroll", moved);
  };
}
