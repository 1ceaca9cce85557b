// A player's profile (#/player/NAME): rating and its history, what he plays and how he finishes
// his games, his recent games with their replays, his best solo level and daily streak; for a
// logged-in visitor, buttons to befriend, mute, block, invite, write to (messages.js) or report
// him. Everything a player wrote or chose (names, report reasons) goes in as text, never as markup.
// The other community pages borrow playerLink, dateText and the helpers below from here.
import { h, clear, append } from "./dom.js";
import * as community from "./community-api.js";
import { t, tNodes, lang, num, date, dateTime } from "./i18n.js";
import { errorText } from "./api.js";

const SVG = "http://www.w3.org/2000/svg";
const same = (a, b) => String(a).toLowerCase() === String(b).toLowerCase();

// A name as a link to its profile (every community page names players this way).
export const playerLink = (name, attrs = {}) => h("a.player-link", { href: `#/player/${encodeURIComponent(name)}`, ...attrs }, name);
// Dates and times (Unix seconds) in the reader's language and time zone (i18n.js).
export const dateText = (at) => date(at * 1000, { year: "numeric", month: "short", day: "numeric" });
export const timeText = (at, dateStyle = "medium") => dateTime(at * 1000, { dateStyle, timeStyle: "short" });
// "1st", "1er", "1º": the language's ordinal category picks the ending.
export function ordinal(n) {
  return t("profile.ordinal", { n: String(n), cat: new Intl.PluralRules(lang(), { type: "ordinal" }).select(n) });
}

// The rulebook's scale for a solo game's level (help.js, "Your rating").
export function soloRating(level) {
  if (level >= 19) return t("profile.solo_master");
  if (level === 18) return t("profile.solo_very_good");
  if (level === 17) return t("profile.solo_good");
  return t("profile.solo_no_rating");
}

// A table with a caption and column headers (screen readers announce both). rows: arrays of
// cells (strings, numbers or nodes); the first cell of a row is its header when rowHeaders.
export function dataTable(caption, heads, rows, { id, rowHeaders = false, rowAttrs = () => ({}) } = {}) {
  // The wrapper scrolls a wide table on a narrow screen: focusable, so a keyboard scrolls it too.
  return h("div.table-wrap", { tabindex: "0", role: "region", "aria-label": caption || t("community.table") }, h("table.data-table", { id },
    h("caption", caption),
    h("thead", h("tr", heads.map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", rows.map((cells, i) => h("tr", rowAttrs(i), cells.map((c) => (typeof c === "number" ? String(c) : c)).map((c, j) =>
      j === 0 && rowHeaders ? h("th", { scope: "row" }, c) : h("td", c)))))));
}

// What a refusal means to a reader: the server's message, or a word on the network.
export function failure(e, { onAuthError } = {}) {
  if (e.status === 401 && onAuthError) { onAuthError(); return null; }
  return h("p.error", { role: "alert" }, errorText(e));
}

function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, String(v));
  for (const c of children) el.append(c);
  return el;
}

// The rating history as a line: the rating before the first game, then after each. Drawn with
// DOM calls (no markup from data); the summary next to it is what a screen reader reads.
function ratingChart(history) {
  const values = [history[0].before, ...history.map((c) => c.after)];
  const W = 400, H = 170, left = 42, right = 10, top = 12, bottom = 22;
  let lo = Math.floor(Math.min(...values) / 10) * 10;
  let hi = Math.ceil(Math.max(...values) / 10) * 10;
  if (hi - lo < 40) { const mid = Math.round((hi + lo) / 20) * 10; lo = mid - 20; hi = mid + 20; }
  const x = (i) => left + (values.length === 1 ? 0 : (i * (W - left - right)) / (values.length - 1));
  const y = (v) => top + ((hi - v) * (H - top - bottom)) / (hi - lo);
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "rating-chart", role: "img", "aria-labelledby": "rating-chart-summary" });
  for (const v of [hi, (hi + lo) / 2, lo]) {
    chart.append(svg("line", { x1: left, x2: W - right, y1: y(v), y2: y(v), class: "grid" }),
      svg("text", { x: left - 5, y: y(v) + 4, "text-anchor": "end", class: "axis" }, String(Math.round(v))));
  }
  if (lo < 1500 && hi > 1500) chart.append(svg("line", { x1: left, x2: W - right, y1: y(1500), y2: y(1500), class: "start" }));
  chart.append(svg("text", { x: left, y: H - 6, class: "axis" }, t("profile.chart_start")),
    svg("text", { x: W - right, y: H - 6, "text-anchor": "end", class: "axis" },
      t("profile.chart_games", { n: history.length })),
    svg("polyline", { points: values.map((v, i) => `${x(i)},${y(v)}`).join(" "), class: "line" }));
  values.forEach((v, i) => {
    const c = history[i - 1];
    const tip = i === 0 ? t("profile.chart_tip_first", { rating: String(v) })
      : t("profile.chart_tip", { game: String(c.game), date: dateText(c.at), before: String(c.before), after: String(v) });
    chart.append(svg("circle", { cx: x(i), cy: y(v), r: values.length > 40 ? 1.5 : 3, class: "point" }, svg("title", {}, tip)));
  });
  return chart;
}

