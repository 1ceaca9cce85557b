// A player's profile (#/player/NAME): rating and its history, what he plays and how he finishes
// his games, his recent games with their replays, his best solo level and daily streak; for a
// logged-in visitor, buttons to befriend, mute, block, invite or report him. Everything a
// player wrote or chose (names, report reasons) goes in as text, never as markup.
// The other community pages borrow playerLink, dateText and the helpers below from here.
import { h, clear, append } from "./dom.js";
import * as community from "./community-api.js";

const SVG = "http://www.w3.org/2000/svg";
const same = (a, b) => String(a).toLowerCase() === String(b).toLowerCase();

// A name as a link to its profile (every community page names players this way).
export const playerLink = (name, attrs = {}) => h("a.player-link", { href: `#/player/${encodeURIComponent(name)}`, ...attrs }, name);
export const dateText = (t) => new Date(t * 1000).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
export const timeText = (t, dateStyle = "medium") => new Date(t * 1000).toLocaleString(undefined, { dateStyle, timeStyle: "short" });
export function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? "th" : ["th", "st", "nd", "rd"][n % 10] || "th"}`;
}
export const rulesText = (r) => (r === "original" ? "original rules" : "Yucata rules");

// The rulebook's scale for a solo game's level (help.js, "Your rating").
export function soloRating(level) {
  if (level >= 19) return "master";
  if (level === 18) return "very good";
  if (level === 17) return "good";
  return "no rating";
}

// A table with a caption and column headers (screen readers announce both). rows: arrays of
// cells (strings, numbers or nodes); the first cell of a row is its header when rowHeaders.
export function dataTable(caption, heads, rows, { id, rowHeaders = false, rowAttrs = () => ({}) } = {}) {
  // The wrapper scrolls a wide table on a narrow screen: focusable, so a keyboard scrolls it too.
  return h("div.table-wrap", { tabindex: "0", role: "region", "aria-label": caption || "table" }, h("table.data-table", { id },
    h("caption", caption),
    h("thead", h("tr", heads.map((t) => h("th", { scope: "col" }, t)))),
    h("tbody", rows.map((cells, i) => h("tr", rowAttrs(i), cells.map((c) => (typeof c === "number" ? String(c) : c)).map((c, j) =>
      j === 0 && rowHeaders ? h("th", { scope: "row" }, c) : h("td", c)))))));
}

// What a refusal means to a reader: the server's message, or a word on the network.
export function failure(e, { onAuthError } = {}) {
  if (e.status === 401 && onAuthError) { onAuthError(); return null; }
  return h("p.error", { role: "alert" }, e.message || "Something went wrong.");
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
  chart.append(svg("text", { x: left, y: H - 6, class: "axis" }, "start"),
    svg("text", { x: W - right, y: H - 6, "text-anchor": "end", class: "axis" },
      `${history.length} game${history.length === 1 ? "" : "s"}`),
    svg("polyline", { points: values.map((v, i) => `${x(i)},${y(v)}`).join(" "), class: "line" }));
  values.forEach((v, i) => {
    const tip = i === 0 ? `Before the first rated game: ${v}` : `Game ${history[i - 1].game}, ${dateText(history[i - 1].at)}: ${history[i - 1].before} → ${v}`;
    chart.append(svg("circle", { cx: x(i), cy: y(v), r: values.length > 40 ? 1.5 : 3, class: "point" }, svg("title", {}, tip)));
  });
  return chart;
}

function historyBox(history) {
  const box = h("section.panel.profile-history", { "aria-labelledby": "history-title" }, h("h2#history-title", "Rating history"));
  if (!history.length) return box.append(h("p.empty", "No rated games yet.")), box;
  const values = [history[0].before, ...history.map((c) => c.after)];
  const last = values[values.length - 1];
  const summary = `From ${values[0]} to ${last} over ${history.length} rated game${history.length === 1 ? "" : "s"}; ` +
    `highest ${Math.max(...values)}, lowest ${Math.min(...values)}.`;
  const change = (c) => (c.after >= c.before ? `+${c.after - c.before}` : `−${c.before - c.after}`);
  box.append(h("figure.chart", ratingChart(history), h("figcaption#rating-chart-summary", summary)),
    h("details.history-table", h("summary", "Every rated game"),
      dataTable("Rating after each rated game, newest first", ["Game", "Date", "Before", "After", "Change"],
        history.slice().reverse().map((c) => [h("a", { href: `#/replay/${c.game}` }, `#${c.game}`), dateText(c.at), c.before, c.after, change(c)]),
        { id: "rating-table" })));
  return box;
}

