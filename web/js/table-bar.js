// The bar above a game's board with what the server adds to the rules (view.table): each seat's
// clock (counting down while it runs), who is away, whose seat a bot took over; a vote on
// waiting for a seat out of time; and the player's Resign button, which asks in the page's own
// <dialog> (the browser's confirm() cannot be styled, read by every screen reader alike, or
// tested without a handler).
import * as api from "./api.js";
import { h } from "./dom.js";

function duration(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const d = Math.floor(s / 86400);
  const hh = Math.floor((s % 86400) / 3600);
  const mm = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d} d ${hh} h`;
  if (hh > 0) return `${hh} h ${String(mm).padStart(2, "0")} min`;
  return `${mm} min ${String(s % 60).padStart(2, "0")} s`;
}

// Counts down the running clocks under `root` (the page calls it every second).
export function tickClocks(root) {
  const now = Date.now() / 1000;
  for (const el of root.querySelectorAll(".clock-left[data-deadline]")) el.textContent = duration(Number(el.dataset.deadline) - now);
}

// `table`: view.table; `who(seat)`: a seat's name; `me`: my seat (null: watching);
// `summary`: the game summary (vacations); `toast(text)`: shows an error; `standings`: the
// standings bar (standings.js), which comes first and names every seat, so that a seat with
// nothing more to show (no clock, not away, not gone) is not named twice.
export function tableBarEl(gameId, table, { who, me, summary, toast, onChange, standings = null }) {
  if (!table) return null;
  const bar = h("div.table-bar", standings);
  const clock = table.clock;
  table.seats.forEach((s, seat) => {
    const c = clock?.seats?.[seat];
    const away = summary?.seats?.[seat]?.away_until;
    const parts = [h("b", who(seat))];
    if (s.gone) parts.push(h("span.badge", s.gone === "timeout" ? "out of time: a bot plays" : "resigned: a bot plays"));
    if (away) parts.push(h("span.badge.away", `away until ${new Date(away * 1000).toLocaleDateString()}`));
    if (c && !c.retired) {
      const left = h("span.clock-left", { "data-seat": seat, "data-deadline": c.running && c.deadline ? c.deadline : null },
        duration(c.running && c.deadline ? c.deadline - Date.now() / 1000 : c.left));
      parts.push(" ", left, c.running ? h("span.badge.act", "thinking") : c.paused ? h("span.badge", "paused") : null);
    }
    if (standings && parts.length === 1) return;
    bar.append(h(`span.seat-clock${c?.running ? ".running" : ""}`, parts));
  });

  const vote = clock?.vote;
  if (vote && me !== null && me !== vote.seat && table.status === "active" && !table.seats[me]?.gone) {
    const mine = vote.votes.find((v) => v.seat === me);
    const cast = async (wait) => {
      try { await api.vote(gameId, wait); onChange(); } catch (e) { toast(e.message); }
    };
    bar.append(h("div.vote", { role: "group", "aria-label": "vote" },
      `${who(vote.seat)} ran out of time. Wait for them (until ${new Date(vote.until * 1000).toLocaleString()} at the latest)? `,
      mine ? h("em", mine.wait ? "You said wait." : "You said no.") : null,
      h("button#vote-wait", { type: "button", onclick: () => cast(true) }, "Wait"),
      h("button#vote-bot", { type: "button", onclick: () => cast(false) }, "Let a bot play")));
  }
  if (me !== null && table.status === "active" && !table.seats[me]?.gone) {
    bar.append(h("button#resign", { type: "button", onclick: () => {
      const two = table.seats.length === 2;
      resignDialog(two ? "The game ends and you lose." : "A bot plays your seat and you are ranked last.", async () => {
        try { await api.resign(gameId); onChange(); } catch (e) { toast(e.message); }
      });
    } }, "Resign"));
  }
  if (table.result && table.result.ended && table.result.ended !== "normally") {
    bar.append(h("p.result-note", table.result.ended === "timeout"
      ? `The game ended: ${who(table.result.seat)} ran out of time.`
      : `The game ended: ${who(table.result.seat)} resigned.`));
  }
  return bar;
}

// "Resign?" in a modal <dialog>: Resign calls yes(), Cancel or Escape closes it.
function resignDialog(text, yes) {
  document.querySelector("dialog.resign")?.remove();
  const dlg = h("dialog.resign", { "aria-labelledby": "resign-title" });
  const close = () => { dlg.close(); dlg.remove(); };
  dlg.append(h("h3#resign-title", "Resign this game?"), h("p", text, " This cannot be taken back."),
    h("div.dialog-foot",
      h("button.danger#resign-yes", { type: "button", onclick: () => { close(); yes(); } }, "Resign"),
      " ",
      h("button.cancel#resign-cancel", { type: "button", onclick: close }, "Cancel")));
  dlg.addEventListener("cancel", (e) => { e.preventDefault(); close(); });
  document.body.append(dlg);
  dlg.showModal();
  dlg.querySelector("#resign-cancel").focus();
}