function historyBox(history) {
  const box = h("section.panel.profile-history", { "aria-labelledby": "history-title" }, h("h2#history-title", t("profile.history_title")));
  if (!history.length) return box.append(h("p.empty", t("profile.no_rated_games"))), box;
  const values = [history[0].before, ...history.map((c) => c.after)];
  const last = values[values.length - 1];
  const summary = t("profile.history_summary", { first: String(values[0]), last: String(last), n: history.length,
    high: String(Math.max(...values)), low: String(Math.min(...values)) });
  const change = (c) => (c.after >= c.before ? `+${c.after - c.before}` : `−${c.before - c.after}`);
  box.append(h("figure.chart", ratingChart(history), h("figcaption#rating-chart-summary", summary)),
    h("details.history-table", h("summary", t("profile.every_rated_game")),
      dataTable(t("profile.history_caption"), [t("profile.col_game"), t("profile.col_date"), t("profile.col_before"),
        t("profile.col_after"), t("profile.col_change")],
        history.slice().reverse().map((c) => [h("a", { href: `#/replay/${c.game}` }, `#${c.game}`), dateText(c.at), c.before, c.after, change(c)]),
        { id: "rating-table" })));
  return box;
}

// "solo, Yucata rules", "2 players, original rules".
const kindText = (k) => t("profile.game_kind", { players: k.players, rules: k.ruleset === "original" ? "original" : "yucata" });

// The figures: overall, then by kind of game.
function statsBox(p) {
  const box = h("section.panel.profile-stats", { "aria-labelledby": "stats-title" }, h("h2#stats-title", t("profile.games_title")));
  if (!p.games) return box.append(h("p.empty", t("profile.no_finished_games"))), box;
  const pct = p.finish_share === null ? null : Math.round(p.finish_share * 100);
  box.append(h("dl.facts",
    h("dt", t("profile.finished_games")), h("dd", num(p.games)),
    h("dt", t("profile.wins")), h("dd", p.multiplayer_games
      ? t("profile.wins_value", { wins: p.wins, games: p.multiplayer_games }) : t("profile.no_games_with_others")),
    h("dt", t("profile.average_rank")), h("dd", p.average_rank === null ? "—" : num(p.average_rank)),
    h("dt", t("profile.plays_to_end")), h("dd#reputation", pct === null ? "—" :
      t("profile.reputation", { pct, finished: p.finished, games: p.games, timed_out: p.timed_out, resigned: p.resigned }))));
  box.append(dataTable(t("profile.by_kind_caption"), [t("profile.col_game"), t("profile.col_played"), t("profile.col_finished"),
    t("profile.col_wins"), t("profile.col_avg_rank")],
    p.by_kind.map((k) => [kindText(k),
      num(k.games), num(k.finished), k.players === 1 ? "—" : num(k.wins),
      k.players === 1 ? "—" : k.average_rank === null ? null : num(k.average_rank)]),
    { id: "by-kind", rowHeaders: true }));
  return box;
}

