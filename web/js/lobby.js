// The lobby: log in or sign up; invitations to private games (join or decline); create a game
// (with its rating options); my games (those waiting for me on top); friends and their games
// (lobby-people.js); open games to join, with a link to the tournaments; games to watch. The
// lists are read again when the server says they changed (live.js), and once a minute in case
// that connection is down. A network error stays on screen only until a request succeeds again.
import * as api from "./api.js";
import * as community from "./community-api.js";
import { h, clear, append } from "./dom.js";
import { art } from "./render/art.js";
import { guideFirstGame } from "./guide.js";
import { peoplePanels } from "./lobby-people.js";
import { t, tNodes, dateTime } from "./i18n.js";

function optionsText(o) {
  return t("lobby.options", { players: o.players, ruleset: o.ruleset, intro: o.introductory ? "yes" : "no" });
}

// What the community options of a summary ask of whoever joins, and whether it counts.
function entryText(g) {
  const parts = [];
  if (g.rated) parts.push(t("lobby.entry_rated"));
  if (g.min_rating) parts.push(t("lobby.entry_min_rating", { rating: String(g.min_rating) }));
  if (g.min_finished) parts.push(t("lobby.entry_min_finished", { percent: Math.round(g.min_finished * 100) }));
  if (g.daily) parts.push(t("lobby.entry_daily"));
  if (g.rematch_of) parts.push(t("lobby.entry_rematch", { id: String(g.rematch_of) }));
  return parts.length ? ` · ${parts.join(", ")}` : "";
}

const folded = (name) => String(name || "").toLowerCase();

// The names invited to a game (the summary's `invited`) who have not taken a seat yet.
export function pendingInvites(g) {
  const seated = new Set(g.seats.filter((s) => s.player).map((s) => folded(s.player)));
  return (g.invited || []).filter((n) => !seated.has(folded(n)));
}

// Each seat as the lobby shows it. While a game by invitation waits for players, its free seats
// name whom they wait for ("bob (invited)"); more invited names than free seats share them.
export function seatLabels(g) {
  const pending = g.status === "open" ? pendingInvites(g) : [];
  const free = g.seats.filter((s) => !s.bot && !s.player).length;
  let next = 0;
  return g.seats.map((s) => {
    const level = s.bot_level || "none";
    const bot = t("lobby.seat_bot", { level });
    if (s.gone) return t("lobby.seat_gone", { name: s.player, why: s.gone, level, bot });
    if (s.away_until) return t("lobby.seat_away", { name: s.player });
    if (s.bot) return bot;
    if (s.player) return s.bot_account ? t("lobby.seat_bot_account", { name: s.player }) : s.player;
    if (!pending.length) return t("lobby.seat_free");
    if (pending.length <= free) return t("lobby.seat_invited", { name: pending[next++] });
    return t("lobby.seat_free_invited", { names: pending.join(t("lobby.or")) });
  });
}

const seatsText = (g) => seatLabels(g).join(", ");

// Whoever sits first at a game (its creator while he stays).
const hostOf = (g) => g.seats.find((s) => s.player && !s.bot)?.player || t("lobby.someone");

export function loginPage(root, { onLoggedIn }) {
  const err = h("p.error", { role: "alert" });
  const name = h("input", { id: "login-name", name: "name", autocomplete: "username", required: true, minlength: 3, maxlength: 24 });
  const password = h("input", { id: "login-password", name: "password", type: "password", autocomplete: "current-password", required: true, minlength: 8 });
  async function go(kind) {
    err.textContent = "";
    if (!name.value || !password.value) { err.textContent = t("lobby.login_missing"); return; }
    try {
      if (kind === "signup") await api.signUp(name.value.trim(), password.value);
      else await api.logIn(name.value.trim(), password.value);
      onLoggedIn();
    } catch (e) {
      err.textContent = e.message;
    }
  }
  const form = h("form.login", { onsubmit: (e) => { e.preventDefault(); go("login"); } },
    h("h1", t("lobby.welcome")),
    h("p.quiet", t("lobby.login_intro")),
    h("label", { for: "login-name" }, t("lobby.name")), name,
    h("label", { for: "login-password" }, t("lobby.password")), password,
    h("div.buttons",
      h("button.primary", { type: "submit", id: "login-button" }, t("lobby.log_in")),
      h("button", { type: "button", id: "signup-button", onclick: () => go("signup") }, t("lobby.sign_up"))),
    err,
    h("p.quiet.login-help", tNodes("lobby.login_help", {}, { link: h("a", { href: "#/help" }, t("lobby.login_help_link")) })));
  clear(root).append(form);
}

