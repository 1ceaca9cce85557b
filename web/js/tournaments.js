// Tournaments (docs/protocol.md, "Tournaments"): the list (#/tournaments: those taking entries,
// with a Join button, those being played and the latest finished), the form that creates one
// (#/tournaments/new) and a tournament's page (#/tournaments/ID: its facts, Join / Withdraw /
// Cancel as fit the reader, the entrants, the standings with the tie-breaks of its format, the
// crosstable and each round's games and byes). The pages are read again when the app's live
// connection (live.js) says a tournament changed, never polled. The server decides every rule:
// a refusal is shown in its words (in the reader's language), the form only hints.
// Names and a tournament's name go in as text, never as markup.
import { call, errorText } from "./api.js";
import { h, clear } from "./dom.js";
import { morph } from "./morph.js";
import { playerLink, dataTable, failure } from "./profile.js";
import { t, tNodes, lang, list, num, dateTime } from "./i18n.js";

const same = (a, b) => String(a).toLowerCase() === String(b).toLowerCase();

// ---- The HTTP API -----------------------------------------------------------------------------
export const tournaments = () => call("GET", "/api/tournaments");
export const tournament = (id) => call("GET", `/api/tournaments/${id}`);
export const createTournament = (body) => call("POST", "/api/tournaments", body);
// join, withdraw or cancel: each answers the whole tournament.
export const act = (id, what) => call("POST", `/api/tournaments/${id}/${what}`);

// The server's limits (docs/protocol.md, "Tournaments").
const MAX_NAME = 60;
const MAX_ROUNDS = 15;
const MAX_PLAYERS = 64;
const MAX_ROUND_ROBIN = 16;

export function tournamentsPage(root, which, opts) {
  if (which === "new") return newPage(root, opts);
  if (which) return detailPage(root, Number(which), opts);
  return listPage(root, opts);
}

// ---- Words for a tournament's facts ------------------------------------------------------------

// Points (a third, two thirds in games of 3 or 4) with at most two decimals, as the language
// writes them.
const pointsFormats = new Map();
export function points(x) {
  let f = pointsFormats.get(lang());
  if (!f) pointsFormats.set(lang(), (f = new Intl.NumberFormat(lang(), { maximumFractionDigits: 2 })));
  return f.format(x);
}

// A span of time in its largest whole unit.
function span(seconds) {
  if (seconds % 86400 === 0) return t("tournaments.span_days", { n: seconds / 86400 });
  if (seconds % 3600 === 0) return t("tournaments.span_hours", { n: seconds / 3600 });
  return t("tournaments.span_minutes", { n: Math.round(seconds / 60) });
}

// A time control as the lobby's form names it, else in its own terms.
const PER_MOVE = { 3600: "lobby.pace_hour", 86400: "lobby.pace_day", 259200: "lobby.pace_3_days" };
export function clockText(tc) {
  if (tc?.type === "per_move") return PER_MOVE[tc.seconds] ? t(PER_MOVE[tc.seconds]) : t("tournaments.per_move", { time: span(tc.seconds) });
  if (tc?.type === "bank") {
    if (tc.initial === 259200 && tc.increment === 86400 && tc.cap === 604800) return t("lobby.pace_bank");
    return t("tournaments.bank", { initial: span(tc.initial), increment: span(tc.increment), cap: span(tc.cap) });
  }
  return t("lobby.pace_none");
}

const formatText = (s) => t("tournaments.format", { format: s.format });
const rulesText = (s) => (s.ruleset === "original" ? t("lobby.ruleset_original") : "Yucata");
const roundText = (s) => t("tournaments.round_of", { round: s.round, rounds: s.rounds });

// When it starts (or started, or ended).
function startText(s) {
  if (s.status === "open") {
    return s.starts_at ? t("tournaments.starts_at", { time: dateTime(s.starts_at), min: s.min_players })
      : t("tournaments.starts_when_full", { max: s.max_players });
  }
  if (s.status === "running" && s.started_at) return t("tournaments.started_at", { time: dateTime(s.started_at) });
  return s.ended_at ? t("tournaments.ended_at", { time: dateTime(s.ended_at) }) : "";
}