function recentBox(p) {
  const box = h("section.panel.profile-recent", { "aria-labelledby": "recent-title" }, h("h2#recent-title", t("profile.recent_title")));
  if (!p.recent.length) return box.append(h("p.empty", t("profile.none_yet"))), box;
  box.append(dataTable(t("profile.recent_caption"), [t("profile.col_game"), t("profile.col_kind"), t("profile.col_result"),
    t("profile.col_finished_on"), t("profile.col_replay")],
    p.recent.map((g) => [`#${g.game}`, kindText(g),
      g.players === 1 ? t("profile.solo_game")
        : t("profile.recent_rank", { rank: ordinal(g.rank), players: g.players, rated: g.rated ? "yes" : "no" }),
      dateText(g.finished_at),
      g.record ? h("a", { href: `#/replay/${g.game}`, "aria-label": t("profile.replay_label", { game: String(g.game) }) }, t("profile.replay"))
        : h("span.quiet", t("profile.private"))]),
    { id: "recent-games", rowHeaders: true, rowAttrs: (i) => ({ "data-game": p.recent[i].game }) }));
  return box;
}

function soloBox(p, self) {
  const box = h("section.panel.profile-solo", { "aria-labelledby": "solo-title" }, h("h2#solo-title", t("profile.solo_title")));
  const b = p.best_solo;
  const canWatch = b && (self || p.recent.some((g) => g.game === b.game && g.record));
  append(box, h("dl.facts",
    h("dt", t("profile.best_solo")), h("dd#best-solo", b
      ? [t("profile.best_solo_value", { level: b.level, rating: soloRating(b.level), cash: b.cash,
        dated: b.finished_at ? "yes" : "no", date: b.finished_at ? dateText(b.finished_at) : "" }),
      canWatch ? [" · ", h("a", { href: `#/replay/${b.game}` }, t("community.game_link", { game: String(b.game) }))] : null]
      : t("profile.no_solo_yet")),
    h("dt", t("profile.daily_streak")), h("dd#daily-streak", t("profile.daily_streak_value", { n: p.daily.streak, best: p.daily.best_streak }))),
    h("p.quiet.scale", t("profile.solo_scale")),
    self ? h("p", h("a", { href: "#/daily" }, t("profile.todays_daily"))) : null);
  return box;
}

// Friend, mute and block toggles, an invitation, a private message and a report, for a
// logged-in visitor.
function actionsBox(p, onAuthError) {
  const state = { friends: p.friend, mutes: p.muted, blocks: p.blocked };
  const words = { friends: ["profile.add_friend", "profile.remove_friend"], mutes: ["profile.mute", "profile.unmute"],
    blocks: ["profile.block", "profile.unblock"] };
  const ids = { friends: "friend-toggle", mutes: "mute-toggle", blocks: "block-toggle" };
  const listed = { friends: "friends", mutes: "muted", blocks: "blocked" };
  const msg = h("p.note#relation-note", { role: "status" });
  const buttons = {};
  const show = () => {
    for (const kind of Object.keys(words)) buttons[kind].textContent = t(words[kind][state[kind] ? 1 : 0]);
    const on = [state.friends && t("profile.is_friend"), state.mutes && t("profile.is_muted"), state.blocks && t("profile.is_blocked")]
      .filter(Boolean);
    msg.textContent = on.length ? t("profile.relation_state", { name: p.name, states: on.join(", ") }) : "";
  };
  for (const kind of Object.keys(words)) {
    buttons[kind] = h(`button#${ids[kind]}`, { type: "button", onclick: async () => {
      buttons[kind].disabled = true;
      try {
        const r = await community.setRelation(kind, p.name, !state[kind]);
        for (const k of Object.keys(state)) state[k] = r[listed[k]].some((n) => same(n, p.name));
        show();
      } catch (e) {
        if (e.status === 401) return onAuthError();
        msg.textContent = errorText(e);
      } finally {
        buttons[kind].disabled = false;
      }
    } });
  }
  show();
  const box = h("section.panel.profile-actions", { "aria-label": t("profile.you_and", { name: p.name }) },
    h("div.button-row", buttons.friends, buttons.mutes, buttons.blocks,
      h("a.button#invite-link", { href: `#/new?invite=${encodeURIComponent(p.name)}` }, t("profile.invite")),
      h("a.button#message-player", { href: `#/messages/${encodeURIComponent(p.name)}` }, t("profile.message")),
      h("button#report-open", { type: "button", onclick: () => reportDialog(p.name, msg, onAuthError) }, t("profile.report"))),
    msg,
    h("p.quiet.small", t("profile.mute_explained")));
  return box;
}

