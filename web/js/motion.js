// What moved, shown for a moment when a move arrives: the game's events (the log entries new
// since the last drawing) say what to animate. A pawn slides along the Path to its new stone,
// vegetables fly from where they were to where they went (a field to the cart, the cart to the
// shop or the Storehouse, a stall to the cart), a Cash figure pulses with its change rising over
// it, and a card just played glides from the hand, the Courtyard or the Offer into its place.
//
// Short (at most 400 ms) Web Animations on transforms and opacity, never in the way of a click
// (pointer-events: none), and none at all under `prefers-reduced-motion: reduce`. Cheap on a
// redraw: the positions of the few things the events name are read once before the redraw
// (planMotion) and once after it in the next animation frame (playMotion); nothing else is
// measured.
import { VEGETABLES } from "./cards.js";
import { h, svg } from "./dom.js";
import { vegSvg } from "./render/veg.js";

const REDUCE = "(prefers-reduced-motion: reduce)";
const DURATION = 350;
// More than this many entries at once (a reconnection, a long absence): the digest tells it.
const MOST_ENTRIES = 4;
// Vegetables flying at once, and events looked at for them (other players' folded boards
// name places that are not on the screen).
const MOST_FLIGHTS = 6;
const MOST_PLACES = 16;

export function motionAllowed() {
  return !matchMedia(REDUCE).matches && !document.hidden;
}

const board = (seat) => `.board[data-seat="${Number(seat)}"]`;
// Where vegetables lie (see vegetables_moved in docs/protocol.md); null: the supply.
function placeSel(where, seat, e) {
  switch (where) {
    case "cart": return `${board(seat)} .goods.cart`;
    case "storehouse": return `${board(seat)} .storehouse`;
    case "shop": return `${board(seat)} .shop`;
    case "field": return e.field ? `[data-target="field:${Number(seat)}:${CSS.escape(e.field)}"]` : null;
    case "stall": return e.stall ? `${board(e.owner ?? seat)} [data-card="${CSS.escape(e.stall)}"]` : null;
    default: return null;
  }
}

const CARD_FROM = {
  hand: (e) => `${board(e.player)} .hand [data-card="${CSS.escape(e.card)}"]`,
  courtyard: (e) => `.courtyard [data-card="${CSS.escape(e.card)}"]`,
  offer: (e) => `.offer [data-card="${CSS.escape(e.card)}"]`,
  two_pack: (e) => `.two-pack [data-card="${CSS.escape(e.card)}"]`,
};

// A visible element's box, or null (not there, or folded away in a closed <details>).
function boxOf(root, sel) {
  const el = sel && root.querySelector(sel);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return r.width || r.height ? r : null;
}

// entries: the log entries new since the last drawing; root: the live page, not yet redrawn.
// Returns what to animate, with where each thing was, or null when nothing is to move.
export function planMotion(root, entries) {
  if (!entries.length || entries.length > MOST_ENTRIES || !motionAllowed()) return null;
  const plan = { pawns: [], flights: [], cash: new Map(), cards: [], costs: new Map() };
  const fly = (crop, from, to) => { if (plan.flights.length < MOST_PLACES && (from || to)) plan.flights.push({ crop, from, to }); };
  for (const en of entries) {
    for (const e of en.events || []) {
      switch (e.type) {
        case "advanced": if (e.steps) plan.pawns.push({ seat: e.player, cost: 0 }); break;
        case "payment":
          // The price of the steps is shown by the pawn too, where the eye is.
          if (e.reason === "path") plan.costs.set(e.from, (plan.costs.get(e.from) || 0) + e.amount);
          for (const [seat, sign] of [[e.from, -1], [e.to, 1]]) {
            if (seat !== null && seat !== undefined) plan.cash.set(seat, (plan.cash.get(seat) || 0) + sign * e.amount);
          }
          break;
        case "harvested": fly(e.crop, placeSel("field", e.player, e), placeSel("cart", e.to ?? e.player, e)); break;
        case "vegetables_moved": {
          const crop = VEGETABLES.find((v) => e.goods?.[v] > 0);
          if (crop) fly(crop, placeSel(e.from, e.player, e), placeSel(e.to, e.player, e));
          break;
        }
        case "card_played": if (CARD_FROM[e.from] && e.card !== "hidden") plan.cards.push({ card: e.card, from: CARD_FROM[e.from](e) }); break;
        default: break;
      }
    }
  }
  for (const [seat, n] of plan.cash) if (!n) plan.cash.delete(seat);
  for (const p of plan.pawns) p.cost = plan.costs.get(p.seat) || 0;
  if (!plan.pawns.length && !plan.flights.length && !plan.cash.size && !plan.cards.length) return null;
  // Where things were, before the redraw moves them (a pawn relative to its track, which may
  // itself move to another place of the page).
  const path = boxOf(root, ".path");
  for (const p of plan.pawns) {
    const r = boxOf(root, `.path .pawn[data-seat="${Number(p.seat)}"]`);
    p.was = r && path ? { x: r.left - path.left, y: r.top - path.top } : null;
  }
  for (const f of plan.flights) f.was = boxOf(root, f.from);
  for (const c of plan.cards) c.was = boxOf(root, c.from);
  return plan;
}

