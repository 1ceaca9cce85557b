// The daily challenge (#/daily, #/daily?date=YYYY-MM-DD): the day's solo game, the same cards
// for everybody; one's streak; a button to play it; and a day's board. Today's board stays
// hidden until one has finished today's game (the server refuses it with play_first: it would
// tell the others how far the day's cards go). Days are UTC days, as the server counts them.
import { h, clear, append } from "./dom.js";
import * as community from "./community-api.js";
import { playerLink, dataTable, failure, ordinal, soloRating, timeText } from "./profile.js";

const same = (a, b) => String(a).toLowerCase() === String(b).toLowerCase();

// "2026-11-25" shifted by `days` (UTC, like the server's dates).
function shift(date, days) {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
const longDate = (date) => new Date(`${date}T12:00:00Z`).toLocaleDateString(undefined,
  { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function dailyPage(root, { session, navigate, onAuthError, date = null }) {
  const out = h("div.community-page.daily-page", h("p.quiet", "Loading…"));
  clear(root).append(out);
  let gone = false;
  const fail = (e, where) => {
    const f = failure(e, { onAuthError });
    if (f && !gone) clear(where).append(f);
  };

  async function load() {
    let d;
    try {
      d = await community.daily();
    } catch (e) {
      return fail(e, out);
    }
    if (gone) return;
    const day = date && date !== d.date ? date : d.date;
    clear(out).append(todayBox(d), boardBox(d, day));
  }

  function todayBox(d) {
    const msg = h("p.note#daily-note", { role: "status" });
    const p = d.played;
    const play = h("button.primary#daily-play", { type: "button", onclick: async () => {
      play.disabled = true;
      try {
        const g = await community.playDaily();
        navigate(`#/game/${g.id}`);
      } catch (e) {
        play.disabled = false;
        if (e.status === 401) return onAuthError();
        // Played meanwhile (another tab): the page says where that game is.
        if (e.code === "daily_played") return load();
        msg.textContent = e.message;
      }
    } }, "Play today's game");
    let mine;
    if (!p) mine = [h("p", "You have not played today's game yet."), play];
    else if (p.level !== undefined) {
      mine = h("p#daily-result", `You reached level ${p.level} (${soloRating(p.level)}) with ${plural(p.cash, "Cash", "Cash")} left: `,
        h("strong", `${ordinal(p.rank)} of ${d.players_today}`), " today. ",
        h("a", { href: `#/replay/${p.game}` }, "Replay your game"));
    } else if (p.status === "active") {
      mine = h("p#daily-result", "You have started today's game. ", h("a.button.primary#daily-continue", { href: `#/game/${p.game}` }, "Continue today's game"));
    } else {
      mine = h("p#daily-result", "Your game of today ended without counting: only a game you finish yourself on its day counts. ",
        h("a", { href: `#/game/${p.game}` }, "See the game"));
    }
    return h("section.panel.daily-today", { "aria-labelledby": "daily-title" },
      h("h1#daily-title", "Daily challenge"),
      h("p.daily-date", h("strong", longDate(d.date)), h("span.quiet", ` (UTC day ${d.date})`)),
      h("ul.daily-rules",
        h("li", "One solo game a day with the Yucata rules: everybody gets the same cards."),
        h("li", "You may play it once. It counts when you finish it yourself on its UTC day (not a bot after you resign or run out of time)."),
        h("li", "Levels follow the solo scale: 17 good, 18 very good, 19 or more master; more Cash breaks a tie.")),
      h("dl.facts",
        h("dt", "Your streak"), h("dd#daily-streak", plural(d.streak, "day")),
        h("dt", "Best streak"), h("dd#daily-best", plural(d.best_streak, "day")),
        h("dt", "Finished today"), h("dd#daily-players", plural(d.players_today, "player"))),
      mine, msg);
  }

  // A day's board, with a way to other days: the days before, and a picker.
  function boardBox(d, day) {
    const today = day === d.date;
    const list = h("div#daily-board", h("p.quiet", "Loading…"));
    const pick = h("input#daily-date", { type: "date", max: d.date, value: day, required: true });
    const box = h("section.panel.daily-board", { "aria-labelledby": "board-title" },
      h("h2#board-title", today ? "Today's board" : `Board of ${longDate(day)}`), list,
      h("form.daily-pick", { onsubmit: (e) => {
        e.preventDefault();
        if (pick.value) navigate(pick.value === d.date ? "#/daily" : `#/daily?date=${pick.value}`);
      } }, h("label", { for: "daily-date" }, "Another day"), pick, h("button#daily-show", { type: "submit" }, "Show")),
      h("nav.daily-days", { "aria-label": "Earlier days" }, h("span.quiet", "Earlier days: "),
        [1, 2, 3, 4, 5, 6, 7].map((n) => shift(d.date, -n)).map((x) =>
          h("a", { href: `#/daily?date=${x}`, "aria-current": x === day ? "page" : null }, x.slice(5))),
        today ? null : h("a", { href: "#/daily" }, "today")));
    // Without a finished game of today's, the server refuses today's board: say so at once.
    if (today && !(d.played && d.played.level !== undefined)) {
      clear(list).append(h("p#daily-hidden", "Today's board is shown once you have finished today's game: " +
        "until then it would give away how far the day's cards go."));
      return box;
    }
    (async () => {
      let b;
      try {
        b = await community.dailyBoard(today ? null : day);
      } catch (e) {
        if (gone) return;
        if (e.code === "play_first") clear(list).append(h("p#daily-hidden", "Today's board is shown once you have finished today's game."));
        else fail(e, list);
        return;
      }
      if (gone) return;
      clear(list);
      if (!b.players.length) return list.append(h("p.empty", "Nobody finished that day's game."));
      const me = session?.account.name;
      append(list, dataTable(`${plural(b.players.length, "player")}, by level, then Cash`, ["Rank", "Player", "Level", "Cash", "Finished"],
        b.players.map((p) => [String(p.rank), [playerLink(p.name), me && same(p.name, me) ? h("span.badge", "you") : null],
          `${p.level} (${soloRating(p.level)})`, p.cash, timeText(p.finished_at)]),
        { id: "daily-table", rowHeaders: true,
          rowAttrs: (i) => (me && same(b.players[i].name, me) ? { class: "mine", "aria-current": "true" } : {}) }),
      b.you ? h("p#daily-you", `You are ${ordinal(b.you)}.`) : null);
    })();
    return box;
  }

  load();
  return () => { gone = true; };
}