// The create-game form: each option with a line saying what it does (and a link to the help
// page), and the combinations the server refuses (docs/protocol.md: bots leaving no seat for a
// person, "end" outside 2-player games, the solo game's Introductory version, more than 3
// invitations) not offered, with the reason shown.
function createForm({ navigate, failed }) {
  const err = h("p.error#create-error", { role: "alert" });
  const players = h("select#new-players", { name: "players" }, [1, 2, 3, 4].map((n) => h("option", { value: n, selected: n === 2 }, n === 1 ? t("lobby.players_solo_option") : `${n}`)));
  // "Yucata" is the name of the site whose rules these are.
  const ruleset = h("select#new-ruleset", { name: "ruleset" }, h("option", { value: "yucata" }, "Yucata"), h("option", { value: "original" }, t("lobby.ruleset_original")));
  const intro = h("input#new-intro", { type: "checkbox", name: "introductory" });
  const bots = h("input#new-bots", { type: "number", name: "bots", min: 0, max: 3, value: 0, inputmode: "numeric" });
  // The levels the server offers (docs/protocol.md, create game: "bot_level"); easy by default.
  const botLevel = h("select#new-bot-level", { name: "bot_level" },
    h("option", { value: "easy", selected: true }, t("lobby.bot_easy")),
    h("option", { value: "strong" }, t("lobby.bot_strong")),
    h("option", { value: "expert" }, t("lobby.bot_expert")),
    h("option", { value: "random" }, t("lobby.bot_random")));
  const invite = h("input#new-invite", { name: "invite", placeholder: t("lobby.invite_placeholder"), autocomplete: "off" });
  const watch = h("select#new-watch", { name: "watch" }, h("option", { value: "everyone" }, t("lobby.watch_everyone")), h("option", { value: "players" }, t("lobby.only_players")));
  const pace = h("select#new-pace", { name: "pace" },
    h("option", { value: "none" }, t("lobby.pace_none")),
    h("option", { value: "3600" }, t("lobby.pace_hour")),
    h("option", { value: "86400" }, t("lobby.pace_day")),
    h("option", { value: "259200" }, t("lobby.pace_3_days")),
    h("option", { value: "bank" }, t("lobby.pace_bank")));
  const endOption = h("option", { value: "end" }, t("lobby.timeout_end"));
  const onTimeout = h("select#new-timeout", { name: "on_timeout" },
    h("option", { value: "bot" }, t("lobby.timeout_bot")),
    h("option", { value: "vote" }, t("lobby.timeout_vote")),
    endOption);
  const rated = h("input#new-rated", { type: "checkbox", name: "rated" });
  const minRating = h("input#new-min-rating", { type: "number", name: "min_rating", min: 0, max: 4000, step: 50, placeholder: t("lobby.min_rating_placeholder"), inputmode: "numeric" });
  const minFinished = h("select#new-min-finished", { name: "min_finished" },
    h("option", { value: "" }, t("lobby.min_finished_anyone")),
    h("option", { value: "0.8" }, t("lobby.min_finished_80")),
    h("option", { value: "0.9" }, t("lobby.min_finished_90")),
    h("option", { value: "0.95" }, t("lobby.min_finished_95")));
  const chat = h("select#new-chat", { name: "chat" }, h("option", { value: "players" }, t("lobby.only_players")), h("option", { value: "everyone" }, t("lobby.chat_everyone")));
  const create = h("button.primary", { type: "submit", id: "create-game" }, t("lobby.create_game"));
  const why = h("p.why#create-why", { "aria-live": "polite" });

  const hints = {};
  function option(control, label, hintText, helpId, helpText) {
    const id = `${control.id}-hint`;
    const text = h("span.hint-text");
    text.textContent = hintText;
    hints[control.id] = text;
    control.setAttribute("aria-describedby", id);
    return h("div.opt",
      h("label", { for: control.id }, label), control,
      h("p.hint", { id }, text, " ", h("a", { href: `#/help/${helpId}` }, helpText)));
  }

  const session = api.session();
  const inviteNames = () => invite.value.split(",").map((s) => s.trim()).filter(Boolean);

  // What may be chosen given the rest: called on every change.
  function applyRules() {
    const n = Number(players.value);
    const most = n - 1;
    bots.max = String(most);
    if (!(Number(bots.value) >= 0)) bots.value = "0";
    if (Number(bots.value) > most) bots.value = String(most);
    bots.disabled = most === 0;
    hints["new-bots"].textContent = most === 0
      ? t("lobby.hint_bots_solo")
      : t("lobby.hint_bots", { most });
    botLevel.disabled = !(Number(bots.value) > 0);
    hints["new-bot-level"].textContent = botLevel.disabled
      ? t("lobby.hint_bot_level_none")
      : botLevel.value === "random"
        ? t("lobby.hint_bot_random")
        : botLevel.value === "strong"
          ? t("lobby.hint_bot_strong")
          : botLevel.value === "expert"
            ? t("lobby.hint_bot_expert")
            : t("lobby.hint_bot_easy");

    intro.disabled = n === 1;
    if (n === 1) intro.checked = false;
    hints["new-intro"].textContent = n === 1
      ? t("lobby.hint_intro_solo")
      : t("lobby.hint_intro");

    hints["new-players"].textContent = n === 1
      ? t("lobby.hint_players_solo")
      : n === 4
        ? t("lobby.hint_players_4")
        : t("lobby.hint_players", { n });

    const free = n - 1 - Number(bots.value);
    invite.disabled = free === 0;
    hints["new-invite"].textContent = free === 0
      ? t("lobby.hint_invite_none")
      : t("lobby.hint_invite", { free });

    const clock = pace.value !== "none";
    onTimeout.disabled = !clock;
    endOption.disabled = n !== 2;
    if (endOption.disabled && onTimeout.value === "end") onTimeout.value = "bot";
    hints["new-timeout"].textContent = !clock
      ? t("lobby.hint_timeout_no_clock")
      : n === 2
        ? t("lobby.hint_timeout_2")
        : t("lobby.hint_timeout");

    // Rated games are between people only; entry limits need other seats to limit.
    const botSeats = Number(bots.value) || 0;
    rated.disabled = n === 1 || botSeats > 0;
    if (rated.disabled) rated.checked = false;
    hints["new-rated"].textContent = n === 1
      ? t("lobby.hint_rated_solo")
      : botSeats > 0
        ? t("lobby.hint_rated_bots")
        : t("lobby.hint_rated");
    minRating.disabled = n === 1 || free === 0;
    minFinished.disabled = minRating.disabled;
    if (minRating.disabled) { minRating.value = ""; minFinished.value = ""; }
    hints["new-min-rating"].textContent = minRating.disabled
      ? t("lobby.hint_nobody_to_limit")
      : t("lobby.hint_min_rating");
    hints["new-min-finished"].textContent = minFinished.disabled
      ? t("lobby.hint_nobody_to_limit")
      : t("lobby.hint_min_finished");

    const problems = [];
    const names = inviteNames();
    if (minRating.value !== "" && !(Number(minRating.value) >= 0 && Number(minRating.value) <= 4000 && Number.isInteger(Number(minRating.value)))) {
      problems.push(t("lobby.problem_min_rating"));
    }
    if (!invite.disabled && names.length) {
      const distinct = new Set(names.map(folded));
      if (names.length > 3) problems.push(t("lobby.problem_too_many_invited"));
      if (distinct.size < names.length) problems.push(t("lobby.problem_name_twice"));
      if (session && distinct.has(folded(session.account.name))) problems.push(t("lobby.problem_invite_self"));
      else if (names.length <= 3 && distinct.size < free) {
        problems.push(t("lobby.problem_invite_enough", { free }));
      }
    }
    why.textContent = problems.join(" ");
    create.disabled = problems.length > 0;
  }

  const form = h("form.create", {
    oninput: applyRules,
    onchange: applyRules,
    onsubmit: async (e) => {
      e.preventDefault();
      applyRules();
      if (create.disabled) return;
      err.textContent = "";
      const body = { players: Number(players.value), ruleset: ruleset.value, introductory: intro.checked, bots: Number(bots.value) || 0, watch: watch.value };
      const names = inviteNames();
      if (!botLevel.disabled) body.bot_level = botLevel.value;
      if (!invite.disabled && names.length) body.invite = names;
      if (rated.checked) body.rated = true;
      if (!minRating.disabled && minRating.value !== "") body.min_rating = Number(minRating.value);
      if (!minFinished.disabled && minFinished.value) body.min_finished = Number(minFinished.value);
      if (chat.value !== "players") body.chat = chat.value;
      if (pace.value === "bank") body.time_control = { type: "bank", initial: 259200, increment: 86400, cap: 604800, on_timeout: onTimeout.value };
      else if (pace.value !== "none") body.time_control = { type: "per_move", seconds: Number(pace.value), on_timeout: onTimeout.value };
      try {
        const g = await api.createGame(body);
        navigate(`#/game/${g.id}`);
      } catch (e2) {
        if (!failed(e2)) err.textContent = api.errorText(e2);
      }
    },
  },
  h("h2", t("lobby.new_game")),
  h("div.opt-list",
    option(players, t("lobby.opt_players"), "", "opt-players", t("lobby.help_players")),
    option(ruleset, t("lobby.opt_rules"), t("lobby.hint_rules"), "rulesets", t("lobby.help_rules")),
    option(intro, t("lobby.opt_intro"), "", "introductory", t("lobby.help_intro")),
    option(bots, t("lobby.opt_bots"), "", "opt-bots", t("lobby.help_bots")),
    option(botLevel, t("lobby.opt_bot_level"), "", "opt-bots", t("lobby.help_bots")),
    option(invite, t("lobby.opt_invite"), "", "opt-invite", t("lobby.help_invite")),
    option(watch, t("lobby.opt_watch"), t("lobby.hint_watch"), "opt-watch", t("lobby.help_watch")),
    option(pace, t("lobby.opt_pace"), t("lobby.hint_pace"), "opt-time", t("lobby.help_pace")),
    option(onTimeout, t("lobby.opt_timeout"), "", "opt-timeout", t("lobby.help_timeout")),
    option(rated, t("lobby.opt_rated"), "", "opt-rated", t("lobby.help_rated")),
    option(minRating, t("lobby.opt_min_rating"), "", "opt-rated", t("lobby.help_rated")),
    option(minFinished, t("lobby.opt_min_finished"), "", "opt-rated", t("lobby.help_rated")),
    option(chat, t("lobby.opt_chat"), t("lobby.hint_chat"), "opt-chat", t("lobby.help_chat"))),
  why, create, err);
  // A profile's "Invite to a game" comes here as #/new?invite=NAME.
  const asked = /^#\/new\?(.*)$/.exec(location.hash);
  const invitee = asked ? new URLSearchParams(asked[1]).get("invite") : null;
  if (invitee) invite.value = invitee;
  applyRules();
  return form;
}

