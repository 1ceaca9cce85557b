// The table of one view: the ranking when the game is over, the centre, the solo Offer, the
// Path, every board (the reader's first) and the imaginary opponent. The live game and the
// replay viewer draw it alike, so that both show the same board for the same view.
import { boardEl } from "./board.js";
import { centreEl, offerEl, opponentEl, pathEl, rankingEl } from "./table.js";

// showHands: draw every hand that the view names (the replay's "all" view).
export function tableColEl(view, who, col, { showHands = false } = {}) {
  const g = view.game;
  const me = view.seat;
  const toAct = view.to_act || [];
  const players = g.players.map((p, seat) => ({ ...p, seat }));
  const solo = g.options.players === 1;
  if (g.phase === "finished" && g.ranking?.length) col.append(rankingEl(g, who));
  col.append(centreEl(g, who));
  if (solo && g.offer) col.append(offerEl(g));
  col.append(pathEl(players.map((p) => ({ seat: p.seat, position: p.position })), who));
  const order = me === null || me === undefined || !players[me] ? players : [players[me], ...players.filter((p) => p.seat !== me)];
  for (const p of order) {
    col.append(boardEl(p, p.seat, {
      name: who(p.seat), me: p.seat === me, starting: g.starting === p.seat && !solo, toAct: toAct.includes(p.seat),
      showHand: showHands,
    }));
  }
  if (solo && g.opponent) col.append(opponentEl(g.opponent));
  return col;
}