// The figures: overall, then by kind of game.
function statsBox(p) {
  const box = h("section.panel.profile-stats", { "aria-labelledby": "stats-title" }, h("h2#stats-title", "Games"));
  if (!p.games) return box.append(h("p.empty", "No finished games yet.")), box;
  const pct = p.finish_share === null ? null : Math.round(p.finish_share * 100);
  box.append(h("dl.facts",
    h("dt", "Finished games"), h("dd", String(p.games)),
    h("dt", "Wins"), h("dd", p.multiplayer_games ? `${p.wins} of ${p.multiplayer_games} games with others` : "no games with others yet"),
    h("dt", "Average rank"), h("dd", p.average_rank === null ? "—" : String(p.average_rank)),
    h("dt", "Plays to the end"), h("dd#reputation", pct === null ? "—" :
      `finishes ${pct}% of games (${p.finished} of ${p.games}; ${p.timed_out} timed out, ${p.resigned} resigned)`)));
  box.append(dataTable("By number of players and rules", ["Game", "Played", "Finished", "Wins", "Avg. rank"],
    p.by_kind.map((k) => [k.players === 1 ? `solo, ${rulesText(k.ruleset)}` : `${k.players} players, ${rulesText(k.ruleset)}`,
      k.games, k.finished, k.players === 1 ? "—" : k.wins, k.players === 1 ? "—" : k.average_rank]),
    { id: "by-kind", rowHeaders: true }));
  return box;
}

function recentBox(p) {
  const box = h("section.panel.profile-recent", { "aria-labelledby": "recent-title" }, h("h2#recent-title", "Recent games"));
  if (!p.recent.length) return box.append(h("p.empty", "None yet.")), box;
  box.append(dataTable("The latest finished games, newest first", ["Game", "Kind", "Result", "Finished", "Replay"],
    p.recent.map((g) => [`#${g.game}`, g.players === 1 ? `solo, ${rulesText(g.ruleset)}` : `${g.players} players, ${rulesText(g.ruleset)}`,
      g.players === 1 ? "solo game" : `${ordinal(g.rank)} of ${g.players}${g.rated ? ", rated" : ""}`, dateText(g.finished_at),
      g.record ? h("a", { href: `#/replay/${g.game}`, "aria-label": `Replay of game ${g.game}` }, "Replay") : h("span.quiet", "private")]),
    { id: "recent-games", rowHeaders: true, rowAttrs: (i) => ({ "data-game": p.recent[i].game }) }));
  return box;
}

function soloBox(p, self) {
  const box = h("section.panel.profile-solo", { "aria-labelledby": "solo-title" }, h("h2#solo-title", "Solo and the daily challenge"));
  const b = p.best_solo;
  const canWatch = b && (self || p.recent.some((g) => g.game === b.game && g.record));
  append(box, h("dl.facts",
    h("dt", "Best solo level"), h("dd#best-solo", b
      ? [`${b.level} (${soloRating(b.level)}), ${b.cash} Cash left, ${dateText(b.finished_at)}`,
        canWatch ? [" · ", h("a", { href: `#/replay/${b.game}` }, `game #${b.game}`)] : null]
      : "no solo game finished yet"),
    h("dt", "Daily streak"), h("dd#daily-streak", `${p.daily.streak} day${p.daily.streak === 1 ? "" : "s"}` +
      ` (best ${p.daily.best_streak})`)),
    h("p.quiet.scale", "Solo levels: 17 good, 18 very good, 19 or more master."),
    self ? h("p", h("a", { href: "#/daily" }, "Today's daily challenge")) : null);
  return box;
}

