// The action panel and the choice dialog, built only from the view's `legal` list.
import { describe, GROUPS } from "./describe.js";
import { h } from "./dom.js";

const INLINE_MAX = 4; // a group with more choices than this opens a dialog
// Commands allowed at any time are listed apart from the decision the game waits for.
const ANYTIME = new Set(["take_loan", "sell", "discard_helper"]);

const groupTitle = (type) => GROUPS[type] || type[0].toUpperCase() + type.slice(1).replace(/_/g, " ");

function actionButton(cmd, who, send, cls = "") {
  return h(`button.action${cls}`, { type: "button", "data-cmd-type": cmd.type, onclick: () => send(cmd) }, describe(cmd, who));
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

export function actionsEl(legal, who, send) {
  const box = h("section.actions", { "aria-label": "your actions" });
  const groups = grouped(legal.filter((c) => c.type !== "undo"));
  const undo = legal.find((c) => c.type === "undo");
  if (!groups.size && !undo) {
    box.append(h("p.quiet", "Nothing to do right now."));
    return box;
  }
  box.append(h("h3", "Your actions"));
  const list = h("div.action-list");
  const anytime = h("div.action-list.anytime");
  for (const [type, cmds] of groups) {
    const into = ANYTIME.has(type) ? anytime : list;
    if (cmds.length === 1) {
      into.append(actionButton(cmds[0], who, send, type === "end_turn" ? ".primary" : ""));
    } else if (cmds.length <= INLINE_MAX) {
      into.append(h("div.action-group", h("span.group-title", groupTitle(type)),
        cmds.map((c) => actionButton(c, who, send))));
    } else {
      const title = groupTitle(type);
      into.append(h("button.action.more", {
        type: "button", "data-cmd-type": type,
        onclick: () => chooseDialog(title, cmds, who, send),
      }, `${title}… (${cmds.length} choices)`));
    }
  }
  box.append(list);
  if (anytime.childNodes.length) box.append(h("h4", "Any time"), anytime);
  if (undo) box.append(h("div.undo-row", actionButton(undo, who, send, ".undo")));
  return box;
}

// A modal list of commands to choose from (also used for clicks on the board).
export function chooseDialog(title, cmds, who, send) {
  document.querySelector("dialog.choose")?.remove();
  const dlg = h("dialog.choose", { "aria-label": title });
  const close = () => { dlg.close(); dlg.remove(); };
  dlg.append(h("h3", title),
    h("div.choices", cmds.map((c) => h("button.action.choice", {
      type: "button", "data-cmd-type": c.type, onclick: () => { close(); send(c); },
    }, describe(c, who)))),
    h("div.dialog-foot", h("button.cancel", { type: "button", onclick: close }, "Cancel")));
  dlg.addEventListener("cancel", (e) => { e.preventDefault(); close(); });
  document.body.append(dlg);
  dlg.showModal();
}

export function closeDialogs() {
  for (const d of document.querySelectorAll("dialog.choose")) d.remove();
}
