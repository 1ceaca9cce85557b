// The table of one view: the final scoring when the game is over, the centre, the solo Offer,
// the Path, every board (the reader's first) and the imaginary opponent. The live game and the
// replay viewer draw it alike, so that both show the same board for the same view.
//
// In the live game (`live`), what the reader needs now comes first, next to his own board: the
// Courtyard in the Card phase, the Offer while he buys from it, a drawn Two-pack, the Path when
// he moves on it; the rest follows. The other players' boards are compact lines that open into
// the whole board (<details>, which a redraw leaves open or shut as the reader left it).
import { h } from "../dom.js";
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

// showHands: draw every hand that the view names (the replay's "all" view).
// live: order for the live game and make the other boards compact (see above).
// othersOpen: the other boards start open (the replay viewer, which shows everything).
export function tableColEl(view, who, col, { showHands = false, live = false, othersOpen = false, extra = {} } = {}) {
  const g = view.game;
  const me = view.seat;
  const toAct = view.to_act || [];
  const players = g.players.map((p, seat) => ({ ...p, seat }));
  const solo = g.options.players === 1;
  const section = {
    centre: () => centreEl(g, who),
    offer: () => (solo && g.offer ? offerEl(g) : null),
    path: () => pathEl(players.map((p) => ({ seat: p.seat, position: p.position })), who, { target: solo ? SOLO_TARGET : null }),
  };
  const board = (p, compact) => {
    const opts = {
      name: who(p.seat), me: p.seat === me, starting: g.starting === p.seat && !solo, toAct: toAct.includes(p.seat),
      showHand: showHands, partner: partnerOf(g, p.seat), who,
    };
    if (!compact) return boardEl(p, p.seat, opts);
    const el = boardSummaryEl(p, p.seat, opts);
    if (othersOpen) el.open = true;
    return el;
  };
  if (g.phase === "finished" && g.ranking?.length) col.append(scoringEl(g, who, extra));
  const mine = me === null || me === undefined ? null : players[me];
  const others = players.filter((p) => p !== mine);
  if (!live) {
    col.append(section.centre());
    if (solo && g.offer) col.append(section.offer());
    col.append(section.path());
    for (const p of mine ? [mine, ...others] : others) col.append(board(p, false));
    if (solo && g.opponent) col.append(opponentEl(g.opponent));
    return col;
  }
  const now = nowSections(g, me, toAct);
  for (const s of now) {
    const el = section[s]();
    if (el) col.append(el.classList.add("now") || el);
  }
  if (mine) col.append(board(mine, false));
  for (const s of ["path", "centre", "offer"]) {
    if (now.includes(s)) continue;
    const el = section[s]();
    // The Offer only matters in the Card phase: at other times it folds away.
    if (el && s === "offer") col.append(h2details("offer-fold", "The Offer", el));
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
