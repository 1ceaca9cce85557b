// The action panel, the selection panel and the dialogs, built only from the view's `legal`
// list and the server's advice (view.advice): each action says what it costs and does before
// it is taken, an action that costs something and cannot be taken back asks first
// (needsConfirm), and the actions a player looks for but cannot take say why.
import { blockedText, indexOf, previewParts, previewText } from "./advice.js";
import { choiceLabel, describe, GROUPS } from "./describe.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { art, cardArtName } from "./render/art.js";
import { offered } from "./targets.js";

const INLINE_MAX = 4; // a group with more choices than this opens a dialog
// Commands allowed at any time are listed apart from the decision the game waits for.
const ANYTIME = new Set(["take_loan", "sell", "discard_helper"]);

// A command type's heading; a type without one (a command newer than this client) gets a
// generic heading in the player's language, never its wire name.
const groupTitle = (type) => GROUPS[type] || t("actions.group_other");

// The preview's phrases as small labels after an action's words. The answers to the step the
// game waits for are all final alike: "cannot be taken back" is said where a choice differs
// from the undoable moves around it, not on every planting, card or Path choice.
function previewEl(p, cmd) {
  const parts = previewParts(p, cmd).filter((x) => x.kind !== "final" || !STEP_ANSWERS.has(cmd.type));
  if (!parts.length) return null;
  return h("span.preview", parts.map((x) => h(`span.chip.${x.kind}`, x.text)));
}

// One command as a button: its words (`short`: the words left once the thing it is about was
// chosen on the board) and its preview. `act(cmd)` takes it.
export function actionButton(cmd, who, act, { advice, legal, cls = "", short = false } = {}) {
  const p = advice?.legal?.[indexOf(cmd, legal || [])];
  return h(`button.action${cls}`, {
    type: "button", "data-cmd-type": cmd.type, "data-key": `cmd:${JSON.stringify(cmd)}`,
    onclick: () => act(cmd),
  }, h("span.action-text", short ? choiceLabel(cmd, who) : describe(cmd, who)), previewEl(p, cmd));
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
// costs something and cannot be taken back); choose(title, cmds): opens the choice dialog.
// hint: {button, panel} (hint.js) or null: the Hint button beside the heading, its answer
// under it. store: the Storehouse form (storehouse.js), which stands for the step's discards.
// folded: a thing on the board is selected and the selection panel offers its choices: the
// list folds to a button that closes it (`folded()`), so that nothing is offered twice.
export function actionsEl(view, who, { act, choose, hint = null, store = null, folded = null }) {
  const legal = view.legal || [];
  const advice = view.advice;
  const box = h("section.actions", { "aria-label": t("actions.aria_your_actions"), "data-key": "actions" });
  const shown = offered(legal).filter((c) => c.type !== "undo" && !(store && (c.type === "discard_veg" || c.type === "upgrade_storehouse")));
  const groups = grouped(shown);
  const undo = legal.find((c) => c.type === "undo");
  const blocked = advice?.blocked || [];
  box.append(h("div.actions-head", { "data-key": "actions-head" }, h("h3", t("actions.your_actions")), hint?.button || null));
  if (hint?.panel) box.append(hint.panel);
  if (folded) {
    box.append(h("p.folded", { "data-key": "folded" }, t("actions.folded"), " ",
      h("button.linkish#all-actions", { type: "button", onclick: folded }, t("actions.show_all"))));
    if (undo) box.append(h("div.undo-row", actionButton(undo, who, act, { advice, legal, cls: ".undo" })));
    return box;
  }
  if (store) box.append(store);
  if (!groups.size && !undo && !blocked.length && !store) {
    box.append(h("p.quiet", t("actions.nothing_now")));
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
      }, t("actions.more", { title, n: cmds.length })));
    }
  }
  // End turn is what a player looks for: when it is not possible, it stands there, disabled,
  // with the reason under it.
  const endBlocked = blocked.find((b) => b.cmd.type === "end_turn");
  if (endBlocked) {
    list.append(h("button.action.primary#end-turn-blocked", {
      type: "button", disabled: true, "aria-describedby": "end-turn-why", "data-key": "end-blocked",
    }, t("actions.end_turn")), h("p.why#end-turn-why", { "data-key": "end-why" }, blockedText(endBlocked, who, view)));
  }
  if (list.childNodes.length) box.append(list);
  const others = blocked.filter((b) => b !== endBlocked);
  if (others.length) {
    box.append(h("details.blocked", { "data-key": "blocked" }, h("summary", t("actions.not_possible_now", { n: others.length })),
      h("ul", others.map((b) => h("li", { "data-key": `b:${JSON.stringify(b.cmd)}` }, blockedText(b, who, view))))));
  }
  if (anytime.childNodes.length) box.append(h("h4", t("actions.any_time")), anytime);
  if (undo) box.append(h("div.undo-row", actionButton(undo, who, act, { ...opts, cls: ".undo" })));
  return box;
}

