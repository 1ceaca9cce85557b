// The game log: one readable line per accepted command, newest last.
import { describe } from "../describe.js";
import { h } from "../dom.js";
import { seatDot } from "./board.js";

export function logEl(log, who) {
  const list = h("ol.log-list");
  for (const e of log) {
    list.append(h("li", { value: e.version }, seatDot(e.player), h("b", who(e.player)), ": ", describe(e.cmd, who)));
  }
  return h("section.log", { "aria-label": "game log" }, h("h3", `Game log (${log.length})`), list);
}
