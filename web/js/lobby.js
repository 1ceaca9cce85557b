// The lobby: log in or sign up; create a game; my games (those waiting for me on top); open
// games to join. The lists are read again when the server says they changed (live.js), and
// once a minute in case that connection is down.
import * as api from "./api.js";
import { h, clear, append } from "./dom.js";

function optionsText(o) {
  const parts = [o.players === 1 ? "solo" : `${o.players} players`, o.ruleset === "original" ? "original rules" : "Yucata rules"];
  if (o.introductory) parts.push("introductory");
  return parts.join(", ");
}

function seatsText(g) {
  return g.seats.map((s) => {
    if (s.gone) return `${s.player} (${s.gone === "timeout" ? "out of time" : "resigned"}, a bot plays)`;
    if (s.away_until) return `${s.player} (away)`;
    return s.bot ? "Bot" : s.player || "free";
  }).join(", ");
}

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
    h("h2", "Welcome to Loyang"),
    h("p.quiet", "Log in, or pick a name and a password to sign up."),
    h("label", { for: "login-name" }, "Name"), name,
    h("label", { for: "login-password" }, "Password (8 characters or more)"), password,
    h("div.buttons",
      h("button.primary", { type: "submit", id: "login-button" }, "Log in"),
      h("button", { type: "button", id: "signup-button", onclick: () => go("signup") }, "Sign up")),
    err);
  clear(root).append(form);
}

export function lobbyPage(root, { navigate, onAuthError, live }) {
  const err = h("p.error", { role: "alert" });
  const myList = h("div.game-list#my-games", h("p.quiet", "Loading…"));
  const openList = h("div.game-list#open-games", h("p.quiet", "Loading…"));
  const players = h("select#new-players", { name: "players" }, [1, 2, 3, 4].map((n) => h("option", { value: n, selected: n === 2 }, n === 1 ? "1 (solo)" : `${n}`)));
  const ruleset = h("select#new-ruleset", { name: "ruleset" }, h("option", { value: "yucata" }, "Yucata"), h("option", { value: "original" }, "Original rulebook"));
  const intro = h("input#new-intro", { type: "checkbox", name: "introductory" });
  const bots = h("input#new-bots", { type: "number", name: "bots", min: 0, max: 3, value: 0 });
  const invite = h("input#new-invite", { name: "invite", placeholder: "names, separated by commas" });
  const watch = h("select#new-watch", { name: "watch" }, h("option", { value: "everyone" }, "Everyone who may see it"), h("option", { value: "players" }, "Only its players"));
  const pace = h("select#new-pace", { name: "pace" },
    h("option", { value: "none" }, "No clock (friendly)"),
    h("option", { value: "3600" }, "1 hour per move"),
    h("option", { value: "86400" }, "1 day per move"),
    h("option", { value: "259200" }, "3 days per move"),
    h("option", { value: "bank" }, "Time bank: 3 days, +1 day a move, up to 7"));
  const onTimeout = h("select#new-timeout", { name: "on_timeout" },
    h("option", { value: "bot" }, "A bot takes the seat"),
    h("option", { value: "vote" }, "The others vote to wait or not"),
    h("option", { value: "end" }, "The game ends (2 players)"));

  const form = h("form.create", {
    onsubmit: async (e) => {
      e.preventDefault();
      err.textContent = "";
      const body = { players: Number(players.value), ruleset: ruleset.value, introductory: intro.checked, bots: Number(bots.value) || 0, watch: watch.value };
      const names = invite.value.split(",").map((s) => s.trim()).filter(Boolean);
      if (names.length) body.invite = names;
      if (pace.value === "bank") body.time_control = { type: "bank", initial: 259200, increment: 86400, cap: 604800, on_timeout: onTimeout.value };
      else if (pace.value !== "none") body.time_control = { type: "per_move", seconds: Number(pace.value), on_timeout: onTimeout.value };
      try {
        const g = await api.createGame(body);
        navigate(`#/game/${g.id}`);
      } catch (e2) {
        if (e2.status === 401) return onAuthError();
        err.textContent = e2.message;
      }
    },
  },
  h("h2", "New game"),
  h("div.form-grid",
    h("label", { for: "new-players" }, "Players"), players,
    h("label", { for: "new-ruleset" }, "Rules"), ruleset,
    h("label", { for: "new-intro" }, "Introductory version"), intro,
    h("label", { for: "new-bots" }, "Bot seats"), bots,
    h("label", { for: "new-invite" }, "Invite only"), invite,
    h("label", { for: "new-watch" }, "Who may watch"), watch,
    h("label", { for: "new-pace" }, "Time limit"), pace,
    h("label", { for: "new-timeout" }, "When time runs out"), onTimeout),
  h("button.primary", { type: "submit", id: "create-game" }, "Create game"), err);

  clear(root).append(h("div.lobby",
    h("section.panel", h("h2", "My games"), myList),
    h("section.panel", h("h2", "Open games"), openList),
    h("section.panel", form)));

  function gameRow(g, actions) {
    const badge = g.your_turn ? h("span.badge.act", "your turn") : h("span.badge", g.status);
    const deadline = g.your_turn && g.clock ? g.clock.seats.find((s) => s.running)?.deadline : null;
    return h(`div.game-row${g.your_turn ? ".your-turn" : ""}`, { "data-game": g.id },
      h("div.game-info", h("b", `Game ${g.id}`), " ", badge,
        deadline ? h("span.deadline", ` until ${new Date(deadline * 1000).toLocaleString()}`) : null,
        h("div.quiet", `${optionsText(g.options)} · ${seatsText(g)}`)),
      h("div.game-actions", actions));
  }

  async function refresh() {
    try {
      const [mine, open] = await Promise.all([api.myGames(), api.openGames()]);
      append(clear(myList), mine.length ? mine.map((g) => gameRow(g, [
        h("a.button", { href: `#/game/${g.id}`, "aria-label": `open game ${g.id}` }, g.status === "finished" ? "View" : "Open"),
        g.status === "finished" || g.status === "active"
          ? h("a.button.replay", { href: `#/replay/${g.id}`, "aria-label": `replay game ${g.id}` }, g.status === "finished" ? "Replay" : "Step back")
          : null,
      ])) : h("p.quiet", "No games yet: create one or join an open game."));
      const mineIds = new Set(mine.map((g) => g.id));
      const joinable = open.filter((g) => !mineIds.has(g.id));
      append(clear(openList), joinable.length ? joinable.map((g) => gameRow(g, [
        h("button", { type: "button", "aria-label": `join game ${g.id}`, onclick: async () => {
          try {
            await api.joinGame(g.id);
            navigate(`#/game/${g.id}`);
          } catch (e) { err.textContent = e.message; refresh(); }
        } }, "Join"),
      ])) : h("p.quiet", "No open games right now."));
    } catch (e) {
      if (e.status === 401) return onAuthError();
      err.textContent = e.message;
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
