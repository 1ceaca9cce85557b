// Redraws by changing only what differs: morph(live, fresh) makes the live element look like
// `fresh` (built from the new view with dom.js's h()), keeping every live node that still has
// a place. So keyboard focus, scroll positions, open <details>, a half-typed input and running
// transitions survive another player's move, and only what changed is touched.
//
// Children are matched by `data-key` when they have one (cards, boards, sections), otherwise by
// tag in order. Listeners added through h() move to the kept node (dom.js records them). A
// node with `data-slot` whose fresh twin is empty is left alone: it holds something the page
// keeps itself (the log). A placeholder of parts.js (`keep`) leaves its live twin as it is.
// Text that changes marks its element with the class `fx-changed` for
// a moment (a CSS animation), so the eye finds what moved; `fx-*` classes are never removed by
// a redraw.
import { moveListeners } from "./dom.js";

const keyOf = (n) => (n.nodeType === 1 ? n.getAttribute("data-key") : null);
const sameKind = (a, b) => a.nodeType === b.nodeType && a.nodeName === b.nodeName;

// Changed elements marked during the current morph (see flash()).
let changed = null;

// animate: mark what changed (not at the first drawing, when everything is new).
let animate = true;
export function morph(live, fresh, { animate: anim = true } = {}) {
  animate = anim;
  changed = new Set();
  morphNode(live, fresh);
  const marked = changed;
  changed = null;
  return marked;
}

function morphNode(live, fresh) {
  if (live.nodeType === 3 || live.nodeType === 8) {
    if (live.nodeValue !== fresh.nodeValue) {
      live.nodeValue = fresh.nodeValue;
      if (live.parentElement && animate) changed.add(live.parentElement);
    }
    return;
  }
  if (fresh.hasAttribute("data-slot") && !fresh.firstChild && live.hasAttribute("data-slot")) return;
  syncAttributes(live, fresh);
  moveListeners(live, fresh);
  if (live.nodeName === "INPUT" || live.nodeName === "SELECT" || live.nodeName === "TEXTAREA") return;
  // A picture from the same markup (dom.js svg()) has the same inside.
  if (live.markup !== undefined && live.markup === fresh.markup) return;
  if (fresh.markup !== undefined) live.markup = fresh.markup;
  else delete live.markup;
  morphChildren(live, fresh);
}

// The fx-* classes of `live`, which a redraw keeps (an animation running).
function effects(live) {
  const cls = live.getAttribute("class");
  if (!cls || !cls.includes("fx-")) return "";
  return cls.split(" ").filter((c) => c.startsWith("fx-")).join(" ");
}

function syncAttributes(live, fresh) {
  const had = live.attributes;
  const want = fresh.attributes;
  // Backwards: removing one shifts the ones after it.
  for (let i = had.length - 1; i >= 0; i--) {
    const name = had[i].name;
    if (fresh.hasAttribute(name)) continue;
    if (name === "open" && live.nodeName === "DETAILS") continue; // the reader opened it
    if (name === "class") {
      const keep = effects(live);
      if (keep) { if (had[i].value !== keep) live.setAttribute("class", keep); continue; }
    }
    live.removeAttribute(name);
  }
  for (let i = 0; i < want.length; i++) {
    const { name, value } = want[i];
    if (name === "open" && live.nodeName === "DETAILS") continue;
    const now = live.getAttribute(name);
    if (now === value) continue;
    if (name === "class") {
      const keep = effects(live);
      const wanted = keep ? `${value} ${keep}` : value;
      if (now !== wanted) live.setAttribute("class", wanted);
      continue;
    }
    live.setAttribute(name, value);
  }
}

function morphChildren(live, fresh) {
  const wanted = [...fresh.childNodes];
  const freshKeys = new Set();
  // How many unkeyed children of each kind are still to be placed (from the current one on).
  const unkeyedLeft = new Map();
  for (const n of wanted) {
    const k = keyOf(n);
    if (k !== null) freshKeys.add(k);
    else unkeyedLeft.set(kindOf(n), (unkeyedLeft.get(kindOf(n)) || 0) + 1);
  }
  const byKey = new Map();
  for (let c = live.firstChild; c; c = c.nextSibling) {
    const k = keyOf(c);
    if (k !== null && freshKeys.has(k)) byKey.set(k, c);
  }
  // A live node that has no place any more goes at once, so that the nodes after it are not
  // moved in front of it (a move loses focus, scroll position and running animations).
  const dropStale = (c) => {
    while (c) {
      const k = keyOf(c);
      const stale = k !== null ? !byKey.has(k) : !(unkeyedLeft.get(kindOf(c)) > 0);
      if (!stale) return c;
      const next = c.nextSibling;
      c.remove();
      c = next;
    }
    return c;
  };
  let cursor = dropStale(live.firstChild);
  for (let n of wanted) {
    const k = keyOf(n);
    let match = null;
    if (k !== null) {
      match = byKey.get(k) || null;
      if (match && !sameKind(match, n)) match = null;
      if (match) byKey.delete(k);
    } else {
      unkeyedLeft.set(kindOf(n), unkeyedLeft.get(kindOf(n)) - 1);
      // The next unkeyed live node of the same kind, skipping keyed ones still to be placed.
      let c = cursor;
      while (c && (keyOf(c) !== null || !sameKind(c, n))) c = c.nextSibling;
      if (c && keyOf(c) === null && sameKind(c, n)) match = c;
    }
    if (match) {
      if (match !== cursor) place(live, match, cursor);
      else cursor = cursor.nextSibling;
      // A part drawn from the same inputs as the page's (parts.js): as it is.
      if (!n.keep) morphNode(match, n);
    } else {
      if (n.keep) n = n.keep();
      live.insertBefore(n, cursor);
      if (n.nodeType === 1 && animate) n.classList.add("fx-new");
    }
    cursor = dropStale(cursor);
  }
  while (cursor) {
    const next = cursor.nextSibling;
    cursor.remove();
    cursor = next;
  }
}

// An element's tag, "#text" or "#comment": nodeName alone tells the kinds apart.
const kindOf = (n) => n.nodeName;

// Moves a live node; where the browser can move it without taking it out of the page
// (Element.moveBefore), focus and state stay with it.
function place(parent, node, before) {
  if (parent.moveBefore) {
    try { parent.moveBefore(node, before); return; } catch { /* not movable that way: insert */ }
  }
  parent.insertBefore(node, before);
}

// Briefly highlights what changed on the table (CSS: .fx-changed); the class goes when the
// animation ends, so the next change animates again. The panels beside the table (actions,
// log) change with every move and are left alone.
const GLOW = ".stat, .field, .card, .goods, .shop-col, .path-space, .badge, .status, .line-stats";

export function flash(elements) {
  const targets = new Set();
  for (const el of elements) {
    if (!el.closest?.(".table-col, .status")) continue;
    targets.add(el.closest(GLOW) || el);
  }
  // Glowing already: the other animation name starts it over, without forcing a layout.
  for (const t of targets) {
    if (t.classList.contains("fx-changed")) t.classList.toggle("fx-again");
    else t.classList.add("fx-changed");
  }
}

export function settleEffects(root) {
  root.addEventListener("animationend", (e) => {
    e.target.classList?.remove("fx-changed", "fx-again", "fx-new");
  });
}
