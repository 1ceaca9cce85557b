// Filling the Storehouse in one step: at the end of an Action phase turn whose cart holds more
// than the Storehouse keeps (the `store` step), a small form chooses every vegetable to keep at
// once, and whether to upgrade the Storehouse first; the page then sends the commands that
// makes (upgrade_storehouse, then one discard_veg per vegetable given back). The engine moves
// on to the Path as soon as the cart fits, so the form keeps exactly as many as fit.
import { SHOP, VEGETABLES, VEG_NAMES } from "./cards.js";
import { h } from "./dom.js";
import { indexOf } from "./advice.js";
import { t } from "./i18n.js";
import { veg } from "./render/veg.js";

const SMALL = 1;
const LARGE = 4;
const UPGRADE_COST = 2;

// What to keep by default: the dearest vegetables (what would cost most to buy again).
function defaultKeep(cart, room) {
  const keep = {};
  const order = [...VEGETABLES].sort((a, b) => SHOP[b].buy - SHOP[a].buy);
  for (const v of order) {
    keep[v] = Math.min(cart[v] || 0, room);
    room -= keep[v];
  }
  return keep;
}

// The commands the form's choice makes: the upgrade (when chosen), then the discards.
export function storeCommands(cart, keep, upgrade) {
  const cmds = upgrade ? [{ type: "upgrade_storehouse" }] : [];
  for (const v of VEGETABLES) {
    for (let i = keep[v] || 0; i < (cart[v] || 0); i++) cmds.push({ type: "discard_veg", crop: v });
  }
  return cmds;
}

// view: the reader's view in the `store` step; sendAll(cmds): sends the commands in order.
// Returns null when the step does not ask for it.
export function storeFormEl(view, { sendAll }) {
  const legal = view.legal || [];
  if (view.game.step !== "store" || !legal.some((c) => c.type === "discard_veg")) return null;
  const p = view.game.players[view.seat];
  const cart = p.cart || {};
  const total = VEGETABLES.reduce((n, v) => n + (cart[v] || 0), 0);
  const canUpgrade = indexOf({ type: "upgrade_storehouse" }, legal) >= 0;
  // The handlers read the live form (a redraw morphs the fresh one into it, keeping what was
  // typed), never the tree built here.
  const keepOf = (f, v) => Number(f.querySelector(`#keep-${v}`)?.value || 0);
  const kept = (f) => VEGETABLES.reduce((n, v) => n + keepOf(f, v), 0);
  const update = (f) => {
    const want = Math.min(f.querySelector("#store-upgrade")?.checked ? LARGE : p.storehouse_capacity || SMALL, total);
    const n = kept(f);
    const submit = f.querySelector("#store-keep");
    submit.disabled = n !== want;
    f.querySelector("#store-status").textContent = n === want
      ? t("table.store_keeping", { n, back: total - n })
      : n > want ? t("table.store_too_many", { want, n: n - want }) : t("table.store_too_few", { n: want - n, want });
  };
  const changed = (e) => update(e.target.form);
  // Upgrading (or not) chooses anew what to keep, for the room there is then.
  const upgraded = (e) => {
    const f = e.target.form;
    const keep = defaultKeep(cart, e.target.checked ? LARGE : p.storehouse_capacity || SMALL);
    for (const v of VEGETABLES) { const x = f.querySelector(`#keep-${v}`); if (x) x.value = String(keep[v]); }
    update(f);
  };
  const upgrade = canUpgrade ? h("input#store-upgrade", { type: "checkbox", onchange: upgraded }) : null;
  const defaults = defaultKeep(cart, p.storehouse_capacity || SMALL);
  const rows = VEGETABLES.filter((v) => cart[v]).map((v) => h("div.store-row", { "data-key": `keep-${v}` },
    h("label", { for: `keep-${v}` }, veg(v, 20), ` ${t("table.store_row", { veg: VEG_NAMES[v], n: cart[v] })} `),
    h(`input.keep#keep-${v}`, { type: "number", min: 0, max: cart[v], step: 1, value: defaults[v], inputmode: "numeric", oninput: changed })));
  const form = h("form.store-form#store-form", {
    "data-key": "store-form", "aria-labelledby": "store-title",
    onsubmit: (e) => {
      e.preventDefault();
      const f = e.currentTarget;
      update(f);
      if (f.querySelector("#store-keep").disabled) return;
      const keep = Object.fromEntries(VEGETABLES.map((v) => [v, keepOf(f, v)]));
      sendAll(storeCommands(cart, keep, !!f.querySelector("#store-upgrade")?.checked));
    },
  },
  h("h4#store-title", t("table.store_title")),
  h("p.quiet", t("table.store_intro", { total, room: p.storehouse_capacity || SMALL })),
  rows,
  upgrade ? h("label.store-upgrade", upgrade, " ", t("table.store_upgrade", { cost: UPGRADE_COST, n: LARGE })) : null,
  h("p.store-status#store-status", { role: "status", "aria-live": "polite", "data-key": "store-status" }),
  h("button.primary#store-keep", { type: "submit", "data-key": "store-keep" }, t("table.store_keep")));
  update(form);
  return form;
}

// After a redraw (which writes the fresh form's status over the live one): the status and the
// button follow what the reader typed again.
export function refreshStoreForm(root) {
  root.querySelector("#store-form input.keep")?.dispatchEvent(new Event("input", { bubbles: true }));
}