// The selection panel: what can be done with the selected thing on the board (a card, a
// field, the shop...), each choice with its preview, and why the others are not possible.
// about: what the selected card does, in full (a Helper's text).
// The drawing of what a command is about (art.js): the card it plays, buys or uses, the stall
// it trades at, the customer it serves, the field it sows, a stone of the Path; or null.
export function cmdArtName(cmd) {
  if (!cmd) return null;
  const id = cmd.stall || cmd.customer || cmd.card;
  if (typeof id === "string" && id !== "hidden") return cardArtName(id);
  if (cmd.type === "sow" || cmd.type === "plant_home") return "field";
  if (cmd.type === "take_loan") return "coins";
  if (cmd.type === "advance") return "path";
  return null;
}

function artOf(name) {
  return name ? h("span.dialog-art", art(name, 36)) : null;
}

// artName: the drawing of what was selected (a key of art.js), or null.
export function selectionEl(view, who, { title, cmds, blocked, act, onClose, about = null, artName = null }) {
  const advice = view.advice;
  const legal = view.legal || [];
  return h("section.selection", { "aria-label": t("actions.aria_choices_for", { title }), "data-key": "selection" },
    h("div.selection-head", artOf(artName), h("h3", title),
      h("button.close-selection", { type: "button", "aria-label": t("actions.close_choices"), onclick: onClose }, "×")),
    about ? h("p.about", about) : null,
    cmds.length ? h("div.choices", cmds.map((c) => actionButton(c, who, act, { advice, legal, cls: ".choice", short: true })))
      : null,
    blocked.length ? h("ul.why-list", blocked.map((b) => h("li.why", blockedText(b, who, view)))) : null,
    !cmds.length && !blocked.length ? h("p.quiet", t("actions.nothing_with_this")) : null);
}

// A modal list of commands to choose from (the action panel's long groups).
export function chooseDialog(title, cmds, who, act, { advice, legal } = {}) {
  document.querySelector("dialog.choose")?.remove();
  const dlg = h("dialog.choose", { "aria-label": title });
  const close = () => { dlg.close(); dlg.remove(); };
  dlg.legal = cmds;
  dlg.append(h("div.dialog-head", artOf(cmdArtName(cmds[0])), h("h3", title)),
    h("div.choices", cmds.map((c) => actionButton(c, who, (cmd) => { close(); act(cmd); }, { advice, legal, cls: ".choice" }))),
    h("div.dialog-foot", h("button.cancel", { type: "button", onclick: close }, t("actions.cancel"))));
  dlg.addEventListener("cancel", (e) => { e.preventDefault(); close(); });
  document.body.append(dlg);
  dlg.showModal();
}

// The answers to the decision the game waits for, all final and each priced on its own button
// (planting the Home field, taking cards, moving on the Path, keeping Two-pack cards, buying
// from the Offer): a question after choosing one would only repeat the button.
const STEP_ANSWERS = new Set(["plant_home", "reveal_courtyard", "place_in_courtyard", "take_cards", "choose_partner",
  "advance", "keep_two_pack", "buy_from_offer", "finish_offer", "squire_take", "finish_taking", "foreman_take",
  "foreman_pass", "harvest_helper", "skip_harvest_helper"]);

// Whether the preview says the command costs something: Cash, a loan, vegetables, a Path
// space or a red marker.
function costs(p) {
  return p.cash < 0 || p.loans > 0 || p.position < 0 || p.marker === "red" ||
    Object.values(p.goods || {}).some((n) => n < 0);
}

// Whether a command asks first: only when it cannot be taken back (the server's preview says
// so) and costs something, and it is not simply the answer to the step the game waits for.
// Whatever Undo can take back never asks.
export function needsConfirm(cmd, preview) {
  return !!preview && preview.undo === false && costs(preview) && !STEP_ANSWERS.has(cmd.type);
}

// Asks before a command that costs something and cannot be taken back; `yes()` sends it.
// `skip` remembers "do not ask again for this kind of action in this game".
export function confirmDialog(cmd, preview, who, yes, skip) {
  document.querySelector("dialog.choose")?.remove();
  const dlg = h("dialog.choose.confirm", { "aria-label": t("actions.aria_confirm") });
  dlg.legal = [cmd];
  const close = () => { dlg.close(); dlg.remove(); };
  const again = h("input#confirm-skip", { type: "checkbox" });
  // The preview's own "cannot be taken back" would say it twice.
  const text = previewText({ ...preview, undo: true }, cmd);
  dlg.append(h("div.dialog-head", artOf(cmdArtName(cmd)), h("h3", describe(cmd, who))),
    h("p", text ? t("actions.final_because", { text }) : t("actions.final")),
    h("div.choices", h("button.action.choice.primary", { type: "button", onclick: () => {
      if (again.checked) skip();
      close();
      yes();
    } }, t("actions.yes", { action: describe(cmd, who) }))),
    h("label.ask-again", again, " ", t("actions.ask_again", { action: groupTitle(cmd.type) })),
    h("div.dialog-foot", h("button.cancel", { type: "button", onclick: close }, t("actions.cancel"))));
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
