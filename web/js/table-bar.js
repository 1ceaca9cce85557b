// The bar above a game's board with what the server adds to the rules (view.table): each seat's
// clock (counting down while it runs), who is away, whose seat a bot took over; a vote on
// waiting for a seat out of time; and the player's Resign button, which asks in the page's own
// <dialog> (the browser's confirm() cannot be styled, read by every screen reader alike, or
// tested without a handler).
import * as api from "./api.js";
import { h } from "./dom.js";
import { date, dateTime, has, t, tk } from "./i18n.js";

// An error in words: the catalog's message for its code, else the server's own.
const errorText = (e) => (e?.code && has("error", e.code) ? tk("error", e.code) : e?.message || "");

function duration(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const d = Math.floor(s / 86400);
  const hh = Math.floor((s % 86400) / 3600);
  const mm = Math.floor((s % 3600) / 60);
  // The two-digit parts go in as text: a number argument would lose its leading zero.
  if (d > 0) return t("table.duration_days", { d, h: hh });
  if (hh > 0) return t("table.duration_hours", { h: hh, m: String(mm).padStart(2, "0") });
  return t("table.duration_minutes", { m: mm, s: String(s % 60).padStart(2, "0") });
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
    if (s.gone) parts.push(h("span.badge", s.gone === "timeout" ? t("table.gone_timeout") : t("table.gone_resigned")));
    if (away) parts.push(h("span.badge.away", t("table.away_until", { date: date(away) })));
    if (c && !c.retired) {
      const left = h("span.clock-left", { "data-seat": seat, "data-deadline": c.running && c.deadline ? c.deadline : null },
        duration(c.running && c.deadline ? c.deadline - Date.now() / 1000 : c.left));
      parts.push(" ", left, c.running ? h("span.badge.act", t("table.clock_thinking")) : c.paused ? h("span.badge", t("table.clock_paused")) : null);
    }
    if (standings && parts.length === 1) return;
    bar.append(h(`span.seat-clock${c?.running ? ".running" : ""}`, parts));
  });

  const vote = clock?.vote;
  if (vote && me !== null && me !== vote.seat && table.status === "active" && !table.seats[me]?.gone) {
    const mine = vote.votes.find((v) => v.seat === me);
    const cast = async (wait) => {
      try { await api.vote(gameId, wait); onChange(); } catch (e) { toast(errorText(e)); }
    };
    bar.append(h("div.vote", { role: "group", "aria-label": t("table.aria_vote") },
      t("table.vote_question", { name: who(vote.seat), time: dateTime(vote.until) }), " ",
      mine ? h("em", mine.wait ? t("table.vote_said_wait") : t("table.vote_said_no")) : null,
      h("button#vote-wait", { type: "button", onclick: () => cast(true) }, t("table.vote_wait")),
      h("button#vote-bot", { type: "button", onclick: () => cast(false) }, t("table.vote_bot"))));
  }
  // A nudge to opponents once the game has stood still for an hour (the server says when it may not).
  const waiting = (summary?.to_act || []).filter((s) => s !== me && !table.seats[s]?.bot && !table.seats[s]?.gone);
  if (me !== null && table.status === "active" && !table.seats[me]?.gone && waiting.length &&
      Date.now() / 1000 - Math.max(summary?.waiting_since || 0, summary?.updated_at || 0) >= 3600) {
    bar.append(h("button#nudge", { type: "button", onclick: async (e) => {
      try {
        await api.nudge(gameId);
        e.target.disabled = true;
        toast(t("table.nudged", { names: waiting.map(who).join(", ") }));
      } catch (err) { toast(errorText(err)); }
    } }, t("table.nudge")));
  }
  if (me !== null && table.status === "active" && !table.seats[me]?.gone) {
    bar.append(h("button#resign", { type: "button", onclick: () => {
      const two = table.seats.length === 2;
      resignDialog(two ? t("table.resign_two") : t("table.resign_more"), async () => {
        try { await api.resign(gameId); onChange(); } catch (e) { toast(errorText(e)); }
      });
    } }, t("table.resign")));
  }
  if (table.result && table.result.ended && table.result.ended !== "normally") {
    bar.append(h("p.result-note", table.result.ended === "timeout"
      ? t("table.ended_timeout", { name: who(table.result.seat) })
      : t("table.ended_resigned", { name: who(table.result.seat) })));
  }
  return bar;
}

// "Resign?" in a modal <dialog>: Resign calls yes(), Cancel or Escape closes it.
function resignDialog(text, yes) {
  document.querySelector("dialog.resign")?.remove();
  const dlg = h("dialog.resign", { "aria-labelledby": "resign-title" });
  const close = () => { dlg.close(); dlg.remove(); };
  dlg.append(h("h3#resign-title", t("table.resign_title")), h("p", text, " ", t("actions.final")),
    h("div.dialog-foot",
      h("button.danger#resign-yes", { type: "button", onclick: () => { close(); yes(); } }, t("table.resign")),
      " ",
      h("button.cancel#resign-cancel", { type: "button", onclick: close }, t("actions.cancel"))));
  dlg.addEventListener("cancel", (e) => { e.preventDefault(); close(); });
  document.body.append(dlg);
  dlg.showModal();
  dlg.querySelector("#resign-cancel").focus();
}