// Why it ended: the server's code (docs/protocol.md, "Tournaments"); an unknown one says nothing.
const END_REASONS = new Set(["cancelled", "too_few_at_start", "too_few_left"]);
const endReasonText = (s) => (END_REASONS.has(s.end_reason) ? t("tournaments.end_reason", { why: s.end_reason }) : "");

// Who may enter, beside anyone: the rating and finishing record asked.
function limitsText(s) {
  const parts = [];
  if (s.min_rating) parts.push(t("lobby.entry_min_rating", { rating: String(s.min_rating) }));
  if (s.min_finished) parts.push(t("lobby.entry_min_finished", { percent: Math.round(s.min_finished * 100) }));
  return parts.join(", ");
}

// One line of a summary: format, table size, clock, places, start or round.
function summaryLine(s) {
  const parts = [formatText(s), t("tournaments.per_game", { n: s.players }), clockText(s.time_control),
    t("tournaments.entries", { n: s.entries, max: s.max_players })];
  if (s.rated) parts.push(t("lobby.entry_rated"));
  if (s.status === "running") parts.push(roundText(s));
  else if (s.status === "open") parts.push(startText(s));
  else if (s.ended_at) parts.push(startText(s));
  return parts.join(" · ");
}

// A refusal in the reader's words where it belongs (a lost login goes to the login page).
function refusal(e, where, onAuthError) {
  if (e.status === 401) { onAuthError(); return; }
  where.textContent = errorText(e);
}

// ---- The list -----------------------------------------------------------------------------

function listPage(root, { session, navigate, onAuthError, live }) {
  const me = session.account.name;
  const error = h("p.error#tournaments-error", { role: "alert" });
  const sections = {
    open: h("div.tour-list-body", h("p.quiet", t("community.loading"))),
    running: h("div.tour-list-body"),
    finished: h("div.tour-list-body"),
  };
  const panel = (kind, title) => h(`section.panel#tournaments-${kind}`, { "aria-labelledby": `tournaments-${kind}-title` },
    h(`h2#tournaments-${kind}-title`, title), sections[kind]);
  clear(root).append(h("div.community-page.tournaments-page#tournaments-page",
    h("section.panel",
      h("div.panel-head", h("h1", t("tournaments.title")),
        h("a.button#tournament-create", { href: "#/tournaments/new" }, t("tournaments.create"))),
      h("p.quiet", t("tournaments.intro")), error),
    panel("open", t("tournaments.open_title")),
    panel("running", t("tournaments.running_title")),
    panel("finished", t("tournaments.finished_title"))));

  let gone = false;
  let asked = 0;

  function row(s) {
    const join = s.status === "open" && !s.entered && !same(s.creator, me)
      ? h("button.tour-join", { type: "button", "aria-label": t("tournaments.join_aria", { name: s.name }), onclick: async (e) => {
        const button = e.currentTarget;
        button.disabled = true;
        error.textContent = "";
        try {
          await act(s.id, "join");
          navigate(`#/tournaments/${s.id}`);
        } catch (e2) {
          button.disabled = false;
          // Entered already (from another page): its page is where to go.
          if (e2.code === "already_entered") navigate(`#/tournaments/${s.id}`);
          else refusal(e2, error, onAuthError);
        }
      } }, t("tournaments.join"))
      : null;
    return h("li.tour-row", { "data-key": String(s.id), "data-tournament": s.id },
      h("div.tour-row-main",
        h("a.tour-name", { href: `#/tournaments/${s.id}` }, s.name),
        h("span.quiet.tour-by", " ", tNodes("tournaments.by", {}, { name: h("span", s.creator) }))),
      h("p.quiet.tour-line", summaryLine(s)),
      join ? h("div.tour-row-actions", join) : null);
  }
  const listEl = (items) => h("ul.tour-list", items);
  const empty = { open: "tournaments.none_open", running: "tournaments.none_running", finished: "tournaments.none_finished" };

  async function refresh() {
    const mine = ++asked;
    try {
      const r = await tournaments();
      if (gone || mine !== asked) return;
      error.textContent = "";
      for (const kind of ["open", "running", "finished"]) {
        const body = sections[kind];
        const items = (r[kind] || []).map(row);
        if (!items.length) { clear(body).append(h("p.empty", t(empty[kind]))); continue; }
        const fresh = listEl(items);
        const had = body.querySelector("ul.tour-list");
        if (had) morph(had, fresh, { animate: false });
        else clear(body).append(fresh);
      }
    } catch (e) {
      if (!gone) refusal(e, error, onAuthError);
    }
  }
  refresh();
  const off = live?.on("tournament", () => refresh());
  return () => { gone = true; off?.(); };
}