// "Play now": a game against an easy bot, or the solo game, in one click, for a newcomer who
// does not want to read the form yet; the form (with every option) is one click further.
function quickStart({ navigate, failed }) {
  const err = h("p.error#quick-error", { role: "alert" });
  const start = (body) => async (e) => {
    const button = e.currentTarget;
    err.textContent = "";
    button.disabled = true;
    try {
      const g = await api.createGame(body);
      guideFirstGame(); // a newcomer's first game comes with its guide (guide.js)
      navigate(`#/game/${g.id}`);
    } catch (e2) {
      button.disabled = false;
      if (!failed(e2)) err.textContent = api.errorText(e2);
    }
  };
  return h("section.panel.quick-start", { "aria-labelledby": "quick-start-title" },
    h("div.quick-head", h("h2#quick-start-title", t("lobby.play_now")),
      h("span.quick-scene", { "aria-hidden": "true" }, art("stall", 34), art("regular", 34), art("casual", 34))),
    h("div.quick-buttons",
      h("button.primary#play-bot", { type: "button", onclick: start({ players: 2, bots: 1, bot_level: "easy" }) }, t("lobby.play_bot")),
      h("button#play-solo", { type: "button", onclick: start({ players: 1 }) }, t("lobby.play_solo")),
      h("a.button#to-create", { href: "#/new", onclick: (e) => {
        const first = document.querySelector("#new-players");
        if (!first) return;
        e.preventDefault();
        first.scrollIntoView({ block: "center" });
        first.focus({ preventScroll: true });
      } }, t("lobby.new_game_options"))),
    h("p.quiet.hint", t("lobby.quick_hint")),
    err);
}

