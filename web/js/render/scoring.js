// The final scoring as the rulebook does it: each player's space on the Path of Prosperity,
// one space back per loan, the rank, and how a tie was broken (Cash, then vegetables). A solo
// game shows the level reached on the rulebook's scale (17 good, 18 very good, 19 master).
// The numbers come from the `scored` events of the log when the view has them, else from the
// ranking alone.
import { h } from "../dom.js";
import { TIE } from "../story.js";
import { seatDot } from "./board.js";

const RATINGS = [[17, "good"], [18, "very good"], [19, "master"]];
const RATING_NAME = { none: "no rating", good: "good", very_good: "very good", master: "master" };

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
  const scale = h("ol.rating-scale", { "aria-label": "the solo rating scale" },
    h(`li${!reached ? ".reached.bad" : ""}`, h("b", "16 or less"), " no rating"),
    RATINGS.map(([l, name]) => h(`li${reached && reached[0] === l ? ".reached.good" : ""}`, h("b", l === 19 ? "19 or more" : `${l}`), ` ${name}`)));
  const verdict = reached
    ? `You reached level ${level} on the Path of Prosperity: rated “${RATING_NAME[r.rating] || reached[1]}”.`
    : `You reached level ${level} on the Path of Prosperity. The rulebook rates a solo game from level 17 on: ${17 - level} more space${17 - level === 1 ? "" : "s"} for “good”.`;
  return h("div.solo-rating", h("p.verdict", verdict), scale);
}

const ORDINAL = (n) => `${n}${n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd" : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th"}`;

// The result in one line, for the reader (me: his seat, or null when watching): "You won",
// "You came 2nd of 3", "ann won"; solo "Level 18: very good". kind: "good" or "bad" (its
// colour), or "" for a spectator.
export function headline(g, who, me = null) {
  if (g.options.players === 1) {
    const r = g.solo_result;
    const level = r?.level ?? g.ranking?.[0]?.position ?? 0;
    const rating = r ? RATING_NAME[r.rating] : null;
    const good = level >= 17;
    return { text: `Level ${level}${rating && rating !== "no rating" ? `: ${rating}` : good ? "" : ": no rating"}`, kind: good ? "good" : "bad" };
  }
  const rows = [...g.ranking].sort((a, b) => a.rank - b.rank);
  if (me === null || me === undefined) return { text: `${who(rows[0].player)} won`, kind: "" };
  const mine = rows.find((r) => r.player === me);
  if (!mine) return { text: `${who(rows[0].player)} won`, kind: "" };
  if (mine.rank === 1) return { text: "You won", kind: "good" };
  return { text: `You came ${ORDINAL(mine.rank)} of ${rows.length}`, kind: "bad" };
}

// extra: {log, onRematch, onNewGame, me, analysis}: the view's log (for the scored events),
// the buttons' actions (none in the replay viewer), the reader's seat (the headline speaks to
// him) and the address of the game's analysis (a link under the headline).
export function scoringEl(g, who, { log = null, onRematch = null, onNewGame = null, me = null, analysis = null } = {}) {
  const rows = [...g.ranking].sort((a, b) => a.rank - b.rank);
  const scored = scoredEvents(log);
  const solo = g.options.players === 1;
  const head = headline(g, who, me);
  const box = h("section.ranking", { "data-key": "scoring", "aria-label": "final scoring" },
    h(`p.headline${head.kind ? `.${head.kind}` : ""}#result-headline`, { role: "status" }, head.text),
    analysis ? h("p.analysis-link", h("a#analysis-link", { href: analysis }, "See where the game was won and lost: the bot's analysis")) : null,
    h("h2", "Final scoring"));
  const line = (r) => {
    const e = scored.get(r.player);
    const loans = e?.loans ?? g.players[r.player]?.loans ?? 0;
    const before = r.position + loans;
    const tie = e ? (TIE[e.tie_break + 1] || "").trim().replace(/^\(|\)$/g, "") : "";
    return h("li.score-row", { "data-key": `score-${r.player}` },
      h("span.rank", `${r.rank}.`),
      h("span.who", seatDot(r.player), who(r.player)),
      h("span.calc", `Path ${before}`, loans ? ` − ${loans} for loan${loans === 1 ? "" : "s"}` : "", " = ", h("b", `${r.position}`)),
      h("span.tb", `Cash ${r.cash}, vegetables ${r.vegetables}`),
      tie ? h("span.tie", tie) : null);
  };
  if (!solo) {
    box.append(h("p.quiet", "Highest on the Path of Prosperity wins, after each loan moved its player one space back. Ties go to more Cash, then more vegetables."),
      h("ol.scores", rows.map(line)));
  } else {
    box.append(h("ol.scores", rows.filter((r) => r.player === 0).map(line)));
    if (g.solo_result) box.append(soloEl(g));
  }
  if (onRematch || onNewGame) {
    box.append(h("div.end-buttons",
      onRematch ? h("button.primary#rematch", { type: "button", onclick: onRematch }, solo ? "Play again" : "Rematch") : null,
      onNewGame ? h("button#new-game", { type: "button", onclick: onNewGame }, "New game") : null));
  }
  return box;
}