// ---- The form -----------------------------------------------------------------------------

// When it starts: when full, or this many seconds from now.
const STARTS = [["", "tournaments.start_when_full"], ["3600", "tournaments.start_in_hours", 1], ["21600", "tournaments.start_in_hours", 6],
  ["86400", "tournaments.start_in_days", 1], ["259200", "tournaments.start_in_days", 3], ["604800", "tournaments.start_in_days", 7]];

function newPage(root, { navigate, onAuthError }) {
  const err = h("p.error#tournament-error", { role: "alert" });
  const name = h("input#tour-name", { type: "text", name: "name", maxlength: MAX_NAME, autocomplete: "off", required: true });
  const format = h("select#tour-format", { name: "format" },
    h("option", { value: "swiss", selected: true }, t("tournaments.format", { format: "swiss" })),
    h("option", { value: "round_robin" }, t("tournaments.format", { format: "round_robin" })));
  const players = h("select#tour-players", { name: "players" }, [2, 3, 4].map((n) => h("option", { value: n, selected: n === 2 }, num(n))));
  const rounds = h("input#tour-rounds", { type: "number", name: "rounds", min: 1, max: MAX_ROUNDS, value: 3, inputmode: "numeric" });
  const maxPlayers = h("input#tour-max", { type: "number", name: "max_players", min: 2, max: MAX_PLAYERS, value: 8, inputmode: "numeric" });
  const start = h("select#tour-start", { name: "starts_at" },
    STARTS.map(([v, key, n]) => h("option", { value: v, selected: v === "" }, t(key, { n }))));
  const minPlayers = h("input#tour-min", { type: "number", name: "min_players", min: 2, max: MAX_PLAYERS, value: 2, inputmode: "numeric" });
  const pace = h("select#tour-pace", { name: "time_control" },
    h("option", { value: "3600" }, t("lobby.pace_hour")),
    h("option", { value: "86400", selected: true }, t("lobby.pace_day")),
    h("option", { value: "259200" }, t("lobby.pace_3_days")),
    h("option", { value: "bank" }, t("lobby.pace_bank")));
  const endOption = h("option", { value: "end" }, t("tournaments.timeout_end"));
  const onTimeout = h("select#tour-timeout", { name: "on_timeout" },
    h("option", { value: "bot", selected: true }, t("tournaments.timeout_bot")), endOption);
  // "Yucata" is the name of the site whose rules these are.
  const ruleset = h("select#tour-ruleset", { name: "ruleset" }, h("option", { value: "yucata" }, "Yucata"),
    h("option", { value: "original" }, t("lobby.ruleset_original")));
  const rated = h("input#tour-rated", { type: "checkbox", name: "rated" });
  const minRating = h("input#tour-min-rating", { type: "number", name: "min_rating", min: 0, max: 4000, step: 50,
    placeholder: t("lobby.min_rating_placeholder"), inputmode: "numeric" });
  const minFinished = h("select#tour-min-finished", { name: "min_finished" },
    h("option", { value: "" }, t("lobby.min_finished_anyone")),
    h("option", { value: "0.8" }, t("lobby.min_finished_80")),
    h("option", { value: "0.9" }, t("lobby.min_finished_90")),
    h("option", { value: "0.95" }, t("lobby.min_finished_95")));
  const submit = h("button.primary#tournament-submit", { type: "submit" }, t("tournaments.create_submit"));
  const why = h("p.why#tournament-why", { "aria-live": "polite" });

  const hints = {};
  function option(control, label, hintText = "") {
    const id = `${control.id}-hint`;
    const text = h("span.hint-text", hintText);
    hints[control.id] = text;
    control.setAttribute("aria-describedby", id);
    return h("div.opt", h("label", { for: control.id }, label), control, h("p.hint", { id }, text));
  }
  const int = (input) => (input.value.trim() === "" ? NaN : Number(input.value));
  const within = (x, lo, hi) => Number.isInteger(x) && x >= lo && x <= hi;

  // What may be chosen given the rest, and what the server would refuse: on every change.
  function applyRules() {
    const swiss = format.value === "swiss";
    const n = Number(players.value);
    const most = swiss ? MAX_PLAYERS : MAX_ROUND_ROBIN;
    rounds.disabled = !swiss;
    maxPlayers.max = String(most);
    hints["tour-format"].textContent = swiss ? t("tournaments.hint_swiss") : t("tournaments.hint_round_robin", { max: MAX_ROUND_ROBIN });
    hints["tour-players"].textContent = t("tournaments.hint_players", { n });
    hints["tour-rounds"].textContent = swiss ? t("tournaments.hint_rounds", { max: MAX_ROUNDS }) : t("tournaments.hint_rounds_rr");
    hints["tour-max"].textContent = t("tournaments.hint_max", { max: most });
    const at = start.value ? Date.now() / 1000 + Number(start.value) : null;
    hints["tour-start"].textContent = at ? t("tournaments.hint_start_at", { time: dateTime(at) }) : t("tournaments.hint_start_full");
    minPlayers.disabled = !at;
    minPlayers.min = String(n);
    if (!at) minPlayers.value = String(n);
    hints["tour-min"].textContent = at ? t("tournaments.hint_min", { n }) : t("tournaments.hint_min_full");
    endOption.disabled = n !== 2;
    if (endOption.disabled && onTimeout.value === "end") onTimeout.value = "bot";
    hints["tour-timeout"].textContent = n === 2 ? t("tournaments.hint_timeout_2") : t("tournaments.hint_timeout");

    const problems = [];
    if (!name.value.trim()) problems.push(t("tournaments.problem_name"));
    if (swiss && !within(int(rounds), 1, MAX_ROUNDS)) problems.push(t("tournaments.problem_rounds", { max: MAX_ROUNDS }));
    if (!within(int(maxPlayers), 2, most)) problems.push(t("tournaments.problem_max", { max: most }));
    else if (int(maxPlayers) < n) problems.push(t("tournaments.problem_max_game", { n }));
    if (at && !within(int(minPlayers), n, Math.max(n, int(maxPlayers) || n))) problems.push(t("tournaments.problem_min", { n }));
    if (minRating.value !== "" && !within(int(minRating), 0, 4000)) problems.push(t("lobby.problem_min_rating"));
    why.textContent = problems.join(" ");
    submit.disabled = problems.length > 0;
    return at;
  }

  const form = h("form.create.tournament-form#tournament-form", {
    oninput: applyRules,
    onchange: applyRules,
    onsubmit: async (e) => {
      e.preventDefault();
      const at = applyRules();
      if (submit.disabled) return;
      err.textContent = "";
      const swiss = format.value === "swiss";
      const body = {
        name: name.value.trim(), format: format.value, players: Number(players.value), max_players: int(maxPlayers),
        starts_at: at ? Math.floor(at) : null, ruleset: ruleset.value, rated: rated.checked,
        time_control: pace.value === "bank"
          ? { type: "bank", initial: 259200, increment: 86400, cap: 604800, on_timeout: onTimeout.value }
          : { type: "per_move", seconds: Number(pace.value), on_timeout: onTimeout.value },
      };
      // Entry limits left out when not set, as the game form does (docs/protocol.md: "as a game's").
      if (minRating.value !== "") body.min_rating = int(minRating);
      if (minFinished.value) body.min_finished = Number(minFinished.value);
      if (swiss) body.rounds = int(rounds);
      if (at) body.min_players = int(minPlayers);
      submit.disabled = true;
      try {
        const r = await createTournament(body);
        navigate(`#/tournaments/${r.id}`);
      } catch (e2) {
        submit.disabled = false;
        refusal(e2, err, onAuthError);
      }
    },
  },
  h("div.opt-list",
    option(name, t("tournaments.opt_name"), t("tournaments.hint_name", { max: MAX_NAME })),
    option(format, t("tournaments.opt_format")),
    option(players, t("tournaments.opt_players")),
    option(rounds, t("tournaments.opt_rounds")),
    option(maxPlayers, t("tournaments.opt_max")),
    option(start, t("tournaments.opt_start")),
    option(minPlayers, t("tournaments.opt_min")),
    option(pace, t("lobby.opt_pace"), t("tournaments.hint_pace")),
    option(onTimeout, t("lobby.opt_timeout")),
    option(ruleset, t("lobby.opt_rules"), t("lobby.hint_rules")),
    option(rated, t("lobby.opt_rated"), t("lobby.hint_rated")),
    option(minRating, t("lobby.opt_min_rating"), t("lobby.hint_min_rating")),
    option(minFinished, t("lobby.opt_min_finished"), t("lobby.hint_min_finished"))),
  why, submit, err);
  clear(root).append(h("div.community-page.tournaments-page#tournament-new-page",
    h("section.panel",
      h("p.tour-back", h("a", { href: "#/tournaments" }, t("tournaments.back"))),
      h("h1", t("tournaments.new_title")),
      form)));
  applyRules();
  name.focus();
  return () => {};
}

