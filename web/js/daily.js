// The daily challenge (#/daily, #/daily?date=YYYY-MM-DD): the day's solo game, the same cards
// for everybody; one's streak; a button to play it; and a day's board. Today's board stays
// hidden until one has finished today's game (the server refuses it with play_first: it would
// tell the others how far the day's cards go). Days are UTC days, as the server counts them.
import { h, clear, append } from "./dom.js";
import * as community from "./community-api.js";
import { playerLink, dataTable, failure, ordinal, soloRating, timeText } from "./profile.js";
import { lang, t, tNodes } from "./i18n.js";

const same = (a, b) => String(a).toLowerCase() === String(b).toLowerCase();

// "2026-11-25" shifted by `days` (UTC, like the server's dates).
function shift(date, days) {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
// A day in the reader's language; always the UTC day (the account's time zone would shift it).
const dayText = (date, opts) => new Intl.DateTimeFormat(lang(), { ...opts, timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
const longDate = (date) => dayText(date, { weekday: "long", year: "numeric", month: "long", day: "numeric" });

export function dailyPage(root, { session, navigate, onAuthError, date = null }) {
  const out = h("div.community-page.daily-page", h("p.quiet", t("lobby.loading")));
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
        msg.textContent = e.message; // the server's, in the reader's language
      }
    } }, t("daily.play"));
    let mine;
    if (!p) mine = [h("p", t("daily.not_played")), play];
    else if (p.level !== undefined) {
      mine = h("p#daily-result", tNodes("daily.result", { level: p.level, rating: soloRating(p.level), cash: p.cash }, {
        standing: h("strong", t("daily.standing", { rank: ordinal(p.rank), players: d.players_today })),
        replay: h("a", { href: `#/replay/${p.game}` }, t("daily.replay")),
      }));
    } else if (p.status === "active") {
      mine = h("p#daily-result", tNodes("daily.started", {}, {
        button: h("a.button.primary#daily-continue", { href: `#/game/${p.game}` }, t("daily.continue")) }));
    } else {
      mine = h("p#daily-result", tNodes("daily.not_counted", {}, { link: h("a", { href: `#/game/${p.game}` }, t("daily.see_game")) }));
    }
    return h("section.panel.daily-today", { "aria-labelledby": "daily-title" },
      h("h1#daily-title", t("daily.title")),
      h("p.daily-date", h("strong", longDate(d.date)), h("span.quiet", ` ${t("daily.utc_day", { date: d.date })}`)),
      h("ul.daily-rules",
        h("li", t("daily.rule_same_cards")),
        h("li", t("daily.rule_once")),
        h("li", t("daily.rule_levels"))),
      h("dl.facts",
        h("dt", t("daily.streak")), h("dd#daily-streak", t("daily.days", { n: d.streak })),
        h("dt", t("daily.best_streak")), h("dd#daily-best", t("daily.days", { n: d.best_streak })),
        h("dt", t("daily.finished_today")), h("dd#daily-players", t("daily.players", { n: d.players_today }))),
      mine, msg);
  }

  // A day's board, with a way to other days: the days before, and a picker.
  function boardBox(d, day) {
    const today = day === d.date;
    const list = h("div#daily-board", h("p.quiet", t("lobby.loading")));
    const pick = h("input#daily-date", { type: "date", max: d.date, value: day, required: true });
    const box = h("section.panel.daily-board", { "aria-labelledby": "board-title" },
      h("h2#board-title", today ? t("daily.board_today") : t("daily.board_of", { date: longDate(day) })), list,
      h("form.daily-pick", { onsubmit: (e) => {
        e.preventDefault();
        if (pick.value) navigate(pick.value === d.date ? "#/daily" : `#/daily?date=${pick.value}`);
      } }, h("label", { for: "daily-date" }, t("daily.another_day")), pick, h("button#daily-show", { type: "submit" }, t("daily.show"))),
      h("nav.daily-days", { "aria-label": t("daily.earlier_days") }, h("span.quiet", `${t("daily.earlier_days_list")} `),
        [1, 2, 3, 4, 5, 6, 7].map((n) => shift(d.date, -n)).map((x) =>
          h("a", { href: `#/daily?date=${x}`, "aria-current": x === day ? "page" : null }, dayText(x, { month: "numeric", day: "numeric" }))),
        today ? null : h("a", { href: "#/daily" }, t("daily.today"))));
    // Without a finished game of today's, the server refuses today's board: say so at once.
    if (today && !(d.played && d.played.level !== undefined)) {
      clear(list).append(h("p#daily-hidden", t("daily.board_hidden_why")));
      return box;
    }
    (async () => {
      let b;
      try {
        b = await community.dailyBoard(today ? null : day);
      } catch (e) {
        if (gone) return;
        if (e.code === "play_first") clear(list).append(h("p#daily-hidden", t("daily.board_hidden")));
        else fail(e, list);
        return;
      }
      if (gone) return;
      clear(list);
      if (!b.players.length) return list.append(h("p.empty", t("daily.board_empty")));
      const me = session?.account.name;
      append(list, dataTable(t("daily.board_caption", { n: b.players.length }),
        [t("leaderboard.rank"), t("leaderboard.player"), t("daily.level"), t("daily.cash"), t("daily.finished")],
        b.players.map((p) => [String(p.rank), [playerLink(p.name), me && same(p.name, me) ? h("span.badge", t("leaderboard.you")) : null],
          `${p.level} (${soloRating(p.level)})`, p.cash, timeText(p.finished_at)]),
        { id: "daily-table", rowHeaders: true,
          rowAttrs: (i) => (me && same(b.players[i].name, me) ? { class: "mine", "aria-current": "true" } : {}) }),
      b.you ? h("p#daily-you", t("daily.you_are", { rank: ordinal(b.you) })) : null);
    })();
    return box;
  }

  load();
  return () => { gone = true; };
}
