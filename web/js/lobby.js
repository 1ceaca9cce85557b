// The lobby: log in or sign up; invitations to private games (join or decline); create a game
// (with its rating options); my games (those waiting for me on top); friends and their games
// (lobby-people.js); open games to join; games to watch. The lists are read again when the server says
// they changed (live.js), and once a minute in case that connection is down. A network error
// stays on screen only until a request succeeds again.
import * as api from "./api.js";
import * as community from "./community-api.js";
import { h, clear, append } from "./dom.js";
import { art } from "./render/art.js";
import { guideFirstGame } from "./guide.js";
import { peoplePanels } from "./lobby-people.js";

function optionsText(o) {
  const parts = [o.players === 1 ? "solo" : `${o.players} players`, o.ruleset === "original" ? "original rules" : "Yucata rules"];
  if (o.introductory) parts.push("introductory");
  return parts.join(", ");
}

// What the community options of a summary ask of whoever joins, and whether it counts.
function entryText(g) {
  const parts = [];
  if (g.rated) parts.push("rated");
  if (g.min_rating) parts.push(`rating ${g.min_rating}+`);
  if (g.min_finished) parts.push(`finishes ${Math.round(g.min_finished * 100)}%+ of games`);
  if (g.daily) parts.push("daily challenge");
  if (g.rematch_of) parts.push(`rematch of game ${g.rematch_of}`);
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
    const bot = s.bot_level ? `Bot (${s.bot_level})` : "Bot";
    if (s.gone) return `${s.player} (${s.gone === "timeout" ? "out of time" : "resigned"}, a bot plays${s.bot_level ? `: ${bot}` : ""})`;
    if (s.away_until) return `${s.player} (away)`;
    if (s.bot) return bot;
    if (s.player) return s.player;
    if (!pending.length) return "free";
    if (pending.length <= free) return `${pending[next++]} (invited)`;
    return `free (${pending.join(" or ")} invited)`;
  });
}

const seatsText = (g) => seatLabels(g).join(", ");

// Whoever sits first at a game (its creator while he stays).
const hostOf = (g) => g.seats.find((s) => s.player && !s.bot)?.player || "someone";

export function loginPage(root, { onLoggedIn }) {
  const err = h("p.error", { role: "alert" });
  const name = h("input", { id: "login-name", name: "name", autocomplete: "username", required: true, minlength: 3, maxlength: 24 });
  const password = h("input", { id: "login-password", name: "password", type: "password", autocomplete: "current-password", required: true, minlength: 8 });
  async function go(kind) {
    err.textContent = "";
    if (!name.value || !password.value) { err.textContent = "Enter a name and a password."; return; }
    try {
      if (kind === "signup") await api.signUp(name.value.trim(), password.value);
      else await api.logIn(name.value.trim(), password.value);
      onLoggedIn();
    } catch (e) {
      err.textContent = e.message;
    }
  }
  const form = h("form.login", { onsubmit: (e) => { e.preventDefault(); go("login"); } },
    h("h1", "Welcome to Loyang"),
    h("p.quiet", "Log in, or pick a name and a password to sign up."),
    h("label", { for: "login-name" }, "Name"), name,
    h("label", { for: "login-password" }, "Password (8 characters or more)"), password,
    h("div.buttons",
      h("button.primary", { type: "submit", id: "login-button" }, "Log in"),
      h("button", { type: "button", id: "signup-button", onclick: () => go("signup") }, "Sign up")),
    err,
    h("p.quiet.login-help", "New to the game? ", h("a", { href: "#/help" }, "Read how it is played"), "."));
  clear(root).append(form);
}