// ---- A tournament ---------------------------------------------------------------------------

// A confirmation in the page's own <dialog>: `yes` runs on the confirming button.
function confirmDialog(text, yesLabel, yes) {
  document.querySelector("dialog.tour-confirm")?.remove();
  const opener = document.activeElement;
  const close = () => { dlg.close(); dlg.remove(); if (opener?.isConnected) opener.focus(); };
  const dlg = h("dialog.choose.tour-confirm", { "aria-labelledby": "tour-confirm-text" },
    h("p#tour-confirm-text", text),
    h("div.dialog-foot",
      h("button.cancel#tournament-confirm-no", { type: "button", onclick: close }, t("tournaments.confirm_no")), " ",
      h("button.primary#tournament-confirm-yes", { type: "button", onclick: () => { close(); yes(); } }, yesLabel)));
  dlg.addEventListener("cancel", (e) => { e.preventDefault(); close(); });
  document.body.append(dlg);
  dlg.showModal();
  dlg.querySelector("#tournament-confirm-no").focus();
}

// How many games each player forfeited (left, resigned or ran out of time), from the rounds.
function forfeitsOf(tour) {
  const out = new Map();
  for (const r of tour.rounds_played || []) {
    for (const g of r.games) {
      (g.forfeited || []).forEach((f, i) => {
        if (f) out.set(g.players[i].toLowerCase(), (out.get(g.players[i].toLowerCase()) || 0) + 1);
      });
    }
  }
  return out;
}

