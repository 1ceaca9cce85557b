// The table of one view: the final scoring when the game is over, the centre, the solo Offer,
// the Path, every board (the reader's first) and the imaginary opponent. The live game and the
// replay viewer draw it alike, so that both show the same board for the same view.
//
// In the live game (`live`), what the reader needs now comes first, next to his own board: the
// Courtyard in the Card phase, the Offer while he buys from it, a drawn Two-pack, the Path when
// he moves on it; the rest follows. The other players' boards are compact lines that open into
// the whole board (<details>, which a redraw leaves open or shut as the reader left it).
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { boardEl, boardSummaryEl } from "./board.js";
import { centreEl, offerEl, opponentEl, pathEl } from "./table.js";
import { scoringEl } from "./scoring.js";
import { SOLO_TARGET } from "../standings.js";

// Which shared sections belong next to the reader's board in this step ("now"), in order.
function nowSections(g, me, toAct) {
  if (g.phase === "finished") return [];
  const acting = me !== null && me !== undefined && toAct.includes(me);
  const now = [];
  if (g.step === "offer" || (g.phase === "card" && g.offer && acting && g.step !== "distribution")) now.push("offer");
  if (g.phase === "card" || g.step === "squire" || g.step === "distribution") now.push("centre");
  if (g.two_pack && g.two_pack.length) now.push("centre");
  if (g.step === "advance") now.push("path");
  return [...new Set(now)];
}

// 4 players: in the Action phase the Starting player and the partner he chose play together,
// and so do the other two.
function partnerOf(g, seat) {
  // Partners are for the Action phase only; the choice stays in the state until the next one.
  if (g.options.players !== 4 || g.phase !== "action" || g.partner === null || g.partner === undefined) return null;
  if (seat === g.starting) return g.partner;
  if (seat === g.partner) return g.starting;
  return [0, 1, 2, 3].find((s) => s !== seat && s !== g.starting && s !== g.partner);
}

// Which click targets (targets.js keys) lie in which part of the table.
const IN_PART = {
  centre: (k) => k === "drawpile" || k === "twopack" || k.startsWith("court:"),
  offer: (k) => k.startsWith("offer:"),
  path: (k) => k === "path",
};
const seatOfKey = (k) => (/^(field|played|good):/.test(k) ? Number(k.split(":")[1]) : null);

// showHands: draw every hand that the view names (the replay's "all" view).
// live: order for the live game and make the other boards compact (see above).
// othersOpen: the other boards start open (the replay viewer, which shows everything).
// parts, targets: a Parts (parts.js) to draw only the parts whose inputs changed, and
// targets(test): what the page will make of the click targets whose keys pass test (their
// commands and the selection, as a string), an input of the parts holding them.
export function tableColEl(view, who, col, { showHands = false, live = false, othersOpen = false, extra = {}, parts = null, targets = () => "" } = {}) {
  const g = view.game;
  const me = view.seat;
  const toAct = view.to_act || [];
  const players = g.players.map((p, seat) => ({ ...p, seat }));
  const solo = g.options.players === 1;
  const names = g.players.map((_, seat) => who(seat)).join("\n");
  const made = {
    centre: () => centreEl(g, who),
    offer: () => (solo && g.offer ? offerEl(g) : null),
    path: () => pathEl(players.map((p) => ({ seat: p.seat, position: p.position })), who, { target: solo ? SOLO_TARGET : null }),
  };
  const inputs = {
    centre: () => [g.courtyard, g.discard_pile, g.draw_pile_count, g.two_pack, g.foreman_offer],
    offer: () => [g.offer, g.offer_bought],
    path: () => [names, g.players.map((p) => p.position).join()],
  };
  // A shared section, marked when it is what the reader needs now.
  const section = (s, now = false) => {
    const make = () => {
      const el = made[s]();
      if (el && now) el.classList.add("now");
      return el;
    };
    if (!parts || (s === "offer" && !(solo && g.offer))) return make();
    return parts.part("section", s, [...inputs[s](), now, targets(IN_PART[s])], make);
  };
  const board = (p, compact) => {
    const opts = {
      name: who(p.seat), me: p.seat === me, starting: g.starting === p.seat && !solo, toAct: toAct.includes(p.seat),
      showHand: showHands, partner: partnerOf(g, p.seat), who,
      part: parts ? (tag, key, ins, make) => parts.part(tag, key, ins, make) : null, targets,
    };
    const make = () => {
      if (!compact) return boardEl(p, p.seat, opts);
      const el = boardSummaryEl(p, p.seat, opts);
      if (othersOpen) el.open = true;
      return el;
    };
    if (!parts) return make();
    // The reader's board holds targets of his own (his hand, cart, shop...): all of them count.
    const mine = (k) => seatOfKey(k) === p.seat || (opts.me && seatOfKey(k) === null && !Object.values(IN_PART).some((t) => t(k)));
    return parts.part(compact ? "details" : "section", `board-${p.seat}`,
      [g.players[p.seat], compact, opts.name, opts.me, opts.starting, opts.toAct, opts.partner, showHands, othersOpen, targets(mine)], make);
  };
  if (g.phase === "finished" && g.ranking?.length) col.append(scoringEl(g, who, extra));
  const mine = me === null || me === undefined ? null : players[me];
  const others = players.filter((p) => p !== mine);
  if (!live) {
    col.append(section("centre"));
    if (solo && g.offer) col.append(section("offer"));
    col.append(section("path"));
    for (const p of mine ? [mine, ...others] : others) col.append(board(p, false));
    if (solo && g.opponent) col.append(opponentEl(g.opponent));
    return col;
  }
  const now = nowSections(g, me, toAct);
  for (const s of now) {
    const el = section(s, true);
    if (el) col.append(el);
  }
  if (mine) col.append(board(mine, false));
  for (const s of ["path", "centre", "offer"]) {
    if (now.includes(s)) continue;
    const el = section(s);
    // The Offer only matters in the Card phase: at other times it folds away.
    if (el && s === "offer") col.append(h2details("offer-fold", t("term.the_offer"), el));
    else if (el) col.append(el);
  }
  const othersBox = others.map((p) => board(p, mine !== null));
  if (othersBox.length) col.append(...othersBox);
  if (solo && g.opponent) col.append(opponentEl(g.opponent));
  return col;
}

function h2details(key, title, el) {
  return h("details.fold", { "data-key": key }, h("summary", title), el);
}
