// The action panel, the selection panel and the dialogs, built only from the view's `legal`
// list and the server's advice (view.advice): each action says what it costs and does before
// it is taken, an action that cannot be taken back asks first, and the actions a player looks
// for but cannot take say why.
import { blockedText, indexOf, previewParts, previewText } from "./advice.js";
import { describe, GROUPS } from "./describe.js";
import { h } from "./dom.js";

const INLINE_MAX = 4; // a group with more choices than this opens a dialog
// Commands allowed at any time are listed apart from the decision the game waits for.
const ANYTIME = new Set(["take_loan", "sell", "discard_helper"]);

const groupTitle = (type) => GROUPS[type] || type[0].toUpperCase() + type.slice(1).replace(/_/g, " ");

// The preview's phrases as small labels after an action's words.
function previewEl(p, cmd) {
  const parts = previewParts(p, cmd);
  if (!parts.length) return null;
  return h("span.preview", parts.map((x) => h(`span.chip.${x.kind}`, x.text)));
}

// One command as a button: its words and its preview. `act(cmd)` takes it.
export function actionButton(cmd, who, act, { advice, legal, cls = "" } = {}) {
  const p = advice?.legal?.[indexOf(cmd, legal || [])];
  return h(`button.action${cls}`, {
    type: "button", "data-cmd-type": cmd.type, "data-key": `cmd:${JSON.stringify(cmd)}`,
    onclick: () => act(cmd),
  }, h("span.action-text", describe(cmd, who)), previewEl(p, cmd));
}

// Groups the legal commands by type, in the order the server listed them.
function grouped(legal) {
  const groups = new Map();
  for (const c of legal) {
    if (!groups.has(c.type)) groups.set(c.type, []);
    groups.get(c.type).push(c);
  }
  return groups;
}

// view: the client view (legal, advice); act(cmd): takes a command (asking first when it
// cannot be taken back); choose(title, cmds): opens the choice dialog. hint: {button, panel}
// (hint.js) or null: the Hint button beside the heading, its answer under it.
export function actionsEl(view, who, { act, choose, hint = null }) {
  const legal = view.legal || [];
  const advice = view.advice;
  const box = h("section.actions", { "aria-label": "your actions", "data-key": "actions" });
  const groups = grouped(legal.filter((c) => c.type !== "undo"));
  const undo = legal.find((c) => c.type === "undo");
  const blocked = advice?.blocked || [];
  box.append(h("div.actions-head", { "data-key": "actions-head" }, h("h3", "Your actions"), hint?.button || null));
  if (hint?.panel) box.append(hint.panel);
  if (!groups.size && !undo && !blocked.length) {
    box.append(h("p.quiet", "Nothing to do right now."));
    return box;
  }
  const list = h("div.action-list");
  const anytime = h("div.action-list.anytime");
  const opts = { advice, legal };
  for (const [type, cmds] of groups) {
    const into = ANYTIME.has(type) ? anytime : list;
    if (cmds.length === 1) {
      into.append(actionButton(cmds[0], who, act, { ...opts, cls: type === "end_turn" ? ".primary" : "" }));
    } else if (cmds.length <= INLINE_MAX) {
      into.append(h("div.action-group", { "data-key": `group:${type}` }, h("span.group-title", groupTitle(type)),
        cmds.map((c) => actionButton(c, who, act, opts))));
    } else {
      const title = groupTitle(type);
      into.append(h("button.action.more", {
        type: "button", "data-cmd-type": type, "data-key": `more:${type}`,
        onclick: () => choose(title, cmds),
      }, `${title}… (${cmds.length} choices)`));
    }
  }
  // End turn is what a player looks for: when it is not possible, it stands there, disabled,
  // with the reason under it.
  const endBlocked = blocked.find((b) => b.cmd.type === "end_turn");
  if (endBlocked) {
    list.append(h("button.action.primary#end-turn-blocked", {
      type: "button", disabled: true, "aria-describedby": "end-turn-why", "data-key": "end-blocked",
    }, "End turn"), h("p.why#end-turn-why", { "data-key": "end-why" }, blockedText(endBlocked, who, view)));
  }
  if (list.childNodes.length) box.append(list);
  const others = blocked.filter((b) => b !== endBlocked);
  if (others.length) {
    box.append(h("details.blocked", { "data-key": "blocked" }, h("summary", `Not possible now (${others.length})`),
      h("ul", others.map((b) => h("li", { "data-key": `b:${JSON.stringify(b.cmd)}` }, blockedText(b, who, view))))));
  }
  if (anytime.childNodes.length) box.append(h("h4", "Any time"), anytime);
  if (undo) box.append(h("div.undo-row", actionButton(undo, who, act, { ...opts, cls: ".undo" })));
  return box;
}