// "round 3 of 9 · last move 5 min ago": where a running game stands (the summary's `round`,
// and `updated_at`, set by every accepted command).
function progressText(g) {
  if (g.status !== "active" && g.status !== "finished") return "";
  const parts = [];
  if (g.status === "active" && typeof g.round === "number") parts.push(g.round ? t("lobby.progress_round", { round: g.round }) : t("lobby.progress_planting"));
  if (g.updated_at) parts.push(t("lobby.progress_last_move", { ago: ago(g.updated_at) }));
  return parts.join(" · ");
}

export function ago(unixSeconds, now = Date.now() / 1000) {
  const s = Math.max(0, Math.round(now - unixSeconds));
  if (s < 60) return t("lobby.ago_now");
  if (s < 3600) return t("lobby.ago_minutes", { n: Math.floor(s / 60) });
  if (s < 86400) return t("lobby.ago_hours", { n: Math.floor(s / 3600) });
  return t("lobby.ago_days", { n: Math.floor(s / 86400) });
}

// The open games' filters (docs/protocol.md, "Lists in pages"), kept by this browser. `changed`:
// called when one changes. Returns {el, query()}: query() is the list's parameters.
const FILTERS_KEY = "loyang.openFilters";
function openFilters(changed) {
  let kept = {};
  try { kept = JSON.parse(localStorage.getItem(FILTERS_KEY) || "{}") || {}; } catch { kept = {}; }
  const select = (id, key, options) => h(`select#${id}`, { "data-filter": key },
    [["", t("lobby.filter_any")], ...options].map(([v, label]) => h("option", { value: v, selected: (kept[key] || "") === v }, label)));
  const players = select("filter-players", "players", [["1", t("lobby.players_solo_option")], ["2", "2"], ["3", "3"], ["4", "4"]]);
  const clock = select("filter-time", "time_control",
    [["none", t("lobby.pace_none")], ["per_move", t("lobby.filter_per_move")], ["bank", t("lobby.filter_bank")]]);
  const rules = select("filter-ruleset", "ruleset", [["yucata", "Yucata"], ["original", t("lobby.ruleset_original")]]);
  const number = (id, key) => h(`input#${id}`, { type: "number", min: 0, max: 10000, step: 50, inputmode: "numeric",
    "data-filter": key, value: kept[key] || "", placeholder: t("lobby.filter_any") });
  const low = number("filter-rating-min", "rating_min");
  const high = number("filter-rating-max", "rating_max");
  const fields = [players, clock, rules, low, high];
  const query = () => {
    const q = {};
    for (const f of fields) if (f.value !== "") q[f.dataset.filter] = f.value;
    if (q.rating_min && q.rating_max && Number(q.rating_min) > Number(q.rating_max)) delete q.rating_max;
    return q;
  };
  for (const f of fields) {
    f.addEventListener("change", () => {
      try { localStorage.setItem(FILTERS_KEY, JSON.stringify(query())); } catch { /* kept for this page only */ }
      changed();
    });
  }
  const el = h("div.open-filters", { role: "group", "aria-label": t("lobby.filter_aria") },
    h("label", { for: "filter-players" }, t("lobby.opt_players")), players,
    h("label", { for: "filter-time" }, t("lobby.opt_pace")), clock,
    h("label", { for: "filter-ruleset" }, t("lobby.opt_rules")), rules,
    h("label", { for: "filter-rating-min" }, t("lobby.filter_rating_min")), low,
    h("label", { for: "filter-rating-max" }, t("lobby.filter_rating_max")), high);
  return { el, query };
}