// A player's marks: out of the tournament (and why), games forfeited, the reader himself.
function marks(name, { withdrawn = false, why = null, forfeits = 0, me = null }) {
  return [
    withdrawn ? h("span.badge.tour-out", t("tournaments.withdrawn", { why: why || "withdrew" })) : null,
    forfeits ? h("span.badge.tour-forfeit", t("tournaments.forfeits", { n: forfeits })) : null,
    me && same(name, me) ? h("span.badge", t("leaderboard.you")) : null,
  ];
}

function standingsTable(tour, me, forfeits) {
  const swiss = tour.format === "swiss";
  const heads = [t("tournaments.col_rank"), t("tournaments.col_player"), t("tournaments.col_points"),
    ...(swiss ? [t("tournaments.col_buchholz"), t("tournaments.col_sb")] : [t("tournaments.col_sb"), t("tournaments.col_h2h")]),
    t("tournaments.col_wins"), t("tournaments.col_games")];
  const rows = tour.standings.map((r) => [
    String(r.shared_rank || r.rank),
    [playerLink(r.player), ...marks(r.player, { withdrawn: r.withdrawn, why: entrantOf(tour, r.player)?.why, forfeits: forfeits.get(r.player.toLowerCase()) || 0, me })],
    h("span", { title: r.points_exact }, points(r.points)),
    ...(swiss ? [points(r.buchholz), points(r.sonneborn_berger)] : [points(r.sonneborn_berger), points(r.head_to_head)]),
    num(r.wins), num(r.games)]);
  return dataTable(t("tournaments.standings"), heads, rows, {
    id: "tournament-standings",
    rowAttrs: (i) => {
      const r = tour.standings[i];
      const mine = me && same(r.player, me);
      return { "data-player": r.player, "data-key": r.player.toLowerCase(), class: [mine ? "mine" : "", r.withdrawn ? "tour-withdrawn" : ""].join(" ").trim() || null,
        "aria-current": mine ? "true" : null };
    },
  });
}