// The create-game form: each option with a line saying what it does (and a link to the help
// page), and the combinations the server refuses (docs/protocol.md: bots leaving no seat for a
// person, "end" outside 2-player games, the solo game's Introductory version, more than 3
// invitations) not offered, with the reason shown.
function createForm({ navigate, failed }) {
  const err = h("p.error#create-error", { role: "alert" });
  const players = h("select#new-players", { name: "players" }, [1, 2, 3, 4].map((n) => h("option", { value: n, selected: n === 2 }, n === 1 ? "1 (solo)" : `${n}`)));
  const ruleset = h("select#new-ruleset", { name: "ruleset" }, h("option", { value: "yucata" }, "Yucata"), h("option", { value: "original" }, "Original rulebook"));
  const intro = h("input#new-intro", { type: "checkbox", name: "introductory" });
  const bots = h("input#new-bots", { type: "number", name: "bots", min: 0, max: 3, value: 0, inputmode: "numeric" });
  // The levels the server offers (docs/protocol.md, create game: "bot_level"); easy by default.
  const botLevel = h("select#new-bot-level", { name: "bot_level" },
    h("option", { value: "easy", selected: true }, "Easy"),
    h("option", { value: "strong" }, "Strong"),
    h("option", { value: "random" }, "Random (beginner)"));
  const invite = h("input#new-invite", { name: "invite", placeholder: "names, separated by commas", autocomplete: "off" });
  const watch = h("select#new-watch", { name: "watch" }, h("option", { value: "everyone" }, "Everyone who may see it"), h("option", { value: "players" }, "Only its players"));
  const pace = h("select#new-pace", { name: "pace" },
    h("option", { value: "none" }, "No clock (friendly)"),
    h("option", { value: "3600" }, "1 hour per move"),
    h("option", { value: "86400" }, "1 day per move"),
    h("option", { value: "259200" }, "3 days per move"),
    h("option", { value: "bank" }, "Time bank: 3 days, +1 day a move, up to 7"));
  const endOption = h("option", { value: "end" }, "The game ends (2 players)");
  const onTimeout = h("select#new-timeout", { name: "on_timeout" },
    h("option", { value: "bot" }, "A bot takes the seat"),
    h("option", { value: "vote" }, "The others vote to wait or not"),
    endOption);
  const rated = h("input#new-rated", { type: "checkbox", name: "rated" });
  const minRating = h("input#new-min-rating", { type: "number", name: "min_rating", min: 0, max: 4000, step: 50, placeholder: "anyone", inputmode: "numeric" });
  const minFinished = h("select#new-min-finished", { name: "min_finished" },
    h("option", { value: "" }, "Anyone"),
    h("option", { value: "0.8" }, "Finishes 8 games in 10"),
    h("option", { value: "0.9" }, "Finishes 9 games in 10"),
    h("option", { value: "0.95" }, "Finishes 19 games in 20"));
  const chat = h("select#new-chat", { name: "chat" }, h("option", { value: "players" }, "Only its players"), h("option", { value: "everyone" }, "Players and spectators"));
  const create = h("button.primary", { type: "submit", id: "create-game" }, "Create game");
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
      ? "A solo game has no other seats, so no bots."
      : `0 to ${most}. Bots play the last seats; at least one seat is yours.`;
    botLevel.disabled = !(Number(bots.value) > 0);
    hints["new-bot-level"].textContent = botLevel.disabled
      ? "Choose bot seats first."
      : botLevel.value === "random"
        ? "Random: picks any legal move, an opponent to learn the rules against."
        : botLevel.value === "strong"
          ? "Strong: tries its best moves against hundreds of possible deals of the cards it cannot see (never peeking), a fraction of a second a move."
          : "Easy: plants and serves its customers with purpose; a fair opponent for new players.";

    intro.disabled = n === 1;
    if (n === 1) intro.checked = false;
    hints["new-intro"].textContent = n === 1
      ? "Not in the solo game: it has no hand to play the START customer from."
      : "For a first game: each player starts with a Regular customer marked START in hand.";

    hints["new-players"].textContent = n === 1
      ? "The solo game: you against the Path of Prosperity, buying cards from the Offer."
      : n === 4
        ? "4 players: each round the Starting player chooses a partner; Helpers that act on another player reach only the partner."
        : `${n} players, 9 rounds; the game starts when every seat is taken.`;

    const free = n - 1 - Number(bots.value);
    invite.disabled = free === 0;
    hints["new-invite"].textContent = free === 0
      ? "No seat is left for anyone else (a solo game, or every other seat a bot)."
      : `Up to 3 names. The game is then private: only the invited players see it and can join, so invite at least ${free} for the ${free} free seat${free === 1 ? "" : "s"}.`;

    const clock = pace.value !== "none";
    onTimeout.disabled = !clock;
    endOption.disabled = n !== 2;
    if (endOption.disabled && onTimeout.value === "end") onTimeout.value = "bot";
    hints["new-timeout"].textContent = !clock
      ? "Only with a time limit: without a clock the game waits for everyone."
      : n === 2
        ? "A bot plays on for the player out of time, the other player votes, or the game ends and he loses."
        : "A bot plays on for the player out of time, or the others vote. Ending the game is only for 2 players.";

    // Rated games are between people only; entry limits need other seats to limit.
    const botSeats = Number(bots.value) || 0;
    rated.disabled = n === 1 || botSeats > 0;
    if (rated.disabled) rated.checked = false;
    hints["new-rated"].textContent = n === 1
      ? "The solo game is never rated: its result is a level on the rulebook's scale."
      : botSeats > 0
        ? "Only games between people are rated: choose no bots to rate this game."
        : "The final ranking changes each player's rating (pairwise Elo).";
    minRating.disabled = n === 1 || free === 0;
    minFinished.disabled = minRating.disabled;
    if (minRating.disabled) { minRating.value = ""; minFinished.value = ""; }
    hints["new-min-rating"].textContent = minRating.disabled
      ? "No seat is left for anyone else to limit."
      : "Only players rated at least this may join (1500 before their first rated game). Empty: anyone.";
    hints["new-min-finished"].textContent = minFinished.disabled
      ? "No seat is left for anyone else to limit."
      : "Only players who finish at least this share of their games (rather than time out or resign) may join, once they have 3.";

    const problems = [];
    const names = inviteNames();
    if (minRating.value !== "" && !(Number(minRating.value) >= 0 && Number(minRating.value) <= 4000 && Number.isInteger(Number(minRating.value)))) {
      problems.push("The lowest rating is a whole number from 0 to 4000, or empty.");
    }
    if (!invite.disabled && names.length) {
      const distinct = new Set(names.map(folded));
      if (names.length > 3) problems.push("Invite at most 3 players.");
      if (distinct.size < names.length) problems.push("A name is listed twice.");
      if (session && distinct.has(folded(session.account.name))) problems.push("You sit at your own game already: invite others.");
      else if (names.length <= 3 && distinct.size < free) {
        problems.push(`Only invited players can join a game by invitation: invite ${free} players for the ${free} free seats, choose more bots, or invite nobody.`);
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
        if (!failed(e2)) err.textContent = e2.message;
      }
    },
  },
  h("h2", "New game"),
  h("div.opt-list",
    option(players, "Players", "", "opt-players", "Players and the solo game"),
    option(ruleset, "Rules", "Yucata: as Yucata.de plays it (the default). Original: the publisher's rulebook.", "rulesets", "What differs"),
    option(intro, "Introductory version", "", "introductory", "The Introductory version"),
    option(bots, "Bot seats", "", "opt-bots", "About bots"),
    option(botLevel, "Bot level", "", "opt-bots", "About bots"),
    option(invite, "Invite only", "", "opt-invite", "About invitations"),
    option(watch, "Who may watch", "Everyone who may see the game can watch it live, or only the players at it.", "opt-watch", "About watching"),
    option(pace, "Time limit", "A clock runs only while its player must act; none by default.", "opt-time", "About time limits"),
    option(onTimeout, "When time runs out", "", "opt-timeout", "About running out of time"),
    option(rated, "Rated", "", "opt-rated", "About ratings"),
    option(minRating, "Lowest rating", "", "opt-rated", "About ratings"),
    option(minFinished, "Finishing record", "", "opt-rated", "About ratings"),
    option(chat, "Who may chat", "The players always chat at the table; spectators too if you choose so.", "opt-chat", "About the chat")),
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
      if (!failed(e2)) err.textContent = e2.message;
    }
  };
  return h("section.panel.quick-start", { "aria-labelledby": "quick-start-title" },
    h("div.quick-head", h("h2#quick-start-title", "Play now"),
      h("span.quick-scene", { "aria-hidden": "true" }, art("stall", 34), art("regular", 34), art("casual", 34))),
    h("div.quick-buttons",
      h("button.primary#play-bot", { type: "button", onclick: start({ players: 2, bots: 1, bot_level: "easy" }) }, "Play a bot now"),
      h("button#play-solo", { type: "button", onclick: start({ players: 1 }) }, "Solo game"),
      h("a.button#to-create", { href: "#/new", onclick: (e) => {
        const first = document.querySelector("#new-players");
        if (!first) return;
        e.preventDefault();
        first.scrollIntoView({ block: "center" });
        first.focus({ preventScroll: true });
      } }, "New game with options…")),
    h("p.quiet.hint", "Play a bot: 2 players, Yucata rules, against an easy bot, no clock. Solo: you against the Path of Prosperity."),
    err);
}