let layer = null;
function fxLayer() {
  if (!layer || !layer.isConnected) {
    layer = h("div.fx-layer", { "aria-hidden": "true" });
    document.body.append(layer);
  }
  return layer;
}

function float(el, frames, id) {
  fxLayer().append(el);
  const a = el.animate(frames, { duration: DURATION, easing: "ease-out", id });
  a.onfinish = a.oncancel = () => el.remove();
}

const centre = (r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
const seen = (r) => r && r.bottom > 0 && r.top < innerHeight;

// A change of Cash ("+5", "−3") rising from beside a box; pinned: kept on the screen when the
// box is scrolled away (the standings' figure: the change shows at the screen's edge).
function rise(text, sign, at, pinned = false) {
  if (!at || (!pinned && !seen(at))) return;
  const y = pinned ? Math.min(Math.max(at.top, 20), innerHeight - 24) : at.top;
  float(h(`span.fx-delta.${sign}`, text), [{ transform: `translate(${at.right + 2}px, ${y}px)`, opacity: 1 },
    { transform: `translate(${at.right + 2}px, ${y - 16}px)`, opacity: 0 }], "fx-delta");
}

// Starts the animations of a plan once the redraw is laid out (the next frame, before it is
// painted: the moved things never show in their new place first).
export function playMotion(root, plan) {
  requestAnimationFrame(() => {
    if (!root.isConnected || !motionAllowed()) return;
    const path = boxOf(root, ".path");
    for (const p of plan.pawns) {
      const el = root.querySelector(`.path .pawn[data-seat="${Number(p.seat)}"]`);
      if (!el || !p.was || !path) continue;
      const r = el.getBoundingClientRect();
      const dx = p.was.x - (r.left - path.left);
      const dy = p.was.y - (r.top - path.top);
      if (!dx && !dy) continue;
      el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, -4px) scale(1.15)", offset: 0.8 },
        { transform: "none" }], { duration: DURATION, easing: "ease-in-out", id: "fx-pawn" });
      if (p.cost) rise(`−${p.cost}`, "loss", r);
    }
    let flying = 0;
    for (const f of plan.flights) {
      if (flying >= MOST_FLIGHTS) break;
      const to = boxOf(root, f.to);
      const a = f.was ? centre(f.was) : to ? { x: centre(to).x, y: to.top - 14 } : null;
      const b = to ? centre(to) : f.was ? { x: a.x, y: a.y - 18 } : null;
      if (!a || !b || (!seen(f.was) && !seen(to))) continue;
      flying++;
      const el = svg(vegSvg(f.crop, 20));
      el.classList.add("fx-fly");
      float(el, [{ transform: `translate(${a.x - 10}px, ${a.y - 10}px)`, opacity: 1 },
        { transform: `translate(${b.x - 10}px, ${b.y - 10}px) scale(.8)`, opacity: to ? 0.9 : 0 }], "fx-fly");
    }
    for (const [seat, n] of plan.cash) {
      const sign = n > 0 ? "gain" : "loss";
      const text = `${n > 0 ? "+" : "−"}${Math.abs(n)}`;
      const colour = n > 0 ? "#2f7a3a" : "#b3261e";
      const figure = root.querySelector(`${board(seat)} .stats .cash`);
      const cell = root.querySelector(`.standings [data-seat="${Number(seat)}"] .st-cash`);
      for (const el of [figure, cell]) {
        el?.animate([{ color: colour, transform: "scale(1.45)" }, { transform: "none" }], { duration: DURATION, easing: "ease-out", id: "fx-cash" });
      }
      // Over the figure the reader sees: the board's, else the standings' (at the top).
      const mine = boxOf(root, `${board(seat)} .stats .cash`);
      if (seen(mine)) rise(text, sign, mine);
      else rise(text, sign, boxOf(root, `.standings [data-seat="${Number(seat)}"] .st-cash`), true);
    }
    for (const c of plan.cards) {
      const el = c.was && root.querySelector(`.play-area [data-card="${CSS.escape(c.card)}"]`);
      if (!el) continue;
      const r = el.getBoundingClientRect();
      const dx = c.was.left - r.left;
      const dy = c.was.top - r.top;
      if (!r.width || (!dx && !dy) || Math.abs(dy) > innerHeight * 1.5) continue;
      el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }], { duration: DURATION, easing: "ease-out", id: "fx-card" });
    }
  });
}
