// The standings bar above the table: every seat at a glance (Path, Cash, loans, cards in hand,
// whether he is to act), so that nobody opens the other boards to see who leads. In a solo game
// it also shows the level the rulebook rates (17: good) and the level reached so far (the Path
// space, one back per loan, as the final scoring counts it).
import { h } from "./dom.js";
import { seatDot } from "./render/board.js";
import { t, tNodes } from "./i18n.js";

export const SOLO_TARGET = 17;

// view: the client view; who(seat): a seat's name.
export function standingsEl(view, who) {
  const g = view.game;
  const acting = new Set(g.phase === "finished" ? [] : view.to_act || []);
  const rows = g.players.map((p, seat) => h(`tr.standing${seat === view.seat ? ".me" : ""}${acting.has(seat) ? ".to-act" : ""}`,
    { "data-key": `st-${seat}`, "data-seat": seat },
    h("th", { scope: "row" }, seatDot(seat), h("span.st-name", who(seat)),
      acting.has(seat) ? h("span.badge.act.st-act", t("standings.to_act")) : null),
    h("td.st-path", `${p.position}`), h("td.st-cash", `${p.cash}`), h("td.st-loans", `${p.loans}`),
    h("td.st-hand", `${p.hand_count ?? (p.hand || []).length}`)));
  const table = h("table.standings-table",
    h("thead", h("tr", h("th", { scope: "col" }, h("span.sr", t("standings.player"))), h("th", { scope: "col" }, t("standings.path")),
      h("th", { scope: "col" }, t("standings.cash")), h("th", { scope: "col" }, t("standings.loans")),
      h("th", { scope: "col" }, h("abbr", { title: t("standings.hand_title") }, t("standings.hand"))))),
    h("tbody", rows));
  const box = h("section.standings", { "aria-label": t("standings.label"), "data-key": "standings" }, table);
  if (g.options.players === 1) {
    const p = g.players[0];
    const level = p.position - p.loans;
    const left = SOLO_TARGET - level;
    box.append(h("p.solo-target", { "data-key": "solo-target" },
      h("span", tNodes("standings.solo_target", {}, { target: h("b", `${SOLO_TARGET}`) })), " · ",
      h("span.solo-level", tNodes("standings.solo_level", { path: p.position, loans: p.loans }, { level: h("b", `${level}`) })),
      left <= 0 ? h("span.good", ` · ${t("standings.target_reached")}`)
        : g.phase !== "finished" ? h("span.quiet", ` · ${t("standings.to_go", { left })}`) : null));
  }
  return box;
}
