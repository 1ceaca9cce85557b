// The shared part of the table: round and phase, the Path of Prosperity, the Courtyard, the
// draw and discard piles, a drawn Two-pack, the solo Offer and the imaginary opponent (the
// final scoring is scoring.js).
import { cardName } from "../cards.js";
import { STEP_HELP, STEP_NAMES } from "../describe.js";
import { h, svg } from "../dom.js";
import { t } from "../i18n.js";
import { PENNANT, stoneSvg } from "./art.js";
import { cardBack, cardEl } from "./card.js";
import { playAreaEl, seatClass, seatDot } from "./board.js";

const PHASES = {
  setup: "render.phase_setup", harvest: "term.harvest_phase", card: "term.card_phase", action: "term.action_phase",
  finished: "render.phase_finished",
};

export function statusEl(g, view, who) {
  const acting = view.to_act || [];
  const mine = view.seat !== null && acting.includes(view.seat);
  let line;
  const step = STEP_NAMES[g.step] || g.step;
  if (g.phase === "finished") line = t("render.status_over");
  else if (mine) line = t("render.status_your_move", { step });
  else if (acting.length) line = t("render.status_waiting", { names: acting.map(who).join(", "), step });
  else line = "";
  // The rule for this step, in a tab of its own so that the table stays as it is.
  const rule = g.phase !== "finished" && STEP_HELP[g.step]
    ? h("a.step-help", { href: `#/help/${STEP_HELP[g.step]}`, target: "_blank", rel: "noopener",
      "aria-label": t("render.step_help_label", { step }) }, t("render.step_help"))
    : null;
  return h(`div.status${mine ? ".your-turn" : ""}`, { role: "status", "aria-live": "polite" },
    h("span.round", g.round ? t("render.round_of_9", { round: g.round }) : t("render.before_round_1")),
    h("span.phase", PHASES[g.phase] ? t(PHASES[g.phase]) : g.phase),
    h("span.who", line), rule);
}

// A pawn's letter: the first letter or digit of its player's name, so that pawns are told
// apart without their colours.
export function initialOf(name) {
  return (/[\p{L}\p{N}]/u.exec(String(name || "")) || ["?"])[0].toUpperCase();
}

// The Path of Prosperity: a track of drawn stones 1 to 20 (art.js), each player's pawn on his
// stone. target: the stone a solo game aims at (17, "good"), marked with a pennant.
export function pathEl(players, who, { target = null } = {}) {
  return h("section.path-box", { "data-key": "path" }, h("h3", t("term.path_of_prosperity"),
    target ? h("span.path-target", ` · ${t("render.path_target", { level: target })}`) : null), trackEl(players, who, { target }));
}

// The track alone (the help page draws it without pawns).
export function trackEl(players, who, { target = null, label = t("term.path_of_prosperity") } = {}) {
  const max = Math.max(20, ...players.map((p) => p.position));
  const track = h("ol.path", { "data-target": who ? "path" : null, "aria-label": label });
  for (let i = 1; i <= max; i++) {
    const here = players.filter((p) => p.position === i);
    const aim = i === target;
    const what = here.length ? here.map((p) => who(p.seat)).join(", ") : t("render.path_space", { n: i });
    track.append(h(`li.path-space${aim ? ".target" : ""}${here.length ? ".taken" : ""}`,
      { "data-space": i, title: aim ? t("render.path_solo_target", { what, level: i }) : what },
      svg(stoneSvg(i)),
      aim ? svg(PENNANT) : null,
      h("span.num", `${i}`),
      h("span.pawns", here.map((p) => h(`span.pawn.${seatClass(p.seat)}`, { role: "img", "aria-label": who(p.seat), "data-seat": p.seat },
        initialOf(who(p.seat)))))));
  }
  return track;
}

export function centreEl(g, who) {
  const el = h("section.centre", { "data-key": "centre" });
  const piles = h("div.piles",
    h("div.pile", { "data-target": "drawpile", "aria-label": t("render.draw_pile_label", { n: g.draw_pile_count }) },
      h("div.card.k-hidden", cardBack()), h("span", t("render.draw_pile", { n: g.draw_pile_count }))),
    h("div.pile", { "aria-label": t("render.discard_pile_label") },
      g.discard_pile.length ? cardEl(g.discard_pile[g.discard_pile.length - 1]) : h("div.card.empty-slot"),
      h("span", t("render.discard_pile", { n: g.discard_pile.length }))));
  el.append(piles);
  el.append(h("div.courtyard", h("h3", t("term.courtyard")),
    g.courtyard.length ? h("div.cards", g.courtyard.map((c) => cardEl(c, { target: `court:${c}` })))
      : h("div.empty", t("render.empty"))));
  if (g.two_pack && g.two_pack.length) {
    el.append(h("div.two-pack", { "data-target": "twopack" }, h("h3", t("render.two_pack_drawn")),
      h("div.cards", g.two_pack.map((c) => cardEl(c)))));
  }
  if (g.foreman_offer) el.append(h("div.note", t("render.foreman_offers", { card: cardName(g.foreman_offer) })));
  return el;
}

export function offerEl(g) {
  // What a card costs in each row of the Offer (docs/rules-decisions.md).
  const costs = [t("render.offer_free"), t("render.offer_cost", { cash: 1 }), t("render.offer_cost", { cash: 2 }), t("render.offer_cost", { cash: 2 })];
  return h("section.offer", { "data-key": "offer" }, h("h3", t("render.offer_title", { n: g.offer_bought || 0 })),
    h("div.offer-grid", g.offer.map((row, r) => h("div.offer-row",
      h("span.offer-cost", costs[r] || ""),
      row.map((c) => (c ? cardEl(c, { target: `offer:${c}` }) : h("div.card.empty-slot", "—")))))));
}

export function opponentEl(o) {
  return h("section.board.opponent", { "aria-label": t("render.seat_imaginary_opponent"), "data-key": "opponent" },
    h("header.board-head", seatDot(o.seat), h("strong", t("render.imaginary_opponent")),
      h("span.stat", `${t("render.opponent_cash")} `, h("b", `${o.cash}`))),
    playAreaEl(o.played || [], o.seat, t("render.opponent_cards")));
}