// The selection panel: what can be done with the selected thing on the board (a card, a
// field, the shop...), each choice with its preview, and why the others are not possible.
// about: what the selected card does, in full (a Helper's text).
export function selectionEl(view, who, { title, cmds, blocked, act, onClose, about = null }) {
  const advice = view.advice;
  const legal = view.legal || [];
  return h("section.selection", { "aria-label": `choices for ${title}`, "data-key": "selection" },
    h("div.selection-head", h("h3", title),
      h("button.close-selection", { type: "button", "aria-label": "close the choices", onclick: onClose }, "×")),
    about ? h("p.about", about) : null,
    cmds.length ? h("div.choices", cmds.map((c) => actionButton(c, who, act, { advice, legal, cls: ".choice" })))
      : null,
    blocked.length ? h("ul.why-list", blocked.map((b) => h("li.why", blockedText(b, who, view)))) : null,
    !cmds.length && !blocked.length ? h("p.quiet", "Nothing to do with this now.") : null);
}

// A modal list of commands to choose from (the action panel's long groups).
export function chooseDialog(title, cmds, who, act, { advice, legal } = {}) {
  document.querySelector("dialog.choose")?.remove();
  const dlg = h("dialog.choose", { "aria-label": title });
  const close = () => { dlg.close(); dlg.remove(); };
  dlg.legal = cmds;
  dlg.append(h("h3", title),
    h("div.choices", cmds.map((c) => actionButton(c, who, (cmd) => { close(); act(cmd); }, { advice, legal, cls: ".choice" }))),
    h("div.dialog-foot", h("button.cancel", { type: "button", onclick: close }, "Cancel")));
  dlg.addEventListener("cancel", (e) => { e.preventDefault(); close(); });
  document.body.append(dlg);
  dlg.showModal();
}

// Asks before a command that cannot be taken back; `yes()` sends it. `skip` remembers "do not
// ask again for this kind of action in this game".
export function confirmDialog(cmd, preview, who, yes, skip) {
  document.querySelector("dialog.choose")?.remove();
  const dlg = h("dialog.choose.confirm", { "aria-label": "confirm" });
  dlg.legal = [cmd];
  const close = () => { dlg.close(); dlg.remove(); };
  const again = h("input#confirm-skip", { type: "checkbox" });
  const text = previewText(preview, cmd);
  dlg.append(h("h3", describe(cmd, who)),
    h("p", "This cannot be taken back", text ? ` (${text}).` : "."),
    h("div.choices", h("button.action.choice.primary", { type: "button", onclick: () => {
      if (again.checked) skip();
      close();
      yes();
    } }, `Yes: ${describe(cmd, who)}`)),
    h("label.ask-again", again, ` Do not ask again for "${groupTitle(cmd.type)}" in this game`),
    h("div.dialog-foot", h("button.cancel", { type: "button", onclick: close }, "Cancel")));
  dlg.addEventListener("cancel", (e) => { e.preventDefault(); close(); });
  document.body.append(dlg);
  dlg.showModal();
}

// After the view changed: an open choice dialog keeps the choices that are still legal (and
// closes when none is left), instead of closing whenever anyone else acts.
export function refreshDialogs(legal) {
  for (const d of document.querySelectorAll("dialog.choose")) {
    const still = (d.legal || []).filter((c) => indexOf(c, legal) >= 0);
    if (!still.length) { d.remove(); continue; }
    if (d.classList.contains("confirm")) continue;
    for (const b of d.querySelectorAll("button.choice")) {
      const cmd = JSON.parse(b.dataset.key.slice(4));
      b.disabled = indexOf(cmd, legal) < 0;
    }
  }
}

export function closeDialogs() {
  for (const d of document.querySelectorAll("dialog.choose")) d.remove();
}