const entrantOf = (tour, name) => (tour.entrants || []).find((e) => same(e.player, name));

// Rows and columns in the standings' order; each cell the row player's points in the games the
// two shared; the diagonal marked.
function crosstableEl(tour) {
  const c = tour.crosstable;
  const caption = t("tournaments.crosstable");
  return h("div.table-wrap.tour-cross-wrap", { tabindex: "0", role: "region", "aria-label": caption },
    h("table.data-table.tour-cross#tournament-crosstable",
      h("caption", caption),
      h("thead", h("tr", h("th", { scope: "col" }, t("tournaments.col_player")),
        c.players.map((p, j) => h("th.tour-cross-col", { scope: "col", "data-player": p },
          h("span", { "aria-hidden": "true" }, num(j + 1)), h("span.sr", p))))),
      h("tbody", c.players.map((p, i) => h("tr", { "data-player": p, "data-key": p.toLowerCase() },
        h("th", { scope: "row" }, `${num(i + 1)}. `, p),
        c.cells[i].map((meetings, j) => (i === j
          ? h("td.tour-cross-self", h("span", { "aria-hidden": "true" }, "×"), h("span.sr", t("tournaments.cross_self")))
          : h("td", { "data-player": c.players[j], title: meetings.length ? t("tournaments.cross_title", { a: p, b: c.players[j] }) : null },
            meetings.map((m) => points(m.points)).join(" · ")))))))));
}

function roundsEl(tour) {
  const rounds = [...(tour.rounds_played || [])].reverse(); // the latest first
  return rounds.map((r) => h("div.tour-round", { "data-round": r.round, "data-key": `round-${r.round}` },
    h("h3", t("tournaments.round_n", { round: r.round })),
    r.games.length ? h("ul.tour-games", r.games.map((g, k) => h("li.tour-game", { "data-key": `${r.round}-${k}`, "data-game": g.game ?? "" },
      g.game ? h("a.tour-game-link", { href: `#/game/${g.game}` }, t("lobby.game", { id: String(g.game) })) : h("span.quiet", t("tournaments.game_pending")),
      " ", h("span.tour-seats", g.players.map((p, i) => h("span.tour-seat", { "data-player": p },
        p, g.finished && g.points ? h("b.tour-points", ` ${points(g.points[i])}`) : null,
        g.finished && g.forfeited?.[i] ? h("span.badge.tour-forfeit", t("tournaments.forfeit")) : null))),
      " ", h(`span.badge.tour-game-state${g.finished ? ".over" : ""}`, g.finished ? t("tournaments.game_over") : t("tournaments.game_playing"))))) : null,
    r.byes.length ? h("p.tour-byes", t("tournaments.byes", { n: r.byes.length, names: list(r.byes) })) : null));
}

