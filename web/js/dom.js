// Tiny DOM helpers: h("div.class#id", {attrs}, children...) builds an element.

// "div.a.b#c" → its tag, classes and id, read once per distinct string (a redraw makes
// thousands of elements from a few dozen tags).
const tags = new Map();
function parseTag(tag) {
  let t = tags.get(tag);
  if (t) return t;
  const [name, ...rest] = tag.split(/(?=[.#])/);
  const classes = rest.filter((p) => p[0] === ".").map((p) => p.slice(1)).join(" ");
  const id = rest.find((p) => p[0] === "#")?.slice(1) || "";
  t = { name: name || "div", classes, id };
  tags.set(tag, t);
  return t;
}

export function h(tag, attrs, ...children) {
  const { name, classes, id } = parseTag(tag);
  const el = document.createElement(name);
  if (classes) el.className = classes;
  if (id) el.id = id;
  if (attrs && (typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = null;
  }
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) listen(el, k.slice(2), v);
    else if (k === "class") el.className += (el.className ? " " : "") + v;
    else if (k === "html") el.innerHTML = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  append(el, ...children);
  return el;
}

export function append(el, ...children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, ...c);
    else el.appendChild(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// An element from SVG markup (the vegetable and card pictures are strings of SVG). Each markup
// is parsed once and cloned after that: a 4-player board draws hundreds of vegetables.
const parsed = new Map();
export function svg(markup) {
  let proto = parsed.get(markup);
  if (!proto) {
    const t = document.createElement("template");
    t.innerHTML = markup.trim();
    proto = t.content.firstChild;
    if (parsed.size > 500) parsed.clear();
    parsed.set(markup, proto);
  }
  const el = proto.cloneNode(true);
  // morph.js leaves the inside of a picture alone when the markup is the same.
  el.markup = markup;
  return el;
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

// Listeners added through h() are recorded on the element, so that morph.js can move them to
// the live node that stays in the page.
function listen(el, type, fn) {
  (el.listeners ||= {})[type] = fn;
  el.addEventListener(type, fn);
}

export function moveListeners(live, fresh) {
  const had = live.listeners || {};
  const want = fresh.listeners || {};
  for (const type of Object.keys(had)) {
    if (had[type] !== want[type]) live.removeEventListener(type, had[type]);
  }
  for (const type of Object.keys(want)) {
    if (had[type] !== want[type]) live.addEventListener(type, want[type]);
  }
  live.listeners = fresh.listeners;
}
