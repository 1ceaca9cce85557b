// The final scoring as the rulebook does it: each player's space on the Path of Prosperity,
// one space back per loan, the rank, and how a tie was broken (Cash, then vegetables). A solo
// game shows the level reached on the rulebook's scale (17 good, 18 very good, 19 master).
// The numbers come from the `scored` events of the log when the view has them, else from the
// ranking alone.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { seatDot } from "./board.js";

// The rulebook's solo ratings: the level each starts at, and its name.
const RATINGS = [[17, "render.rating_good"], [18, "render.rating_very_good"], [19, "render.rating_master"]];
const RATING_NAME = { none: "render.rating_none", good: "render.rating_good", very_good: "render.rating_very_good", master: "render.rating_master" };
const ratingName = (rating) => (RATING_NAME[rating] ? t(RATING_NAME[rating]) : undefined);

// How a tie was broken (the scored event's tie_break: 0 none, 1 Cash, 2 vegetables, 3 shared).
const TIE_BREAK = { 1: "render.tie_cash", 2: "render.tie_vegetables", 3: "render.tie_shared" };

function scoredEvents(log) {
  const out = new Map();
  for (const entry of log || []) {
    for (const e of entry.events || []) if (e.type === "scored") out.set(e.player, e);
  }
  return out;
}

function soloEl(g) {
  const r = g.solo_result;
  const level = r.level;
  const reached = RATINGS.filter(([l]) => level >= l).pop();
  // The level reached is marked in the colour of what it means: no rating is a loss.
  const scale = h("ol.rating-scale", { "aria-label": t("render.rating_scale_label") },
    h(`li${!reached ? ".reached.bad" : ""}`, h("b", t("render.rating_or_less", { level: 16 })), ` ${t("render.rating_none")}`),
    RATINGS.map(([l, name]) => h(`li${reached && reached[0] === l ? ".reached.good" : ""}`,
      h("b", l === 19 ? t("render.rating_or_more", { level: 19 }) : `${l}`), ` ${t(name)}`)));
  const verdict = reached
    ? t("render.solo_verdict_rated", { level, rating: ratingName(r.rating) || t(reached[1]) })
    : t("render.solo_verdict_unrated", { level, more: 17 - level });
  return h("div.solo-rating", h("p.verdict", verdict), scale);
}

// The result in one line, for the reader (me: his seat, or null when watching): "You won",
// "You came 2nd of 3", "ann won"; solo "Level 18: very good". kind: "good" or "bad" (its
// colour), or "" for a spectator.
export function headline(g, who, me = null) {
  if (g.options.players === 1) {
    const r = g.solo_result;
    const level = r?.level ?? g.ranking?.[0]?.position ?? 0;
    const rating = r && r.rating !== "none" ? ratingName(r.rating) : null;
    const good = level >= 17;
    const text = rating ? t("render.level_rated", { level, rating })
      : good ? t("render.level", { level }) : t("render.level_rated", { level, rating: t("render.rating_none") });
    return { text, kind: good ? "good" : "bad" };
  }
  const rows = [...g.ranking].sort((a, b) => a.rank - b.rank);
  if (me === null || me === undefined) return { text: t("render.player_won", { name: who(rows[0].player) }), kind: "" };
  const mine = rows.find((r) => r.player === me);
  if (!mine) return { text: t("render.player_won", { name: who(rows[0].player) }), kind: "" };
  if (mine.rank === 1) return { text: t("render.you_won"), kind: "good" };
  return { text: t("render.you_came", { rank: mine.rank, n: rows.length }), kind: "bad" };
}

// extra: {log, onRematch, onNewGame, me, analysis}: the view's log (for the scored events),
// the buttons' actions (none in the replay viewer), the reader's seat (the headline speaks to
// him) and the address of the game's analysis (a link under the headline).
export function scoringEl(g, who, { log = null, onRematch = null, onNewGame = null, me = null, analysis = null } = {}) {
  const rows = [...g.ranking].sort((a, b) => a.rank - b.rank);
  const scored = scoredEvents(log);
  const solo = g.options.players === 1;
  const head = headline(g, who, me);
  const box = h("section.ranking", { "data-key": "scoring", "aria-label": t("render.final_scoring_label") },
    h(`p.headline${head.kind ? `.${head.kind}` : ""}#result-headline`, { role: "status" }, head.text),
    analysis ? h("p.analysis-link", h("a#analysis-link", { href: analysis }, t("render.analysis_link"))) : null,
    h("h2", t("render.final_scoring")));
  const line = (r) => {
    const e = scored.get(r.player);
    const loans = e?.loans ?? g.players[r.player]?.loans ?? 0;
    const before = r.position + loans;
    const tie = e && TIE_BREAK[e.tie_break] ? t(TIE_BREAK[e.tie_break]) : "";
    return h("li.score-row", { "data-key": `score-${r.player}` },
      h("span.rank", `${r.rank}.`),
      h("span.who", seatDot(r.player), who(r.player)),
      h("span.calc", loans ? t("render.score_path_loans", { before, loans }) : t("render.score_path", { before }), " = ", h("b", `${r.position}`)),
      h("span.tb", t("render.score_tie_breaks", { cash: r.cash, vegetables: r.vegetables })),
      tie ? h("span.tie", tie) : null);
  };
  if (!solo) {
    box.append(h("p.quiet", t("render.scoring_rule")),
      h("ol.scores", rows.map(line)));
  } else {
    box.append(h("ol.scores", rows.filter((r) => r.player === 0).map(line)));
    if (g.solo_result) box.append(soloEl(g));
  }
  if (onRematch || onNewGame) {
    box.append(h("div.end-buttons",
      onRematch ? h("button.primary#rematch", { type: "button", onclick: onRematch }, solo ? t("render.play_again") : t("render.rematch")) : null,
      onNewGame ? h("button#new-game", { type: "button", onclick: onNewGame }, t("render.new_game")) : null));
  }
  return box;
}
