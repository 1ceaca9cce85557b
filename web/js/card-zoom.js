// Cards readable where they lie: pointing at a card (a mouse resting on it, or a finger held on
// it for half a second) shows it larger with its whole text beside it, and it goes when the
// pointer leaves or the finger lifts. Keyboard readers have the same text as the card's
// description (aria-describedby is not needed: the help page has it all, and every card says
// its name). One listener on the table for all cards, so a redraw does not touch it.
import { VEG_NAMES, card } from "./cards.js";
import { h } from "./dom.js";

const list = (vs) => vs.map((v) => VEG_NAMES[v] || v).join(" + ");

/// The whole text of a card, in the rulebook's terms.
export function cardText(id) {
  const c = card(id);
  if (!c) return "";
  switch (c.kind) {
    case "helper": return c.full || c.text || "";
    case "regular":
      return `Wants ${list(c.wants)} in every round for four rounds, from the round he is played. ` +
        `Pays ${c.pays.join(", ")} Cash for deliveries 1 to ${c.pays.length}. A round without a delivery ` +
        "turns his marker red; another one while it is red costs 2 Cash.";
    case "casual":
      return `Wants ${list(c.wants)}, all in one turn. Pays ${c.pays} Cash: 2 more if you have fewer Casual ` +
        "than Regular customers, 2 less if you have more.";
    case "market_stall":
      return "Trade at this stall: one of its goods for 1 or 2 vegetables of another kind, each good once. " +
        c.goods.map(([v, n]) => `${VEG_NAMES[v]} for ${n} vegetable${n > 1 ? "s" : ""}`).join("; ") + ".";
    case "field":
      return `A common field of ${c.size} spaces for ${list(c.allows).replace(/ \+ /g, " or ")}. It costs 2 Cash ` +
        "when played; sown, it gives one vegetable each Harvest phase.";
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
    for (const t of [big, ...big.querySelectorAll("*")]) {
      for (const a of ["data-target", "data-key", "id", "tabindex", "role", "aria-pressed"]) t.removeAttribute(a);
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