// The report form, in a modal dialog: a reason, sent to the operators.
function reportDialog(name, msg, onAuthError) {
  document.querySelector("dialog.report-dialog")?.remove();
  const err = h("p.error#report-error", { role: "alert" });
  const reason = h("textarea#report-reason", { rows: 4, maxlength: 500 });
  const close = () => { dlg.close(); dlg.remove(); document.getElementById("report-open")?.focus(); };
  const dlg = h("dialog.choose.report-dialog", { "aria-labelledby": "report-title" },
    h("form", { onsubmit: async (e) => {
      e.preventDefault();
      err.textContent = "";
      if (!reason.value.trim()) { err.textContent = t("profile.say_what_happened"); return; }
      try {
        await community.report({ player: name, reason: reason.value.trim() });
        close();
        msg.textContent = t("profile.report_thanks");
      } catch (e2) {
        if (e2.status === 401) { close(); return onAuthError(); }
        err.textContent = errorText(e2);
      }
    } },
    h("h2#report-title", t("profile.report_title", { name })),
    h("p", t("profile.report_intro")),
    h("label", { for: "report-reason" }, t("community.reason")), reason, err,
    h("div.dialog-foot", h("button.cancel", { type: "button", onclick: close }, t("community.cancel")), " ",
      h("button.primary#report-send", { type: "submit" }, t("community.send_report")))));
  dlg.addEventListener("cancel", (e) => { e.preventDefault(); close(); });
  document.body.append(dlg);
  dlg.showModal();
  reason.focus();
}

// A span of time, coarsely: "40 s", "12 min", "3 h 20 min", "2 d 4 h".
function spanText(seconds) {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return t("profile.span_seconds", { n: s });
  if (s < 3600) return t("profile.span_minutes", { n: Math.round(s / 60) });
  if (s < 86400) return t("profile.span_hours", { h: Math.floor(s / 3600), m: Math.round((s % 3600) / 60) });
  return t("profile.span_days", { d: Math.floor(s / 86400), h: Math.round((s % 86400) / 3600) });
}

function headBox(p, self) {
  const r = p.rating;
  return h("section.panel.profile-head",
    h("div.profile-name", h("h1#profile-name", p.name),
      p.operator ? h("span.badge.operator#operator-badge", t("profile.badge_operator")) : null,
      p.bot_account ? h("span.badge#bot-account-badge", t("profile.badge_bot_account")) : null,
      self ? h("span.badge", t("profile.badge_you")) : null),
    h("p.quiet", t("profile.member_since", { date: dateText(p.created_at) }),
      p.last_seen ? [" · ", h("span#last-seen", t("profile.last_seen", { date: dateText(p.last_seen) }))] : null,
      p.average_move_seconds != null
        ? [" · ", h("span#move-time", t("profile.move_time", { time: spanText(p.average_move_seconds), n: p.moves_timed }))]
        : null),
    h("div.rating-line#profile-rating",
      r ? [tNodes("profile.rating_line", { n: r.games }, { rating: h("span.rating-value", String(r.value)) }),
        r.provisional ? h("span.badge.provisional", { title: t("profile.provisional_title") }, t("profile.provisional")) : null]
        : t("profile.not_rated")));
}

export function profilePage(root, name, { session, onAuthError }) {
  const out = h("div.community-page.profile-page", h("p.quiet", t("community.loading")));
  clear(root).append(out);
  let gone = false;
  (async () => {
    let p, hist;
    try {
      [p, hist] = await Promise.all([community.profile(name), community.ratingHistory(name)]);
    } catch (e) {
      if (gone) return;
      if (e.code === "no_such_player") {
        clear(out).append(h("section.panel", h("h1", t("profile.no_such_player")),
          h("p.error#no-player", { role: "alert" }, t("profile.no_player_called", { name })),
          h("p", h("a", { href: "#/leaderboard" }, t("profile.see_leaderboard")))));
      } else {
        const f = failure(e, { onAuthError });
        if (f) clear(out).append(f);
      }
      return;
    }
    if (gone) return;
    const self = !!session && same(session.account.name, p.name);
    append(clear(out), headBox(p, self),
      session && !self ? actionsBox(p, onAuthError) : null,
      h("div.profile-grid", historyBox(hist.history), statsBox(p), soloBox(p, self), recentBox(p)));
  })();
  return () => {
    gone = true;
    document.querySelector("dialog.report-dialog")?.remove();
  };
}
