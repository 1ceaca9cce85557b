// Redraws by changing only what differs: morph(live, fresh) makes the live element look like
// `fresh` (built from the new view with dom.js's h()), keeping every live node that still has
// a place. So keyboard focus, scroll positions, open <details>, a half-typed input and running
// transitions survive another player's move, and only what changed is touched.
//
// Children are matched by `data-key` when they have one (cards, boards, sections), otherwise by
// tag in order. Listeners added through h() move to the kept node (dom.js records them). A
// node with `data-slot` whose fresh twin is empty is left alone: it holds something the page
// keeps itself (the log). Text that changes marks its element with the class `fx-changed` for
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
  morphChildren(live, fresh);
}

function syncAttributes(live, fresh) {
  for (const { name } of [...live.attributes]) {
    if (fresh.hasAttribute(name)) continue;
    if (name === "open" && live.nodeName === "DETAILS") continue; // the reader opened it
    if (name === "class") {
      const keep = [...live.classList].filter((c) => c.startsWith("fx-"));
      if (keep.length) { live.setAttribute("class", keep.join(" ")); continue; }
    }
    live.removeAttribute(name);
  }
  for (const { name, value } of [...fresh.attributes]) {
    if (name === "open" && live.nodeName === "DETAILS") continue;
    if (name === "class") {
      const keep = [...live.classList].filter((c) => c.startsWith("fx-"));
      const want = keep.length ? `${value} ${keep.join(" ")}` : value;
      if (live.getAttribute("class") !== want) live.setAttribute("class", want);
      continue;
    }
    if (live.getAttribute(name) !== value) live.setAttribute(name, value);
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
  for (const n of wanted) {
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
      morphNode(match, n);
    } else {
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

const kindOf = (n) => `${n.nodeType}:${n.nodeName}`;

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
// log) change with every move and are left alone. One forced layout for all of them, not one
// each: a move may change dozens of things.
const GLOW = ".stat, .field, .card, .goods, .shop-col, .path-space, .badge, .status, .line-stats";

export function flash(elements) {
  const targets = new Set();
  for (const el of elements) {
    if (!el.closest?.(".table-col, .status")) continue;
    targets.add(el.closest(GLOW) || el);
  }
  if (!targets.size) return;
  for (const t of targets) t.classList.remove("fx-changed");
  void document.body.offsetWidth; // restart the animations
  for (const t of targets) t.classList.add("fx-changed");
}

export function settleEffects(root) {
  root.addEventListener("animationend", (e) => {
    e.target.classList?.remove("fx-changed", "fx-new");
  });
}