export function lobbyPage(root, { navigate, onAuthError, live }) {
  // A failed request's message (the server down, a network error): cleared by the next success.
  const netErr = h("p.error.lobby-error#lobby-error", { role: "alert" });
  const listErr = h("p.error#list-error", { role: "alert" });
  const myList = h("div.game-list#my-games", h("p.quiet", t("lobby.loading")));
  const openList = h("div.game-list#open-games", h("p.quiet", t("lobby.loading")));
  const filterRow = openFilters(() => refresh());
  const inviteList = h("div.game-list#invitations");
  const invitePanel = h("section.panel.invitations-panel", { hidden: true, "aria-labelledby": "invitations-title" },
    h("h2#invitations-title", t("lobby.invitations")), inviteList);

  // True when the error was dealt with here: a lost login, or the network.
  function failed(e) {
    if (e.status === 401) { onAuthError(); return true; }
    if (e.status === 0 || e.code === "network") { netErr.textContent = api.errorText(e); return true; }
    return false;
  }

  const people = peoplePanels({ gameRow: (...a) => gameRow(...a), joinButton: (...a) => joinButton(...a), failed, navigate, errorText: api.errorText });
  clear(root).append(h("div.lobby",
    netErr,
    quickStart({ navigate, failed }),
    invitePanel,
    h("section.panel", { "aria-labelledby": "my-games-title" }, h("h2#my-games-title", t("lobby.my_games")), myList),
    // Friends' games before everyone else's.
    people.friendsPanel,
    // Tournaments (tournaments.js) beside the open games: the header stays two short lines on a phone.
    h("section.panel", { "aria-labelledby": "open-games-title" },
      h("div.panel-head", h("h2#open-games-title", t("lobby.open_games")),
        h("a#tournaments-link", { href: "#/tournaments" }, t("lobby.tournaments_link"))),
      filterRow.el, openList, listErr),
    h("section.panel#create-panel", createForm({ navigate, failed })),
    people.watchPanel));
  // "New game" at the end of a game comes here (#/new): straight to the form.
  if (/^#\/new(\?|$)/.test(location.hash)) {
    const first = root.querySelector("#new-players");
    first?.scrollIntoView({ block: "center" });
    first?.focus({ preventScroll: true });
  }

  function gameRow(g, actions, extra = null) {
    const badge = g.your_turn ? h("span.badge.act", t("lobby.your_turn")) : h("span.badge", t("lobby.status", { status: g.status }));
    const deadline = g.your_turn && g.clock ? g.clock.seats.find((s) => s.running)?.deadline : null;
    return h(`div.game-row${g.your_turn ? ".your-turn" : ""}`, { "data-game": g.id },
      h("div.game-info", art("back", 22), " ", h("b", t("lobby.game", { id: String(g.id) })), " ", badge,
        deadline ? h("span.deadline", ` ${t("lobby.deadline", { time: dateTime(deadline) })}`) : null,
        extra,
        h("div.quiet.seats", `${optionsText(g.options)} · ${seatsText(g)}${entryText(g)}`),
        progressText(g) ? h("div.quiet.progress", progressText(g)) : null),
      h("div.game-actions", actions));
  }

  function joinButton(g) {
    return h("button", { type: "button", "aria-label": t("lobby.join_aria", { id: String(g.id) }), onclick: async () => {
      listErr.textContent = "";
      try {
        await api.joinGame(g.id);
        netErr.textContent = "";
        navigate(`#/game/${g.id}`);
      } catch (e) {
        if (!failed(e)) listErr.textContent = api.errorText(e);
        refresh();
      }
    } }, t("lobby.join"));
  }

  // Declining takes the invitation away; a game whose invitations can no longer fill it ends.
  function declineButton(g) {
    return h("button.quiet-button", { type: "button", "aria-label": t("lobby.decline_aria", { id: String(g.id) }), onclick: async () => {
      listErr.textContent = "";
      try {
        await community.decline(g.id);
      } catch (e) {
        if (!failed(e)) listErr.textContent = api.errorText(e);
      }
      refresh();
    } }, t("lobby.decline"));
  }

  let asked = 0; // the latest refresh: an older answer that comes late is dropped
  async function refresh() {
    const current = ++asked;
    try {
      const filters = filterRow.query();
      const [mine, open, filtered] = await Promise.all([api.myGames(), api.openGames(),
        Object.keys(filters).length ? api.openGames(filters) : null]);
      if (current !== asked) return;
      netErr.textContent = "";
      append(clear(myList), mine.length ? mine.map((g) => gameRow(g, [
        h("a.button", { href: `#/game/${g.id}`, "aria-label": t("lobby.open_aria", { id: String(g.id) }) }, g.status === "finished" ? t("lobby.view") : t("lobby.open")),
        g.status === "finished" || g.status === "active"
          ? h("a.button.replay", { href: `#/replay/${g.id}`, "aria-label": t("lobby.replay_aria", { id: String(g.id) }) },
            g.status === "finished" ? t("lobby.replay") : t("lobby.step_back"))
          : null,
      ])) : h("p.quiet", t("lobby.no_games")));
      const mineIds = new Set(mine.map((g) => g.id));
      const me = folded(api.session()?.account.name);
      const joinable = open.filter((g) => !mineIds.has(g.id));
      // A private game I may see without sitting at it is one I am invited to.
      const invited = joinable.filter((g) => (g.invited || []).some((n) => folded(n) === me));
      // Each game once: my games and invitations here, friends' games there, then the rest.
      await people.refresh(new Set([...mineIds, ...invited.map((g) => g.id)]));
      if (current !== asked) return;
      const friends = people.friendsOpen();
      // The filters narrow the open games only (the server's filtered list, not the first page of
      // all of them): invitations and friends' games stay.
      const shown = filtered ? filtered.filter((g) => !mineIds.has(g.id)) : joinable;
      const others = shown.filter((g) => !invited.some((i) => i.id === g.id) && !friends.has(g.id));
      invitePanel.hidden = invited.length === 0;
      append(clear(inviteList), invited.map((g) => gameRow(g, [joinButton(g), declineButton(g)],
        h("div.invite-line", tNodes("lobby.invites_you", {}, { host: h("b", hostOf(g)) })))));
      append(clear(openList), others.length ? others.map((g) => gameRow(g, [joinButton(g)]))
        : h("p.quiet", t("lobby.no_open_games")));
    } catch (e) {
      if (current === asked && !failed(e)) netErr.textContent = api.errorText(e);
    }
  }
  refresh();
  const off = live ? [live.on("games", refresh), live.on("open", refresh)] : [];
  const timer = setInterval(refresh, 60000);
  return () => {
    clearInterval(timer);
    for (const f of off) f();
  };
}