function detailPage(root, id, { session, onAuthError, live }) {
  const me = session?.account.name || null;
  const out = h("div.community-page.tournament-page#tournament-page", h("p.quiet", t("community.loading")));
  clear(root).append(out);
  let tour = null;
  let gone = false;
  let asked = 0;
  let busy = false;
  const errorEl = () => out.querySelector("#tournament-error");

  async function run(what) {
    if (busy) return;
    busy = true;
    errorEl().textContent = "";
    for (const b of out.querySelectorAll(".tour-actions button")) b.disabled = true;
    let r;
    try {
      r = await act(id, what);
    } catch (e) {
      busy = false;
      if (gone) return;
      refusal(e, errorEl(), onAuthError);
      refresh(); // what changed meanwhile (filled, started), and the buttons back
      return;
    }
    busy = false;
    if (gone) return;
    asked++; // an older read that comes late does not undo this answer
    tour = r;
    draw();
  }

  function buttons() {
    if (!me) return [h("p.quiet#tournament-login", tNodes("tournaments.log_in_to_join", {}, { link: h("a", { href: "#/" }, t("tournaments.log_in")) }))];
    const mine = entrantOf(tour, me);
    const creator = same(tour.creator, me) || live?.operator === true;
    const shown = [];
    if (tour.status === "open" && !mine) {
      shown.push(h("button.primary#tournament-join", { type: "button", disabled: busy, onclick: () => run("join") }, t("tournaments.join")));
    }
    if (mine && !mine.withdrawn && (tour.status === "open" || tour.status === "running")) {
      shown.push(h("button#tournament-withdraw", { type: "button", disabled: busy, onclick: () => (tour.status === "running"
        ? confirmDialog(t("tournaments.confirm_withdraw"), t("tournaments.withdraw"), () => run("withdraw")) : run("withdraw")) },
      t("tournaments.withdraw")));
    }
    if (creator && tour.status === "open") {
      shown.push(h("button#tournament-cancel", { type: "button", disabled: busy, onclick: () =>
        confirmDialog(t("tournaments.confirm_cancel"), t("tournaments.cancel"), () => run("cancel")) }, t("tournaments.cancel")));
    }
    return shown;
  }

  function noteText() {
    const mine = me ? entrantOf(tour, me) : null;
    if (!mine) return "";
    if (mine.withdrawn) return t("tournaments.you_out", { why: mine.why || "withdrew" });
    return tour.status === "finished" || tour.status === "cancelled" ? "" : t("tournaments.you_entered");
  }

  function view() {
    const started = tour.round > 0;
    const forfeits = forfeitsOf(tour);
    const facts = [
      [t("tournaments.fact_format"), formatText(tour)],
      [t("tournaments.fact_per_game"), num(tour.players)],
      [t("tournaments.fact_rounds"), tour.format === "swiss" || started ? num(tour.rounds) : t("tournaments.rounds_later")],
      [t("tournaments.fact_time"), `${clockText(tour.time_control)} · ${t("tournaments.timeout", { policy: tour.time_control?.on_timeout || "bot" })}`],
      [t("tournaments.fact_rules"), rulesText(tour)],
      [t("tournaments.fact_rated"), t("tournaments.rated", { rated: tour.rated ? "yes" : "no" })],
      limitsText(tour) ? [t("tournaments.fact_limits"), limitsText(tour)] : null,
      [t("tournaments.fact_entries"), t("tournaments.entries", { n: tour.entries, max: tour.max_players })],
      [t("tournaments.fact_start"), [startText(tour), endReasonText(tour) ? ` · ${endReasonText(tour)}` : ""].join("")],
    ].filter(Boolean);
    const entrants = tour.entrants || [];
    return h("div.community-page.tournament-page#tournament-page",
      h("section.panel.tour-head", { "data-key": "head" },
        h("p.tour-back", h("a", { href: "#/tournaments" }, t("tournaments.back"))),
        h("h1#tournament-title", tour.name),
        h("p.quiet.tour-by", tNodes("tournaments.by", {}, { name: playerLink(tour.creator) })),
        h(`p.tour-status.is-${tour.status}#tournament-status`, { "data-status": tour.status },
          h("span.badge.tour-state", t("tournaments.status", { status: tour.status })),
          tour.status === "running" ? h("span.tour-round-now", ` ${roundText(tour)}`) : null),
        h("dl.facts", facts.map(([k, v]) => [h("dt", k), h("dd", v)])),
        h("div.button-row.tour-actions", buttons()),
        h("p.note#tournament-note", { role: "status" }, noteText()),
        h("p.error#tournament-error", { role: "alert", "data-slot": "error" })),
      h("section.panel.tour-entrants-panel", { "data-key": "entrants", "aria-labelledby": "tournament-entrants-title" },
        h("h2#tournament-entrants-title", t("tournaments.entrants", { n: entrants.length })),
        entrants.length ? h("ul.tour-entrants#tournament-entrants", entrants.map((e) => h("li", { "data-player": e.player, "data-key": e.player.toLowerCase(),
          class: e.withdrawn ? "tour-withdrawn" : null },
        playerLink(e.player), " ", h("span.quiet", t("tournaments.rating", { rating: String(e.rating) })),
        ...marks(e.player, { withdrawn: e.withdrawn, why: e.why, me }))))
          : h("p.empty", t("tournaments.no_entrants"))),
      started && tour.standings?.length ? h("section.panel.tour-standings-panel", { "data-key": "standings" },
        standingsTable(tour, me, forfeits),
        h("p.quiet.small", tour.format === "swiss" ? t("tournaments.tiebreaks_swiss") : t("tournaments.tiebreaks_round_robin"))) : null,
      started && tour.crosstable?.players?.length ? h("section.panel.tour-cross-panel", { "data-key": "crosstable" }, crosstableEl(tour)) : null,
      started ? h("section.panel.tour-rounds-panel#tournament-rounds", { "data-key": "rounds", "aria-labelledby": "tournament-rounds-title" },
        h("h2#tournament-rounds-title", t("tournaments.rounds")), roundsEl(tour)) : null);
  }

  // Keyed redraws: the focused button and the scrolled tables stay; what changed is marked.
  function draw() {
    morph(out, view(), { animate: Boolean(out.querySelector("#tournament-title")) });
  }

  async function refresh() {
    const mine = ++asked;
    let r;
    try {
      r = await tournament(id);
    } catch (e) {
      if (gone || mine !== asked) return;
      if (!tour) {
        const f = failure(e, { onAuthError });
        if (f) clear(out).append(h("section.panel", f, h("p", h("a", { href: "#/tournaments" }, t("tournaments.back")))));
        return;
      }
      refusal(e, errorEl(), onAuthError);
      return;
    }
    if (gone || mine !== asked) return;
    tour = r;
    draw();
  }

  refresh();
  // A change of this tournament (or, after a reconnection, perhaps one): read it again.
  const off = live?.on("tournament", (changed) => { if (changed === undefined || Number(changed) === id) refresh(); });
  return () => {
    gone = true;
    off?.();
    document.querySelector("dialog.tour-confirm")?.remove();
  };
}