// Friend, mute and block toggles, an invitation and a report, for a logged-in visitor.
function actionsBox(p, onAuthError) {
  const state = { friends: p.friend, mutes: p.muted, blocks: p.blocked };
  const words = { friends: ["Add friend", "Remove friend"], mutes: ["Mute", "Unmute"], blocks: ["Block", "Unblock"] };
  const ids = { friends: "friend-toggle", mutes: "mute-toggle", blocks: "block-toggle" };
  const listed = { friends: "friends", mutes: "muted", blocks: "blocked" };
  const msg = h("p.note#relation-note", { role: "status" });
  const buttons = {};
  const show = () => {
    for (const kind of Object.keys(words)) buttons[kind].textContent = words[kind][state[kind] ? 1 : 0];
    const on = [state.friends && "your friend", state.mutes && "muted", state.blocks && "blocked"].filter(Boolean);
    msg.textContent = on.length ? `${p.name} is ${on.join(", ")}.` : "";
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
        msg.textContent = e.message;
      } finally {
        buttons[kind].disabled = false;
      }
    } });
  }
  show();
  const box = h("section.panel.profile-actions", { "aria-label": `You and ${p.name}` },
    h("div.button-row", buttons.friends, buttons.mutes, buttons.blocks,
      h("a.button#invite-link", { href: `#/new?invite=${encodeURIComponent(p.name)}` }, "Invite to a game"),
      h("button#report-open", { type: "button", onclick: () => reportDialog(p.name, msg, onAuthError) }, "Report")),
    msg,
    h("p.quiet.small", "Muting hides his chat messages from you; blocking also keeps him from your games and from inviting you."));
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
      if (!reason.value.trim()) { err.textContent = "Say what happened."; return; }
      try {
        await community.report({ player: name, reason: reason.value.trim() });
        close();
        msg.textContent = "Thank you: the operators will look at your report.";
      } catch (e2) {
        if (e2.status === 401) { close(); return onAuthError(); }
        err.textContent = e2.message;
      }
    } },
    h("h2#report-title", `Report ${name}`),
    h("p", "Tell the operators what happened (cheating, abuse in the chat, stalling games…). They see your name with the report."),
    h("label", { for: "report-reason" }, "Reason"), reason, err,
    h("div.dialog-foot", h("button.cancel", { type: "button", onclick: close }, "Cancel"), " ",
      h("button.primary#report-send", { type: "submit" }, "Send report"))));
  dlg.addEventListener("cancel", (e) => { e.preventDefault(); close(); });
  document.body.append(dlg);
  dlg.showModal();
  reason.focus();
}

function headBox(p, self) {
  const r = p.rating;
  return h("section.panel.profile-head",
    h("div.profile-name", h("h1#profile-name", p.name),
      p.operator ? h("span.badge.operator#operator-badge", "operator") : null,
      self ? h("span.badge", "you") : null),
    h("p.quiet", `Member since ${dateText(p.created_at)}`),
    h("div.rating-line#profile-rating",
      r ? [h("span.rating-value", String(r.value)), ` rating after ${r.games} rated game${r.games === 1 ? "" : "s"}`,
        r.provisional ? h("span.badge.provisional", { title: "Fewer than 10 rated games: the rating still moves fast" }, "provisional") : null]
        : "Not rated yet (1500 at the first rated game)."));
}

export function profilePage(root, name, { session, onAuthError }) {
  const out = h("div.community-page.profile-page", h("p.quiet", "Loading…"));
  clear(root).append(out);
  let gone = false;
  (async () => {
    let p, hist;
    try {
      [p, hist] = await Promise.all([community.profile(name), community.ratingHistory(name)]);
    } catch (e) {
      if (gone) return;
      if (e.code === "no_such_player") {
        clear(out).append(h("section.panel", h("h1", "No such player"),
          h("p.error#no-player", { role: "alert" }, `There is no player called “${name}”.`),
          h("p", h("a", { href: "#/leaderboard" }, "See the leaderboard"))));
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