// "round 3 of 9 · last move 5 min ago": where a running game stands (the summary's `round`,
// and `updated_at`, set by every accepted command).
function progressText(g) {
  if (g.status !== "active" && g.status !== "finished") return "";
  const parts = [];
  if (g.status === "active" && typeof g.round === "number") parts.push(g.round ? `round ${g.round} of 9` : "planting the Home fields");
  if (g.updated_at) parts.push(`last move ${ago(g.updated_at)}`);
  return parts.join(" · ");
}

export function ago(unixSeconds, now = Date.now() / 1000) {
  const s = Math.max(0, Math.round(now - unixSeconds));
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86400)} days ago`;
}

export function lobbyPage(root, { navigate, onAuthError, live }) {
  // A failed request's message (the server down, a network error): cleared by the next success.
  const netErr = h("p.error.lobby-error#lobby-error", { role: "alert" });
  const listErr = h("p.error#list-error", { role: "alert" });
  const myList = h("div.game-list#my-games", h("p.quiet", "Loading…"));
  const openList = h("div.game-list#open-games", h("p.quiet", "Loading…"));
  const inviteList = h("div.game-list#invitations");
  const invitePanel = h("section.panel.invitations-panel", { hidden: true, "aria-labelledby": "invitations-title" },
    h("h2#invitations-title", "Invitations"), inviteList);

  // True when the error was dealt with here: a lost login, or the network.
  function failed(e) {
    if (e.status === 401) { onAuthError(); return true; }
    if (e.status === 0 || e.code === "network") { netErr.textContent = e.message; return true; }
    return false;
  }

  const people = peoplePanels({ gameRow: (...a) => gameRow(...a), joinButton: (...a) => joinButton(...a), failed, navigate });
  clear(root).append(h("div.lobby",
    netErr,
    quickStart({ navigate, failed }),
    invitePanel,
    h("section.panel", { "aria-labelledby": "my-games-title" }, h("h2#my-games-title", "My games"), myList),
    // Friends' games before everyone else's.
    people.friendsPanel,
    h("section.panel", { "aria-labelledby": "open-games-title" }, h("h2#open-games-title", "Open games"), openList, listErr),
    h("section.panel#create-panel", createForm({ navigate, failed })),
    people.watchPanel));
  // "New game" at the end of a game comes here (#/new): straight to the form.
  if (/^#\/new(\?|$)/.test(location.hash)) {
    const first = root.querySelector("#new-players");
    first?.scrollIntoView({ block: "center" });
    first?.focus({ preventScroll: true });
  }

  function gameRow(g, actions, extra = null) {
    const badge = g.your_turn ? h("span.badge.act", "your turn") : h("span.badge", g.status);
    const deadline = g.your_turn && g.clock ? g.clock.seats.find((s) => s.running)?.deadline : null;
    return h(`div.game-row${g.your_turn ? ".your-turn" : ""}`, { "data-game": g.id },
      h("div.game-info", art("back", 22), " ", h("b", `Game ${g.id}`), " ", badge,
        deadline ? h("span.deadline", ` until ${new Date(deadline * 1000).toLocaleString()}`) : null,
        extra,
        h("div.quiet.seats", `${optionsText(g.options)} · ${seatsText(g)}${entryText(g)}`),
        progressText(g) ? h("div.quiet.progress", progressText(g)) : null),
      h("div.game-actions", actions));
  }

  function joinButton(g, label) {
    return h("button", { type: "button", "aria-label": `${label.toLowerCase()} game ${g.id}`, onclick: async () => {
      listErr.textContent = "";
      try {
        await api.joinGame(g.id);
        netErr.textContent = "";
        navigate(`#/game/${g.id}`);
      } catch (e) {
        if (!failed(e)) listErr.textContent = e.message;
        refresh();
      }
    } }, label);
  }

  // Declining takes the invitation away; a game whose invitations can no longer fill it ends.
  function declineButton(g) {
    return h("button.quiet-button", { type: "button", "aria-label": `decline game ${g.id}`, onclick: async () => {
      listErr.textContent = "";
      try {
        await community.decline(g.id);
      } catch (e) {
        if (!failed(e)) listErr.textContent = e.message;
      }
      refresh();
    } }, "Decline");
  }

  let asked = 0; // the latest refresh: an older answer that comes late is dropped
  async function refresh() {
    const current = ++asked;
    try {
      const [mine, open] = await Promise.all([api.myGames(), api.openGames()]);
      if (current !== asked) return;
      netErr.textContent = "";
      append(clear(myList), mine.length ? mine.map((g) => gameRow(g, [
        h("a.button", { href: `#/game/${g.id}`, "aria-label": `open game ${g.id}` }, g.status === "finished" ? "View" : "Open"),
        g.status === "finished" || g.status === "active"
          ? h("a.button.replay", { href: `#/replay/${g.id}`, "aria-label": `replay game ${g.id}` }, g.status === "finished" ? "Replay" : "Step back")
          : null,
      ])) : h("p.quiet", "No games yet: create one or join an open game."));
      const mineIds = new Set(mine.map((g) => g.id));
      const me = folded(api.session()?.account.name);
      const joinable = open.filter((g) => !mineIds.has(g.id));
      // A private game I may see without sitting at it is one I am invited to.
      const invited = joinable.filter((g) => (g.invited || []).some((n) => folded(n) === me));
      // Each game once: my games and invitations here, friends' games there, then the rest.
      await people.refresh(new Set([...mineIds, ...invited.map((g) => g.id)]));
      if (current !== asked) return;
      const friends = people.friendsOpen();
      const others = joinable.filter((g) => !invited.includes(g) && !friends.has(g.id));
      invitePanel.hidden = invited.length === 0;
      append(clear(inviteList), invited.map((g) => gameRow(g, [joinButton(g, "Join"), declineButton(g)],
        h("div.invite-line", h("b", hostOf(g)), " invites you to play."))));
      append(clear(openList), others.length ? others.map((g) => gameRow(g, [joinButton(g, "Join")]))
        : h("p.quiet", "No open games right now."));
    } catch (e) {
      if (current === asked && !failed(e)) netErr.textContent = e.message;
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
